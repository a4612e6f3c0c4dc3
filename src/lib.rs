//! Read, check and replay game records of HIRP, the Viking board game.
//!
//! [`syntax`] reads the notation into a typed, spanned tree; [`json`] converts
//! it to JSON and back; [`render`] draws positions as pictures.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod generate;
pub mod json;
pub mod render;
pub mod replay;
pub mod rules;
pub mod syntax;
pub mod types;

pub use syntax::{Parsed, parse, parse_bytes};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
