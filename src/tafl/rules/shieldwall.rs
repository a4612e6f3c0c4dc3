//! Shieldwalls (`sw:`): a row of two or more pieces along the edge, each
//! faced by an enemy on its inner side and the row closed at both ends, is
//! captured at once, the king in it excepted
//! (`docs/rules.md#tafl-reading-shieldwalls`).

use super::bits::Bits;
use super::grid::{Dir, opposite};
use super::position::{Position, si};
use super::ruleset::Shieldwall;
use crate::tafl::Side;

/// The four edges, each as the direction off the board beyond it and the
/// directions along it.
const EDGES: [(Dir, [Dir; 2]); 4] = [(0, [2, 3]), (1, [2, 3]), (2, [0, 1]), (3, [0, 1])];

impl Position {
    /// The pieces of the shieldwalls the move of a piece of `side` to `to`
    /// closes: as one of a row's ends, or also, when the rule set does not
    /// require a flank (`swf:n`), as one of the pieces facing it.
    #[inline(always)]
    pub(crate) fn shieldwalls(&self, to: usize, side: Side) -> Bits {
        if self.rules.set.shieldwall == Shieldwall::None {
            return Bits::EMPTY;
        }
        let grid = &self.rules.grid;
        let mut captured = Bits::EMPTY;
        for (out, along) in EDGES {
            let on_edge = |i: usize| grid.step(i, out).is_none();
            if on_edge(to) {
                for dir in along {
                    if let Some(next) = grid.step(to, dir) {
                        captured |= self.wall(next, to, side, out, along);
                    }
                }
            } else if !self.rules.set.shieldwall_flank
                && let Some(next) = grid.step(to, out).filter(|&i| on_edge(i))
            {
                captured |= self.wall(next, to, side, out, along);
            }
        }
        captured
    }

    /// The pieces captured in the row of enemies through `start`, on the
    /// edge beyond which lies `out`, if the row is closed.
    fn wall(&self, start: usize, to: usize, side: Side, out: Dir, along: [Dir; 2]) -> Bits {
        let grid = &self.rules.grid;
        let enemies = self.board.side[si(side.opponent())];
        if !enemies.has(start) {
            return Bits::EMPTY;
        }
        let mut row = Bits::one(start);
        for dir in along {
            let mut at = start;
            while let Some(next) = grid.step(at, dir).filter(|&i| enemies.has(i)) {
                row.insert(next);
                at = next;
            }
            // The end beyond the row: a piece closing it, or under `sw:s` a
            // corner.
            let end = grid.step(at, dir);
            let corner = |i: usize| {
                self.rules.set.shieldwall == Shieldwall::Strong && self.rules.kinds[0].has(i)
            };
            if !end.is_some_and(|i| self.closes_wall(i, to, side) || corner(i)) {
                return Bits::EMPTY;
            }
        }
        let faced = row.iter().all(|i| {
            grid.step(i, opposite(out))
                .is_some_and(|f| self.closes_wall(f, to, side))
        });
        if row.count() < 2 || !faced {
            return Bits::EMPTY;
        }
        match self.board.king {
            Some(king) => row & !Bits::one(king),
            None => row,
        }
    }

    /// Whether a piece of `side` on `square` closes a shieldwall: the piece
    /// that moved, or one that may be the anvil of a capture.
    fn closes_wall(&self, square: usize, to: usize, side: Side) -> bool {
        square == to
            || self.board.side[si(side)].has(square)
                && (self.board.king != Some(square) || self.rules.king_anvil)
    }
}
