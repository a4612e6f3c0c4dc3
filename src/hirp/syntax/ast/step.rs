//! Steps as written: a piece and what it does.

use std::fmt::{self, Write as _};

use super::{Malformed, Span};
use crate::hirp::types::{PieceKind, Space};

/// A piece as written: `H`, `L`, or `K` with one `h` per Hirþ aboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// `H`.
    Hirth,
    /// `L`.
    Lofdungr,
    /// `K`, `Kh`, `Khh`...: the crew is the number of `h`s as written.
    Karve {
        /// Hirþs aboard, as written (the rules allow at most 4).
        crew: u32,
    },
}

impl Piece {
    /// The kind of piece.
    pub const fn kind(self) -> PieceKind {
        match self {
            Piece::Hirth => PieceKind::Hirth,
            Piece::Lofdungr => PieceKind::Lofdungr,
            Piece::Karve { .. } => PieceKind::Karve,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.kind().letter())?;
        if let Piece::Karve { crew } = *self {
            for _ in 0..crew {
                f.write_char('h')?;
            }
        }
        Ok(())
    }
}

/// A step as written, or the text of one that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepToken {
    /// A well-formed step.
    Step(WrittenStep),
    /// Text that does not read as a step; a syntax error was reported for it.
    Malformed(Malformed),
}

impl StepToken {
    /// Where the token stands.
    pub fn span(&self) -> Span {
        match self {
            StepToken::Step(step) => step.span,
            StepToken::Malformed(malformed) => malformed.span,
        }
    }
}

impl fmt::Display for StepToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepToken::Step(step) => step.fmt(f),
            StepToken::Malformed(malformed) => malformed.fmt(f),
        }
    }
}

/// One written step: a piece and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenStep {
    /// The piece that acts, with its crew if it is a Karve.
    pub piece: Piece,
    /// What the piece does.
    pub action: Action,
    /// The step's text.
    pub span: Span,
}

impl fmt::Display for WrittenStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.piece.fmt(f)?;
        self.action.fmt(f)
    }
}

/// The forms a step takes after its piece letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `He`, `He7`, `He>1`: enter on the home space, then perhaps move on.
    Enter {
        /// Where the piece goes after entering, if anywhere.
        to: Option<Destination>,
    },
    /// `Hei`: enter, then board a Karve on the home space.
    EnterAndBoard,
    /// `Hv3`, `Hv3m`, `Hv3>6`: leave the Karve on a space, then perhaps move on.
    Leave {
        /// The space of the Karve that is left.
        karve: Space,
        /// Where the piece goes after leaving, if anywhere.
        to: Option<Destination>,
    },
    /// `L01`, `Khhh03`, `Hm>6`: move from a space to another.
    Move {
        /// Where the piece starts.
        from: Space,
        /// Where it goes.
        to: Destination,
    },
    /// `Hi`: board a Karve on the piece's own space.
    Board,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Enter { to: None } => f.write_char('e'),
            Action::Enter { to: Some(to) } => {
                f.write_char('e')?;
                to.fmt(f)
            }
            Action::EnterAndBoard => f.write_str("ei"),
            Action::Leave { karve, to: None } => {
                f.write_char('v')?;
                karve.fmt(f)
            }
            Action::Leave {
                karve,
                to: Some(to),
            } => {
                f.write_char('v')?;
                karve.fmt(f)?;
                to.fmt(f)
            }
            Action::Move { from, to } => {
                from.fmt(f)?;
                to.fmt(f)
            }
            Action::Board => f.write_char('i'),
        }
    }
}

/// Where a move ends: a space, and whether the piece attacks it (`>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The space moved to or attacked.
    pub space: Space,
    /// Written with `>`: the piece attacks the space.
    pub attack: bool,
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.attack {
            f.write_char('>')?;
        }
        self.space.fmt(f)
    }
}
