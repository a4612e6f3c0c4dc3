//! The notation: a typed, spanned syntax tree, its parser, and syntax errors.
//!
//! This layer reads text and knows nothing of the rules.
//!
//! [`parse`] and [`parse_bytes`] read a record game by game within the
//! reader's [`limits`]; [`Games`] cuts a record of any size into [`Chunk`]s,
//! for [`parse_chunk`] to read one at a time. What a record is written in is
//! judged from its first bytes: UTF-16 with a byte order mark is read
//! decoded ([`transcode`](crate::core::encoding::transcode)), and an input that is not text is reported once
//! and not read. [`escape`](crate::core::escape) writes text of a record for a person to see.
//! [`scan`] tells, without a syntax tree, how many turns the games of a
//! chunk written the usual way hold, and gives the rest up to the parser.
//!
//! ```
//! use hirp::hirp::syntax::{Games, SyntaxErrorKind, parse_chunk};
//!
//! let parsed = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! assert!(parsed.errors.is_empty());
//! assert_eq!(parsed.record.games[0].turns[1].to_string(), "S1 He7He8He /");
//!
//! // An error is at the token at fault.
//! let text = "G1 kehei /\n";
//! let error = &hirp::hirp::parse(text).errors[0];
//! assert_eq!(error.kind, SyntaxErrorKind::ExpectedPiece);
//! assert_eq!(&text[error.span.start..error.span.end], "k");
//!
//! // A record of any size, read a chunk of whole games at a time.
//! let record = "G1 KeHeiHei /\nS1 He7He8He /\n\nG1 KeHeiHei /\n";
//! let mut games = 0;
//! for chunk in Games::new(record.as_bytes()) {
//!     games += parse_chunk(&chunk?).1.record.games.len();
//! }
//! assert_eq!(games, 2);
//! # Ok::<(), std::io::Error>(())
//! ```

pub(crate) mod ast;
mod chunk;
mod error;
mod games;
pub mod limits;
mod parser;
mod recognise;
#[doc(hidden)]
pub mod scan;

pub(crate) use parser::{CompactBattle, CompactTurn, Player, compact_turn};

pub use ast::*;
pub(crate) use chunk::{parse_piece, parse_start};
pub use error::{SyntaxError, SyntaxErrorKind};
pub(crate) use games::repeats_line_before;
pub use games::{Chunk, Cut, Games, parse_chunk};
#[doc(hidden)]
pub use parser::parse_unlimited;
pub use parser::{Parsed, parse, parse_bytes};
pub(crate) use parser::{label_at, parse_battles, parse_bytes_at, parse_steps, repair_steps};
pub use recognise::starts_record;
