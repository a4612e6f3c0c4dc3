//! The parser's input, [`crate::core::input::Input`], with what the tafl
//! readers' rules share beyond the text: the searches for `]` and for a `[`
//! that starts a line, remembered, and the syntax errors met before the
//! line being read.

use std::cell::Cell;

use crate::core::input::Whole;

/// What the tafl readers' rules keep beyond the text: the searches for
/// `]` and for a `[` that starts a line, remembered, and the syntax errors
/// met before the line being read.
#[derive(Debug, Default)]
pub(super) struct Searches {
    /// Syntax errors of the piece read before the line being read (those
    /// of a line are gathered apart, and kept once it is read).
    errors_before: Cell<usize>,
    /// The last search for a `]`: where it started, and what it found.
    close: Cell<Option<(usize, Option<usize>)>>,
    /// The last search for a `[` starting a line: where it started, and what
    /// it found.
    opening: Cell<Option<(usize, Option<usize>)>>,
}

/// What every rule may need beyond the text still to read.
pub(super) type Context<'a> = crate::core::input::Context<'a, Searches>;

impl Context<'_> {
    /// Syntax errors met before the line being read.
    pub(super) fn errors_before(&self) -> usize {
        self.errors_before.get()
    }

    /// Notes the syntax errors met before the line about to be read.
    pub(super) fn set_errors_before(&self, errors: usize) {
        self.errors_before.set(errors);
    }

    /// The offset in the text of the first `]` at or after `from`.
    pub(super) fn next_close(&self, from: usize) -> Option<usize> {
        remembered(&self.close, from, || {
            memchr::memchr(b']', &self.whole().as_bytes()[from..]).map(|n| from + n)
        })
    }

    /// The offset in the text of the first `[` at or after `from` that
    /// starts a line.
    pub(super) fn next_line_opening(&self, from: usize) -> Option<usize> {
        remembered(&self.opening, from, || {
            let bytes = self.whole().as_bytes();
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

/// The text still to read, with the tafl readers' context.
pub(super) type Input<'a> = crate::core::input::Input<'a, Context<'a>>;
