//! The captures of a move that no piece makes by closing an enemy in
//! between two: those of a shieldwall (`sw:`) and of the Linnaean rule
//! (`linc:y`), told apart after the move from the others. OpenTafl's writer
//! leaves them out of the records it saves
//! (`docs/rules.md#tafl-reading-the-captures-opentafls-writer-leaves-out`).

use std::sync::Arc;

use super::bits::Bits;
use super::position::{Position, si};
use super::square_set::SquareSet;
use crate::tafl::Square;

/// Of the pieces one move captured, those taken only by a shieldwall or
/// only by the Linnaean rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpecialCaptures {
    /// In a shieldwall the move closed.
    pub(crate) shieldwall: SquareSet,
    /// Against the throne, by the Linnaean rule.
    pub(crate) linnaean: SquareSet,
}

impl Position {
    /// Of `captured`, the pieces the move just played to `to` captured,
    /// those it took only in a shieldwall or by the Linnaean rule, and not
    /// also between itself and a square that closes them in. Judged on the
    /// board as it was before the captures were taken off.
    pub(crate) fn special_captures(&self, to: Square, captured: SquareSet) -> SpecialCaptures {
        let grid = &self.rules.grid;
        let dim = self.rules.set.dim;
        let mover = grid
            .index(to)
            .and_then(|i| self.board.class_at(i).map(|class| (i, class.side())));
        let Some((to, side)) = mover else {
            let none = SquareSet::new(Bits::EMPTY, dim);
            return SpecialCaptures {
                shieldwall: none,
                linnaean: none,
            };
        };
        let taken = captured
            .iter()
            .filter_map(|square| grid.index(square))
            .fold(Bits::EMPTY, |set, i| set | Bits::one(i));
        let mut before = Position {
            rules: Arc::clone(&self.rules),
            board: self.board,
            turn: self.turn,
            outcome: None,
            hash: self.hash,
            history: Vec::new(),
            boards: Vec::new(),
            plies: 0,
            berserker: None,
            unmoved: Bits::EMPTY,
        };
        before.board.side[si(side.opponent())] |= taken;
        let only = taken & !before.sandwiched(to, side);
        SpecialCaptures {
            shieldwall: SquareSet::new(before.shieldwalls(to, side) & only, dim),
            linnaean: SquareSet::new(before.linnaean(to, side) & only, dim),
        }
    }
}
