//! Showing tafl positions to people: [`text`] draws the board for a
//! terminal, in Unicode or in plain ASCII, with colours or without;
//! [`svg`] as a picture for pages and documents. Both draw a [`Board`]: a
//! rule set's squares, the pieces of a position, the last move and its
//! captures, so that the two agree on every mark.
//!
//! ```
//! use hirp::tafl::render::{Board, TextOptions};
//! use hirp::tafl::rules::{Position, RuleSet};
//!
//! let rules = RuleSet::preset("brandub").unwrap();
//! let position = Position::new(&rules);
//! let board = Board::of(&position).with_caption("Brandub");
//! let text = board.text(TextOptions::default());
//! assert!(text.starts_with("Brandub\n"));
//! assert!(text.contains(" 4 │ ●  ●  ○ {♔} ○  ●  ● │ 4\n"));
//! assert!(board.svg().contains("<title>Brandub</title>"));
//! ```

mod board;
pub mod svg;
pub mod text;

pub use board::{Board, LastMove};
pub use text::{Glyphs, MAX_COLUMNS, TextOptions};
