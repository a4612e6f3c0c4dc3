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

mod battle;
pub mod board;
mod movegen;
mod penningr;
mod position;
pub(crate) mod reading;
mod score;
mod step;
mod victory;

pub use battle::{Battle, Fighter, FighterKind, Tiebreak, TurnEnd};
pub use movegen::Path;
pub use penningr::{Offer, Penningr, PenningrError};
pub use position::{
    Army, CREW_MAX, HIRTHS, KARVES, Karve, KarveId, Lofdungr, PiecesOn, Position, STEPS_PER_TURN,
};
pub use score::{Match, Player};
pub use step::{Arrival, Mover, Step, StepError};
pub use victory::Victory;
