//! What both families of games share, and names neither: the commands and
//! the families' readers build on it.
//!
//! - [`Span`], [`Found`], [`Malformed`] and [`Edit`]: where a token stands
//!   in a record's text, what a parser found there, text kept as written,
//!   and edits of the text;
//! - [`diagnostic`]: a problem with its stable code, of any family's table,
//!   and [`syntax_error`]: a reader's error, of any family's table;
//! - [`Severity`] of a problem, and the [`Depth`] and [`CheckOptions`] of a
//!   check;
//! - [`family`]: the seam, what every family of games answers to (each in
//!   its own folder), and [`verdict`]: what a check says of a game, whatever
//!   its family;
//! - [`show`]: a game shown a position at a time, as a replay prints it
//!   and a terminal's screen steps through it;
//! - [`fix`]: the loop that corrects a record of any family, fixes applied
//!   round after round and kept only where they leave a game valid;
//! - [`encoding`]: what a record is written in, its bytes decoded, and what
//!   is wrong with them as text;
//! - [`escape`]: text of a record written for a person to see;
//! - [`json`]: what the JSON of every family's records shares;
//! - [`page`]: a record's page for players, its model, the JSON its script
//!   reads and its HTML, which every family's pages fill;
//! - [`limits`]: how much of a record is read;
//! - reading a record a line at a time within the limits, and the cut of a
//!   game that goes beyond them (`lines`); on them, the game reader both
//!   families cut their records with, each by its own rule of where a game
//!   begins, and the reading of what it cuts (`chunk`); and a stream of
//!   items worked on by threads and handed back in order, on which each
//!   family checks its records game by game (`parallel`): all three
//!   crate-private;
//! - [`stats`]: statistics of a collection of games, per player and per
//!   variant, with ratings computed from the games in order, counted in
//!   parts that merge;
//! - [`Rng`]: the random source of the generators;
//! - [`UnknownName`]: text that names no value of a closed vocabulary, and
//!   [`closest`], the name it was most likely meant to be;
//! - the input of the families' nom parsers, what their records share as
//!   they are written back, and the XML writer of the SVG pictures and
//!   pages (crate-private).
//!
//! Every problem, of either family, is at a [`Span`] of the record's text,
//! and its fix is an [`Edit`] of it; here, a syntax error of HIRP's reader:
//!
//! ```
//! use hirp::core::{Edit, Severity, Span};
//! use hirp::diagnostic::Problem;
//!
//! let text = "G1 kehei /\n";
//! let error = &hirp::hirp::parse(text).errors[0];
//! assert_eq!(error.span, Span::new(3, 4), "the `k`");
//! let problem = Problem::syntax(error);
//! assert_eq!(problem.severity, Severity::Error);
//! let fixed = Edit::apply_all(text, &[problem.fix.unwrap()]);
//! assert_eq!(fixed, "G1 Kehei /\n");
//! ```

#[doc(hidden)]
pub mod canvas;
pub mod card;
pub(crate) mod chunk;
pub mod convert;
mod depth;
pub mod diagnostic;
pub mod diff;
pub mod encoding;
mod escape;
pub mod family;
pub mod fix;
pub(crate) mod input;
pub mod json;
pub mod limits;
pub(crate) mod lines;
mod name;
pub mod page;
pub(crate) mod parallel;
mod rng;
mod severity;
pub mod show;
mod span;
pub mod stats;
pub mod syntax_error;
pub mod verdict;
pub(crate) mod written;
pub(crate) mod xml;

pub use depth::{CheckOptions, Depth};
pub use escape::{escape, must_escape};
pub use name::{UnknownName, closest, did_you_mean};
pub use rng::Rng;
pub use severity::Severity;
pub use span::{Edit, Found, Malformed, Span};
