//! The tafl notation: a typed, spanned syntax tree of OpenTafl game files
//! (`.otg`) and of archives of one game a line (`.csv`), their readers, and
//! their syntax errors.
//!
//! This layer reads text and knows nothing of the rules: `Ke5-e1--` is a
//! well-formed [`WrittenMove`] whatever the position, and the rules tag's value is
//! kept as written for the rules to read. [`parse`] and [`parse_bytes`] read
//! a record of either [`Form`] game by game within HIRP's reader's
//! [`limits`](crate::core::limits); [`Games`] cuts a record of any size
//! into [`Chunk`]s, for [`parse_chunk`] to read one at a time. Errors and
//! warnings are [`SyntaxError`]s with a stable code
//! `hirp::tafl::syntax::<name>`; the grammar is `grammar/tafl.ebnf`.
//!
//! ```
//! use hirp::tafl::syntax::{Form, Ply, parse};
//!
//! let parsed = parse("d2-e2 e4-e1 e2-d2xd3 timeout,1,0,White\n", Form::Csv);
//! assert!(parsed.errors.is_empty());
//! let game = &parsed.record.as_csv().unwrap().games[0];
//! assert_eq!(game.plies.len(), 4);
//! assert!(matches!(game.plies[3], Ply::Timeout(_)));
//!
//! let parsed = parse("[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-e2 d3-d2\n", Form::Otg);
//! assert!(parsed.errors.is_empty());
//! let game = &parsed.record.as_otg().unwrap().games[0];
//! assert_eq!(game.rules().unwrap().entries()[0].key, "dim");
//! ```

mod ast;
mod error;
mod games;
mod parser;
mod recognise;

pub use ast::*;
pub use error::{SyntaxError, SyntaxErrorKind};
pub use games::{Chunk, Cut, Games, parse_chunk};
pub(crate) use games::{parse_piece, parse_start};
#[doc(hidden)]
pub use parser::parse_unlimited;
pub use parser::{Parsed, parse, parse_bytes, parse_csv};
pub(crate) use parser::{parse_bytes_at, read_ply};
