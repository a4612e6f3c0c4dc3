//! What a record is written in, judged from its first [`SAMPLE`] bytes (the
//! whole input when it is shorter):
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

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

use super::ast::Span;
use super::error::{Found, SyntaxError, SyntaxErrorKind as Kind};
use super::games::Chunk;
use super::limits::SAMPLE;

/// How many bytes after the one that shows an input is not text are shown
/// with it.
const AFTER: usize = 16;

/// How an input was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// UTF-8, read as it is.
    Utf8,
    /// UTF-16 with a byte order mark, read decoded: the warning that says so.
    Utf16(SyntaxError),
    /// Not text: the one error that says what it looks like.
    NotText(SyntaxError),
}

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
fn judge(sample: &[u8], whole: bool) -> Verdict {
    if let Some(big_endian) = utf16_bom(sample) {
        // The byte order mark decoded is U+FEFF, three bytes of UTF-8.
        let warning = SyntaxError::new(Kind::Utf16, Span::new(0, 3), Found::Char('\u{feff}'))
            .with_help(format!(
                "decoded from UTF-16 {}, offsets counting the UTF-8 bytes; save it as UTF-8",
                endianness(big_endian)
            ));
        return Verdict::Utf16(warning);
    }
    if let Some(first) = memchr::memchr(0, sample) {
        return Verdict::NotText(with_nul(sample, first));
    }
    match latin1(sample, whole) {
        Some(error) => Verdict::NotText(error),
        None => Verdict::Utf8,
    }
}

/// The error of an input held whole that is not text, judged from its first
/// bytes as [`Decoder`] judges them.
pub(crate) fn not_text_error(bytes: &[u8]) -> Option<SyntaxError> {
    let sample = &bytes[..bytes.len().min(SAMPLE)];
    match judge(sample, sample.len() == bytes.len()) {
        Verdict::NotText(error) => Some(error),
        Verdict::Utf8 | Verdict::Utf16(_) => None,
    }
}

/// What an input with a NUL byte looks like: UTF-16 with no byte order mark
/// or binary; `first` is its first NUL.
fn with_nul(sample: &[u8], first: usize) -> SyntaxError {
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
        Some(big_endian) => SyntaxError::new(Kind::Utf16WithoutBom, span, Found::Char('\0'))
            .with_help(format!(
                "if it is UTF-16 {}, save it as UTF-8 (or with a byte order mark); nothing of it \
                 is read",
                endianness(big_endian)
            )),
        None => SyntaxError::new(Kind::Binary, span, Found::Char('\0'))
            .with_help("hirp reads records written as text; nothing of this file is read"),
    }
}

/// The error for an input that looks like Latin-1, if it does.
fn latin1(sample: &[u8], whole: bool) -> Option<SyntaxError> {
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
        SyntaxError::new(
            Kind::Latin1,
            Span::new(first, first + 1),
            Found::Char(char::from(sample[first])),
        )
        .with_help("save it as UTF-8; nothing of it is read")
    })
}

/// How many lines end in `bytes`: at `\n`, and at a `\r` not followed by
/// `\n`.
fn line_ends(bytes: &[u8]) -> usize {
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&n| bytes[n] == b'\n' || bytes.get(n + 1) != Some(&b'\n'))
        .count()
}

/// The one chunk of an input that is not text, with its `error`: the start
/// of the line of `sample` where the error is, up to a few bytes after it or
/// the line's end, to show.
pub(crate) fn not_text(sample: &[u8], error: SyntaxError) -> Chunk {
    let at = error.span.start;
    let is_end = |b: &u8| matches!(b, b'\n' | b'\r');
    let start = sample[..at].iter().rposition(is_end).map_or(0, |n| n + 1);
    let end = sample[at..]
        .iter()
        .position(is_end)
        .map_or(sample.len(), |n| at + n)
        .min(at + AFTER);
    Chunk {
        bytes: sample[start..end].to_vec(),
        offset: start,
        line: line_ends(&sample[..start]),
        cut: None,
        note: Some(error),
    }
}

/// Decodes UTF-16 piece by piece, whatever the pieces' boundaries.
#[derive(Clone, Copy, Debug)]
struct Utf16 {
    big_endian: bool,
    /// The first byte of a unit whose second is in the next piece.
    odd: Option<u8>,
    /// A high surrogate waiting for its low one.
    high: Option<u16>,
}

impl Utf16 {
    fn new(big_endian: bool) -> Utf16 {
        Utf16 {
            big_endian,
            odd: None,
            high: None,
        }
    }

    /// Decodes `bytes` onto `out`.
    fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) {
        if let Some(first) = self.odd.take() {
            let Some((&second, rest)) = bytes.split_first() else {
                self.odd = Some(first);
                return;
            };
            self.unit([first, second], out);
            bytes = rest;
        }
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            self.unit([pair[0], pair[1]], out);
        }
        if let [last] = pairs.remainder() {
            self.odd = Some(*last);
        }
    }

    /// Decodes one unit; a surrogate without its pair is U+FFFD.
    fn unit(&mut self, pair: [u8; 2], out: &mut Vec<u8>) {
        let unit = if self.big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        };
        if let Some(high) = self.high.take() {
            if (0xdc00..=0xdfff).contains(&unit) {
                let c = 0x1_0000 + ((u32::from(high) - 0xd800) << 10) + (u32::from(unit) - 0xdc00);
                push(
                    out,
                    char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER),
                );
                return;
            }
            push(out, char::REPLACEMENT_CHARACTER);
        }
        match unit {
            0..0x80 => out.push(unit as u8),
            0xd800..=0xdbff => self.high = Some(unit),
            _ => push(
                out,
                char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER),
            ),
        }
    }

    /// Ends the input: a unit or a pair left half read is U+FFFD.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.high.take().is_some() {
            push(out, char::REPLACEMENT_CHARACTER);
        }
        if self.odd.take().is_some() {
            push(out, char::REPLACEMENT_CHARACTER);
        }
    }
}

fn push(out: &mut Vec<u8>, c: char) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

/// The bytes of a record as it is read, to which spans point: a UTF-16
/// input with a byte order mark decoded to UTF-8 (a unit that is not
/// UTF-16 becomes U+FFFD), any other input as it is.
pub fn transcode(bytes: &[u8]) -> Cow<'_, [u8]> {
    match utf16_bom(bytes) {
        None => Cow::Borrowed(bytes),
        Some(big_endian) => {
            let mut out = Vec::with_capacity(bytes.len() / 2 * 3);
            let mut utf16 = Utf16::new(big_endian);
            utf16.feed(bytes, &mut out);
            utf16.finish(&mut out);
            Cow::Owned(out)
        }
    }
}

/// An input read as [`transcode`] gives it, piece by piece: its own bytes,
/// or bytes decoded from UTF-16 as they are read, in memory that does not
/// grow with the input.
pub(crate) struct Decoder<R> {
    inner: R,
    /// Bytes to hand over before reading on: the first ones read, to judge
    /// them, then for UTF-16 each piece decoded.
    buf: Vec<u8>,
    /// How many of them were handed over.
    at: usize,
    utf16: Option<Utf16>,
}

impl<R: BufRead> Decoder<R> {
    pub(crate) fn new(inner: R) -> Decoder<R> {
        Decoder {
            inner,
            buf: Vec::new(),
            at: 0,
            utf16: None,
        }
    }

    /// Reads the first bytes of the input and judges them; reading goes on
    /// from the start. For an input that is not text, [`Decoder::sample`]
    /// holds them.
    pub(crate) fn start(&mut self) -> io::Result<Verdict> {
        let mut whole = false;
        while self.buf.len() < SAMPLE {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                whole = true;
                break;
            }
            let n = available.len().min(SAMPLE - self.buf.len());
            self.buf.extend_from_slice(&available[..n]);
            self.inner.consume(n);
        }
        let verdict = judge(&self.buf, whole);
        if let Some(big_endian) = utf16_bom(&self.buf) {
            let mut utf16 = Utf16::new(big_endian);
            let raw = std::mem::take(&mut self.buf);
            utf16.feed(&raw, &mut self.buf);
            self.utf16 = Some(utf16);
        }
        Ok(verdict)
    }

    /// The first bytes of the input, as [`Decoder::start`] read them.
    pub(crate) fn sample(&self) -> &[u8] {
        &self.buf
    }
}

impl<R: BufRead> Read for Decoder<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Decoder<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.buf.len() {
            let Some(utf16) = &mut self.utf16 else {
                return self.inner.fill_buf();
            };
            self.buf.clear();
            self.at = 0;
            while self.buf.is_empty() {
                let raw = self.inner.fill_buf()?;
                if raw.is_empty() {
                    utf16.finish(&mut self.buf);
                    break;
                }
                let n = raw.len();
                utf16.feed(raw, &mut self.buf);
                self.inner.consume(n);
            }
        }
        Ok(&self.buf[self.at..])
    }

    fn consume(&mut self, n: usize) {
        if self.at < self.buf.len() {
            self.at += n;
        } else {
            self.inner.consume(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(bytes: &[u8]) -> Option<&'static str> {
        match judge(bytes, true) {
            Verdict::Utf8 => None,
            Verdict::Utf16(e) | Verdict::NotText(e) => Some(e.kind.name()),
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
    fn utf16_decodes_the_same_in_any_pieces() {
        let text = "\u{feff}G1 KeHeiHei / ; Hirþ 𝕳\n";
        let mut bytes = Vec::new();
        for unit in text.encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        assert_eq!(transcode(&bytes), text.as_bytes());
        for size in 1..6 {
            let mut utf16 = Utf16::new(false);
            let mut out = Vec::new();
            for piece in bytes.chunks(size) {
                utf16.feed(piece, &mut out);
            }
            utf16.finish(&mut out);
            assert_eq!(out, text.as_bytes(), "pieces of {size}");
        }
        // A lone surrogate and a lone last byte.
        assert_eq!(
            transcode(b"\xff\xfe\x00\xd8A\x00B"),
            "\u{feff}\u{fffd}A\u{fffd}".as_bytes()
        );
    }

    #[test]
    fn what_is_shown_is_the_line_up_to_a_few_bytes_after() {
        let sample = b"first\nsecond \x00 and the rest of a long line\nthird";
        let error = with_nul(sample, 13);
        let chunk = not_text(sample, error.clone());
        assert_eq!((chunk.offset, chunk.line), (6, 1));
        assert_eq!(chunk.bytes, b"second \x00 and the rest o");
        assert_eq!(chunk.note, Some(error));
    }
}
