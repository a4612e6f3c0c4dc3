//! `hirp replay` on a tafl record: a board a move, each captioned with the
//! move's address and its notation, the move and its captures marked, the
//! variations that replace it listed under it; each move's problems, and
//! its variations', under its board; the replay stopped at the first error
//! of the main line unless `--continue`. With `-i`, the same moves on a
//! terminal ([`TaflScene`](super::tafl_scene::TaflScene)).

use std::path::Path;

use hirp::Severity;
use hirp::any::{AnyFamily, RulesChoice};
use hirp::core::family::{RecordBytes, file_name};
use hirp::diagnostic::Problem;
use hirp::tafl::family::{ShownGame, Tafl, shown_game};
use hirp::tafl::render::{Glyphs, TextOptions};
use hirp::tafl::syntax::Form;

use super::boards::{Block, Printer};
use super::replay::no_board;
use super::tafl_moves::Moves;
use super::tafl_notes;
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

/// Runs `hirp replay` on a tafl record.
pub fn run(request: Request<'_>, reporter: &Reporter) -> Status {
    let read = match read_game(request.path, request.rules, request.game, reporter) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let moves = Moves::new(request.path, request.game, &read, reporter);
    let frames = match request.turn {
        None => moves.main_line(),
        Some(wanted) => match wanted_frames(&moves, wanted) {
            Some(frames) => frames,
            None => {
                // A variation's label ends with its number, `7a.1`.
                let what = match wanted.ends_with(|c: char| c.is_ascii_digit()) {
                    true => "variation",
                    false => "move",
                };
                reporter.error(&format!(
                    "game {} of {} has no {what} {wanted}",
                    request.game, request.path
                ));
                return Status::Failure;
            }
        },
    };
    let width = tafl_notes::width();
    let heading = heading(&moves, &frames, width);
    if moves.len() == 0 || frames.is_empty() {
        let shown = (moves.number, moves.path, "moves");
        let problems = moves
            .at(None)
            .into_iter()
            .chain(moves.listed_problems(None));
        let valid = moves.replay.is_valid();
        return no_board(
            shown,
            heading.as_deref(),
            &moves.source,
            problems,
            valid,
            reporter,
        );
    }
    if request.interactive {
        let scene = TaflScene::new(&moves, reporter);
        let start = request.turn.map(|_| frames[frames.len() - 1]);
        return super::interactive::run(&scene, start, reporter);
    }
    let plan = plan(&moves, &frames, request.keep_going);
    let shown = Shown {
        title: heading.as_deref(),
        width,
    };
    if let Err(message) = print(&moves, &request, shown, &plan.blocks, reporter) {
        reporter.error(&message);
        return Status::Failure;
    }
    // With --turn, only the problems up to the moves shown count.
    if plan.counted.iter().any(|p| p.severity == Severity::Error) {
        Status::Invalid
    } else {
        Status::Ok
    }
}

/// The frames `--turn` asks for: a move's (`3b`, `7a.1.2b`), or a
/// variation's (`7a.1`).
fn wanted_frames(moves: &Moves<'_>, wanted: &str) -> Option<Vec<usize>> {
    match moves.find(wanted) {
        Some(f) => Some(vec![f]),
        None => moves.variation(wanted),
    }
}

/// What heads the replay of the frames `shown`: the game's heading, then
/// its start-comment when the replay shows the start (the first move of
/// a line of play, or a game of none); the title on its line, as written
/// whatever the path.
fn heading(moves: &Moves<'_>, shown: &[usize], width: usize) -> Option<String> {
    let named = moves.named();
    let comment = named
        .start_comment(width)
        .filter(|_| shown.first().is_none_or(|&f| moves.previous(f).is_none()));
    match (named.heading(width, false), comment) {
        (Some(title), Some(comment)) => Some(format!("{title}\n\n{comment}")),
        (title, comment) => title.or(comment),
    }
}

/// What a replay prints, and the problems it counts.
struct Plan<'a> {
    blocks: Vec<Block<'a>>,
    /// The problems of the moves up to the last shown, and of the
    /// variations listed under them: those that make the exit status.
    counted: Vec<&'a Problem>,
}

/// What to print of the frames `shown`, moves one after another of a line
/// of play: the problems of the moves before the first, and of the
/// variations listed under them; then a board a move with its problems
/// and its variations' under it. Unless `keep_going`, the replay stops at
/// the first error of a move shown, after its board and its problems up to
/// that error; an error in a variation does not stop it.
fn plan<'a>(moves: &Moves<'a>, shown: &[usize], keep_going: bool) -> Plan<'a> {
    let path = moves.path(shown[0]);
    let first = path.iter().position(|&f| f == shown[0]).unwrap_or(0);
    let mut before = moves.at(None);
    before.extend(moves.listed_problems(None));
    for &f in &path[..first] {
        before.extend(moves.at(Some(f)));
        before.extend(moves.listed_problems(Some(f)));
    }
    let mut counted = before.clone();
    let mut blocks = Vec::new();
    if !before.is_empty() {
        blocks.push(Block::Problems(before));
    }
    for &f in shown {
        blocks.push(Block::Frame(f));
        let mut here = moves.at(Some(f));
        let error = here.iter().position(|p| p.severity == Severity::Error);
        if let Some(error) = error.filter(|_| !keep_going) {
            here.truncate(error + 1);
            counted.extend(&here);
            blocks.push(Block::Problems(here));
            blocks.push(Block::Stopped(f));
            break;
        }
        here.extend(moves.listed_problems(Some(f)));
        counted.extend(&here);
        if !here.is_empty() {
            blocks.push(Block::Problems(here));
        }
    }
    Plan { blocks, counted }
}

/// What heads a replay's output, and the width of its prose.
struct Shown<'a> {
    /// What names the game and its start-comment, if anything does.
    title: Option<&'a str>,
    /// The width the commentary is wrapped to.
    width: usize,
}

/// Prints the title and the blocks in order, as [`Printer`] does, each
/// board with its caption, the commentary on its move and the variations
/// listed under it; writes the picture of each board into `--svg-dir`.
/// `Err` with a message when something cannot be written.
fn print(
    moves: &Moves<'_>,
    request: &Request<'_>,
    shown: Shown<'_>,
    blocks: &[Block<'_>],
    reporter: &Reporter,
) -> Result<(), String> {
    let stopped = |f: usize| {
        format!(
            "The replay stops at the first error, in {}: --continue goes on past \
             errors, each move played as the player meant it.",
            moves.label(f)
        )
    };
    let printer = Printer {
        source: &moves.source,
        reporter,
        stopped: &stopped,
    };
    let listed = moves.listing(None, 0, shown.width);
    if !listed.is_empty() {
        write_stdout(&format!("{}\n\n", listed.join("\n")))?;
    }
    printer.print(shown.title, blocks, |f| {
        let caption = format!("After {}", moves.describe(f, true));
        let board = moves.board(f).with_caption(&caption);
        write_stdout(&board.text(TextOptions {
            glyphs: Glyphs::Unicode,
            color: request.color,
        }))?;
        if let Some(comment) = moves.comment(f, shown.width) {
            write_stdout(&format!("\n{comment}\n"))?;
        }
        let listed = moves.listing(Some(f), 0, shown.width);
        if !listed.is_empty() {
            write_stdout(&format!("\n{}\n", listed.join("\n")))?;
        }
        match request.svg_dir {
            Some(dir) => write_picture(dir, moves, f),
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

/// Writes the SVG picture of the position after frame `f`'s move into
/// `dir`, captioned with the file's name, the game and the move; named by
/// the move's place in its line of play.
fn write_picture(dir: &Path, moves: &Moves<'_>, f: usize) -> Result<(), String> {
    let (n, of) = match moves.line_of(f) {
        None => (f, moves.replay.steps.len()),
        Some(_) => {
            let path = moves.path(f);
            (path.iter().position(|&g| g == f).unwrap_or(0), path.len())
        }
    };
    let name = picture_name(n, of, &moves.label(f));
    let file = dir.join(name);
    let caption = format!(
        "{}, game {}, after {}",
        file_name(moves.path),
        moves.number,
        moves.describe(f, false)
    );
    let picture = moves.board(f).with_caption(&caption).svg();
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, picture))
        .map_err(|e| format!("cannot write {}: {}", file.display(), io_reason(&e)))
}

/// Reads the tafl record at `path` (`-` for standard input; a record told
/// as HIRP's is read as a game file) and replays its game `number`,
/// counted from 1, under `rules` if given, else under its rules tag.
/// `Err` with the exit status once the reason is reported.
pub fn read_game(
    path: &str,
    rules: Option<&RulesChoice>,
    number: usize,
    reporter: &Reporter,
) -> Result<ShownGame, Status> {
    let bytes = match super::read_input(path) {
        Ok(input) => input.bytes,
        Err(message) => {
            reporter.error(&message);
            return Err(Status::Failure);
        }
    };
    let tafl = match super::family::family(path, rules, &bytes) {
        AnyFamily::Tafl(tafl) => tafl,
        AnyFamily::Hirp(_) => Tafl(Form::Otg),
    };
    shown_game(&bytes, tafl.0, rules.map(|r| &r.rules), number).map_err(|refused| {
        let record = RecordBytes {
            path,
            bytes: &bytes,
        };
        super::board::refused(AnyFamily::Tafl(tafl), refused, &record, number, reporter)
    })
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
