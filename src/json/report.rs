//! The JSON of `hirp validate --format json`, written from these types by
//! [`writer`].

mod verdict;
pub mod writer;

pub use verdict::{Ending, Verdict};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::core::diagnostic::Problem;
use crate::rules::Victory;

/// The validation of one or more files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Validation {
    /// The files, in the order given.
    pub files: Vec<FileValidation>,
}

/// The validation of one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileValidation {
    /// The path as given.
    pub path: String,
    /// One entry per game, in file order.
    pub games: Vec<GameValidation>,
    /// Problems that belong to no game (in a file that holds none); always
    /// written, empty if there are none.
    #[serde(default)]
    pub diagnostics: Vec<Diagnostic>,
    /// Why the path yields no whole report, if it does not: it could not be
    /// read to its end (`games` and `diagnostics` hold what was read
    /// before), it holds no game (nor any problem), or it is a directory
    /// with no record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The validation of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameValidation {
    /// No problem of error severity was found.
    pub valid: bool,
    /// The game's turn lines.
    pub turns: usize,
    /// How the game was won; `null` while no one has won.
    pub result: Option<GameResult>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the game stands in its match, if it is in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#match: Option<MatchStanding>,
}

/// A game's place in its match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchStanding {
    /// The match's `[Match]` tag, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The score after the game: the player who was Gull in the match's
    /// first game, then the other.
    pub score: [u8; 2],
    /// The match's winner once a player has five points: their name if the
    /// tags give it, else `first` or `second`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// Who won: `gull` or `silfr` in HIRP; `attackers`, `defenders` or
    /// `draw` in the tafl games.
    pub winner: Winner,
    /// How. HIRP: `yfirrad`, `thungur-hnifur`, `drepid`, `refused-double`,
    /// `refused-triple`. Tafl: `king-captured`, `king-escaped`, `exit-fort`,
    /// `encircled`, `all-captured`, `no-moves`, `repetition`, `resigned`,
    /// `timeout`, `agreed`.
    pub victory: String,
    /// HIRP: the points scored, the Penningr's multiplier applied. The tafl
    /// games score none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u8>,
}

/// Who won a game, or that nobody did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// HIRP's Gull.
    Gull,
    /// HIRP's Silfr.
    Silfr,
    /// A tafl game's attackers.
    Attackers,
    /// A tafl game's defenders.
    Defenders,
    /// Nobody: a tafl game drawn.
    Draw,
}

/// A problem found in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diagnostic {
    /// `error`, `warning` or `advice`.
    pub severity: String,
    /// The stable code, `hirp::step::crew`.
    pub code: String,
    /// The one-line message.
    pub message: String,
    /// What the rules computed at the token.
    pub label: String,
    /// The turn, as the game's order labels it (`S3`), if the problem is in one.
    pub turn: Option<String>,
    /// The 1-based line of the token at fault.
    pub line: usize,
    /// The 1-based column (in characters) of the token at fault.
    pub column: usize,
    /// The byte offset of the token at fault.
    pub offset: usize,
    /// The token's length in bytes.
    pub length: usize,
    /// How to write it correctly, when there is a way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The one edit that fixes it, when there is exactly one (what `hirp fix`
    /// applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

/// An edit of the record's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fix {
    /// The byte offset of the text replaced.
    pub offset: usize,
    /// Its length in bytes (0 to insert).
    pub length: usize,
    /// What replaces it (empty to delete).
    pub replacement: String,
}

/// Line starts of a text, to turn byte offsets into lines and columns.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
    offset: usize,
    line: usize,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`; `\n`, `\r\n` and a lone `\r` end lines.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (n, &b) in bytes.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(n + 1) != Some(&b'\n')) {
                starts.push(n + 1);
            }
        }
        LineIndex {
            text,
            starts,
            offset: 0,
            line: 0,
        }
    }

    /// Indexes `text`, which starts at byte `offset` of its file after `line`
    /// lines; offsets given to [`LineIndex::line_column`] are the file's.
    pub fn excerpt(text: &'a str, offset: usize, line: usize) -> Self {
        let mut index = LineIndex::new(text);
        index.offset = offset;
        index.line = line;
        index
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.local_line_column(offset.saturating_sub(self.offset));
        (line + self.line, column)
    }

    fn local_line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line, column + 1)
    }
}

/// The JSON of a problem.
pub fn diagnostic(problem: &Problem, lines: &LineIndex<'_>) -> Diagnostic {
    let (line, column) = lines.line_column(problem.span.start);
    Diagnostic {
        severity: problem.severity.name().to_owned(),
        code: problem.code.to_string(),
        message: problem.message.clone(),
        label: problem.label.clone(),
        turn: problem.turn.clone(),
        line,
        column,
        offset: problem.span.start,
        length: problem.span.len(),
        help: problem.help.clone(),
        fix: problem.fix.as_ref().map(|edit| Fix {
            offset: edit.span.start,
            length: edit.span.len(),
            replacement: edit.replacement.clone(),
        }),
    }
}

/// The JSON of a victory.
pub fn result(victory: &Victory) -> GameResult {
    GameResult {
        winner: match victory.winner {
            crate::types::Side::Gull => Winner::Gull,
            crate::types::Side::Silfr => Winner::Silfr,
        },
        victory: victory.kind.code().to_owned(),
        points: Some(victory.points()),
    }
}

/// The JSON of one game's validation; `lines` indexes the text its spans
/// point into.
pub fn game_validation(
    game: &Verdict,
    view: Option<&crate::replay::MatchView>,
    lines: &LineIndex<'_>,
) -> GameValidation {
    GameValidation {
        valid: game.is_valid(),
        turns: game.turns,
        result: game.result.as_ref().map(|ending| GameResult {
            winner: ending.winner,
            victory: ending.victory.to_owned(),
            points: ending.points,
        }),
        diagnostics: game.problems.iter().map(|p| diagnostic(p, lines)).collect(),
        r#match: view.map(|view| MatchStanding {
            name: view.name.clone(),
            game: view.game,
            score: [view.score.0, view.score.1],
            winner: view.winner.map(|player| {
                let (name, word) = match player {
                    crate::rules::Player::First => (&view.names.0, "first"),
                    crate::rules::Player::Second => (&view.names.1, "second"),
                };
                name.clone().unwrap_or_else(|| word.to_owned())
            }),
        }),
    }
}
