//! The JSON of hnefatafl.org's archive, `"form": "ron"`: each game with
//! every field its server writes, as it writes it, so that `hirp notation`
//! writes the archive back byte for byte.
//!
//! A game's fields are those of the server's `ArchivedGame`, under the
//! same names: numbers the server writes as floats (the ratings) are kept
//! as the text written; a play's squares are written as the tafl games
//! write them (`d5`, the file a letter from the left, the rank a number
//! from the bottom), the move beside them in `notation` (`d5-c5`). Spans
//! in a game are those of the archive's text; read back, a game's spans
//! are laid out from its own `span` as its line is written.
//!
//! ```
//! use hirp::tafl::syntax::{Form, parse};
//!
//! let line = "(id:7,plays:PlayRecords([None,Some(Play((role:Defender,\
//!     from:(size:_7,x:3,y:2),to:(size:_7,x:2,y:2))))]),status:Ongoing,board_size:_7)\n";
//! let parsed = parse(line, Form::Ron);
//! let entry = hirp::tafl::json::file("archived-games.ron", &parsed.record);
//! let json = serde_json::to_string(&entry).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"path":"archived-games.ron","family":"tafl","form":"ron","games":[{"id":"7","plays":[{"play":null,"span":[25,29]},{"play":{"side":"defenders","kind":"move","notation":"d5-c5","from":"d5","to":"c5","span":[35,100]},"span":[30,101]}],"status":"Ongoing","board_size":7,"span":[0,133]}]}"#
//! );
//! let document = format!(r#"{{"files":[{json}]}}"#);
//! let back = hirp::json::read_any_records(&document).unwrap();
//! assert_eq!(back[0].1.to_string(), line);
//! ```

mod export;
mod import;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub(crate) use export::archived_game;
pub(crate) use import::{ron_file, ron_line};

use super::{Side, TaflName};
use crate::core::json::{JsonPosition, JsonSpan};

/// The `form` of hnefatafl.org's archive's entry or line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum RonForm {
    /// hnefatafl.org's archive, `archived-games.ron`.
    #[serde(rename = "ron")]
    Ron,
}

/// The record of hnefatafl.org's archive: one game a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RonFile {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// `tafl`: the record's family.
    #[serde(default)]
    pub family: TaflName,
    /// `ron`.
    pub form: RonForm,
    /// The games, in file order.
    pub games: Vec<ArchivedGame>,
}

/// One line of `hirp json --lines` for a game of hnefatafl.org's archive:
/// the game's fields, as [`ArchivedGame`]'s, after its path and number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RonGameLine {
    /// The path of the file holding the game.
    pub path: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// `tafl`: the record's family.
    #[serde(default)]
    pub family: TaflName,
    /// `ron`.
    pub form: RonForm,
    /// `id`: the game's number on the server, a whole number below
    /// 2^128 written as its digits, in a string so that every JSON reader
    /// reads it exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `attacker`: the attackers' player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<String>,
    /// `attacker_rating`: that player's rating after the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_rating: Option<Rating>,
    /// `defender`: the defenders' player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<String>,
    /// `defender_rating`: that player's rating after the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_rating: Option<Rating>,
    /// `rated`: `Yes` (`true`) or `No` (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<bool>,
    /// The plays are `PlayRecordsTimed`: each record holds both clocks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed: bool,
    /// `plays`: the records, the server's leading one first.
    pub plays: Vec<PlayRecord>,
    /// `status`.
    pub status: GameStatus,
    /// `messages`: what the players wrote, newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages: Option<Vec<Message>>,
    /// `texts`: the older layout's messages, each one text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texts: Option<Vec<String>>,
    /// `board_size`: 7, 11 or 13.
    pub board_size: u8,
    /// The game's line, its line end not included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move, with
    /// their hashes. They follow from the plays, and a record read back
    /// from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// A game of hnefatafl.org's archive, with the fields of the server's
/// `ArchivedGame` under their names; a field the line leaves out is left
/// out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArchivedGame {
    /// `id`: the game's number on the server, a whole number below
    /// 2^128 written as its digits, in a string so that every JSON reader
    /// reads it exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `attacker`: the attackers' player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<String>,
    /// `attacker_rating`: that player's rating after the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_rating: Option<Rating>,
    /// `defender`: the defenders' player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<String>,
    /// `defender_rating`: that player's rating after the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_rating: Option<Rating>,
    /// `rated`: `Yes` (`true`) or `No` (`false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<bool>,
    /// The plays are `PlayRecordsTimed`: each record holds both clocks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed: bool,
    /// `plays`: the records, the server's leading one first.
    pub plays: Vec<PlayRecord>,
    /// `status`.
    pub status: GameStatus,
    /// `messages`: what the players wrote, newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages: Option<Vec<Message>>,
    /// `texts`: the older layout's messages, each one text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texts: Option<Vec<String>>,
    /// `board_size`: 7, 11 or 13.
    pub board_size: u8,
    /// The game's line, its line end not included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move, with
    /// their hashes. They follow from the plays, and a record read back
    /// from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// A player's Glicko rating, each number the text the archive writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ArchivedRating")]
pub struct Rating {
    /// `rating`, as written: `1364.4536461658006`.
    #[schemars(regex(pattern = r"^[+-]?[0-9][0-9._eE+-]*$"))]
    pub rating: String,
    /// `rd`, the rating's deviation, as written.
    #[schemars(regex(pattern = r"^[+-]?[0-9][0-9._eE+-]*$"))]
    pub rd: String,
}

/// A game's status, as the server names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "ArchivedStatus")]
pub enum GameStatus {
    /// The attackers won.
    AttackerWins,
    /// The defenders won.
    DefenderWins,
    /// A draw.
    Draw,
    /// The game goes on.
    Ongoing,
}

/// A message of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ArchivedMessage")]
pub struct Message {
    /// `username`: who wrote it.
    pub username: String,
    /// `timestamp`: when, as written (`2026-01-01T07:58:31.94Z`).
    pub timestamp: String,
    /// `content`: what.
    pub content: String,
}

/// A record of the plays: a play, or the server's leading record, which
/// holds none; in a timed game, both clocks after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ArchivedRecord")]
pub struct PlayRecord {
    /// The play; `null` for the server's leading record, the first.
    pub play: Option<ArchivedPlay>,
    /// The milliseconds the attackers have left after it, in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_time: Option<i64>,
    /// The milliseconds the defenders have left after it, in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_time: Option<i64>,
    /// The record's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A play: a move of a side, or a side resigning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArchivedPlay {
    /// The side it names (`role`, or whose resignation it is).
    pub side: Side,
    /// What it is.
    pub kind: ArchivedPlayKind,
    /// The play in the tafl games' notation: `d5-c5`, `---` for a
    /// resignation; must agree with the fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Where a move starts, `d5`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Where a move ends, `c5`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The play's text, within `Some( )`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// What a play is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ArchivedPlayKind {
    /// `Play(...)`: a move, with `from` and `to`.
    Move,
    /// `AttackerResigns` or `DefenderResigns`: the side resigns.
    Resignation,
}
