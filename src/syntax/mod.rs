//! The notation: a typed, spanned syntax tree, its parser, and syntax errors.
//!
//! This layer reads text and knows nothing of the rules.

pub mod ast;
pub mod error;
pub mod games;
pub mod limits;
pub mod parser;

pub use ast::*;
pub use error::{Edit, Found, SyntaxError, SyntaxErrorKind};
pub use games::{Chunk, Cut, Games, parse_chunk};
pub use limits::Limits;
pub use parser::{
    Decoded, Parsed, decode, parse, parse_at, parse_bytes, parse_bytes_at, parse_result,
    parse_steps,
};
