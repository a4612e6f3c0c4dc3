//! The map's one symmetry: the mirror that swaps Norðr and Suðr.

use super::board;
use crate::hirp::rules::{Army, Karve, Position};
use crate::hirp::types::{Side, Space};

/// The space `space` is under the mirror that swaps Norðr and Suðr.
pub const fn mirrored(space: Space) -> Space {
    use Space::*;
    match space {
        GullNordrDelta => GullSudrDelta,
        GullSudrDelta => GullNordrDelta,
        GullNordrArchipelago => GullSudrArchipelago,
        GullSudrArchipelago => GullNordrArchipelago,
        SilfrNordrArchipelago => SilfrSudrArchipelago,
        SilfrSudrArchipelago => SilfrNordrArchipelago,
        SilfrNordrDelta => SilfrSudrDelta,
        SilfrSudrDelta => SilfrNordrDelta,
        other => other,
    }
}

/// `position` under the mirror that swaps Norðr and Suðr, between turns:
/// every piece on the mirrored space, the rest as it was.
pub fn mirror(position: &Position) -> Position {
    let mut armies = [Army::off_the_board(), Army::off_the_board()];
    for side in Side::ALL {
        let from = position.army(side);
        let to = &mut armies[side as usize];
        to.lofdungr.at = from.lofdungr.at.map(mirrored);
        for space in Space::ALL {
            to.hirths[mirrored(space).index()] = from.loose_on(space);
        }
        for (n, karve) in from.karves.iter().enumerate() {
            to.karves[n] = Karve {
                at: karve.at.map(mirrored),
                crew: karve.crew,
                entered: karve.entered,
                ..Karve::IN_SUPPLY
            };
        }
        to.removed = from.removed;
    }
    Position::between_turns(
        armies,
        position.to_move(),
        position.turns(),
        *position.penningr(),
        position.result(),
    )
}

/// The canonical form of `position` under the map's mirror: of the
/// position and its mirror image, the one whose board sorts first. Two
/// positions that are mirror images of each other have the same canonical
/// form, ready for search and dedupe.
pub fn canonical(position: &Position) -> Position {
    let image = mirror(position);
    if board(&image) < board(position) {
        image
    } else {
        mirror(&image)
    }
}
