//! Showing positions to people: a text board for terminals, and pictures.

pub mod canvas;
pub mod text;
