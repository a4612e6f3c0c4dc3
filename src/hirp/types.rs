//! The closed vocabularies shared by the notation and the rules: sides,
//! spaces and kinds of piece, each read from and printed as its notation
//! letter; and the severity of what is reported about a record, shared by
//! the syntax errors and the replay's problems.

use std::fmt::{self, Write as _};
use std::str::FromStr;

pub use crate::core::UnknownName;

/// One of the two players. Gull (gold) always starts a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Gull, gold, written `G`; plays from space 0.
    Gull,
    /// Silfr, silver, written `S`; plays from space 9.
    Silfr,
}

impl Side {
    /// Both sides, Gull first.
    pub const ALL: [Side; 2] = [Side::Gull, Side::Silfr];

    /// The notation letter, `G` or `S`.
    pub const fn letter(self) -> char {
        match self {
            Side::Gull => 'G',
            Side::Silfr => 'S',
        }
    }

    /// The side written by `letter`, if any.
    pub const fn from_letter(letter: char) -> Option<Side> {
        match letter {
            'G' => Some(Side::Gull),
            'S' => Some(Side::Silfr),
            _ => None,
        }
    }

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Gull => Side::Silfr,
            Side::Silfr => Side::Gull,
        }
    }

    /// The player's name: `Gull` or `Silfr`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Gull => "Gull",
            Side::Silfr => "Silfr",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

impl FromStr for Side {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Side::from_letter), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(UnknownName {
                what: "side",
                text: s.to_owned(),
            }),
        }
    }
}

/// One of the eleven spaces of the board, in board order (0 to 9, then Miðr).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Space {
    /// `0`: Gull's home.
    GullHome,
    /// `1`: Gull Norðr Delta.
    GullNordrDelta,
    /// `2`: Gull Suðr Delta.
    GullSudrDelta,
    /// `3`: Gull Norðr Archipelago.
    GullNordrArchipelago,
    /// `4`: Gull Suðr Archipelago.
    GullSudrArchipelago,
    /// `5`: Silfr Norðr Archipelago.
    SilfrNordrArchipelago,
    /// `6`: Silfr Suðr Archipelago.
    SilfrSudrArchipelago,
    /// `7`: Silfr Norðr Delta.
    SilfrNordrDelta,
    /// `8`: Silfr Suðr Delta.
    SilfrSudrDelta,
    /// `9`: Silfr's home.
    SilfrHome,
    /// `m`: Miðr, the centre of the Archipelago.
    Midr,
}

impl Space {
    /// All eleven spaces in board order.
    pub const ALL: [Space; 11] = [
        Space::GullHome,
        Space::GullNordrDelta,
        Space::GullSudrDelta,
        Space::GullNordrArchipelago,
        Space::GullSudrArchipelago,
        Space::SilfrNordrArchipelago,
        Space::SilfrSudrArchipelago,
        Space::SilfrNordrDelta,
        Space::SilfrSudrDelta,
        Space::SilfrHome,
        Space::Midr,
    ];

    /// The notation character: `0` to `9` or `m`.
    pub const fn code(self) -> char {
        match self {
            Space::GullHome => '0',
            Space::GullNordrDelta => '1',
            Space::GullSudrDelta => '2',
            Space::GullNordrArchipelago => '3',
            Space::GullSudrArchipelago => '4',
            Space::SilfrNordrArchipelago => '5',
            Space::SilfrSudrArchipelago => '6',
            Space::SilfrNordrDelta => '7',
            Space::SilfrSudrDelta => '8',
            Space::SilfrHome => '9',
            Space::Midr => 'm',
        }
    }

    /// The space written `code`, if any.
    pub const fn from_code(code: char) -> Option<Space> {
        Some(match code {
            '0' => Space::GullHome,
            '1' => Space::GullNordrDelta,
            '2' => Space::GullSudrDelta,
            '3' => Space::GullNordrArchipelago,
            '4' => Space::GullSudrArchipelago,
            '5' => Space::SilfrNordrArchipelago,
            '6' => Space::SilfrSudrArchipelago,
            '7' => Space::SilfrNordrDelta,
            '8' => Space::SilfrSudrDelta,
            '9' => Space::SilfrHome,
            'm' => Space::Midr,
            _ => return None,
        })
    }

    /// The position in board order, 0 to 10 (Miðr is 10).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The space at position `index` of board order.
    pub const fn from_index(index: usize) -> Option<Space> {
        if index < Space::ALL.len() {
            Some(Space::ALL[index])
        } else {
            None
        }
    }

    /// The space's name as the rulebook gives it.
    pub const fn name(self) -> &'static str {
        match self {
            Space::GullHome => "Gull home",
            Space::GullNordrDelta => "Gull Norðr Delta",
            Space::GullSudrDelta => "Gull Suðr Delta",
            Space::GullNordrArchipelago => "Gull Norðr Archipelago",
            Space::GullSudrArchipelago => "Gull Suðr Archipelago",
            Space::SilfrNordrArchipelago => "Silfr Norðr Archipelago",
            Space::SilfrSudrArchipelago => "Silfr Suðr Archipelago",
            Space::SilfrNordrDelta => "Silfr Norðr Delta",
            Space::SilfrSudrDelta => "Silfr Suðr Delta",
            Space::SilfrHome => "Silfr home",
            Space::Midr => "Miðr",
        }
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.code())
    }
}

impl FromStr for Space {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Space::from_code), chars.next()) {
            (Some(space), None) => Ok(space),
            _ => Err(UnknownName {
                what: "space",
                text: s.to_owned(),
            }),
        }
    }
}

/// The kinds of piece that stand on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// Hirþ, a Viking guard, written `H`.
    Hirth,
    /// Karve, a ship, written `K`.
    Karve,
    /// Lofðungr, the king, written `L`.
    Lofdungr,
}

impl PieceKind {
    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Hirth => 'H',
            PieceKind::Karve => 'K',
            PieceKind::Lofdungr => 'L',
        }
    }

    /// The kind written `letter`, if any.
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        match letter {
            'H' => Some(PieceKind::Hirth),
            'K' => Some(PieceKind::Karve),
            'L' => Some(PieceKind::Lofdungr),
            _ => None,
        }
    }

    /// The piece's name: Hirþ, Karve or Lofðungr.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Hirth => "Hirþ",
            PieceKind::Karve => "Karve",
            PieceKind::Lofdungr => "Lofðungr",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

impl FromStr for PieceKind {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(PieceKind::from_letter), chars.next()) {
            (Some(kind), None) => Ok(kind),
            _ => Err(UnknownName {
                what: "piece",
                text: s.to_owned(),
            }),
        }
    }
}

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
    /// Every kind.
    pub const ALL: [VictoryKind; 5] = [
        VictoryKind::Yfirrad,
        VictoryKind::ThungurHnifur,
        VictoryKind::Drepid,
        VictoryKind::RefusedDouble,
        VictoryKind::RefusedTriple,
    ];

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

    /// The name in a `[Result]` tag: `Yfirrad`, `ThungurHnifur`, `Drepid`,
    /// `RefusedDouble`, `RefusedTriple`.
    pub const fn tag_name(self) -> &'static str {
        match self {
            VictoryKind::Yfirrad => "Yfirrad",
            VictoryKind::ThungurHnifur => "ThungurHnifur",
            VictoryKind::Drepid => "Drepid",
            VictoryKind::RefusedDouble => "RefusedDouble",
            VictoryKind::RefusedTriple => "RefusedTriple",
        }
    }

    /// The kind whose tag name is `name`.
    pub fn from_tag_name(name: &str) -> Option<VictoryKind> {
        VictoryKind::ALL.into_iter().find(|k| k.tag_name() == name)
    }

    /// The name in a list of results: `Drepið`, `refused double`.
    pub const fn short_name(self) -> &'static str {
        match self {
            VictoryKind::RefusedDouble => "refused double",
            VictoryKind::RefusedTriple => "refused triple",
            other => other.name(),
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
