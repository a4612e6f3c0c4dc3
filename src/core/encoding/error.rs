//! What is wrong with the bytes of an input as text, and how an input was
//! judged.

use crate::core::{Found, Span};

/// What is wrong with the bytes of an input as text, whatever its family:
/// each family reports it as a syntax error of its own, under its own code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextErrorKind {
    /// A NUL byte in the first bytes, not as UTF-16 writes them: nothing is
    /// read.
    Binary,
    /// NUL bytes every other byte, as UTF-16 writes ASCII, and no byte order
    /// mark: nothing is read.
    Utf16WithoutBom,
    /// Bytes that are not UTF-8 on two lines or more, and no UTF-8 beyond
    /// ASCII: nothing is read.
    Latin1,
    /// A warning: a UTF-16 byte order mark; the input is read decoded.
    Utf16,
    /// Bytes that are not UTF-8 on a line, which is not read.
    InvalidUtf8,
}

impl TextErrorKind {
    /// What is wrong, in a sentence.
    pub const fn message(self) -> &'static str {
        match self {
            TextErrorKind::Binary => "this file is binary, not text",
            TextErrorKind::Utf16WithoutBom => "this file looks like UTF-16 with no byte order mark",
            TextErrorKind::Latin1 => "this file looks like Latin-1, not UTF-8",
            TextErrorKind::Utf16 => "this file is UTF-16; it is read decoded to UTF-8",
            TextErrorKind::InvalidUtf8 => "the file is not valid UTF-8",
        }
    }

    /// What was expected.
    pub const fn expected(self) -> &'static str {
        match self {
            TextErrorKind::Binary => "text",
            _ => "UTF-8 text",
        }
    }

    /// The label drawn under the bytes at fault, `span`, where `found`
    /// stands.
    pub fn label(self, span: Span, found: Found) -> String {
        let at = span.start;
        match self {
            TextErrorKind::Binary => format!("byte {at} is NUL, which no text holds"),
            TextErrorKind::Utf16WithoutBom => {
                format!("byte {at} is NUL, as is every other byte: UTF-16 writes ASCII so")
            }
            TextErrorKind::Latin1 => format!("byte {at} is not UTF-8; in Latin-1 it is {found}"),
            TextErrorKind::Utf16 => "a UTF-16 byte order mark".to_owned(),
            TextErrorKind::InvalidUtf8 => format!("byte {at} is not UTF-8"),
        }
    }

    /// Whether it says the input is not text: nothing of it is read, and it
    /// is the input's only error.
    pub const fn is_not_text(self) -> bool {
        matches!(
            self,
            TextErrorKind::Binary | TextErrorKind::Utf16WithoutBom | TextErrorKind::Latin1
        )
    }
}

/// What is wrong with the bytes of an input as text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// What is wrong.
    pub kind: TextErrorKind,
    /// The bytes at fault.
    pub span: Span,
    /// What stands there.
    pub found: Found,
    /// How to mend it.
    pub help: String,
}

impl TextError {
    pub(super) fn new(
        kind: TextErrorKind,
        span: Span,
        found: Found,
        help: impl Into<String>,
    ) -> TextError {
        TextError {
            kind,
            span,
            found,
            help: help.into(),
        }
    }

    /// The label drawn under the bytes at fault.
    pub fn label(&self) -> String {
        self.kind.label(self.span, self.found)
    }
}

/// How an input was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextVerdict {
    /// UTF-8, read as it is.
    Utf8,
    /// UTF-16 with a byte order mark, read decoded: the warning that says so.
    Utf16(TextError),
    /// Not text: the one error that says what it looks like.
    NotText(TextError),
}
