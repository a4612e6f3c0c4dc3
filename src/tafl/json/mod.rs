//! JSON, the contract for tafl records: the types `hirp json` writes for an
//! OpenTafl game file or an archive, and `hirp notation` reads.
//!
//! They follow HIRP's ([`crate::json`]): they live apart from the syntax
//! tree, and every ply and every variation's address keeps its canonical
//! notation beside its typed fields; on import the typed fields are what
//! counts, and a `notation` that disagrees with them is an error. A file's
//! entry, and a game's line with `--lines`, names its family, `"family":
//! "tafl"`, and its form, `"form": "otg"`, `"form": "csv"` or `"form":
//! "ron"` (hnefatafl.org's archive, whose games keep every field its
//! server writes: [`RonFile`]); HIRP's names no form. The schema is
//! [`crate::json::schema`]'s, which covers both families.
//!
//! ```
//! use hirp::tafl::syntax::{Form, parse};
//!
//! let parsed = parse("d2-e2 e4-e1 e2-d2xd3xd4,2,0,Black\n", Form::Csv);
//! let entry = hirp::tafl::json::file("games.csv", &parsed.record);
//! let json = serde_json::to_string(&entry).unwrap();
//! assert!(json.starts_with(r#"{"path":"games.csv","family":"tafl","form":"csv","games":[{"plies":[{"notation":"d2-e2","#));
//! let document = format!(r#"{{"files":[{json}]}}"#);
//! let back = hirp::json::read_any_records(&document).unwrap();
//! assert_eq!(back[0].1.to_string(), parsed.record.to_string());
//! ```

mod export;
mod import;
mod ron;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub(crate) use export::{csv_game, otg_game};
pub use export::{file, game_line};
pub use ron::{
    ArchivedGame, ArchivedPlay, ArchivedPlayKind, GameStatus, Message, PlayRecord, Rating, RonFile,
    RonForm, RonGameLine,
};
pub(crate) use ron::{archived_game, ron_file, ron_line};

/// The JSON of a tafl record, of either form: a document's entry once made
/// one (`From` for [`crate::json::FileEntry`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TaflFile {
    /// An OpenTafl game file.
    Otg(OtgFile),
    /// An archive.
    Csv(CsvFile),
    /// hnefatafl.org's archive.
    Ron(RonFile),
}

/// The `--lines` JSON of a tafl game, of either form: a line once made one
/// (`From` for [`crate::json::Line`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TaflLine {
    /// A game of an OpenTafl game file.
    Otg(OtgGameLine),
    /// A game of an archive.
    Csv(CsvGameLine),
    /// A game of hnefatafl.org's archive.
    Ron(RonGameLine),
}
pub(crate) use import::{csv_file, csv_line, otg_file, otg_line};

use crate::core::json::{JsonPosition, JsonSpan};

/// The `family` of a tafl record's entry or line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TaflName {
    /// The tafl games.
    #[default]
    #[serde(rename = "tafl")]
    Tafl,
}

/// The `form` of a game file's entry or line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum OtgForm {
    /// An OpenTafl game file, `.otg`.
    #[serde(rename = "otg")]
    Otg,
}

/// The `form` of an archive's entry or line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum CsvForm {
    /// An archive of one game a line, `.csv`.
    #[serde(rename = "csv")]
    Csv,
}

/// The record of an OpenTafl game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OtgFile {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// `tafl`: the record's family (absent from documents written by
    /// 0.2.0, whose tafl records named their form alone).
    #[serde(default)]
    pub family: TaflName,
    /// `otg`.
    pub form: OtgForm,
    /// The games, in file order.
    pub games: Vec<OtgGame>,
}

/// The record of an archive of one game a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CsvFile {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// `tafl`: the record's family (absent from documents written by
    /// 0.2.0, whose tafl records named their form alone).
    #[serde(default)]
    pub family: TaflName,
    /// `csv`.
    pub form: CsvForm,
    /// The games, in file order.
    pub games: Vec<CsvGame>,
    /// The archive starts with its header line,
    /// `moves,attacker_captures,defender_captures,result`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub header: bool,
}

/// One line of `hirp json --lines` for a game of an OpenTafl game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OtgGameLine {
    /// The path of the file holding the game.
    pub path: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// `tafl`: the record's family (absent from documents written by
    /// 0.2.0, whose tafl records named their form alone).
    #[serde(default)]
    pub family: TaflName,
    /// `otg`.
    pub form: OtgForm,
    /// The game's tags.
    pub tags: Vec<Tag>,
    /// The game's turns.
    pub turns: Vec<Turn>,
    /// From the game's first line to its last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move of its
    /// main line the replay played, with their hashes. They follow from the
    /// plies, and a record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// One line of `hirp json --lines` for a game of an archive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CsvGameLine {
    /// The path of the file holding the game.
    pub path: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// `tafl`: the record's family (absent from documents written by
    /// 0.2.0, whose tafl records named their form alone).
    #[serde(default)]
    pub family: TaflName,
    /// `csv`.
    pub form: CsvForm,
    /// On the first game of an archive that starts with its header line: the
    /// header.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub header: bool,
    /// The plies of the game's `moves` field.
    pub plies: Vec<Ply>,
    /// The captures the attackers made, as written; absent when the count
    /// could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_captures: Option<u32>,
    /// The captures the defenders made, as written; absent when the count
    /// could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_captures: Option<u32>,
    /// The result label; absent when the field is empty or could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultLabel>,
    /// The game's line, its line end not included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move of its
    /// main line the replay played, with their hashes. They follow from the
    /// plies, and a record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// One game of an OpenTafl game file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OtgGame {
    /// Tags, in the order written; the rules tag among them.
    pub tags: Vec<Tag>,
    /// The turns of the main line, in the order written.
    pub turns: Vec<Turn>,
    /// From the game's first line to its last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move of its
    /// main line the replay played, with their hashes. They follow from the
    /// plies, and a record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// A tag, `[date:2015.01.07]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "TaflTag")]
pub struct Tag {
    /// The name: a letter, then letters, digits, `-` or `_`.
    pub name: String,
    /// The value as written, line ends included when it runs over lines;
    /// it holds no `]`.
    pub value: String,
    /// From `[` to `]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A turn of the main line, `1. d1-d3 h6-h9`, with its commentary and the
/// variations written after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "TaflTurn")]
pub struct Turn {
    /// The turn's number, `1` in `1.`.
    pub number: u32,
    /// Its plies, in the order written.
    pub plies: Vec<Ply>,
    /// The commentary on its plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commentary: Option<Commentary>,
    /// The variations written after it, before the next turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Variation>,
    /// From its number to its last ply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A variation, `7a.1.1a. a3-c3 b4-b3xc3`: another line of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variation {
    /// Where it branches off.
    pub address: Address,
    /// Its plies; `placeholder` for a move it shares with its parent.
    pub plies: Vec<Ply>,
    /// The commentary on its plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commentary: Option<Commentary>,
    /// From its address to its last ply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A variation's address, `7a.1.2a.`: the second turn of the first
/// variation off the first ply of turn 7.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Address {
    /// The address in canonical notation, `7a.1.2a.`; must agree with the
    /// fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// The ply of the main line it starts from, `7a`.
    pub start: MoveAddress,
    /// Each variation taken and the ply within it, `.1.2a`: at least one.
    pub steps: Vec<VariationStep>,
}

/// A ply's address: the turn, and the ply within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveAddress {
    /// The turn's number.
    pub turn: u32,
    /// The ply within the turn, from 0 (`a`) to 25 (`z`).
    #[schemars(range(max = 25))]
    pub ply: u8,
}

/// A step of a variation's address: the variation's number and a ply in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariationStep {
    /// Which variation, from 1.
    pub variation: u32,
    /// The ply within it.
    pub at: MoveAddress,
}

/// Commentary on the plies of a turn or variation, `[first|second]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commentary {
    /// One text per ply, as written, empty ones included (`[|]` holds two):
    /// at least one. A text holds no `|` or `]`, and no line of it starts
    /// with `[`.
    pub texts: Vec<String>,
    /// From `[` to `]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// One game of an archive, a line
/// `moves,attacker_captures,defender_captures,result`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CsvGame {
    /// The plies of the `moves` field, the attackers' first.
    pub plies: Vec<Ply>,
    /// The captures the attackers made, as written; absent when the count
    /// could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_captures: Option<u32>,
    /// The captures the defenders made, as written; absent when the count
    /// could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender_captures: Option<u32>,
    /// The result label; absent when the field is empty or could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultLabel>,
    /// The game's line, its line end not included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each move of its
    /// main line the replay played, with their hashes. They follow from the
    /// plies, and a record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// The result of an archived game, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ResultLabel {
    /// The attackers won.
    Black,
    /// The defenders won.
    White,
    /// A draw.
    Draw,
    /// The game was not finished.
    Ongoing,
}

/// One ply: a move, or what ends a game without one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ply {
    /// The ply in canonical notation as its form writes it: `Kd4-c4xc5/d3+`
    /// in a game file, `d2-e2xd3xd4` in an archive; must agree with the
    /// fields. When `malformed`, the text as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// What it is.
    pub kind: PlyKind,
    /// A move's piece letter, when written (a game file writes it for
    /// pieces other than taflmen; an archive never does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<PieceLetter>,
    /// Where a move starts, `d4`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// How a move goes, when not `regular` (`-`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_type: Option<MoveType>,
    /// Where a move ends, `c4`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// The pieces a move captures, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captures: Vec<Capture>,
    /// What a move says of the king after it, when written (never in an
    /// archive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub info: Option<Info>,
    /// Where the ply stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// What a ply is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PlyKind {
    /// `d1-d3`, `Kd4-c4xc5/d3+`: a move, with `from` and `to`.
    Move,
    /// `timeout`, in an archive: the side to move lost on time.
    Timeout,
    /// `---`, in a game file: the side to move resigns.
    Resignation,
    /// `.....`, in a game file's variation: a move of the turn that the
    /// variation shares with the line it branches from.
    Placeholder,
    /// Text that could not be read as a ply; `notation` holds it.
    Malformed,
}

/// A piece letter: the kind of piece, and by its case the side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceLetter {
    /// Whose piece: lower case for the attackers, upper case for the
    /// defenders.
    pub side: Side,
    /// Which kind.
    pub kind: PieceKind,
}

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
#[schemars(rename = "TaflSide")]
pub enum Side {
    /// The attackers, black in the archives: a lower-case letter.
    Attackers,
    /// The defenders, white in the archives: an upper-case letter.
    Defenders,
}

/// A kind of piece, as its letter names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PieceKind {
    /// `t`: an ordinary piece.
    Taflman,
    /// `k`: the king.
    King,
    /// `c`: a commander.
    Commander,
    /// `n`: a knight.
    Knight,
    /// `m`: a mercenary.
    Mercenary,
    /// `g`: a guard.
    Guard,
}

/// How a piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MoveType {
    /// `-`: a regular move.
    Regular,
    /// `^`: a jump.
    Jump,
    /// `=`: a berserk move.
    Berserk,
    /// `^=`: a berserk jump.
    BerserkJump,
}

/// A captured piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// Its piece letter, when written (never in an archive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<PieceLetter>,
    /// Where it stood, `d3`.
    pub square: String,
}

/// What a move says of the king after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
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
