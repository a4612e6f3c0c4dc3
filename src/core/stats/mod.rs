//! Statistics of a collection of games, whatever their family: per player,
//! games, wins, losses and draws, also by side; per variant, each side's
//! share of the wins, the endings and the games' lengths; and ratings
//! computed from the games in order (Elo and Glicko-2, with the
//! `skillratings` crate), beside the last ratings the records carry.
//!
//! Each family turns a game of its records into a [`StatsGame`]; a
//! [`Tally`] counts them one at a time, in memory that grows with the
//! players and variants (and a few bytes a game for the ratings), and
//! [`Tally::report`] makes the [`Report`], written as JSON with serde or
//! as text tables by [`render`]. Tallies of the parts of a collection
//! (each a shard's, written as JSON and read back with
//! [`Tally::from_json`]) [`merge`](Tally::merge) into the tally of the
//! whole, and report exactly what one run over it reports.
//!
//! What is counted how:
//!
//! - an unfinished game counts as a game of its players and variant, but
//!   is neither won, lost nor drawn, and changes no rating;
//! - a player is a name, compared as written; a side that names no player
//!   counts in its variant only, and the game changes no rating;
//! - a game whose two sides name the same player is one game of theirs,
//!   won and lost if a side won (and a game on each side), and changes no
//!   rating;
//! - the ratings are computed from the finished games between two named
//!   players in the order of their [`GameOrder`], each game a rating
//!   period of its own; games a record marks unrated change none unless
//!   [`RatingOptions`] count them;
//! - a variant is a rule set's name with its family's sides: `brandub`
//!   played by `attackers` and `defenders`; the games' lengths are counted
//!   by length, so that the minimum, maximum, mean and median are exact.
//!
//! ```
//! use hirp::core::stats::{GameOrder, Outcome, RatingOptions, StatsGame, Tally};
//!
//! let game = |n: u64, attacker, defender, outcome, ending| StatsGame {
//!     players: [Some(attacker), Some(defender)],
//!     sides: ["attackers", "defenders"],
//!     outcome,
//!     ending,
//!     variant: Some("brandub"),
//!     moves: 20 + n,
//!     rated: None,
//!     ratings: [None, None],
//!     order: GameOrder::new(0, n),
//! };
//! let games = [
//!     game(0, "Ragna", "Sigrid", Outcome::FirstWon, Some("king-captured")),
//!     game(1, "Sigrid", "Ragna", Outcome::SecondWon, Some("king-escaped")),
//!     game(2, "Ragna", "Sigrid", Outcome::Unfinished, None),
//! ];
//!
//! // Two shards, each counting a part, merged.
//! let mut first = Tally::new();
//! first.add(&games[0]);
//! let mut second = Tally::new();
//! for g in &games[1..] {
//!     second.add(g);
//! }
//! let json = serde_json::to_string(&second).unwrap();
//! first.merge(Tally::from_json(&json).unwrap());
//!
//! let report = first.report(&RatingOptions::default());
//! let ragna = &report.players[0];
//! assert_eq!((ragna.name.as_str(), ragna.games, ragna.wins, ragna.unfinished), ("Ragna", 3, 2, 1));
//! assert_eq!(ragna.rated_games, 2);
//! assert!(ragna.elo.unwrap() > 1500.0);
//! assert_eq!(report.variants[0].sides[0].wins, 1);
//! assert_eq!(report.variants[0].moves.median, 21.0);
//! assert!(hirp::core::stats::render(&report).contains("Players by side"));
//! ```

mod file;
mod game;
mod ratings;
mod report;
mod tally;
mod text;

pub use file::{TALLY_VERSION, TallyError};
pub use game::{GameOrder, Outcome, RecordedRating, StatsGame};
pub use ratings::{ELO_START, RatingOptions, RatingOptionsError};
pub use report::{
    EndingCount, Glicko2, Lengths, Player, RatingSettings, Report, SideRecord, SideWins, Variant,
};
pub use tally::Tally;
pub use text::render;

/// The JSON Schema of a [`Report`], the shape of `hirp stats --format
/// json`.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(Report)
}
