//! What a replay prints, in order: the boards of the turns shown, each
//! turn's problems under its board and the turn marked on it, the
//! problems of the turns not shown before the first board shown, and where
//! the replay stopped at an error. Also how one frame is shown, for
//! `replay`, `replay -i` and `board`.

use hirp::Severity;
use hirp::core::Span;
use hirp::core::canvas::Canvas;
use hirp::diagnostic::Problem;
use hirp::hirp::render::frame::frame as frame_canvas;
use hirp::hirp::render::text::{self, Drawing};
use hirp::hirp::syntax::Game;

use super::replay::{Frame, Moment, label};
use super::report::Source;
use super::{Reporter, write_stdout};

/// The steps of the turn before a step frame's token.
fn frame_steps_before(frame: &Frame) -> u8 {
    match frame.moment {
        Moment::Step { steps, taken, .. } => steps - taken,
        _ => 0,
    }
}

/// The heading, board, turn line and panel of a frame, in the size
/// `layout` gives the board, `gap` empty rows apart. The frame's `problems`
/// are counted after the heading, and the tokens of its errors marked.
pub fn show(
    game: &Game,
    frame: &Frame,
    layout: Drawing,
    gap: usize,
    problems: &[&Problem],
) -> Canvas {
    let turn = &game.turns[frame.turn];
    let label = label(frame.turn);
    let (mut heading, token) = match &frame.moment {
        Moment::Step { token, steps, .. } => {
            let written = hirp::core::escape(&turn.steps[*token].to_string()).into_owned();
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
    if !problems.is_empty() {
        heading.push_str(" — ");
        heading.push_str(&counts(problems));
    }
    let faults: Vec<Span> = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| p.span)
        .collect();
    frame_canvas(
        &heading,
        &frame.position,
        turn,
        token,
        &faults,
        (layout, gap),
    )
}

/// [`show`] with the legend under it, as `replay` and `board` print a frame.
pub fn show_with_legend(
    game: &Game,
    frame: &Frame,
    layout: Drawing,
    problems: &[&Problem],
) -> Canvas {
    let mut canvas = show(game, frame, layout, 1, problems);
    canvas.append(&text::legend(&frame.position), 0);
    canvas
}

/// `1 error, 2 warnings, 1 advice`.
pub fn counts(problems: &[&Problem]) -> String {
    let mut parts = Vec::new();
    for (severity, one, more) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Advice, "advice", "advice"),
    ] {
        match problems.iter().filter(|p| p.severity == severity).count() {
            0 => {}
            1 => parts.push(format!("1 {one}")),
            n => parts.push(format!("{n} {more}")),
        }
    }
    parts.join(", ")
}

/// Of `problems`, those a frame marks: at a turn's end, the turn's; after
/// a step, those in the step's token.
pub fn marked<'a>(game: &Game, frame: &Frame, problems: &[&'a Problem]) -> Vec<&'a Problem> {
    let turn = &game.turns[frame.turn];
    problems
        .iter()
        .copied()
        .filter(|p| place(game, p) == Some(frame.turn))
        .filter(|p| match frame.moment {
            Moment::Step { token, .. } => {
                let span = turn.steps[token].span();
                span.start <= p.span.start && p.span.start < span.end
            }
            Moment::Battles(_) | Moment::TurnEnd => true,
        })
        .collect()
}

/// The turn a problem is shown with: its own, or for a problem outside
/// every turn, the last turn before it; `None` before the first turn.
pub fn place(game: &Game, problem: &Problem) -> Option<usize> {
    let turns = 0..game.turns.len();
    match &problem.turn {
        Some(name) => turns.clone().find(|&n| label(n) == *name),
        None => None,
    }
    .or_else(|| {
        turns
            .rev()
            .find(|&n| game.turns[n].span.start <= problem.span.start)
    })
}

/// What a replay prints, one piece after another.
pub enum Block<'a> {
    /// A board, or a table of battles (standard output).
    Frame(usize),
    /// Diagnostics (standard error).
    Problems(Vec<&'a Problem>),
    /// Where the replay stopped, and how to go on (standard error).
    Stopped(usize),
}

/// What to print for a replay of `game` and its `problems` (in the order
/// of the record) recorded as `frames`: the frames of the turn `only`, or
/// of every turn; with `steps`, a board after every step. Unless
/// `keep_going`, the replay stops at the first error in a turn shown.
pub fn plan<'a>(
    game: &Game,
    frames: &[Frame],
    problems: &[&'a Problem],
    only: Option<usize>,
    steps: bool,
    keep_going: bool,
) -> Vec<Block<'a>> {
    let first = only.unwrap_or(0);
    let stop = problems
        .iter()
        .position(|p| {
            p.severity == Severity::Error && place(game, p).is_some_and(|turn| turn >= first)
        })
        .filter(|_| !keep_going);
    let problems = &problems[..stop.map_or(problems.len(), |n| n + 1)];
    let last = stop.map(|n| stop_at(game, frames, problems[n]));
    let before: Vec<&Problem> = problems
        .iter()
        .copied()
        .filter(|p| place(game, p).is_none_or(|turn| turn < first))
        .collect();
    let mut blocks = Vec::new();
    if !before.is_empty() {
        blocks.push(Block::Problems(before));
    }
    let mut turn_shown = None;
    for (n, frame) in frames.iter().enumerate() {
        if last.is_some_and(|last| n > last) {
            break;
        }
        if only.is_some_and(|only| only != frame.turn) {
            continue;
        }
        if turn_shown.is_some_and(|turn| turn != frame.turn) {
            push_problems(&mut blocks, game, problems, turn_shown);
        }
        turn_shown = Some(frame.turn);
        let shown = match frame.moment {
            Moment::Step { .. } => steps || last == Some(n),
            Moment::Battles(_) | Moment::TurnEnd => true,
        };
        if shown {
            blocks.push(Block::Frame(n));
        }
    }
    push_problems(&mut blocks, game, problems, turn_shown);
    if let Some(turn) = stop.and_then(|n| place(game, problems[n])) {
        blocks.push(Block::Stopped(turn));
    }
    blocks
}

/// Adds the problems of `turn` to what is printed.
fn push_problems<'a>(
    blocks: &mut Vec<Block<'a>>,
    game: &Game,
    problems: &[&'a Problem],
    turn: Option<usize>,
) {
    let of_turn: Vec<&Problem> = problems
        .iter()
        .copied()
        .filter(|p| turn.is_some() && place(game, p) == turn)
        .collect();
    if !of_turn.is_empty() {
        blocks.push(Block::Problems(of_turn));
    }
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

/// How a replay's blocks are printed, whatever the family.
pub struct Printer<'a> {
    /// Where the diagnostics point.
    pub source: &'a Source,
    pub reporter: &'a Reporter,
    /// The note where the replay stops, at the frame given.
    pub stopped: &'a dyn Fn(usize) -> String,
}

impl Printer<'_> {
    /// Prints the title and the blocks in order: each frame by `frame`, on
    /// standard output; the diagnostics and the stop on standard error; a
    /// blank line after the title and after each frame (the diagnostics
    /// bring theirs). `Err` with a message when something cannot be
    /// written.
    pub fn print(
        &self,
        title: Option<&str>,
        blocks: &[Block<'_>],
        mut frame: impl FnMut(usize) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut previous: Option<bool> = None;
        if let Some(title) = title {
            write_stdout(&format!("{title}\n"))?;
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
                Block::Stopped(n) => self.reporter.note(&(self.stopped)(*n)),
            }
        }
        Ok(())
    }
}
