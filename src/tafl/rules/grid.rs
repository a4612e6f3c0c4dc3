//! The board's geometry: its side, its squares as indices, each square's
//! neighbours, and the sets the rules read (the whole board, its edge).

use super::bits::Bits;
use crate::tafl::Square;

/// A direction on the board. A direction's opposite is its index with the
/// lowest bit flipped.
pub(crate) type Dir = usize;

/// Up (towards higher ranks), down, right (towards higher files), left.
pub(crate) const DIRS: [Dir; 4] = [0, 1, 2, 3];

/// The opposite direction.
pub(crate) const fn opposite(dir: Dir) -> Dir {
    dir ^ 1
}

/// No neighbour: past the board's edge.
const NONE: u16 = u16::MAX;

/// The board of one side length.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    /// The side, in squares.
    dim: u8,
    /// Every square.
    all: Bits,
    /// The squares on the board's edge.
    edge: Bits,
    /// The board's four corners.
    corners: Bits,
    /// The squares off the first file, where a step right may land.
    not_first_file: Bits,
    /// The squares off the last file, where a step left may land.
    not_last_file: Bits,
    /// Each square's neighbour in each direction, or `NONE`.
    neighbours: Vec<[u16; 4]>,
}

impl Grid {
    /// The board of side `dim` (3 to 19).
    pub(crate) fn new(dim: u8) -> Grid {
        let d = usize::from(dim);
        let all = Bits::below(d * d);
        let (mut edge, mut first, mut last) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
        let mut corners = Bits::EMPTY;
        let mut neighbours = Vec::with_capacity(d * d);
        for i in 0..d * d {
            let (file, rank) = (i % d, i / d);
            if file == 0 || rank == 0 || file == d - 1 || rank == d - 1 {
                edge.insert(i);
            }
            if (file == 0 || file == d - 1) && (rank == 0 || rank == d - 1) {
                corners.insert(i);
            }
            if file == 0 {
                first.insert(i);
            }
            if file == d - 1 {
                last.insert(i);
            }
            let at = |ok: bool, j: usize| if ok { j as u16 } else { NONE };
            neighbours.push([
                at(rank + 1 < d, i + d),
                at(rank > 0, i.wrapping_sub(d)),
                at(file + 1 < d, i + 1),
                at(file > 0, i.wrapping_sub(1)),
            ]);
        }
        Grid {
            dim,
            all,
            edge,
            corners,
            not_first_file: all & !first,
            not_last_file: all & !last,
            neighbours,
        }
    }

    /// Every square.
    pub(crate) fn all(&self) -> Bits {
        self.all
    }

    /// The squares on the edge.
    pub(crate) fn edge(&self) -> Bits {
        self.edge
    }

    /// The board's four corners, whatever squares the rules call corners.
    pub(crate) fn corners(&self) -> Bits {
        self.corners
    }

    /// The index of `square`, if it is on this board.
    pub(crate) fn index(&self, square: Square) -> Option<usize> {
        (square.file() < self.dim && square.rank() < self.dim).then(|| {
            usize::from(square.rank()) * usize::from(self.dim) + usize::from(square.file())
        })
    }

    /// The square of an index of this board.
    pub(crate) fn square(&self, index: usize) -> Square {
        let d = usize::from(self.dim);
        Square::new((index % d) as u8, (index / d) as u8).expect("an index of the board")
    }

    /// The neighbour of `index` in `dir`, if on the board.
    #[inline]
    pub(crate) fn step(&self, index: usize, dir: Dir) -> Option<usize> {
        let n = self.neighbours[index][dir];
        (n != NONE).then_some(usize::from(n))
    }

    /// The squares next to some square of `bits` (those of `bits` included
    /// when they neighbour one another).
    pub(crate) fn spread(&self, bits: Bits) -> Bits {
        let d = u32::from(self.dim);
        (bits.shl(d)
            | bits.shr(d)
            | (bits.shl(1) & self.not_first_file)
            | (bits.shr(1) & self.not_last_file))
            & self.all
    }

    /// The squares reached from `seed` by steps through `through`: `seed`
    /// and every square of `through` joined to it.
    pub(crate) fn flood(&self, seed: Bits, through: Bits) -> Bits {
        let mut reached = seed;
        loop {
            let next = reached | (self.spread(reached) & through);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The direction from `from` to `to` and the distance, if they share a
    /// row or a column and differ.
    pub(crate) fn line(&self, from: usize, to: usize) -> Option<(Dir, usize)> {
        let d = usize::from(self.dim);
        let (ff, fr, tf, tr) = (from % d, from / d, to % d, to / d);
        match (ff == tf, fr == tr) {
            (true, false) if tr > fr => Some((0, tr - fr)),
            (true, false) => Some((1, fr - tr)),
            (false, true) if tf > ff => Some((2, tf - ff)),
            (false, true) => Some((3, ff - tf)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn neighbours_stop_at_the_edge() {
        let grid = Grid::new(7);
        let a1 = grid.index(sq("a1")).unwrap();
        assert_eq!(grid.step(a1, 0), grid.index(sq("a2")));
        assert_eq!(grid.step(a1, 1), None);
        assert_eq!(grid.step(a1, 2), grid.index(sq("b1")));
        assert_eq!(grid.step(a1, 3), None);
        assert_eq!(grid.index(sq("h1")), None);
        assert_eq!(grid.square(grid.index(sq("g7")).unwrap()), sq("g7"));
        assert_eq!(grid.edge().count(), 24);
        let corners: Vec<Square> = grid.corners().iter().map(|i| grid.square(i)).collect();
        assert_eq!(corners, [sq("a1"), sq("g1"), sq("a7"), sq("g7")]);
    }

    #[test]
    fn spreading_does_not_wrap_around_rows() {
        let grid = Grid::new(7);
        let g1 = Bits::one(grid.index(sq("g1")).unwrap());
        let spread: Vec<Square> = grid.spread(g1).iter().map(|i| grid.square(i)).collect();
        assert_eq!(spread, [sq("f1"), sq("g2")]);
        let a2 = Bits::one(grid.index(sq("a2")).unwrap());
        assert_eq!(grid.spread(a2).count(), 3);
    }

    #[test]
    fn lines_are_rows_and_columns() {
        let grid = Grid::new(11);
        let i = |s| grid.index(sq(s)).unwrap();
        assert_eq!(grid.line(i("d1"), i("d4")), Some((0, 3)));
        assert_eq!(grid.line(i("d4"), i("a4")), Some((3, 3)));
        assert_eq!(grid.line(i("d4"), i("e5")), None);
        assert_eq!(grid.line(i("d4"), i("d4")), None);
    }
}
