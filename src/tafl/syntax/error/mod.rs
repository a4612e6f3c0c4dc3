//! Syntax errors of the tafl readers: what was expected, what was found, and
//! where; warnings where a record breaks the specification in a way that
//! is read anyway.
//!
//! A [`SyntaxError`] is the core's,
//! [`crate::core::syntax_error::SyntaxError`], of this table of kinds: its
//! kind, span, what was found, and when plain a help line and the edit that
//! fixes it.
//! Kinds that say the same thing of any input (not text, a line too long)
//! take their message from [`crate::core::encoding::TextErrorKind`].

use crate::core::encoding::TextError;

mod kinds;

pub use kinds::SyntaxErrorKind;

/// A syntax error or warning of the tafl readers.
pub type SyntaxError = crate::core::syntax_error::SyntaxError<SyntaxErrorKind>;

impl SyntaxError {
    /// What is wrong with an input's bytes as text (not text, UTF-16, bytes
    /// that are not UTF-8), as the tafl readers report it.
    pub(crate) fn of_input(error: &TextError) -> Self {
        SyntaxError {
            kind: SyntaxErrorKind::of_text(error.kind),
            span: error.span,
            found: error.found,
            detail: Some(error.label()),
            help: Some(error.help.clone()),
            fix: None,
        }
    }
}
