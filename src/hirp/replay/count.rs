//! Repairs of a turn whose steps are not five: a token left out when there
//! are too many, a step put back when there are too few. Each candidate
//! must make the turn legal with five steps; they are ranked by how much of
//! the record after the turn plays (its battles and the next turns), and
//! candidates that write the same steps, or reach the same position, are
//! one (dropping either of two identical tokens is one repair).

use super::recover::{Ahead, HORIZON, faults_within};
use super::repair::{self, MAX_FIXES};
use super::written;
use crate::core::Edit;
use crate::core::Span;
use crate::hirp::rules::{Position, STEPS_PER_TURN};
use crate::hirp::syntax::ast::{self, Turn};

/// A repair of the turn's step count: the edit, and the turn's steps as it
/// writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CountFix {
    pub edit: Edit,
    pub steps: String,
    /// The position after the repaired steps, before the battles.
    pub position: Position,
    /// The turn's steps as repaired.
    pub written: Vec<ast::WrittenStep>,
    /// Whether the repair rewrites a space rather than the step count.
    pub respaced: bool,
}

/// The repairs of a turn whose written steps count `steps` (not five),
/// played from `start`, the one the record after them agrees with best
/// first; only those after which nothing ahead is faulty, at most
/// [`MAX_FIXES`] and one more (to say there are more). The rest of the
/// game is looked at, up to [`HORIZON`] turns: a step left out shows most
/// often turns later.
pub(super) fn count_fixes(
    start: &Position,
    turn: &Turn,
    steps: u8,
    following: &[Turn],
) -> Vec<CountFix> {
    let Some(tokens) = repair::readable(&turn.steps) else {
        return Vec::new();
    };
    let candidates = if steps > STEPS_PER_TURN {
        dropped(&tokens)
    } else {
        restored(start, &tokens)
    };
    let ahead = Ahead {
        start: *start,
        rest: &[],
        turn,
        following,
    };
    let mut found: Vec<CountFix> = Vec::new();
    let mut copies = 0;
    // A step whose space was miswritten (`H59` for `H58`) counts too many
    // or too few as well: when one does and the game then plays, leaving
    // out or putting back a step is not the one repair.
    let respaced = respaced(start, &tokens);
    let candidates = candidates.into_iter().chain(respaced);
    for (edit, written, copy) in candidates {
        let respace = edit.span.start < edit.span.end && !edit.replacement.is_empty();
        if !copy && !respace && copies == 1 {
            // A copy of a token next to the gap plays: a step written
            // twice is the likeliest to have been written once.
            continue;
        }
        let refs: Vec<&ast::WrittenStep> = written.iter().collect();
        let Some(position) = play(*start, &refs) else {
            continue;
        };
        let steps: String = written.iter().map(ToString::to_string).collect();
        // Steps that reach the same position are the same repair.
        let same = |f: &CountFix| f.steps == steps || f.position == position;
        if found.iter().any(same) || faults_within(position, &ahead, HORIZON) > 0 {
            continue;
        }
        copies += usize::from(copy);
        found.push(CountFix {
            respaced: respace,
            edit,
            steps,
            position,
            written,
        });
        if found.len() > MAX_FIXES {
            break;
        }
    }
    // A space miswritten only tells that a step left out or put back is not
    // the one repair: on its own it is a guess among the turn's tokens.
    if found.iter().all(|f| f.respaced) {
        found.clear();
    }
    found
}

/// The position after `tokens`, when they play cleanly from `start` with
/// five steps.
fn play(start: Position, tokens: &[&ast::WrittenStep]) -> Option<Position> {
    if !repair::plays_cleanly(start, 0, tokens) {
        return None;
    }
    let mut position = start;
    for token in tokens {
        position.reset_steps();
        written::apply(&mut position, token, false)
            .or_else(|_| written::apply(&mut position, token, true))
            .ok()?;
    }
    Some(position)
}

/// A candidate: the edit, the turn's steps it writes, and whether it puts
/// back a copy of a token next to it.
type Candidate = (Edit, Vec<ast::WrittenStep>, bool);

/// The turn with each token left out in turn, last first, those written
/// twice in the turn (`HeHe`) before the others.
fn dropped(tokens: &[&ast::WrittenStep]) -> Vec<Candidate> {
    let twice = |token: &ast::WrittenStep| {
        let text = token.to_string();
        tokens.iter().filter(|t| t.to_string() == text).count() > 1
    };
    let mut out: Vec<Candidate> = (0..tokens.len())
        .rev()
        .map(|n| {
            let mut kept: Vec<ast::WrittenStep> = tokens.iter().map(|t| **t).collect();
            let gone = kept.remove(n);
            (Edit::new(gone.span, String::new()), kept, twice(&gone))
        })
        .collect();
    out.sort_by_key(|(_, _, copy)| !copy);
    out
}

/// The turn with one token's text changed in one character to another
/// step legal where it stands: a space miswritten.
fn respaced(start: &Position, tokens: &[&ast::WrittenStep]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let mut position = *start;
    for (n, token) in tokens.iter().enumerate() {
        let text = token.to_string();
        let mut here = position;
        here.reset_steps();
        for step in here.legal_steps() {
            if !super::writable(&here, step) {
                continue;
            }
            let new = super::write_step(&here, step);
            let new_text = new.to_string();
            let differing = text.bytes().zip(new_text.bytes()).filter(|(a, b)| a != b);
            if new_text.len() != text.len() || differing.count() != 1 {
                continue;
            }
            let new = ast::WrittenStep {
                span: token.span,
                ..new
            };
            let mut written: Vec<ast::WrittenStep> = tokens.iter().map(|t| **t).collect();
            written[n] = new;
            out.push((Edit::new(token.span, new_text), written, false));
        }
        position.reset_steps();
        if written::apply(&mut position, token, false)
            .or_else(|_| written::apply(&mut position, token, true))
            .is_err()
        {
            break;
        }
    }
    out
}

/// The turn with one step put back: first a copy of a token next to a gap
/// between two tokens (or at an end), then each legal step in each gap.
pub(super) fn restored(start: &Position, tokens: &[&ast::WrittenStep]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let mut legal: Vec<Candidate> = Vec::new();
    let mut position = *start;
    for gap in 0..=tokens.len() {
        let at = match tokens.get(gap) {
            Some(token) => token.span.start,
            None => tokens.last().map_or(0, |t| t.span.end),
        };
        let insert = |token: ast::WrittenStep, copy: bool| {
            let mut written: Vec<ast::WrittenStep> = tokens.iter().map(|t| **t).collect();
            let new = ast::WrittenStep {
                span: Span::new(at, at),
                ..token
            };
            written.insert(gap, new);
            (Edit::new(Span::new(at, at), new.to_string()), written, copy)
        };
        let next_to = [gap.checked_sub(1), Some(gap)];
        let copies = next_to.into_iter().flatten().filter_map(|n| tokens.get(n));
        out.extend(copies.map(|t| insert(**t, true)));
        let mut here = position;
        here.reset_steps();
        for step in here.legal_steps() {
            if super::writable(&here, step) {
                legal.push(insert(super::write_step(&here, step), false));
            }
        }
        if let Some(token) = tokens.get(gap) {
            position.reset_steps();
            if written::apply(&mut position, token, false)
                .or_else(|_| written::apply(&mut position, token, true))
                .is_err()
            {
                break;
            }
        }
    }
    out.append(&mut legal);
    out
}
