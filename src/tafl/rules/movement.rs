//! How pieces move: along a row or a column over empty squares to an empty
//! one, barred from the special squares the rule set closes to them. Why a
//! move is refused, and every move the side to move may play.

use std::fmt;

use super::bits::Bits;
use super::compiled::{Class, SquareKind};
use super::grid::{DIRS, Dir};
use super::position::{Move, Position, si};
use super::ruleset::{Jump, Special};
use crate::tafl::{Piece, Side, Square};

/// Why a move cannot be played. The position is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Any move once the king has reached a corner.
    #[error("the game is over")]
    GameOver,
    /// `h1-h3` on a 7 × 7 board.
    #[error("there is no square {square} on a {dim} × {dim} board")]
    OffBoard {
        /// The square named.
        square: Square,
        /// The board's side.
        dim: u8,
    },
    /// `c1-c3` with `c1` empty.
    #[error("there is no piece on {at}")]
    NoPiece {
        /// The start square.
        at: Square,
    },
    /// `d4-e4`, the defenders' king, on the attackers' turn.
    #[error("the piece on {at} is the {owner}', and it is the {turn}' turn")]
    NotYours {
        /// The start square.
        at: Square,
        /// Whose piece it is.
        owner: Side,
        /// Whose turn it is.
        turn: Side,
    },
    /// A commander's move under a rule set with no berserk rules.
    #[error("the {} on {at} is a piece this rule set does not move", piece_name(*side, *piece))]
    NotPlayed {
        /// The start square.
        at: Square,
        /// Whose piece it is.
        side: Side,
        /// Its kind.
        piece: Piece,
    },
    /// `d1-d1`.
    #[error("a move must leave its square: {at} to {at}")]
    ZeroDistance {
        /// The square.
        at: Square,
    },
    /// `d1-e2`.
    #[error("{from} and {to} are not on one row or column")]
    NotOrthogonal {
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
    },
    /// Magpie's king `d4-d6`, its speed limited to one square (`spd:`).
    #[error("the {} on {from} moves at most {limit} {}: {from} to {to} is {distance}", piece_name(*side, *piece), if *limit == 1 { "square" } else { "squares" })]
    TooFar {
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
        /// Whose piece it is.
        side: Side,
        /// Its kind.
        piece: Piece,
        /// The most squares it may cover.
        limit: u8,
        /// The squares the move covers.
        distance: usize,
    },
    /// `d1-d3` over a piece on `d2`.
    #[error("the piece on {at} blocks the way")]
    Blocked {
        /// The first occupied square on the way.
        at: Square,
    },
    /// `d1-d2` with a piece on `d2`.
    #[error("{at} is occupied")]
    Occupied {
        /// The end square.
        at: Square,
    },
    /// Under `cenp:K`, an attacker's `d2-d6` over the empty centre `d4`.
    #[error("{} may not pass over the {kind} {at}", a_piece(*side, *piece))]
    MayNotPass {
        /// The special square.
        at: Square,
        /// Its kind.
        kind: SquareKind,
        /// The moving piece's side.
        side: Side,
        /// The moving piece's kind.
        piece: Piece,
    },
    /// A guard's `a2-a1` onto a corner.
    #[error("{} may not stop on the {kind} {at}", a_piece(*side, *piece))]
    MayNotStop {
        /// The special square.
        at: Square,
        /// Its kind.
        kind: SquareKind,
        /// The moving piece's side.
        side: Side,
        /// The moving piece's kind.
        piece: Piece,
    },
    /// In Berserk, the commander on `c6` that captured and moves again,
    /// and the move `a4-a2` of another piece, of either side.
    #[error("the {} on {berserker} captured and moves again: not the piece on {at}", piece_name(*side, *piece))]
    Berserk {
        /// The start square written.
        at: Square,
        /// Where the piece stands that must move.
        berserker: Square,
        /// Its side.
        side: Side,
        /// Its kind.
        piece: Piece,
    },
    /// In Berserk, the king's `e4^e6` over an attacker, no square of the
    /// two special (`kj:r`).
    #[error("{}", refusal(*from, *over, *to, *side, *piece, *why))]
    MayNotJump {
        /// The start square.
        from: Square,
        /// The square jumped over.
        over: Square,
        /// The end square.
        to: Square,
        /// The moving piece's side.
        side: Side,
        /// The moving piece's kind.
        piece: Piece,
        /// Why not.
        why: JumpRefusal,
    },
    /// On hnefatafl.org, a defender's `d4-d5` that puts the pieces back
    /// as an earlier move of the game left them (`norpt:d`).
    #[error(
        "{from}-{to} would put the pieces back as they stood after an earlier move, and the {side} may not bring back a position"
    )]
    Repeats {
        /// The start square.
        from: Square,
        /// The end square.
        to: Square,
        /// The moving piece's side.
        side: Side,
    },
    /// In Brandub, the king's `d5-d4` back onto the centre.
    #[error("{}", reentry(*at, *kind, *side, *piece))]
    MayNotReenter {
        /// The special square.
        at: Square,
        /// Its kind.
        kind: SquareKind,
        /// The moving piece's side.
        side: Side,
        /// The moving piece's kind.
        piece: Piece,
    },
}

/// Why a piece that jumps may not jump over the piece next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpRefusal {
    /// The piece next to it is of its own side.
    OwnSide,
    /// The piece next to it is a king, a knight or a commander.
    Officer,
    /// The piece jumps only from or to a special square (`r`), and neither
    /// square is one.
    NotSpecial,
}

fn refusal(
    from: Square,
    over: Square,
    to: Square,
    side: Side,
    piece: Piece,
    why: JumpRefusal,
) -> String {
    let who = a_piece(side, piece);
    match why {
        JumpRefusal::OwnSide => {
            format!("{who} jumps only over an enemy: the piece on {over} is of its side")
        }
        JumpRefusal::Officer => format!(
            "{who} may not jump over the piece on {over}: no piece jumps a king, a knight or a \
             commander"
        ),
        JumpRefusal::NotSpecial => format!(
            "{who} jumps only from or to a corner, the centre or a fortress, and neither {from} \
             nor {to} is one"
        ),
    }
}

/// `attacker`, `defender`, `king`, `commander`.
fn piece_name(side: Side, piece: Piece) -> &'static str {
    match (side, piece) {
        (Side::Attackers, Piece::Taflman) => "attacker",
        (Side::Defenders, Piece::Taflman) => "defender",
        (_, Piece::King) => "king",
        (_, Piece::Commander) => "commander",
        (_, Piece::Knight) => "knight",
        (_, Piece::Mercenary) => "mercenary",
        (_, Piece::Guard) => "guard",
    }
}

/// `an attacker`, `the king`.
fn a_piece(side: Side, piece: Piece) -> String {
    match piece_name(side, piece) {
        "king" => "the king".to_owned(),
        name @ "attacker" => format!("an {name}"),
        name => format!("a {name}"),
    }
}

fn reentry(at: Square, kind: SquareKind, side: Side, piece: Piece) -> impl fmt::Display {
    let article = if kind == SquareKind::Centre {
        "the"
    } else {
        "a"
    };
    let who = a_piece(side, piece);
    if (kind, piece) == (SquareKind::Centre, Piece::King) {
        format!("the king may not return to the centre {at} once he has left it")
    } else {
        format!("{who} may not enter {article} {kind} ({at}) from outside it")
    }
}

impl Position {
    fn index(&self, square: Square) -> Result<usize, MoveError> {
        self.rules.grid.index(square).ok_or(MoveError::OffBoard {
            square,
            dim: self.rules.set.dim,
        })
    }

    /// Checks `mv` for the side to move without playing it: the start
    /// square's piece, the way, the end square. Returns the squares as
    /// indices and the moving piece's class.
    pub(crate) fn check(&self, mv: Move) -> Result<(usize, usize, Class), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let (from, to) = (self.index(mv.from)?, self.index(mv.to)?);
        // What only a game with jumps or berserk moves checks is behind
        // `extended`, so that the others pay one test for it.
        let extended = self.rules.extended;
        if extended
            && let Some(berserker) = self.berserker
            && berserker != from
            && self.board.occupied().has(from)
        {
            return Err(MoveError::Berserk {
                at: mv.from,
                berserker: self.rules.grid.square(berserker),
                side: self.turn,
                piece: self
                    .board
                    .class_at(berserker)
                    .map_or(Piece::Taflman, Class::piece),
            });
        }
        let class = self.mover(mv.from, from)?;
        if from == to {
            return Err(MoveError::ZeroDistance { at: mv.from });
        }
        let (dir, distance) = self
            .rules
            .grid
            .line(from, to)
            .ok_or(MoveError::NotOrthogonal {
                from: mv.from,
                to: mv.to,
            })?;
        if extended && let Some(over) = self.jumped(from, dir, distance, class) {
            self.check_jump(from, over, to, class)?;
            return self.check_repeat(mv, from, to, class);
        }
        if distance > self.rules.speed[class as usize] {
            return Err(MoveError::TooFar {
                from: mv.from,
                to: mv.to,
                side: class.side(),
                piece: class.piece(),
                limit: u8::try_from(self.rules.speed[class as usize]).unwrap_or(u8::MAX),
                distance,
            });
        }
        self.check_way(from, dir, distance, class)?;
        self.check_end(from, to, class)?;
        self.check_repeat(mv, from, to, class)
    }

    /// The class of the piece on `from`, if the side to move may move it.
    fn mover(&self, at: Square, from: usize) -> Result<Class, MoveError> {
        let owner = Side::ALL
            .into_iter()
            .find(|&s| self.board.side[si(s)].has(from))
            .ok_or(MoveError::NoPiece { at })?;
        if owner != self.turn {
            return Err(MoveError::NotYours {
                at,
                owner,
                turn: self.turn,
            });
        }
        self.board.class_at(from).ok_or_else(|| {
            let (side, piece) = self.piece_at(at).unwrap_or((owner, Piece::Taflman));
            MoveError::NotPlayed { at, side, piece }
        })
    }

    /// The squares between the start and the end: each empty, and one the
    /// piece may pass.
    fn check_way(
        &self,
        from: usize,
        dir: Dir,
        distance: usize,
        class: Class,
    ) -> Result<(), MoveError> {
        let occupied = self.board.occupied();
        let pass = self.rules.pass[class as usize];
        let mut at = from;
        for _ in 1..distance {
            at = self
                .rules
                .grid
                .step(at, dir)
                .expect("a square between two of the board");
            if occupied.has(at) {
                return Err(MoveError::Blocked {
                    at: self.rules.grid.square(at),
                });
            }
            if !pass.has(at) {
                return Err(self.barred(
                    at,
                    class,
                    |s| s.passable,
                    |at, kind, side, piece| MoveError::MayNotPass {
                        at,
                        kind,
                        side,
                        piece,
                    },
                ));
            }
        }
        Ok(())
    }

    /// The end square: empty, and one the piece may stop on and, coming
    /// from outside its kind of square, enter.
    pub(crate) fn check_end(&self, from: usize, to: usize, class: Class) -> Result<(), MoveError> {
        if self.board.occupied().has(to) {
            return Err(MoveError::Occupied {
                at: self.rules.grid.square(to),
            });
        }
        if !self.rules.stop[class as usize].has(to) {
            return Err(self.barred(
                to,
                class,
                |s| s.stop,
                |at, kind, side, piece| MoveError::MayNotStop {
                    at,
                    kind,
                    side,
                    piece,
                },
            ));
        }
        if let Some(k) = self.rules.fenced[class as usize]
            .iter()
            .position(|f| f.has(to) && !f.has(from))
        {
            let kind = SquareKind::ALL[k];
            return Err(MoveError::MayNotReenter {
                at: self.rules.grid.square(to),
                kind,
                side: class.side(),
                piece: class.piece(),
            });
        }
        Ok(())
    }

    /// The error for a special square closed to `class`.
    fn barred(
        &self,
        at: usize,
        class: Class,
        field: fn(&Special) -> super::pieces::PieceSet,
        error: fn(Square, SquareKind, Side, Piece) -> MoveError,
    ) -> MoveError {
        let kind = self.rules.forbidding(at, class, field);
        error(
            self.rules.grid.square(at),
            kind,
            class.side(),
            class.piece(),
        )
    }

    /// Whether `mv` may be played now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Why `mv` may not be played now, if it may not.
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        self.check(mv).map(|_| ())
    }

    /// Every move the side to move may play, by start square in board
    /// order, then by direction (up, down, right, left), nearest first.
    /// None once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_none() {
            self.each_move(|from, to| {
                moves.push(Move { from, to });
                false
            });
        }
        moves
    }

    /// The legal moves of the pieces on the squares `keep` holds, in the
    /// order of [`Position::legal_moves`]: its moves whose start `keep`
    /// holds, found without looking at the other pieces' moves.
    pub(crate) fn legal_moves_of(&self, keep: impl Fn(Square) -> bool) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_some() {
            return moves;
        }
        for from in self.movable().iter() {
            if !keep(self.rules.grid.square(from)) {
                continue;
            }
            let class = self.board.class_at(from).expect("a piece the engine moves");
            for dir in DIRS {
                self.each_on_ray(from, dir, class, &mut |from, to| {
                    moves.push(Move { from, to });
                    false
                });
            }
        }
        moves
    }

    /// Whether the side to move has a legal move (the game's end aside).
    pub(crate) fn has_move(&self) -> bool {
        let mut found = false;
        self.each_move(|_, _| {
            found = true;
            true
        });
        found
    }

    /// Whether the piece of the side to move on `from` has a legal move.
    pub(crate) fn can_move_from(&self, from: usize) -> bool {
        let Some(class) = self.board.class_at(from) else {
            return false;
        };
        DIRS.into_iter()
            .any(|dir| self.each_on_ray(from, dir, class, &mut |_, _| true))
    }

    /// The pieces the side to move may move: the piece of a berserk turn,
    /// else every piece of its side the engine moves.
    #[inline(always)]
    fn movable(&self) -> Bits {
        match self.berserker {
            Some(berserker) => Bits::one(berserker),
            None => self.board.side[si(self.turn)] & !self.board.fixed,
        }
    }

    /// Calls `visit` with each legal move of the side to move until it
    /// returns `true`.
    fn each_move(&self, mut visit: impl FnMut(Square, Square) -> bool) {
        for from in self.movable().iter() {
            let class = self.board.class_at(from).expect("a piece the engine moves");
            for dir in DIRS {
                if self.each_on_ray(from, dir, class, &mut visit) {
                    return;
                }
            }
        }
    }

    /// Visits the legal moves of the piece on `from` in `dir`; `true` when
    /// `visit` asked to stop.
    pub(crate) fn each_on_ray(
        &self,
        from: usize,
        dir: Dir,
        class: Class,
        visit: &mut impl FnMut(Square, Square) -> bool,
    ) -> bool {
        let rules = &*self.rules;
        let c = class as usize;
        let occupied = self.board.occupied();
        let mut at = from;
        let mut steps = 0;
        while let Some(next) = rules.grid.step(at, dir) {
            steps += 1;
            if occupied.has(next) {
                // A jump over the piece next to it, past any speed limit.
                if steps == 1
                    && rules.jump[c] != Jump::No
                    && let Some(to) = rules.grid.step(next, dir)
                    && self.check_jump(from, next, to, class).is_ok()
                    && !self.repeats(from, to, class)
                    && visit(rules.grid.square(from), rules.grid.square(to))
                {
                    return true;
                }
                break;
            }
            if steps > rules.speed[c] {
                break;
            }
            let fenced = rules.fenced[c].iter().any(|f| f.has(next) && !f.has(from));
            if rules.stop[c].has(next)
                && !fenced
                && !self.repeats(from, next, class)
                && visit(rules.grid.square(from), rules.grid.square(next))
            {
                return true;
            }
            if !rules.pass[c].has(next) {
                break;
            }
            at = next;
        }
        false
    }

    /// The squares the piece on `from` may move to now, in the order of
    /// [`Position::legal_moves`]; none if it is not the side to move's.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        let mut squares = Vec::new();
        let Some(index) = self.rules.grid.index(from) else {
            return squares;
        };
        if self.outcome.is_some() || !self.movable().has(index) {
            return squares;
        }
        let class = self
            .board
            .class_at(index)
            .expect("a piece the engine moves");
        for dir in DIRS {
            self.each_on_ray(index, dir, class, &mut |_, to| {
                squares.push(to);
                false
            });
        }
        squares
    }
}
