//! What a record is written in, whatever its family, judged from its first
//! [`SAMPLE`] bytes (the whole input when it is shorter):
//!
//! 1. A UTF-16 byte order mark, `FF FE` or `FE FF`: UTF-16, little- or
//!    big-endian, decoded to UTF-8 as it is read, with a warning
//!    (`utf16`). Offsets are those of the decoded text, byte order mark
//!    included (three bytes, `EF BB BF`).
//! 2. A NUL byte, which no text holds: UTF-16 with no byte order mark if
//!    NULs stand in every other byte and on one side (as UTF-16 writes
//!    ASCII), else binary. One error says so (`utf16_without_bom`,
//!    `binary`), at the first NUL, and nothing is read.
//! 3. Bytes that are not UTF-8 on two lines or more, no character beyond
//!    ASCII written in UTF-8, and at least three bytes in four ASCII: Latin-1
//!    (or another single-byte encoding). One error says so (`latin1`), at
//!    the first such byte, and nothing is read.
//! 4. Anything else is UTF-8; each line holding bytes that are not is
//!    reported on its own (`invalid_utf8`) and the rest is read.
//!
//! ```
//! use hirp::core::encoding::{TextErrorKind, decode, not_text_error, transcode};
//!
//! // A Latin-1 `é` on the second line: that line is reported, and offsets
//! // stay those of the bytes.
//! let decoded = decode(b"G1 KeHeiHei /\nS1 He\xe97 /\n");
//! assert_eq!(decoded.text, "G1 KeHeiHei /\nS1 He?7 /\n");
//! assert_eq!(decoded.errors[0].kind, TextErrorKind::InvalidUtf8);
//! assert_eq!(decoded.errors[0].label(), "byte 19 is not UTF-8");
//!
//! // NUL bytes and no byte order mark: binary, and nothing is read.
//! let error = not_text_error(b"G1\0\0\0\x01\x02").unwrap();
//! assert_eq!(error.kind, TextErrorKind::Binary);
//!
//! // UTF-16 with a byte order mark, decoded to UTF-8.
//! let utf16: Vec<u8> = "\u{feff}G1".encode_utf16().flat_map(u16::to_le_bytes).collect();
//! assert_eq!(&*transcode(&utf16), "\u{feff}G1".as_bytes());
//! ```

mod error;
mod utf16;

use std::borrow::Cow;

use super::limits::SAMPLE;
use super::{Found, Span};

pub use error::{TextError, TextErrorKind, TextVerdict};
pub use utf16::{Decoder, transcode};

/// How many bytes after the one that shows an input is not text are shown
/// with it.
const AFTER: usize = 16;

/// Whether `bytes` start with a UTF-16 byte order mark: `Some(true)` for
/// big-endian.
fn utf16_bom(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xff, 0xfe, ..] => Some(false),
        [0xfe, 0xff, ..] => Some(true),
        _ => None,
    }
}

/// `LE` or `BE`.
fn endianness(big_endian: bool) -> &'static str {
    if big_endian { "BE" } else { "LE" }
}

/// Judges an input from its first bytes, `sample`; `whole` when they are
/// all of it.
fn judge(sample: &[u8], whole: bool) -> TextVerdict {
    if let Some(big_endian) = utf16_bom(sample) {
        // The byte order mark decoded is U+FEFF, three bytes of UTF-8.
        let warning = TextError::new(
            TextErrorKind::Utf16,
            Span::new(0, 3),
            Found::Char('\u{feff}'),
            format!(
                "decoded from UTF-16 {}, offsets counting the UTF-8 bytes; save it as UTF-8",
                endianness(big_endian)
            ),
        );
        return TextVerdict::Utf16(warning);
    }
    if let Some(first) = memchr::memchr(0, sample) {
        return TextVerdict::NotText(with_nul(sample, first));
    }
    match latin1(sample, whole) {
        Some(error) => TextVerdict::NotText(error),
        None => TextVerdict::Utf8,
    }
}

/// The error of an input held whole that is not text, judged from its first
/// bytes as [`Decoder`] judges them.
pub fn not_text_error(bytes: &[u8]) -> Option<TextError> {
    let sample = &bytes[..bytes.len().min(SAMPLE)];
    match judge(sample, sample.len() == bytes.len()) {
        TextVerdict::NotText(error) => Some(error),
        TextVerdict::Utf8 | TextVerdict::Utf16(_) => None,
    }
}

/// What an input with a NUL byte looks like: UTF-16 with no byte order mark
/// or binary; `first` is its first NUL.
fn with_nul(sample: &[u8], first: usize) -> TextError {
    let (mut even, mut odd) = (0, 0);
    for n in memchr::memchr_iter(0, sample) {
        if n % 2 == 0 {
            even += 1;
        } else {
            odd += 1;
        }
    }
    // In UTF-16, an ASCII character is its byte and a NUL: in a record,
    // nearly every pair of bytes holds a NUL, and always on the same side.
    let units = sample.len() / 2;
    let one_side = |on: usize, off: usize| on * 2 >= units && off * 16 <= on;
    let utf16 = if one_side(odd, even) {
        Some(false)
    } else if one_side(even, odd) {
        Some(true)
    } else {
        None
    };
    let span = Span::new(first, first + 1);
    match utf16 {
        Some(big_endian) => TextError::new(
            TextErrorKind::Utf16WithoutBom,
            span,
            Found::Char('\0'),
            format!(
                "if it is UTF-16 {}, save it as UTF-8 (or with a byte order mark); nothing of it \
                 is read",
                endianness(big_endian)
            ),
        ),
        None => TextError::new(
            TextErrorKind::Binary,
            span,
            Found::Char('\0'),
            "hirp reads records written as text; nothing of this file is read",
        ),
    }
}

/// The error for an input that looks like Latin-1, if it does.
fn latin1(sample: &[u8], whole: bool) -> Option<TextError> {
    let mut first = None;
    let (mut bad, mut bad_lines, mut line, mut last_bad_line) = (0, 0, 0, None);
    let mut at = 0;
    let mut chunks = sample.utf8_chunks().peekable();
    while let Some(chunk) = chunks.next() {
        let valid = chunk.valid();
        if !valid.is_ascii() {
            // UTF-8 beyond ASCII: a UTF-8 file with bad bytes.
            return None;
        }
        line += line_ends(valid.as_bytes());
        at += valid.len();
        let invalid = chunk.invalid();
        // A character cut by the end of the sample is not a bad byte.
        if invalid.is_empty() || (!whole && chunks.peek().is_none()) {
            break;
        }
        first.get_or_insert(at);
        bad += invalid.len();
        if last_bad_line != Some(line) {
            last_bad_line = Some(line);
            bad_lines += 1;
        }
        at += invalid.len();
    }
    let first = first?;
    (bad_lines >= 2 && bad * 4 <= sample.len()).then(|| {
        TextError::new(
            TextErrorKind::Latin1,
            Span::new(first, first + 1),
            Found::Char(char::from(sample[first])),
            "save it as UTF-8; nothing of it is read",
        )
    })
}

/// How many lines end in `bytes`: at `\n`, and at a `\r` not followed by
/// `\n`.
pub fn line_ends(bytes: &[u8]) -> usize {
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&n| bytes[n] == b'\n' || bytes.get(n + 1) != Some(&b'\n'))
        .count()
}

/// What is shown of an input that is not text: part of its first bytes,
/// where they stand in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The bytes shown.
    pub bytes: Vec<u8>,
    /// Their offset in the input.
    pub offset: usize,
    /// The number of lines before them.
    pub line: usize,
}

/// What is shown of an input that is not text with its `error`: the start
/// of the line of `sample` where the error is, up to a few bytes after it or
/// the line's end.
pub(crate) fn not_text(sample: &[u8], error: &TextError) -> Excerpt {
    let at = error.span.start;
    let is_end = |b: &u8| matches!(b, b'\n' | b'\r');
    let start = sample[..at].iter().rposition(is_end).map_or(0, |n| n + 1);
    let end = sample[at..]
        .iter()
        .position(is_end)
        .map_or(sample.len(), |n| at + n)
        .min(at + AFTER);
    Excerpt {
        bytes: sample[start..end].to_vec(),
        offset: start,
        line: line_ends(&sample[..start]),
    }
}

/// Text decoded from bytes that may not be UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, each byte that is not UTF-8 replaced by `?` so that offsets
    /// stay those of the bytes.
    pub text: Cow<'a, str>,
    /// One error per line holding bytes that are not UTF-8.
    pub errors: Vec<TextError>,
}

/// Decodes bytes as UTF-8, reporting each line that holds invalid bytes at the
/// first such byte.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Decoded {
            text: Cow::Borrowed(text),
            errors: Vec::new(),
        },
        Err(_) => {
            let mut text = String::with_capacity(bytes.len());
            let mut errors: Vec<TextError> = Vec::new();
            let mut last_line_reported = None;
            let mut line_start = 0;
            for chunk in bytes.utf8_chunks() {
                let valid = chunk.valid();
                if let Some(n) = valid.rfind(['\n', '\r']) {
                    line_start = text.len() + n + 1;
                }
                text.push_str(valid);
                let invalid = chunk.invalid();
                if invalid.is_empty() {
                    continue;
                }
                let offset = text.len();
                if last_line_reported != Some(line_start) {
                    last_line_reported = Some(line_start);
                    errors.push(TextError::new(
                        TextErrorKind::InvalidUtf8,
                        Span::new(offset, offset + invalid.len()),
                        Found::Char('?'),
                        "save the file as UTF-8; this line is skipped",
                    ));
                }
                text.extend(std::iter::repeat_n('?', invalid.len()));
            }
            Decoded {
                text: Cow::Owned(text),
                errors,
            }
        }
    }
}

/// Decodes bytes as [`decode`] does, at `base` in their file: the spans of
/// the errors count from the file's start.
pub(crate) fn decode_at(bytes: &[u8], base: usize) -> Decoded<'_> {
    let mut decoded = decode(bytes);
    for error in &mut decoded.errors {
        error.span = Span::new(error.span.start + base, error.span.end + base);
    }
    decoded
}

/// The text of a whole record's bytes, to which the spans of its reading
/// point: UTF-16 with a byte order mark decoded ([`transcode`]), else each
/// byte that is not UTF-8 read as `?` ([`decode`]).
pub(crate) fn record_text(bytes: &[u8]) -> Cow<'_, str> {
    match transcode(bytes) {
        Cow::Borrowed(bytes) => decode(bytes).text,
        // Decoded from UTF-16: UTF-8 throughout.
        Cow::Owned(decoded) => Cow::Owned(
            String::from_utf8(decoded)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(bytes: &[u8]) -> Option<&'static str> {
        match judge(bytes, true) {
            TextVerdict::Utf8 => None,
            TextVerdict::Utf16(e) | TextVerdict::NotText(e) => Some(match e.kind {
                TextErrorKind::Binary => "binary",
                TextErrorKind::Utf16WithoutBom => "utf16_without_bom",
                TextErrorKind::Latin1 => "latin1",
                TextErrorKind::Utf16 => "utf16",
                TextErrorKind::InvalidUtf8 => "invalid_utf8",
            }),
        }
    }

    #[test]
    fn inputs_are_judged_by_their_first_bytes() {
        let cases: [(&[u8], Option<&str>); 9] = [
            (b"G1 KeHeiHei /\n", None),
            (b"\xff\xfeG\x001\x00", Some("utf16")),
            (b"\xfe\xff\x00G\x001", Some("utf16")),
            (b"G\x001\x00 \x00K\x00e\x00", Some("utf16_without_bom")),
            (b"\x00G\x001\x00 \x00K\x00e", Some("utf16_without_bom")),
            (b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00", Some("binary")),
            (b"; Besan\xe7on\n; No\xebl\n", Some("latin1")),
            // One line with a bad byte is a UTF-8 file's mistake.
            (b"G1 KeHeiHei /\nS1 He7\xffHe8He /\n", None),
            // UTF-8 beyond ASCII: bad bytes are mistakes.
            (b"; Hir\xc3\xbe\n; \xff\n; \xfe\n", None),
        ];
        for (bytes, expected) in cases {
            assert_eq!(kind(bytes), expected, "{}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn a_character_cut_by_the_end_of_the_sample_is_not_a_bad_byte() {
        assert_eq!(latin1(b"; \xe9\n; Hir\xc3", false), None);
        assert!(latin1(b"; \xe9\n; Hir\xc3", true).is_some());
    }

    #[test]
    fn what_is_shown_is_the_line_up_to_a_few_bytes_after() {
        let sample = b"first\nsecond \x00 and the rest of a long line\nthird";
        let error = with_nul(sample, 13);
        let shown = not_text(sample, &error);
        assert_eq!((shown.offset, shown.line), (6, 1));
        assert_eq!(shown.bytes, b"second \x00 and the rest o");
    }
}
