//! The running count of a collection's games: per player and side, per
//! variant, and the little of each game that the ratings need.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::game::{GameOrder, Outcome, RecordedRating, StatsGame};

/// The statistics of games counted one at a time, in memory that grows
/// with the players and variants, not with the games, but for a compact
/// record of each game that may change the ratings (the two players, the
/// result and the order: the ratings are computed when the report is
/// made, from the games in order, so that tallies of parts of a run
/// merged give the ratings of one run).
///
/// What is counted:
///
/// - every game, in its variant (its rule set and its family's sides);
/// - each named player's games, in all and on each side: a won game is a
///   win for the winner's player and a loss for the other; an unfinished
///   game counts as a game, neither won, lost nor drawn; a game whose two
///   sides name the same player is one game of theirs, both won and lost
///   if a side won (and a game on each side);
/// - the last rating each player's records carry, by [`GameOrder`];
/// - for the ratings: each finished game between two players named and
///   distinct. A game with a side unnamed changes no rating.
///
/// [`Tally::merge`] adds another tally, and [`Tally`] reads and writes
/// itself as JSON (serde) so that the tallies of shards may be merged
/// elsewhere and later.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// The players, by their id.
    pub(super) players: Vec<PlayerTally>,
    /// Each player's id, by name.
    pub(super) ids: HashMap<String, u32>,
    /// The variants, in the order they were first seen.
    pub(super) variants: Vec<VariantTally>,
    /// The games that may change the ratings, in the order they were
    /// counted.
    pub(super) rated: Vec<RatedGame>,
}

/// A player's games, or their games on one side, by how they ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Counts {
    /// Games played.
    pub(super) games: u64,
    /// Games won.
    pub(super) wins: u64,
    /// Games lost.
    pub(super) losses: u64,
    /// Games drawn.
    pub(super) draws: u64,
    /// Games not ended.
    pub(super) unfinished: u64,
}

impl Counts {
    /// Adds `other`'s counts.
    pub(super) fn add(&mut self, other: Counts) {
        self.games = self.games.saturating_add(other.games);
        self.wins = self.wins.saturating_add(other.wins);
        self.losses = self.losses.saturating_add(other.losses);
        self.draws = self.draws.saturating_add(other.draws);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
    }

    /// Counts a game that ended in `outcome`, for a player who played the
    /// sides `played` says: won if they played the winner's side, lost if
    /// they played the other (both, for a player of both sides).
    fn count(&mut self, outcome: Outcome, played: [bool; 2]) {
        let one = |n: &mut u64| *n = n.saturating_add(1);
        one(&mut self.games);
        match outcome.winner() {
            Some(winner) => {
                if played[winner] {
                    one(&mut self.wins);
                }
                if played[1 - winner] {
                    one(&mut self.losses);
                }
            }
            None if outcome == Outcome::Draw => one(&mut self.draws),
            None => one(&mut self.unfinished),
        }
    }
}

/// One player's tally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlayerTally {
    /// The name, as the records write it.
    pub(super) name: String,
    /// The games, on either side.
    pub(super) total: Counts,
    /// The games on each side, by the side's name.
    pub(super) sides: BTreeMap<String, Counts>,
    /// The last rating the records carry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) recorded: Option<Recorded>,
}

/// A rating a record carries, with the game's place. Its JSON writes the
/// numbers as numbers, and reads them back exactly (as Rust reads a
/// number's text, not as serde_json's faster reading does).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RecordedLine", try_from = "RecordedLine")]
pub(super) struct Recorded {
    /// The game that carries it.
    pub(super) order: GameOrder,
    /// The rating.
    pub(super) rating: RecordedRating,
}

/// [`Recorded`] as its JSON writes it.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordedLine {
    /// The game that carries it.
    order: GameOrder,
    /// The rating.
    rating: Exact,
    /// Its deviation.
    #[serde(default)]
    rd: Option<Exact>,
}

impl From<Recorded> for RecordedLine {
    fn from(r: Recorded) -> Self {
        RecordedLine {
            order: r.order,
            rating: Exact(r.rating.rating),
            rd: r.rating.rd.map(Exact),
        }
    }
}

impl TryFrom<RecordedLine> for Recorded {
    type Error = String;

    fn try_from(line: RecordedLine) -> Result<Self, Self::Error> {
        let rating = RecordedRating {
            rating: line.rating.0,
            rd: line.rd.map(|rd| rd.0),
        };
        if !rating.is_finite() {
            return Err("a recorded rating is not a finite number".to_owned());
        }
        Ok(Recorded {
            order: line.order,
            rating,
        })
    }
}

/// A number of a tally's JSON: written as serde writes an `f64` (its
/// shortest text that reads back as it), read from its text as Rust reads
/// it, exactly.
#[derive(Clone, Copy)]
struct Exact(f64);

impl Serialize for Exact {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Box::<serde_json::value::RawValue>::deserialize(deserializer)?;
        let number = text
            .get()
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("`{}` is not a number", text.get())))?;
        Ok(Exact(number))
    }
}

impl Recorded {
    /// Whether `self` comes after `other`: by the order of their games,
    /// then, of one game's two sides or of two games of one place, the
    /// higher rating, then the higher deviation, so that the last of two
    /// is the same whichever is counted first.
    fn is_after(&self, other: &Recorded) -> bool {
        let key = |r: &Recorded| (r.order, r.rating.rating, r.rating.rd.unwrap_or(f64::NAN));
        let (a, b) = (key(self), key(other));
        a.0.cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.total_cmp(&b.2))
            .is_gt()
    }

    /// Keeps the later of `slot` and `new`.
    fn keep_last(slot: &mut Option<Recorded>, new: Recorded) {
        if slot.as_ref().is_none_or(|old| new.is_after(old)) {
            *slot = Some(new);
        }
    }
}

/// One variant's tally.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct VariantTally {
    /// Its rule set's name, if the games name one.
    pub(super) variant: Option<String>,
    /// Its family's sides.
    pub(super) sides: [String; 2],
    /// The games each side won.
    pub(super) wins: [u64; 2],
    /// The games drawn.
    pub(super) draws: u64,
    /// The games not ended.
    pub(super) unfinished: u64,
    /// The games by how they ended, by the ending's code.
    pub(super) endings: BTreeMap<String, u64>,
    /// The games by their length.
    pub(super) lengths: BTreeMap<u64, u64>,
}

impl VariantTally {
    /// Every game of the variant.
    pub(super) fn games(&self) -> u64 {
        self.lengths.values().fold(0, |a, &b| a.saturating_add(b))
    }

    /// Whether it is the variant of `variant` and `sides`.
    fn is(&self, variant: Option<&str>, sides: [&str; 2]) -> bool {
        self.variant.as_deref() == variant && self.sides[0] == sides[0] && self.sides[1] == sides[1]
    }

    /// Adds `other`'s counts.
    fn add(&mut self, other: VariantTally) {
        for side in 0..2 {
            self.wins[side] = self.wins[side].saturating_add(other.wins[side]);
        }
        self.draws = self.draws.saturating_add(other.draws);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
        add_counts(&mut self.endings, other.endings);
        add_counts(&mut self.lengths, other.lengths);
    }
}

/// Adds the counts of `other` to those of `counts`, key by key.
fn add_counts<K: Ord>(counts: &mut BTreeMap<K, u64>, other: BTreeMap<K, u64>) {
    for (key, n) in other {
        let slot = counts.entry(key).or_default();
        *slot = slot.saturating_add(n);
    }
}

/// A game that may change the ratings: finished, between two players.
/// Its JSON is an array: file, place, the two players' ids, the outcome,
/// and whether the record says it was rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "RatedLine", try_from = "RatedLine")]
pub(super) struct RatedGame {
    /// Its place in the run.
    pub(super) order: GameOrder,
    /// The ids of the players of side 0 and side 1.
    pub(super) players: [u32; 2],
    /// Who won: never [`Outcome::Unfinished`].
    pub(super) outcome: Outcome,
    /// Whether the record says it was rated.
    pub(super) rated: Option<bool>,
}

/// [`RatedGame`] as its JSON writes it.
#[derive(Clone, Copy, Serialize, Deserialize)]
struct RatedLine(u64, u64, u32, u32, Outcome, Option<bool>);

impl From<RatedGame> for RatedLine {
    fn from(game: RatedGame) -> Self {
        let [first, second] = game.players;
        RatedLine(
            game.order.file,
            game.order.at,
            first,
            second,
            game.outcome,
            game.rated,
        )
    }
}

impl TryFrom<RatedLine> for RatedGame {
    type Error = &'static str;

    fn try_from(line: RatedLine) -> Result<Self, Self::Error> {
        let RatedLine(file, at, first, second, outcome, rated) = line;
        if !outcome.is_finished() {
            return Err("a rated game is finished");
        }
        if first == second {
            return Err("a rated game is played by two players");
        }
        Ok(RatedGame {
            order: GameOrder::new(file, at),
            players: [first, second],
            outcome,
            rated,
        })
    }
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Every game counted.
    pub fn games(&self) -> u64 {
        self.variants
            .iter()
            .fold(0, |n, variant| n.saturating_add(variant.games()))
    }

    /// Counts one game.
    pub fn add(&mut self, game: &StatsGame<'_>) {
        self.count_variant(game);
        let ids = [0, 1].map(|side| self.count_side(game, side));
        for (side, id) in ids.into_iter().enumerate() {
            // A player of both sides is counted once, with side 0.
            let Some(id) = id.filter(|&id| side == 0 || ids[0] != Some(id)) else {
                continue;
            };
            let played = ids.map(|other| other == Some(id));
            self.players[id as usize].total.count(game.outcome, played);
        }
        if let [Some(first), Some(second)] = ids
            && first != second
            && game.outcome.is_finished()
        {
            self.rated.push(RatedGame {
                order: game.order,
                players: [first, second],
                outcome: game.outcome,
                rated: game.rated,
            });
        }
    }

    /// Counts `game` on `side` for its player, if it names one, and gives
    /// their id.
    fn count_side(&mut self, game: &StatsGame<'_>, side: usize) -> Option<u32> {
        let id = self.id(game.players[side]?)?;
        let player = &mut self.players[id as usize];
        let played = [side == 0, side == 1];
        match player.sides.get_mut(game.sides[side]) {
            Some(counts) => counts.count(game.outcome, played),
            None => {
                let mut counts = Counts::default();
                counts.count(game.outcome, played);
                player.sides.insert(game.sides[side].to_owned(), counts);
            }
        }
        if let Some(rating) = game.ratings[side].filter(|r| r.is_finite()) {
            let order = game.order;
            Recorded::keep_last(&mut player.recorded, Recorded { order, rating });
        }
        Some(id)
    }

    /// Counts `game` in its variant.
    fn count_variant(&mut self, game: &StatsGame<'_>) {
        let at = match self
            .variants
            .iter()
            .position(|v| v.is(game.variant, game.sides))
        {
            Some(at) => at,
            None => {
                self.variants.push(VariantTally {
                    variant: game.variant.map(str::to_owned),
                    sides: game.sides.map(str::to_owned),
                    ..VariantTally::default()
                });
                self.variants.len() - 1
            }
        };
        let variant = &mut self.variants[at];
        let slot = match game.outcome {
            Outcome::FirstWon => &mut variant.wins[0],
            Outcome::SecondWon => &mut variant.wins[1],
            Outcome::Draw => &mut variant.draws,
            Outcome::Unfinished => &mut variant.unfinished,
        };
        *slot = slot.saturating_add(1);
        if let Some(ending) = game.ending {
            match variant.endings.get_mut(ending) {
                Some(n) => *n = n.saturating_add(1),
                None => {
                    variant.endings.insert(ending.to_owned(), 1);
                }
            }
        }
        let n = variant.lengths.entry(game.moves).or_default();
        *n = n.saturating_add(1);
    }

    /// The id of the player `name`, given one if they have none yet;
    /// `None` once ids run out.
    fn id(&mut self, name: &str) -> Option<u32> {
        if let Some(&id) = self.ids.get(name) {
            return Some(id);
        }
        let id = u32::try_from(self.players.len()).ok()?;
        self.players.push(PlayerTally {
            name: name.to_owned(),
            total: Counts::default(),
            sides: BTreeMap::new(),
            recorded: None,
        });
        self.ids.insert(name.to_owned(), id);
        Some(id)
    }

    /// Adds the games of `other`, as though each had been counted here:
    /// the report of tallies merged is the report of one tally of all their
    /// games, in whatever order they are merged.
    pub fn merge(&mut self, other: Tally) {
        let mut new_ids = Vec::with_capacity(other.players.len());
        for player in other.players {
            let Some(id) = self.id(&player.name) else {
                new_ids.push(None);
                continue;
            };
            new_ids.push(Some(id));
            let mine = &mut self.players[id as usize];
            mine.total.add(player.total);
            for (side, counts) in player.sides {
                mine.sides.entry(side).or_default().add(counts);
            }
            if let Some(recorded) = player.recorded {
                Recorded::keep_last(&mut mine.recorded, recorded);
            }
        }
        for variant in other.variants {
            let sides = [variant.sides[0].as_str(), variant.sides[1].as_str()];
            match self
                .variants
                .iter_mut()
                .find(|v| v.is(variant.variant.as_deref(), sides))
            {
                Some(mine) => mine.add(variant),
                None => self.variants.push(variant),
            }
        }
        let id = |old: u32| new_ids.get(old as usize).copied().flatten();
        self.rated
            .extend(other.rated.into_iter().filter_map(|game| {
                let players = [id(game.players[0])?, id(game.players[1])?];
                Some(RatedGame { players, ..game })
            }));
    }
}
