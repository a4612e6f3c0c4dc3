//! Recovery after a faulty step: the fault reported with the edits that
//! make the turn legal, ranked by how much of the record after them plays,
//! and the replay carried on from the nearest legal reading, so that a
//! consequence of the mistake is never reported as a new one.

use super::battles;
use super::forced;
use super::problem::{fault_problem, fix_help};
use super::repair::{self, Fix};
use super::turn::Replay;
use super::written::{self, Fault};
use crate::rules::Position;
use crate::syntax::Edit;
use crate::syntax::ast::{self, Label, StepToken, Turn};
use crate::types::Severity;

/// What follows a step in the record, to choose among readings of it.
pub(super) struct Ahead<'a> {
    /// The turn's steps after it.
    pub rest: &'a [StepToken],
    /// The turn.
    pub turn: &'a Turn,
    /// The turns after it.
    pub following: &'a [Turn],
}

/// Turns after the current one that a reading is checked against: the
/// opponent's, then the mover's own next one.
const TURNS_AHEAD: usize = 2;

/// Edits of a faulty step ranked against the record ahead, at most.
const CANDIDATES: usize = 6;

impl Replay<'_> {
    /// Reports a faulty step, with the fixes that make the turn legal, and
    /// goes on from the nearest legal reading of it; `before` is the
    /// position before the step, `count` the steps taken before it. Returns
    /// the steps it counts and whether a fix was found.
    pub(super) fn recover(
        &mut self,
        step: &ast::WrittenStep,
        fault: &Fault,
        before: Position,
        ahead: &Ahead<'_>,
        count: u8,
        label: Label,
    ) -> (u8, bool) {
        let (fixes, clear) = ranked_fixes(step, fault, &before, count, ahead);
        let mut problem = fault_problem(fault, step, &before);
        match fixes.as_slice() {
            [] => {}
            [fix, ..] if clear => {
                let one = std::slice::from_ref(fix);
                problem = problem
                    .with_help(fix_help(one))
                    .with_fix(Edit::new(step.span, fix.text.clone()));
            }
            _ => {
                let shown = &fixes[..fixes.len().min(repair::MAX_FIXES)];
                problem = problem.with_help(fix_help(shown));
            }
        }
        self.push(problem, label);
        let (position, steps) = nearest_reading(before, step, fixes.first(), ahead);
        self.position = position;
        (steps, !fixes.is_empty())
    }
}

/// The edits of a faulty step that make its turn legal, the one the rest of
/// the record agrees with best first, and whether that one is clearly the
/// best: the only one, or the only one after which nothing ahead is
/// faulty. An ambiguous `Hi` has none: no edit of it says which Karve was
/// meant.
fn ranked_fixes(
    step: &ast::WrittenStep,
    fault: &Fault,
    before: &Position,
    count: u8,
    ahead: &Ahead<'_>,
) -> (Vec<Fix>, bool) {
    if matches!(fault, Fault::AmbiguousBoarding { .. }) {
        return (Vec::new(), false);
    }
    let mut fixes = repair::fixes_up_to(
        &step.to_string(),
        Some(fault),
        before,
        count,
        ahead.rest,
        CANDIDATES,
    );
    // The token left out: a step written once too often.
    if let Some(rest) = repair::readable(ahead.rest)
        && repair::plays_cleanly(*before, count, &rest)
    {
        fixes.insert(0, Fix::default());
    }
    if fixes.len() <= 1 {
        return (fixes, true);
    }
    let mut scored: Vec<(usize, Fix)> = fixes
        .into_iter()
        .map(|fix| {
            let mut position = *before;
            repair::apply_fix(&mut position, &fix);
            (faults_ahead(position, ahead), fix)
        })
        .collect();
    scored.sort_by_key(|(faults, _)| *faults);
    let clear = scored[0].0 == 0 && scored[1].0 > 0;
    (scored.into_iter().map(|(_, fix)| fix).collect(), clear)
}

/// The reading of a faulty step the replay goes on from: the best fix, or
/// else the legal part of the step, the step as if it were legal, or no
/// step at all, whichever the rest of the record agrees with best. Returns
/// the position after it and the steps it counts.
fn nearest_reading(
    before: Position,
    step: &ast::WrittenStep,
    fix: Option<&Fix>,
    ahead: &Ahead<'_>,
) -> (Position, u8) {
    if let Some(fix) = fix {
        let mut position = before;
        let steps = repair::apply_fix(&mut position, fix);
        return (position, steps);
    }
    let mut forced = before;
    let steps = forced::force(&mut forced, step);
    let mut prefix = before;
    forced::prefix(&mut prefix, step);
    let mut readings = vec![(prefix, steps), (forced, steps), (before, steps)];
    // Last, any one legal step in its place: the record may have replaced
    // a whole token.
    readings.extend(before.legal_steps().into_iter().filter_map(|legal| {
        let mut position = before;
        position.play(legal).ok()?;
        Some((position, steps))
    }));
    let best = readings
        .iter()
        .enumerate()
        .min_by_key(|(n, (position, _))| (faults_ahead(*position, ahead), *n))
        .map_or(0, |(n, _)| n);
    readings[best]
}

/// How many faults the record shows ahead of `position`: in the rest of the
/// turn's steps and its battles, and in the next turns. Fewer means the
/// reading is nearer to what the record means.
pub(super) fn faults_ahead(position: Position, ahead: &Ahead<'_>) -> usize {
    faults_within(position, ahead, TURNS_AHEAD)
}

/// How many faults the record shows ahead of `position`, as
/// [`faults_ahead`] counts them, over up to `turns` of the next turns.
pub(super) fn faults_within(mut position: Position, ahead: &Ahead<'_>, turns: usize) -> usize {
    let mut faults = count_faults(&mut position, ahead.rest);
    faults += battle_faults(&mut position, &ahead.turn.outcome);
    for turn in ahead.following.iter().take(turns) {
        if position.result().is_some() {
            break;
        }
        position.end_turn();
        faults += count_faults(&mut position, &turn.steps);
        faults += battle_faults(&mut position, &turn.outcome);
    }
    faults
}

/// Fights a turn's battles on `position`; returns the errors the record shows.
fn battle_faults(position: &mut Position, outcome: &ast::Outcome) -> usize {
    let written = battles::written(outcome);
    let mut found = Vec::new();
    battles::resolve(position, written.as_ref(), None, &[], &mut found);
    found
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count()
}

/// Plays written steps as far as they go, forcing the faulty ones; returns
/// how many were faulty.
fn count_faults(position: &mut Position, steps: &[StepToken]) -> usize {
    let mut faults = 0;
    for token in steps {
        let StepToken::Step(step) = token else {
            continue;
        };
        position.reset_steps();
        if written::apply(position, step, false).is_err()
            && written::apply(position, step, true).is_err()
        {
            faults += 1;
            forced::force(position, step);
        }
    }
    faults
}
