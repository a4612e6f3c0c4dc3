//! The parser's input, [`crate::core::input::Input`], with what the tafl
//! readers' rules share beyond the text: the searches for `]` and for a `[`
//! that starts a line, remembered.

use std::cell::Cell;

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

impl crate::core::input::Whole for Context<'_> {
    fn whole(&self) -> &str {
        self.text
    }

    fn base(&self) -> usize {
        self.base
    }
}

/// The text still to read, with the tafl readers' context.
pub(super) type Input<'a> = crate::core::input::Input<'a, Context<'a>>;
