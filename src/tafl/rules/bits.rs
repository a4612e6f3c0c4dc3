//! Sets of squares as bits: one bit per square of a board of up to 19 × 19,
//! the square on file `f` and rank `r` of a board of side `d` at bit
//! `r × d + f`. Small and `Copy`; every operation is a few word operations,
//! so that playing a move allocates nothing.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// The words of a set: 6 × 64 = 384 bits, enough for 19 × 19 = 361.
const WORDS: usize = 6;

/// A set of square indices below 384.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits([u64; WORDS]);

impl Bits {
    /// The empty set.
    pub(crate) const EMPTY: Bits = Bits([0; WORDS]);

    /// The set of the indices below `n`.
    pub(crate) fn below(n: usize) -> Bits {
        let mut bits = Bits::EMPTY;
        for (w, word) in bits.0.iter_mut().enumerate() {
            let low = w * 64;
            if n >= low + 64 {
                *word = u64::MAX;
            } else if n > low {
                *word = (1u64 << (n - low)) - 1;
            }
        }
        bits
    }

    /// The set holding `index` alone.
    pub(crate) fn one(index: usize) -> Bits {
        let mut bits = Bits::EMPTY;
        bits.insert(index);
        bits
    }

    /// Whether `index` is in the set.
    #[inline]
    pub(crate) fn has(self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    /// Adds `index`.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// Removes `index`.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    /// Whether the set is empty.
    pub(crate) fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of indices in the set.
    pub(crate) fn count(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The smallest index in the set.
    pub(crate) fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(n, w)| n * 64 + w.trailing_zeros() as usize)
    }

    /// The `len` indices from `start` (`len` at most 64) as the bits of a
    /// word, `start` the lowest: a rank of a board.
    #[inline]
    pub(crate) fn row(self, start: usize, len: usize) -> u64 {
        let (word, shift) = (start / 64, start % 64);
        let mut row = self.0.get(word).map_or(0, |&w| w >> shift);
        if shift > 0 && shift + len > 64 {
            row |= self.0.get(word + 1).map_or(0, |&w| w << (64 - shift));
        }
        match len {
            64.. => row,
            _ => row & ((1 << len) - 1),
        }
    }

    /// The indices, smallest first.
    pub(crate) fn iter(self) -> BitsIter {
        BitsIter { bits: self }
    }

    /// Every index moved up by `n` (below 64); what passes 384 is lost.
    pub(crate) fn shl(self, n: u32) -> Bits {
        debug_assert!(n > 0 && n < 64);
        let mut out = Bits::EMPTY;
        for w in 0..WORDS {
            out.0[w] = self.0[w] << n;
            if w > 0 {
                out.0[w] |= self.0[w - 1] >> (64 - n);
            }
        }
        out
    }

    /// Every index moved down by `n` (below 64); what passes 0 is lost.
    pub(crate) fn shr(self, n: u32) -> Bits {
        debug_assert!(n > 0 && n < 64);
        let mut out = Bits::EMPTY;
        for w in 0..WORDS {
            out.0[w] = self.0[w] >> n;
            if w + 1 < WORDS {
                out.0[w] |= self.0[w + 1] << (64 - n);
            }
        }
        out
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    fn bitand(mut self, other: Bits) -> Bits {
        self &= other;
        self
    }
}

impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, other: Bits) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
    }
}

impl BitOr for Bits {
    type Output = Bits;
    fn bitor(mut self, other: Bits) -> Bits {
        self |= other;
        self
    }
}

impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, other: Bits) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

impl BitXor for Bits {
    type Output = Bits;
    fn bitxor(mut self, other: Bits) -> Bits {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a ^= b;
        }
        self
    }
}

impl Not for Bits {
    type Output = Bits;
    /// Every index below 384 not in the set: intersect it with a board.
    fn not(mut self) -> Bits {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

impl std::fmt::Debug for Bits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The indices of a set, smallest first.
pub(crate) struct BitsIter {
    bits: Bits,
}

impl Iterator for BitsIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let index = self.bits.first()?;
        self.bits.remove(index);
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_what_is_put_in_them() {
        let mut bits = Bits::EMPTY;
        for i in [0, 63, 64, 200, 360] {
            bits.insert(i);
        }
        assert_eq!(bits.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 360]);
        assert_eq!(bits.count(), 5);
        bits.remove(63);
        assert!(!bits.has(63) && bits.has(64));
        assert_eq!(Bits::below(70).count(), 70);
        assert_eq!(Bits::below(361).count(), 361);
        assert!(Bits::below(0).is_empty());
        // A row within a word, across two, and at the end.
        assert_eq!(bits.row(0, 19), 1);
        assert_eq!(bits.row(60, 8), 0b1_0000);
        assert_eq!(bits.row(190, 19), 1 << 10);
        assert_eq!(bits.row(342, 19), 1 << 18);
        assert_eq!(Bits::below(361).row(342, 19), (1 << 19) - 1);
    }

    #[test]
    fn shifts_cross_words() {
        let bits = Bits::one(60) | Bits::one(130);
        assert_eq!(bits.shl(11).iter().collect::<Vec<_>>(), [71, 141]);
        assert_eq!(bits.shr(19).iter().collect::<Vec<_>>(), [41, 111]);
        assert!(Bits::one(5).shr(6).is_empty());
    }
}
