//! The rules engine: the board, positions, steps, battles, the Penningr and
//! victories, as `docs/rules.md` states them. This layer knows the game and
//! nothing of the notation.
//!
//! A [`Position`] changes only through [`Position::play`] (one step; on error
//! the position is left as it was), [`Position::fight`] and
//! [`Position::retreat`] (the battles after the five steps) and
//! [`Position::end_turn`]. The choices the rulebook leaves open are the
//! readings of `docs/rules.md#readings`; each is kept in one place, named
//! there.

pub mod battle;
pub mod board;
pub mod movegen;
pub mod penningr;
pub mod position;
pub mod reading;
pub mod score;
pub mod step;
pub mod victory;

pub use battle::{Battle, Fighter, FighterKind, Tiebreak, TurnEnd};
pub use movegen::Path;
pub use penningr::{Offer, Penningr, PenningrError};
pub use position::{Army, Karve, KarveId, Lofdungr, Position};
pub use score::{Match, Player};
pub use step::{Arrival, Mover, Step, StepError};
pub use victory::{Victory, VictoryKind};
