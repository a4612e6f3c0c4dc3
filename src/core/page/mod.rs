//! Pages for players, of any family: a record as one HTML file that
//! replays it, board by board, with its problems linked to the steps they
//! belong to.
//!
//! A page is drawn from a [`Page`], a model that knows no family of games:
//! a game is a list of [`Step`]s, each with its board as SVG, a heading,
//! the turn line with the byte range of the token just played, the marks of
//! the tokens at fault, the step's problems and the record's commentary on
//! it, plus the game's result and what the record says of the game. A
//! family gives pages by building this model; [`html::html`] writes it as
//! one self-contained file, [`html::served`] is the page of a server with
//! an editor, and [`pack`] the JSON both read (described by [`schema`]).
//!
//! A page of one game of two boards, built by hand, and packed: the lines
//! both boards share are kept once.
//!
//! ```
//! use hirp::core::json::problem::LineIndex;
//! use hirp::core::page::{GamePage, Page, Step, pack, title};
//!
//! let mut start = Step::headed("Start");
//! start.board = "<svg>\n<g/>\n</svg>".to_owned();
//! let mut after = Step::headed("After 1a");
//! after.board = "<svg>\n<rect/>\n</svg>".to_owned();
//! let game = GamePage::new(vec![start, after], &[], &LineIndex::new(""), None);
//! let title = title("games/game.otg");
//! assert_eq!(title, "game.otg");
//! let page = Page { title, games: vec![game], diagnostics: Vec::new(), legend: Vec::new() };
//!
//! let packed = pack(&page);
//! assert_eq!(packed.lines, ["<svg>", "<g/>", "</svg>", "<rect/>"]);
//! assert_eq!(packed.board(0, 1).unwrap(), "<svg>\n<rect/>\n</svg>");
//! ```

#[doc(hidden)]
pub mod html;
mod pack;
mod stream;

pub use pack::{Packed, PackedGame, PackedStep, Packer, pack, schema};
pub use stream::{PageWriter, Written};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::core::diagnostic::Problem;
use crate::core::json::problem::{Diagnostic, LineIndex, diagnostic};

/// A page's title for the record called `name`: the file's name, the path
/// to it left out, escaped for HTML.
pub fn title(name: &str) -> String {
    let file = std::path::Path::new(name)
        .file_name()
        .map_or_else(|| name.to_owned(), |n| n.to_string_lossy().into_owned());
    crate::core::escape(&file).into_owned()
}

/// A record as a page: its games, and the problems that lie in none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// What the page is called: the file's name.
    pub title: String,
    /// The games, in the record's order.
    pub games: Vec<GamePage>,
    /// Problems that lie in no game (in a record that holds none).
    pub diagnostics: Vec<Diagnostic>,
    /// What the marks of the boards stand for (`Black stones`: `the
    /// attackers`), where the pictures do not say it; none when they do.
    pub legend: Vec<Field>,
}

/// One game, as a list of steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePage {
    /// What names the game in the game picker: `game 2: Bjorn (Gull)
    /// against Ragna (Silfr)`.
    pub name: String,
    /// The boards, from the start of the game to the last one replayed.
    pub steps: Vec<Step>,
    /// Every problem of the game, in the record's order; each step names
    /// those it shows by their place here.
    pub diagnostics: Vec<Diagnostic>,
    /// How the game ended, said for a person (`Silfr wins by Drepið,
    /// doubled: 10 points`); `None` while no one has won.
    pub result: Option<String>,
    /// How long the game is, said for a person: `10 turns`, `34 moves`;
    /// empty when not said.
    pub length: String,
    /// What the record says of the game under its name, in order: its
    /// event, its date, its rules... (a tafl game file's tags); none when
    /// it says nothing.
    pub about: Vec<Field>,
    /// The other lines of play the record writes, variations of moves:
    /// their steps follow the main line's in `steps`.
    pub branches: Vec<Branch>,
}

impl GamePage {
    /// A game of `steps`, not named yet, its `problems` written with the
    /// lines and columns `lines` gives them, and its `result`.
    pub fn new(
        steps: Vec<Step>,
        problems: &[Problem],
        lines: &LineIndex<'_>,
        result: Option<String>,
    ) -> GamePage {
        GamePage {
            name: String::new(),
            steps,
            diagnostics: problems.iter().map(|p| diagnostic(p, lines)).collect(),
            result,
            length: String::new(),
            about: Vec::new(),
            branches: Vec::new(),
        }
    }
}

/// One thing a game's heading says of it: `Event`, `Club evening`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// What it is: `Event`, `Date`, `Rules`.
    pub label: String,
    /// What the record says, on one line.
    pub value: String,
}

/// Another line of play than the game's main one, a variation: its
/// steps, and where it branches. The main line's steps come first in the
/// game's `steps`, then each branch's, a branch after the one it branches
/// from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Branch {
    /// Its label, `7a.1`.
    pub label: String,
    /// Its moves as written, `d1-e1 d5-d6xe6 d7-e7`.
    pub moves: String,
    /// The step it is listed with: the one whose move it replaces, else
    /// the one it is played after.
    pub at: usize,
    /// The step whose board it starts from.
    pub from: usize,
    /// Its steps in the game's `steps`, `[first, end)`.
    pub steps: Range,
}

/// One board of a game and what led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The label of the turn it belongs to (`S4`); `None` before the first.
    pub turn: Option<String>,
    /// What the step is: `S4, step 2 of 5: Khh7>3`, `Battles of S4`.
    pub heading: String,
    /// The position after the step, as an SVG document whose text is
    /// escaped.
    pub board: String,
    /// The turn line the step belongs to (empty before the first turn).
    pub line: String,
    /// The byte range in `line` of the token just played, if one was.
    pub played: Option<Range>,
    /// The tokens of `line` the step's problems point at.
    pub marks: Vec<Mark>,
    /// The problems shown with this step, by their place in the game's
    /// `diagnostics`: each problem is shown with exactly one step.
    pub diagnostics: Vec<usize>,
    /// The battles fought in this step, if any.
    pub battles: Option<Table>,
    /// The record's commentary on the step, its paragraphs: on a move, the
    /// text written on it; at the start, the game's start-comment.
    pub comment: Vec<String>,
}

impl Step {
    /// A step of nothing but its heading: no turn, board, line, token
    /// played, marks, problems, battles or commentary yet.
    pub fn headed(heading: impl Into<String>) -> Step {
        Step {
            turn: None,
            heading: heading.into(),
            board: String::new(),
            line: String::new(),
            played: None,
            marks: Vec::new(),
            diagnostics: Vec::new(),
            battles: None,
            comment: Vec::new(),
        }
    }
}

/// The problems shown with step `step`, by their place in the game's
/// problems, given the step each is shown with (`homes`).
pub(crate) fn shown_with(homes: &[usize], step: usize) -> Vec<usize> {
    (0..homes.len()).filter(|&p| homes[p] == step).collect()
}

/// A byte range `[start, end)`.
pub type Range = [usize; 2];

/// A token of the turn line that a problem points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mark {
    /// The byte range in the turn line.
    pub range: Range,
    /// The problem's severity: `error`, `warning` or `advice`.
    pub severity: String,
}

impl Mark {
    /// The mark of `problem` at `range` of the turn line.
    pub fn of(range: Range, problem: &Problem) -> Mark {
        Mark {
            range,
            severity: problem.severity.name().to_owned(),
        }
    }
}

/// A table for a person: a header and rows of cells, a cell's lines
/// separated by `\n`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The columns' names.
    pub head: Vec<String>,
    /// The rows, as many cells each as `head` has.
    pub rows: Vec<Vec<String>>,
}
