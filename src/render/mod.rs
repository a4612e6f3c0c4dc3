//! Pictures of positions: [`svg`] draws the board as a map with every piece
//! on it, for reports and documentation.

mod map;
mod panel;
mod pieces;
pub mod svg;
