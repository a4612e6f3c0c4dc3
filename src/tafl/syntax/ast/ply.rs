//! Plies: a move, or what ends a game without one.

use std::fmt::{self, Write as _};

use crate::core::{Malformed, Span};
use crate::tafl::{Piece, Side, Square};

/// One ply as written: a move, a timeout, a resignation, a placeholder of a
/// variation, or text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ply {
    /// `d1-d3`, `Kd4-c4xc5/d3+`.
    Move(WrittenMove),
    /// `timeout`, in an archive: the side to move lost on time.
    Timeout(Span),
    /// `---`, in a game file: the side to move resigns.
    Resignation(Span),
    /// `.....`, in a variation: a move of the turn that the variation shares
    /// with the line it branches from.
    Placeholder(Span),
    /// A token that could not be read, kept so that the plies after it keep
    /// their places.
    Malformed(Malformed),
}

impl Ply {
    /// The text it was read from.
    pub fn span(&self) -> Span {
        match self {
            Ply::Move(m) => m.span,
            Ply::Timeout(span) | Ply::Resignation(span) | Ply::Placeholder(span) => *span,
            Ply::Malformed(m) => m.span,
        }
    }

    /// The move, if the ply is one.
    pub fn as_move(&self) -> Option<&WrittenMove> {
        match self {
            Ply::Move(m) => Some(m),
            _ => None,
        }
    }

    /// Whether the ply ends the game: a timeout or a resignation.
    pub fn ends_game(&self) -> bool {
        matches!(self, Ply::Timeout(_) | Ply::Resignation(_))
    }

    /// The ply as an archive writes it: a move's captures each after its
    /// own `x`, `d2-e2xd3xd4`.
    pub fn archive(&self) -> impl fmt::Display + '_ {
        ArchivePly(self)
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(m) => write!(f, "{m}"),
            Ply::Timeout(_) => f.write_str("timeout"),
            Ply::Resignation(_) => f.write_str("---"),
            Ply::Placeholder(_) => f.write_str("....."),
            Ply::Malformed(m) => write!(f, "{m}"),
        }
    }
}

/// A ply printed as an archive writes it.
struct ArchivePly<'a>(&'a Ply);

impl fmt::Display for ArchivePly<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Ply::Move(m) = self.0 else {
            return write!(f, "{}", self.0);
        };
        write_piece(f, m.piece)?;
        write!(f, "{}{}{}", m.from, m.kind, m.to)?;
        for capture in &m.captures {
            write!(f, "x{capture}")?;
        }
        match m.info {
            Some(info) => write!(f, "{info}"),
            None => Ok(()),
        }
    }
}

/// A move in OpenTafl notation: `[piece] from type to [captures] [info]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The piece letter, when written (OpenTafl writes it for pieces other
    /// than taflmen).
    pub piece: Option<PieceLetter>,
    /// Where the piece starts.
    pub from: Square,
    /// How it moves.
    pub kind: MoveType,
    /// Where it ends.
    pub to: Square,
    /// The pieces it captures, in the order written.
    pub captures: Vec<Capture>,
    /// What the mover says of the king after it, when written.
    pub info: Option<Info>,
    /// The start square's text.
    pub from_span: Span,
    /// The end square's text.
    pub to_span: Span,
    /// The whole move.
    pub span: Span,
}

impl WrittenMove {
    /// A move as hirp writes one that no text holds (every span empty):
    /// its squares and type, the pieces it takes, each a square after `x`
    /// or `/`, and what it says of the king, as [`Display`](fmt::Display)
    /// writes them, `d6-d4xd5/e4`, `a4-b4xc4++`.
    ///
    /// ```
    /// use hirp::tafl::Square;
    /// use hirp::tafl::syntax::{Info, MoveType, WrittenMove};
    ///
    /// let square = |s: &str| s.parse::<Square>().unwrap();
    /// let captures = [square("d5"), square("e4")];
    /// let made = WrittenMove::made(square("d6"), MoveType::Regular, square("d4"), captures, None);
    /// assert_eq!(made.to_string(), "d6-d4xd5/e4");
    /// let won = WrittenMove::made(square("a4"), MoveType::Regular, square("b4"), [], Some(Info::KingCaptured));
    /// assert_eq!(won.to_string(), "a4-b4++");
    /// ```
    pub fn made(
        from: Square,
        kind: MoveType,
        to: Square,
        captures: impl IntoIterator<Item = Square>,
        info: Option<Info>,
    ) -> WrittenMove {
        let capture = |square| Capture {
            piece: None,
            square,
            span: Span::default(),
        };
        WrittenMove {
            piece: None,
            from,
            kind,
            to,
            captures: captures.into_iter().map(capture).collect(),
            info,
            from_span: Span::default(),
            to_span: Span::default(),
            span: Span::default(),
        }
    }
}

impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_piece(f, self.piece)?;
        write!(f, "{}{}{}", self.from, self.kind, self.to)?;
        for (n, capture) in self.captures.iter().enumerate() {
            f.write_char(if n == 0 { 'x' } else { '/' })?;
            write!(f, "{capture}")?;
        }
        match self.info {
            Some(info) => write!(f, "{info}"),
            None => Ok(()),
        }
    }
}

fn write_piece(f: &mut fmt::Formatter<'_>, piece: Option<PieceLetter>) -> fmt::Result {
    match piece {
        Some(piece) => write!(f, "{piece}"),
        None => Ok(()),
    }
}

/// A piece letter: the kind of piece, and by its case the side, lower case
/// for the attackers and upper case for the defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceLetter {
    /// Whose piece, as the letter's case says.
    pub side: Side,
    /// Which kind.
    pub piece: Piece,
}

impl PieceLetter {
    /// The piece letter `c`, if it is one.
    pub fn from_char(c: char) -> Option<PieceLetter> {
        Piece::from_letter(c).map(|(side, piece)| PieceLetter { side, piece })
    }
}

impl fmt::Display for PieceLetter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.piece.letter_of(self.side))
    }
}

/// How a piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveType {
    /// `-`: a regular move.
    Regular,
    /// `^`: a jump (berserk variants).
    Jump,
    /// `=`: a berserk move.
    Berserk,
    /// `^=`: a berserk jump.
    BerserkJump,
}

impl MoveType {
    /// The notation: `-`, `^`, `=` or `^=`.
    pub const fn notation(self) -> &'static str {
        match self {
            MoveType::Regular => "-",
            MoveType::Jump => "^",
            MoveType::Berserk => "=",
            MoveType::BerserkJump => "^=",
        }
    }
}

impl fmt::Display for MoveType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A captured piece: its letter when written, and its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The piece letter, when written.
    pub piece: Option<PieceLetter>,
    /// Where the captured piece stood.
    pub square: Square,
    /// The letter and the square.
    pub span: Span,
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_piece(f, self.piece)?;
        write!(f, "{}", self.square)
    }
}

/// What a move says of the king after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Info {
    /// `+`: the king may be captured next turn.
    KingThreatened,
    /// `-`: the king has a route to escape.
    EscapeOpen,
    /// `++`: the king is captured; the game ends.
    KingCaptured,
    /// `--`: the king escapes; the game ends.
    KingEscaped,
}

impl Info {
    /// The notation: `+`, `-`, `++` or `--`.
    pub const fn notation(self) -> &'static str {
        match self {
            Info::KingThreatened => "+",
            Info::EscapeOpen => "-",
            Info::KingCaptured => "++",
            Info::KingEscaped => "--",
        }
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}
