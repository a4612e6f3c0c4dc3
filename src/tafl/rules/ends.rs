//! How a game ends, and playing a move to its end: the captures, then the
//! ends the move decides, in a fixed order
//! (`docs/rules.md#tafl-the-ends-of-a-game`).

use std::fmt;

use super::bits::Bits;
use super::compiled::Class;
use super::movement::MoveError;
use super::position::{Move, Played, Position, si};
use super::ruleset::{FortWalls, NoMoveRule, RepetitionRule};
use super::square_set::SquareSet;
use crate::tafl::Side;

/// How a game ended. The engine decides the first ten; the last three a
/// record declares, and the engine never produces them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The attackers captured the king.
    KingCaptured,
    /// The king reached an escape square: a corner, or the edge under
    /// `esc:e`.
    KingEscaped,
    /// The defenders built an unbreakable fort against the edge around a
    /// king who stands on the edge and can move (`efe:y`).
    ExitFort,
    /// The attackers surrounded every defender (`surf:y`).
    Encircled,
    /// The side to move has no piece left.
    AllCaptured,
    /// The side to move has pieces, and none of them has a legal move.
    NoMoves,
    /// In a game with jumps or berserk moves, no defender stands beside an
    /// empty square: the attackers win, as OpenTafl's engine decides it,
    /// though a defender might still jump.
    Immobile,
    /// A position occurred as often as the repetition rule allows.
    Repetition,
    /// The game reached the last ply its rules allow (`plim:`), no ply
    /// having ended it: a draw.
    PlyLimit,
    /// The attackers won because the king cannot escape, as
    /// hnefatafl.org's engine judges it (`cne:y`).
    CannotEscape,
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    Timeout,
    /// The players agreed to a draw.
    Agreed,
}

impl End {
    /// Every end, those the engine decides first.
    pub const ALL: [End; 13] = [
        End::KingCaptured,
        End::KingEscaped,
        End::ExitFort,
        End::Encircled,
        End::AllCaptured,
        End::NoMoves,
        End::Immobile,
        End::Repetition,
        End::PlyLimit,
        End::CannotEscape,
        End::Resigned,
        End::Timeout,
        End::Agreed,
    ];

    /// The name in JSON: `king-captured`, `king-escaped`, `exit-fort`,
    /// `encircled`, `all-captured`, `no-moves`, `immobile`, `repetition`,
    /// `ply-limit`, `cannot-escape`, `resigned`, `timeout`, `agreed`.
    pub const fn code(self) -> &'static str {
        match self {
            End::KingCaptured => "king-captured",
            End::KingEscaped => "king-escaped",
            End::ExitFort => "exit-fort",
            End::Encircled => "encircled",
            End::AllCaptured => "all-captured",
            End::NoMoves => "no-moves",
            End::Immobile => "immobile",
            End::Repetition => "repetition",
            End::PlyLimit => "ply-limit",
            End::CannotEscape => "cannot-escape",
            End::Resigned => "resigned",
            End::Timeout => "timeout",
            End::Agreed => "agreed",
        }
    }

    /// The end whose [`End::code`] is `code`.
    pub fn from_code(code: &str) -> Option<End> {
        End::ALL.into_iter().find(|e| e.code() == code)
    }

    /// Whether a record declares it, the engine never deciding it.
    pub const fn is_declared(self) -> bool {
        matches!(self, End::Resigned | End::Timeout | End::Agreed)
    }

    /// What happened, for people: `the king is captured`.
    pub const fn description(self) -> &'static str {
        match self {
            End::KingCaptured => "the king is captured",
            End::KingEscaped => "the king escaped",
            End::ExitFort => "the king is safe in a fort on the edge",
            End::Encircled => "the defenders are surrounded",
            End::AllCaptured => "the side to move has no piece left",
            End::NoMoves => "the side to move cannot move",
            End::Immobile => "no defender stands beside an empty square",
            End::Repetition => "a position is repeated",
            End::PlyLimit => "the game reached its last ply",
            End::CannotEscape => "the king cannot escape",
            End::Resigned => "a player resigned",
            End::Timeout => "a player ran out of time",
            End::Agreed => "the players agreed",
        }
    }
}

/// The end of a game and its winner; `None` for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
}

impl fmt::Display for Outcome {
    /// `the attackers win: the king is captured`, `a draw: a position is
    /// repeated`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "the {side} win: {}", self.end.description()),
            None => write!(f, "a draw: {}", self.end.description()),
        }
    }
}

impl Position {
    /// Plays `mv` for the side to move: moves the piece, takes off the
    /// pieces it captures, and ends the game if the move decides it. On
    /// error the position is left as it was.
    pub fn play(&mut self, mv: Move) -> Result<Played, MoveError> {
        let (from, to, class) = self.check(mv)?;
        Ok(self.apply(from, to, class))
    }

    /// Moves the piece of `class` from `from` to `to`, takes off what it
    /// captures and ends the game if the move decides it, the move being
    /// one the side to move may play or one a replay forces.
    pub(crate) fn apply(&mut self, from: usize, to: usize, class: Class) -> Played {
        if self.rules.extended {
            return self.apply_extended(from, to, class);
        }
        self.shift(from, to, class);
        let captured = self.captures(to, class);
        self.remove(captured);
        let king = class.side() == Side::Attackers && self.king_taken(to);
        let outcome = self.decided(to, class, king);
        let outcome = self.conclude(class, captured, outcome, None);
        Played {
            captures: SquareSet::new(captured, self.rules.set.dim),
            outcome,
            jump: false,
            berserk: false,
        }
    }

    /// [`Position::apply`] under a rule set with what OpenTafl's berserk
    /// variants add: the move played as `berserk.rs` says, and a berserk
    /// turn going on after a capture, the side keeping the move.
    fn apply_extended(&mut self, from: usize, to: usize, class: Class) -> Played {
        let berserk = self.berserker.is_some();
        let moved = self.extended_move(from, to, class);
        let outcome = self.decided(to, class, moved.king);
        let again =
            outcome.is_none() && !moved.captured.is_empty() && self.berserk_again(to, class);
        let outcome = self.conclude(class, moved.captured, outcome, again.then_some(to));
        Played {
            captures: SquareSet::new(moved.captured, self.rules.set.dim),
            outcome,
            jump: moved.jump,
            berserk,
        }
    }

    /// After the move of `class` that captured `captured` and decided
    /// `outcome` on the board: the turn passed, or kept for the piece on
    /// `again` when it moves again in a berserk turn; the position counted;
    /// the ends judged after the board's, the game ended if one is.
    #[inline(always)]
    fn conclude(
        &mut self,
        class: Class,
        captured: Bits,
        outcome: Option<Outcome>,
        again: Option<usize>,
    ) -> Option<Outcome> {
        if again.is_some() {
            self.berserker = again;
        } else {
            self.pass_turn();
        }
        if self.counts_repetitions() {
            if !captured.is_empty() {
                // No position before a capture comes back.
                self.history.clear();
            }
            self.history.push(self.hash);
        }
        if self.rules.set.ply_limit.is_some() {
            self.plies = self.plies.saturating_add(1);
        }
        if self.rules.set.no_repeat.is_some() {
            if !captured.is_empty() {
                self.boards.clear();
            }
            self.boards.push(self.board_hash());
        }
        let outcome = match outcome {
            Some(outcome) => Some(outcome),
            // A berserk turn ends no game, unless the other side has no
            // piece left.
            None if again.is_some() => self.wiped_out(class.side()),
            None => self
                .at_ply_limit()
                .or_else(|| self.cannot_escape())
                .or_else(|| self.repeated(class.side()))
                .or_else(|| self.stuck(class.side())),
        };
        self.outcome = outcome;
        outcome
    }

    /// The end the move of `class` to `to` decides on the board, in this
    /// order: the king captured (`king`) or escaped, the defenders immobile
    /// (in a game with jumps or berserk moves), the defenders encircled or
    /// in an exit fort.
    #[inline(always)]
    fn decided(&self, to: usize, class: Class, king: bool) -> Option<Outcome> {
        let win = |side, end| {
            Some(Outcome {
                end,
                winner: Some(side),
            })
        };
        let set = &self.rules.set;
        match class.side() {
            Side::Attackers if king => win(Side::Attackers, End::KingCaptured),
            Side::Defenders if class == Class::King && self.rules.escape.has(to) => {
                win(Side::Defenders, End::KingEscaped)
            }
            _ if self.rules.extended && self.immobile() => win(Side::Attackers, End::Immobile),
            // hnefatafl.org's engine looks for an exit fort after either
            // side's move, before an encirclement.
            Side::Attackers
                if set.edge_fort_escape
                    && set.edge_fort_walls == FortWalls::Flanked
                    && self.exit_fort() =>
            {
                win(Side::Defenders, End::ExitFort)
            }
            Side::Attackers if set.surrounding_fatal && self.encircled() => {
                win(Side::Attackers, End::Encircled)
            }
            Side::Defenders if set.edge_fort_escape && self.exit_fort() => {
                win(Side::Defenders, End::ExitFort)
            }
            _ => None,
        }
    }

    /// The draw once the game has played the plies its rules allow, unless
    /// the side to move has no piece left (hnefatafl.org's engine judges
    /// that first).
    fn at_ply_limit(&self) -> Option<Outcome> {
        let limit = self.rules.set.ply_limit?;
        let pieces_left = !self.board.side[si(self.turn)].is_empty();
        (self.plies >= limit && pieces_left).then_some(Outcome {
            end: End::PlyLimit,
            winner: None,
        })
    }

    /// The attackers' win when the rules judge that the king cannot escape
    /// (`cne:y`; hnefatafl.org's engine judges it after the limit of
    /// plies and before asking whether the side to move can move).
    fn cannot_escape(&self) -> Option<Outcome> {
        (self.rules.set.cannot_escape && self.king_cannot_escape()).then_some(Outcome {
            end: End::CannotEscape,
            winner: Some(Side::Attackers),
        })
    }

    /// The end by repetition, `mover` having just moved.
    fn repeated(&self, mover: Side) -> Option<Outcome> {
        let repetition = self.rules.set.repetition;
        if self.repetitions() < usize::from(repetition.occurrence) {
            return None;
        }
        let winner = match repetition.rule {
            RepetitionRule::Ignored => return None,
            RepetitionRule::Draw => None,
            RepetitionRule::MoverWins => Some(mover),
            RepetitionRule::MoverLoses => Some(mover.opponent()),
        };
        Some(Outcome {
            end: End::Repetition,
            winner,
        })
    }

    /// The end when the other side than `mover`, who moves again in a
    /// berserk turn, has no piece left.
    fn wiped_out(&self, mover: Side) -> Option<Outcome> {
        if !self.board.side[si(mover.opponent())].is_empty() {
            return None;
        }
        let winner = match self.rules.set.no_move {
            NoMoveRule::Loses => Some(mover),
            NoMoveRule::Draw => None,
        };
        Some(Outcome {
            end: End::AllCaptured,
            winner,
        })
    }

    /// The end when the side to move, `mover` having just moved, has no
    /// piece or no legal move.
    #[inline(always)]
    fn stuck(&self, mover: Side) -> Option<Outcome> {
        let end = if self.board.side[si(self.turn)].is_empty() {
            End::AllCaptured
        } else if !self.has_move() {
            End::NoMoves
        } else {
            return None;
        };
        let winner = match self.rules.set.no_move {
            NoMoveRule::Loses => Some(mover),
            NoMoveRule::Draw => None,
        };
        Some(Outcome { end, winner })
    }
}
