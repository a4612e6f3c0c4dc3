//! Output of work done in parallel, printed in the order of the work.
//!
//! Each unit of work (a file) hands over its output piece by piece (a game
//! at a time). The unit at the head of the order prints as it goes; the
//! others wait in memory until their turn. So the output is the same
//! whatever the parallelism, and a single large file streams in flat memory.
//!
//! With a most number of errors, the piece that reaches it is cut after its
//! last error allowed, and nothing is printed after it but what closes what
//! has begun, so that exactly that many errors are reported.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::tally::Tally;

/// The output of a piece cut after its `n`th error.
pub type Cut = Box<dyn FnOnce(usize) -> Piece + Send>;

/// Some output of a unit of work.
#[derive(Default)]
pub struct Piece {
    /// For standard output.
    pub out: Vec<u8>,
    /// For standard error.
    pub err: String,
    /// What it counts for the summary.
    pub tally: Tally,
    /// Printed even once output has stopped, if its unit has begun to print
    /// (the closing of a JSON object, say).
    pub always: bool,
    /// For a piece with errors: the piece cut after its `n`th error, for
    /// when no more than it has are left to print.
    pub cut: Option<Cut>,
}

/// What waits for its turn.
#[derive(Default)]
struct Part {
    pieces: Vec<Piece>,
    done: bool,
}

struct State {
    /// The unit printing now.
    head: usize,
    /// The head unit has printed something.
    started: bool,
    /// Units waiting for their turn.
    waiting: BTreeMap<usize, Part>,
    /// Errors printed so far, and the most allowed.
    errors: usize,
    max_errors: Option<usize>,
    /// No more output but what must close what has begun.
    stopped: bool,
    tally: Tally,
}

/// Orders the output of numbered units of work.
pub struct Sequence<P> {
    state: Mutex<State>,
    print: P,
}

impl<P: Fn(&[u8], &str) + Sync> Sequence<P> {
    /// A sequence that prints with `print(out, err)` and stops after
    /// `max_errors` errors, if given.
    pub fn new(print: P, max_errors: Option<usize>) -> Self {
        Sequence {
            state: Mutex::new(State {
                head: 0,
                started: false,
                waiting: BTreeMap::new(),
                errors: 0,
                max_errors,
                stopped: false,
                tally: Tally::default(),
            }),
            print,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands over output of unit `n`; `false` once output has stopped, so
    /// that the work can stop too.
    pub fn emit(&self, n: usize, piece: Piece) -> bool {
        let mut state = self.lock();
        if n == state.head {
            self.print_piece(&mut state, piece);
        } else {
            state.waiting.entry(n).or_default().pieces.push(piece);
        }
        !state.stopped
    }

    /// Unit `n` is done: the next in order prints.
    pub fn finish(&self, n: usize) {
        let mut state = self.lock();
        state.waiting.entry(n).or_default().done = true;
        loop {
            let head = state.head;
            let Some(part) = state.waiting.remove(&head) else {
                break;
            };
            for piece in part.pieces {
                self.print_piece(&mut state, piece);
            }
            if !part.done {
                break;
            }
            state.head += 1;
            state.started = false;
        }
    }

    /// Whether output has stopped (`--max-errors`, or [`Sequence::stop`]).
    pub fn stopped(&self) -> bool {
        self.lock().stopped
    }

    /// Stops output, as reaching `max_errors` does.
    pub fn stop(&self) {
        self.lock().stopped = true;
    }

    /// The summary of everything printed.
    pub fn tally(self) -> Tally {
        self.state
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .tally
    }

    fn print_piece(&self, state: &mut State, mut piece: Piece) {
        if state.stopped && !(piece.always && state.started) {
            return;
        }
        if let Some(max) = state.max_errors {
            // The piece that reaches the most is cut after its last error
            // allowed: what follows that error is not printed either.
            let (errors, left) = (piece.tally.error_count(), max.saturating_sub(state.errors));
            if errors > 0
                && errors >= left
                && let Some(cut) = piece.cut.take()
            {
                piece = cut(left);
            }
        }
        (self.print)(&piece.out, &piece.err);
        state.started = true;
        state.errors += piece.tally.error_count();
        state.tally.add(piece.tally);
        if state.max_errors.is_some_and(|max| state.errors >= max) {
            state.stopped = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> Piece {
        Piece {
            out: text.as_bytes().to_vec(),
            ..Piece::default()
        }
    }

    /// A piece of `errors` errors, each a letter, which cut keeps the first
    /// ones and counts them.
    fn errors(letters: &'static str) -> Piece {
        let tally = |n: usize| {
            let mut tally = Tally::default();
            if n > 0 {
                tally.codes[0].insert("e".to_owned(), n);
            }
            tally
        };
        Piece {
            out: letters.as_bytes().to_vec(),
            tally: tally(letters.len()),
            cut: Some(Box::new(move |n| Piece {
                out: letters.as_bytes()[..n].to_vec(),
                tally: tally(n),
                ..Piece::default()
            })),
            ..Piece::default()
        }
    }

    #[test]
    fn stops_after_exactly_the_most_errors() {
        let printed = Mutex::new(Vec::new());
        let sequence = Sequence::new(
            |out: &[u8], _: &str| printed.lock().unwrap().extend_from_slice(out),
            Some(4),
        );
        sequence.emit(1, errors("de"));
        sequence.emit(0, errors("abc"));
        sequence.emit(0, piece(" "));
        sequence.finish(0);
        assert!(sequence.stopped());
        sequence.emit(
            1,
            Piece {
                always: true,
                ..errors("f")
            },
        );
        sequence.finish(1);
        assert_eq!(*printed.lock().unwrap(), b"abc d");
        assert_eq!(sequence.tally().error_count(), 4);
    }

    #[test]
    fn prints_in_the_order_of_the_work() {
        let printed = Mutex::new(Vec::new());
        let sequence = Sequence::new(
            |out: &[u8], _: &str| printed.lock().unwrap().extend_from_slice(out),
            None,
        );
        sequence.emit(1, piece("b1 "));
        sequence.emit(0, piece("a1 "));
        sequence.emit(2, piece("c1 "));
        sequence.finish(2);
        sequence.emit(1, piece("b2 "));
        sequence.finish(1);
        assert_eq!(*printed.lock().unwrap(), b"a1 ");
        sequence.emit(0, piece("a2 "));
        sequence.finish(0);
        assert_eq!(*printed.lock().unwrap(), b"a1 a2 b1 b2 c1 ");
    }
}
