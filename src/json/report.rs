//! The JSON of `hirp validate --format json`, written from these types by
//! [`writer`].
//!
//! ```
//! use hirp::any::AnyFamily;
//! use hirp::json::report::{LineIndex, game_validation};
//!
//! let record = "G1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let mut games = Vec::new();
//! AnyFamily::HIRP.check(record.as_bytes(), None, Default::default(), |game| {
//!     let lines = LineIndex::excerpt(game.text, game.offset, game.line);
//!     games.push(game_validation(&game.verdict, game.standing.as_ref(), &lines));
//!     true
//! })?;
//! let game = &games[0];
//! assert!(!game.valid);
//! assert_eq!(game.turns, 2);
//! assert_eq!(game.diagnostics[0].code, "hirp::turn::step_count");
//! assert_eq!((game.diagnostics[0].line, game.diagnostics[0].column), (2, 4));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod writer;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::any::AnyFamily;
pub use crate::core::json::problem::{Diagnostic, Fix, LineIndex, diagnostic};
use crate::core::verdict::{Standing, Verdict};

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
    /// Who won, as the game's family names its sides: `gull` or `silfr`
    /// in HIRP; `attackers` or `defenders` in the tafl games; `draw` when
    /// nobody did.
    pub winner: Winner,
    /// How. HIRP: `yfirrad`, `thungur-hnifur`, `drepid`, `refused-double`,
    /// `refused-triple`. Tafl: `king-captured`, `king-escaped`, `exit-fort`,
    /// `encircled`, `all-captured`, `no-moves`, `immobile`, `repetition`,
    /// `ply-limit`, `cannot-escape`, `resigned`, `timeout`, `agreed`.
    pub victory: String,
    /// HIRP: the points scored, the Penningr's multiplier applied. The tafl
    /// games score none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u8>,
}

/// Who won a game, as its family names its sides
/// ([`AnyFamily::sides`]), or `draw` when nobody did: text that names no
/// side of any family does not read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Winner(String);

/// What a drawn game's winner is written as.
const DRAW: &str = "draw";

impl Winner {
    /// The winner of an ending: its side, or `None` for a draw.
    pub fn of(side: Option<&str>) -> Winner {
        Winner(side.unwrap_or(DRAW).to_owned())
    }

    /// How it is written: `gull`, `defenders`, `draw`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Every name a winner may have.
    fn names() -> impl Iterator<Item = &'static str> {
        AnyFamily::sides().chain([DRAW])
    }
}

impl TryFrom<String> for Winner {
    type Error = String;

    fn try_from(text: String) -> Result<Winner, String> {
        if Winner::names().any(|name| name == text) {
            Ok(Winner(text))
        } else {
            let names: Vec<&str> = Winner::names().collect();
            Err(format!("`{text}` is no side: {}", names.join(", ")))
        }
    }
}

impl From<Winner> for String {
    fn from(winner: Winner) -> String {
        winner.0
    }
}

/// The names of every family's sides, and `draw`.
impl JsonSchema for Winner {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Winner".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Winner::names().collect();
        schemars::json_schema!({
            "description": "Who won, as the game's family names its sides, or `draw`.",
            "type": "string",
            "enum": names,
        })
    }
}

/// The JSON of one game's validation; `lines` indexes the text its spans
/// point into.
pub fn game_validation(
    game: &Verdict,
    standing: Option<&Standing>,
    lines: &LineIndex<'_>,
) -> GameValidation {
    GameValidation {
        valid: game.is_valid(),
        turns: game.turns,
        result: game.result.as_ref().map(|ending| GameResult {
            winner: Winner::of(ending.winner),
            victory: ending.victory.to_owned(),
            points: ending.points,
        }),
        diagnostics: game.problems.iter().map(|p| diagnostic(p, lines)).collect(),
        r#match: standing.map(|standing| MatchStanding {
            name: standing.name.clone(),
            game: standing.game,
            score: standing.score,
            winner: standing.winner.clone(),
        }),
    }
}
