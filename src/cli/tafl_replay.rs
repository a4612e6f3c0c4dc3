//! `hirp replay` on a tafl record: a board a move, each captioned with the
//! move's address and its notation, the move and its captures marked; each
//! move's problems under its board; the replay stopped at the first error
//! unless `--continue`. With `-i`, the same moves on a terminal
//! ([`TaflScene`](super::tafl_scene::TaflScene)).

use std::path::Path;

use hirp::Severity;
use hirp::diagnostic::Problem;
use hirp::hirp::syntax::escape;
use hirp::tafl::render::{Board, Glyphs, TextOptions};
use hirp::tafl::replay::{ProblemKind, Replay, RulesChoice};
use hirp::tafl::rules::{Outcome, Position};
use hirp::tafl::syntax::MoveAddress;

use super::boards::{Block, Printer, counts};
use super::replay::{file_name, no_board};
use super::report::Source;
use super::tafl_board::{TaflGame, read_game};
use super::tafl_scene::TaflScene;
use super::{Reporter, Status, io_reason, write_stdout};

/// What `hirp replay` was asked for a tafl record.
pub struct Request<'a> {
    /// The record's path, `-` for standard input.
    pub path: &'a str,
    /// `--rules`.
    pub rules: Option<&'a RulesChoice>,
    /// The game, from 1.
    pub game: usize,
    /// `--turn`: the move to show, `3b`.
    pub turn: Option<&'a str>,
    /// `--continue`.
    pub keep_going: bool,
    /// `-i`.
    pub interactive: bool,
    /// `--svg-dir`.
    pub svg_dir: Option<&'a Path>,
    /// Whether to colour the boards.
    pub color: bool,
}

/// A tafl game replayed for `replay`: the position after each move, and the
/// move each problem is shown with.
pub struct Moves<'a> {
    /// The record's path, `-` for standard input.
    pub path: &'a str,
    /// The game's number in the record, from 1.
    pub number: usize,
    /// The game replayed.
    pub replay: &'a Replay,
    /// The position at the start, then after each move.
    pub positions: Vec<Position>,
    /// The replay's problems in the order they are shown, each with the
    /// move it is shown under (`None`: before the first).
    pub problems: Vec<(Option<usize>, &'a Problem)>,
    /// The record's text, for the moves' notation.
    text: &'a str,
    /// The record, for the diagnostics.
    pub source: Source,
}

impl<'a> Moves<'a> {
    /// The game `number` of the record at `path`, as read.
    pub fn new(path: &'a str, number: usize, read: &'a TaflGame) -> Moves<'a> {
        let replay = &read.replay;
        let mut problems: Vec<(Option<usize>, &Problem)> = replay
            .problems
            .iter()
            .map(|p| (place(replay, p), p))
            .collect();
        problems.sort_by_key(|(at, p)| (at.map_or(0, |n| n + 1), p.span.start));
        Moves {
            path,
            number,
            replay,
            positions: replay.positions(),
            problems,
            text: &read.text,
            source: Source::new(path, &read.text),
        }
    }

    /// The problems shown under move `n` (`None`: before the first move).
    pub fn at(&self, n: Option<usize>) -> Vec<&'a Problem> {
        self.problems
            .iter()
            .filter(|(at, _)| *at == n)
            .map(|(_, p)| *p)
            .collect()
    }

    /// The address of move `n`, `3b`.
    pub fn address(&self, n: usize) -> MoveAddress {
        self.replay.steps[n].address
    }

    /// Move `n` as the record writes it, escaped.
    fn notation(&self, n: usize) -> String {
        let span = self.replay.steps[n].span;
        let written = self.text.get(span.start..span.end).unwrap_or_default();
        escape(written).into_owned()
    }

    /// How the game ends with move `n`, when it is its last.
    fn ending(&self, n: usize) -> Option<Outcome> {
        self.replay
            .outcome
            .filter(|_| n + 1 == self.replay.steps.len())
    }

    /// Move `n` for a caption: `1b: e4-e7xf7`, then with `counted` what
    /// problems it has (`— 1 error`), and how the game ends with it.
    pub fn describe(&self, n: usize, counted: bool) -> String {
        let mut text = format!("{}: {}", self.address(n), self.notation(n));
        let problems = self.at(Some(n));
        if counted && !problems.is_empty() {
            text.push_str(" — ");
            text.push_str(&counts(&problems));
        }
        if let Some(outcome) = self.ending(n) {
            text.push_str(&format!(" — {outcome}"));
        }
        text
    }

    /// The board after move `n`, the move and its captures marked.
    pub fn board(&self, n: usize) -> Board<'_> {
        let step = &self.replay.steps[n];
        let board = Board::of(&self.positions[n + 1]);
        match step.applied.mv() {
            Some(mv) => board.with_last_move(mv, step.captures.iter()),
            None => board,
        }
    }
}

/// The move a problem is shown under: the end of the game for a result or
/// a count of captures that is wrong, else the move it lies in, else the
/// last move before it; `None` before the first move.
fn place(replay: &Replay, problem: &Problem) -> Option<usize> {
    let steps = &replay.steps;
    if matches!(
        problem.code.kind(),
        Some(ProblemKind::Result | ProblemKind::CaptureCount)
    ) {
        return steps.len().checked_sub(1);
    }
    problem
        .turn
        .as_deref()
        .and_then(|address| steps.iter().position(|s| s.address == address))
        .or_else(|| {
            steps
                .iter()
                .rposition(|s| s.span.start <= problem.span.start)
        })
}

/// Runs `hirp replay` on a tafl record.
pub fn run(request: Request<'_>, reporter: &Reporter) -> Status {
    let read = match read_game(request.path, request.rules, request.game) {
        Ok(read) => read,
        Err(refused) => return refused.report(reporter),
    };
    let moves = Moves::new(request.path, request.game, &read);
    let steps = &moves.replay.steps;
    let only = match request.turn {
        None => None,
        Some(wanted) => match steps.iter().position(|s| s.address == wanted) {
            Some(n) => Some(n),
            None => {
                reporter.error(&format!(
                    "game {} of {} has no move {wanted}",
                    request.game, request.path
                ));
                return Status::Failure;
            }
        },
    };
    let title = title(request.path, request.game, &read);
    if steps.is_empty() {
        let shown = (moves.number, moves.path, "moves");
        let problems = moves.problems.iter().map(|(_, p)| *p);
        let valid = moves.replay.is_valid();
        return no_board(
            shown,
            title.as_deref(),
            &moves.source,
            problems,
            valid,
            reporter,
        );
    }
    if request.interactive {
        let scene = TaflScene::new(&moves, reporter, title.as_deref());
        return super::interactive::run(&scene, only, reporter);
    }
    let last = only.unwrap_or(steps.len() - 1);
    let blocks = plan(&moves, only, request.keep_going);
    // The start-comment, before the first move, when the replay shows it:
    // each paragraph escaped, a blank line between two.
    let shown = only.is_none_or(|n| n == 0) && !read.start_comment.is_empty();
    let comment = shown.then(|| {
        let paragraphs: Vec<_> = read.start_comment.iter().map(|p| escape(p)).collect();
        paragraphs.join("\n\n")
    });
    let heading = match (title, comment) {
        (Some(title), Some(comment)) => Some(format!("{title}\n\n{comment}")),
        (title, comment) => title.or(comment),
    };
    if let Err(message) = print(&moves, &request, heading.as_deref(), &blocks, reporter) {
        reporter.error(&message);
        return Status::Failure;
    }
    // With --turn, only the problems up to that move count.
    let invalid = moves
        .problems
        .iter()
        .any(|(at, p)| p.severity == Severity::Error && at.is_none_or(|n| n <= last));
    if invalid { Status::Invalid } else { Status::Ok }
}

/// What names the game shown, when the file holds more than one or its
/// tags name the players: `games.csv, game 2 of 3`, `game.otg: Ann
/// (attackers) against Bo (defenders)`.
fn title(path: &str, number: usize, read: &TaflGame) -> Option<String> {
    let path = escape(path);
    let players = read.players.as_deref().map(escape);
    match (read.games, players) {
        (0 | 1, None) => None,
        (0 | 1, Some(players)) => Some(format!("{path}: {players}")),
        (games, None) => Some(format!("{path}, game {number} of {games}")),
        (games, Some(players)) => Some(format!("{path}, game {number} of {games}: {players}")),
    }
}

/// What to print: the problems before the first move shown, then a board a
/// move with its problems under it, of the move `only` or of every move.
/// Unless `keep_going`, the replay stops at the first error of a move
/// shown, after its board and the problems up to that error.
fn plan<'a>(moves: &Moves<'a>, only: Option<usize>, keep_going: bool) -> Vec<Block<'a>> {
    let first = only.unwrap_or(0);
    let last = only.unwrap_or(moves.replay.steps.len() - 1);
    let mut blocks = Vec::new();
    let before: Vec<&Problem> = moves
        .problems
        .iter()
        .filter(|(at, _)| at.is_none_or(|n| n < first))
        .map(|(_, p)| *p)
        .collect();
    if !before.is_empty() {
        blocks.push(Block::Problems(before));
    }
    for n in first..=last {
        blocks.push(Block::Frame(n));
        let mut here = moves.at(Some(n));
        let error = here.iter().position(|p| p.severity == Severity::Error);
        if let Some(error) = error.filter(|_| !keep_going) {
            here.truncate(error + 1);
            blocks.push(Block::Problems(here));
            blocks.push(Block::Stopped(n));
            break;
        }
        if !here.is_empty() {
            blocks.push(Block::Problems(here));
        }
    }
    blocks
}

/// Prints the title and the blocks in order, as [`Printer`] does, each
/// board with its caption; writes the picture of each board into
/// `--svg-dir`. `Err` with a message when something cannot be written.
fn print(
    moves: &Moves<'_>,
    request: &Request<'_>,
    title: Option<&str>,
    blocks: &[Block<'_>],
    reporter: &Reporter,
) -> Result<(), String> {
    let stopped = |n: usize| {
        format!(
            "The replay stops at the first error, in {}: --continue goes on past \
             errors, each move played as the player meant it.",
            moves.address(n)
        )
    };
    let printer = Printer {
        source: &moves.source,
        reporter,
        stopped: &stopped,
    };
    printer.print(title, blocks, |n| {
        let caption = format!("After {}", moves.describe(n, true));
        let board = moves.board(n).with_caption(&caption);
        write_stdout(&board.text(TextOptions {
            glyphs: Glyphs::Unicode,
            color: request.color,
        }))?;
        match request.svg_dir {
            Some(dir) => write_picture(dir, moves, n),
            None => Ok(()),
        }
    })
}

/// The name of the picture of move `n` of a game of `moves` moves:
/// `001-1a.svg`, numbered from 1 in three digits, or as many as the
/// number of moves needs, so that the names sort in the game's order.
pub fn picture_name(n: usize, moves: usize, address: &str) -> String {
    let digits = moves.to_string().len().max(3);
    format!("{:0digits$}-{address}.svg", n + 1)
}

/// Writes the SVG picture of the position after move `n` into `dir`,
/// captioned with the file's name, the game and the move.
fn write_picture(dir: &Path, moves: &Moves<'_>, n: usize) -> Result<(), String> {
    let name = picture_name(n, moves.replay.steps.len(), &moves.address(n).to_string());
    let file = dir.join(name);
    let caption = format!(
        "{}, game {}, after {}",
        file_name(moves.path),
        moves.number,
        moves.describe(n, false)
    );
    let picture = moves.board(n).with_caption(&caption).svg();
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, picture))
        .map_err(|e| format!("cannot write {}: {}", file.display(), io_reason(&e)))
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
