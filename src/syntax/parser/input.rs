//! The parser's input: the text still to read, and where it lies in its file.
//!
//! A plain `&str` would lose the offset; `nom_locate` keeps it but counts
//! lines on every step, which reading never needs. This input is two words:
//! the rest of the text and a reference to what every rule shares.

use std::cell::Cell;
use std::str::{CharIndices, Chars};

use nom::{Compare, CompareResult, Needed};

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

/// The text still to read.
#[derive(Clone, Copy, Debug)]
pub(super) struct Input<'a> {
    rest: &'a str,
    context: &'a Context<'a>,
}

impl<'a> Input<'a> {
    /// The whole text of `context`.
    pub(super) fn new(context: &'a Context<'a>) -> Self {
        Input {
            rest: context.text,
            context,
        }
    }

    /// The text still to read.
    pub(super) fn fragment(&self) -> &'a str {
        self.rest
    }

    /// The offset of the next character within the text read.
    pub(super) fn location_offset(&self) -> usize {
        // `rest` is always a part of `text`.
        self.rest.as_ptr() as usize - self.context.text.as_ptr() as usize
    }

    /// What the rules share.
    pub(super) fn context(&self) -> &'a Context<'a> {
        self.context
    }

    /// The 1-based column of the next character within its line, in
    /// characters.
    pub(super) fn column(&self) -> usize {
        let before = &self.context.text[..self.location_offset()];
        let line_start = before.rfind(['\n', '\r']).map_or(0, |n| n + 1);
        before[line_start..].chars().count() + 1
    }

    fn with(&self, rest: &'a str) -> Self {
        Input {
            rest,
            context: self.context,
        }
    }
}

impl<'a> nom::Input for Input<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.rest.len()
    }

    fn take(&self, index: usize) -> Self {
        self.with(&self.rest[..index])
    }

    fn take_from(&self, index: usize) -> Self {
        self.with(&self.rest[index..])
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.rest.split_at(index);
        (self.with(suffix), self.with(prefix))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.rest.find(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.rest.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.rest.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        nom::Input::slice_index(&self.rest, count)
    }
}

impl<'b> Compare<&'b str> for Input<'_> {
    fn compare(&self, t: &'b str) -> CompareResult {
        self.rest.compare(t)
    }

    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.rest.compare_no_case(t)
    }
}
