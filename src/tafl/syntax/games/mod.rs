//! Records read game by game, so that a file of any size is read in flat
//! memory.
//!
//! [`Games`] reads lines and cuts the input where the reader starts a new
//! game, by the reader's own rule: in an archive, at every line that is not
//! blank; in a game file, at a tag (a `[`, a tag name and `:` at the start
//! of a line) that follows a line starting with a digit, but not the line
//! right after one, and never inside a `[ ]` that runs over lines. Each
//! [`Chunk`] is then read with [`parse_chunk`], so spans stay offsets in
//! the whole file, and the chunks read one by one give the games that
//! reading the whole file at once gives (a property test checks it). Around
//! a `[` the reader does not read as a tag or commentary, the cut may fall
//! where the whole file would not have one.
//!
//! The input is first judged from its first bytes, as HIRP's records are:
//! UTF-16 with a byte order mark is cut as it is decoded, and an input that
//! is not text is one chunk with the error that says so.

mod split;

use std::borrow::Cow;
use std::io::{self, BufRead};

use self::split::{Reading, Scan, classify};
use super::ast::Form;
use super::error::{SyntaxError, SyntaxErrorKind};
use super::parser::{Parsed, parse_bytes_at};
use crate::core::encoding::{Decoder, TextVerdict};
use crate::core::limits::{Bound, Limits};
pub use crate::core::lines::Cut;
use crate::core::lines::{read_line, shown_len};

/// A run of whole games cut from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The form of the record it is cut from.
    pub form: Form,
    /// The bytes, as read; with a [`Cut`], the bytes from [`Cut::at`] on are
    /// the start of the first line not read, to show.
    pub bytes: Vec<u8>,
    /// Their offset in the file.
    pub offset: usize,
    /// The number of lines before them in the file.
    pub line: usize,
    /// Where the rest of the game was left unread, if it was.
    pub cut: Option<Cut>,
    /// What was found of the input as a whole, on its first chunk: that it
    /// is UTF-16, read decoded (a warning), or that it is not text (an
    /// error: the chunk, the only one, holds the start of the line where
    /// that shows, and nothing is read).
    pub note: Option<SyntaxError>,
}

/// A line read.
struct Line {
    /// Where it starts in `buf`.
    start: usize,
    /// Its length, its line end not counted (bytes not kept included).
    len: usize,
    /// Bytes read for it, its line end included.
    read: usize,
    /// It starts inside a `[ ]`.
    in_bracket: bool,
}

/// Reads a record of one form in chunks of whole games.
///
/// Lines end with `\n`, `\r\n` or a lone `\r`. A line longer than
/// [`Limits::line`], or one that takes a game beyond [`Limits::game`], is not
/// read, nor is the rest of its game: the chunk before it says so with a
/// [`Cut`], and reading goes on at the next game. Memory stays within the
/// limits whatever the input.
///
/// It reads from any [`BufRead`]: a file behind a
/// [`BufReader`](std::io::BufReader), standard input, bytes in memory. An
/// archive is read a line, so a game, at a time:
///
/// ```
/// use std::io::BufReader;
///
/// use hirp::tafl::syntax::{Form, Games, parse_chunk};
///
/// let archive = "d2-e2 e4-e1 e2-d2xd3,1,0,Black\nb4-b3 c4-c5 timeout,0,0,\n";
/// let (mut games, mut warnings) = (0, 0);
/// for chunk in Games::new(BufReader::new(archive.as_bytes()), Form::Csv) {
///     let chunk = chunk?;
///     // The text, to show diagnostics from; spans are offsets in the file.
///     let (_text, parsed) = parse_chunk(&chunk);
///     assert!(!parsed.has_errors());
///     games += parsed.record.len();
///     warnings += parsed.errors.len();
/// }
/// assert_eq!((games, warnings), (2, 1));
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Games<R> {
    reader: Decoder<R>,
    form: Form,
    limits: Limits,
    /// The input was judged.
    judged: bool,
    /// What the next chunk tells of the input.
    note: Option<SyntaxError>,
    /// The chunk being gathered.
    buf: Vec<u8>,
    /// Its offset and lines before it.
    offset: usize,
    line: usize,
    /// Lines in `buf`.
    lines: usize,
    reading: Reading,
    scan: Scan,
    /// The next line is the file's first.
    first: bool,
    /// Lines are read and dropped up to the next game.
    skipping: bool,
    /// A chunk to hand over before reading on.
    queued: Option<Chunk>,
    done: bool,
}

impl<R: BufRead> Games<R> {
    /// Chunks of the record of `form` that `reader` reads, within
    /// [`Limits::DEFAULT`].
    pub fn new(reader: R, form: Form) -> Games<R> {
        Games::with_limits(reader, form, Limits::DEFAULT)
    }

    /// Chunks of the record of `form` that `reader` reads, within `limits`.
    pub fn with_limits(reader: R, form: Form, limits: Limits) -> Games<R> {
        Games {
            reader: Decoder::new(reader),
            form,
            limits,
            judged: false,
            note: None,
            buf: Vec::new(),
            offset: 0,
            line: 0,
            lines: 0,
            reading: Reading::default(),
            scan: Scan::default(),
            first: true,
            skipping: false,
            queued: None,
            done: false,
        }
    }

    /// Reads one line onto `buf`, keeping at most the line limit of it (and
    /// of a longer line only its start), and follows `[ ]` through it.
    /// `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        let in_bracket = self.scan.in_bracket;
        let (scan, otg) = (&mut self.scan, self.form == Form::Otg);
        let read = read_line(&mut self.reader, &mut self.buf, self.limits, |piece| {
            if otg {
                scan.feed(piece);
            }
        })?;
        Ok(read.map(|read| Line {
            start: read.start,
            len: read.len,
            read: read.read,
            in_bracket,
        }))
    }

    /// Cuts the chunk at `at` (an offset in `buf`, with `lines` lines before
    /// it) and returns the part before.
    fn cut(&mut self, at: usize, lines: usize) -> Chunk {
        let rest = self.buf.split_off(at);
        let chunk = Chunk {
            form: self.form,
            bytes: std::mem::replace(&mut self.buf, rest),
            offset: self.offset,
            line: self.line,
            cut: None,
            note: self.note.take(),
        };
        self.offset += at;
        self.line += lines;
        self.lines -= lines;
        chunk
    }

    /// Ends the chunk at the line `line` (which goes beyond a limit) and
    /// starts skipping the rest of its game; the chunk keeps the line's
    /// start, to show.
    fn cut_game(&mut self, line: &Line, long_line: bool) -> Chunk {
        let at = line.start;
        let shown = shown_len(&self.buf, at, line.len);
        self.buf.truncate(at + shown);
        let lines = self.lines - 1;
        let mut chunk = self.cut(self.buf.len(), lines);
        chunk.cut = Some(Cut {
            at,
            long_line,
            line_len: line.len,
        });
        // The line and what follows it up to the next game are dropped.
        self.offset = chunk.offset + at + line.read;
        self.line += 1;
        self.lines = 0;
        self.skipping = true;
        chunk
    }

    /// Takes a line read: adds it to the chunk being gathered, or drops it
    /// while the rest of a game is skipped. Returns the chunk it ends, if it
    /// ends one.
    fn take_line(&mut self, line: Line) -> Option<Chunk> {
        let lines_before = self.lines;
        self.lines += 1;
        let mut text = &self.buf[line.start..];
        if std::mem::take(&mut self.first) {
            text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
        }
        let kind = classify(text, line.in_bracket);
        let begins = self.reading.begins_game(self.form, kind);
        let open = self.scan.in_bracket;
        if self.skipping {
            if !begins {
                self.reading = self.reading.after(kind, open);
                self.buf.truncate(line.start);
                self.offset += line.read;
                self.line += 1;
                self.lines -= 1;
                return None;
            }
            self.skipping = false;
            self.reading = Reading::default().after(kind, open);
            return self.check_limits(&line);
        }
        if begins {
            let chunk = self.cut(line.start, lines_before);
            self.reading = Reading::default().after(kind, open);
            let line = Line { start: 0, ..line };
            self.queued = self.check_limits(&line);
            return Some(chunk);
        }
        self.reading = self.reading.after(kind, open);
        self.check_limits(&line)
    }

    /// The chunk the line `line` ends by going beyond a limit, if it does.
    fn check_limits(&mut self, line: &Line) -> Option<Chunk> {
        let too_long = line.len > self.limits.line;
        (too_long || self.buf.len() > self.limits.game).then(|| self.cut_game(line, too_long))
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        if let Some(chunk) = self.queued.take() {
            return Some(Ok(chunk));
        }
        if !std::mem::replace(&mut self.judged, true) {
            match self.reader.start() {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(TextVerdict::Utf8) => {}
                Ok(TextVerdict::Utf16(warning)) => {
                    self.note = Some(SyntaxError::of_input(&warning))
                }
                Ok(TextVerdict::NotText(error)) => {
                    self.done = true;
                    let shown = crate::core::encoding::not_text(self.reader.sample(), &error);
                    return Some(Ok(Chunk {
                        form: self.form,
                        bytes: shown.bytes,
                        offset: shown.offset,
                        line: shown.line,
                        cut: None,
                        note: Some(SyntaxError::of_input(&error)),
                    }));
                }
            }
        }
        while !self.done {
            match self.read_line() {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(None) => {
                    self.done = true;
                    if self.buf.is_empty() {
                        return None;
                    }
                    let lines = self.lines;
                    return Some(Ok(self.cut(self.buf.len(), lines)));
                }
                Ok(Some(line)) => {
                    if let Some(chunk) = self.take_line(line) {
                        return Some(Ok(chunk));
                    }
                }
            }
        }
        None
    }
}

/// Reads a chunk: its games and syntax errors, with an error for the rest of
/// a game left unread (which belongs to the chunk's last game), and first
/// its [`Chunk::note`]; a chunk of an input that is not text has no game and
/// that one error. Returns the decoded text of the whole chunk, to which the
/// spans point from [`Chunk::offset`] on.
pub fn parse_chunk(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let Some(note) = &chunk.note else {
        return parse_cut(chunk);
    };
    if note.kind.is_not_text() {
        let parsed = Parsed {
            errors: vec![note.clone()],
            ..Parsed::empty(chunk.form)
        };
        return (crate::core::encoding::decode(&chunk.bytes).text, parsed);
    }
    let (text, mut parsed) = parse_cut(chunk);
    parsed.errors.insert(0, note.clone());
    (text, parsed)
}

/// Reads a chunk as [`parse_chunk`] does, but for its note.
fn parse_cut(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let first = chunk.line == 0;
    let Some(cut) = chunk.cut else {
        return parse_bytes_at(&chunk.bytes, chunk.offset, chunk.form, first);
    };
    let (_, mut parsed) = parse_bytes_at(&chunk.bytes[..cut.at], chunk.offset, chunk.form, first);
    let text = crate::core::encoding::decode(&chunk.bytes).text;
    let cut = cut.error(&text, chunk.offset);
    let kind = match cut.bound {
        Bound::Line => SyntaxErrorKind::LineTooLong,
        Bound::Game | Bound::Errors => SyntaxErrorKind::GameTooLong,
    };
    let error = SyntaxError::new(kind, cut.span, cut.found).with_help(cut.help);
    parsed.errors.push(error);
    (text, parsed)
}

/// Reads a whole record chunk by chunk, as [`parse`](super::parse) does.
pub(crate) fn read_all(bytes: &[u8], form: Form) -> Parsed {
    let mut parsed = Parsed::empty(form);
    // Reading from memory cannot fail.
    for chunk in Games::new(bytes, form).map_while(Result::ok) {
        let (_, part) = parse_chunk(&chunk);
        parsed.record.extend(part.record);
        parsed.errors.extend(part.errors);
    }
    parsed
}
