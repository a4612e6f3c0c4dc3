//! Reading a record a line at a time within the [`Limits`], whatever its
//! family: each family's game reader cuts the lines into games by its own
//! rule, and this holds what the cutting shares, the reading of a line and
//! the [`Cut`] of a game that goes beyond a limit.

use std::io::{self, BufRead};

use super::limits::{Bound, Limits};
use super::{Found, Span};

/// How many bytes of a line left unread a chunk keeps, to show.
pub(crate) const SHOWN: usize = 80;

/// What is left unread for going beyond a bound: the line that went beyond
/// a [`Limits`], and every line after it up to the next game; or, past
/// [`MAX_GAMES`](super::limits::MAX_GAMES) games, the rest of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Where the line starts in the chunk's bytes.
    pub at: usize,
    /// The bound gone beyond: [`Bound::Line`], [`Bound::Game`] or
    /// [`Bound::Games`].
    pub bound: Bound,
    /// The line's length, its line end not counted.
    pub line_len: usize,
}

/// The error that reports a [`Cut`], as every family reports it under its
/// own code for the [`Bound`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CutError {
    /// The bound gone beyond.
    pub(crate) bound: Bound,
    /// What is shown of the line, in the file.
    pub(crate) span: Span,
    /// What stands at its start.
    pub(crate) found: Found,
    /// What was found, when its start says nothing of it: the length of a
    /// line too long.
    pub(crate) found_instead: Option<String>,
    /// What is not read.
    pub(crate) help: String,
}

impl Cut {
    /// The error reporting the cut of a chunk at `offset` in its file,
    /// whose bytes decode to `text`.
    pub(crate) fn error(&self, text: &str, offset: usize) -> CutError {
        let start = offset + self.at;
        let shown = text.len() - self.at;
        let help = match self.bound {
            Bound::Line => "the line and the rest of its game are not read".to_owned(),
            Bound::Games => {
                "the file is read up to this game; it and the rest of the file are not read"
                    .to_owned()
            }
            _ => "the game is read up to this line; the rest of it is not read".to_owned(),
        };
        CutError {
            bound: self.bound,
            span: Span::new(start, start + shown.max(1).min(text.len() - self.at)),
            found: Found::at(&text[self.at..]),
            found_instead: (self.bound == Bound::Line)
                .then(|| format!("one of {} bytes", self.line_len)),
            help,
        }
    }
}

/// The number of line ends in `bytes`: `\n`, `\r\n` or a lone `\r`.
pub(crate) fn line_ends(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .enumerate()
        .filter(|&(n, &b)| b == b'\n' || (b == b'\r' && bytes.get(n + 1) != Some(&b'\n')))
        .count()
}

/// A line read onto a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineRead {
    /// Where it starts in the buffer.
    pub(crate) start: usize,
    /// Its length, its line end not counted (bytes not kept included).
    pub(crate) len: usize,
    /// Bytes read for it, its line end included.
    pub(crate) read: usize,
}

/// Reads one line of `reader` onto `buf`, keeping at most `limits.line`
/// bytes of it (and of a longer line only its first [`SHOWN`]), and hands
/// each piece of its content to `feed`, for the family to follow what
/// spans lines. Lines end with `\n`, `\r\n` or a lone `\r`. `None` at the
/// end of the input.
pub(crate) fn read_line<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    limits: Limits,
    mut feed: impl FnMut(&[u8]),
) -> io::Result<Option<LineRead>> {
    let start = buf.len();
    let (mut len, mut read, mut after_cr) = (0, 0, false);
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        if after_cr {
            // `\r\n` is one line end.
            if available[0] == b'\n' {
                if len <= limits.line {
                    buf.push(b'\n');
                }
                reader.consume(1);
                read += 1;
            }
            break;
        }
        let (content, end) = match memchr::memchr2(b'\n', b'\r', available) {
            Some(n) => (n, Some(available[n])),
            None => (available.len(), None),
        };
        let piece = &available[..content];
        feed(piece);
        let room = (limits.line + 1).saturating_sub(len);
        buf.extend_from_slice(&piece[..piece.len().min(room)]);
        len += content;
        read += content;
        if len > limits.line {
            // Too long: only its start is kept, to show.
            buf.truncate(start + SHOWN.min(limits.line));
        }
        let Some(end) = end else {
            reader.consume(content);
            continue;
        };
        if len <= limits.line {
            buf.push(end);
        }
        reader.consume(content + 1);
        read += 1;
        if end == b'\n' {
            break;
        }
        after_cr = true;
    }
    Ok((read > 0).then_some(LineRead { start, len, read }))
}

/// How many bytes of a line of `len` bytes, kept from `at` in `buf`, are
/// shown: at most [`SHOWN`], ending at a character's end.
pub(crate) fn shown_len(buf: &[u8], at: usize, len: usize) -> usize {
    let shown = len.min(SHOWN).min(buf.len() - at);
    match std::str::from_utf8(&buf[at..at + shown]) {
        Err(e) if e.error_len().is_none() => e.valid_up_to(),
        _ => shown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], line: usize) -> Vec<(LineRead, Vec<u8>)> {
        let limits = Limits {
            line,
            game: 1 << 20,
            ..Limits::DEFAULT
        };
        let mut reader = std::io::BufReader::with_capacity(3, text);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        while let Some(read) = read_line(&mut reader, &mut buf, limits, |_| {}).unwrap() {
            out.push((read, buf[read.start..].to_vec()));
        }
        out
    }

    #[test]
    fn lines_end_at_lf_crlf_or_a_lone_cr_in_any_pieces() {
        let read = lines(b"ab\ncd\r\nef\rgh", 100);
        let kept: Vec<&[u8]> = read.iter().map(|(_, b)| b.as_slice()).collect();
        assert_eq!(kept, [&b"ab\n"[..], b"cd\r\n", b"ef\r", b"gh"]);
        let sizes: Vec<(usize, usize)> = read.iter().map(|(r, _)| (r.len, r.read)).collect();
        assert_eq!(sizes, [(2, 3), (2, 4), (2, 3), (2, 2)]);
    }

    #[test]
    fn a_line_beyond_the_limit_keeps_only_its_start() {
        let long = [b'x'; 200];
        let read = lines(&[&long[..], b"\nok\n"].concat(), 100);
        assert_eq!((read[0].0.len, read[0].0.read), (200, 201));
        assert_eq!(read[0].1.len(), SHOWN);
        assert_eq!(read[1].1, b"ok\n");
    }

    #[test]
    fn what_is_shown_ends_at_a_characters_end() {
        let buf = [&[b'a'; 79][..], "é".as_bytes()].concat();
        assert_eq!(shown_len(&buf, 0, 81), 79);
        assert_eq!(shown_len(b"abc", 1, 2), 2);
    }
}
