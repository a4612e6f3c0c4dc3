//! The typed, spanned syntax tree of a HIRP record.
//!
//! This layer knows the notation and nothing of the rules: `Khe` (a manned
//! Karve entering) is a well-formed [`WrittenStep`]; the rules engine rejects it
//! later. Every node carries the byte [`Span`] of the text it was read from,
//! and every node's [`Display`](fmt::Display) prints its canonical notation.

use std::fmt::{self, Write as _};

mod outcome;
mod result;
mod step;

pub use outcome::{
    BattleToken, Fate, Outcome, PenningrAction, PenningrMove, WrittenBattle, WrittenFighter,
};
pub use result::{GameResult, MatchResult, ResultTag};
pub use step::{Action, Destination, Piece, StepToken, WrittenStep};

use crate::core::{Malformed, Span};
use crate::hirp::types::Side;

/// A whole record file: its games, and the comments after the last of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The games, in file order.
    pub games: Vec<Game>,
    /// Comments that follow the last tag or turn of the file.
    pub comments: Vec<Comment>,
}

impl Record {
    /// The game an offset of the text belongs to, by index: the last game
    /// that starts at or before it (so a game owns what follows it up to
    /// the next one), or the first game for an offset before any. `None`
    /// only in a record with no game.
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        let after = self.games.partition_point(|g| g.span.start <= offset);
        after
            .checked_sub(1)
            .or((!self.games.is_empty()).then_some(0))
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::core::written::games(f, &self.games)?;
        for comment in &self.comments {
            writeln!(f, "{comment}")?;
        }
        Ok(())
    }
}

/// One game: its tag section and its turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Tags in the order written.
    pub tags: Vec<Tag>,
    /// Turns in the order written.
    pub turns: Vec<Turn>,
    /// From the first comment, tag or turn of the game to the end of its last line.
    pub span: Span,
}

impl Game {
    /// The value of the first tag named `name`, if any.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|tag| tag.name == name)
            .map(|tag| tag.value.as_str())
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::core::written::tags_and_turns(f, &self.tags, &self.turns, "\n")
    }
}

/// Comments on lines of their own before an item, each printed on its own line.
fn write_leading(f: &mut fmt::Formatter<'_>, leading: &[Comment]) -> fmt::Result {
    for comment in leading {
        writeln!(f, "{comment}")?;
    }
    Ok(())
}

/// Comments after an item on its line, each preceded by one space.
fn write_trailing(f: &mut fmt::Formatter<'_>, trailing: &[Comment]) -> fmt::Result {
    for comment in trailing {
        write!(f, " {comment}")?;
    }
    Ok(())
}

/// A tag pair, `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// Comments on the lines before the tag.
    pub leading: Vec<Comment>,
    /// The tag's name, such as `Event` or `Gull`.
    pub name: String,
    /// The value with escapes resolved.
    pub value: String,
    /// Comments after the tag on its line.
    pub trailing: Vec<Comment>,
    /// From `[` to `]`.
    pub span: Span,
    /// The value between its quotes, as written (where a tag read from
    /// JSON would stand, written the usual way).
    pub value_span: Span,
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leading(f, &self.leading)?;
        write!(f, "[{} \"", self.name)?;
        for c in self.value.chars() {
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
            }
            f.write_char(c)?;
        }
        f.write_str("\"]")?;
        write_trailing(f, &self.trailing)
    }
}

/// The two ways to write a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `; text` to the end of the line.
    Line,
    /// `{ text }`, which may nest and span lines.
    Block,
}

/// A comment and its text, as written between the delimiters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// Line or block.
    pub kind: CommentKind,
    /// The text after `;` (trailing whitespace removed), or between `{` and `}`.
    pub text: String,
    /// The whole comment, delimiters included.
    pub span: Span,
}

impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CommentKind::Line => write!(f, ";{}", self.text),
            CommentKind::Block => write!(f, "{{{}}}", self.text),
        }
    }
}

/// A turn line: `G3 Hv3mHv3>6 >6SK^GH6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Comments on the lines before the turn.
    pub leading: Vec<Comment>,
    /// `G3`.
    pub label: Label,
    /// The steps, in the order written.
    pub steps: Vec<StepToken>,
    /// Penningr actions and battles.
    pub outcome: Outcome,
    /// Comments after the turn on its line.
    pub trailing: Vec<Comment>,
    /// From the label to the end of the outcome.
    pub span: Span,
}

impl Turn {
    /// The steps that could be read, skipping malformed tokens.
    pub fn read_steps(&self) -> impl Iterator<Item = &WrittenStep> {
        self.steps.iter().filter_map(|token| match token {
            StepToken::Step(step) => Some(step),
            StepToken::Malformed(_) => None,
        })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leading(f, &self.leading)?;
        write!(f, "{} ", self.label)?;
        for step in &self.steps {
            write!(f, "{step}")?;
        }
        write!(f, " {}", self.outcome)?;
        write_trailing(f, &self.trailing)
    }
}

/// A turn label: the side to move and the round, `G3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// Whose turn it is.
    pub side: Side,
    /// The round; Gull's and Silfr's turns of one round share it.
    pub round: u32,
    /// The label's text.
    pub span: Span,
}

impl Label {
    /// The label of a game's turn `n`, counted from 0: `G1`, `S1`, `G2`...
    /// Gull moves first and the sides alternate; a round is a turn of each.
    /// The label has no span.
    pub fn of_turn(n: usize) -> Label {
        Label {
            side: if n.is_multiple_of(2) {
                Side::Gull
            } else {
                Side::Silfr
            },
            round: u32::try_from(n / 2 + 1).unwrap_or(u32::MAX),
            span: Span::default(),
        }
    }

    /// Whether two labels name the same turn, wherever they are written.
    pub fn same_turn(&self, other: &Label) -> bool {
        self.side == other.side && self.round == other.round
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side, self.round)
    }
}
