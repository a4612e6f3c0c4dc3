//! What the statistics take of one game: its players and sides, how it
//! ended, its variant and length, the ratings its record carries, and where
//! it stands among the games of a run.

use serde::{Deserialize, Serialize};

/// One game as the statistics count it, whatever its family: each family
/// fills it from its own record. The text it holds is borrowed, so that a
/// tally of millions of games allocates only for what it keeps (a name the
/// first time it is seen, a variant, an ending).
///
/// Side 0 and side 1 are the family's, in its order: `attackers` and
/// `defenders`, or HIRP's `gull` and `silfr`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StatsGame<'a> {
    /// The player of each side, as the record names them; `None` where it
    /// names none. Names are compared as written: `Ragna` and `ragna` are
    /// two players.
    pub players: [Option<&'a str>; 2],
    /// The names of the two sides, as the family names them (its
    /// `Family::SIDES`).
    pub sides: [&'a str; 2],
    /// How the game ended: a side won, a draw, or not ended.
    pub outcome: Outcome,
    /// How it ended, as the family's JSON names it (`king-captured`,
    /// `resigned`, `timeout`); `None` for a game not ended, or an end the
    /// family does not name.
    pub ending: Option<&'a str>,
    /// The variant: the name of its rule set's preset, or its rules string
    /// where no preset matches; `None` where the record names no rules.
    pub variant: Option<&'a str>,
    /// Its length, in the family's unit: a tafl game's moves, a HIRP
    /// game's turns.
    pub moves: u64,
    /// Whether the record says the game was rated: `Some(false)` for a
    /// game it marks unrated, `None` where it says nothing.
    pub rated: Option<bool>,
    /// Each side's player's rating after the game, as the record carries
    /// it (hnefatafl.org's archive does).
    pub ratings: [Option<RecordedRating>; 2],
    /// Where the game stands among the games of the run: the ratings are
    /// computed from the games in this order.
    pub order: GameOrder,
}

/// How a game ended. Its JSON, in a tally's: `first-won`, `second-won`,
/// `draw`, `unfinished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Side 0 won.
    FirstWon,
    /// Side 1 won.
    SecondWon,
    /// Neither side won.
    Draw,
    /// The game has no result: it counts as a game played, but neither
    /// won, lost nor drawn, and it changes no rating.
    Unfinished,
}

impl Outcome {
    /// The outcome in which the side of index `side` (0 or 1) won; `None`
    /// for any other index.
    ///
    /// ```
    /// use hirp::core::stats::Outcome;
    /// assert_eq!(Outcome::won(1), Some(Outcome::SecondWon));
    /// assert_eq!(Outcome::won(2), None);
    /// ```
    pub fn won(side: usize) -> Option<Outcome> {
        match side {
            0 => Some(Outcome::FirstWon),
            1 => Some(Outcome::SecondWon),
            _ => None,
        }
    }

    /// The index of the side that won, if one did.
    pub fn winner(self) -> Option<usize> {
        match self {
            Outcome::FirstWon => Some(0),
            Outcome::SecondWon => Some(1),
            Outcome::Draw | Outcome::Unfinished => None,
        }
    }

    /// Whether the game ended: won by a side or drawn.
    pub fn is_finished(self) -> bool {
        self != Outcome::Unfinished
    }
}

/// A rating as a record carries it: hnefatafl.org writes a Glicko rating
/// and its deviation after each rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordedRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (`rd`), where the record gives one.
    #[serde(default)]
    pub rd: Option<f64>,
}

impl RecordedRating {
    /// Whether its numbers are finite: a rating that is not a number is
    /// not kept.
    pub(crate) fn is_finite(self) -> bool {
        self.rating.is_finite() && self.rd.is_none_or(f64::is_finite)
    }
}

/// Where a game stands among the games of a run: games are ordered by
/// file, then by their place in it. Every part of a run cut into shards
/// must give a game the key one run over all would give, so that the
/// ratings computed after the parts are merged are those of one run.
///
/// ```
/// use hirp::core::stats::GameOrder;
/// assert!(GameOrder::new(0, 900) < GameOrder::new(1, 0));
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct GameOrder {
    /// The file's index among the inputs of the run, from 0.
    pub file: u64,
    /// The game's place in its file: any number that grows from one game
    /// to the next, such as the byte at which it starts (which a shard
    /// that reads a range of the file knows) or its number.
    pub at: u64,
}

impl GameOrder {
    /// The key of the game at `at` in the file of index `file`.
    pub fn new(file: u64, at: u64) -> GameOrder {
        GameOrder { file, at }
    }
}
