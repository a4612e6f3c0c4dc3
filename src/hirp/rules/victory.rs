//! How a game is won, and what it is worth.

use std::fmt;

use crate::hirp::types::Side;
use crate::hirp::types::VictoryKind;

/// A won game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Victory {
    /// Who won.
    pub winner: Side,
    /// How.
    pub kind: VictoryKind,
    /// The Penningr's multiplier when it was won: 1, 2 or 3.
    pub multiplier: u8,
}

impl Victory {
    /// The points scored.
    pub const fn points(&self) -> u8 {
        if self.kind.is_multiplied() {
            self.kind.base_points() * self.multiplier
        } else {
            self.kind.base_points()
        }
    }
}

impl fmt::Display for Victory {
    /// `Silfr wins by Drepið, doubled: 10 points`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} wins by {}", self.winner.name(), self.kind.name())?;
        if self.kind.is_multiplied() {
            match self.multiplier {
                2 => f.write_str(", doubled")?,
                3 => f.write_str(", tripled")?,
                _ => {}
            }
        }
        let points = self.points();
        write!(f, ": {points} point{}", if points == 1 { "" } else { "s" })
    }
}
