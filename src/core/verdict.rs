//! What a check says of a game, whatever its family: its turns, how it
//! ended, its problems, and where it stands in its match. Each family's
//! report becomes one ([`crate::core::family::Family::check`]), so that
//! `validate` and its JSON speak of every game alike.

use crate::core::Severity;
use crate::core::diagnostic::Problem;

/// A game's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// HIRP: the game's turn lines. Tafl: its turns as OpenTafl numbers
    /// them, two moves a turn: the moves its main line writes, halved and
    /// rounded up.
    pub turns: usize,
    /// How the game ended, if it did.
    pub result: Option<Ending>,
    /// Every problem, in file order.
    pub problems: Vec<Problem>,
    /// Whether the game was judged: not when its rules ask for what the
    /// engine does not play, for no verdict may rest on rules that were
    /// not played (a tafl game's `hirp::tafl::rules::not_played`).
    pub judged: bool,
}

impl Verdict {
    /// Whether no problem of error severity was found.
    pub fn is_valid(&self) -> bool {
        crate::core::diagnostic::no_error(&self.problems)
    }

    /// The number of problems of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        crate::core::diagnostic::count(&self.problems, severity)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Who won, as the family names its sides (`gull`, `attackers`), or
    /// `None` for a draw.
    pub winner: Option<&'static str>,
    /// How, as JSON names it: `yfirrad`, `king-captured`.
    pub victory: &'static str,
    /// A short name for tables: `Yfirráð`, `king captured`.
    pub short: &'static str,
    /// HIRP's points; the tafl games score none.
    pub points: Option<u8>,
    /// The sentence for people: `Gull wins by Yfirráð (1 point)`.
    pub text: String,
}

/// Where a game stands in its match, for a family whose games are played
/// in matches (HIRP's, to five points).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The match's name, if its tags give one.
    pub name: Option<String>,
    /// The game's number in the match, from 1.
    pub game: u32,
    /// The score after the game: the player who played first in the match's
    /// first game, then the other.
    pub score: [u8; 2],
    /// The match's winner once it is won: their name if the tags give it,
    /// else `first` or `second`.
    pub winner: Option<String>,
}
