//! Slips of recording the search tries besides the edits of one line: a
//! step written in the turn before or after the faulty one, two steps of
//! neighbouring turns exchanged, and a turn's line written twice, label
//! and all. In the middle of a game the
//! copy is a candidate of the search (the faulty line taken out); a game's
//! first line written twice starts a second game with it, so the copy is
//! found between games: a game whose last line is the next game's first,
//! with nothing between them, is one game once the copy is taken out.

use crate::core::Severity;
use crate::core::diagnostic::Problem;
use crate::hirp::syntax::ast::Game;

use super::super::fast::Paused;
use super::super::problem::ProblemKind;
use super::candidates::{Window, exchanged_steps, neighbour_steps};
use super::lines::repeats_line_before;
use super::records::{moved_fighters, neighbour_battles};
use super::{Candidate, MAX_BEFORE, MAX_REACH, line_end, line_start, plain};
use crate::hirp::syntax::ast::Turn;

/// Gives a game whose last line is written again as the next game's
/// first the repair that takes the copy out, when the two games then play
/// as one on the fast path: on the first error of the two games, or on a
/// problem of its own, that the first game of a match has no result though
/// another follows (the match's own check says so of the record as a
/// whole). The other repairs of the two games are left aside. Returns the
/// games so mended, which the search leaves alone.
pub(crate) fn first_line_twice(
    text: &str,
    base: usize,
    games: &[Game],
    problems: &mut Vec<(Problem, Option<usize>)>,
) -> Vec<usize> {
    let mut mended = Vec::new();
    for n in 0..games.len().saturating_sub(1) {
        let Some(copy) = copy_of_last_line(text, base, (&games[n], &games[n + 1])) else {
            continue;
        };
        let (start, end) = (games[n].span.start, games[n + 1].span.end);
        let inside = |p: &Problem| start <= p.span.start && p.span.start < end;
        let first = problems
            .iter()
            .enumerate()
            .filter(|(_, (p, _))| inside(p) && p.severity == Severity::Error)
            .min_by_key(|(_, (p, _))| p.span.start)
            .map(|(i, _)| i);
        for (p, _) in problems.iter_mut() {
            if inside(p) {
                p.fix = None;
            }
        }
        let first = first.unwrap_or_else(|| {
            let at = games[n + 1].turns[0].span;
            let label = "this game's first line repeats the game before, which has no result";
            problems.push((Problem::new(ProblemKind::MatchUnfinished, at, label), None));
            problems.len() - 1
        });
        let problem = &mut problems[first].0;
        problem.help = Some(format!(
            "take out the copy of `{}`",
            text[copy.0..line_end(text, copy.0)].trim_end()
        ));
        problem.fix = Some(crate::core::fix::narrowed(text, base, copy, ""));
        mended.extend([n, n + 1]);
    }
    mended
}

/// The span of `next`'s first line, line end and all, when it is a copy
/// of `game`'s last turn line with only blank lines between them and the
/// two games play as one without it. The fast replay gives up on a turn
/// with anything to report: when the two games do not play to their end
/// there, they are judged up to the last turn (its battle written without
/// the advance, as the rulebook's example writes it, draws an advice).
fn copy_of_last_line(
    text: &str,
    base: usize,
    (game, next): (&Game, &Game),
) -> Option<(usize, usize)> {
    let last = game.turns.last()?;
    let first = next.turns.first()?;
    if !next.tags.is_empty() {
        return None;
    }
    let (start, end) = (
        game.span.start.checked_sub(base)?,
        next.span.end.checked_sub(base)?,
    );
    if end > text.len() || end - start > MAX_BEFORE + MAX_REACH {
        return None;
    }
    let last_line = line_start(text, last.span.start - base);
    let copy = line_start(text, first.span.start - base);
    let last_end = line_end(text, last_line);
    let copy_end = line_end(text, copy);
    if !text[last_end..copy].trim().is_empty()
        || plain(&text.as_bytes()[last_line..last_end]) != plain(&text.as_bytes()[copy..copy_end])
    {
        return None;
    }
    if copy < start || copy_end > end {
        return None;
    }
    let cut = (copy_end + 1).min(end);
    let merged = [&text[start..copy], &text[cut..end]].concat();
    if Paused::after(merged.as_bytes()).is_none() {
        let last = line_start(text, next.turns.last()?.span.start.checked_sub(base)?);
        (last > cut).then_some(())?;
        Paused::after([&text[start..copy], &text[cut..last]].concat().as_bytes())?;
        super::fault::no_error(&merged).then_some(())?;
    }
    Some((copy, cut))
}

/// The candidates of the slips of recording on the line of `window`, the
/// faulty line being at `faulty.0` with its turn `turns[faulty.1]`, and a
/// candidate's replay stopping at `faulty.2`: the steps of this line's
/// turn and the next moved or exchanged between them, when one of them is
/// the faulty turn; and on the faulty line, the line taken out when it
/// repeats the line before it.
pub(super) fn recording_slips(
    text: &str,
    base: usize,
    turns: &[&Turn],
    window: &Window<'_>,
    faulty: (usize, Option<usize>, usize),
) -> Vec<Candidate> {
    let (line, stop) = (window.line, faulty.2);
    let t = super::index_of(turns, window.turn);
    let mut found = Vec::new();
    let at_fault = line == faulty.0;
    if let Some(t) = t
        && let Some(next) = turns.get(t + 1)
        && (at_fault || faulty.1 == Some(t + 1))
    {
        found.extend(neighbour_steps(text, base, turns[t], next));
        found.extend(neighbour_steps(text, base, next, turns[t]));
        found.extend(exchanged_steps(text, base, turns[t], next));
        found.extend(neighbour_battles(text, base, turns[t], next));
        found.extend(neighbour_battles(text, base, next, turns[t]));
    }
    if at_fault && let Some(turn) = window.turn {
        found.extend(moved_fighters(text, base, turn));
    }
    if at_fault && line > 0 && repeats_line_before(text, line) {
        let end = (line_end(text, line) + 1).min(stop);
        found.push(Candidate {
            start: line,
            end,
            with: String::new(),
            cost: end - line,
            whole: true,
            moved: None,
        });
    }
    found
}
