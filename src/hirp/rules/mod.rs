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
//!
//! ```
//! use hirp::hirp::rules::{Position, Step, StepError};
//! use hirp::hirp::{PieceKind, Side, Space};
//!
//! let mut position = Position::new();
//! assert_eq!(position.to_move(), Side::Gull);
//! assert_eq!(position.legal_steps().len(), 4);
//! position.play(Step::Enter(PieceKind::Hirth))?;
//! assert_eq!(position.army(Side::Gull).loose_on(Space::GullHome), 1);
//! assert_eq!(position.steps(), 1);
//!
//! let error = position.play(Step::Enter(PieceKind::Lofdungr)).unwrap_err();
//! assert_eq!(error, StepError::LofdungrEnters);
//! assert_eq!(position.steps(), 1, "the position is left as it was");
//! # Ok::<(), StepError>(())
//! ```

mod army;
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
