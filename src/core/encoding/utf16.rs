//! UTF-16 decoded to UTF-8, whole or as it is read.

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

use super::{SAMPLE, TextVerdict, judge, utf16_bom};

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
pub struct Decoder<R> {
    inner: R,
    /// Bytes to hand over before reading on: the first ones read, to judge
    /// them, then for UTF-16 each piece decoded.
    buf: Vec<u8>,
    /// How many of them were handed over.
    at: usize,
    utf16: Option<Utf16>,
}

impl<R: BufRead> Decoder<R> {
    /// A decoder of `inner`; [`Decoder::start`] judges it.
    pub fn new(inner: R) -> Decoder<R> {
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
    pub fn start(&mut self) -> io::Result<TextVerdict> {
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
    pub fn sample(&self) -> &[u8] {
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
}
