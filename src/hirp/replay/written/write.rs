//! A rules step written as the notation writes it: the other direction of
//! [`resolve`](super::resolve), beside it.

use crate::core::Span;
use crate::hirp::rules::reading::boarding_karve;
use crate::hirp::rules::{Arrival, Mover, Position, Step};
use crate::hirp::syntax::ast::{self, Action, Destination, Piece};
use crate::hirp::types::{PieceKind, Space};

/// Whether the notation can say this step: `Hi` names no space, so it must
/// be the only space where a Hirþ could board; the replayer boards a free
/// Hirþ when there is one, and leaves with a stopped one.
pub(crate) fn writable(position: &Position, step: Step) -> bool {
    let side = position.to_move();
    let army = position.army(side);
    match step {
        Step::Board { at, stopped, .. } => {
            let spaces = Space::ALL
                .into_iter()
                .filter(|&s| {
                    army.hirths[s.index()] + army.stopped[s.index()] > 0
                        && boarding_karve(position, side, s).is_some()
                })
                .count();
            spaces == 1 && stopped == (army.hirths[at.index()] == 0)
        }
        Step::Leave { karve, stopped } => {
            let k = army.karves[usize::from(karve.0)];
            stopped == (k.stopped_crew > 0)
        }
        _ => true,
    }
}

/// The token for one rules step, before it is played.
pub(crate) fn write_step(position: &Position, step: Step) -> ast::WrittenStep {
    let side = position.to_move();
    let army = position.army(side);
    let piece_of = |mover: Mover| match mover {
        Mover::Lofdungr => Piece::Lofdungr,
        Mover::Hirth(_) => Piece::Hirth,
        Mover::Karve(id) => Piece::Karve {
            crew: u32::from(army.karves[usize::from(id.0)].crew),
        },
    };
    let (piece, action) = match step {
        Step::Enter(PieceKind::Karve) => (Piece::Karve { crew: 0 }, Action::Enter { to: None }),
        Step::Enter(_) => (Piece::Hirth, Action::Enter { to: None }),
        Step::Board { .. } => (Piece::Hirth, Action::Board),
        Step::Leave { karve, .. } => (
            Piece::Hirth,
            Action::Leave {
                karve: army.karves[usize::from(karve.0)].at.unwrap_or(Space::Midr),
                to: None,
            },
        ),
        Step::Move { piece, to } => {
            let from = position.movable(piece).unwrap_or(to);
            let attack = position.arrival(to) == Arrival::Attack;
            (
                piece_of(piece),
                Action::Move {
                    from,
                    to: Destination { space: to, attack },
                },
            )
        }
    };
    ast::WrittenStep {
        piece,
        action,
        span: Span::default(),
    }
}
