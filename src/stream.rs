//! Records checked game by game, so that a file of any size is checked in
//! flat memory.

use std::borrow::Cow;
use std::io::{self, BufRead};
use std::sync::{Condvar, Mutex, mpsc};

use crate::syntax::{Chunk, Games, parse_chunk};

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
                while bytes < BATCH_BYTES && chunks.len() < BATCH_GAMES {
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

/// The bytes of games a worker takes at once, and the most games: what a
/// game's replay holds is larger than its text, the more so the smaller it is.
const BATCH_BYTES: usize = 1 << 16;
const BATCH_GAMES: usize = 64;

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
    let (text, parsed) = parse_chunk(&chunk);
    let report = crate::replay::replay_record(&parsed.record, &parsed.errors);
    let text = match text {
        Cow::Owned(text) => Some(text),
        Cow::Borrowed(_) => None,
    };
    // Text that was UTF-8 as read keeps its bytes: no copy.
    let text = text.unwrap_or_else(|| {
        String::from_utf8(chunk.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    });
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
