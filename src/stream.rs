//! Records read game by game, so that a file of any size is checked in flat
//! memory.
//!
//! [`Games`] reads lines and cuts the input where the parser starts a new
//! game (at a tag that follows a turn, and at a turn labelled `G1` that
//! follows a turn), keeping the comment lines before a game with it and never
//! cutting inside a `{ }` comment. Each [`Chunk`] is then read with
//! [`parse_bytes_at`](crate::syntax::parse_bytes_at), so spans stay offsets
//! in the whole file, and the chunks read one by one give the games that
//! reading the whole file at once gives (a property test checks it). Around a
//! tag line the parser cannot read, the cut may fall where the whole file
//! would not have one. A single game is one chunk, however long.

use std::io::{self, BufRead};

/// A run of whole games cut from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The bytes, as read.
    pub bytes: Vec<u8>,
    /// Their offset in the file.
    pub offset: usize,
    /// The number of lines before them in the file.
    pub line: usize,
}

/// What a line starts, for cutting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Blank, or a comment on a line of its own.
    Comment,
    /// A tag line.
    Tag,
    /// A turn labelled `G1`.
    FirstTurn,
    /// Another turn.
    Turn,
    /// Neither: a line the parser reports and skips.
    Other,
    /// Inside a `{ }` comment that began on an earlier line.
    InComment,
}

/// Reads a record in chunks of whole games.
pub struct Games<R> {
    reader: R,
    /// The chunk being gathered.
    buf: Vec<u8>,
    /// Its offset and lines before it.
    offset: usize,
    line: usize,
    /// Lines in `buf`.
    lines: usize,
    /// Where comment lines waiting for the next item begin in `buf`, and
    /// their line count before them.
    pending: Option<(usize, usize)>,
    /// The chunk holds a turn: a tag or `G1` now starts a new game.
    has_turn: bool,
    /// Depth of `{ }` comments open at the end of the last line.
    depth: usize,
    /// The next line is the file's first.
    first: bool,
    done: bool,
}

impl<R: BufRead> Games<R> {
    /// Chunks of the record `reader` reads.
    pub fn new(reader: R) -> Games<R> {
        Games {
            reader,
            buf: Vec::new(),
            offset: 0,
            line: 0,
            lines: 0,
            pending: None,
            has_turn: false,
            depth: 0,
            first: true,
            done: false,
        }
    }

    /// Classifies a line and follows the depth of `{ }` comments through it.
    fn classify(&mut self, line: &[u8]) -> Kind {
        let mut text = line;
        if std::mem::take(&mut self.first) {
            text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
        }
        let depth_before = self.depth;
        let mut in_string = false;
        let mut escaped = false;
        for &b in text {
            if self.depth == 0 {
                match b {
                    _ if std::mem::take(&mut escaped) => {}
                    b'\\' if in_string => escaped = true,
                    b';' if !in_string => break,
                    b'"' => in_string = !in_string,
                    b'{' if !in_string => self.depth = 1,
                    _ => {}
                }
            } else if b == b'{' {
                self.depth += 1;
            } else if b == b'}' {
                self.depth -= 1;
            }
        }
        if depth_before > 0 {
            return Kind::InComment;
        }
        let start = text
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t'))
            .map_or(&[][..], |n| &text[n..]);
        match start {
            [] | [b'\n' | b'\r' | b';' | b'{', ..] => Kind::Comment,
            [b'[', ..] => Kind::Tag,
            [b'G', b'1', rest @ ..] if rest.first().is_none_or(|b| !b.is_ascii_digit()) => {
                Kind::FirstTurn
            }
            [b'G' | b'S', d, ..] if d.is_ascii_digit() => Kind::Turn,
            _ => Kind::Other,
        }
    }

    /// Cuts the chunk at `at` (an offset in `buf`, with `lines` lines before
    /// it) and returns the part before.
    fn cut(&mut self, at: usize, lines: usize) -> Chunk {
        let rest = self.buf.split_off(at);
        let chunk = Chunk {
            bytes: std::mem::replace(&mut self.buf, rest),
            offset: self.offset,
            line: self.line,
        };
        self.offset += at;
        self.line += lines;
        self.lines -= lines;
        self.has_turn = false;
        chunk
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        loop {
            if self.done {
                return None;
            }
            let start = self.buf.len();
            match self.reader.read_until(b'\n', &mut self.buf) {
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(0) => {
                    self.done = true;
                    if self.buf.is_empty() {
                        return None;
                    }
                    let lines = self.lines;
                    return Some(Ok(self.cut(self.buf.len(), lines)));
                }
                Ok(_) => {}
            }
            let line = self.buf[start..].to_vec();
            let lines_before = self.lines;
            self.lines += 1;
            let kind = self.classify(&line);
            let starts_game = match kind {
                Kind::Tag | Kind::FirstTurn => self.has_turn,
                _ => false,
            };
            if starts_game {
                let (at, lines) = self.pending.take().unwrap_or((start, lines_before));
                let chunk = self.cut(at, lines);
                self.has_turn = kind == Kind::FirstTurn;
                return Some(Ok(chunk));
            }
            match kind {
                Kind::Comment => {
                    self.pending.get_or_insert((start, lines_before));
                }
                // A line the parser skips leaves waiting comments waiting.
                Kind::InComment | Kind::Other => {}
                Kind::Tag => self.pending = None,
                Kind::FirstTurn | Kind::Turn => {
                    self.pending = None;
                    self.has_turn = true;
                }
            }
        }
    }
}

/// A game checked, as [`check`] hands it over.
pub struct Checked<'a> {
    /// The game's number in the file, from 1; 0 for problems that lie in no
    /// game (a file with none).
    pub number: usize,
    /// The game, if the problems lie in one.
    pub game: Option<&'a crate::syntax::ast::Game>,
    /// What its replay found (for problems in no game: those problems).
    pub report: crate::replay::GameReport,
    /// Where the game stands in its match, if it is in one.
    pub view: Option<crate::replay::MatchView>,
    /// The decoded text of the chunk the game was read from, which spans
    /// point into from `offset` on.
    pub text: &'a str,
    /// The chunk's offset in the file.
    pub offset: usize,
    /// The number of lines before the chunk.
    pub line: usize,
}

/// Reads, replays and checks a record game by game, matches and `[Result]`
/// tags included, handing each game to `on_game`; stops early when
/// `on_game` returns `false`. Returns the bytes read.
pub fn check<R: BufRead>(
    reader: R,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    let mut matches = crate::replay::Matches::default();
    let mut number = 0;
    let mut read = 0;
    for chunk in Games::new(reader) {
        let chunk = chunk?;
        read += chunk.bytes.len();
        let (text, parsed) = crate::syntax::parse_bytes_at(&chunk.bytes, chunk.offset);
        let report = crate::replay::replay_record(&parsed.record, &parsed.errors);
        let checked = |number, game, report, view| Checked {
            number,
            game,
            report,
            view,
            text: &text,
            offset: chunk.offset,
            line: chunk.line,
        };
        if !report.problems.is_empty() {
            let loose = crate::replay::GameReport {
                turns: 0,
                result: None,
                problems: report.problems,
                position: crate::rules::Position::new(),
            };
            if !on_game(checked(0, None, loose, None)) {
                return Ok(read);
            }
        }
        for (game, mut game_report) in parsed.record.games.iter().zip(report.games) {
            number += 1;
            let view = matches.game(game, &mut game_report);
            game_report
                .problems
                .sort_by_key(|p| (p.span.start, p.span.end));
            if !on_game(checked(number, Some(game), game_report, view)) {
                return Ok(read);
            }
        }
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str) -> Vec<(String, usize, usize)> {
        Games::new(text.as_bytes())
            .map(|c| {
                let c = c.unwrap();
                (String::from_utf8(c.bytes).unwrap(), c.offset, c.line)
            })
            .collect()
    }

    #[test]
    fn cuts_where_games_begin() {
        let text = "[Game \"1\"]\nG1 He /\nS1 He /\n; next\n\n[Game \"2\"]\nG1 He /\nG1 He /\n";
        let got = chunks(text);
        assert_eq!(
            got,
            [
                ("[Game \"1\"]\nG1 He /\nS1 He /\n".to_owned(), 0, 0),
                ("; next\n\n[Game \"2\"]\nG1 He /\n".to_owned(), 27, 3),
                ("G1 He /\n".to_owned(), 54, 7),
            ]
        );
    }

    #[test]
    fn never_cuts_inside_a_block_comment() {
        let text = "G1 He / {\n[x]\nG1 He /\n}\nS1 He /\nG1 He /\n";
        let got = chunks(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0, "G1 He /\n");
    }
}
