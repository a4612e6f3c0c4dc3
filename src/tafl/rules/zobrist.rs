//! The keys that sum a position into 64 bits, to find a repeated position
//! without keeping the boards: one random key per kind of piece and
//! square, one for the defenders to move; a position's hash is the
//! exclusive or of the keys of what it holds, updated key by key as pieces
//! move.

use super::compiled::CLASSES;

/// The kinds of piece a hash tells apart: each class of piece the engine
/// moves (an attackers' taflman, a defenders' taflman, the king, each
/// side's commanders and knights), then [`FIXED`].
pub(crate) const KINDS: usize = CLASSES + 1;

/// The kind of a piece the engine does not move: it never leaves its
/// square, so the square tells its kind and side.
pub(crate) const FIXED: usize = CLASSES;

/// The key of a piece of kind `kind` on square `index`.
pub(crate) fn key(kind: usize, index: usize) -> u64 {
    KEYS[kind][index]
}

/// The key of the defenders to move.
pub(crate) const DEFENDERS_TO_MOVE: u64 = splitmix(u64::MAX).1;

const SQUARES: usize = 19 * 19;

static KEYS: [[u64; SQUARES]; KINDS] = {
    let mut keys = [[0; SQUARES]; KINDS];
    let mut state = 0x7af1_5eed_0000_0001;
    let mut kind = 0;
    while kind < KINDS {
        let mut square = 0;
        while square < SQUARES {
            let (next, value) = splitmix(state);
            state = next;
            keys[kind][square] = value;
            square += 1;
        }
        kind += 1;
    }
    keys
};

/// One step of SplitMix64: the next state and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (next, z ^ (z >> 31))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ() {
        let mut all: Vec<u64> = (0..KINDS)
            .flat_map(|k| (0..SQUARES).map(move |s| key(k, s)))
            .collect();
        all.push(DEFENDERS_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
