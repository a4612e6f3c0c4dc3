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

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::sync::{Condvar, Mutex, mpsc};

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

    /// Classifies the line that starts at `start` in `buf` and follows the
    /// depth of `{ }` comments through it.
    fn classify(&mut self, start: usize) -> Kind {
        let mut text = &self.buf[start..];
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
            let lines_before = self.lines;
            self.lines += 1;
            let kind = self.classify(start);
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
    let mut order = InOrder::default();
    for chunk in Games::new(reader) {
        if !order.deliver(replay(chunk?), &mut on_game) {
            break;
        }
    }
    Ok(order.read)
}

/// Checks a record as [`check`] does, with `workers` threads reading and
/// replaying games while this thread hands them to `on_game` in file order.
/// The games in flight are bounded, so memory stays flat whatever the size
/// of the record; with one worker or fewer this is [`check`].
pub fn check_parallel<R: BufRead + Send>(
    reader: R,
    workers: usize,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    if workers <= 1 {
        return check(reader, on_game);
    }
    let permits = Permits::new(2 * workers + 2);
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<Chunk>)>(workers);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Batch)>();
    let mut order = InOrder::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        let permits = &permits;
        let reader_done = done_tx.clone();
        scope.spawn(move || {
            let mut games = Games::new(reader);
            let mut index = 0;
            loop {
                let mut chunks = Vec::new();
                let mut bytes = 0;
                let mut error = None;
                while bytes < BATCH_BYTES {
                    match games.next() {
                        Some(Ok(chunk)) => {
                            bytes += chunk.bytes.len();
                            chunks.push(chunk);
                        }
                        Some(Err(e)) => {
                            error = Some(e);
                            break;
                        }
                        None => break,
                    }
                }
                if !permits.take() {
                    return;
                }
                let batch = match error {
                    Some(e) if chunks.is_empty() => (index, Batch::Failed(e)),
                    Some(e) => {
                        // The games before the error first, then the error.
                        if work_tx.send((index, chunks)).is_err() || !permits.take() {
                            return;
                        }
                        index += 1;
                        (index, Batch::Failed(e))
                    }
                    None if chunks.is_empty() => (index, Batch::End),
                    None => {
                        if work_tx.send((index, chunks)).is_err() {
                            return;
                        }
                        index += 1;
                        continue;
                    }
                };
                let _ = reader_done.send(batch);
                return;
            }
        });
        for _ in 0..workers {
            let work_rx = &work_rx;
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((index, chunks))) = next else {
                        return;
                    };
                    let replayed = chunks.into_iter().map(replay).collect();
                    if done_tx.send((index, Batch::Games(replayed))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        'receive: while let Ok((index, batch)) = done_rx.recv() {
            waiting.insert(index, batch);
            while let Some(batch) = waiting.remove(&next) {
                next += 1;
                permits.give();
                match batch {
                    Batch::Games(replayed) => {
                        for replayed in replayed {
                            if !order.deliver(replayed, &mut on_game) {
                                break 'receive;
                            }
                        }
                    }
                    Batch::Failed(e) => {
                        failure = Some(e);
                        break 'receive;
                    }
                    Batch::End => break 'receive,
                }
            }
        }
        // Wake and end every thread, whatever it waits on: the reader for a
        // permit, or to hand over a batch no worker will take.
        permits.close();
        drop(done_rx);
        while let Ok(Ok(_)) = work_rx.lock().map(|rx| rx.recv()) {}
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(order.read),
    }
}

/// The bytes of games a worker takes at once.
const BATCH_BYTES: usize = 1 << 16;

/// What the reader and the workers hand back.
enum Batch {
    /// Games read and replayed.
    Games(Vec<Replayed>),
    /// The input could not be read further.
    Failed(io::Error),
    /// The end of the input.
    End,
}

/// A counting semaphore bounding the batches in flight.
struct Permits {
    state: Mutex<(usize, bool)>,
    changed: Condvar,
}

impl Permits {
    fn new(count: usize) -> Self {
        Permits {
            state: Mutex::new((count, false)),
            changed: Condvar::new(),
        }
    }

    /// Waits for a permit; `false` once closed.
    fn take(&self) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        loop {
            match *state {
                (_, true) => return false,
                (0, false) => match self.changed.wait(state) {
                    Ok(next) => state = next,
                    Err(_) => return false,
                },
                (ref mut n, false) => {
                    *n -= 1;
                    return true;
                }
            }
        }
    }

    fn give(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.0 += 1;
            self.changed.notify_one();
        }
    }

    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.1 = true;
            self.changed.notify_all();
        }
    }
}

/// A chunk read and replayed, not yet checked as part of its matches.
struct Replayed {
    text: String,
    record: crate::syntax::ast::Record,
    report: crate::replay::RecordReport,
    offset: usize,
    line: usize,
    bytes: usize,
}

/// Reads and replays a chunk.
fn replay(chunk: Chunk) -> Replayed {
    let bytes = chunk.bytes.len();
    let (text, parsed) = crate::syntax::parse_bytes_at(&chunk.bytes, chunk.offset);
    let report = crate::replay::replay_record(&parsed.record, &parsed.errors);
    let text = match text {
        Cow::Owned(text) => Some(text),
        Cow::Borrowed(_) => None,
    };
    let text = text.unwrap_or_else(|| String::from_utf8_lossy(&chunk.bytes).into_owned());
    Replayed {
        text,
        record: parsed.record,
        report,
        offset: chunk.offset,
        line: chunk.line,
        bytes,
    }
}

/// What the checks in file order carry from game to game.
#[derive(Default)]
struct InOrder {
    matches: crate::replay::Matches,
    number: usize,
    read: usize,
}

impl InOrder {
    /// Checks a replayed chunk's games as parts of their matches and hands
    /// them to `on_game`; `false` when it asks to stop.
    fn deliver(
        &mut self,
        replayed: Replayed,
        on_game: &mut impl FnMut(Checked<'_>) -> bool,
    ) -> bool {
        self.read += replayed.bytes;
        let Replayed {
            text,
            record,
            report,
            offset,
            line,
            ..
        } = replayed;
        let checked = |number, game, report, view| Checked {
            number,
            game,
            report,
            view,
            text: &text,
            offset,
            line,
        };
        if !report.problems.is_empty() {
            let loose = crate::replay::GameReport {
                turns: 0,
                result: None,
                problems: report.problems,
                position: crate::rules::Position::new(),
            };
            if !on_game(checked(0, None, loose, None)) {
                return false;
            }
        }
        for (game, mut game_report) in record.games.iter().zip(report.games) {
            self.number += 1;
            let view = self.matches.game(game, &mut game_report);
            game_report
                .problems
                .sort_by_key(|p| (p.span.start, p.span.end));
            if !on_game(checked(self.number, Some(game), game_report, view)) {
                return false;
            }
        }
        true
    }
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
