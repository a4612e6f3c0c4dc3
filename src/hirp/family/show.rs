//! A HIRP game shown a position at a time: a frame after each step of a
//! turn, after its battles and at its end; a board a turn (or a step)
//! with the turn's problems under it and its faults marked, the problems
//! of the turns not shown before the first board, the replay stopped at
//! the first error. On a terminal, a stop at every step and every turn's
//! end, the board in the largest size that leaves room.

use crate::core::Severity;
use crate::core::Span;
use crate::core::canvas::{Canvas, Style};
use crate::core::diagnostic::Problem;
use crate::core::escape;
use crate::core::family::{NoBoard, RecordBytes, file_name};
use crate::core::show::{Asked, Block, Part, Plan, Scene, Shown, counts};
use crate::hirp::Side;
use crate::hirp::render::frame::frame as frame_canvas;
use crate::hirp::render::svg::svg;
use crate::hirp::render::text::{self, Drawing};
use crate::hirp::replay::{BattleView, Observer, StepView, first_turn, replay_game_with};
use crate::hirp::rules::Position;
use crate::hirp::syntax::{Game, Games, Label, SyntaxError, Turn, parse_chunk};

use super::board::nth_game;

/// What the replay showed at one moment.
#[derive(Clone, Debug)]
enum Moment {
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
struct Frame {
    /// The turn's place in the game, from 0.
    turn: usize,
    /// What happened.
    moment: Moment,
    /// The position after it.
    position: Position,
}

impl Frame {
    /// The steps of the turn before a step frame's token.
    fn steps_before(&self) -> u8 {
        match self.moment {
            Moment::Step { steps, taken, .. } => steps - taken,
            _ => 0,
        }
    }
}

/// Records every frame of a replay.
#[derive(Default)]
struct Recorder {
    frames: Vec<Frame>,
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

/// A HIRP game read and replayed to be shown.
pub struct HirpShown {
    /// What names the record, as given.
    path: String,
    /// The game's number in the record, from 1.
    number: usize,
    /// The number of games in the record.
    games: usize,
    game: Game,
    /// The text of the chunk the game was read from, at `offset` in the
    /// record, after `line` lines.
    text: String,
    offset: usize,
    line: usize,
    /// The turns played before the game's first: those before the position
    /// it starts from.
    first: usize,
    /// Every frame of the replay.
    frames: Vec<Frame>,
    /// The problems shown, in the record's order.
    problems: Vec<Problem>,
}

/// Game `number` of `record` read and replayed, its problems those `shows`
/// keeps.
pub(super) fn shown(
    record: RecordBytes<'_>,
    number: usize,
    shows: &dyn Fn(&Problem) -> bool,
) -> Result<HirpShown, NoBoard> {
    let found = nth_game(record.bytes, number)?;
    let errors: Vec<&SyntaxError> = found.errors.iter().collect();
    let mut recorder = Recorder::default();
    let mut report = replay_game_with(&found.game, &errors, &mut recorder);
    report.problems.retain(|p| shows(p));
    Ok(HirpShown {
        first: first_turn(&found.game),
        path: record.path.to_owned(),
        number,
        games: count_games(record.bytes),
        game: found.game,
        text: found.text,
        offset: found.offset,
        line: found.line,
        frames: recorder.frames,
        problems: report.problems,
    })
}

/// The number of games in a record.
fn count_games(bytes: &[u8]) -> usize {
    // Reading from memory cannot fail.
    Games::new(bytes)
        .map_while(Result::ok)
        .map(|chunk| parse_chunk(&chunk).1.record.games.len())
        .sum()
}

/// HIRP's keys, shown at the foot of the screen.
/// All in 80 columns.
const KEYS: &str =
    "→/n next step  ←/p back  ↓/↑ turns  Home/End first/last  g go to a turn  q quit";

/// The sizes of HIRP's board on the screen, the largest first.
const LAYOUTS: [(Drawing, usize); 2] = [(Drawing::Full, 1), (Drawing::Compact, 0)];

impl HirpShown {
    /// The label of turn `n` of the game (from 0): `G1`, `S1`...
    fn label_of(&self, n: usize) -> String {
        Label::of_turn(self.first + n).to_string()
    }

    /// What names the game shown, when the file holds more than one or its
    /// tags name the players: `match.hirp, game 2 of 3: Bjorn (Gull) against
    /// Ragna (Silfr)`.
    fn title(&self) -> Option<String> {
        let game = &self.game;
        let player = |side: Side| match game.tag(side.name()) {
            Some(name) => format!("{} ({})", escape(name), side.name()),
            None => side.name().to_owned(),
        };
        let names = (game.tag("Gull").is_some() || game.tag("Silfr").is_some())
            .then(|| format!("{} against {}", player(Side::Gull), player(Side::Silfr)));
        let path = escape(&self.path);
        let number = self.number;
        match (self.games, names) {
            (0 | 1, None) => None,
            (0 | 1, Some(names)) => Some(format!("{path}: {names}")),
            (games, None) => Some(format!("{path}, game {number} of {games}")),
            (games, Some(names)) => Some(format!("{path}, game {number} of {games}: {names}")),
        }
    }

    /// The turn a problem is shown with: its own, or for a problem outside
    /// every turn, the last turn before it; `None` before the first turn.
    fn place(&self, problem: &Problem) -> Option<usize> {
        let turns = 0..self.game.turns.len();
        match &problem.turn {
            Some(name) => turns.clone().find(|&n| self.label_of(n) == *name),
            None => None,
        }
        .or_else(|| {
            turns
                .rev()
                .find(|&n| self.game.turns[n].span.start <= problem.span.start)
        })
    }

    /// Of `problems`, those a frame marks: at a turn's end, the turn's;
    /// after a step, those in the step's token.
    fn marked<'a>(&self, frame: &Frame, problems: &[&'a Problem]) -> Vec<&'a Problem> {
        let turn = &self.game.turns[frame.turn];
        problems
            .iter()
            .copied()
            .filter(|p| self.place(p) == Some(frame.turn))
            .filter(|p| match frame.moment {
                Moment::Step { token, .. } => {
                    let span = turn.steps[token].span();
                    span.start <= p.span.start && p.span.start < span.end
                }
                Moment::Battles(_) | Moment::TurnEnd => true,
            })
            .collect()
    }

    /// The heading, board, turn line and panel of a frame, in the size
    /// `layout` gives the board, `gap` empty rows apart. The frame's
    /// `problems` are counted after the heading, and the tokens of its
    /// errors marked.
    fn show(&self, frame: &Frame, layout: Drawing, gap: usize, problems: &[&Problem]) -> Canvas {
        let turn = &self.game.turns[frame.turn];
        let label = self.label_of(frame.turn);
        let (mut heading, token) = match &frame.moment {
            Moment::Step { token, steps, .. } => {
                let written = escape(&turn.steps[*token].to_string()).into_owned();
                let before = frame.steps_before();
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

    /// The turn `--turn` names, if it names one (from 0).
    fn only(&self, asked: Asked<'_>) -> Result<Option<usize>, NoBoard> {
        let Some(wanted) = asked.turn else {
            return Ok(None);
        };
        (0..self.game.turns.len())
            .find(|&n| self.label_of(n) == wanted)
            .map(Some)
            .ok_or_else(|| {
                let turns = self.game.turns.len();
                NoBoard::NoTurn {
                    wanted: Some(wanted.to_owned()),
                    range: (turns > 0).then(|| (self.label_of(0), self.label_of(turns - 1))),
                }
            })
    }

    /// The last frame to show for a record whose first error is `problem`:
    /// the step it lies in, else the end of its turn, else the frame before
    /// it.
    fn stop_at(&self, problem: &Problem) -> usize {
        let (game, frames) = (&self.game, &self.frames);
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

    /// Adds the problems of `turn` to what is printed.
    fn push_problems<'a>(
        &self,
        blocks: &mut Vec<Block<'a>>,
        problems: &[&'a Problem],
        turn: Option<usize>,
    ) {
        let of_turn: Vec<&Problem> = problems
            .iter()
            .copied()
            .filter(|p| turn.is_some() && self.place(p) == turn)
            .collect();
        if !of_turn.is_empty() {
            blocks.push(Block::Problems(of_turn));
        }
    }

    /// What to print of the game and its `problems` (in the order of the
    /// record): the frames of the turn `only`, or of every turn; with
    /// `steps`, a board after every step. Unless `keep_going`, the replay
    /// stops at the first error in a turn shown.
    fn blocks<'a>(
        &self,
        problems: &[&'a Problem],
        only: Option<usize>,
        asked: Asked<'_>,
    ) -> Vec<Block<'a>> {
        let first = only.unwrap_or(0);
        let stop = problems
            .iter()
            .position(|p| {
                p.severity == Severity::Error && self.place(p).is_some_and(|turn| turn >= first)
            })
            .filter(|_| !asked.keep_going);
        let problems = &problems[..stop.map_or(problems.len(), |n| n + 1)];
        let last = stop.map(|n| self.stop_at(problems[n]));
        let before: Vec<&Problem> = problems
            .iter()
            .copied()
            .filter(|p| self.place(p).is_none_or(|turn| turn < first))
            .collect();
        let mut blocks = Vec::new();
        if !before.is_empty() {
            blocks.push(Block::Problems(before));
        }
        let mut turn_shown = None;
        for (n, frame) in self.frames.iter().enumerate() {
            if last.is_some_and(|last| n > last) {
                break;
            }
            if only.is_some_and(|only| only != frame.turn) {
                continue;
            }
            if turn_shown.is_some_and(|turn| turn != frame.turn) {
                self.push_problems(&mut blocks, problems, turn_shown);
            }
            turn_shown = Some(frame.turn);
            let shown = match frame.moment {
                Moment::Step { .. } => asked.steps || last == Some(n),
                Moment::Battles(_) | Moment::TurnEnd => true,
            };
            if shown {
                blocks.push(Block::Frame(n));
            }
        }
        self.push_problems(&mut blocks, problems, turn_shown);
        if let Some(turn) = stop.and_then(|n| self.place(problems[n])) {
            blocks.push(Block::Stopped(turn));
        }
        blocks
    }

    /// The caption of a picture of `frame`: the name of the file (not the
    /// path to it), the game, the turn, and the result once there is one.
    fn caption(&self, frame: &Frame) -> String {
        let name = file_name(&self.path);
        let mut caption = format!(
            "{name}, game {}, after {}",
            self.number,
            self.label_of(frame.turn)
        );
        if let Some(victory) = frame.position.result() {
            caption.push_str(&format!(": {victory}"));
        }
        caption
    }
}

impl Shown for HirpShown {
    fn text(&self) -> &str {
        &self.text
    }

    fn start(&self) -> (usize, usize) {
        (self.offset, self.line)
    }

    /// With `--turn`, the game up to that turn, and its problems.
    fn plan(&self, asked: Asked<'_>) -> Result<Plan<'_>, NoBoard> {
        let only = self.only(asked)?;
        if self.game.turns.is_empty() {
            let problems: Vec<&Problem> = self.problems.iter().collect();
            let valid = !problems.iter().any(|p| p.severity == Severity::Error);
            return Ok(Plan::Nothing { problems, valid });
        }
        let cutoff = only.map_or(usize::MAX, |n| self.game.turns[n].span.end);
        let mut counted: Vec<&Problem> = self
            .problems
            .iter()
            .filter(|p| p.span.start < cutoff)
            .collect();
        counted.sort_by_key(|p| p.span.start);
        let blocks = self.blocks(&counted, only, asked);
        Ok(Plan::Boards {
            blocks,
            counted,
            start: only,
        })
    }

    fn heading(&self, _: Asked<'_>, _: Option<usize>) -> Option<String> {
        self.title()
    }

    /// A board, with the legend under it, or a table of battles.
    fn frame(
        &self,
        frame: usize,
        counted: &[&Problem],
        columns: Option<usize>,
        color: bool,
    ) -> String {
        let frame = &self.frames[frame];
        let canvas = match &frame.moment {
            Moment::Battles(battles) => {
                let mut table = Canvas::new();
                let heading = format!("Battles of {}", self.label_of(frame.turn));
                table.text(0, 0, &heading, Style::Highlight);
                table.append(&text::battle_table_in(battles, columns), 0);
                table
            }
            Moment::Step { .. } | Moment::TurnEnd => {
                let marked = self.marked(frame, counted);
                let layout = Drawing::for_width(columns);
                let mut canvas = self.show(frame, layout, 1, &marked);
                canvas.append(&text::legend(&frame.position), 0);
                canvas
            }
        };
        canvas.render(color)
    }

    /// The position at a turn's end: `02-S1.svg`.
    fn picture(&self, frame: usize) -> Option<(String, String)> {
        let frame = &self.frames[frame];
        matches!(frame.moment, Moment::TurnEnd).then(|| {
            let name = format!("{:02}-{}.svg", frame.turn + 1, self.label_of(frame.turn));
            (name, svg(&frame.position, &self.caption(frame)))
        })
    }

    fn stopped(&self, turn: usize) -> String {
        format!(
            "The replay stops at the first error, in {}: --continue goes on past \
             errors with the nearest legal reading.",
            self.label_of(turn)
        )
    }
}

impl Scene for HirpShown {
    /// Every step, and every turn's end (with its battles).
    fn stops(&self) -> Vec<usize> {
        self.frames
            .iter()
            .enumerate()
            .filter(|(_, f)| !matches!(f.moment, Moment::Battles(_)))
            .map(|(n, _)| n)
            .collect()
    }

    fn turn(&self, frame: usize) -> usize {
        self.frames[frame].turn
    }

    fn label(&self, turn: usize) -> String {
        self.label_of(turn)
    }

    fn unit(&self) -> &'static str {
        "turn"
    }

    fn typed(&self, text: &str) -> String {
        text.to_uppercase()
    }

    fn keys(&self) -> &'static str {
        KEYS
    }

    fn sizes(&self) -> Vec<(usize, usize)> {
        LAYOUTS
            .iter()
            .map(|(layout, gap)| (layout.width(), *gap))
            .collect()
    }

    /// The heading, board, turn line and panel of the frame, its problems
    /// marked.
    fn top(&self, frame: usize, size: usize) -> String {
        let (layout, gap) = LAYOUTS[size.min(LAYOUTS.len() - 1)];
        let frame = &self.frames[frame];
        let problems: Vec<&Problem> = self.problems.iter().collect();
        let marked = self.marked(frame, &problems);
        // The pane names each fault: the board keeps its rows.
        self.show(frame, layout, gap, &marked).ansi_unmarked()
    }

    /// What names the game, the problems of the turn, its battles at its
    /// end, the legend.
    fn pane(&self, frame: usize, columns: usize) -> Vec<Part<'_>> {
        let current = &self.frames[frame];
        let label = self.label_of(current.turn);
        let mut parts: Vec<Part<'_>> = self.title().map(Part::Text).into_iter().collect();
        parts.extend(
            self.problems
                .iter()
                .filter(|p| p.turn.as_deref() == Some(label.as_str()))
                .map(Part::Problem),
        );
        if matches!(current.moment, Moment::TurnEnd)
            && let Some(Frame {
                moment: Moment::Battles(battles),
                ..
            }) = self.frames[..frame]
                .last()
                .filter(|f| f.turn == current.turn)
        {
            parts.push(Part::Text(
                text::battle_table_in(battles, Some(columns)).ansi(),
            ));
        }
        parts.push(Part::Text(text::legend(&current.position).ansi()));
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_fit_in_80_columns_and_name_every_way_to_move() {
        assert!(KEYS.chars().count() <= 80, "{KEYS}");
        for key in ["→/n", "←/p", "↓/↑", "Home/End", "g ", "q "] {
            assert!(KEYS.contains(key), "{key}");
        }
    }
}
