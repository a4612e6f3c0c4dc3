//! The rule that a side may not bring back a position of the game
//! (`norpt:`, hnefatafl.org's defenders): the boards the game has reached,
//! by their hashes, and the move that would make one of them again
//! (`docs/rules.md#tafl-hnefataflorg`).

use super::compiled::Class;
use super::movement::MoveError;
use super::position::{Move, Position};
use super::zobrist;
use crate::tafl::Side;

impl Position {
    /// The hash of the pieces alone, the side to move left out.
    pub(crate) fn board_hash(&self) -> u64 {
        if self.turn == Side::Defenders {
            self.hash ^ zobrist::DEFENDERS_TO_MOVE
        } else {
            self.hash
        }
    }

    /// Whether the move of `class` from `from` to `to` would bring back a
    /// board of this game, its side being the one the rule set bars from
    /// it ([`RuleSet::no_repeat`](super::RuleSet::no_repeat)): the board the move makes before its
    /// captures, as hnefatafl.org's engine compares it.
    #[inline(always)]
    pub(crate) fn repeats(&self, from: usize, to: usize, class: Class) -> bool {
        self.rules.set.no_repeat == Some(class.side()) && {
            let key = class as usize;
            let board = self.board_hash() ^ zobrist::key(key, from) ^ zobrist::key(key, to);
            self.boards.contains(&board)
        }
    }

    /// The move, last, against the boards the game has reached, when its
    /// side may not bring one back (hnefatafl.org's engine judges it after
    /// everything else).
    pub(crate) fn check_repeat(
        &self,
        mv: Move,
        from: usize,
        to: usize,
        class: Class,
    ) -> Result<(usize, usize, Class), MoveError> {
        if self.repeats(from, to, class) {
            return Err(MoveError::Repeats {
                from: mv.from,
                to: mv.to,
                side: class.side(),
            });
        }
        Ok((from, to, class))
    }
}
