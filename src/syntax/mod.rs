//! The notation: a typed, spanned syntax tree, its parser, and syntax errors.
//!
//! This layer reads text and knows nothing of the rules.
//!
//! [`parse`] and [`parse_bytes`] read a record game by game within the
//! reader's [`limits`]; [`Games`] cuts a record of any size into [`Chunk`]s,
//! for [`parse_chunk`] to read one at a time. What a record is written in is
//! judged from its first bytes: UTF-16 with a byte order mark is read
//! decoded ([`transcode`]), and an input that is not text is reported once
//! and not read. [`escape`] writes text of a record for a person to see.
//! [`scan`] tells, without a syntax tree, how many turns the games of a
//! chunk written the usual way hold, and gives the rest up to the parser.

pub(crate) mod ast;
mod chunk;
mod error;
mod games;
pub mod limits;
mod parser;
mod recognise;
pub mod scan;

pub(crate) use parser::{CompactBattle, CompactTurn, Player, compact_turn};

pub use crate::core::encoding::transcode;
pub use crate::core::{Edit, Found, escape, must_escape};
pub use ast::*;
pub use error::{SyntaxError, SyntaxErrorKind};
pub use games::{Chunk, Cut, Games, parse_chunk};
pub use parser::{Parsed, parse, parse_bytes, parse_unlimited};
pub(crate) use parser::{parse_battles, parse_bytes_at, parse_steps, repair_steps};
pub use recognise::starts_record;
