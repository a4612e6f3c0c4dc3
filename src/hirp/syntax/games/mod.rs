//! Records read game by game, so that a file of any size is read in flat
//! memory.
//!
//! [`Games`] reads lines and cuts the input where the parser starts a new
//! game, by the parser's own rule (at a tag that follows a turn, and at a
//! turn labelled `G1` that follows a turn, its label read as the parser reads
//! it), keeping the comment lines before a game with it and never cutting
//! inside a `{ }` comment. Before a `G1` written right after a turn, the cut
//! waits for the next tag or turn, which may show the `G1` a mislabelled
//! turn of the game before it; when that next line begins a game itself, or
//! the `G1` line goes beyond a limit, the cut is made there alone, and the
//! chunk holds the game of the `G1` too. Each [`Chunk`] is then read with [`parse_chunk`],
//! so spans stay offsets in the whole file, and the chunks read one by one
//! give the games that reading the whole file at once gives (a property test
//! checks it). The cut is made from a line's first bytes: around a tag or
//! turn line the parser cannot read, it may fall where the whole file would
//! not have one; before a tag or turn written after a `{ }` comment on its
//! line, none is made, and the chunk holds both games. A single game is one
//! chunk, however long.
//!
//! The input is first judged from its first bytes (see `encoding`): UTF-16
//! with a byte order mark is cut as it is decoded, and an input that is not
//! text is one chunk that shows where that shows, with the error that says
//! so, and nothing more is read.

mod quick;

use std::io::{self, BufRead};

pub use super::chunk::parse_chunk;
pub(crate) use super::chunk::read_all;
use super::error::SyntaxError;
use super::limits::Limits;
use super::parser::{ItemKind, Reading, begins_game, label_at, mislabelled};
use crate::core::chunk::{Cutter, Line, Piece, Splitter, after_blanks};
use crate::core::encoding::TextError;
pub use crate::core::lines::Cut;

/// A run of whole games cut from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
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

/// What a line starts, for cutting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank, or a comment on a line of its own.
    Comment,
    /// A tag or a turn.
    Item(ItemKind),
    /// Neither: a line the parser reports and skips.
    Other,
    /// Inside a `{ }` comment that began on an earlier line.
    InComment,
}

/// Follows `{ }` comments through the bytes of a line.
#[derive(Clone, Copy, Debug, Default)]
struct Scan {
    /// Depth of `{ }` comments open.
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// After a `;` outside comments and strings: the rest is a comment.
    rest_of_line: bool,
}

impl Scan {
    fn start_line(&mut self) {
        self.in_string = false;
        self.escaped = false;
        self.rest_of_line = false;
    }

    fn feed(&mut self, mut bytes: &[u8]) {
        // Outside comments and strings only `;`, `"` and `{` matter.
        if self.depth == 0 && !self.in_string && !self.rest_of_line {
            match memchr::memchr3(b';', b'"', b'{', bytes) {
                Some(n) => bytes = &bytes[n..],
                None => return,
            }
        }
        for &b in bytes {
            if self.rest_of_line {
                return;
            }
            if self.depth == 0 {
                match b {
                    _ if std::mem::take(&mut self.escaped) => {}
                    b'\\' if self.in_string => self.escaped = true,
                    b';' if !self.in_string => self.rest_of_line = true,
                    b'"' => self.in_string = !self.in_string,
                    b'{' if !self.in_string => self.depth = 1,
                    _ => {}
                }
            } else if b == b'{' {
                self.depth += 1;
            } else if b == b'}' {
                self.depth -= 1;
            }
        }
    }
}

/// What a line starts, from its first bytes (a byte order mark removed).
fn classify(start: &[u8], in_comment: bool) -> Kind {
    match after_blanks(start) {
        _ if in_comment => Kind::InComment,
        [] | [b'\n' | b'\r' | b';' | b'{', ..] => Kind::Comment,
        [b'[', ..] => Kind::Item(ItemKind::Tag),
        start => match label_at(start) {
            Some((side, round)) => Kind::Item(ItemKind::Turn { side, round }),
            None => Kind::Other,
        },
    }
}

/// A `G1` read after a turn, which begins a game unless the next tag or
/// turn shows it [`mislabelled`].
#[derive(Clone, Copy, Debug)]
struct Open {
    /// Where the chunk is cut if it begins a game (before the comment lines
    /// before it), and the lines before that in `buf`.
    at: usize,
    lines: usize,
    /// Where reading stood before it.
    before: Reading,
    /// It repeats the line before it, label and all: the first line of a
    /// game written twice, kept in the chunk of that game, so that `fix`
    /// sees the copy (`hirp::replay::search`).
    copy: bool,
}

/// Whether the line `start..start + len` of `buf` repeats the line before
/// it, blanks aside.
pub(crate) fn repeats_line_before(buf: &[u8], start: usize, len: usize) -> bool {
    let before = buf[..start].trim_ascii_end();
    let from = before
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |n| n + 1);
    let words = |line: &[u8]| -> Vec<Vec<u8>> {
        line.split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .map(<[u8]>::to_vec)
            .collect()
    };
    let line = &buf[start..(start + len).min(buf.len())];
    !line.trim_ascii().is_empty() && words(&before[from..]) == words(line)
}

/// Whether a line is blank, from its first bytes.
fn blank(start: &[u8]) -> bool {
    start
        .iter()
        .find(|b| !matches!(b, b' ' | b'\t'))
        .is_none_or(|b| matches!(b, b'\n' | b'\r'))
}

/// HIRP's rule of where games begin, by which the core's game reader cuts
/// a record.
struct Split {
    /// Where comment lines waiting for the next item begin in the buffer,
    /// and their line count before them.
    pending: Option<(usize, usize)>,
    /// Where the reading of the chunk's last game stands, for the rule of
    /// where the next begins.
    reading: Reading,
    /// A `G1` read after a turn, whether it begins a game left to the next
    /// tag or turn to tell.
    open: Option<Open>,
    /// A blank line was read since the last tag or turn.
    parted: bool,
    scan: Scan,
    /// Turn lines may be taken as a run (see `quick`); only tests read
    /// every line one by one, to compare.
    quick: bool,
}

/// Reads a record in chunks of whole games.
///
/// Lines end with `\n`, `\r\n` or a lone `\r`. A line longer than
/// [`Limits::line`], or one that takes a game beyond [`Limits::game`], is not
/// read, nor is the rest of its game: the chunk before it says so with a
/// [`Cut`], and reading goes on at the next game. Memory stays within the
/// limits whatever the input.
pub struct Games<R>(crate::core::chunk::Games<R, Split>);

impl<R: BufRead> Games<R> {
    /// Chunks of the record `reader` reads, within [`Limits::DEFAULT`].
    pub fn new(reader: R) -> Games<R> {
        Games::with_limits(reader, Limits::DEFAULT)
    }

    /// Chunks of the record `reader` reads, within `limits`.
    pub fn with_limits(reader: R, limits: Limits) -> Games<R> {
        let split = Split {
            pending: None,
            reading: Reading::NoGame,
            open: None,
            parted: false,
            scan: Scan::default(),
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

impl Splitter for Split {
    type Chunk = Chunk;
    type Note = SyntaxError;

    fn start_line(&mut self) -> bool {
        let in_comment = self.scan.depth > 0;
        self.scan.start_line();
        in_comment
    }

    fn feed(&mut self, piece: &[u8]) {
        self.scan.feed(piece);
    }

    fn take_line(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        line: Line,
    ) -> Option<Piece<SyntaxError>> {
        self.take(cutter, line)
    }

    fn take_lines<R: BufRead>(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        reader: &mut R,
    ) -> io::Result<()> {
        self.take_turn_lines(cutter, reader)
    }

    fn end(&mut self, cutter: &mut Cutter<SyntaxError>) -> Piece<SyntaxError> {
        let open = self.open;
        let ended = open.map(|open| self.cut(cutter, open.at, open.lines));
        let (at, lines) = (cutter.buf.len(), cutter.lines);
        let last = self.cut(cutter, at, lines);
        // A `G1` that ends the record begins a game.
        let Some(ended) = ended else {
            return last;
        };
        cutter.queued = Some(last);
        ended
    }

    fn note(&self, error: TextError) -> SyntaxError {
        error.into()
    }

    fn chunk(&self, piece: Piece<SyntaxError>) -> Chunk {
        Chunk {
            bytes: piece.bytes,
            offset: piece.offset,
            line: piece.line,
            cut: piece.cut,
            note: piece.note.map(|note| *note),
        }
    }
}

impl Split {
    /// Cuts the chunk at `at` (an offset in the buffer, with `lines` lines
    /// before it) and returns the part before; the next game is read from
    /// its start.
    fn cut(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        at: usize,
        lines: usize,
    ) -> Piece<SyntaxError> {
        self.reading = Reading::NoTurn;
        self.open = None;
        cutter.cut(at, lines)
    }

    /// Ends the chunk at the line `line` (which goes beyond a limit) and
    /// starts skipping the rest of its game.
    fn cut_game(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        line: &Line,
        long_line: bool,
    ) -> Piece<SyntaxError> {
        self.reading = Reading::NoTurn;
        self.open = None;
        self.pending = None;
        cutter.cut_game(line, long_line)
    }
}

impl Split {
    /// Takes a line read: adds it to the chunk being gathered, or drops it
    /// while the rest of a game is skipped. Returns the chunk it ends, if it
    /// ends one.
    fn take(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        mut line: Line,
    ) -> Option<Piece<SyntaxError>> {
        let mut lines_before = cutter.lines;
        cutter.lines += 1;
        let text = cutter.text(&line);
        let kind = classify(text, line.inside);
        let parted = self.parted;
        match kind {
            Kind::Comment if blank(text) => self.parted = true,
            Kind::Item(_) => self.parted = false,
            _ => {}
        }
        let mut next_game = self.next_game(kind);
        if cutter.skipping {
            if next_game.is_none() {
                self.skip_line(cutter, &line, kind);
                return None;
            }
            // The next game: its first line starts the next chunk.
            cutter.skipping = false;
            self.reading = Reading::NoTurn;
            next_game = None;
        }
        let too_long = cutter.too_long(&line);
        // A `G1` after a turn, with no blank line between, whose game the
        // next tag or turn tells (near a limit, it begins one).
        let defer = matches!(next_game, Some(ItemKind::Turn { .. }))
            && !parted
            && !too_long
            && cutter.buf.len() <= cutter.limits.game;
        let ended = match kind {
            Kind::Item(item) => self.settle(
                cutter,
                item,
                next_game.is_none() || defer,
                &mut line,
                &mut lines_before,
            ),
            _ => None,
        };
        match next_game {
            Some(ItemKind::Turn { .. }) if defer => {
                // Whether it begins a game, the next tag or turn tells.
                self.open = Some(self.open_at(cutter, &line, lines_before));
            }
            Some(item) if ended.is_none() => {
                return Some(self.start_game(cutter, line, lines_before, item, too_long));
            }
            _ => {}
        }
        if cutter.beyond_limits(&line) {
            let chunk = self.cut_game(cutter, &line, too_long);
            let Some(ended) = ended else {
                return Some(chunk);
            };
            cutter.queued = Some(chunk);
            return Some(ended);
        }
        match kind {
            Kind::Comment => {
                self.pending.get_or_insert((line.start, lines_before));
            }
            // A line the parser skips leaves waiting comments waiting.
            Kind::InComment | Kind::Other => {}
            Kind::Item(item) => {
                self.pending = None;
                self.reading = Reading::after(item);
            }
        }
        ended
    }

    /// A `G1` read after a turn on `line` (with `lines_before` lines before
    /// it), whose game the next tag or turn tells.
    fn open_at(&self, cutter: &Cutter<SyntaxError>, line: &Line, lines_before: usize) -> Open {
        let (at, lines) = self.pending.unwrap_or((line.start, lines_before));
        Open {
            at,
            lines,
            before: self.reading,
            copy: repeats_line_before(&cutter.buf, line.start, line.len),
        }
    }

    /// The item of a line of kind `kind`, if it begins a game after another
    /// in the chunk.
    fn next_game(&self, kind: Kind) -> Option<ItemKind> {
        match kind {
            Kind::Item(item)
                if self.reading != Reading::NoGame && begins_game(self.reading, item) =>
            {
                Some(item)
            }
            _ => None,
        }
    }

    /// Tells, at the tag or turn `item` of the line `line` (with
    /// `lines_before` lines before it), whether the `G1` before it, if one
    /// waits, began a game. If it did and `may_cut`, ends the chunk before
    /// the `G1` and returns it, `line` and `lines_before` counted in the
    /// chunk that follows (else a line that begins a game at once ends the
    /// chunk, which holds both games); reading stands where it stood.
    fn settle(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        item: ItemKind,
        may_cut: bool,
        line: &mut Line,
        lines_before: &mut usize,
    ) -> Option<Piece<SyntaxError>> {
        let open = self.open.take()?;
        if mislabelled(open.before, Some(item)) || !may_cut || open.copy {
            return None;
        }
        let reading = self.reading;
        let chunk = self.cut(cutter, open.at, open.lines);
        self.reading = reading;
        self.pending = self
            .pending
            .map(|(at, lines)| (at - open.at, lines - open.lines));
        line.start -= open.at;
        *lines_before -= open.lines;
        Some(chunk)
    }

    /// Drops a line of a game being skipped: the next chunk starts after it.
    fn skip_line(&mut self, cutter: &mut Cutter<SyntaxError>, line: &Line, kind: Kind) {
        if let Kind::Item(item) = kind {
            self.reading = Reading::after(item);
        }
        cutter.drop_line(line);
    }

    /// Ends the chunk before the line `line` (with `lines_before` lines
    /// before it), where a game starts, with the comment lines waiting
    /// before it; returns the chunk ended. A first line beyond the line
    /// limit, or taking the new game beyond the game limit, ends the new
    /// game's chunk at once, queued.
    fn start_game(
        &mut self,
        cutter: &mut Cutter<SyntaxError>,
        line: Line,
        lines_before: usize,
        item: ItemKind,
        too_long: bool,
    ) -> Piece<SyntaxError> {
        let (at, lines) = self.pending.take().unwrap_or((line.start, lines_before));
        let chunk = self.cut(cutter, at, lines);
        self.reading = Reading::after(item);
        // The new game's first line, with the comments before it, may go
        // beyond a limit at once.
        if cutter.beyond_limits(&line) {
            let line = Line {
                start: line.start - at,
                ..line
            };
            cutter.queued = Some(self.cut_game(cutter, &line, too_long));
        }
        chunk
    }
}
