//! The error of text that names no value of a closed vocabulary, of any
//! family's notation.

/// The error returned when text does not name a value of a closed
/// vocabulary (a side, a space, a square, a piece).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a {what}")]
pub struct UnknownName {
    /// What was being read ("side", "space", "square", "piece").
    pub what: &'static str,
    /// The text that was given.
    pub text: String,
}
