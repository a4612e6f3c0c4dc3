//! The parser's input: the text still to read, and where it lies in its
//! file.

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
    /// The last search for a `]`: where it started, and what it found.
    close: Cell<Option<(usize, Option<usize>)>>,
    /// The last search for a `[` starting a line: where it started, and what
    /// it found.
    opening: Cell<Option<(usize, Option<usize>)>>,
}

impl<'a> Context<'a> {
    /// The context of `text`, which starts at byte `base` of its file.
    pub(super) fn new(text: &'a str, base: usize) -> Self {
        Context {
            text,
            base,
            close: Cell::new(None),
            opening: Cell::new(None),
        }
    }

    /// The offset in the text of the first `]` at or after `from`.
    pub(super) fn next_close(&self, from: usize) -> Option<usize> {
        remembered(&self.close, from, || {
            memchr::memchr(b']', &self.text.as_bytes()[from..]).map(|n| from + n)
        })
    }

    /// The offset in the text of the first `[` at or after `from` that
    /// starts a line.
    pub(super) fn next_line_opening(&self, from: usize) -> Option<usize> {
        remembered(&self.opening, from, || {
            let bytes = self.text.as_bytes();
            memchr::memchr_iter(b'[', &bytes[from..])
                .map(|n| from + n)
                .find(|&n| n > 0 && matches!(bytes[n - 1], b'\n' | b'\r'))
        })
    }
}

/// The result of a search from `from`, using the last one when it still
/// holds: searches go forward, so each byte is searched once.
fn remembered(
    last: &Cell<Option<(usize, Option<usize>)>>,
    from: usize,
    search: impl FnOnce() -> Option<usize>,
) -> Option<usize> {
    if let Some((start, found)) = last.get()
        && start <= from
        && found.is_none_or(|n| from <= n)
    {
        return found;
    }
    let found = search();
    last.set(Some((from, found)));
    found
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

    /// The input at `offset` of the text read.
    pub(super) fn at(&self, offset: usize) -> Self {
        self.with(&self.context.text[offset..])
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
