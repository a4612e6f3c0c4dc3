//! Captures: a piece between the piece that moved and an enemy or a
//! hostile square (`docs/rules.md#tafl-captures`), and the king, captured
//! as the rule set's strength says, alone or with the guards joined to him
//! (`docs/rules.md#tafl-the-kings-capture`).

use super::bits::Bits;
use super::compiled::Class;
use super::grid::{DIRS, opposite};
use super::position::{Position, si};
use super::ruleset::KingStrength;
use crate::tafl::Side;

impl Position {
    /// The pieces other than the king that the move of a piece of `class`
    /// to `to` captures, all at once: those it sandwiches, and the
    /// shieldwalls it closes. Only the piece that moved captures; a piece
    /// that moved between two enemies is not taken, as it is not the
    /// mover's enemy (`docs/rules.md#tafl-captures`).
    pub(crate) fn captures(&self, to: usize, class: Class) -> Bits {
        if class == Class::King && !self.rules.king_hammer {
            return Bits::EMPTY;
        }
        let side = class.side();
        self.sandwiched(to, side) | self.shieldwalls(to, side) | self.linnaean(to, side)
    }

    /// The defender an attacker's move to `to` captures against the throne
    /// by the Linnaean rule (`linc:y`): the king on the throne (the middle
    /// square), the defender beside him with `to` on its far side, and the
    /// king's three other sides held by attackers.
    #[inline(always)]
    pub(crate) fn linnaean(&self, to: usize, side: Side) -> Bits {
        let mut captured = Bits::EMPTY;
        if !self.rules.set.linnaean || side != Side::Attackers {
            return captured;
        }
        let grid = &self.rules.grid;
        let dim = usize::from(self.rules.set.dim);
        let throne = dim / 2 * dim + dim / 2;
        if self.board.king != Some(throne) {
            return captured;
        }
        let attackers = &self.board.side[si(Side::Attackers)];
        let defenders = &self.board.side[si(Side::Defenders)];
        for dir in DIRS {
            let Some(victim) = grid.step(to, dir) else {
                continue;
            };
            if grid.step(victim, dir) != Some(throne) || !defenders.has(victim) {
                continue;
            }
            let held = DIRS
                .iter()
                .filter_map(|&d| grid.step(throne, d))
                .filter(|&beside| beside != victim)
                .all(|beside| attackers.has(beside));
            if held {
                captured.insert(victim);
            }
        }
        captured
    }

    /// The enemies next to `to`, the king aside, each with a square
    /// closing it on the far side.
    #[inline(always)]
    pub(crate) fn sandwiched(&self, to: usize, side: Side) -> Bits {
        let grid = &self.rules.grid;
        let enemy = side.opponent();
        let mut captured = Bits::EMPTY;
        for dir in DIRS {
            let Some(victim) = grid.step(to, dir) else {
                continue;
            };
            if !self.board.side[si(enemy)].has(victim) || self.board.king == Some(victim) {
                continue;
            }
            // The edge closes nothing.
            let Some(beyond) = grid.step(victim, dir) else {
                continue;
            };
            if self.closes(beyond, side, Class::taflman(enemy)) {
                captured.insert(victim);
            }
        }
        captured
    }

    /// Whether `square` closes, for `side`, a capture of a piece captured
    /// as `victim`: a piece of `side` that may be the anvil (the king only
    /// if armed so), or a square hostile to the victim, the centre's
    /// hostility depending on whether it is occupied.
    pub(crate) fn closes(&self, square: usize, side: Side, victim: Class) -> bool {
        let board = &self.board;
        if board.side[si(side)].has(square) && (board.king != Some(square) || self.rules.king_anvil)
        {
            return true;
        }
        let hostile = if board.occupied().has(square) {
            self.rules.hostile_full[victim as usize]
        } else {
            self.rules.hostile_empty[victim as usize]
        };
        hostile.has(square)
    }

    /// Whether a side of the king is closed by `square`: an attacker on it,
    /// or a square hostile to the king.
    fn closes_king(&self, square: usize) -> bool {
        self.closes(square, Side::Attackers, Class::King)
    }

    /// Whether the attackers' move to `to` captured the king
    /// (`docs/rules.md#tafl-the-kings-capture`). The guards the move
    /// captured must be off the board already.
    #[inline(always)]
    pub(crate) fn king_taken(&self, to: usize) -> bool {
        let Some(king) = self.board.king else {
            return false;
        };
        let strength = self.rules.set.king_strength;
        let weak = match strength {
            KingStrength::Weak => true,
            KingStrength::CentreStrong => !self.rules.near_centre.has(king),
            KingStrength::ThroneStrong => !self.rules.centre.has(king),
            KingStrength::Strong | KingStrength::Middleweight => false,
        };
        let edge_closes = strength == KingStrength::Middleweight;
        let alone = if weak {
            self.king_sandwiched(king, to)
        } else {
            self.surrounded(Bits::one(king), to, edge_closes)
        };
        alone
            || self.rules.set.king_with_guards
                && self.surrounded(self.king_group(king), to, edge_closes)
    }

    /// A weak king: the attacker that moved on one side, the opposite side
    /// closed.
    fn king_sandwiched(&self, king: usize, to: usize) -> bool {
        let grid = &self.rules.grid;
        DIRS.into_iter()
            .find(|&dir| grid.step(king, dir) == Some(to))
            .and_then(|dir| grid.step(king, opposite(dir)))
            .is_some_and(|beyond| self.closes_king(beyond))
    }

    /// The king and every guard joined to him by steps through guards.
    pub(crate) fn king_group(&self, king: usize) -> Bits {
        let guards = self.board.side[si(Side::Defenders)];
        self.rules.grid.flood(Bits::one(king), guards)
    }

    /// Whether every square next to `group` and outside it closes a side,
    /// the attacker that moved to `to` among them, and the edge closing the
    /// sides off the board if `edge_closes`.
    fn surrounded(&self, group: Bits, to: usize, edge_closes: bool) -> bool {
        let grid = &self.rules.grid;
        let around = grid.spread(group) & !group;
        if !around.has(to) || !edge_closes && !(group & grid.edge()).is_empty() {
            return false;
        }
        around.iter().all(|square| self.closes_king(square))
    }
}
