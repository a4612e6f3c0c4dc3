//! HIRP (HIRÞ), by Jon Manker: its notation, rules, replay, checks,
//! drawings, JSON, generator and pages.
//!
//! The same module names as the tafl family's ([`crate::tafl`]), on the same
//! core ([`crate::core`]); neither family imports the other.
//!
//! ```
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! assert!(parsed.errors.is_empty());
//! let report = hirp::hirp::replay::replay_game(&parsed.record.games[0], &[]);
//! assert!(report.is_valid());
//! ```

pub mod check;
pub mod family;
pub mod generate;
pub mod json;
pub mod page;
pub mod position;
pub mod render;
pub mod replay;
pub mod rules;
pub mod syntax;
mod types;

pub use syntax::{Parsed, parse, parse_bytes};
pub use types::{PieceKind, Side, Space, VictoryKind};
