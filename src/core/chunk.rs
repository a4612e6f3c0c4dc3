//! Records read game by game, whatever their family, so that a file of any
//! size is read in flat memory.
//!
//! [`Games`] judges the input from its first bytes (UTF-16 with a byte order
//! mark is read decoded; an input that is not text is one piece, with the
//! error that says so, and nothing more is read), reads it a line at a time
//! within the [`Limits`], and hands each line to the family's [`Splitter`],
//! which tells by the family's own rule where a game begins and cuts the
//! lines gathered, through the [`Cutter`], into [`Piece`]s of whole games.
//! [`read_chunk`] reads a piece back as the family's reader reads it, with
//! the errors of the cutting.

use std::borrow::Cow;
use std::io::{self, BufRead};

use super::encoding::{Decoder, TextError, TextVerdict, decode, not_text};
use super::limits::{Bound, Limits};
use super::lines::{Cut, read_line, shown_len};
use super::syntax_error::{ReaderKind, SyntaxError};

/// A run of whole games cut from a record, as a family's chunk holds it.
#[derive(Debug)]
pub(crate) struct Piece<E> {
    /// The bytes, as read; with a [`Cut`], the bytes from [`Cut::at`] on are
    /// the start of the first line not read, to show.
    pub(crate) bytes: Vec<u8>,
    /// Their offset in the file.
    pub(crate) offset: usize,
    /// The number of lines before them in the file.
    pub(crate) line: usize,
    /// Where the rest of the game was left unread, if it was.
    pub(crate) cut: Option<Cut>,
    /// What was found of the input as a whole, on its first piece (boxed:
    /// few pieces have one, and a piece is moved as it is handed over).
    pub(crate) note: Option<Box<E>>,
}

/// A line read onto the [`Cutter`]'s buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    /// Where it starts in the buffer.
    pub(crate) start: usize,
    /// Its length, its line end not counted (bytes not kept included).
    pub(crate) len: usize,
    /// Bytes read for it, its line end included.
    pub(crate) read: usize,
    /// It starts inside what the family's splitter follows over lines (a
    /// comment, a bracket).
    pub(crate) inside: bool,
}

/// A family's rule of where games begin, by which [`Games`] cuts a record.
pub(crate) trait Splitter {
    /// The family's chunk, made of a [`Piece`].
    type Chunk;
    /// The family's syntax error, of which a piece's note is one.
    type Note;
    /// A line starts: whether it starts inside what the splitter follows
    /// over lines.
    fn start_line(&mut self) -> bool;
    /// Follows a piece of a line's content (a line comes in one piece or
    /// more, its line end left out).
    fn feed(&mut self, piece: &[u8]);
    /// Takes a line read onto `cutter`'s buffer; returns the piece it ends,
    /// if it ends one.
    fn take_line(
        &mut self,
        cutter: &mut Cutter<Self::Note>,
        line: Line,
    ) -> Option<Piece<Self::Note>>;
    /// Before each line is read: may take lines straight from `reader`'s
    /// buffer onto `cutter`'s, as [`Splitter::take_line`] would take them.
    fn take_lines<R: BufRead>(
        &mut self,
        cutter: &mut Cutter<Self::Note>,
        reader: &mut R,
    ) -> io::Result<()> {
        let _ = (cutter, reader);
        Ok(())
    }
    /// At the end of the input, `cutter` holding lines: the last piece
    /// (another may be queued after it).
    fn end(&mut self, cutter: &mut Cutter<Self::Note>) -> Piece<Self::Note> {
        let lines = cutter.lines;
        cutter.cut(cutter.buf.len(), lines)
    }
    /// What the input as a whole is said to be, as the family reports it.
    fn note(&self, error: TextError) -> Self::Note;
    /// The family's chunk of `piece`.
    fn chunk(&self, piece: Piece<Self::Note>) -> Self::Chunk;
}

/// The lines gathered for the next piece, and where they stand in the file.
#[derive(Debug)]
pub(crate) struct Cutter<E> {
    /// How long a line and a game may be.
    pub(crate) limits: Limits,
    /// What the next piece tells of the input.
    note: Option<Box<E>>,
    /// The piece being gathered.
    pub(crate) buf: Vec<u8>,
    /// Its offset and lines before it.
    pub(crate) offset: usize,
    pub(crate) line: usize,
    /// Lines in `buf`.
    pub(crate) lines: usize,
    /// The next line is the file's first.
    pub(crate) first: bool,
    /// Lines are read and dropped up to the next game.
    pub(crate) skipping: bool,
    /// A piece to hand over before reading on.
    pub(crate) queued: Option<Piece<E>>,
}

impl<E> Cutter<E> {
    /// The text of `line`, a byte order mark left out from the file's
    /// first; the next line is no longer the first.
    pub(crate) fn text(&mut self, line: &Line) -> &[u8] {
        let text = &self.buf[line.start..];
        if std::mem::take(&mut self.first) {
            return text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
        }
        text
    }

    /// Cuts the piece at `at` (an offset in `buf`, with `lines` lines
    /// before it) and returns the part before.
    pub(crate) fn cut(&mut self, at: usize, lines: usize) -> Piece<E> {
        // The next piece is given room for one as long as this one, a game
        // being much like the one before: it grows once, not line by line.
        let mut rest = Vec::with_capacity(at.max(self.buf.len() - at));
        rest.extend_from_slice(&self.buf[at..]);
        self.buf.truncate(at);
        let piece = Piece {
            bytes: std::mem::replace(&mut self.buf, rest),
            offset: self.offset,
            line: self.line,
            cut: None,
            note: self.note.take(),
        };
        self.offset += at;
        self.line += lines;
        self.lines -= lines;
        piece
    }

    /// Ends the piece at the line `line` (which goes beyond a limit, its
    /// length beyond the line limit if `long_line`) and starts skipping the
    /// rest of its game; the piece keeps the line's start, to show.
    pub(crate) fn cut_game(&mut self, line: &Line, long_line: bool) -> Piece<E> {
        let at = line.start;
        let shown = shown_len(&self.buf, at, line.len);
        self.buf.truncate(at + shown);
        let lines = self.lines - 1;
        let mut piece = self.cut(self.buf.len(), lines);
        piece.cut = Some(Cut {
            at,
            bound: if long_line { Bound::Line } else { Bound::Game },
            line_len: line.len,
        });
        // The line and what follows it up to the next game are dropped.
        self.offset = piece.offset + at + line.read;
        self.line += 1;
        self.lines = 0;
        self.skipping = true;
        piece
    }

    /// The lines at the start of `available` (what a reader holds) that a
    /// family may take as a run, as the line-by-line reading would take
    /// them but for what the family tells of each: whole in it, ending
    /// with `\n`, holding no `\r` and no `stop` (what the family's
    /// splitter follows over lines), within the line limit, and keeping
    /// the piece within the game limit. Each as where it starts in
    /// `available`, and its bytes without its line end.
    pub(crate) fn run_lines<'b>(
        &self,
        available: &'b [u8],
        stop: u8,
    ) -> impl Iterator<Item = (usize, &'b [u8])> + 'b {
        let line_limit = self.limits.line;
        let room = self.limits.game.saturating_sub(self.buf.len());
        let mut used = 0;
        std::iter::from_fn(move || {
            let rest = &available[used..];
            let len = memchr::memchr3(b'\n', b'\r', stop, rest)?;
            if rest[len] != b'\n' || len > line_limit || used + len + 1 > room {
                return None;
            }
            let start = used;
            used += len + 1;
            Some((start, &rest[..len]))
        })
    }

    /// Adds `run`, `lines` whole lines taken from the reader's buffer as
    /// [`Cutter::run_lines`] gives them, to the piece being gathered.
    pub(crate) fn take_run(&mut self, run: &[u8], lines: usize) {
        self.buf.extend_from_slice(run);
        self.lines += lines;
    }

    /// Whether `line` is longer than the line limit.
    pub(crate) fn too_long(&self, line: &Line) -> bool {
        line.len > self.limits.line
    }

    /// Whether `line` is longer than the line limit, or the piece being
    /// gathered, `line` with it, beyond the game limit.
    pub(crate) fn beyond_limits(&self, line: &Line) -> bool {
        self.too_long(line) || self.buf.len() > self.limits.game
    }

    /// Drops the line `line`, of a game being skipped: the next piece
    /// starts after it.
    pub(crate) fn drop_line(&mut self, line: &Line) {
        self.buf.truncate(line.start);
        self.offset += line.read;
        self.line += 1;
        self.lines -= 1;
    }
}

/// Reads a record in pieces of whole games, cut by the family's splitter
/// `S`, handed over as the family's chunks.
///
/// Lines end with `\n`, `\r\n` or a lone `\r`. A line longer than
/// [`Limits::line`], or one that takes a game beyond [`Limits::game`], is not
/// read, nor is the rest of its game: the piece before it says so with a
/// [`Cut`], and reading goes on at the next game. After [`Limits::games`]
/// pieces, the rest of the input is not read: a last piece holds the start
/// of the next line that is not blank, with a [`Cut`] that says so. Memory
/// stays within the limits whatever the input.
pub(crate) struct Games<R, S: Splitter> {
    reader: Decoder<R>,
    /// The input was judged.
    judged: bool,
    cutter: Cutter<S::Note>,
    /// The family's rule.
    pub(crate) splitter: S,
    /// Pieces handed over.
    pieces: usize,
    done: bool,
}

impl<R: BufRead, S: Splitter> Games<R, S> {
    /// Pieces of the record `reader` reads, within `limits`, cut by
    /// `splitter`.
    pub(crate) fn new(reader: R, splitter: S, limits: Limits) -> Self {
        Games {
            reader: Decoder::new(reader),
            judged: false,
            cutter: Cutter {
                limits,
                note: None,
                buf: Vec::new(),
                offset: 0,
                line: 0,
                lines: 0,
                first: true,
                skipping: false,
                queued: None,
            },
            splitter,
            pieces: 0,
            done: false,
        }
    }

    /// Reads one line onto the buffer, keeping at most the line limit of it
    /// (and of a longer line only its start), the splitter following it.
    /// `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<Line>> {
        let inside = self.splitter.start_line();
        let splitter = &mut self.splitter;
        let cutter = &mut self.cutter;
        let read = read_line(&mut self.reader, &mut cutter.buf, cutter.limits, |piece| {
            splitter.feed(piece);
        })?;
        Ok(read.map(|read| Line {
            start: read.start,
            len: read.len,
            read: read.read,
            inside,
        }))
    }

    /// Judges the input from its first bytes: the one piece of an input
    /// that is not text, if it is not.
    fn judge(&mut self) -> io::Result<Option<Piece<S::Note>>> {
        match self.reader.start()? {
            TextVerdict::Utf8 => {}
            TextVerdict::Utf16(warning) => {
                self.cutter.note = Some(Box::new(self.splitter.note(warning)));
            }
            TextVerdict::NotText(error) => {
                let shown = not_text(self.reader.sample(), &error);
                return Ok(Some(Piece {
                    bytes: shown.bytes,
                    offset: shown.offset,
                    line: shown.line,
                    cut: None,
                    note: Some(Box::new(self.splitter.note(error))),
                }));
            }
        }
        Ok(None)
    }

    /// The piece that says the rest of the input is not read, past
    /// [`Limits::games`] pieces: the start of the next line that is not blank,
    /// of what is gathered or still to read; `None` if there is none.
    fn last_piece(&mut self) -> io::Result<Option<Piece<S::Note>>> {
        self.done = true;
        let (mut bytes, mut offset, mut line) = match self.cutter.queued.take() {
            Some(piece) => (piece.bytes, piece.offset, piece.line),
            None => {
                let cutter = &mut self.cutter;
                (std::mem::take(&mut cutter.buf), cutter.offset, cutter.line)
            }
        };
        loop {
            // The lines gathered, then those read one at a time.
            let blank = bytes.iter().position(|b| !b.is_ascii_whitespace());
            if let Some(start) = blank {
                let before = &bytes[..start];
                let ends = super::lines::line_ends(before);
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n' || b == b'\r')
                    .map_or(0, |n| n + 1);
                offset += line_start;
                line += ends;
                bytes.drain(..line_start);
                break;
            }
            offset += bytes.len();
            line += super::lines::line_ends(&bytes);
            bytes.clear();
            let limits = self.cutter.limits;
            if read_line(&mut self.reader, &mut bytes, limits, |_| {})?.is_none() {
                return Ok(None);
            }
        }
        let line_len = bytes
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(bytes.len());
        bytes.truncate(shown_len(&bytes, 0, line_len));
        Ok(Some(Piece {
            bytes,
            offset,
            line,
            cut: Some(Cut {
                at: 0,
                bound: Bound::Games,
                line_len,
            }),
            note: None,
        }))
    }

    /// The next piece, or the error reading stopped at.
    fn next_piece(&mut self) -> io::Result<Option<Piece<S::Note>>> {
        if self.pieces >= self.cutter.limits.games {
            return self.last_piece();
        }
        if let Some(piece) = self.cutter.queued.take() {
            return Ok(Some(piece));
        }
        if !std::mem::replace(&mut self.judged, true)
            && let Some(piece) = self.judge()?
        {
            self.done = true;
            return Ok(Some(piece));
        }
        while !self.done {
            self.splitter
                .take_lines(&mut self.cutter, &mut self.reader)?;
            let Some(line) = self.read_line()? else {
                self.done = true;
                if self.cutter.buf.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(self.splitter.end(&mut self.cutter)));
            };
            if let Some(piece) = self.splitter.take_line(&mut self.cutter, line) {
                return Ok(Some(piece));
            }
        }
        Ok(None)
    }
}

impl<R: BufRead, S: Splitter> Iterator for Games<R, S> {
    type Item = io::Result<S::Chunk>;

    fn next(&mut self) -> Option<io::Result<S::Chunk>> {
        if self.done && self.cutter.queued.is_none() {
            return None;
        }
        match self.next_piece() {
            Ok(piece) => piece.map(|piece| {
                self.pieces += 1;
                Ok(self.splitter.chunk(piece))
            }),
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// What `reader` holds, read into its buffer if it holds nothing; nothing
/// when the reading was interrupted (the line-by-line reading tries
/// again).
pub(crate) fn buffered<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    match reader.fill_buf() {
        Ok(bytes) => Ok(bytes),
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(&[]),
        Err(e) => Err(e),
    }
}

/// The bytes of a line from its first that is not a blank (a space or a
/// tab): where a family's splitter tells what the line starts.
pub(crate) fn after_blanks(line: &[u8]) -> &[u8] {
    line.iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .map_or(&[][..], |n| &line[n..])
}

/// What a family's reader gives of a chunk's bytes, as [`read_chunk`]
/// needs it.
pub(crate) trait ChunkReading<K> {
    /// Its syntax errors and warnings, in order.
    fn errors(&mut self) -> &mut Vec<SyntaxError<K>>;
    /// Adds the `error` that reports the rest of the last game left unread.
    fn push_cut(&mut self, error: SyntaxError<K>) {
        self.errors().push(error);
    }
}

/// What [`read_chunk`] reads: a chunk's parts.
struct ChunkParts<'c> {
    /// Its bytes.
    bytes: &'c [u8],
    /// Their offset in the file.
    offset: usize,
    /// Where the rest of a game was left unread, if it was.
    cut: Option<Cut>,
}

/// Reads a chunk of `bytes`, at `offset` in its file, cut at `cut`, with
/// `note` on the input as a whole: with `parse`, its games and syntax
/// errors, with an error for the rest of a game left unread (which belongs
/// to the chunk's last game), and first its note; a chunk of an input that
/// is not text has no game (`empty`) and that one error. Returns the
/// decoded text of the whole chunk, to which the spans point from `offset`
/// on.
pub(crate) fn read_chunk<'c, K: ReaderKind, P: ChunkReading<K>>(
    (bytes, offset, cut): (&'c [u8], usize, Option<Cut>),
    note: Option<&SyntaxError<K>>,
    empty: impl FnOnce() -> P,
    parse: impl Fn(&'c [u8]) -> (Cow<'c, str>, P),
) -> (Cow<'c, str>, P) {
    let chunk = ChunkParts { bytes, offset, cut };
    let Some(note) = note else {
        return read_cut(&chunk, parse);
    };
    if note.kind.says_not_text() {
        let mut parsed = empty();
        parsed.errors().push(note.clone());
        return (decode(chunk.bytes).text, parsed);
    }
    let (text, mut parsed) = read_cut(&chunk, parse);
    parsed.errors().insert(0, note.clone());
    (text, parsed)
}

/// Reads a chunk as [`read_chunk`] does, but for its note.
fn read_cut<'c, K: ReaderKind, P: ChunkReading<K>>(
    chunk: &ChunkParts<'c>,
    parse: impl Fn(&'c [u8]) -> (Cow<'c, str>, P),
) -> (Cow<'c, str>, P) {
    let Some(cut) = chunk.cut else {
        return parse(chunk.bytes);
    };
    let (_, mut parsed) = parse(&chunk.bytes[..cut.at]);
    let text = decode(chunk.bytes).text;
    let cut = cut.error(&text, chunk.offset);
    let kind = match cut.bound {
        Bound::Line => K::LINE_TOO_LONG,
        Bound::Game | Bound::Errors => K::GAME_TOO_LONG,
        Bound::Turns => K::TOO_MANY_TURNS,
        Bound::Games => K::TOO_MANY_GAMES,
    };
    let mut error = SyntaxError::new(kind, cut.span, cut.found).with_help(cut.help);
    if let Some(found) = cut.found_instead {
        // What starts the line says nothing of why it is not read.
        error = error.with_detail(format!("expected {}, found {found}", kind.expected()));
    }
    parsed.push_cut(error);
    (text, parsed)
}

/// The bytes a family reads for a version of a chunk's piece, as fixing
/// tries one: the piece, then, when the chunk was `cut`, the start of the
/// line left unread (the chunk's bytes from the cut on), so that the reader
/// knows the game goes on there; with the cut moved to the end of the piece.
pub(crate) fn with_unread(piece: &[u8], bytes: &[u8], cut: Option<Cut>) -> (Vec<u8>, Option<Cut>) {
    let mut whole = piece.to_vec();
    let cut = cut.map(|cut| {
        whole.extend_from_slice(&bytes[cut.at..]);
        Cut {
            at: piece.len(),
            ..cut
        }
    });
    (whole, cut)
}
