//! A tafl game replayed as `replay` shows it: its moves as frames, the
//! main line's first, then each variation's; the position after each, the
//! problems shown with each, the line of play through each, and the
//! variations listed under the move each replaces.

use std::collections::HashMap;

use hirp::core::escape;
use hirp::diagnostic::Problem;
use hirp::tafl::render::Board;
use hirp::tafl::replay::{ProblemKind, Replay};
use hirp::tafl::rules::{Outcome, Position};
use hirp::tafl::syntax::Annotations;

use super::Reporter;
use super::boards::counts;
use super::report::Source;
use super::tafl_notes::Named;
use hirp::tafl::family::ShownGame as TaflGame;

/// A frame's move: its line (`None` the main line, else a variation's
/// index) and its index in that line.
type At = hirp::tafl::replay::LineMove;

/// A tafl game replayed for `replay`, frame by frame.
pub struct Moves<'a> {
    /// The record's path, `-` for standard input.
    pub path: &'a str,
    /// The game's number in the record, from 1.
    pub number: usize,
    /// The game replayed.
    pub replay: &'a Replay,
    /// The position at the start of the game.
    pub start: Position,
    /// Each frame's move.
    frames: Vec<At>,
    /// The frame of each variation's first move (of its place, when it has
    /// none).
    firsts: Vec<usize>,
    /// The position after each frame's move.
    after: Vec<Position>,
    /// The frame of each label, `3b`, `7a.1.2b`.
    labels: HashMap<String, usize>,
    /// The replay's problems by the frame each is shown with (`None`:
    /// before the first move), each frame's in the record's order.
    problems: HashMap<Option<usize>, Vec<&'a Problem>>,
    /// The variations listed under each frame (`None`: before the first
    /// move).
    listed: HashMap<Option<usize>, Vec<usize>>,
    /// The record's text, for the moves' notation.
    text: &'a str,
    /// The record, for the diagnostics.
    pub source: Source,
    /// The number of games in the record.
    games: usize,
    /// What the game file says of the game: its heading, its
    /// start-comment, each move's commentary.
    about: &'a Annotations,
}

impl<'a> Moves<'a> {
    /// The game `number` of the record at `path`, as read, with the
    /// problems `reporter` shows.
    pub fn new(path: &'a str, number: usize, read: &'a TaflGame, reporter: &Reporter) -> Moves<'a> {
        let replay = &read.replay;
        let positions = replay.positions();
        let start = positions.first().cloned().unwrap_or_else(|| {
            Position::new(replay.rules.as_ref().expect("a game replayed has rules"))
        });
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
        let mut moves = Moves {
            path,
            number,
            replay,
            start,
            frames,
            firsts,
            after,
            labels,
            problems: HashMap::new(),
            listed: HashMap::new(),
            text: &read.text,
            source: Source::new(path, &read.text),
            games: read.games,
            about: &read.annotations,
        };
        for v in 0..replay.variations.len() {
            let at = moves.listed(v);
            moves.listed.entry(at).or_default().push(v);
        }
        // The replay's problems are in the record's order.
        let holding = replay.variation_holding();
        for problem in replay.problems.iter().filter(|p| reporter.shows(p)) {
            let at = moves.place(problem, &holding);
            moves.problems.entry(at).or_default().push(problem);
        }
        moves
    }

    /// The game as its heading names it, with what its file says of it.
    pub fn named(&self) -> Named<'a> {
        Named {
            path: self.path,
            number: self.number,
            games: self.games,
            about: self.about,
        }
    }

    /// The commentary on frame `f`'s move, wrapped to `width` and led by
    /// its label; `None` when it has none.
    pub fn comment(&self, f: usize, width: usize) -> Option<String> {
        self.named()
            .comment(&self.label(f), self.step(f).span, width)
    }

    /// How many frames there are.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// The main line's frames.
    pub fn main_line(&self) -> Vec<usize> {
        (0..self.replay.steps.len()).collect()
    }

    /// The frame of a label, `3b` or `7a.1.2b`.
    pub fn find(&self, label: &str) -> Option<usize> {
        self.labels.get(label).copied()
    }

    /// The frames of the variation labelled `label`, `7a.1`, if it has
    /// moves.
    pub fn variation(&self, label: &str) -> Option<Vec<usize>> {
        let v = self
            .replay
            .variations
            .iter()
            .position(|v| v.label == label)?;
        let frames = self.frames_of(v);
        (!frames.is_empty()).then_some(frames)
    }

    /// The frames of variation `v`.
    fn frames_of(&self, v: usize) -> Vec<usize> {
        let first = self.firsts[v];
        (first..first + self.replay.variations[v].steps.len()).collect()
    }

    /// The problems shown with frame `f` (`None`: before the first move).
    pub fn at(&self, f: Option<usize>) -> Vec<&'a Problem> {
        self.problems.get(&f).cloned().unwrap_or_default()
    }

    /// The problems of the moves of the variations listed under frame `f`,
    /// theirs included, in the record's order.
    pub fn listed_problems(&self, f: Option<usize>) -> Vec<&'a Problem> {
        let mut problems: Vec<&Problem> = self
            .listed_frames(f)
            .into_iter()
            .flat_map(|g| self.at(Some(g)))
            .collect();
        problems.sort_by_key(|p| (p.span.start, p.span.end));
        problems
    }

    /// The frames of the variations listed under frame `f`, and of those
    /// listed under theirs.
    fn listed_frames(&self, f: Option<usize>) -> Vec<usize> {
        let mut frames = Vec::new();
        for v in self.listed_at(f) {
            for g in self.frames_of(v) {
                frames.push(g);
                frames.extend(self.listed_frames(Some(g)));
            }
        }
        frames
    }

    /// The label of frame `f`'s move, `3b` or `7a.1.2b`.
    pub fn label(&self, f: usize) -> String {
        let (line, n) = self.frames[f];
        self.replay.label(line, n)
    }

    /// Frame `f`'s move as the record writes it, escaped.
    fn notation(&self, f: usize) -> String {
        let span = self.step(f).span;
        let written = self.text.get(span.start..span.end).unwrap_or_default();
        escape(written).into_owned()
    }

    fn step(&self, f: usize) -> &'a hirp::tafl::replay::ReplayedMove {
        let replay: &'a Replay = self.replay;
        match self.frames[f] {
            (None, n) => &replay.steps[n],
            (Some(v), n) => &replay.variations[v].steps[n],
        }
    }

    /// How the game ends with frame `f`'s move, when it ends its line.
    fn ending(&self, f: usize) -> Option<Outcome> {
        match self.frames[f] {
            (None, n) => self
                .replay
                .outcome
                .filter(|_| n + 1 == self.replay.steps.len()),
            (Some(v), n) => {
                let variation = &self.replay.variations[v];
                variation.outcome.filter(|_| n + 1 == variation.steps.len())
            }
        }
    }

    /// Frame `f` for a caption: `1b: e4-e7xf7`, then with `counted` what
    /// problems it has (`— 1 error`), and how the game ends with it.
    pub fn describe(&self, f: usize, counted: bool) -> String {
        let mut text = format!("{}: {}", self.label(f), self.notation(f));
        let problems = self.at(Some(f));
        if counted && !problems.is_empty() {
            text.push_str(" — ");
            text.push_str(&counts(&problems));
        }
        if let Some(outcome) = self.ending(f) {
            text.push_str(&format!(" — {outcome}"));
        }
        text
    }

    /// The board after frame `f`'s move, the move and its captures marked.
    pub fn board(&self, f: usize) -> Board<'_> {
        let step = self.step(f);
        let board = Board::of(&self.after[f]);
        match step.applied.mv() {
            Some(mv) => board.with_last_move(mv, step.captures.iter()),
            None => board,
        }
    }

    /// The frame of the move before frame `f`'s in its line of play
    /// (`None`: the start of the game).
    pub fn previous(&self, f: usize) -> Option<usize> {
        match self.frames[f] {
            (line, n) if n > 0 => Some(self.frame(line, n - 1)),
            (None, _) => None,
            (Some(v), _) => self.before_variation(v),
        }
    }

    /// The frame of the move after which variation `v` is played (`None`:
    /// the start of the game).
    fn before_variation(&self, v: usize) -> Option<usize> {
        let (line, n) = self.replay.played_after(v)?;
        Some(self.frame(line, n))
    }

    /// The frame of move `n` of `line`.
    fn frame(&self, line: Option<usize>, n: usize) -> usize {
        line.map_or(n, |v| self.firsts[v] + n)
    }

    /// The frames of the line of play through frame `f`: the moves played
    /// before its line branches, then its line's.
    pub fn path(&self, f: usize) -> Vec<usize> {
        match self.frames[f].0 {
            None => self.main_line(),
            Some(v) => {
                let mut path = match self.before_variation(v) {
                    Some(before) => {
                        let mut path = self.path(before);
                        path.truncate(path.iter().position(|&g| g == before).map_or(0, |n| n + 1));
                        path
                    }
                    None => Vec::new(),
                };
                path.extend(self.frames_of(v));
                path
            }
        }
    }

    /// The variations listed under frame `f` (`None`: before the first
    /// move): those that replace its move, and those that branch after it
    /// replacing no move played.
    pub fn listed_at(&self, f: Option<usize>) -> Vec<usize> {
        self.listed.get(&f).cloned().unwrap_or_default()
    }

    /// The frame variation `v` is listed under.
    fn listed(&self, v: usize) -> Option<usize> {
        let (line, n) = self.replay.shown_with(v)?;
        Some(self.frame(line, n))
    }

    /// The frame whose move variation `v` replaces, if it replaces one.
    pub fn replaced(&self, v: usize) -> Option<usize> {
        let variation = &self.replay.variations[v];
        variation
            .replaces
            .then(|| self.frame(variation.parent, variation.branch))
    }

    /// The frame of the first move of variation `v`, if it has moves.
    pub fn first_of(&self, v: usize) -> Option<usize> {
        self.frames_of(v).first().copied()
    }

    /// The variation frame `f`'s move belongs to, if any.
    pub fn line_of(&self, f: usize) -> Option<usize> {
        self.frames[f].0
    }

    /// The frame a problem is shown with: the end of the game for a result
    /// or a count of captures that is wrong, else the move it lies in, else
    /// the first move of the variation whose lines hold it, else the last
    /// move of the main line before it; `None` before the first move.
    fn place(&self, problem: &Problem, holding: &dyn Fn(usize) -> Option<usize>) -> Option<usize> {
        let steps = &self.replay.steps;
        if matches!(
            problem.code.kind(),
            Some(ProblemKind::Result | ProblemKind::CaptureCount)
        ) {
            return steps.len().checked_sub(1);
        }
        if let Some(f) = problem.turn.as_deref().and_then(|t| self.find(t)) {
            return Some(f);
        }
        let at = problem.span.start;
        if let Some(v) = holding(at) {
            return self.first_of(v).or_else(|| self.listed(v));
        }
        let after = steps.partition_point(|s| s.span.start <= at);
        after.checked_sub(1)
    }

    /// The lines listing the variations under frame `f`, each indented
    /// by `indent`: each variation headed by the move it replaces, its
    /// lines as written with their problems counted (the last with how
    /// the variation ends), the commentary on a line's moves under it,
    /// wrapped to `width`, and the variations under its moves after it.
    pub fn listing(&self, f: Option<usize>, indent: usize, width: usize) -> Vec<String> {
        let mut out = Vec::new();
        let pad = " ".repeat(indent);
        for v in self.listed_at(f) {
            let variation = &self.replay.variations[v];
            let head = match (self.replaced(v), f) {
                (Some(r), _) => format!("instead of {}: {}", self.label(r), self.notation(r)),
                (None, Some(f)) => format!("after {}", self.label(f)),
                (None, None) => "from the start".to_owned(),
            };
            out.push(format!("{pad}Variation {}, {head}", variation.label));
            let frames = self.frames_of(v);
            for (n, line) in variation.lines.iter().enumerate() {
                let written = self.text.get(line.start..line.end).unwrap_or_default();
                let mut text = format!("{pad}  {}", escape(written.trim_end()));
                let held: Vec<usize> = frames
                    .iter()
                    .copied()
                    .filter(|&g| line.contains(self.step(g).span.start))
                    .collect();
                let problems: Vec<&Problem> = held.iter().flat_map(|&g| self.at(Some(g))).collect();
                if !problems.is_empty() {
                    text.push_str(&format!(" — {}", counts(&problems)));
                }
                let last = n + 1 == variation.lines.len();
                if let Some(outcome) = variation.outcome.filter(|_| last) {
                    text.push_str(&format!(" — {outcome}"));
                }
                out.push(text);
                let under = indent + 4;
                for &g in &held {
                    let comment = self.comment(g, width.saturating_sub(under));
                    out.extend(comment.iter().flat_map(|c| c.lines()).map(|line| {
                        match line.is_empty() {
                            true => String::new(),
                            false => format!("{}{line}", " ".repeat(under)),
                        }
                    }));
                }
                for g in held {
                    out.extend(self.listing(Some(g), under, width));
                }
            }
        }
        out
    }
}
