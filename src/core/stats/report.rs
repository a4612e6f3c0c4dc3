//! What the statistics report: the types of `hirp stats --format json`,
//! apart from the tally they are made from, and their making.

use schemars::JsonSchema;
use serde::Serialize;

use super::game::RecordedRating;
use super::ratings::{self, Computed, ELO_START, RatingOptions};
use super::tally::{PlayerTally, Tally, VariantTally};

/// The statistics of a collection of games.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Report {
    /// Every game counted, finished or not.
    pub games: u64,
    /// Each player named by a record, by games played (most first), then
    /// by name.
    pub players: Vec<Player>,
    /// Each variant, by games (most first), then by name.
    pub variants: Vec<Variant>,
    /// How the ratings were computed.
    pub ratings: RatingSettings,
}

/// A player's games, results and ratings.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Player {
    /// The name, as the records write it.
    pub name: String,
    /// The games played, on either side: `wins + losses + draws +
    /// unfinished`, but for a game in which the player played both sides
    /// and one won, which is one game, won and lost.
    pub games: u64,
    /// The games won.
    pub wins: u64,
    /// The games lost.
    pub losses: u64,
    /// The games drawn.
    pub draws: u64,
    /// The games not ended: neither won, lost nor drawn.
    pub unfinished: u64,
    /// The same counts on each side the player played, by the side's
    /// name.
    pub sides: Vec<SideRecord>,
    /// The games that changed the computed ratings.
    pub rated_games: u64,
    /// The Elo rating computed from the games, if any changed it.
    pub elo: Option<f64>,
    /// The Glicko-2 rating computed from the games, if any changed it.
    pub glicko2: Option<Glicko2>,
    /// The rating carried by the player's last game (by the games' order)
    /// whose record carries one.
    pub recorded: Option<RecordedRating>,
}

/// A player's games on one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct SideRecord {
    /// The side, as its family names it: `attackers`, `gull`.
    pub side: String,
    /// The games played on it.
    pub games: u64,
    /// The games won on it.
    pub wins: u64,
    /// The games lost on it.
    pub losses: u64,
    /// The games drawn on it.
    pub draws: u64,
    /// The games not ended.
    pub unfinished: u64,
}

/// A Glicko-2 rating, on the Glicko scale (a start of 1500).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Glicko2 {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// The volatility.
    pub volatility: f64,
}

/// A variant's games: which side wins them, how, and how long they last.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Variant {
    /// The rule set's name, `null` for games that name none.
    pub variant: Option<String>,
    /// The games played, finished or not.
    pub games: u64,
    /// Each side's wins, side 0 then side 1.
    pub sides: [SideWins; 2],
    /// The games drawn.
    pub draws: u64,
    /// The share of the finished games drawn, from 0 to 1; `null` when no
    /// game is finished.
    pub draw_share: Option<f64>,
    /// The games not ended.
    pub unfinished: u64,
    /// The games by how they ended, most first, then by code.
    pub endings: Vec<EndingCount>,
    /// The games' lengths.
    pub moves: Lengths,
}

/// One side's wins in a variant.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SideWins {
    /// The side, as its family names it: `attackers`, `gull`.
    pub side: String,
    /// The games it won.
    pub wins: u64,
    /// Its share of the finished games (won or drawn), from 0 to 1;
    /// `null` when no game is finished.
    pub share: Option<f64>,
}

/// The games that ended one way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EndingCount {
    /// How, as the family's JSON names it: `king-captured`, `resigned`.
    pub ending: String,
    /// How many games.
    pub games: u64,
}

/// The lengths of a variant's games, in the family's unit (a tafl game's
/// moves, a HIRP game's turns), from the count of games of each length:
/// exact, whatever the number of games or of parts merged.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Lengths {
    /// The shortest.
    pub min: u64,
    /// The longest.
    pub max: u64,
    /// The mean.
    pub mean: f64,
    /// The median: of an even number of games, the mean of the two in the
    /// middle.
    pub median: f64,
}

/// How the ratings were computed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RatingSettings {
    /// Elo's `k`.
    pub elo_k: f64,
    /// The Elo rating every player starts from.
    pub elo_start: f64,
    /// Glicko-2's τ, the constant that bounds how fast the volatility
    /// changes.
    pub glicko2_tau: f64,
    /// The Glicko-2 rating every player starts from.
    pub glicko2_start: Glicko2,
    /// Whether games the records mark unrated changed the ratings.
    pub count_unrated: bool,
}

impl Tally {
    /// The report of the games counted, their ratings computed as
    /// `options` say.
    pub fn report(&self, options: &RatingOptions) -> Report {
        let computed = ratings::compute(self, options);
        let mut players: Vec<Player> = self
            .players
            .iter()
            .zip(&computed)
            .map(|(tally, computed)| player(tally, computed))
            .collect();
        players.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.name.cmp(&b.name)));
        let mut variants: Vec<Variant> = self.variants.iter().map(variant).collect();
        variants.sort_by(|a, b| {
            (b.games.cmp(&a.games))
                .then_with(|| a.variant.cmp(&b.variant))
                .then_with(|| a.sides[0].side.cmp(&b.sides[0].side))
                .then_with(|| a.sides[1].side.cmp(&b.sides[1].side))
        });
        Report {
            games: self.games(),
            players,
            variants,
            ratings: settings(options),
        }
    }
}

/// A player's report.
fn player(tally: &PlayerTally, computed: &Computed) -> Player {
    let sides = tally
        .sides
        .iter()
        .map(|(side, counts)| SideRecord {
            side: side.clone(),
            games: counts.games,
            wins: counts.wins,
            losses: counts.losses,
            draws: counts.draws,
            unfinished: counts.unfinished,
        })
        .collect();
    let rated = computed.games > 0;
    let total = tally.total;
    Player {
        name: tally.name.clone(),
        games: total.games,
        wins: total.wins,
        losses: total.losses,
        draws: total.draws,
        unfinished: total.unfinished,
        sides,
        rated_games: computed.games,
        elo: rated.then_some(computed.elo.rating),
        glicko2: rated.then_some(Glicko2 {
            rating: computed.glicko2.rating,
            rd: computed.glicko2.deviation,
            volatility: computed.glicko2.volatility,
        }),
        recorded: tally.recorded.map(|r| r.rating),
    }
}

/// A variant's report.
fn variant(tally: &VariantTally) -> Variant {
    let finished = tally.wins[0]
        .saturating_add(tally.wins[1])
        .saturating_add(tally.draws);
    let share = |n: u64| (finished > 0).then(|| n as f64 / finished as f64);
    let mut endings: Vec<EndingCount> = tally
        .endings
        .iter()
        .map(|(ending, &games)| EndingCount {
            ending: ending.clone(),
            games,
        })
        .collect();
    endings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.ending.cmp(&b.ending)));
    let side = |n: usize| SideWins {
        side: tally.sides[n].clone(),
        wins: tally.wins[n],
        share: share(tally.wins[n]),
    };
    Variant {
        variant: tally.variant.clone(),
        games: tally.games(),
        sides: [side(0), side(1)],
        draws: tally.draws,
        draw_share: share(tally.draws),
        unfinished: tally.unfinished,
        endings,
        moves: lengths(&tally.lengths),
    }
}

/// The lengths of games counted by length.
fn lengths(counts: &std::collections::BTreeMap<u64, u64>) -> Lengths {
    let n: u128 = counts.values().map(|&c| u128::from(c)).sum();
    let sum: u128 = counts
        .iter()
        .map(|(&length, &c)| u128::from(length).saturating_mul(u128::from(c)))
        .fold(0, u128::saturating_add);
    // The lengths at places (n - 1) / 2 and n / 2, from 0, in order.
    let at = |place: u128| {
        let mut seen = 0u128;
        counts
            .iter()
            .find(|&(_, &c)| {
                seen += u128::from(c);
                seen > place
            })
            .map_or(0, |(&length, _)| length)
    };
    let (low, high) = (at(n.saturating_sub(1) / 2), at(n / 2));
    Lengths {
        min: counts.keys().next().copied().unwrap_or(0),
        max: counts.keys().next_back().copied().unwrap_or(0),
        mean: if n == 0 { 0.0 } else { sum as f64 / n as f64 },
        median: (low as f64 + high as f64) / 2.0,
    }
}

/// The settings of the ratings reported.
fn settings(options: &RatingOptions) -> RatingSettings {
    let start = Computed::default().glicko2;
    RatingSettings {
        elo_k: options.elo_k(),
        elo_start: ELO_START,
        glicko2_tau: options.glicko2_tau(),
        glicko2_start: Glicko2 {
            rating: start.rating,
            rd: start.deviation,
            volatility: start.volatility,
        },
        count_unrated: options.count_unrated(),
    }
}
