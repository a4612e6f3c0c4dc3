//! hnefatafl.org's archive: a game as its server writes it, every field as
//! read, and the line its server writes for it.
//!
//! The server writes a game with `ron::ser::to_string`: its fields in the
//! order of its type, no blank anywhere, a string's characters each
//! escaped as Rust's `char::escape_debug` escapes it, a float as written
//! (the reader keeps its text). An [`ArchivedGame`] writes that line back
//! (its [`Display`](fmt::Display)): a line the server wrote is read and
//! written back byte for byte.

use std::fmt::{self, Write as _};

use crate::core::Span;
use crate::tafl::{Side, Square};

/// A value as read, with the span of its text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Its text.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `value`, standing at `span`.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// A game of the archive: the fields of the server's `ArchivedGame`, each
/// kept as read, those a line leaves out `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchivedGame {
    /// `id`: the game's number.
    pub id: Option<Spanned<u128>>,
    /// `attacker`: the attackers' player.
    pub attacker: Option<Spanned<String>>,
    /// `attacker_rating`: that player's rating after the game.
    pub attacker_rating: Option<Spanned<Rating>>,
    /// `defender`: the defenders' player.
    pub defender: Option<Spanned<String>>,
    /// `defender_rating`: that player's rating after the game.
    pub defender_rating: Option<Spanned<Rating>>,
    /// `rated`: `Yes` (`true`) or `No`.
    pub rated: Option<Spanned<bool>>,
    /// `plays`: the records of the plays.
    pub plays: Plays,
    /// `status`: how the game stands.
    pub status: Spanned<GameStatus>,
    /// `messages`: what the players wrote, newest first.
    pub messages: Option<Spanned<Vec<Message>>>,
    /// `texts`: the older layout's messages, each one text.
    pub texts: Option<Spanned<Vec<String>>>,
    /// `board_size`: 7, 11 or 13.
    pub board_size: Spanned<u8>,
    /// The whole value, `(` to `)`.
    pub span: Span,
}

/// A player's Glicko rating, each number as written (`1364.4536461658006`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rating {
    /// `rating`.
    pub rating: String,
    /// `rd`: the rating's deviation.
    pub rd: String,
}

/// A game's status, as the server names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameStatus {
    /// `AttackerWins`.
    AttackerWins,
    /// `DefenderWins`.
    DefenderWins,
    /// `Draw`.
    Draw,
    /// `Ongoing`.
    #[default]
    Ongoing,
}

impl GameStatus {
    /// Every status, as the server names it.
    pub const ALL: [GameStatus; 4] = [
        GameStatus::AttackerWins,
        GameStatus::DefenderWins,
        GameStatus::Draw,
        GameStatus::Ongoing,
    ];

    /// Its name, `AttackerWins`.
    pub const fn name(self) -> &'static str {
        match self {
            GameStatus::AttackerWins => "AttackerWins",
            GameStatus::DefenderWins => "DefenderWins",
            GameStatus::Draw => "Draw",
            GameStatus::Ongoing => "Ongoing",
        }
    }

    /// The status named `name`.
    pub fn named(name: &str) -> Option<GameStatus> {
        GameStatus::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A message of a game: who wrote it, when, and what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// `username`.
    pub username: String,
    /// `timestamp`, as written (`2026-01-01T07:58:31.94Z`).
    pub timestamp: String,
    /// `content`.
    pub content: String,
}

/// A game's plays: `PlayRecords([...])`, or `PlayRecordsTimed([...])`
/// with both clocks after each record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plays {
    /// `PlayRecordsTimed`: each record holds the clocks.
    pub timed: bool,
    /// The records, the server's leading `None` first.
    pub records: Vec<PlayRecord>,
    /// From the name to its `)`.
    pub span: Span,
}

/// A record of the plays: a play, or the leading `None`; in a timed game,
/// both clocks after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayRecord {
    /// The play: `None` for the server's leading record.
    pub play: Option<ArchivedPlay>,
    /// The milliseconds each side has left, when the plays are timed.
    pub clocks: Option<Clocks>,
    /// The record's text.
    pub span: Span,
}

/// Both clocks after a record, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// `attacker_time`.
    pub attacker: i64,
    /// `defender_time`.
    pub defender: i64,
}

/// A play: a move, or a side resigning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchivedPlay {
    /// `Play((role: ..., from: ..., to: ...))`.
    Move(PlayedMove),
    /// `AttackerResigns` or `DefenderResigns`.
    Resigns(Side, Span),
}

impl ArchivedPlay {
    /// The side it names.
    pub fn side(&self) -> Side {
        match self {
            ArchivedPlay::Move(m) => m.role,
            ArchivedPlay::Resigns(side, _) => *side,
        }
    }

    /// Its text: within `Some( )`.
    pub fn span(&self) -> Span {
        match self {
            ArchivedPlay::Move(m) => m.span,
            ArchivedPlay::Resigns(_, span) => *span,
        }
    }

    /// Where the side it names is written: its role, or the name of the
    /// resignation.
    pub fn side_span(&self) -> Span {
        match self {
            ArchivedPlay::Move(m) => m.role_span,
            ArchivedPlay::Resigns(_, span) => *span,
        }
    }
}

/// A move as the server writes it: the side, and two squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// `role`.
    pub role: Side,
    /// `from`.
    pub from: Square,
    /// `to`.
    pub to: Square,
    /// The role's text.
    pub role_span: Span,
    /// The start square's text, `(size:_7,x:3,y:2)`.
    pub from_span: Span,
    /// The end square's text.
    pub to_span: Span,
    /// From `Play` to its `)`.
    pub span: Span,
}

/// The side as the server names it: `Attacker`, `Defender`.
pub const fn role_name(side: Side) -> &'static str {
    match side {
        Side::Attackers => "Attacker",
        Side::Defenders => "Defender",
    }
}

/// The side that moves the ply `ply` (from 0) of a game on a board of
/// `dim`: the defenders first on 7 × 7, the attackers first on the larger
/// boards, then each side in turn.
pub const fn side_to_move(dim: u8, ply: usize) -> Side {
    let first = if dim == 7 {
        Side::Defenders
    } else {
        Side::Attackers
    };
    if ply.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

impl fmt::Display for ArchivedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut fields = Fields { f, first: true };
        if let Some(id) = &self.id {
            fields.field("id", |f| write!(f, "{}", id.value))?;
        }
        let dim = self.board_size.value;
        fields.player("attacker", &self.attacker, &self.attacker_rating)?;
        fields.player("defender", &self.defender, &self.defender_rating)?;
        if let Some(rated) = &self.rated {
            fields.field("rated", |f| f.write_str(yes_no(rated.value)))?;
        }
        fields.field("plays", |f| write_plays(f, &self.plays, dim))?;
        fields.field("status", |f| f.write_str(self.status.value.name()))?;
        if let Some(messages) = &self.messages {
            fields.field("messages", |f| write_messages(f, &messages.value))?;
        }
        if let Some(texts) = &self.texts {
            fields.field("texts", |f| {
                write_list(f, &texts.value, |f, text| write_string(f, text))
            })?;
        }
        fields.field("board_size", |f| write!(f, "_{dim}"))?;
        fields.f.write_char(')')
    }
}

/// `Yes` or `No`.
pub(crate) const fn yes_no(yes: bool) -> &'static str {
    if yes { "Yes" } else { "No" }
}

/// A group's fields written one after another: `(name:value,...`.
struct Fields<'a, 'f> {
    f: &'a mut fmt::Formatter<'f>,
    first: bool,
}

impl Fields<'_, '_> {
    fn field(
        &mut self,
        name: &str,
        value: impl FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result,
    ) -> fmt::Result {
        self.f.write_char(if self.first { '(' } else { ',' })?;
        self.first = false;
        write!(self.f, "{name}:")?;
        value(self.f)
    }

    /// A player's name and rating, `attacker:"...",attacker_rating:(...)`.
    fn player(
        &mut self,
        side: &str,
        name: &Option<Spanned<String>>,
        rating: &Option<Spanned<Rating>>,
    ) -> fmt::Result {
        if let Some(name) = name {
            self.field(side, |f| write_string(f, &name.value))?;
        }
        if let Some(rating) = rating {
            let Rating { rating, rd } = &rating.value;
            self.field(&format!("{side}_rating"), |f| {
                write!(f, "(rating:{rating},rd:{rd})")
            })?;
        }
        Ok(())
    }
}

/// `[a,b,...]`.
fn write_list<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    mut item: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    f.write_char('[')?;
    for (n, each) in items.iter().enumerate() {
        if n > 0 {
            f.write_char(',')?;
        }
        item(f, each)?;
    }
    f.write_char(']')
}

/// A string in quotes, each character escaped as `char::escape_debug`
/// escapes it, as the server's writer does.
pub(crate) fn write_string(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars().flat_map(char::escape_debug) {
        f.write_char(c)?;
    }
    f.write_char('"')
}

/// The messages, `[(username:"...",timestamp:"...",content:"..."),...]`.
pub(crate) fn write_messages(f: &mut impl fmt::Write, messages: &[Message]) -> fmt::Result {
    f.write_char('[')?;
    for (n, message) in messages.iter().enumerate() {
        if n > 0 {
            f.write_char(',')?;
        }
        f.write_str("(username:")?;
        write_string(f, &message.username)?;
        f.write_str(",timestamp:")?;
        write_string(f, &message.timestamp)?;
        f.write_str(",content:")?;
        write_string(f, &message.content)?;
        f.write_char(')')?;
    }
    f.write_char(']')
}

fn write_plays(f: &mut fmt::Formatter<'_>, plays: &Plays, dim: u8) -> fmt::Result {
    let name = if plays.timed {
        "PlayRecordsTimed"
    } else {
        "PlayRecords"
    };
    write!(f, "{name}(")?;
    write_list(f, &plays.records, |f, record| {
        if !plays.timed {
            return write_play(f, record.play.as_ref(), dim);
        }
        let clocks = record.clocks.unwrap_or_default();
        f.write_str("(play:")?;
        write_play(f, record.play.as_ref(), dim)?;
        write!(
            f,
            ",attacker_time:(milliseconds_left:{}),defender_time:(milliseconds_left:{}))",
            clocks.attacker, clocks.defender
        )
    })?;
    f.write_char(')')
}

/// `None`, or `Some(...)` around the play.
fn write_play(f: &mut fmt::Formatter<'_>, play: Option<&ArchivedPlay>, dim: u8) -> fmt::Result {
    match play {
        None => f.write_str("None"),
        Some(ArchivedPlay::Resigns(side, _)) => write!(f, "Some({}Resigns)", role_name(*side)),
        Some(ArchivedPlay::Move(m)) => {
            write!(f, "Some(Play((role:{},from:", role_name(m.role))?;
            write_vertex(f, m.from, dim)?;
            f.write_str(",to:")?;
            write_vertex(f, m.to, dim)?;
            f.write_str(")))")
        }
    }
}

/// A square as the server writes it, `(size:_7,x:3,y:2)`: `x` and `y`
/// from 0 at the top-left corner of a board of `dim`.
fn write_vertex(f: &mut fmt::Formatter<'_>, square: Square, dim: u8) -> fmt::Result {
    let y = dim.saturating_sub(1).saturating_sub(square.rank());
    write!(f, "(size:_{dim},x:{},y:{y})", square.file())
}

/// Why a rating's text is not one the archive writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadNumber {
    /// It is no number: a RON number is a sign or a digit, then digits,
    /// `.`, `e`, `E`, signs, and reads as a float.
    NotANumber,
    /// It is 10^15 or more, or not finite.
    TooLarge,
}

/// Checks the text of a rating, `1364.4536461658006`: a RON number that
/// reads as a float below 10^15 (the server writes nothing larger).
///
/// ```
/// use hirp::tafl::syntax::{BadNumber, check_rating};
///
/// assert_eq!(check_rating("1364.4536461658006"), Ok(()));
/// assert_eq!(check_rating("1e300"), Err(BadNumber::TooLarge));
/// assert_eq!(check_rating("1500,rd:0"), Err(BadNumber::NotANumber));
/// ```
pub fn check_rating(text: &str) -> Result<(), BadNumber> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let token = digits.starts_with(|c: char| c.is_ascii_digit())
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || b"._eE+-".contains(&b));
    match text.parse::<f64>() {
        Ok(n) if token && n.is_finite() && n.abs() < 1e15 => Ok(()),
        Ok(_) if token => Err(BadNumber::TooLarge),
        _ => Err(BadNumber::NotANumber),
    }
}
