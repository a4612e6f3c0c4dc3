//! The parser's input, [`crate::core::input::Input`], with what HIRP's
//! rules keep beyond the text.

use std::cell::Cell;

/// What HIRP's rules keep beyond the text.
#[derive(Debug, Default)]
pub(super) struct Comments {
    /// Set once a `{` comment ran to the end of the input unclosed: from then
    /// on block comments end with their line, so that many unclosed `{` cannot
    /// make reading quadratic.
    pub(super) unclosed_comment: Cell<bool>,
}

/// What every rule may need beyond the text still to read.
pub(super) type Context<'a> = crate::core::input::Context<'a, Comments>;

/// The text still to read, with HIRP's context.
pub(super) type Input<'a> = crate::core::input::Input<'a, Context<'a>>;
