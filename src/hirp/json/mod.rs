//! JSON, the contract for HIRP records: the types `hirp json` writes for a
//! HIRP record and `hirp notation` reads.
//!
//! These types live apart from the syntax tree so that the tree may change
//! without breaking readers. Every step, Penningr action and battle keeps its
//! canonical notation beside its typed fields; on import the typed fields are
//! what counts, and a `notation` that disagrees with them is an error. A
//! file's entry, and a game's line with `--lines`, names its family,
//! `"family": "hirp"`, and no `form`; the tafl records' name theirs
//! ([`crate::tafl::json`]). The document that holds the
//! records of both families, its reader and its schema are
//! [`crate::json`]'s.
//!
//! ```
//! use hirp::json::Document;
//!
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! let entry = hirp::hirp::json::file("game.hirp", &parsed.record);
//! let document = Document { files: vec![entry.into()] };
//! let json = serde_json::to_string(&document).unwrap();
//! let he7 = r#"{"notation":"He7","action":"enter","piece":"hirth","to":"7","span":[17,20]}"#;
//! assert!(json.contains(he7));
//!
//! let back = hirp::json::read_records(&json).unwrap();
//! assert_eq!(back[0].0, "game.hirp");
//! assert_eq!(back[0].1.to_string(), parsed.record.to_string());
//! ```

mod export;
mod import;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub(crate) use export::{comments, game};
pub use export::{file, game_line};
pub(crate) use import::{file_record, line_record};

use crate::core::json::{JsonPosition, JsonSpan};

/// The `family` of a HIRP record's entry or line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum HirpName {
    /// HIRP.
    #[default]
    #[serde(rename = "hirp")]
    Hirp,
}

/// The record of one HIRP file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// `hirp`: the record's family (absent from documents written by
    /// 0.2.0, whose HIRP records named none).
    #[serde(default)]
    pub family: HirpName,
    /// The games, in file order.
    pub games: Vec<Game>,
    /// Comments after the last tag or turn of the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
}

/// One line of `hirp json --lines` for a HIRP game, with the file it comes
/// from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameLine {
    /// The path of the file holding the game.
    pub path: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// `hirp`: the record's family (absent from documents written by
    /// 0.2.0, whose HIRP records named none).
    #[serde(default)]
    pub family: HirpName,
    /// The game's tags.
    pub tags: Vec<Tag>,
    /// The game's turns.
    pub turns: Vec<Turn>,
    /// From the game's first line to its last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// On the last game of a file: the comments after it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each turn the
    /// replay played, with their hashes. They follow from the turns, and a
    /// record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Tags, in the order written.
    pub tags: Vec<Tag>,
    /// Turns, in the order written.
    pub turns: Vec<Turn>,
    /// From the game's first line to its last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
    /// With `hirp json --positions`: the game's positions as `hirp
    /// position --all` prints them, its start, then after each turn the
    /// replay played, with their hashes. They follow from the turns, and a
    /// record read back from JSON leaves them aside.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<JsonPosition>,
}

/// A tag pair, `[Event "Jarl's Cup"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tag {
    /// Comments on the lines before the tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leading: Vec<Comment>,
    /// The name: letters, digits and `_`, starting with a letter.
    pub name: String,
    /// The value, escapes resolved.
    pub value: String,
    /// Comments after the tag on its line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailing: Vec<Comment>,
    /// Where the tag stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Comment {
    /// `line` (`; text`) or `block` (`{ text }`).
    pub kind: CommentKind,
    /// The text between the delimiters, as written.
    pub text: String,
    /// Where the comment stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// The two ways to write a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CommentKind {
    /// `; text` to the end of the line.
    Line,
    /// `{ text }`.
    Block,
}

/// A turn line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Comments on the lines before the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leading: Vec<Comment>,
    /// The label as written in notation, `G3`; must agree with `side` and `round`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Whose turn it is.
    pub side: Side,
    /// The round.
    pub round: u32,
    /// The steps, in the order written.
    pub steps: Vec<WrittenStep>,
    /// Penningr offers and answers, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penningr: Vec<PenningrAction>,
    /// The battles; empty when the turn records `/`.
    pub battles: Vec<WrittenBattle>,
    /// Comments after the turn on its line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailing: Vec<Comment>,
    /// Where the turn stands, from its label to its last battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Gull, gold, `G`.
    Gull,
    /// Silfr, silver, `S`.
    Silfr,
}

/// A space of the board, by its notation code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[allow(missing_docs)]
pub enum Space {
    #[serde(rename = "0")]
    S0,
    #[serde(rename = "1")]
    S1,
    #[serde(rename = "2")]
    S2,
    #[serde(rename = "3")]
    S3,
    #[serde(rename = "4")]
    S4,
    #[serde(rename = "5")]
    S5,
    #[serde(rename = "6")]
    S6,
    #[serde(rename = "7")]
    S7,
    #[serde(rename = "8")]
    S8,
    #[serde(rename = "9")]
    S9,
    #[serde(rename = "m")]
    Midr,
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Piece {
    /// Hirþ, `H`.
    Hirth,
    /// Karve, `K`.
    Karve,
    /// Lofðungr, `L`.
    Lofdungr,
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// `He`, `He7`, `He>1`: enter, then perhaps move `to`.
    Enter,
    /// `Hei`: enter and board a Karve on the home space.
    EnterBoard,
    /// `Hv3`, `Hv3m`: leave the Karve on `from`, then perhaps move `to`.
    Leave,
    /// `L01`: move `from` a space `to` another.
    Move,
    /// `Hi`: board a Karve on the piece's own space.
    Board,
    /// Text that could not be read as a step; `notation` holds it.
    Malformed,
}

/// One step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Step")]
pub struct WrittenStep {
    /// The step in canonical notation, `Khhh03`; must agree with the fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// What the step does.
    pub action: Action,
    /// The piece that acts (absent when malformed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<Piece>,
    /// A Karve's crew as written (Karves only), at most as many `h`s as a
    /// line holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 65536))]
    pub crew: Option<u32>,
    /// Where a `move` starts, or the space of the Karve a `leave` leaves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Space>,
    /// Where the piece goes, if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Space>,
    /// Written with `>`: the piece attacks `to`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attack: bool,
    /// Where the step stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A Penningr offer or answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PenningrAction {
    /// The action in canonical notation, `Sd`; must agree with the fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Who acts.
    pub side: Side,
    /// What they do.
    pub action: PenningrMove,
    /// Where the action stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// What a player does with the Penningr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PenningrMove {
    /// `d`: offer a double.
    Double,
    /// `t`: offer a triple.
    Triple,
    /// `a`: accept.
    Accept,
    /// `r`: refuse, giving up the game.
    Refuse,
}

/// A battle record, or text that could not be read as one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Battle")]
pub struct WrittenBattle {
    /// The battle in canonical notation, `>6GHxSL6`; must agree with the fields.
    /// When `malformed`, the text as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// The text could not be read as a battle; only `notation` counts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub malformed: bool,
    /// The attacked space.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub space: Option<Space>,
    /// Every piece that fought, the defender's first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fighters: Vec<WrittenFighter>,
    /// Where the battle stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<JsonSpan>,
}

/// A piece in a battle and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Fighter")]
pub struct WrittenFighter {
    /// Whose piece.
    pub side: Side,
    /// The piece.
    pub piece: Piece,
    /// A Karve's crew as written (Karves only), at most as many `h`s as a
    /// line holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 65536))]
    pub crew: Option<u32>,
    /// What became of it.
    pub fate: FateKind,
    /// Where it stands, when `fate` is `stands`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub space: Option<Space>,
}

/// What became of a piece in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FateKind {
    /// It stands on `space`: advanced, stayed, or retreated to.
    Stands,
    /// `^`: removed from play.
    RemovedFromPlay,
    /// `x`: removed from game.
    RemovedFromGame,
}
