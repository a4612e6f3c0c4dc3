//! `hirp replay`: a game step by step, as boards, whatever its family; with
//! `-i`, on a terminal's screen.

use std::path::Path;

use hirp::Severity;
use hirp::any::{AnyFamily, Job};
use hirp::core::escape;
use hirp::core::family::{Family, RecordBytes};
use hirp::core::show::{Asked, Block, Plan, Shown};
use hirp::diagnostic::Problem;

use super::family::{RulesArg, of_file};
use super::game::{parse_turn, record_or_example, refused};
use super::report::{PedanticArg, Source};
use super::screen::View;
use super::stdout::output_columns;
use super::{
    input::io_reason, input::shown, report::Reporter, status::Status, stdout::write_stdout,
};

/// Replay a game as boards: one a turn, or one a step.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
With no FILE, replays the rulebook's example game (corrected), bundled in hirp,
without the advice on the letter of its record (`hirp validate` gives it).

Each board shows the eleven spaces in the board's layout, each side's pieces
on them (L Lofðungr, 3H three Hirþs, K2 a Karve carrying two), pieces on a
line attacking with an arrow, the supplies, the Penningr, and the turn line
with the token just played marked. Battles print as a table.

Each turn's problems are printed under its board, which counts them in its
heading and marks the tokens at fault. A record with an error stops at the
first one, showing the board there; --continue goes on with the nearest
legal reading. With --turn, the problems of the turns before it come before
its board, and only an error in that turn stops the replay.

A tafl record (.otg; .csv, or standard input, with --rules) is replayed a
board a move, each headed by the move's address and its notation, the move
and its captures marked. A move is a turn there: --turn takes its address
(3b), and --svg-dir writes 001-1a.svg, 002-1b.svg...; --step has no
meaning. The rule set is --rules, else the game file's [rules:] tag. The
variations that replace a move are listed under its board, with their
problems; --turn takes a variation's move (7a.1.2b), or a variation (7a.1)
to show its boards, and -i steps into the variations of a move with v and
back with b.

Examples:
  hirp replay                         the rulebook's example, a board a turn
  hirp replay game.hirp --step        a board a step
  hirp replay game.hirp --turn S3     the position after S3
  hirp replay -i game.hirp            step through it on a terminal
  hirp replay game.otg --turn 3b      a tafl game after its sixth move
  hirp replay game.otg --turn 7a.1    the boards of a variation of 7a
  hirp replay games.csv --rules brandub --game 2 --continue")]
pub struct Args {
    /// The record to replay (`-` reads standard input); without it, the
    /// rulebook's example game.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,

    /// Show only this turn (`S3`; a tafl move, `3b`, `7a.1.2b` in a
    /// variation): the position after it, or with --step its steps, and
    /// only the problems up to it; a tafl variation's label (`7a.1`) shows
    /// its moves.
    #[arg(long, value_name = "LABEL", value_parser = parse_turn)]
    turn: Option<String>,

    /// One board a step instead of one a turn (HIRP only).
    #[arg(long)]
    step: bool,

    /// Go on past errors with the nearest legal reading.
    #[arg(long = "continue")]
    keep_going: bool,

    /// Step through the game interactively (a terminal is needed).
    #[arg(short, long)]
    interactive: bool,

    /// Also write an SVG picture of the position after each turn shown into
    /// DIR (created if missing), named `01-G1.svg`, `02-S1.svg`... (a tafl
    /// game's `001-1a.svg`, `002-1b.svg`...).
    #[arg(long, value_name = "DIR")]
    svg_dir: Option<std::path::PathBuf>,

    #[command(flatten)]
    rules: RulesArg,

    #[command(flatten)]
    pedantic: PedanticArg,
}

/// Runs `hirp replay`: the record's family reads and replays the game,
/// and what it shows is printed here, or stepped through with `-i`.
pub fn run(args: Args, reporter: &Reporter, color: bool) -> Status {
    let reporter = &reporter.with(args.pedantic);
    let rules = args.rules.rules.as_ref();
    let family = match of_file(args.file.as_deref(), rules) {
        Ok(family) => family,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    if args.step && !family.steps() {
        reporter.error(&format!(
            "--step shows the steps of a HIRP turn: a {} record is replayed a board a {}",
            family.name(),
            family.turn_name()
        ));
        return Status::Failure;
    }
    if rules.is_some() && !family.takes_rules() {
        let name = args.file.as_deref().map_or("the rulebook example", shown);
        let family = family.name();
        reporter.note(&format!(
            "--rules is for tafl records: {name} is a {family} record, replayed by {family}'s rules."
        ));
    }
    let (path, bytes) = match record_or_example(args.file.as_deref(), reporter) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let replay = Replay {
        args: &args,
        family,
        record: RecordBytes {
            path: &path,
            bytes: &bytes,
        },
        reporter,
        color,
    };
    family.run(rules, replay)
}

/// What `hirp replay` asks of a family.
struct Replay<'a> {
    args: &'a Args,
    family: AnyFamily,
    record: RecordBytes<'a>,
    reporter: &'a Reporter,
    color: bool,
}

impl Job for Replay<'_> {
    type Output = Status;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Status {
        // The bundled example is known: advice on the letter of its record
        // is no news (`validate` still says it).
        let example = self.args.file.is_none();
        let shows = |problem: &Problem| {
            self.reporter.shows(problem) && !(example && problem.severity == Severity::Advice)
        };
        match family.shown(self.record, options, self.args.game, &shows) {
            Ok(game) => self.show(&game),
            Err(no_board) => refused(
                self.family,
                no_board,
                &self.record,
                self.args.game,
                self.reporter,
            ),
        }
    }
}

impl Replay<'_> {
    /// Shows `game` as asked: its boards printed, or on the screen.
    fn show(&self, game: &dyn Shown) -> Status {
        let (args, path, reporter) = (self.args, self.record.path, self.reporter);
        let asked = Asked {
            turn: args.turn.as_deref(),
            steps: args.step,
            keep_going: args.keep_going,
        };
        let plan = match game.plan(asked) {
            Ok(plan) => plan,
            Err(no_board) => {
                return refused(self.family, no_board, &self.record, args.game, reporter);
            }
        };
        let columns = output_columns();
        let heading = game.heading(asked, columns);
        let (offset, line) = game.start();
        let source = Source::excerpt(path, game.text(), offset, line);
        let (blocks, counted, start) = match plan {
            Plan::Boards {
                blocks,
                counted,
                start,
            } => (blocks, counted, start),
            Plan::Nothing { problems, valid } => {
                let units = format!("{}s", game.unit());
                let shown = (args.game, path, units.as_str());
                return no_board(
                    shown,
                    heading.as_deref(),
                    &source,
                    problems,
                    valid,
                    reporter,
                );
            }
        };
        if args.interactive {
            let view = View {
                scene: game,
                source: &source,
                reporter,
            };
            return super::interactive::run(view, start);
        }
        let printer = Printer {
            game,
            source: &source,
            reporter,
        };
        let printed = printer.print(heading.as_deref(), &blocks, |n| {
            write_stdout(&game.frame(n, &counted, columns, self.color))?;
            // A picture is drawn only to be written.
            match args.svg_dir.as_deref().map(|dir| (dir, game.picture(n))) {
                Some((dir, Some((name, picture)))) => write_picture(dir, &name, &picture),
                _ => Ok(()),
            }
        });
        if let Err(message) = printed {
            reporter.error(&message);
            return Status::Failure;
        }
        // With --turn, only the problems up to what is shown count.
        if counted.iter().any(|p| p.severity == Severity::Error) {
            Status::Invalid
        } else {
            Status::Ok
        }
    }
}

/// Says that game `number` of `path` has no `units` (turns, moves):
/// there is no board to show; then reports `problems`, the game's (a game
/// of tags and comments only, or one whose first turn could not be read).
/// `Invalid` when the game is not `valid`.
fn no_board(
    (number, path, units): (usize, &str, &str),
    title: Option<&str>,
    source: &Source,
    problems: Vec<&Problem>,
    valid: bool,
    reporter: &Reporter,
) -> Status {
    let mut out = String::new();
    if let Some(title) = title {
        out.push_str(title);
        out.push('\n');
    }
    out.push_str(&format!(
        "game {number} of {} has no {units}: there is no board to show\n",
        escape(shown(path))
    ));
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    reporter.emit_source(
        source,
        problems.into_iter().map(|p| p as &dyn miette::Diagnostic),
    );
    if valid { Status::Ok } else { Status::Invalid }
}

/// How a replay's blocks are printed, whatever the family.
struct Printer<'a> {
    game: &'a dyn Shown,
    /// Where the diagnostics point.
    source: &'a Source,
    reporter: &'a Reporter,
}

impl Printer<'_> {
    /// Prints what comes before the first turn, the heading and the blocks
    /// in order: each frame by `frame`, on standard output; the diagnostics
    /// and the stop on standard error; a blank line after the heading and
    /// after each frame (the diagnostics bring theirs). `Err` with a
    /// message when something cannot be written.
    fn print(
        &self,
        heading: Option<&str>,
        blocks: &[Block<'_>],
        mut frame: impl FnMut(usize) -> Result<(), String>,
    ) -> Result<(), String> {
        if let Some(preface) = self.game.preface(output_columns()) {
            write_stdout(&format!("{preface}\n\n"))?;
        }
        let mut previous: Option<bool> = None;
        if let Some(heading) = heading {
            write_stdout(&format!("{heading}\n"))?;
            previous = Some(true);
        }
        for block in blocks {
            if previous == Some(true) {
                write_stdout("\n")?;
            }
            previous = Some(matches!(block, Block::Frame(_)));
            match block {
                Block::Frame(n) => frame(*n)?,
                Block::Problems(problems) => self.reporter.emit_source(
                    self.source,
                    problems.iter().map(|p| *p as &dyn miette::Diagnostic),
                ),
                Block::Stopped(n) => self.reporter.note(&self.game.stopped(*n)),
            }
        }
        Ok(())
    }
}

/// Writes an SVG picture named `name` into `dir`, made if missing.
fn write_picture(dir: &Path, name: &str, picture: &str) -> Result<(), String> {
    let file = dir.join(name);
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, picture))
        .map_err(|e| format!("cannot write {}: {}", file.display(), io_reason(&e)))
}
