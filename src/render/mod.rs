//! Showing positions to people: [`text`] draws the board for terminals in
//! Unicode box drawing, [`svg`] as a map with every piece on it, for reports
//! and documentation.

#[doc(hidden)]
pub mod canvas;
mod layout;
mod map;
mod metrics;
mod panel;
mod pieces;
pub mod svg;
pub mod text;
