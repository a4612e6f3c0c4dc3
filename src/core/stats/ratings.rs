//! Ratings computed from the games in order, with the `skillratings`
//! crate: Elo, and Glicko-2, each game a rating period of its own.
//!
//! Elo: Arpad Elo, *The Rating of Chessplayers, Past and Present* (1978);
//! each player's rating moves by `k` times the difference between the
//! score (1, ½ or 0) and the expected score `1 / (1 + 10^((Rb − Ra) / 400))`.
//! Glicko-2: Mark E. Glickman, *Example of the Glicko-2 system* (2013,
//! glicko.net/glicko/glicko2.pdf); the system's constant τ bounds how fast
//! a player's volatility changes.

use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::game::Outcome;
use super::tally::{RatedGame, Tally};

/// The Elo rating every player starts from: the Glicko-2 system's start,
/// so that the two scales begin at one number.
pub const ELO_START: f64 = 1500.0;

/// How the ratings are computed: Elo's `k`, Glicko-2's τ, and which games
/// count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingOptions {
    /// Elo's `k`.
    elo_k: f64,
    /// Glicko-2's τ.
    glicko2_tau: f64,
    /// Whether games the records mark unrated change the ratings.
    count_unrated: bool,
}

impl Default for RatingOptions {
    /// `k` 32, as for most players in chess; τ 0.5, in the middle of
    /// Glickman's "reasonable choices", 0.3 to 1.2; games marked unrated
    /// not counted.
    fn default() -> Self {
        RatingOptions {
            elo_k: 32.0,
            glicko2_tau: 0.5,
            count_unrated: false,
        }
    }
}

/// Options that would not give ratings: a `k` or a τ out of its range.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RatingOptionsError {
    /// Elo's `k` is not a number from 1 to 400: `0`, `NaN`.
    #[error("Elo's k is {0}; it is a number from 1 to 400")]
    EloK(f64),
    /// Glicko-2's τ is not a number from 0.05 to 5: `0`, `100`.
    #[error(
        "Glicko-2's tau is {0}; it is a number from 0.05 to 5 (reasonable choices are 0.3 to 1.2)"
    )]
    Glicko2Tau(f64),
}

impl RatingOptions {
    /// The options of Elo's `k` (from 1 to 400), Glicko-2's τ (from 0.05
    /// to 5: beyond, the system's iteration for the volatility may take
    /// too long to end), and whether games the records mark unrated
    /// count.
    ///
    /// ```
    /// use hirp::core::stats::RatingOptions;
    /// assert!(RatingOptions::new(16.0, 0.5, false).is_ok());
    /// assert!(RatingOptions::new(16.0, 0.0, false).is_err());
    /// ```
    pub fn new(
        elo_k: f64,
        glicko2_tau: f64,
        count_unrated: bool,
    ) -> Result<RatingOptions, RatingOptionsError> {
        if !(1.0..=400.0).contains(&elo_k) {
            return Err(RatingOptionsError::EloK(elo_k));
        }
        if !(0.05..=5.0).contains(&glicko2_tau) {
            return Err(RatingOptionsError::Glicko2Tau(glicko2_tau));
        }
        Ok(RatingOptions {
            elo_k,
            glicko2_tau,
            count_unrated,
        })
    }

    /// Elo's `k`.
    pub fn elo_k(&self) -> f64 {
        self.elo_k
    }

    /// Glicko-2's τ.
    pub fn glicko2_tau(&self) -> f64 {
        self.glicko2_tau
    }

    /// Whether games the records mark unrated change the ratings.
    pub fn count_unrated(&self) -> bool {
        self.count_unrated
    }

    /// Whether `game` changes the ratings.
    fn counts(&self, game: &RatedGame) -> bool {
        self.count_unrated || game.rated != Some(false)
    }
}

/// A player's ratings after the games, as computed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Computed {
    /// The games that changed them.
    pub(super) games: u64,
    /// The Elo rating.
    pub(super) elo: EloRating,
    /// The Glicko-2 rating.
    pub(super) glicko2: Glicko2Rating,
}

impl Default for Computed {
    fn default() -> Self {
        Computed {
            games: 0,
            elo: EloRating { rating: ELO_START },
            glicko2: Glicko2Rating::new(),
        }
    }
}

/// Each player's ratings, by id, computed from the games of `tally` in
/// their order (and, for games of one place, by their players' names, then
/// their result, so that the order does not depend on the order in which
/// they were counted).
pub(super) fn compute(tally: &Tally, options: &RatingOptions) -> Vec<Computed> {
    let mut games: Vec<&RatedGame> = tally.rated.iter().filter(|g| options.counts(g)).collect();
    let name = |id: u32| tally.players.get(id as usize).map(|p| p.name.as_str());
    games.sort_by(|a, b| {
        let key = |g: &RatedGame| (g.order, name(g.players[0]), name(g.players[1]));
        key(a)
            .cmp(&key(b))
            .then(a.outcome.cmp(&b.outcome))
            .then(a.rated.cmp(&b.rated))
    });
    let elo_config = EloConfig { k: options.elo_k };
    let glicko2_config = Glicko2Config {
        tau: options.glicko2_tau,
        ..Glicko2Config::new()
    };
    let mut ratings = vec![Computed::default(); tally.players.len()];
    for game in games {
        let [a, b] = game.players.map(|id| id as usize);
        let (Some(&first), Some(&second)) = (ratings.get(a), ratings.get(b)) else {
            continue;
        };
        let outcome = match game.outcome {
            Outcome::FirstWon => Outcomes::WIN,
            Outcome::SecondWon => Outcomes::LOSS,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Unfinished => continue,
        };
        let elo = elo(&first.elo, &second.elo, &outcome, &elo_config);
        let glicko2 = glicko2(&first.glicko2, &second.glicko2, &outcome, &glicko2_config);
        ratings[a] = Computed {
            games: first.games.saturating_add(1),
            elo: elo.0,
            glicko2: glicko2.0,
        };
        ratings[b] = Computed {
            games: second.games.saturating_add(1),
            elo: elo.1,
            glicko2: glicko2.1,
        };
    }
    ratings
}
