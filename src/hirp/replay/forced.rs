//! Readings of a faulty written step for the replay to go on from: the
//! legal part of it ([`prefix`]) and the step as if it were legal
//! ([`force`]). Used only for recovery, after the fault is reported.

use super::written::{apply, find_karve, newest_karve, play_written};
use crate::hirp::rules::board::{self, distance};
use crate::hirp::rules::reading::{boarding_karve, leaving_karve};
use crate::hirp::rules::{Arrival, Mover, Position, Step};
use crate::hirp::syntax::ast::{self, Action, Destination, Piece};
use crate::hirp::types::{PieceKind, Space};

/// Plays as much of a written step as is legal: the enter or leave, then
/// the walk along the bare board towards its destination for as long as the
/// rules allow. `Hv75` of a stopped Hirþ leaves the Karve and stays; `L06`
/// with only 1 and 3 held walks 0, 1, 3 and stops on the empty 5.
pub(super) fn prefix(pos: &mut Position, step: &ast::WrittenStep) {
    let home = board::home(pos.to_move());
    let head = |action| ast::WrittenStep { action, ..*step };
    let (start, mover, to) = match step.action {
        Action::Enter { to: Some(to) } => {
            if apply(pos, &head(Action::Enter { to: None }), false).is_err() {
                return;
            }
            let mover = match step.piece {
                Piece::Karve { .. } => Mover::Karve(newest_karve(pos, home)),
                _ => Mover::Hirth(home),
            };
            (home, mover, to)
        }
        Action::Leave {
            karve,
            to: Some(to),
        } => {
            if apply(pos, &head(Action::Leave { karve, to: None }), false).is_err() {
                return;
            }
            (karve, Mover::Hirth(karve), to)
        }
        Action::Move { from, to } => {
            let mover = match step.piece {
                Piece::Lofdungr => Mover::Lofdungr,
                Piece::Hirth => Mover::Hirth(from),
                Piece::Karve { crew } => match find_karve(pos, from, crew) {
                    Ok(id) => Mover::Karve(id),
                    Err(_) => return,
                },
            };
            (from, mover, to)
        }
        _ => {
            let _ = play_written(pos, step, false);
            return;
        }
    };
    walk_bare_board(pos, mover, start, to.space);
}

/// Walks a piece from `start` towards `to` along the bare board, one space
/// nearer each step, for as long as it moves on through own spaces (the
/// last step may end anywhere).
fn walk_bare_board(pos: &mut Position, mut mover: Mover, start: Space, to: Space) {
    let mut at = start;
    while at != to {
        let Some(next) = board::neighbours(at).find(|&n| distance(n, to) < distance(at, to)) else {
            return;
        };
        if pos.play(Step::Move {
            piece: mover,
            to: next,
        }) != Ok(Arrival::Own)
            && next != to
        {
            return;
        }
        if let Mover::Hirth(_) = mover {
            mover = Mover::Hirth(next);
        }
        at = next;
    }
}

/// Plays a written step as nearly as the position allows, ignoring the rule
/// it breaks, so that the replay can go on after reporting it; returns the
/// steps it counts.
pub(super) fn force(pos: &mut Position, step: &ast::WrittenStep) -> u8 {
    let side = pos.to_move();
    let walk_steps =
        |from: Space, to: Option<Destination>| to.map_or(0, |to| distance(from, to.space));
    match step.action {
        Action::Enter { to } => match step.piece {
            Piece::Karve { crew } => force_karve_entry(pos, step, crew, to),
            piece => {
                let home = board::home(side);
                if pos.play(Step::Enter(piece.kind())).is_ok()
                    && let Some(to) = to
                {
                    teleport(pos, Mover::Hirth(home), home, to);
                }
                1 + walk_steps(home, to)
            }
        },
        Action::EnterAndBoard => 2,
        Action::Board => {
            let at = Space::ALL.into_iter().find(|&at| {
                pos.army(side).loose_on(at) > 0 && boarding_karve(pos, side, at).is_some()
            });
            if let Some(at) = at
                && let Some(karve) = boarding_karve(pos, side, at)
            {
                let stopped = pos.army(side).hirths[at.index()] == 0;
                let _ = pos.play(Step::Board { at, stopped, karve });
            }
            1
        }
        Action::Leave { karve: at, to } => {
            if let Some(karve) = leaving_karve(pos, side, at) {
                let k = pos.army(side).karves[usize::from(karve.0)];
                let stopped = k.crew == k.stopped_crew;
                if pos.play(Step::Leave { karve, stopped }).is_ok()
                    && let Some(to) = to
                {
                    teleport(pos, Mover::Hirth(at), at, to);
                }
            }
            1 + walk_steps(at, to)
        }
        Action::Move { from, to } => force_move(pos, step.piece, from, to),
    }
}

/// `Khhe...` read as `Ke` and a `Hei` for each Hirþ, then the walk.
fn force_karve_entry(
    pos: &mut Position,
    step: &ast::WrittenStep,
    crew: u32,
    to: Option<Destination>,
) -> u8 {
    let home = board::home(pos.to_move());
    let mut steps = 0;
    if pos.play(Step::Enter(PieceKind::Karve)).is_ok() {
        steps += 1;
        for _ in 0..crew.min(4) {
            let hei = ast::WrittenStep {
                piece: Piece::Hirth,
                action: Action::EnterAndBoard,
                span: step.span,
            };
            if let Ok(applied) = apply(pos, &hei, false) {
                steps += applied.steps();
            }
        }
        if let Some(to) = to {
            let karve = newest_karve(pos, home);
            teleport(pos, Mover::Karve(karve), home, to);
            steps += distance(home, to.space);
        }
    }
    steps
}

/// A move put through whatever lies between: the Lofðungr from where it
/// stands, a Karve with the crew nearest the one written.
fn force_move(pos: &mut Position, piece: Piece, from: Space, to: Destination) -> u8 {
    let army = pos.army(pos.to_move());
    let mover = match piece {
        Piece::Lofdungr => army.lofdungr.at.map(|_| Mover::Lofdungr),
        Piece::Hirth => (army.hirths[from.index()] + army.stopped[from.index()] > 0)
            .then_some(Mover::Hirth(from)),
        Piece::Karve { crew } => army
            .karves_on(from)
            .min_by_key(|(_, k)| u32::from(k.crew).abs_diff(crew))
            .map(|(id, _)| Mover::Karve(id)),
    };
    let start = match piece {
        Piece::Lofdungr => army.lofdungr.at.unwrap_or(from),
        _ => from,
    };
    if let Some(mover) = mover
        && start != to.space
    {
        teleport(pos, mover, start, to);
    }
    distance(from, to.space)
}

/// Puts a piece on its destination as if it had walked there, whatever lies
/// between: into an attack when the opponent holds the space.
fn teleport(pos: &mut Position, mover: Mover, from: Space, to: Destination) {
    let target = to.space;
    let arrival = pos.arrival(target);
    // An attacker stands on a line next to its target: walk the bare board to
    // the space before it.
    let before = board::neighbours(target)
        .min_by_key(|&n| distance(from, n))
        .unwrap_or(from);
    let mut mover = mover;
    if before != from {
        pos.relocate(mover, from, before, Arrival::Own);
        if let Mover::Hirth(_) = mover {
            mover = Mover::Hirth(before);
        }
    }
    let arrival = if arrival == Arrival::Attack && !board::adjacent(before, target) {
        Arrival::Own
    } else {
        arrival
    };
    pos.relocate(mover, before, target, arrival);
}
