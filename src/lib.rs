//! Read, check and replay game records of HIRP, the Viking board game.
//!
//! A record is read into a typed, spanned syntax tree ([`syntax`]), each game
//! is replayed against the rules engine ([`rules`]) by the replayer
//! ([`replay`]), which reports every problem at the token at fault with what
//! the rules computed there and, where one exists, the edit that fixes it.
//!
//! ```
//! // Silfr's first turn is written with six steps: `He7` and `He8` take
//! // two each (enter, then move on).
//! let parsed = hirp::parse("G1 KeHeiHei /\nS1 He7He8HeHe /\n");
//! assert!(parsed.errors.is_empty(), "the notation reads");
//!
//! let report = hirp::replay::replay_record(&parsed.record, &parsed.errors);
//! let game = &report.games[0];
//! assert!(!game.is_valid());
//! let problem = &game.problems[0];
//! assert_eq!(problem.code.to_string(), "hirp::turn::step_count");
//! assert_eq!(problem.turn.as_deref(), Some("S1"));
//! assert_eq!(problem.label, "these steps count 6: He7 2, He8 2, He 1, He 1");
//!
//! // The position after the last turn, and one written step checked on it.
//! let step: hirp::syntax::WrittenStep = "Khhh03".parse()?;
//! let problem = hirp::replay::resolve(&game.position, &step).unwrap_err();
//! assert_eq!(problem.label, "the Karve on 0 carries 2 Hirþs");
//! # Ok::<(), hirp::syntax::SyntaxError>(())
//! ```
//!
//! Records of any size are read game by game ([`syntax::Games`]) and
//! checked on several threads ([`check`]); [`json`] converts records to
//! JSON and back and describes the report of a check; [`render`] draws
//! positions as text or SVG; [`page`] writes a record as an HTML page that
//! replays it; [`generate`] writes random legal games. The
//! rules and the choices made where the rulebook is silent are stated in
//! `docs/rules.md`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod core;
pub mod diagnostic;
pub mod generate;
pub mod json;
pub mod page;
pub mod render;
pub mod replay;
pub mod rules;
pub mod syntax;
pub mod tafl;
mod types;

#[cfg(test)]
mod fixtures;

pub use crate::core::Severity;
pub use syntax::{Parsed, parse, parse_bytes};
pub use types::{PieceKind, Side, Space, UnknownName, VictoryKind};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
