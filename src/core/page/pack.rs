//! A page as the JSON its script reads: the boards' SVG cut into lines
//! kept once each, a step's board a list of runs of them. Consecutive
//! boards share most of their lines (the map, the panel, the pieces that
//! did not move), so a game of a hundred turns stays small.

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Branch, Field, GamePage, Mark, Page, Range, Table};
use crate::core::json::problem::Diagnostic;

/// A [`Page`] packed for its script.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Packed {
    /// What the page is called: the file's name.
    pub title: String,
    /// What the marks of the boards stand for, if the pictures do not say.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<Field>,
    /// The games, in the record's order.
    pub games: Vec<PackedGame>,
    /// Every line of the boards' SVG, each once.
    pub lines: Vec<String>,
    /// Problems that lie in no game (in a record that holds none).
    pub diagnostics: Vec<Diagnostic>,
}

/// One game of a [`Packed`] page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackedGame {
    /// What names the game: `game 2 of 3: Bjorn (Gull) against Ragna (Silfr)`.
    pub name: String,
    /// How the game ended, said for a person; `null` while no one has won.
    pub result: Option<String>,
    /// How long the game is, said for a person (`10 turns`, `34 moves`),
    /// if said.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub length: String,
    /// What the record says of the game under its name (its event, date,
    /// rules...), in order, if anything.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub about: Vec<Field>,
    /// Every problem of the game, in the record's order (as `hirp validate
    /// --format json` writes them).
    pub diagnostics: Vec<Diagnostic>,
    /// The boards, from the start of the game on: the main line's, then
    /// each branch's.
    pub steps: Vec<PackedStep>,
    /// The other lines of play, variations of moves, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<Branch>,
}

/// One step of a [`PackedGame`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackedStep {
    /// The label of the step's turn (`S4`); absent before the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// What the step is: `S4, step 2 of 5: Khh7>3`.
    pub heading: String,
    /// The board, an SVG element whose text is escaped, as runs of lines
    /// joined by `\n`: pairs of where a run starts and how many lines it
    /// takes. A run that starts at `n` ≥ 0 takes lines `n`... of `lines`;
    /// one that starts at `-n` - 1, lines `n`... of the step before's board.
    pub board: Vec<isize>,
    /// The turn line (empty before the first turn).
    pub line: String,
    /// The byte range in `line` of the token just played, if one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Range>,
    /// The tokens of `line` the step's problems point at, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// The problems shown with this step, by their place in the game's
    /// `diagnostics`, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<usize>,
    /// The battles fought in this step, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<Table>,
    /// The record's commentary on the step (at the start, the game's
    /// start-comment), its paragraphs, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comment: Vec<String>,
}

impl Packed {
    /// The board of step `step` of game `game` (from 0), as SVG.
    pub fn board(&self, game: usize, step: usize) -> Option<String> {
        let steps = &self.games.get(game)?.steps;
        steps.get(step)?;
        let mut lines: Vec<usize> = Vec::new();
        for step in &steps[..=step] {
            let mut board = Vec::new();
            for run in step.board.chunks(2) {
                let (start, length) = (run[0], run[1].unsigned_abs());
                match usize::try_from(start) {
                    Ok(start) => board.extend(start..start + length),
                    Err(_) => {
                        let start = (-start - 1).unsigned_abs();
                        board.extend_from_slice(&lines[start..start + length]);
                    }
                }
            }
            lines = board;
        }
        let text: Vec<&str> = lines.iter().map(|&n| self.lines[n].as_str()).collect();
        Some(text.join("\n"))
    }
}

/// Lines kept once each, and the board packed last. The lines are copied,
/// so that a game's boards may be dropped once it is packed.
#[derive(Default)]
struct Lines {
    lines: Vec<String>,
    index: HashMap<String, usize>,
    /// The lines of the board packed last, in `lines`.
    previous: Vec<usize>,
}

impl Lines {
    /// A board as runs of lines of the board before it (`first` when it
    /// has none) or of `lines`; its XML declaration is left out, as HTML
    /// holds the board.
    fn runs(&mut self, svg: &str, first: bool) -> Vec<isize> {
        let current: Vec<usize> = svg
            .lines()
            .filter(|l| !l.starts_with("<?xml"))
            .map(|line| match self.index.get(line) {
                Some(&at) => at,
                None => {
                    let at = self.lines.len();
                    self.index.insert(line.to_owned(), at);
                    self.lines.push(line.to_owned());
                    at
                }
            })
            .collect();
        if first {
            self.previous.clear();
        }
        let mut places: HashMap<usize, Vec<usize>> = HashMap::new();
        for (n, &line) in self.previous.iter().enumerate() {
            places.entry(line).or_default().push(n);
        }
        let mut runs: Vec<isize> = Vec::new();
        let mut j = 0;
        let mut after = 0;
        while j < current.len() {
            let line = current[j];
            let from = places.get(&line).and_then(|found| {
                found
                    .iter()
                    .copied()
                    .find(|&p| p == after)
                    .or(found.first().copied())
            });
            let (start, length) = match from {
                Some(p) => {
                    let length = (0..)
                        .take_while(|&n| {
                            j + n < current.len()
                                && self.previous.get(p + n) == Some(&current[j + n])
                        })
                        .count();
                    after = p + length;
                    (-(p as isize) - 1, length)
                }
                None => (line as isize, 1),
            };
            let n = runs.len();
            let joins =
                n >= 2 && start >= 0 && runs[n - 2] >= 0 && runs[n - 2] + runs[n - 1] == start;
            if joins {
                runs[n - 1] += 1;
            } else {
                runs.extend([start, length as isize]);
            }
            j += length;
        }
        self.previous = current;
        runs
    }
}

/// A page packed for its script.
pub fn pack(page: &Page) -> Packed {
    let mut packer = Packer::default();
    let games = page.games.iter().map(|game| packer.game(game)).collect();
    let mut packed = packer.finish(page.title.clone(), games, page.diagnostics.clone());
    packed.legend = page.legend.clone();
    packed
}

/// Packs a page game by game, as [`pack`] packs it whole: each game's
/// boards may be dropped once the game is packed, so that a record of many
/// games never holds all their boards at once.
///
/// ```
/// use hirp::hirp::page::page;
/// use hirp::page::{Packer, pack};
/// let page = page("game.hirp", b"G1 KeHeiHei /\nS1 He7He8He /\n");
/// let mut packer = Packer::default();
/// let games = page.games.iter().map(|game| packer.game(game)).collect();
/// let packed = packer.finish(page.title.clone(), games, page.diagnostics.clone());
/// assert_eq!(packed, pack(&page));
/// ```
#[derive(Default)]
pub struct Packer {
    lines: Lines,
}

impl Packer {
    /// The next game of the page, packed.
    pub fn game(&mut self, game: &GamePage) -> PackedGame {
        PackedGame {
            name: game.name.clone(),
            result: game.result.clone(),
            length: game.length.clone(),
            about: game.about.clone(),
            diagnostics: game.diagnostics.clone(),
            steps: game
                .steps
                .iter()
                .enumerate()
                .map(|(n, step)| PackedStep {
                    turn: step.turn.clone(),
                    heading: step.heading.clone(),
                    board: self.lines.runs(&step.board, n == 0),
                    line: step.line.clone(),
                    played: step.played,
                    marks: step.marks.clone(),
                    diagnostics: step.diagnostics.clone(),
                    battles: step.battles.clone(),
                    comment: step.comment.clone(),
                })
                .collect(),
            branches: game.branches.clone(),
        }
    }

    /// The page called `title`, of `games` packed in order by
    /// [`Packer::game`], with the problems that lie in no game, and no
    /// legend (set [`Packed::legend`] after).
    pub fn finish(
        self,
        title: String,
        games: Vec<PackedGame>,
        diagnostics: Vec<Diagnostic>,
    ) -> Packed {
        Packed {
            title,
            legend: Vec::new(),
            lines: self.lines.lines,
            games,
            diagnostics,
        }
    }
}

impl Packer {
    /// Every line of the boards packed so far, each once.
    pub fn lines(&self) -> &[String] {
        &self.lines.lines
    }
}

/// The JSON Schema of a [`Packed`] page: what `hirp serve`'s `/api/page`
/// answers and `hirp html --schema` prints.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(Packed)
}
