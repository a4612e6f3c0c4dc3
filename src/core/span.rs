//! Where a token stands in a record's text, what a parser found there, and
//! edits of the text: the vocabulary every family's syntax and diagnostics
//! share.

use std::fmt;

use super::escape::must_escape;

/// A byte range `start..end` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The number of bytes covered.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Whether `offset` lies within the span.
    pub const fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.start, span.len()).into()
    }
}

/// What the parser found where it expected something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character.
    Char(char),
    /// The end of a line.
    EndOfLine,
    /// The end of the input.
    EndOfInput,
}

impl Found {
    /// What stands at the start of `rest`.
    pub fn at(rest: &str) -> Found {
        match rest.chars().next() {
            None => Found::EndOfInput,
            Some('\n' | '\r') => Found::EndOfLine,
            Some(c) => Found::Char(c),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::EndOfLine => f.write_str("the end of the line"),
            Found::EndOfInput => f.write_str("the end of the file"),
            Found::Char(' ') => f.write_str("a space"),
            Found::Char('\t') => f.write_str("a tab"),
            Found::Char(c) if must_escape(c) || c == '\u{feff}' => {
                write!(f, "U+{:04X}", c as u32)
            }
            Found::Char('`') => f.write_str("a backtick"),
            Found::Char(c) => write!(f, "`{c}`"),
        }
    }
}

/// A change to a record's text: what to put in place of a span.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edit {
    /// The text replaced (empty to insert).
    pub span: Span,
    /// What replaces it (empty to delete).
    pub replacement: String,
}

impl Edit {
    /// Replace `span` with `replacement`.
    pub fn new(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }

    /// Applies non-overlapping edits to `text`; edits that overlap an
    /// earlier one, or fall outside the text or inside a character, are
    /// left out.
    pub fn apply_all(text: &str, edits: &[Edit]) -> String {
        let whole =
            |span: Span| text.is_char_boundary(span.start) && text.is_char_boundary(span.end);
        let out = splice(text.as_bytes(), edits, whole);
        // Every edit kept starts and ends between characters and puts text
        // in: the bytes stay UTF-8.
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// Applies non-overlapping edits to `bytes` (spans are byte offsets, so
    /// bytes that are not UTF-8 outside the edits are kept as they were);
    /// edits that overlap an earlier one, or reach beyond the bytes, are
    /// left out.
    pub fn apply_to_bytes(bytes: &[u8], edits: &[Edit]) -> Vec<u8> {
        splice(bytes, edits, |_| true)
    }
}

/// Applies `edits` to `bytes` in the order of their spans, leaving out
/// those that overlap one applied before, reach beyond the bytes, or whose
/// span does not `fit`.
fn splice(bytes: &[u8], edits: &[Edit], fits: impl Fn(Span) -> bool) -> Vec<u8> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for edit in sorted {
        let (start, end) = (edit.span.start, edit.span.end);
        if start < at || end > bytes.len() || !fits(edit.span) {
            continue;
        }
        out.extend_from_slice(&bytes[at..start]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// Text that could not be read, kept as written so that nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The text as written.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
