//! Which Karve a Hirþ boards or leaves when the record does not say
//! (`docs/rules.md#which-karve`). The other readings of the rules are kept
//! beside the rule they shape; `docs/rules.md#readings` lists each with
//! where it lives.

use super::position::{CREW_MAX, KarveId, Position};
use crate::hirp::types::{Side, Space};

/// The Karve a Hirþ of `side` boards on `at`: of the Karves there with room
/// and not on a line, the one carrying the most Hirþs, the earliest entered
/// on a tie (`docs/rules.md#which-karve`).
pub fn boarding_karve(position: &Position, side: Side, at: Space) -> Option<KarveId> {
    position
        .army(side)
        .karves_on(at)
        .filter(|(_, k)| k.crew < CREW_MAX && k.attacking.is_none())
        .max_by_key(|(_, k)| (k.crew, std::cmp::Reverse(k.entered)))
        .map(|(id, _)| id)
}

/// The Karve a Hirþ of `side` leaves on `at`: of the manned Karves there not
/// on a line, the one carrying the most Hirþs, the earliest entered on a tie
/// (`docs/rules.md#which-karve`).
pub fn leaving_karve(position: &Position, side: Side, at: Space) -> Option<KarveId> {
    position
        .army(side)
        .karves_on(at)
        .filter(|(_, k)| k.crew > 0 && k.attacking.is_none())
        .max_by_key(|(_, k)| (k.crew, std::cmp::Reverse(k.entered)))
        .map(|(id, _)| id)
}
