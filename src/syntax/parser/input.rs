//! The parser's input, [`crate::core::input::Input`], with what HIRP's
//! rules share beyond the text.

use std::cell::Cell;

/// What every rule may need beyond the text.
#[derive(Debug)]
pub(super) struct Context<'a> {
    /// The whole text being read.
    text: &'a str,
    /// The offset of the text within its file.
    pub(super) base: usize,
    /// Set once a `{` comment ran to the end of the input unclosed: from then
    /// on block comments end with their line, so that many unclosed `{` cannot
    /// make reading quadratic.
    pub(super) unclosed_comment: Cell<bool>,
}

impl<'a> Context<'a> {
    /// The context of `text`, which starts at byte `base` of its file.
    pub(super) fn new(text: &'a str, base: usize) -> Self {
        Context {
            text,
            base,
            unclosed_comment: Cell::new(false),
        }
    }
}

impl crate::core::input::Whole for Context<'_> {
    fn whole(&self) -> &str {
        self.text
    }

    fn base(&self) -> usize {
        self.base
    }
}

/// The text still to read, with HIRP's context.
pub(super) type Input<'a> = crate::core::input::Input<'a, Context<'a>>;
