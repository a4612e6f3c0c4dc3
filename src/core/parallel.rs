//! Work on a stream of items with threads, handed back in order: one thread
//! reads the items into batches, workers turn each batch into results, and
//! the calling thread takes the results in the order the items came. A
//! permit is taken for each batch in flight and given back when its results
//! are taken, so memory stays flat however long the stream. What is left of
//! a batch's results once taken goes back to the worker that made them, to
//! be freed there: memory freed on the thread that allocated it keeps the
//! threads off one another's heaps.
//!
//! A family checks its records with it: the items are the chunks its reader
//! cuts, the work reads and replays a chunk, and what is handed back is a
//! chunk's games checked, in file order.

use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Condvar, Mutex};

/// The bytes of items a worker takes at once, and the most items: what an
/// item's result holds is larger than its text, the more so the smaller it
/// is.
const BATCH_BYTES: usize = 1 << 16;
const BATCH_ITEMS: usize = 64;

/// Turns each item of `items` into a result with `work` on `workers`
/// threads and hands the results to `take` in the items' order, until the
/// items end, `take` returns `false` or reading an item fails (that error is
/// returned, once the results of the items before it are taken). `size`
/// tells an item's bytes, to batch them. `take` may move out of a result
/// what it keeps; the rest is dropped by the worker that made it. With one
/// worker or fewer the work is done on the calling thread.
pub fn in_order<I, R>(
    items: impl Iterator<Item = io::Result<I>> + Send,
    size: impl Fn(&I) -> usize + Sync,
    workers: usize,
    work: impl Fn(I) -> R + Sync,
    mut take: impl FnMut(&mut R) -> bool,
) -> io::Result<()>
where
    I: Send,
    R: Send,
{
    if workers <= 1 {
        for item in items {
            if !take(&mut work(item?)) {
                break;
            }
        }
        return Ok(());
    }
    let permits = Permits::new(2 * workers + 2);
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<I>)>(workers);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Batch<R>)>();
    let (spent_tx, spent_rx): (Vec<_>, Vec<_>) = (0..workers).map(|_| mpsc::channel()).unzip();
    let mut failure = None;
    std::thread::scope(|scope| {
        let (permits, size, work) = (&permits, &size, &work);
        let reader_done = done_tx.clone();
        scope.spawn(move || cut_batches(items, size, permits, &work_tx, &reader_done));
        for (worker, spent) in spent_rx.into_iter().enumerate() {
            let work_rx = &work_rx;
            let done_tx = done_tx.clone();
            let worker = Worker { worker, spent };
            scope.spawn(move || work_batches(work_rx, work, &done_tx, &worker));
        }
        drop(done_tx);
        failure = take_in_order(&done_rx, permits, &spent_tx, &mut take);
        drop(spent_tx);
        // Wake and end every thread, whatever it waits on: the reader for a
        // permit, or to hand over a batch no worker will take.
        permits.close();
        drop(done_rx);
        while let Ok(Ok(_)) = work_rx.lock().map(|rx| rx.recv()) {}
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What the reader and the workers hand back.
enum Batch<R> {
    /// A batch's results, and the worker that made them.
    Done(Vec<R>, usize),
    /// The items could not be read further.
    Failed(io::Error),
    /// The end of the items.
    End,
}

/// The reader's thread: cuts the items into batches for the workers, a
/// permit taken for each, and at the end hands back how the items ended.
/// Returns early once permits are closed or the workers are gone.
fn cut_batches<I, R>(
    mut items: impl Iterator<Item = io::Result<I>>,
    size: &impl Fn(&I) -> usize,
    permits: &Permits,
    work: &SyncSender<(usize, Vec<I>)>,
    done: &Sender<(usize, Batch<R>)>,
) {
    let mut index = 0;
    loop {
        let (batch, error) = next_batch(&mut items, size);
        if !permits.take() {
            return;
        }
        let last = match error {
            Some(e) if batch.is_empty() => Batch::Failed(e),
            Some(e) => {
                // The items before the error first, then the error.
                if work.send((index, batch)).is_err() || !permits.take() {
                    return;
                }
                index += 1;
                Batch::Failed(e)
            }
            None if batch.is_empty() => Batch::End,
            None => {
                if work.send((index, batch)).is_err() {
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

/// The next items, up to a batch's bytes or items, and the error that ended
/// them, if one did.
fn next_batch<I>(
    items: &mut impl Iterator<Item = io::Result<I>>,
    size: &impl Fn(&I) -> usize,
) -> (Vec<I>, Option<io::Error>) {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES && batch.len() < BATCH_ITEMS {
        match items.next() {
            Some(Ok(item)) => {
                bytes += size(&item);
                batch.push(item);
            }
            Some(Err(e)) => return (batch, Some(e)),
            None => break,
        }
    }
    (batch, None)
}

/// A worker: its number, and the batches it made, handed back once taken.
struct Worker<R> {
    worker: usize,
    spent: Receiver<Vec<R>>,
}

/// A worker's thread: works on the batches it takes until there are no
/// more, or no one to hand them to, first freeing what is left of those it
/// made that were taken.
fn work_batches<I, R>(
    batches: &Mutex<Receiver<(usize, Vec<I>)>>,
    work: &impl Fn(I) -> R,
    done: &Sender<(usize, Batch<R>)>,
    worker: &Worker<R>,
) {
    loop {
        while let Ok(spent) = worker.spent.try_recv() {
            drop(spent);
        }
        let next = batches.lock().map(|rx| rx.recv());
        let Ok(Ok((index, items))) = next else {
            return;
        };
        let results = items.into_iter().map(work).collect();
        if done
            .send((index, Batch::Done(results, worker.worker)))
            .is_err()
        {
            return;
        }
    }
}

/// Hands the results to `take` in order as their batches come back, giving
/// back a permit for each batch and the batch to its worker once taken,
/// until the items end or `take` asks to stop; returns the error that ended
/// the items, if one did.
fn take_in_order<R>(
    done: &Receiver<(usize, Batch<R>)>,
    permits: &Permits,
    spent: &[Sender<Vec<R>>],
    take: &mut impl FnMut(&mut R) -> bool,
) -> Option<io::Error> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    while let Ok((index, batch)) = done.recv() {
        waiting.insert(index, batch);
        while let Some(batch) = waiting.remove(&next) {
            next += 1;
            permits.give();
            match batch {
                Batch::Done(mut results, worker) => {
                    let go_on = results.iter_mut().all(&mut *take);
                    // A worker gone leaves the batch to be freed here.
                    let _ = spent[worker].send(results);
                    if !go_on {
                        return None;
                    }
                }
                Batch::Failed(e) => return Some(e),
                Batch::End => return None,
            }
        }
    }
    None
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

#[cfg(test)]
mod tests {
    use super::in_order;
    use std::io;

    fn squares(workers: usize, items: Vec<io::Result<u64>>) -> (Vec<u64>, io::Result<()>) {
        let mut taken = Vec::new();
        let ended = in_order(
            items.into_iter(),
            |_| 1 << 10,
            workers,
            |n| n * n,
            |r| {
                taken.push(*r);
                true
            },
        );
        (taken, ended)
    }

    #[test]
    fn results_come_in_the_items_order_on_any_number_of_threads() {
        let expected: Vec<u64> = (0..5_000).map(|n| n * n).collect();
        for workers in [0, 1, 2, 3, 8] {
            let (taken, ended) = squares(workers, (0..5_000).map(Ok).collect());
            assert!(ended.is_ok());
            assert_eq!(taken, expected, "{workers} workers");
        }
    }

    #[test]
    fn a_failed_read_ends_after_the_items_before_it() {
        for workers in [1, 2, 4] {
            let mut items: Vec<io::Result<u64>> = (0..300).map(Ok).collect();
            items.push(Err(io::Error::other("cut")));
            items.extend((300..400).map(Ok));
            let (taken, ended) = squares(workers, items);
            assert_eq!(taken, (0..300).map(|n| n * n).collect::<Vec<_>>());
            assert_eq!(ended.unwrap_err().to_string(), "cut", "{workers} workers");
        }
    }

    /// A result that notes, when dropped, whether its maker's thread drops
    /// it.
    struct Noted<'a> {
        made_on: std::thread::ThreadId,
        notes: &'a std::sync::Mutex<Vec<bool>>,
    }

    impl Drop for Noted<'_> {
        fn drop(&mut self) {
            let here = std::thread::current().id() == self.made_on;
            self.notes.lock().unwrap().push(here);
        }
    }

    #[test]
    fn what_is_left_of_a_result_is_freed_by_the_worker_that_made_it() {
        let notes = std::sync::Mutex::new(Vec::new());
        let mut taken = 0;
        let ended = in_order(
            (0..5_000u64).map(Ok),
            |_| 1 << 10,
            2,
            |_| Noted {
                made_on: std::thread::current().id(),
                notes: &notes,
            },
            |_| {
                taken += 1;
                true
            },
        );
        assert!(ended.is_ok());
        let notes = notes.into_inner().unwrap();
        assert_eq!(
            (taken, notes.len()),
            (5_000, 5_000),
            "each taken, each freed"
        );
        // The batches taken after their worker ended are freed here.
        let on_maker = notes.iter().filter(|&&here| here).count();
        assert!(on_maker > 4_000, "{on_maker} of 5,000 freed by their maker");
    }

    #[test]
    fn taking_stops_when_asked_and_every_thread_ends() {
        for workers in [1, 2, 4] {
            let mut taken = 0;
            let ended = in_order(
                (0..100_000u64).map(Ok),
                |_| 1,
                workers,
                |n| n,
                |_| {
                    taken += 1;
                    taken < 10
                },
            );
            assert!(ended.is_ok());
            assert_eq!(taken, 10);
        }
    }
}
