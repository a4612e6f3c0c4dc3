//! The tafl games: Brandub (7×7) and Hnefatafl (11×11, 13×13), and the
//! variants their players use.
//!
//! A sibling of HIRP's layers, not a kind of them: [`rules`] knows the tafl
//! games and nothing of text, [`syntax`] reads OpenTafl game files (`.otg`)
//! and the one-line-per-game archives (`.csv`) and knows nothing of the
//! rules. Both speak the vocabulary of this module: [`Square`], [`Side`],
//! [`Piece`]. [`json`] is the JSON of the records, beside HIRP's.
//!
//! ```
//! use hirp::tafl::rules::{Position, RuleSet};
//! use hirp::tafl::{Piece, Side, Square};
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let position = Position::new(&rules);
//! assert_eq!(position.turn(), Side::Attackers);
//! let d4: Square = "d4".parse().unwrap();
//! assert_eq!(position.piece_at(d4), Some((Side::Defenders, Piece::King)));
//! assert_eq!(position.king(), Some(d4));
//! ```

pub mod check;
pub mod convert;
pub mod family;
pub mod generate;
pub mod json;
pub mod page;
pub mod render;
pub mod replay;
pub mod rules;
pub mod syntax;
mod types;

pub use types::{Piece, Side, Square};
