//! The moves of a game with what OpenTafl's berserk variants add
//! (commanders and knights, jumps, berserk moves), played as OpenTafl's
//! engine plays them (`docs/rules.md#tafl-berserk`):
//!
//! - a move captures only if, judged before it is made, it would capture
//!   something (OpenTafl's "capturing move"); then what it captures is
//!   judged after it is made. The two differ for a jump (the piece jumped
//!   over lies between the piece's two squares) and for a commander or a
//!   knight next to the king (it counts once before the move, twice after);
//! - a capturing jump (`c`) takes the piece jumped over;
//! - when the attackers start with a commander or a knight, the king is
//!   captured only between two of the squares that count: a commander or a
//!   knight, the piece that moves if it is one, a hostile corner;
//! - a piece that captured moves again, in a berserk turn (`ber:`).
//!
//! Rule sets without them never come here: [`Compiled::extended`].
//!
//! [`Compiled::extended`]: super::compiled::Compiled

use super::bits::Bits;
use super::compiled::Class;
use super::grid::{DIRS, opposite};
use super::position::{Position, si};
use super::ruleset::{Berserk, Jump, KingStrength};
use crate::tafl::Side;

/// What a move of an extended rule set did on the board.
pub(crate) struct Moved {
    /// The pieces it captured, taken off the board; never the king.
    pub(crate) captured: Bits,
    /// Whether it captured the king.
    pub(crate) king: bool,
    /// Whether it was a jump.
    pub(crate) jump: bool,
}

impl Position {
    /// Plays the move of the piece of `class` from `from` to `to` under an
    /// extended rule set: moves it, takes off what it captures.
    pub(crate) fn extended_move(&mut self, from: usize, to: usize, class: Class) -> Moved {
        let over = self.jump_over(from, to, class);
        let unmoved = self.unmoved.has(from);
        self.shift(from, to, class);
        self.unmoved.remove(from);
        let side = class.side();
        let capturing_jump = over.filter(|_| self.rules.jump[class as usize] == Jump::Capturing);
        let opens = self.opens(from, to, class, over, unmoved);
        let mut captured = Bits::EMPTY;
        if opens && self.hammer(class) {
            captured |= self.sandwiched(to, side);
        }
        if let Some(over) = capturing_jump {
            captured.insert(over);
        }
        if self.hammer(class) {
            captured |= self.shieldwalls(to, side) | self.linnaean(to, side);
        }
        self.remove(captured);
        self.unmoved &= !captured;
        let king = opens && self.king_falls(to, class, true);
        Moved {
            captured,
            king,
            jump: over.is_some(),
        }
    }

    /// The square the move of the piece of `class` from `from` to `to`
    /// jumps over, if it is a jump.
    pub(crate) fn jump_over(&self, from: usize, to: usize, class: Class) -> Option<usize> {
        let (dir, distance) = self.rules.grid.line(from, to)?;
        self.jumped(from, dir, distance, class)
    }

    /// Whether the piece of `class` takes part in captures by its move: any
    /// piece but an unarmed king.
    fn hammer(&self, class: Class) -> bool {
        class != Class::King || self.rules.king_hammer
    }

    /// Whether the move just made from `from` to `to`, jumping over `over`
    /// if it is a jump, is one that captures, as OpenTafl's engine judges
    /// it before the move: what it would capture there, the piece on its
    /// start square still, the king by the count before the move, the piece
    /// jumped over taken between the two squares of a piece's first move
    /// (`unmoved`) or of a jump from a special square.
    fn opens(
        &self,
        from: usize,
        to: usize,
        class: Class,
        over: Option<usize>,
        unmoved: bool,
    ) -> bool {
        if over.is_some() && self.rules.jump[class as usize] == Jump::Capturing {
            return true;
        }
        if self.hammer(class) {
            let sandwiched = self.sandwiched(to, class.side());
            let others = match over {
                Some(over) => sandwiched & !Bits::one(over),
                None => sandwiched,
            };
            if !others.is_empty() {
                return true;
            }
            if over.is_some_and(|over| self.taken_before(from, over, class, unmoved)) {
                return true;
            }
        }
        self.king_falls(to, class, false)
    }

    /// Whether, before the jump from `from` over `over`, OpenTafl's engine
    /// sees the piece jumped over captured between the jumping piece and
    /// its end square: it does on the piece's first move, whose start
    /// square it does not recognise as the piece's, and from a special
    /// square; the start square must close the capture.
    fn taken_before(&self, from: usize, over: usize, class: Class, unmoved: bool) -> bool {
        if !unmoved && !self.rules.special.has(from) {
            return false;
        }
        let Some(victim) = self.board.class_at(over) else {
            return true;
        };
        class != Class::King
            || self.rules.king_anvil
            || self.rules.hostile_full[victim as usize].has(from)
    }

    /// Whether the attackers' move of the piece of `class` to `to` captures
    /// the king: with commanders or knights among the attackers, as
    /// OpenTafl's engine judges it, `on_to` after the move (the piece on
    /// `to`) or before it; else as the rule set's strength says.
    pub(crate) fn king_falls(&self, to: usize, class: Class, on_to: bool) -> bool {
        if class.side() != Side::Attackers {
            return false;
        }
        if !self.rules.officers_capture_king {
            return self.king_taken(to);
        }
        let (Some(king), grid) = (self.board.king, &self.rules.grid) else {
            return false;
        };
        let Some(dir) = DIRS.into_iter().find(|&d| grid.step(to, d) == Some(king)) else {
            return false;
        };
        // The edge beyond the king closes nothing.
        let Some(beyond) = grid.step(king, dir) else {
            return false;
        };
        if !self.closes_king_beside(beyond) {
            return false;
        }
        match self.rules.set.king_strength {
            KingStrength::Weak => true,
            KingStrength::Middleweight => DIRS
                .into_iter()
                .filter(|&d| d != opposite(dir))
                .filter_map(|d| grid.step(king, d))
                .all(|side| self.closes_king_beside(side)),
            KingStrength::Strong | KingStrength::CentreStrong | KingStrength::ThroneStrong => {
                self.officers_close(king, to, beyond, class, on_to)
            }
        }
    }

    /// Whether `square` closes a side of the king: an attacker on it, or a
    /// square hostile to him.
    fn closes_king_beside(&self, square: usize) -> bool {
        self.closes(square, Side::Attackers, Class::King)
    }

    /// The capture of a strong king when the attackers have commanders or
    /// knights: neither the king nor `to` nor `beyond` on a centre square,
    /// and at least two of: a commander or a knight on `beyond`, on `to`
    /// (after the move, the piece that moved), the piece that moves, a
    /// hostile corner on either side.
    fn officers_close(
        &self,
        king: usize,
        to: usize,
        beyond: usize,
        class: Class,
        on_to: bool,
    ) -> bool {
        let centre = self.rules.kinds[1];
        if centre.has(king) || centre.has(to) || centre.has(beyond) {
            return false;
        }
        let corners = self.rules.kinds[0];
        // `beyond` closes a side; `to` does once the piece stands on it,
        // and before, as a square hostile to the king.
        let to_closes = on_to || self.rules.hostile_empty[Class::King as usize].has(to);
        let count = [
            corners.has(beyond),
            corners.has(to) && to_closes,
            self.board.is_officer(beyond),
            on_to && class.is_officer(),
            class.is_officer(),
        ];
        count.into_iter().filter(|&c| c).count() >= 2
    }

    /// Whether the piece of `class` that captured on `at` moves again: under
    /// `ber:c` when it has a move that captures, under `ber:m` when it has a
    /// move that is not a jump.
    pub(crate) fn berserk_again(&mut self, at: usize, class: Class) -> bool {
        let mode = self.rules.set.berserk;
        if mode == Berserk::No {
            return false;
        }
        let mut squares = Vec::new();
        for dir in DIRS {
            self.each_on_ray(at, dir, class, &mut |_, to| {
                squares.push(to);
                false
            });
        }
        let targets: Vec<usize> = squares
            .into_iter()
            .filter_map(|square| self.rules.grid.index(square))
            .collect();
        match mode {
            Berserk::Move => targets
                .into_iter()
                .any(|to| self.jump_over(at, to, class).is_none()),
            _ => targets
                .into_iter()
                .any(|to| self.would_capture(at, to, class)),
        }
    }

    /// Whether the move of the piece of `class` on `at` to `to` is one that
    /// captures, as OpenTafl's engine judges it before the move; the piece
    /// has moved before.
    fn would_capture(&mut self, at: usize, to: usize, class: Class) -> bool {
        let over = self.jump_over(at, to, class);
        self.shift(at, to, class);
        let opens = self.opens(at, to, class, over, false);
        self.shift(to, at, class);
        opens
    }

    /// Whether a defender may jump onto the edge: then, as OpenTafl's
    /// engine judges it, they are not encircled.
    pub(crate) fn defender_jumps_out(&self) -> bool {
        let grid = &self.rules.grid;
        let edge = grid.edge();
        let defenders = self.board.side[si(Side::Defenders)] & !self.board.fixed;
        defenders.iter().any(|from| {
            let Some(class) = self.board.class_at(from) else {
                return false;
            };
            self.rules.jump[class as usize] != Jump::No
                && DIRS.into_iter().any(|dir| {
                    let over = grid.step(from, dir);
                    let to = over.and_then(|o| grid.step(o, dir));
                    match (over, to) {
                        (Some(over), Some(to)) => {
                            edge.has(to)
                                && self.board.occupied().has(over)
                                && self.check_jump(from, over, to, class).is_ok()
                        }
                        _ => false,
                    }
                })
        })
    }
}
