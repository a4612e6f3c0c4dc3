//! A tafl game shown a position at a time: a board a move, each
//! captioned with the move's address and its notation, the move and its
//! captures marked, the commentary on it and the variations that replace
//! it listed under it; each move's problems, and its variations', under
//! its board; the replay stopped at the first error of the main line
//! unless asked to go on. What names the game heads it (`notes`); on a
//! terminal, its `scene`; the frames themselves, `moves`.

mod moves;
mod notes;
mod scene;

use std::collections::HashMap;

use crate::core::Severity;
use crate::core::diagnostic::Problem;
use crate::core::family::{NoBoard, RecordBytes, file_name};
use crate::core::show::{Asked, Block, Plan, Shown};
use crate::tafl::render::{Glyphs, TextOptions};
use crate::tafl::replay::LineMove;
use crate::tafl::rules::{Position, RuleSet};
use crate::tafl::syntax::Form;

use super::board::{ShownGame, shown_game};
use notes::width;

/// A frame's move: its line (`None` the main line, else a variation's
/// index) and its index in that line.
type At = LineMove;

/// A tafl game read and replayed to be shown, frame by frame: its moves
/// as frames, the main line's first, then each variation's; the position
/// after each, the problems shown with each, the line of play through
/// each, and the variations listed under the move each replaces.
pub struct TaflShown {
    /// The record's path, `-` for standard input.
    path: String,
    /// The game's number in the record, from 1.
    number: usize,
    /// The game read and replayed.
    game: ShownGame,
    /// Each frame's move.
    frames: Vec<At>,
    /// The frame of each variation's first move (of its place, when it has
    /// none).
    firsts: Vec<usize>,
    /// The position after each frame's move.
    after: Vec<Position>,
    /// The frame of each label, `3b`, `7a.1.2b`.
    labels: HashMap<String, usize>,
    /// The replay's problems (their indices) by the frame each is shown
    /// with (`None`: before the first move), each frame's in the record's
    /// order.
    problems: HashMap<Option<usize>, Vec<usize>>,
    /// The variations listed under each frame (`None`: before the first
    /// move).
    listed: HashMap<Option<usize>, Vec<usize>>,
    /// The position at the start of the game.
    start: Position,
    /// The rows and columns of the board drawn on a screen, once asked for.
    size: std::cell::OnceCell<(usize, usize)>,
}

/// Game `number` of `record`, read in `form` and replayed under `rules`
/// (else its own), its problems those `shows` keeps.
pub(super) fn shown(
    record: RecordBytes<'_>,
    form: Form,
    rules: Option<&RuleSet>,
    number: usize,
    shows: &dyn Fn(&Problem) -> bool,
) -> Result<TaflShown, NoBoard> {
    let game = shown_game(record.bytes, form, rules, number)?;
    let replay = &game.replay;
    let positions = replay.positions();
    let start = match (positions.first(), &replay.rules) {
        (Some(first), _) => first.clone(),
        (None, Some(rules)) => Position::new(rules),
        (None, None) => return Err(NoBoard::NoRules),
    };
    let mut frames: Vec<At> = (0..replay.steps.len()).map(|n| (None, n)).collect();
    let mut after: Vec<Position> = positions.into_iter().skip(1).collect();
    let mut firsts = Vec::new();
    for (v, variation) in replay.variations.iter().enumerate() {
        firsts.push(frames.len());
        frames.extend((0..variation.steps.len()).map(|n| (Some(v), n)));
        after.extend(variation.positions().into_iter().skip(1));
    }
    // A label written twice names its first move.
    let mut labels = HashMap::new();
    for (f, &(line, n)) in frames.iter().enumerate() {
        labels.entry(replay.label(line, n)).or_insert(f);
    }
    let mut shown = TaflShown {
        path: record.path.to_owned(),
        number,
        game,
        frames,
        firsts,
        after,
        labels,
        problems: HashMap::new(),
        listed: HashMap::new(),
        start,
        size: std::cell::OnceCell::new(),
    };
    let mut listed: HashMap<Option<usize>, Vec<usize>> = HashMap::new();
    for v in 0..shown.game.replay.variations.len() {
        listed.entry(shown.listed(v)).or_default().push(v);
    }
    // The replay's problems are in the record's order.
    let mut problems: HashMap<Option<usize>, Vec<usize>> = HashMap::new();
    {
        let replay = &shown.game.replay;
        let holding = replay.variation_holding();
        for (n, problem) in replay.problems.iter().enumerate() {
            if shows(problem) {
                problems
                    .entry(shown.place(problem, &holding))
                    .or_default()
                    .push(n);
            }
        }
    }
    shown.listed = listed;
    shown.problems = problems;
    Ok(shown)
}

impl TaflShown {
    /// The frames `--turn` asks for: a move's (`3b`, `7a.1.2b`), or a
    /// variation's (`7a.1`); the main line's without it.
    fn wanted(&self, turn: Option<&str>) -> Result<Vec<usize>, NoBoard> {
        let Some(wanted) = turn else {
            return Ok(self.main_line());
        };
        if let Some(f) = self.frame_labelled(wanted) {
            return Ok(vec![f]);
        }
        // A variation's label ends with its number, `7a.1`.
        self.variation(wanted)
            .ok_or_else(|| match wanted.ends_with(|c: char| c.is_ascii_digit()) {
                true => NoBoard::NoVariation(wanted.to_owned()),
                false => NoBoard::NoTurn {
                    wanted: Some(wanted.to_owned()),
                    range: self.range(),
                },
            })
    }

    /// What to print of the frames `shown`, moves one after another of a
    /// line of play: the problems of the moves before the first, and of
    /// the variations listed under them; then a board a move with its
    /// problems and its variations' under it. Unless `keep_going`, the
    /// replay stops at the first error of a move shown, after its board and
    /// its problems up to that error; an error in a variation does not stop
    /// it. With the blocks, the problems they count: those of the moves up
    /// to the last shown, and of the variations listed under them.
    fn blocks(&self, shown: &[usize], keep_going: bool) -> (Vec<Block<'_>>, Vec<&Problem>) {
        let path = self.path(shown[0]);
        let first = path.iter().position(|&f| f == shown[0]).unwrap_or(0);
        let mut before = self.at(None);
        before.extend(self.listed_problems(None));
        for &f in &path[..first] {
            before.extend(self.at(Some(f)));
            before.extend(self.listed_problems(Some(f)));
        }
        let mut counted = before.clone();
        let mut blocks = Vec::new();
        if !before.is_empty() {
            blocks.push(Block::Problems(before));
        }
        for &f in shown {
            blocks.push(Block::Frame(f));
            let mut here = self.at(Some(f));
            let error = here.iter().position(|p| p.severity == Severity::Error);
            if let Some(error) = error.filter(|_| !keep_going) {
                here.truncate(error + 1);
                counted.extend(&here);
                blocks.push(Block::Problems(here));
                blocks.push(Block::Stopped(f));
                break;
            }
            here.extend(self.listed_problems(Some(f)));
            counted.extend(&here);
            if !here.is_empty() {
                blocks.push(Block::Problems(here));
            }
        }
        (blocks, counted)
    }
}

impl Shown for TaflShown {
    fn text(&self) -> &str {
        &self.game.text
    }

    /// The whole record is read.
    fn start(&self) -> (usize, usize) {
        (0, 0)
    }

    fn plan(&self, asked: Asked<'_>) -> Result<Plan<'_>, NoBoard> {
        let frames = self.wanted(asked.turn)?;
        if self.len() == 0 || frames.is_empty() {
            let mut problems = self.at(None);
            problems.extend(self.listed_problems(None));
            let valid = self.game.replay.is_valid();
            return Ok(Plan::Nothing { problems, valid });
        }
        let (blocks, counted) = self.blocks(&frames, asked.keep_going);
        let start = asked.turn.and(frames.last().copied());
        Ok(Plan::Boards {
            blocks,
            counted,
            start,
        })
    }

    /// The game's heading, then its start-comment when the replay shows
    /// the start (the first move of a line of play, or a game of none); the
    /// title on its line, as written whatever the path.
    fn heading(&self, asked: Asked<'_>, columns: Option<usize>) -> Option<String> {
        let width = width(columns);
        let shown = self.wanted(asked.turn).unwrap_or_default();
        let named = self.named();
        let comment = named
            .start_comment(width)
            .filter(|_| shown.first().is_none_or(|&f| self.previous(f).is_none()));
        match (named.heading(width, false), comment) {
            (Some(title), Some(comment)) => Some(format!("{title}\n\n{comment}")),
            (title, comment) => title.or(comment),
        }
    }

    /// The variations played from the start.
    fn preface(&self, columns: Option<usize>) -> Option<String> {
        let listed = self.listing(None, 0, width(columns));
        (!listed.is_empty()).then(|| listed.join("\n"))
    }

    /// The board with its caption, the commentary on its move and the
    /// variations listed under it.
    fn frame(&self, f: usize, _: &[&Problem], columns: Option<usize>, color: bool) -> String {
        let width = width(columns);
        let caption = format!("After {}", self.describe(f, true));
        let board = self.board(f).with_caption(&caption);
        let mut out = board.text(TextOptions {
            glyphs: Glyphs::Unicode,
            color,
        });
        if let Some(comment) = self.comment(f, width) {
            out.push_str(&format!("\n{comment}\n"));
        }
        let listed = self.listing(Some(f), 0, width);
        if !listed.is_empty() {
            out.push_str(&format!("\n{}\n", listed.join("\n")));
        }
        out
    }

    /// The position after frame `f`'s move, captioned with the file's
    /// name, the game and the move; named by the move's place in its line
    /// of play.
    fn picture(&self, f: usize) -> Option<(String, String)> {
        let (n, of) = match self.line_of(f) {
            None => (f, self.game.replay.steps.len()),
            Some(_) => {
                let path = self.path(f);
                (path.iter().position(|&g| g == f).unwrap_or(0), path.len())
            }
        };
        let name = picture_name(n, of, &self.label_of(f));
        let caption = format!(
            "{}, game {}, after {}",
            file_name(&self.path),
            self.number,
            self.describe(f, false)
        );
        Some((name, self.board(f).with_caption(&caption).svg()))
    }

    fn stopped(&self, f: usize) -> String {
        format!(
            "The replay stops at the first error, in {}: --continue goes on past \
             errors, each move played as the player meant it.",
            self.label_of(f)
        )
    }
}

/// The name of the picture of move `n` of a game of `moves` moves:
/// `001-1a.svg`, numbered from 1 in three digits, or as many as the
/// number of moves needs, so that the names sort in the game's order.
fn picture_name(n: usize, moves: usize, address: &str) -> String {
    let digits = moves.to_string().len().max(3);
    format!("{:0digits$}-{address}.svg", n + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_named_to_sort_in_the_order_of_the_moves() {
        assert_eq!(picture_name(0, 6, "1a"), "001-1a.svg");
        assert_eq!(picture_name(11, 120, "6b"), "012-6b.svg");
        assert_eq!(picture_name(999, 1200, "500b"), "1000-500b.svg");
        assert_eq!(picture_name(9, 1200, "5b"), "0010-5b.svg");
    }
}
