//! Showing tafl positions to people: [`text`] draws the board for a
//! terminal, in Unicode or in plain ASCII, with colours or without;
//! [`svg`] as a picture for pages and documents. Both draw a [`Board`]: a
//! rule set's squares, the pieces of a position, the last move and its
//! captures, so that the two agree on every mark.

mod board;
pub mod svg;
pub mod text;

pub use board::{Board, LastMove};
pub use text::{Glyphs, MAX_COLUMNS, TextOptions};
