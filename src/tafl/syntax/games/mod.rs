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

mod quick;
mod split;

use std::borrow::Cow;
use std::io::{self, BufRead};

use self::split::{JsonScan, Reading, Scan, classify, opens_json_game};
use super::ast::Form;
use super::error::{SyntaxError, SyntaxErrorKind};
use super::parser::{Parsed, parse_bytes_at};
use crate::core::chunk::with_unread;
use crate::core::chunk::{ChunkReading, Cutter, Line, Piece, Splitter, read_chunk};
use crate::core::encoding::TextError;
use crate::core::limits::Limits;
pub use crate::core::lines::Cut;

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
pub struct Games<R>(crate::core::chunk::Games<R, Split>);

impl<R: BufRead> Games<R> {
    /// Chunks of the record of `form` that `reader` reads, within
    /// [`Limits::DEFAULT`].
    pub fn new(reader: R, form: Form) -> Games<R> {
        Games::with_limits(reader, form, Limits::DEFAULT)
    }

    /// Chunks of the record of `form` that `reader` reads, within `limits`.
    pub fn with_limits(reader: R, form: Form, limits: Limits) -> Games<R> {
        let split = Split {
            form,
            reading: Reading::default(),
            scan: Scan::default(),
            json: JsonScan::default(),
            quick: true,
        };
        Games(crate::core::chunk::Games::new(reader, split, limits))
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

/// The tafl readers' rule of where games begin, by which the core's game
/// reader cuts a record of one form.
struct Split {
    form: Form,
    reading: Reading,
    scan: Scan,
    json: JsonScan,
    /// Turn lines may be taken as a run (see `quick`); only tests read
    /// every line one by one, to compare.
    quick: bool,
}

impl Splitter for Split {
    type Chunk = Chunk;
    type Note = SyntaxError;

    fn start_line(&mut self) -> bool {
        match self.form {
            Form::OpenTaflJson => self.json.start_line(),
            _ => self.scan.in_bracket,
        }
    }

    fn take_line(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        line: Line,
    ) -> Option<Piece<SyntaxError>> {
        let lines_before = cutter.lines;
        cutter.lines += 1;
        let text = cutter.text(&line);
        let mut kind = classify(text, line.inside);
        if self.form == Form::OpenTaflJson
            && kind == split::Kind::InBracket
            && opens_json_game(text)
        {
            kind = split::Kind::Other;
            self.json.restart();
        }
        let begins = self.reading.begins_game(self.form, kind);
        let open = self.scan.in_bracket;
        if cutter.skipping {
            if !begins {
                self.reading = self.reading.after(kind, open);
                cutter.drop_line(&line);
                return None;
            }
            cutter.skipping = false;
            self.reading = Reading::default().after(kind, open);
            return check_limits(cutter, &line);
        }
        if begins {
            let piece = cutter.cut(line.start, lines_before);
            self.reading = Reading::default().after(kind, open);
            let line = Line { start: 0, ..line };
            cutter.queued = check_limits(cutter, &line);
            return Some(piece);
        }
        self.reading = self.reading.after(kind, open);
        check_limits(cutter, &line)
    }

    fn take_lines<R: BufRead>(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        reader: &mut R,
    ) -> io::Result<()> {
        self.take_turn_lines(cutter, reader)
    }

    fn feed(&mut self, piece: &[u8]) {
        match self.form {
            Form::Otg => self.scan.feed(piece),
            Form::OpenTaflJson => self.json.feed(piece),
            _ => {}
        }
    }

    fn note(&self, error: TextError) -> SyntaxError {
        SyntaxError::of_input(&error)
    }

    fn chunk(&self, piece: Piece<SyntaxError>) -> Chunk {
        Chunk {
            form: self.form,
            bytes: piece.bytes,
            offset: piece.offset,
            line: piece.line,
            cut: piece.cut,
            note: piece.note.map(|note| *note),
        }
    }
}

/// The piece the line `line` ends by going beyond a limit, if it does.
fn check_limits(cutter: &mut Cutter<SyntaxError>, line: &Line) -> Option<Piece<SyntaxError>> {
    let too_long = cutter.too_long(line);
    cutter
        .beyond_limits(line)
        .then(|| cutter.cut_game(line, too_long))
}

/// Reads a chunk: its games and syntax errors, with an error for the rest of
/// a game left unread (which belongs to the chunk's last game), and first
/// its [`Chunk::note`]; a chunk of an input that is not text has no game and
/// that one error. Returns the decoded text of the whole chunk, to which the
/// spans point from [`Chunk::offset`] on.
pub fn parse_chunk(chunk: &Chunk) -> (Cow<'_, str>, Parsed) {
    let parts = (&chunk.bytes[..], chunk.offset, chunk.cut);
    let first = chunk.line == 0;
    read_chunk(
        parts,
        chunk.note.as_ref(),
        || Parsed::empty(chunk.form),
        |bytes| parse_bytes_at(bytes, chunk.offset, chunk.form, first),
    )
}

/// Reads the first `len` bytes of `chunk` (up to the start of a line), as
/// [`parse_chunk`] reads them of the whole chunk: of a chunk with no note
/// and no cut, the games and errors of its lines before that one.
pub(crate) fn parse_start(chunk: &Chunk, len: usize) -> Parsed {
    let bytes = &chunk.bytes[..len.min(chunk.bytes.len())];
    parse_bytes_at(bytes, chunk.offset, chunk.form, chunk.line == 0).1
}

/// Reads `piece`, a version of `chunk`'s games, as [`parse_chunk`] reads the
/// chunk: with its note and, when the chunk was cut, the start of the line
/// left unread after the piece (so the game goes on there), spans counted
/// from `base`. Returns the decoded text, to which the spans point.
pub(crate) fn parse_piece(chunk: &Chunk, piece: &[u8], base: usize) -> (String, Parsed) {
    let (bytes, cut) = with_unread(piece, &chunk.bytes, chunk.cut);
    let form = chunk.form;
    let (text, parsed) = read_chunk(
        (&bytes, base, cut),
        chunk.note.as_ref(),
        || Parsed::empty(form),
        |bytes| parse_bytes_at(bytes, base, form, true),
    );
    (text.into_owned(), parsed)
}

impl ChunkReading<SyntaxErrorKind> for Parsed {
    fn errors(&mut self) -> &mut Vec<SyntaxError> {
        &mut self.errors
    }
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
