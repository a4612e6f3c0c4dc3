//! Sets of kinds of piece of a side, as OpenTafl's piece-type lists name
//! them (`tcnkmTCNKM`): which pieces a square is hostile to, lets pass, lets
//! stop, lets in.

use std::fmt;

use crate::tafl::{Piece, Side};

/// A set of kinds of piece, each of one side: `t` (an attackers' taflman),
/// `K` (the defenders' king). Printed as its letters in OpenTafl's
/// preferred order, `tcnkmgTCNKMG`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PieceSet(u16);

/// The bit of a piece of a side.
const fn bit(side: Side, piece: Piece) -> u16 {
    let kind = match piece {
        Piece::Taflman => 0,
        Piece::Commander => 1,
        Piece::Knight => 2,
        Piece::King => 3,
        Piece::Mercenary => 4,
        Piece::Guard => 5,
    };
    let side = match side {
        Side::Attackers => 0,
        Side::Defenders => 6,
    };
    1 << (kind + side)
}

/// The kinds OpenTafl's "all pieces" means: every kind but the guard.
const ALL_KINDS: [Piece; 5] = [
    Piece::Taflman,
    Piece::Commander,
    Piece::Knight,
    Piece::King,
    Piece::Mercenary,
];

impl PieceSet {
    /// No piece.
    pub const NONE: PieceSet = PieceSet(0);

    /// `tcnkm`: every piece of the attackers but the guard.
    pub const ATTACKERS: PieceSet = PieceSet::side(Side::Attackers);

    /// `TCNKM`: every piece of the defenders but the guard.
    pub const DEFENDERS: PieceSet = PieceSet::side(Side::Defenders);

    /// `tcnkmTCNKM`: every piece but the guards, OpenTafl's "all pieces".
    pub const ALL: PieceSet = PieceSet(PieceSet::ATTACKERS.0 | PieceSet::DEFENDERS.0);

    /// `K`: the defenders' king.
    pub const KING: PieceSet = PieceSet(bit(Side::Defenders, Piece::King));

    const fn side(side: Side) -> PieceSet {
        let mut bits = 0;
        let mut n = 0;
        while n < ALL_KINDS.len() {
            bits |= bit(side, ALL_KINDS[n]);
            n += 1;
        }
        PieceSet(bits)
    }

    /// The set with `piece` of `side` added.
    #[must_use]
    pub const fn with(self, side: Side, piece: Piece) -> PieceSet {
        PieceSet(self.0 | bit(side, piece))
    }

    /// The set with `piece` of `side` taken out.
    #[must_use]
    pub const fn without(self, side: Side, piece: Piece) -> PieceSet {
        PieceSet(self.0 & !bit(side, piece))
    }

    /// Whether `piece` of `side` is in the set.
    pub const fn contains(self, side: Side, piece: Piece) -> bool {
        self.0 & bit(side, piece) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces of the set, in OpenTafl's preferred order.
    pub fn iter(self) -> impl Iterator<Item = (Side, Piece)> {
        Side::ALL
            .into_iter()
            .flat_map(|side| Piece::ALL.into_iter().map(move |piece| (side, piece)))
            .filter(move |&(side, piece)| self.contains(side, piece))
    }

    /// Reads a piece-type list: letters of `tcnkmg` (attackers) and
    /// `TCNKMG` (defenders), in any order, repeats allowed. On error, the
    /// byte offset of the first letter that names no piece.
    pub fn from_letters(text: &str) -> Result<PieceSet, usize> {
        let mut set = PieceSet::NONE;
        for (at, letter) in text.char_indices() {
            let (side, piece) = Piece::from_letter(letter).ok_or(at)?;
            set = set.with(side, piece);
        }
        Ok(set)
    }
}

impl fmt::Display for PieceSet {
    /// The letters, in OpenTafl's preferred order: `tT`, `K`, nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (side, piece) in self.iter() {
            fmt::Write::write_char(f, piece.letter_of(side))?;
        }
        Ok(())
    }
}

impl fmt::Debug for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PieceSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_and_print_in_the_preferred_order() {
        let set = PieceSet::from_letters("KTt").unwrap();
        assert_eq!(set.to_string(), "tTK");
        assert_eq!(PieceSet::ALL.to_string(), "tcnkmTCNKM");
        assert_eq!(PieceSet::ATTACKERS.to_string(), "tcnkm");
        assert_eq!(PieceSet::KING.to_string(), "K");
        assert_eq!(PieceSet::from_letters(""), Ok(PieceSet::NONE));
        assert_eq!(PieceSet::from_letters("tTx"), Err(2));
        assert_eq!(PieceSet::from_letters("tTgG").unwrap().to_string(), "tgTG");
        assert!(set.contains(Side::Defenders, Piece::King));
        assert!(
            !set.without(Side::Defenders, Piece::King)
                .contains(Side::Defenders, Piece::King)
        );
    }
}
