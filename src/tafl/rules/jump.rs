//! Jumps (`kj:`, `nj:`, `cj:`, `mj:`): a piece that may jump moves over
//! an enemy next to it on its row or column to the empty square beyond, as
//! OpenTafl's engine plays them (`docs/rules.md#tafl-berserk`). No piece
//! jumps a king, a knight or a commander; a jump goes as far as it goes
//! whatever the speed limit.

use super::compiled::Class;
use super::grid::Dir;
use super::movement::{JumpRefusal, MoveError};
use super::position::{Move, Position, si};
use super::ruleset::Jump;

impl Position {
    /// Whether `mv` is a legal jump now.
    pub fn is_jump(&self, mv: Move) -> bool {
        self.check(mv)
            .is_ok_and(|(from, to, class)| self.jump_over(from, to, class).is_some())
    }

    /// Whether the game has what OpenTafl's berserk variants add:
    /// commanders or knights, a king who jumps, berserk moves. Only then
    /// may a move be a jump or a berserk move, written other than `-`.
    #[inline]
    pub fn jumps_or_berserk(&self) -> bool {
        self.rules.extended
    }

    /// The square the move of the piece of `class` on `from`, `distance`
    /// squares in `dir`, jumps over: a move of two squares whose first
    /// square holds a piece, by a piece that jumps.
    #[inline]
    pub(crate) fn jumped(
        &self,
        from: usize,
        dir: Dir,
        distance: usize,
        class: Class,
    ) -> Option<usize> {
        if distance != 2 || self.rules.jump[class as usize] == Jump::No {
            return None;
        }
        let over = self.rules.grid.step(from, dir)?;
        self.board.occupied().has(over).then_some(over)
    }

    /// Checks the jump of the piece of `class` on `from` over the piece on
    /// `over` to `to`: an enemy, neither the king nor a knight nor a
    /// commander; under `r`, a special square at one end; an end square it
    /// may stop on, as a move's.
    pub(crate) fn check_jump(
        &self,
        from: usize,
        over: usize,
        to: usize,
        class: Class,
    ) -> Result<(), MoveError> {
        let rules = &*self.rules;
        let refuse = |why| {
            Err(MoveError::MayNotJump {
                from: rules.grid.square(from),
                over: rules.grid.square(over),
                to: rules.grid.square(to),
                side: class.side(),
                piece: class.piece(),
                why,
            })
        };
        if !self.board.side[si(class.side().opponent())].has(over) {
            return refuse(JumpRefusal::OwnSide);
        }
        if self.board.king == Some(over) || self.board.is_officer(over) {
            return refuse(JumpRefusal::Officer);
        }
        let restricted = rules.jump[class as usize] == Jump::Restricted;
        if restricted && !rules.special.has(from) && !rules.special.has(to) {
            return refuse(JumpRefusal::NotSpecial);
        }
        self.check_end(from, to, class)
    }
}
