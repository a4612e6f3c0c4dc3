//! The losing Lofðungrs' retreats, after every battle is fought and before
//! the winners advance (`docs/rules.md#retreat-before-advance`), in the
//! board order of their battles (`docs/rules.md#retreat-order`); a Lofðungr
//! leaving the board may be written `x` or `^`
//! (`docs/rules.md#killed-or-off-the-board`).

use super::pairing::Plan;
use super::report::written_fighter;
use crate::hirp::replay::problem::{Problem, ProblemKind, one_of};
use crate::hirp::replay::recover::turn_faults;

/// The turns after a battle that say where a Lofðungr retreated: the
/// opponent's, the owner's, and the two after.
const TURNS_AHEAD: usize = 4;
use crate::core::Edit;
use crate::core::Span;
use crate::hirp::rules::{Battle, Fighter, Position, Victory};
use crate::hirp::syntax::ast::{self, Fate};
use crate::hirp::types::{Side, Space};

/// Retreats the losing Lofðungr of each battle, in board order, as the
/// record says when the rules allow it and else as the rules give it.
/// `following` are the turns after, whose steps choose among legal retreats
/// when the record's is wrong. Returns the victory a retreat decided, with the
/// battle it was decided in.
pub(super) fn retreats(
    position: &mut Position,
    plans: &mut [Plan],
    following: &[ast::Turn],
    problems: &mut Vec<Problem>,
) -> Option<(Victory, usize)> {
    // Only a losing Lofðungr's retreat asks the next turn.
    let advances: Vec<(Battle, Vec<bool>)> = if plans.iter().any(|p| p.losing_lofdungr().is_some())
    {
        plans
            .iter()
            .map(|p| (p.battle.clone(), p.advance.clone()))
            .collect()
    } else {
        Vec::new()
    };
    // Whether, with a Lofðungr retreated to `to`, the next turns play with
    // no fault.
    let agrees = |position: &Position, side: Side, to: Space| {
        if following.is_empty() {
            return false;
        }
        let mut trial = *position;
        trial.retreat(side, Some(to));
        for (battle, advance) in &advances {
            trial.advance(battle, advance);
        }
        trial.end_turn();
        let ahead = &following[..following.len().min(TURNS_AHEAD)];
        turn_faults(trial, ahead) == 0
    };
    let mut victory = None;
    for (n, plan) in plans.iter_mut().enumerate() {
        if let Some(won) = retreat(position, plan, &agrees, problems) {
            victory = Some((won, n));
        }
    }
    victory
}

/// Retreats a battle's losing Lofðungr; returns a victory if it leaves the
/// board.
fn retreat(
    position: &mut Position,
    plan: &mut Plan,
    agrees: &dyn Fn(&Position, Side, Space) -> bool,
    problems: &mut Vec<Problem>,
) -> Option<Victory> {
    let (n, fighter) = plan.losing_lofdungr().map(|(n, f)| (n, *f))?;
    let side = fighter.side;
    position.retreat_pending(side)?;
    let options = position.retreats(side);
    let entry = plan.entries[n].filter(|_| !plan.wrong_winner);
    // As written when legal; else the legal retreat the next turn agrees
    // with, else the first in board order. When the next turn agrees with
    // more than one, or none, of several, the retreat is a guess.
    let agreeing: Vec<Space> = options
        .iter()
        .copied()
        .filter(|&to| agrees(position, side, to))
        .collect();
    let decided = match (options.as_slice(), agreeing.as_slice()) {
        ([only], _) | (_, [only]) => Some(*only),
        _ => None,
    };
    let chosen = match (entry.map(|e| e.fate), options.as_slice()) {
        (Some(Fate::Stands(to)), _) if options.contains(&to) => Some(to),
        (_, []) => None,
        (_, [first, ..]) => {
            let chosen = decided.or(agreeing.first().copied()).unwrap_or(*first);
            if decided.is_none() {
                plan.guesses = std::iter::once(chosen)
                    .chain(options.iter().copied().filter(|&to| to != chosen))
                    .collect();
            }
            Some(chosen)
        }
    };
    if let Some(entry) = entry {
        if !retreat_written(entry.fate, chosen) {
            problems.push(wrong_retreat(plan, &fighter, entry, &options, decided));
        }
    } else if !plan.wrong_winner
        && let Some(record) = plan.record
    {
        problems.push(unlisted_retreat(record, &fighter, chosen, decided));
    }
    plan.retreat = Some(chosen);
    position.retreat(side, chosen)
}

/// Whether a written fate is the retreat chosen: the space, or `x` or `^`
/// for a Lofðungr that leaves the board.
fn retreat_written(fate: Fate, chosen: Option<Space>) -> bool {
    match (fate, chosen) {
        (Fate::Stands(to), Some(c)) => to == c,
        (Fate::RemovedFromGame | Fate::RemovedFromPlay, None) => true,
        _ => false,
    }
}

/// A losing Lofðungr written with a fate the rules do not allow; `decided`
/// is the retreat the rules or the next turn leave, if only one.
fn wrong_retreat(
    plan: &Plan,
    fighter: &Fighter,
    entry: &ast::WrittenFighter,
    options: &[Space],
    decided: Option<Space>,
) -> Problem {
    let label = if options.is_empty() {
        let end = if plan.battle.space == Space::Midr && fighter.from == Space::Midr {
            "it is killed: Drepið"
        } else {
            "it leaves the board: Þungur Hnífur"
        };
        format!("the Lofðungr has nowhere to retreat; {end}")
    } else {
        let spaces: Vec<String> = options.iter().map(ToString::to_string).collect();
        format!(
            "the Lofðungr can retreat to {}",
            one_of(&spaces).replace('`', "")
        )
    };
    let fixes: Vec<String> = if options.is_empty() {
        vec![written_fighter(fighter, Fate::RemovedFromGame)]
    } else if let Some(to) = decided {
        vec![written_fighter(fighter, Fate::Stands(to))]
    } else {
        options
            .iter()
            .take(3)
            .map(|&to| written_fighter(fighter, Fate::Stands(to)))
            .collect()
    };
    let problem = Problem::new(ProblemKind::Retreat, entry.span, label).offering("write", &fixes);
    match fixes.as_slice() {
        [fix] => problem.with_fix(Edit::new(entry.span, fix.clone())),
        _ => problem,
    }
}

/// A losing Lofðungr the record leaves out.
fn unlisted_retreat(
    record: &ast::WrittenBattle,
    fighter: &Fighter,
    chosen: Option<Space>,
    decided: Option<Space>,
) -> Problem {
    let fate = chosen.map_or(Fate::RemovedFromGame, Fate::Stands);
    let added = written_fighter(fighter, fate);
    let problem = Problem::new(
        ProblemKind::MissingFighter,
        record.span,
        format!(
            "{} loses its Lofðungr's battle, and its fate is not listed",
            fighter.side.name()
        ),
    )
    .with_help(format!("add `{added}`"));
    // With several places to retreat to, which one is a guess unless the
    // next turn says.
    if chosen.is_none() || decided.is_some() {
        problem.with_fix(Edit::new(
            Span::new(record.span.end, record.span.end),
            added,
        ))
    } else {
        problem
    }
}
