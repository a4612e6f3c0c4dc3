//! The tafl rules engine: rule sets as data ([`RuleSet`], read from and
//! printed as OpenTafl rules strings, and the presets), positions and the
//! moves played on them ([`Position`]), as `docs/rules.md` states them
//! (`docs/rules.md#tafl-about-these-rules`). This layer knows the games and
//! nothing of a record's notation; a rules string and a position record are
//! how a rule set is written down, and are read here.
//!
//! ```
//! use hirp::tafl::rules::{End, Layout, Move, Position, RuleSet};
//! use hirp::tafl::Side;
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let mut position = Position::new(&rules);
//! let mv = |from: &str, to: &str| Move { from: from.parse().unwrap(), to: to.parse().unwrap() };
//! assert_eq!(position.legal_moves().len(), 40);
//! let played = position.play(mv("d2", "c2")).unwrap();
//! assert!(played.captures.is_empty() && played.outcome.is_none());
//!
//! // A position set up from a position record: the king beside a corner.
//! let layout = Layout::from_opentafl_inverted("/7/7/7/7/7/7/1K2t2/").unwrap();
//! let mut position = Position::from_layout(&rules, &layout, Side::Attackers)?;
//! let played = position.play(mv("e1", "c1")).unwrap();
//! assert_eq!(played.outcome.unwrap().end, End::KingCaptured);
//! # Ok::<(), hirp::tafl::rules::SetupError>(())
//! ```

mod berserk;
mod bits;
mod cannot_escape;
mod capture;
mod compiled;
mod ends;
mod forced;
mod fort;
mod grid;
mod jump;
mod layout;
mod movement;
mod opentafl;
mod pieces;
mod position;
mod position_line;
mod presets;
mod record;
mod repeat;
mod ruleset;
mod shieldwall;
mod special_captures;
mod speed;
mod square_set;
mod zobrist;

pub use compiled::SquareKind;
pub use ends::{End, Outcome};
pub use layout::{Layout, LayoutError, LayoutErrorKind, MAX_DIM, MIN_DIM};
pub use movement::{JumpRefusal, MoveError};
pub use opentafl::{RulesError, RulesErrorKind, RulesWarning, RulesWarningKind};
pub use pieces::PieceSet;
pub use position::{Move, Played, Position};
pub use position_line::{PositionLine, PositionLineError};
pub use ruleset::{
    Berserk, Escape, FortWalls, Jump, Jumps, KingArmed, KingStrength, NoMoveRule, Repetition,
    RepetitionRule, RuleSet, SetupError, Shieldwall, Special,
};
pub use speed::{SpeedError, SpeedLimits};
pub use square_set::SquareSet;
