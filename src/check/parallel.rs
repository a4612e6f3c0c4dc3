//! Checking with threads, on [`core::parallel`](crate::core::parallel):
//! workers read and replay the chunks, and the calling thread checks the
//! games in file order as parts of their matches.

use std::io::{self, BufRead};

use super::{Checked, Depth, InOrder, check_with, replay};
use crate::syntax::Games;

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
    let mut order = InOrder::new(depth);
    crate::core::parallel::in_order(
        Games::new(reader),
        |chunk| chunk.bytes.len(),
        workers,
        |chunk| replay(chunk, depth),
        |replayed| order.deliver(replayed, &mut on_game),
    )?;
    Ok(order.read)
}
