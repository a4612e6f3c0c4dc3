//! How a game is won, and what it is worth.

use std::fmt;

use crate::types::Side;

/// The ways to win a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VictoryKind {
    /// Yfirráð: the mover holds all five middle spaces at the end of its turn (1).
    Yfirrad,
    /// Þungur Hnífur: the other Lofðungr had to retreat off the board (2).
    ThungurHnifur,
    /// Drepið: the other Lofðungr, defending Miðr, had nowhere to go (5).
    Drepid,
    /// The other player refused a double (1, not multiplied).
    RefusedDouble,
    /// The other player refused a triple (2, not multiplied).
    RefusedTriple,
}

impl VictoryKind {
    /// The points before the Penningr multiplies them.
    pub const fn base_points(self) -> u8 {
        match self {
            VictoryKind::Yfirrad | VictoryKind::RefusedDouble => 1,
            VictoryKind::ThungurHnifur | VictoryKind::RefusedTriple => 2,
            VictoryKind::Drepid => 5,
        }
    }

    /// Whether the Penningr multiplies the points (not for a refused offer).
    pub const fn is_multiplied(self) -> bool {
        matches!(
            self,
            VictoryKind::Yfirrad | VictoryKind::ThungurHnifur | VictoryKind::Drepid
        )
    }

    /// The name in JSON: `yfirrad`, `thungur-hnifur`, `drepid`,
    /// `refused-double`, `refused-triple`.
    pub const fn code(self) -> &'static str {
        match self {
            VictoryKind::Yfirrad => "yfirrad",
            VictoryKind::ThungurHnifur => "thungur-hnifur",
            VictoryKind::Drepid => "drepid",
            VictoryKind::RefusedDouble => "refused-double",
            VictoryKind::RefusedTriple => "refused-triple",
        }
    }

    /// The name for people.
    pub const fn name(self) -> &'static str {
        match self {
            VictoryKind::Yfirrad => "Yfirráð",
            VictoryKind::ThungurHnifur => "Þungur Hnífur",
            VictoryKind::Drepid => "Drepið",
            VictoryKind::RefusedDouble => "a refused double",
            VictoryKind::RefusedTriple => "a refused triple",
        }
    }
}

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
