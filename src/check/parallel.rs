//! Checking with threads: one reads the record into batches of games,
//! workers read and replay the batches, and the calling thread checks the
//! games in file order. A permit is taken for each batch in flight and given
//! back when it is checked, so memory stays flat however large the record.

use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Condvar, Mutex};

use super::{Checked, Depth, InOrder, Replayed, check_with, replay};
use crate::syntax::{Chunk, Games};

/// Checks a record as [`check`](super::check) does, with `workers` threads reading and
/// replaying games while this thread hands them to `on_game` in file order.
/// The games in flight are bounded, so memory stays flat whatever the size
/// of the record; with one worker or fewer this is [`check`](super::check).
pub fn check_parallel<R: BufRead + Send>(
    reader: R,
    workers: usize,
    on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    check_parallel_with(reader, workers, Depth::Rules, on_game)
}

/// Checks a record as [`check_parallel`] does, to the `depth` given.
pub fn check_parallel_with<R: BufRead + Send>(
    reader: R,
    workers: usize,
    depth: Depth,
    mut on_game: impl FnMut(Checked<'_>) -> bool,
) -> io::Result<usize> {
    if workers <= 1 {
        return check_with(reader, depth, on_game);
    }
    let permits = Permits::new(2 * workers + 2);
    let (work_tx, work_rx) = mpsc::sync_channel::<Work>(workers);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Batch)>();
    let mut order = InOrder::new(depth);
    let mut failure = None;
    std::thread::scope(|scope| {
        let permits = &permits;
        let reader_done = done_tx.clone();
        scope.spawn(move || cut_batches(reader, permits, &work_tx, &reader_done));
        for _ in 0..workers {
            let work_rx = &work_rx;
            let done_tx = done_tx.clone();
            scope.spawn(move || replay_batches(work_rx, depth, &done_tx));
        }
        drop(done_tx);
        failure = deliver_in_order(&done_rx, permits, &mut order, &mut on_game);
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

/// A batch of chunks for a worker, with its place among the batches.
type Work = (usize, Vec<Chunk>);

/// The reader's thread: cuts the record into batches for the workers, a
/// permit taken for each, and at the end hands back how the input ended.
/// Returns early once permits are closed or the workers are gone.
fn cut_batches<R: BufRead>(
    reader: R,
    permits: &Permits,
    work: &SyncSender<Work>,
    done: &Sender<(usize, Batch)>,
) {
    let mut games = Games::new(reader);
    let mut index = 0;
    loop {
        let (chunks, error) = next_batch(&mut games);
        if !permits.take() {
            return;
        }
        let last = match error {
            Some(e) if chunks.is_empty() => Batch::Failed(e),
            Some(e) => {
                // The games before the error first, then the error.
                if work.send((index, chunks)).is_err() || !permits.take() {
                    return;
                }
                index += 1;
                Batch::Failed(e)
            }
            None if chunks.is_empty() => Batch::End,
            None => {
                if work.send((index, chunks)).is_err() {
                    return;
                }
                index += 1;
                continue;
            }
        };
        let _ = done.send((index, last));
        return;
    }
}

/// The next chunks, up to a batch's bytes or games, and the error that
/// ended the input, if one did.
fn next_batch<R: BufRead>(games: &mut Games<R>) -> (Vec<Chunk>, Option<io::Error>) {
    let mut chunks = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES && chunks.len() < BATCH_GAMES {
        match games.next() {
            Some(Ok(chunk)) => {
                bytes += chunk.bytes.len();
                chunks.push(chunk);
            }
            Some(Err(e)) => return (chunks, Some(e)),
            None => break,
        }
    }
    (chunks, None)
}

/// A worker's thread: reads and replays the batches it takes until there
/// are no more, or no one to hand them to.
fn replay_batches(work: &Mutex<Receiver<Work>>, depth: Depth, done: &Sender<(usize, Batch)>) {
    loop {
        let next = work.lock().map(|rx| rx.recv());
        let Ok(Ok((index, chunks))) = next else {
            return;
        };
        let replayed = chunks.into_iter().map(|c| replay(c, depth)).collect();
        if done.send((index, Batch::Games(replayed))).is_err() {
            return;
        }
    }
}

/// Checks the batches in file order as they come back, giving back a permit
/// for each, until the input ends or `on_game` asks to stop; returns the
/// error that ended the input, if one did.
fn deliver_in_order(
    done: &Receiver<(usize, Batch)>,
    permits: &Permits,
    order: &mut InOrder,
    on_game: &mut impl FnMut(Checked<'_>) -> bool,
) -> Option<io::Error> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    while let Ok((index, batch)) = done.recv() {
        waiting.insert(index, batch);
        while let Some(batch) = waiting.remove(&next) {
            next += 1;
            permits.give();
            match batch {
                Batch::Games(replayed) => {
                    for replayed in replayed {
                        if !order.deliver(replayed, on_game) {
                            return None;
                        }
                    }
                }
                Batch::Failed(e) => return Some(e),
                Batch::End => return None,
            }
        }
    }
    None
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
