//! Recovery after a faulty step: the fault reported with the edits that
//! make the turn legal, ranked by how much of the record after them plays,
//! and the replay carried on from the nearest legal reading, so that a
//! consequence of the mistake is never reported as a new one.

use super::battles;
use super::count::{CountFix, count_fixes};
use super::forced;
use super::problem::{Problem, fault_problem, fix_help, offer_fixes, one_of};
use super::repair::{self, Fix};
use super::turn::Replay;
use super::written::{self, Fault};
use crate::core::Edit;
use crate::core::Severity;
use crate::hirp::rules::{Position, StepError};
use crate::hirp::syntax::ast::{self, Label, StepToken, Turn};

/// What follows a step in the record, to choose among readings of it.
pub(super) struct Ahead<'a> {
    /// The position the turn starts from.
    pub start: Position,
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

/// The most turns after a fault over which its repairs are weighed when the
/// next [`TURNS_AHEAD`] cannot tell them apart ("the rest of the game"):
/// enough for a step left out to show, and a bound that keeps a check
/// linear in the game's length however many faults it has.
pub(super) const HORIZON: usize = 50;

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
        let (fixes, clear) = match fault {
            // `Li`, `Kv3`: never a step; any step may have been meant.
            Fault::OnlyHirthBoards(_) | Fault::OnlyHirthLeaves(_) => {
                let (edits, _) = ranked_fixes(step, fault, &before, count, ahead);
                let found = replacements(&before, count, ahead, edits);
                let one = found.len() == 1;
                (found, one)
            }
            _ => ranked_fixes(step, fault, &before, count, ahead),
        };
        let mut problem = fault_problem(fault, step, &before);
        let put_backs = match fault {
            Fault::AmbiguousBoarding { .. } => Vec::new(),
            _ => count_fixes(&ahead.start, ahead.turn, 0, ahead.following),
        };
        if !put_backs.is_empty() {
            return self.put_back(problem, (before, count), &fixes, &put_backs, ahead, label);
        }
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
                offer_fixes(&mut problem, shown);
            }
        }
        self.guessing |= problem.fix.is_none();
        self.push(problem, label);
        let (position, steps) = nearest_reading(before, step, fixes.first(), ahead);
        self.position = position;
        (steps, !fixes.is_empty())
    }
}

impl Replay<'_> {
    /// Reports a faulty step that a step put back before it makes legal
    /// (`put_backs`, after which the whole game plays with no fault), with
    /// the edits of the step itself (`fixes`) after which the whole game
    /// plays with no fault too: the one such repair as help and fix, or
    /// several listed. Goes on from the first step put back; `at` is the
    /// position before the step and the steps taken before it.
    fn put_back(
        &mut self,
        problem: Problem,
        at: (Position, u8),
        fixes: &[Fix],
        put_backs: &[CountFix],
        ahead: &Ahead<'_>,
        label: Label,
    ) -> (u8, bool) {
        let (before, count) = at;
        let mut edits: Vec<&Fix> = Vec::new();
        for fix in fixes {
            let mut position = before;
            repair::apply_fix(&mut position, fix);
            let end = steps_played(position, ahead.rest);
            let same = |p: Position| put_backs.iter().any(|b| b.position == p);
            if faults_within(position, ahead, HORIZON) == 0 && !end.is_some_and(same) {
                edits.push(fix);
            }
        }
        let problem = match (edits.as_slice(), put_backs) {
            ([], [one]) => problem
                .with_help(format!("write the steps `{}`", one.steps))
                .with_fix(one.edit.clone()),
            ([], _) => {
                let shown: Vec<String> = put_backs.iter().map(|b| b.steps.clone()).collect();
                let shown = &shown[..shown.len().min(repair::MAX_FIXES)];
                problem.offering("write the steps", shown)
            }
            _ => {
                let shown: Vec<Fix> = edits.iter().map(|f| (*f).clone()).collect();
                let steps: Vec<String> = put_backs.iter().map(|b| b.steps.clone()).collect();
                let steps = &steps[..steps.len().min(repair::MAX_FIXES.saturating_sub(1))];
                let shown = &shown[..shown.len().min(repair::MAX_FIXES)];
                let help = fix_help(shown);
                let texts = shown.iter().map(|f| f.text.clone());
                problem
                    .with_help(format!("{help}, or the steps {}", one_of(steps)))
                    .with_choices(texts.chain(steps.iter().cloned()))
            }
        };
        self.guessing |= problem.fix.is_none();
        self.push(problem, label);
        // Go on from the first step put back: the steps up to the faulty
        // one, and the one put back.
        let first = &put_backs[0];
        let played = first.written.len() - ahead.rest.len();
        let mut position = ahead.start;
        let mut steps = 0u8;
        for token in &first.written[..played] {
            position.reset_steps();
            if let Ok(applied) = written::apply(&mut position, token, false)
                .or_else(|_| written::apply(&mut position, token, true))
            {
                steps = steps.saturating_add(applied.steps());
            }
        }
        self.position = position;
        (steps.saturating_sub(count), true)
    }
}

/// The steps that may stand in a token's place (`before` it, `count` steps
/// taken): the `edits` of it, then any legal step, kept when the turn is
/// then five steps and the rest of the game plays with no fault
/// (up to [`HORIZON`] turns),
/// steps that reach the same position being one; at most
/// [`repair::MAX_FIXES`] and one more.
fn replacements(before: &Position, count: u8, ahead: &Ahead<'_>, edits: Vec<Fix>) -> Vec<Fix> {
    let Some(rest) = repair::readable(ahead.rest) else {
        return Vec::new();
    };
    let mut here = *before;
    here.reset_steps();
    let legal = here.legal_steps().into_iter().filter_map(|legal| {
        let writable = super::writable(&here, legal);
        writable.then(|| super::write_step(&here, legal))
    });
    let legal = legal.filter_map(|written| {
        let mut tokens = vec![&written];
        tokens.extend(rest.iter().copied());
        repair::plays_cleanly(*before, count, &tokens).then(|| Fix {
            text: written.to_string(),
            steps: vec![written],
        })
    });
    let mut found: Vec<(Fix, Position)> = Vec::new();
    for fix in edits.into_iter().chain(legal) {
        let mut position = *before;
        repair::apply_fix(&mut position, &fix);
        let same = found.iter().any(|(_, p)| *p == position);
        if same || faults_within(position, ahead, HORIZON) > 0 {
            continue;
        }
        found.push((fix, position));
        if found.len() > repair::MAX_FIXES {
            break;
        }
    }
    found.into_iter().map(|(fix, _)| fix).collect()
}

/// The position after a turn's steps `rest` played from `position`, when
/// they play with no fault.
fn steps_played(mut position: Position, rest: &[StepToken]) -> Option<Position> {
    for token in repair::readable(rest)? {
        position.reset_steps();
        written::apply(&mut position, token, false)
            .or_else(|_| written::apply(&mut position, token, true))
            .ok()?;
    }
    Some(position)
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
    if fixes.is_empty() {
        return (fixes, false);
    }
    let clear = if fixes.len() == 1 {
        true
    } else {
        let faults = |fix: &Fix, turns: usize| {
            let mut position = *before;
            repair::apply_fix(&mut position, fix);
            faults_within(position, ahead, turns)
        };
        let mut scored: Vec<(usize, Fix)> = fixes
            .into_iter()
            .map(|fix| (faults(&fix, TURNS_AHEAD), fix))
            .collect();
        // Edits the next turns agree with alike: the whole game tells them
        // apart.
        let tied = scored.iter().filter(|(n, _)| *n == 0).count();
        if tied > 1 {
            for scored in scored.iter_mut().filter(|(n, _)| *n == 0) {
                scored.0 = usize::from(faults(&scored.1, HORIZON) > 0);
            }
        }
        scored.sort_by_key(|(faults, _)| *faults);
        let clear = scored[0].0 == 0 && scored[1].0 > 0;
        fixes = scored.into_iter().map(|(_, fix)| fix).collect();
        clear
    };
    let sure = clear && sure_of(&fixes[0], step, fault, ahead);
    (fixes, sure)
}

/// Whether the one repair of a faulty step may be applied: not when the
/// step names a piece that is not there, or the repair moves another piece
/// or from another space, which an earlier step written wrong explains as
/// well, or it leaves out a step not written twice (a token written twice
/// left out is sure).
fn sure_of(fix: &Fix, step: &ast::WrittenStep, fault: &Fault, ahead: &Ahead<'_>) -> bool {
    let elsewhere = matches!(
        fault,
        Fault::LofdungrElsewhere { .. }
            | Fault::NoKarve { .. }
            | Fault::NothingToBoard { .. }
            | Fault::NotAnAttack { .. }
            | Fault::Play(StepError::NoPiece { .. })
    );
    let twice = fix.text.is_empty()
        && ahead
            .turn
            .read_steps()
            .filter(|s| s.to_string() == step.to_string())
            .count()
            > 1;
    // A move from another space than written: the piece may stand there
    // because an earlier step was written wrong.
    let moved_from = |s: &ast::WrittenStep| match s.action {
        ast::Action::Move { from, .. } => Some(from),
        _ => None,
    };
    // Or another piece than written: the one written may be elsewhere.
    let same_piece = |a: ast::Piece, b: ast::Piece| {
        a == b || matches!((a, b), (ast::Piece::Karve { .. }, ast::Piece::Karve { .. }))
    };
    let from_changed = match fix.steps.as_slice() {
        [one] => {
            moved_from(one).is_some_and(|from| moved_from(step) != Some(from))
                || !same_piece(one.piece, step.piece)
        }
        _ => false,
    };
    // A step left out that is not written twice: it may stand for another.
    let dropped = fix.text.is_empty() && !twice;
    !((elsewhere && !twice) || from_changed || dropped)
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
    // A refused offer ends the game before the battles
    // (`docs/rules.md#refused-offer`).
    if refused(ahead.turn) {
        return faults;
    }
    faults += battle_faults(&mut position, &ahead.turn.outcome);
    for turn in ahead.following.iter().take(turns) {
        if position.result().is_some() {
            break;
        }
        position.end_turn();
        faults += count_faults(&mut position, &turn.steps);
        if refused(turn) {
            break;
        }
        faults += battle_faults(&mut position, &turn.outcome);
    }
    faults
}

/// How many faults `turns` show played from `position` (where the first
/// starts), as [`faults_within`] counts them.
pub(super) fn turn_faults(mut position: Position, turns: &[Turn]) -> usize {
    let mut faults = 0;
    for (n, turn) in turns.iter().enumerate() {
        if position.result().is_some() {
            break;
        }
        if n > 0 {
            position.end_turn();
        }
        faults += count_faults(&mut position, &turn.steps);
        if refused(turn) {
            break;
        }
        faults += battle_faults(&mut position, &turn.outcome);
    }
    faults
}

/// Whether a turn ends the game with a refused offer.
fn refused(turn: &Turn) -> bool {
    let refusal = |p: &ast::PenningrAction| p.action == ast::PenningrMove::Refuse;
    turn.outcome.penningr.iter().any(refusal)
}

/// Fights a turn's battles on `position`; returns the errors the record shows.
fn battle_faults(position: &mut Position, outcome: &ast::Outcome) -> usize {
    let written = battles::written(outcome);
    let mut found = Vec::new();
    battles::resolve(position, written.as_ref(), &[], &[], &mut found);
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
