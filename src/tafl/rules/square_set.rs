//! A set of squares of one board, as the engine answers with it: the
//! pieces a move captured, the squares a piece may reach.

use std::fmt;

use super::bits::Bits;
use crate::tafl::Square;

/// A set of squares of a board, iterated in board order: by rank from 1,
/// then by file from `a`. `Copy`, and allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareSet {
    bits: Bits,
    dim: u8,
}

impl SquareSet {
    pub(crate) fn new(bits: Bits, dim: u8) -> SquareSet {
        SquareSet { bits, dim }
    }

    /// Whether the set holds `square`.
    pub fn contains(&self, square: Square) -> bool {
        square.file() < self.dim
            && square.rank() < self.dim
            && self.bits.has(
                usize::from(square.rank()) * usize::from(self.dim) + usize::from(square.file()),
            )
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.bits.count()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// The squares, in board order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + use<> {
        let d = usize::from(self.dim);
        self.bits
            .iter()
            .filter_map(move |i| Square::new((i % d) as u8, (i / d) as u8))
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}
