//! The readings: where `shared/rules/hirp.md` says "reading", the choice made
//! where the rulebook is silent. Each is kept in one place so that it can
//! change when a better source turns up:
//!
//! - The edges 1–2, 3–4, 5–6 and 7–8: [`board::EDGES`](super::board::EDGES).
//! - A Karve carrying a Hirþ that stopped this turn does not move again; a
//!   stopped Hirþ may still board or leave a Karve on its space:
//!   [`Karve::can_move`](super::position::Karve::can_move) and
//!   [`Position::play`](super::position::Position::play).
//! - Entering follows the rule of moving into a space (an empty home stops the
//!   piece; a home the opponent holds cannot be entered): `Position::enter`,
//!   in `step.rs`.
//! - A boarding Hirþ takes the Karve that already carries the most Hirþs, the
//!   earliest entered on a tie: [`boarding_karve`].
//! - A leaving Hirþ leaves the fullest Karve on the space, the earliest entered
//!   on a tie: [`leaving_karve`].
//! - A multi-space attack stands on the line from the last space of its
//!   walk; when several equally short walks end on different spaces, the
//!   battle record says which (`replay/written.rs`, `FlexibleAttack`).
//! - When the record cannot tell which of several Hirþs on a space acts (one
//!   that stopped this turn or one still free), the replayer takes the one
//!   that lets the rest of the turn be played: `replay/steps.rs`.
//! - The Lofðungrs retreat after every battle is fought and before the winners
//!   advance: winning attackers still stand on their lines and hold the spaces
//!   they attacked from. This is the only order in which the rulebook's
//!   example ends in a Drepið: Silfr's Karve attacks Miðr from 3, its only
//!   piece there, and had it advanced first, Gull's Lofðungr could have
//!   retreated to 3. See [`Position::fight`](super::position::Position::fight),
//!   [`Position::retreat`](super::position::Position::retreat) and
//!   [`Position::advance`](super::position::Position::advance).
//! - A Lofðungr retreats to a space next to the battle's space (an attacking
//!   one may always go back to where it attacked from), not into a space
//!   conquered this turn, which belongs to its conqueror; when both Ls retreat,
//!   in the board order of their battles: [`Position::retreats`](super::position::Position::retreats).
//! - A turn that ends with a refused offer need not have five steps: the offer
//!   may come at any time, and nothing after the refusal counts. It has at
//!   most five (a sixth is an error, as in any turn). Its battles are not
//!   fought.

use super::position::{CREW_MAX, KarveId, Position};
use crate::types::{Side, Space};

/// The Karve a Hirþ of `side` boards on `at`: of the Karves there with room
/// and not on a line, the one carrying the most Hirþs, the earliest entered
/// on a tie.
pub fn boarding_karve(position: &Position, side: Side, at: Space) -> Option<KarveId> {
    position
        .army(side)
        .karves_on(at)
        .filter(|(_, k)| k.crew < CREW_MAX && k.attacking.is_none())
        .max_by_key(|(_, k)| (k.crew, std::cmp::Reverse(k.entered)))
        .map(|(id, _)| id)
}

/// The Karve a Hirþ of `side` leaves on `at`: of the manned Karves there not
/// on a line, the one carrying the most Hirþs, the earliest entered on a tie.
pub fn leaving_karve(position: &Position, side: Side, at: Space) -> Option<KarveId> {
    position
        .army(side)
        .karves_on(at)
        .filter(|(_, k)| k.crew > 0 && k.attacking.is_none())
        .max_by_key(|(_, k)| (k.crew, std::cmp::Reverse(k.entered)))
        .map(|(id, _)| id)
}
