//! A tafl game's frames: the line of play through each, the problems
//! shown with each, the variations listed under each, and how each is
//! captioned and drawn.

use crate::core::diagnostic::Problem;
use crate::core::escape;
use crate::core::show::counts;
use crate::tafl::render::Board;
use crate::tafl::replay::{ProblemKind, ReplayedMove};
use crate::tafl::rules::Outcome;

use super::TaflShown;
use super::notes::Named;

impl TaflShown {
    /// The game as its heading names it, with what its file says of it.
    pub(super) fn named(&self) -> Named<'_> {
        Named {
            path: &self.path,
            number: self.number,
            games: self.game.games,
            about: &self.game.annotations,
        }
    }

    /// The commentary on frame `f`'s move, wrapped to `width` and led by
    /// its label; `None` when it has none.
    pub(super) fn comment(&self, f: usize, width: usize) -> Option<String> {
        self.named()
            .comment(&self.label_of(f), self.step(f).span, width)
    }

    /// How many frames there are.
    pub(super) fn len(&self) -> usize {
        self.frames.len()
    }

    /// The main line's frames.
    pub(super) fn main_line(&self) -> Vec<usize> {
        (0..self.game.replay.steps.len()).collect()
    }

    /// The addresses of the main line's first and last moves, if it has
    /// any.
    pub(super) fn range(&self) -> Option<(String, String)> {
        super::super::positions::range(&self.game.replay.steps)
    }

    /// The frame of a label, `3b` or `7a.1.2b`.
    pub(super) fn frame_labelled(&self, label: &str) -> Option<usize> {
        self.labels.get(label).copied()
    }

    /// The frames of the variation labelled `label`, `7a.1`, if it has
    /// moves.
    pub(super) fn variation(&self, label: &str) -> Option<Vec<usize>> {
        let v = self
            .game
            .replay
            .variations
            .iter()
            .position(|v| v.label == label)?;
        let frames = self.frames_of(v);
        (!frames.is_empty()).then_some(frames)
    }

    /// The frames of variation `v`.
    pub(super) fn frames_of(&self, v: usize) -> Vec<usize> {
        let first = self.firsts[v];
        (first..first + self.game.replay.variations[v].steps.len()).collect()
    }

    /// The problems shown with frame `f` (`None`: before the first move).
    pub(super) fn at(&self, f: Option<usize>) -> Vec<&Problem> {
        let problems = &self.game.replay.problems;
        self.problems
            .get(&f)
            .map(|found| found.iter().map(|&n| &problems[n]).collect())
            .unwrap_or_default()
    }

    /// The problems of the moves of the variations listed under frame `f`,
    /// theirs included, in the record's order.
    pub(super) fn listed_problems(&self, f: Option<usize>) -> Vec<&Problem> {
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
    pub(super) fn listed_frames(&self, f: Option<usize>) -> Vec<usize> {
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
    pub(super) fn label_of(&self, f: usize) -> String {
        let (line, n) = self.frames[f];
        self.game.replay.label(line, n)
    }

    /// Frame `f`'s move as the record writes it, escaped (in the notation
    /// when the record's text is none).
    pub(super) fn notation(&self, f: usize) -> String {
        let step = self.step(f);
        step.shown(&self.game.text, self.game.move_text)
            .into_owned()
    }

    pub(super) fn step(&self, f: usize) -> &ReplayedMove {
        let replay = &self.game.replay;
        match self.frames[f] {
            (None, n) => &replay.steps[n],
            (Some(v), n) => &replay.variations[v].steps[n],
        }
    }

    /// How the game ends with frame `f`'s move, when it ends its line.
    pub(super) fn ending(&self, f: usize) -> Option<Outcome> {
        match self.frames[f] {
            (None, n) => self
                .game
                .replay
                .outcome
                .filter(|_| n + 1 == self.game.replay.steps.len()),
            (Some(v), n) => {
                let variation = &self.game.replay.variations[v];
                variation.outcome.filter(|_| n + 1 == variation.steps.len())
            }
        }
    }

    /// Frame `f` for a caption: `1b: e4-e7xf7`, then with `counted` what
    /// problems it has (`— 1 error`), and how the game ends with it.
    pub(super) fn describe(&self, f: usize, counted: bool) -> String {
        let mut text = format!("{}: {}", self.label_of(f), self.notation(f));
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
    pub(super) fn board(&self, f: usize) -> Board<'_> {
        let step = self.step(f);
        let board = Board::of(&self.after[f]);
        match step.applied.mv() {
            Some(mv) => board.with_last_move(mv, step.captures.iter()),
            None => board,
        }
    }

    /// The frame of the move before frame `f`'s in its line of play
    /// (`None`: the start of the game).
    pub(super) fn previous(&self, f: usize) -> Option<usize> {
        match self.frames[f] {
            (line, n) if n > 0 => Some(self.frame(line, n - 1)),
            (None, _) => None,
            (Some(v), _) => self.before_variation(v),
        }
    }

    /// The frame of the move after which variation `v` is played (`None`:
    /// the start of the game).
    pub(super) fn before_variation(&self, v: usize) -> Option<usize> {
        let (line, n) = self.game.replay.played_after(v)?;
        Some(self.frame(line, n))
    }

    /// The frame of move `n` of `line`.
    pub(super) fn frame(&self, line: Option<usize>, n: usize) -> usize {
        line.map_or(n, |v| self.firsts[v] + n)
    }

    /// The frames of the line of play through frame `f`: the moves played
    /// before its line branches, then its line's.
    pub(super) fn path(&self, f: usize) -> Vec<usize> {
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
    pub(super) fn listed_at(&self, f: Option<usize>) -> Vec<usize> {
        self.listed.get(&f).cloned().unwrap_or_default()
    }

    /// The frame variation `v` is listed under.
    pub(super) fn listed(&self, v: usize) -> Option<usize> {
        let (line, n) = self.game.replay.shown_with(v)?;
        Some(self.frame(line, n))
    }

    /// The frame whose move variation `v` replaces, if it replaces one.
    pub(super) fn replaced(&self, v: usize) -> Option<usize> {
        let variation = &self.game.replay.variations[v];
        variation
            .replaces
            .then(|| self.frame(variation.parent, variation.branch))
    }

    /// The frame of the first move of variation `v`, if it has moves.
    pub(super) fn first_of(&self, v: usize) -> Option<usize> {
        self.frames_of(v).first().copied()
    }

    /// The variation frame `f`'s move belongs to, if any.
    pub(super) fn line_of(&self, f: usize) -> Option<usize> {
        self.frames[f].0
    }

    /// The frame a problem is shown with: the end of the game for a result
    /// or a count of captures that is wrong, else the move it lies in, else
    /// the first move of the variation whose lines hold it, else the last
    /// move of the main line before it; `None` before the first move.
    pub(super) fn place(
        &self,
        problem: &Problem,
        holding: &dyn Fn(usize) -> Option<usize>,
    ) -> Option<usize> {
        let steps = &self.game.replay.steps;
        if matches!(
            problem.code.kind(),
            Some(ProblemKind::Result | ProblemKind::CaptureCount)
        ) {
            return steps.len().checked_sub(1);
        }
        if let Some(f) = problem.turn.as_deref().and_then(|t| self.frame_labelled(t)) {
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
    pub(super) fn listing(&self, f: Option<usize>, indent: usize, width: usize) -> Vec<String> {
        let mut out = Vec::new();
        let pad = " ".repeat(indent);
        for v in self.listed_at(f) {
            let variation = &self.game.replay.variations[v];
            let head = match (self.replaced(v), f) {
                (Some(r), _) => format!("instead of {}: {}", self.label_of(r), self.notation(r)),
                (None, Some(f)) => format!("after {}", self.label_of(f)),
                (None, None) => "from the start".to_owned(),
            };
            out.push(format!("{pad}Variation {}, {head}", variation.label));
            let frames = self.frames_of(v);
            for (n, line) in variation.lines.iter().enumerate() {
                let written = self.game.text.get(line.start..line.end).unwrap_or_default();
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
