//! `hirp replay`: a game step by step, as boards.

use std::io::IsTerminal;

use hirp::Severity;
use hirp::any::AnyFamily;
use hirp::core::canvas::{Canvas, Style};
use hirp::core::escape;
use hirp::core::family::file_name;
use hirp::diagnostic::Problem;
use hirp::hirp::Side;
use hirp::hirp::render::text::{self, Drawing};
use hirp::hirp::replay::{BattleView, GameReport, Observer, StepView, replay_game_with};
use hirp::hirp::rules::Position;
use hirp::hirp::syntax::{Game, Turn};

use super::boards::{Block, Printer, marked, plan, show_with_legend};
use super::family::RulesArg;
use super::report::{PedanticArg, Source};
use super::{OneGame, Reporter, Status, no_game, nth_game, read_input, write_stdout};

/// The rulebook's example game, corrected: what `hirp replay` shows without a file.
pub const EXAMPLE: &str = include_str!("../../fixtures/rulebook/corrected.hirp");

/// Replay a game as boards: one a turn, or one a step.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
With no FILE, replays the rulebook's example game (corrected), bundled in hirp.

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

/// Checks a HIRP turn label such as `S3` (or `s3`), or a tafl move's
/// address such as `3b` (or `3B`; a berserk turn's third move is `3c`), a
/// variation's move's (`7a.1.2b`) or a variation's (`7a.1`), as `--turn`
/// takes them.
pub fn parse_turn(text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    if is_variation_label(&lower) {
        return Ok(lower);
    }
    if let Some(digits) = lower.strip_suffix(|c: char| c.is_ascii_lowercase())
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Ok(lower);
    }
    text.to_uppercase()
        .parse::<hirp::hirp::syntax::Label>()
        .map(|label| label.to_string())
        .map_err(|_| {
            format!(
                "`{text}` is not a turn label such as `G1` or `S3`, nor a tafl move such as `3b`"
            )
        })
}

/// Whether `text` is a tafl variation's label, `7a.1`, or the label of a
/// move in one, `7a.1.2b`: a move's address, then a variation's number and
/// a move's address as often as need be, the last address left out or not.
fn is_variation_label(text: &str) -> bool {
    let number = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let address = |part: &str| {
        let digits = part.trim_end_matches(|c: char| c.is_ascii_lowercase());
        digits.len() + 1 == part.len() && number(digits)
    };
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() >= 2
        && parts.iter().enumerate().all(|(n, part)| {
            if n % 2 == 0 {
                address(part)
            } else {
                number(part)
            }
        })
}

/// What the replay showed at one moment.
#[derive(Clone, Debug)]
pub enum Moment {
    /// After the token `token` of the turn, `steps` steps into it, `taken` of
    /// them by this token.
    Step { token: usize, steps: u8, taken: u8 },
    /// After the turn's battles.
    Battles(Vec<BattleView>),
    /// At the turn's end.
    TurnEnd,
}

/// A moment of the game and the position then.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The turn's place in the game, from 0.
    pub turn: usize,
    /// What happened.
    pub moment: Moment,
    /// The position after it.
    pub position: Position,
}

/// Records every frame of a replay.
#[derive(Default)]
pub struct Recorder {
    /// The frames, in order.
    pub frames: Vec<Frame>,
}

impl Observer for Recorder {
    fn step(&mut self, step: &StepView<'_>) {
        let before = match self.frames.last() {
            Some(Frame {
                turn,
                moment: Moment::Step { steps, .. },
                ..
            }) if *turn == step.index => *steps,
            _ => 0,
        };
        self.frames.push(Frame {
            turn: step.index,
            moment: Moment::Step {
                token: step.token,
                steps: step.steps,
                taken: step.steps.saturating_sub(before),
            },
            position: *step.position,
        });
    }

    fn battles(&mut self, _turn: &Turn, battles: &[BattleView], position: &Position) {
        let turn = self.frames.last().map_or(0, |f| f.turn);
        self.frames.push(Frame {
            turn,
            moment: Moment::Battles(battles.to_vec()),
            position: *position,
        });
    }

    fn turn(&mut self, _turn: &Turn, index: usize, position: &Position) {
        self.frames.push(Frame {
            turn: index,
            moment: Moment::TurnEnd,
            position: *position,
        });
    }
}

/// A game replayed: its frames and its report.
pub struct Replayed {
    /// Every frame.
    pub frames: Vec<Frame>,
    /// Problems and result.
    pub report: GameReport,
}

/// Replays a game, recording its frames.
pub fn record(game: &Game, errors: &[hirp::hirp::syntax::SyntaxError]) -> Replayed {
    let errors: Vec<&hirp::hirp::syntax::SyntaxError> = errors.iter().collect();
    let mut recorder = Recorder::default();
    let report = replay_game_with(game, &errors, &mut recorder);
    Replayed {
        frames: recorder.frames,
        report,
    }
}

/// The label of turn `n` of a game: `G1`, `S1`...
pub fn label(n: usize) -> String {
    hirp::hirp::syntax::Label::of_turn(n).to_string()
}

/// The columns output is shown in: the terminal's, or `COLUMNS` when
/// standard output is not a terminal; `None` when neither says.
pub fn output_columns() -> Option<usize> {
    let terminal = std::io::stdout()
        .is_terminal()
        .then(|| crossterm::terminal::size().ok())
        .flatten()
        .map(|(columns, _)| usize::from(columns));
    terminal.or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
}

/// The game `number` (from 1) that `replay` and `board` show, with the name
/// of where it was read (`file`, or the rulebook example when there is
/// none) and the number of games there. `Err` with the exit status once
/// the reason is reported.
pub fn shown_game(
    file: Option<&str>,
    number: usize,
    reporter: &Reporter,
) -> Result<(String, OneGame, usize), Status> {
    let (path, bytes) = match file {
        None => ("rulebook example", EXAMPLE.as_bytes().to_vec()),
        Some(path) => match read_input(path) {
            Ok(input) => (path, input.bytes),
            Err(message) => {
                reporter.error(&message);
                return Err(Status::Failure);
            }
        },
    };
    match nth_game(path, &bytes, number) {
        Ok(found) => Ok((path.to_owned(), found, count_games(&bytes))),
        Err(0) => Err(no_game(AnyFamily::HIRP, path, &bytes, reporter)),
        Err(games) => {
            reporter.error(&super::no_such_game(path, games, number));
            Err(Status::Failure)
        }
    }
}

/// The number of games in a record.
fn count_games(bytes: &[u8]) -> usize {
    // Reading from memory cannot fail.
    hirp::hirp::syntax::Games::new(bytes)
        .map_while(Result::ok)
        .map(|chunk| hirp::hirp::syntax::parse_chunk(&chunk).1.record.games.len())
        .sum()
}

/// Runs `hirp replay`, as the record's family replays it.
pub fn run(args: Args, reporter: &Reporter, color: bool) -> Status {
    let reporter = &reporter.with(args.pedantic);
    match super::family::of_file(args.file.as_deref(), args.rules.rules.as_ref()) {
        Ok(family) => super::family::replay(family, args, reporter, color),
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// Runs `hirp replay` on a tafl record.
pub fn tafl(args: Args, reporter: &Reporter, color: bool) -> Status {
    if args.step {
        reporter.error(
            "--step shows the steps of a HIRP turn: a tafl record is replayed a board a move",
        );
        return Status::Failure;
    }
    let request = super::tafl_replay::Request {
        path: args.file.as_deref().unwrap_or_default(),
        rules: args.rules.rules.as_ref(),
        game: args.game,
        turn: args.turn.as_deref(),
        keep_going: args.keep_going,
        interactive: args.interactive,
        svg_dir: args.svg_dir.as_deref(),
        color,
    };
    super::tafl_replay::run(request, reporter)
}

/// Notes that `--rules`, given for a HIRP record, is left aside.
fn rules_left_aside(args: &Args, reporter: &Reporter) {
    if args.rules.rules.is_some() {
        let name = args
            .file
            .as_deref()
            .map_or("the rulebook example", super::shown);
        reporter.note(&format!(
            "--rules is for tafl records: {name} is a HIRP record, replayed by HIRP's rules."
        ));
    }
}

/// Runs `hirp replay` on a HIRP record, or the rulebook's example;
/// `--rules` is left aside, with a note saying so.
pub fn hirp(args: Args, reporter: &Reporter, color: bool) -> Status {
    rules_left_aside(&args, reporter);
    let (path, found, games) = match shown_game(args.file.as_deref(), args.game, reporter) {
        Ok(shown) => shown,
        Err(status) => return status,
    };
    let game = &found.game;
    let replayed = record(game, &found.errors);
    let only = match only_turn(&args, game, &path, reporter) {
        Ok(only) => only,
        Err(status) => return status,
    };
    let title = title(&path, args.game, games, game);
    if game.turns.is_empty() {
        let problems = &replayed.report.problems;
        let valid = !problems.iter().any(|p| p.severity == Severity::Error);
        let shown = (args.game, path.as_str(), "turns");
        return no_board(
            shown,
            title.as_deref(),
            &found.source,
            problems.iter(),
            valid,
            reporter,
        );
    }
    if args.interactive {
        let scene = super::screen::HirpScene {
            game,
            replayed: &replayed,
            source: &found.source,
            reporter,
            title: title.as_deref(),
        };
        return super::interactive::run(&scene, only, reporter);
    }
    // With --turn, the game is shown up to that turn, and so are its problems.
    let cutoff = only.map_or(usize::MAX, |n| game.turns[n].span.end);
    let mut problems: Vec<&Problem> = replayed
        .report
        .problems
        .iter()
        .filter(|p| p.span.start < cutoff)
        .collect();
    problems.sort_by_key(|p| p.span.start);
    let blocks = plan(
        game,
        &replayed.frames,
        &problems,
        only,
        args.step,
        args.keep_going,
    );
    let shown = Shown {
        args: &args,
        path: &path,
        game,
        frames: &replayed.frames,
        problems: &problems,
        source: &found.source,
        reporter,
        color,
    };
    if let Err(message) = shown.print(title.as_deref(), &blocks) {
        reporter.error(&message);
        return Status::Failure;
    }
    if problems.iter().any(|p| p.severity == Severity::Error) {
        Status::Invalid
    } else {
        Status::Ok
    }
}

/// The turn of `game` that `--turn` names, if it names one (from 0); `Err`
/// with the status once the error is reported, when the game has no such
/// turn.
fn only_turn(
    args: &Args,
    game: &Game,
    path: &str,
    reporter: &Reporter,
) -> Result<Option<usize>, Status> {
    let Some(wanted) = &args.turn else {
        return Ok(None);
    };
    match (0..game.turns.len()).find(|&n| label(n) == *wanted) {
        Some(n) => Ok(Some(n)),
        None => {
            reporter.error(&format!(
                "game {} of {} has no turn {wanted}",
                args.game,
                super::shown(path)
            ));
            Err(Status::Failure)
        }
    }
}

/// What names the game shown, when the file holds more than one or its
/// tags name the players: `match.hirp, game 2 of 3: Bjorn (Gull) against
/// Ragna (Silfr)`.
fn title(path: &str, number: usize, games: usize, game: &Game) -> Option<String> {
    let player = |side: Side| match game.tag(side.name()) {
        Some(name) => format!("{} ({})", escape(name), side.name()),
        None => side.name().to_owned(),
    };
    let names = (game.tag("Gull").is_some() || game.tag("Silfr").is_some())
        .then(|| format!("{} against {}", player(Side::Gull), player(Side::Silfr)));
    let path = escape(path);
    match (games, names) {
        (0 | 1, None) => None,
        (0 | 1, Some(names)) => Some(format!("{path}: {names}")),
        (games, None) => Some(format!("{path}, game {number} of {games}")),
        (games, Some(names)) => Some(format!("{path}, game {number} of {games}: {names}")),
    }
}

/// Says that game `number` of `path` has no `units` (turns, moves):
/// there is no board to show; then reports `problems`, the game's (a game
/// of tags and comments only, or one whose first turn could not be read).
/// `Invalid` when the game is not `valid`.
pub(super) fn no_board<'a>(
    (number, path, units): (usize, &str, &str),
    title: Option<&str>,
    source: &Source,
    problems: impl Iterator<Item = &'a Problem>,
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
        escape(super::shown(path))
    ));
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    reporter.emit_source(source, problems.map(|p| p as &dyn miette::Diagnostic));
    if valid { Status::Ok } else { Status::Invalid }
}

/// A replay being printed.
struct Shown<'a> {
    args: &'a Args,
    path: &'a str,
    game: &'a Game,
    frames: &'a [Frame],
    problems: &'a [&'a Problem],
    source: &'a Source,
    reporter: &'a Reporter,
    color: bool,
}

impl Shown<'_> {
    /// Prints the title and the blocks in order, boards on standard output
    /// and diagnostics on standard error, a blank line after each (the
    /// diagnostics bring theirs); writes
    /// the SVG pictures of the turn ends shown into `--svg-dir`. `Err` with
    /// a message when something cannot be written.
    fn print(&self, title: Option<&str>, blocks: &[Block<'_>]) -> Result<(), String> {
        let columns = output_columns();
        let stopped = |turn: usize| {
            format!(
                "The replay stops at the first error, in {}: --continue goes on past \
                 errors with the nearest legal reading.",
                label(turn)
            )
        };
        let printer = Printer {
            source: self.source,
            reporter: self.reporter,
            stopped: &stopped,
        };
        printer.print(title, blocks, |n| self.frame(n, columns))
    }

    /// Prints frame `n`: a board, or a table of battles.
    fn frame(&self, n: usize, columns: Option<usize>) -> Result<(), String> {
        let frame = &self.frames[n];
        let layout = Drawing::for_width(columns);
        let canvas = match &frame.moment {
            Moment::Battles(battles) => {
                let mut table = Canvas::new();
                let heading = format!("Battles of {}", label(frame.turn));
                table.text(0, 0, &heading, Style::Highlight);
                table.append(&text::battle_table_in(battles, columns), 0);
                table
            }
            Moment::Step { .. } | Moment::TurnEnd => {
                let marked = marked(self.game, frame, self.problems);
                show_with_legend(self.game, frame, layout, &marked)
            }
        };
        write_stdout(&canvas.render(self.color))?;
        if let (Some(dir), Moment::TurnEnd) = (&self.args.svg_dir, &frame.moment) {
            write_picture(dir, self.path, self.args.game, frame)?;
        }
        Ok(())
    }
}

/// Writes the SVG picture of a turn's end into `dir`.
fn write_picture(
    dir: &std::path::Path,
    path: &str,
    game: usize,
    frame: &Frame,
) -> Result<(), String> {
    let file = dir.join(format!("{:02}-{}.svg", frame.turn + 1, label(frame.turn)));
    let picture = hirp::hirp::render::svg::svg(&frame.position, &caption(path, game, frame));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, picture))
        .map_err(|e| format!("cannot write {}: {}", file.display(), super::io_reason(&e)))
}

/// The caption of a picture of `frame`: the name of the file (not the
/// path to it), the game, the turn, and the result once there is one.
pub fn caption(path: &str, game: usize, frame: &Frame) -> String {
    let name = file_name(path);
    let mut caption = format!("{name}, game {game}, after {}", label(frame.turn));
    if let Some(victory) = frame.position.result() {
        caption.push_str(&format!(": {victory}"));
    }
    caption
}
