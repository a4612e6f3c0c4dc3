//! The JSON of `hirp validate --format json`, written from these types by
//! [`writer`].
//!
//! ```
//! use hirp::json::report::{LineIndex, game_validation};
//!
//! let record = "G1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let mut games = Vec::new();
//! hirp::hirp::check::check(record.as_bytes(), Default::default(), |checked| {
//!     let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
//!     games.push(game_validation(&checked.report.into(), checked.view.as_ref(), &lines));
//!     true
//! })?;
//! let game = &games[0];
//! assert!(!game.valid);
//! assert_eq!(game.turns, 2);
//! assert_eq!(game.diagnostics[0].code, "hirp::turn::step_count");
//! assert_eq!((game.diagnostics[0].line, game.diagnostics[0].column), (2, 4));
//! # Ok::<(), std::io::Error>(())
//! ```

mod verdict;
pub mod writer;

pub use verdict::{Ending, Verdict};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::core::json::problem::{Diagnostic, Fix, LineIndex, diagnostic};
use crate::hirp::rules::Victory;

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
    /// `encircled`, `all-captured`, `no-moves`, `immobile`, `repetition`, `resigned`,
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

/// The JSON of a victory.
pub fn result(victory: &Victory) -> GameResult {
    GameResult {
        winner: match victory.winner {
            crate::hirp::Side::Gull => Winner::Gull,
            crate::hirp::Side::Silfr => Winner::Silfr,
        },
        victory: victory.kind.code().to_owned(),
        points: Some(victory.points()),
    }
}

/// The JSON of one game's validation; `lines` indexes the text its spans
/// point into.
pub fn game_validation(
    game: &Verdict,
    view: Option<&crate::hirp::replay::MatchView>,
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
                    crate::hirp::rules::Player::First => (&view.names.0, "first"),
                    crate::hirp::rules::Player::Second => (&view.names.1, "second"),
                };
                name.clone().unwrap_or_else(|| word.to_owned())
            }),
        }),
    }
}
