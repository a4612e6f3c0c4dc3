//! A tally written as JSON, and read back: the part of a run that a
//! shard hands over, to be merged with the others.
//!
//! ```text
//! {"tally":1,
//!  "players":[{"name":"Ragna",
//!              "total":{"games":1,"wins":1,"losses":0,"draws":0,"unfinished":0},
//!              "sides":{"attackers":{"games":1,"wins":1,"losses":0,"draws":0,"unfinished":0}},
//!              "recorded":{"order":{"file":0,"at":0},"rating":1602.5,"rd":95.0}},
//!             {"name":"Sigrid","sides":{...}}],
//!  "variants":[{"variant":"brandub","sides":["attackers","defenders"],"wins":[1,0],
//!               "draws":0,"unfinished":0,"endings":{"king-captured":1},"lengths":{"21":1}}],
//!  "rated":[[0,0,0,1,"first-won",null]]}
//! ```
//!
//! `rated` holds a line a game that may change the ratings: its file and
//! place (a [`GameOrder`](super::GameOrder)), the ids of its players (their
//! places in `players`), who won, and whether the record says it was
//! rated. A tally read back is checked whole: its counts must agree (a
//! variant's games counted by length as many as by result), and each game
//! of `rated` must name two of the players listed.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::tally::{PlayerTally, RatedGame, Tally, VariantTally};
use crate::core::Span;

/// The version of the tally's JSON that this library writes and reads.
pub const TALLY_VERSION: u32 = 1;

/// A tally as its JSON is written.
#[derive(Serialize)]
struct TallyOut<'a> {
    /// The version of the shape: [`TALLY_VERSION`].
    tally: u32,
    /// The players, each one's id their place.
    players: &'a [PlayerTally],
    /// The variants.
    variants: &'a [VariantTally],
    /// The games that may change the ratings.
    rated: &'a [RatedGame],
}

/// A tally as its JSON is read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TallyIn {
    /// The version of the shape.
    tally: u32,
    /// The players, each one's id their place.
    players: Vec<PlayerTally>,
    /// The variants.
    variants: Vec<VariantTally>,
    /// The games that may change the ratings.
    rated: Vec<RatedGame>,
}

impl Serialize for Tally {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TallyOut {
            tally: TALLY_VERSION,
            players: &self.players,
            variants: &self.variants,
            rated: &self.rated,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Tally {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let file = TallyIn::deserialize(deserializer)?;
        checked(file).map_err(serde::de::Error::custom)
    }
}

/// The tally the JSON holds, or what in it does not hold together.
fn checked(file: TallyIn) -> Result<Tally, String> {
    if file.tally != TALLY_VERSION {
        return Err(format!(
            "a tally of version {}, where this version of hirp reads version {TALLY_VERSION}",
            file.tally
        ));
    }
    let mut ids = HashMap::with_capacity(file.players.len());
    for (id, player) in file.players.iter().enumerate() {
        let id = u32::try_from(id).map_err(|_| "more players than ids".to_owned())?;
        if ids.insert(player.name.clone(), id).is_some() {
            return Err(format!("the player `{}` is listed twice", player.name));
        }
    }
    let mut seen = HashSet::new();
    for variant in &file.variants {
        check_variant(variant)?;
        if !seen.insert((&variant.variant, &variant.sides)) {
            return Err(format!("the variant {:?} is listed twice", variant.variant));
        }
    }
    let players = file.players.len();
    let listed = |id: u32| (id as usize) < players;
    if let Some(game) = file
        .rated
        .iter()
        .find(|g| !g.players.iter().all(|&id| listed(id)))
    {
        return Err(format!(
            "a rated game of players {} and {}, of the {players} listed",
            game.players[0], game.players[1]
        ));
    }
    Ok(Tally {
        players: file.players,
        ids,
        variants: file.variants,
        rated: file.rated,
    })
}

/// Checks that a variant's counts agree: a length counted for each game,
/// no count of none, and no more endings than games.
fn check_variant(v: &VariantTally) -> Result<(), String> {
    let name = &v.variant;
    if v.lengths
        .values()
        .chain(v.endings.values())
        .any(|&n| n == 0)
    {
        return Err(format!(
            "the variant {name:?} counts no game of a length or of an ending"
        ));
    }
    let lengths = sum(v.lengths.values().copied());
    let results = sum([v.wins[0], v.wins[1], v.draws, v.unfinished]);
    if lengths.is_none() || lengths != results || lengths == Some(0) {
        return Err(format!(
            "the variant {name:?} counts {} games by length and {} by result",
            lengths.map_or("too many".to_owned(), |n| n.to_string()),
            results.map_or("too many".to_owned(), |n| n.to_string()),
        ));
    }
    let endings = sum(v.endings.values().copied());
    if endings.is_none_or(|endings| Some(endings) > lengths) {
        return Err(format!(
            "the variant {name:?} counts more endings than games"
        ));
    }
    Ok(())
}

/// The sum of `counts`, if it is a `u64`.
fn sum(counts: impl IntoIterator<Item = u64>) -> Option<u64> {
    counts.into_iter().try_fold(0u64, u64::checked_add)
}

/// A tally's JSON that does not read: not JSON, or not a tally.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum TallyError {
    /// The text is not JSON, or breaks off: `{"tally": 1, "players": [`.
    #[error("this part is not JSON: {message}")]
    #[diagnostic(
        code(hirp::stats::syntax),
        help("a part to merge is a tally as `hirp stats` writes it, unchanged")
    )]
    Syntax {
        /// serde_json's description, with line and column.
        message: String,
        /// Where the JSON goes wrong.
        #[label("the JSON goes wrong here")]
        span: Span,
    },
    /// JSON that is not a tally, or whose counts do not agree:
    /// `{"tally": 1, "players": 3}`.
    #[error("this part is not a tally: {message}")]
    #[diagnostic(
        code(hirp::stats::invalid),
        help(
            "a part to merge is a tally as `hirp stats` writes it, unchanged, by the same version of hirp"
        )
    )]
    Invalid {
        /// What is wrong, with line and column.
        message: String,
        /// Where the value that does not fit ends.
        #[label("the value that is not a tally's ends here")]
        span: Span,
    },
}

impl TallyError {
    /// Where in the text the error is.
    pub fn span(&self) -> Span {
        match self {
            TallyError::Syntax { span, .. } | TallyError::Invalid { span, .. } => *span,
        }
    }
}

impl Tally {
    /// The tally that `text`, a tally's JSON, holds.
    ///
    /// ```
    /// use hirp::core::stats::{Tally, TallyError};
    /// let tally = Tally::new();
    /// let json = serde_json::to_string(&tally).unwrap();
    /// assert_eq!(json, r#"{"tally":1,"players":[],"variants":[],"rated":[]}"#);
    /// assert_eq!(Tally::from_json(&json).unwrap(), tally);
    /// let error = Tally::from_json(r#"{"tally": 1, "players": 3}"#).unwrap_err();
    /// assert!(matches!(error, TallyError::Invalid { .. }));
    /// ```
    pub fn from_json(text: &str) -> Result<Tally, TallyError> {
        serde_json::from_str(text).map_err(|error| {
            let span = at(text, error.line(), error.column());
            let message = error.to_string();
            if error.is_data() {
                TallyError::Invalid { message, span }
            } else {
                TallyError::Syntax { message, span }
            }
        })
    }
}

/// The span of the character at `line` and `column` (each from 1, as
/// serde_json counts them, the column in bytes; column 0 the line's
/// start), or of the end of `text`.
fn at(text: &str, line: usize, column: usize) -> Span {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let mut offset = start
        .saturating_add(column.saturating_sub(1))
        .min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let end = text[offset..]
        .chars()
        .next()
        .map_or(offset, |c| offset + c.len_utf8());
    Span::new(offset, end)
}
