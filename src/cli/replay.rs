//! `hirp replay`: a game step by step, as boards.

use hirp::render::canvas::Canvas;
use hirp::render::text;
use hirp::replay::{
    BattleView, GameReport, Observer, Problem, Severity, StepView, replay_game_with,
};
use hirp::rules::Position;
use hirp::syntax::{Game, Turn};

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

A record with an error stops at the first one, showing the board and the
diagnostic there; --continue goes on with the nearest legal reading.

Examples:
  hirp replay                         the rulebook's example, a board a turn
  hirp replay game.hirp --step        a board a step
  hirp replay game.hirp --turn S3     the position after S3
  hirp replay -i game.hirp            step through it on a terminal")]
pub struct Args {
    /// The record to replay (`-` reads standard input); without it, the
    /// rulebook's example game.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Which game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1)]
    game: usize,

    /// Show only this turn (`S3`): the position after it, or with --step
    /// its steps, and only the problems up to it.
    #[arg(long, value_name = "LABEL", value_parser = parse_label)]
    turn: Option<String>,

    /// One board a step instead of one a turn.
    #[arg(long)]
    step: bool,

    /// Go on past errors with the nearest legal reading.
    #[arg(long = "continue")]
    keep_going: bool,

    /// Step through the game interactively (a terminal is needed).
    #[arg(short, long)]
    interactive: bool,

    /// Also write an SVG picture of the position after each turn shown into
    /// DIR (created if missing), named `01-G1.svg`, `02-S1.svg`...
    #[arg(long, value_name = "DIR")]
    svg_dir: Option<std::path::PathBuf>,
}

/// Checks a turn label such as `S3`.
fn parse_label(text: &str) -> Result<String, String> {
    text.parse::<hirp::syntax::Label>()
        .map(|label| label.to_string())
        .map_err(|_| format!("`{text}` is not a turn label such as `G1` or `S3`"))
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
pub fn record(game: &Game, errors: &[hirp::syntax::SyntaxError]) -> Replayed {
    let errors: Vec<&hirp::syntax::SyntaxError> = errors.iter().collect();
    let mut recorder = Recorder::default();
    let report = replay_game_with(game, &errors, &mut recorder);
    Replayed {
        frames: recorder.frames,
        report,
    }
}

/// The label of turn `n` of a game: `G1`, `S1`...
pub fn label(n: usize) -> String {
    hirp::syntax::Label::of_turn(n).to_string()
}

/// The steps of the turn before a step frame's token.
fn frame_steps_before(frame: &Frame) -> u8 {
    match frame.moment {
        Moment::Step { steps, taken, .. } => steps - taken,
        _ => 0,
    }
}

/// The heading, board, turn line and panel of a frame.
pub fn show(game: &Game, frame: &Frame) -> Canvas {
    let turn = &game.turns[frame.turn];
    let label = label(frame.turn);
    let (heading, token) = match &frame.moment {
        Moment::Step { token, steps, .. } => {
            let written = hirp::syntax::escape(&turn.steps[*token].to_string()).into_owned();
            let before = frame_steps_before(frame);
            let steps = if *steps > before + 1 {
                format!("steps {}–{steps}", before + 1)
            } else {
                format!("step {steps}")
            };
            (format!("{label}, {steps} of 5: {written}"), Some(*token))
        }
        Moment::Battles(_) | Moment::TurnEnd => (format!("After {label}"), None),
    };
    let mut canvas = Canvas::new();
    canvas.text(0, 0, &heading, hirp::render::canvas::Style::Highlight);
    canvas.append(&text::board(&frame.position), 1);
    canvas.append(&text::turn_line(turn, token), 1);
    canvas.append(&text::panel(&frame.position), 1);
    let mut legend = Canvas::new();
    legend.text(0, 0, text::LEGEND, hirp::render::canvas::Style::Frame);
    canvas.append(&legend, 0);
    canvas
}

/// The game `number` (from 1) that `replay` and `board` show, with the name
/// of where it was read: of `file`, or of the rulebook example when there
/// is none. `Err` with the exit status once the reason is reported.
pub fn shown_game(
    file: Option<&str>,
    number: usize,
    reporter: &Reporter,
) -> Result<(String, OneGame), Status> {
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
        Ok(found) => Ok((path.to_owned(), found)),
        Err(games) => Err(no_game(path, &bytes, games, number, reporter)),
    }
}

/// Runs `hirp replay`.
pub fn run(args: Args, reporter: &Reporter, color: bool) -> Status {
    let (path, found) = match shown_game(args.file.as_deref(), args.game, reporter) {
        Ok(shown) => shown,
        Err(status) => return status,
    };
    let game = &found.game;
    let replayed = record(game, &found.errors);
    if let Some(label) = &args.turn
        && !(0..game.turns.len()).any(|n| &self::label(n) == label)
    {
        reporter.error(&format!("game {} of {path} has no turn {label}", args.game));
        return Status::Failure;
    }
    if args.interactive {
        return super::interactive::run(game, &replayed, &path, &found.source, reporter);
    }
    // With --turn, the game is shown up to that turn, and so are its problems.
    let cutoff = args
        .turn
        .as_ref()
        .and_then(|wanted| (0..game.turns.len()).find(|&n| self::label(n) == *wanted))
        .map_or(usize::MAX, |n| game.turns[n].span.end);
    let problems: Vec<&Problem> = replayed
        .report
        .problems
        .iter()
        .filter(|p| p.span.start < cutoff)
        .collect();
    let first_error = problems
        .iter()
        .copied()
        .find(|p| p.severity == Severity::Error)
        .filter(|_| !args.keep_going);
    let last = first_error.map(|p| stop_at(game, &replayed.frames, p));
    let out = match frames(&args, &path, game, &replayed.frames, last, color) {
        Ok(out) => out,
        Err(message) => {
            reporter.error(&message);
            return Status::Failure;
        }
    };
    if let Err(message) = write_stdout(&out) {
        reporter.error(&message);
        return Status::Failure;
    }
    let invalid = problems.iter().any(|p| p.severity == Severity::Error);
    let reported: Vec<&Problem> = match first_error {
        Some(problem) => vec![problem],
        None => problems,
    };
    reporter.emit_source(
        &found.source,
        reported.into_iter().map(|p| p as &dyn miette::Diagnostic),
    );
    if invalid { Status::Invalid } else { Status::Ok }
}

/// The frames shown, up to `last` (the frame of the first error, when the
/// replay stops there), rendered; the SVG pictures of turn ends written
/// into `--svg-dir`. `Err` with a message when a picture cannot be written.
fn frames(
    args: &Args,
    path: &str,
    game: &Game,
    frames: &[Frame],
    last: Option<usize>,
    color: bool,
) -> Result<String, String> {
    let mut out = String::new();
    for (n, frame) in frames.iter().enumerate() {
        if last.is_some_and(|last| n > last) {
            break;
        }
        let label = label(frame.turn);
        if args.turn.as_ref().is_some_and(|wanted| *wanted != label) {
            continue;
        }
        let shows_step = args.step || last == Some(n);
        if let Some(canvas) = frame_canvas(game, frame, &label, shows_step) {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&canvas.render(color));
        }
        if let (Some(dir), Moment::TurnEnd) = (&args.svg_dir, &frame.moment) {
            write_picture(dir, path, args.game, frame)?;
        }
    }
    Ok(out)
}

/// What a frame shows: a board at a turn's end (and after a step, when
/// steps are shown), or the table of a turn's battles.
fn frame_canvas(game: &Game, frame: &Frame, label: &str, shows_step: bool) -> Option<Canvas> {
    match &frame.moment {
        Moment::Step { .. } if shows_step => Some(show(game, frame)),
        Moment::Battles(battles) => {
            let mut table = Canvas::new();
            table.text(
                0,
                0,
                &format!("Battles of {label}"),
                hirp::render::canvas::Style::Highlight,
            );
            table.append(&text::battle_table(battles), 0);
            Some(table)
        }
        Moment::TurnEnd => Some(show(game, frame)),
        Moment::Step { .. } => None,
    }
}

/// Writes the SVG picture of a turn's end into `dir`.
fn write_picture(
    dir: &std::path::Path,
    path: &str,
    game: usize,
    frame: &Frame,
) -> Result<(), String> {
    let label = label(frame.turn);
    let mut caption = format!("{path}, game {game}, after {label}");
    if let Some(victory) = frame.position.result() {
        caption.push_str(&format!(": {victory}"));
    }
    let file = dir.join(format!("{:02}-{label}.svg", frame.turn + 1));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, hirp::render::svg::svg(&frame.position, &caption)))
        .map_err(|e| format!("cannot write {}: {}", file.display(), super::io_reason(&e)))
}

/// The last frame to show for a record whose first error is `problem`: the
/// step it lies in, else the end of its turn, else the frame before it.
fn stop_at(game: &Game, frames: &[Frame], problem: &Problem) -> usize {
    let at = problem.span.start;
    let turn = game
        .turns
        .iter()
        .position(|t| t.span.contains(at) || t.label.span.contains(at));
    let Some(turn) = turn else {
        return frames
            .iter()
            .rposition(|f| game.turns[f.turn].span.end <= at)
            .unwrap_or(0);
    };
    let in_token = frames.iter().position(|f| {
        f.turn == turn
            && matches!(f.moment, Moment::Step { token, .. } if game.turns[turn].steps[token].span().contains(at))
    });
    in_token
        .or_else(|| frames.iter().rposition(|f| f.turn == turn))
        .unwrap_or(0)
}
