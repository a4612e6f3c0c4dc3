//! Moves the rules refuse, played all the same: how a replay goes on after
//! a record's illegal move with the position the player meant
//! (`docs/rules.md#tafl-replaying-a-record`).

use super::bits::Bits;
use super::position::{Move, Played, Position};
use super::square_set::SquareSet;

impl Position {
    /// Plays `mv` though the rules refuse it, when the side to move has a
    /// piece the engine moves on its start square and its end square is an
    /// empty square of the board: the piece goes there whatever lies on
    /// the way or the end square is, and captures and ends the game as a
    /// legal move would. `None`, the position untouched, when it cannot be:
    /// the game is over, a square is off the board or the same, the start
    /// square holds no piece of the side to move, the end square is taken.
    pub fn force(&mut self, mv: Move) -> Option<Played> {
        if self.outcome.is_some() {
            return None;
        }
        let from = self.rules.grid.index(mv.from)?;
        let to = self.rules.grid.index(mv.to)?;
        let class = self.board.class_at(from)?;
        if from == to || class.side() != self.turn || self.board.occupied().has(to) {
            return None;
        }
        Some(self.apply(from, to, class))
    }

    /// Gives the turn to the other side with no move, as a replay does
    /// with a move it can neither play nor force. Nothing else changes;
    /// `false`, the position untouched, when the game is over.
    pub fn pass(&mut self) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        self.pass_turn();
        true
    }
}

impl Position {
    /// No square of this position's board, as a move that captured nothing
    /// answers.
    pub fn no_squares(&self) -> SquareSet {
        SquareSet::new(Bits::default(), self.rules.set.dim)
    }
}
