//! Read, check and replay game records of the Viking board games: HIRP,
//! and the tafl games (Brandub, Hnefatafl and the variants OpenTafl plays).
//!
//! The two families are siblings on a shared [`core`]: each reads its
//! notation into a typed, spanned syntax tree, replays each game against
//! its rules engine, and reports every problem at the token at fault with
//! what the rules computed there and, where one exists, the edit that fixes
//! it. Problems are [`diagnostic::Problem`]s with stable codes, whatever the
//! family.
//!
//! The two families have the same module names. HIRP ([`hirp`]):
//! [`hirp::syntax`] reads the rulebook's notation, [`hirp::rules`] is the
//! game, [`hirp::replay`] brings them together, and [`hirp::check`] reads,
//! replays and checks a record game by game.
//!
//! ```
//! // Silfr's first turn is written with six steps: `He7` and `He8` take
//! // two each (enter, then move on).
//! let record = "G1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let parsed = hirp::hirp::parse(record);
//! assert!(parsed.errors.is_empty(), "the notation reads");
//!
//! // Checked against the rules, game by game.
//! let mut problems = Vec::new();
//! hirp::hirp::check::check(record.as_bytes(), Default::default(), |checked| {
//!     problems.extend(checked.report.problems);
//!     true // go on to the next game
//! })?;
//!
//! // The report: a stable code, the turn, what the rules computed, the fix.
//! let problem = &problems[0];
//! assert_eq!(problem.code.to_string(), "hirp::turn::step_count");
//! assert_eq!(problem.turn.as_deref(), Some("S1"));
//! assert_eq!(problem.label, "these steps count 6: He7 2, He8 2, He 1, He 1");
//! assert_eq!(problem.help.as_deref(), Some("write the steps `He7He8He`"));
//! let fixed = hirp::core::Edit::apply_all(record, &[problem.fix.clone().unwrap()]);
//! assert_eq!(fixed, "G1 KeHeiHei /\nS1 He7He8He /\n");
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Tafl ([`tafl`]): [`tafl::syntax`] reads OpenTafl game files (`.otg`) and archives of
//! one game a line (`.csv`), [`tafl::rules`] holds the rule sets as data
//! (OpenTafl's rules strings and presets), [`tafl::replay`] replays, and
//! [`tafl::check`] checks a record game by game.
//!
//! ```
//! use hirp::core::CheckOptions;
//! use hirp::tafl::syntax::{Form, parse};
//!
//! // A Brandub game whose second move captures without saying so.
//! let record = "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
//!               1. f4-f7 e4-e7\n";
//! let parsed = parse(record, Form::Otg);
//! assert!(parsed.errors.is_empty(), "the notation reads");
//!
//! // Under its `[rules:]` tag, as no rule set is given.
//! let mut problems = Vec::new();
//! let options = CheckOptions::default();
//! hirp::tafl::check::check(record.as_bytes(), Form::Otg, None, options, |checked| {
//!     problems.extend(checked.replay.problems.iter().cloned());
//!     true // go on to the next game
//! })?;
//!
//! // The report, in the same terms as HIRP's.
//! let problem = &problems[0];
//! assert_eq!(problem.code.to_string(), "hirp::tafl::capture::missing");
//! assert_eq!(problem.turn.as_deref(), Some("1b"));
//! assert_eq!(problem.label, "e4-e7 captures f7");
//! assert_eq!(problem.help.as_deref(), Some("write `e4-e7xf7`"));
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! To read a record without naming its family, [`any`] tells its family
//! from its name and first line ([`any::AnyFamily::recognise`]) and serves
//! it through one set of calls, each family's implementation of
//! [`core::family::Family`], the seam every command is written on
//! (`examples/check.rs` checks records of any family this way, and
//! `docs/architecture.md` draws the house).
//!
//! Records of any size are read game by game ([`hirp::syntax::Games`],
//! [`tafl::syntax::Games`]) and checked on several threads
//! ([`core::CheckOptions`]); [`hirp::json`] and [`tafl::json`] convert
//! records to JSON and back, in one [`json`] document that also describes
//! the report of a check; [`hirp::render`] and [`tafl::render`] draw
//! positions as text or SVG; [`hirp::page`] and [`tafl::page`] make the
//! [`page`] that replays a record in a browser; [`hirp::generate`] and
//! [`tafl::generate`] write random legal games. The rules and the choices made where the rules texts are silent
//! are stated in `docs/rules.md`.
//!
//! What the documentation does not show is no part of the API, though the
//! command line and the tests reach it: HIRP's fast path
//! (`hirp::replay::fast`) and reading of usual games (`hirp::syntax::scan`),
//! reading with no limits (`parse_unlimited`), the text canvas
//! (`core::canvas`, which every family draws on for a terminal) and the page's HTML (`page::html`).
//!
//! The layers are held by `tests/architecture.rs` rather than by crates of
//! a workspace: [`core`] names no family; [`hirp`] and [`tafl`], siblings
//! on it, import nothing of each other nor of the layers above them; only
//! those layers ([`json`]'s document and report, [`page`]) name both; nothing of the library imports the command line,
//! which is the binary's (`src/cli`, behind the `cli` feature); and no
//! cycle runs between the modules. One crate keeps one version, one
//! documentation and one `cargo install` for what is one tool.
#![doc = include_str!("../docs/library.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod any;
pub mod core;
pub mod hirp;
pub mod json;
pub mod page;
pub mod tafl;

#[cfg(test)]
mod fixtures;

pub use crate::core::{Severity, diagnostic};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The examples of the page on the library's architecture, compiled and
/// run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/architecture.md")]
struct ArchitectureDoctests;
