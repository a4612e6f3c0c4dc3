//! Standard output as the commands write it. Once its reader has gone (a
//! pipe closed early, as `hirp validate games/ | head -1` leaves it), what is
//! written there is dropped: the command still does all its work, reports
//! on standard error, and exits with the status it would have had.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a write found standard output closed.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Standard output, which takes and drops everything once its reader has
/// gone; any other failure is an error.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        dropped_once_closed(|| io::stdout().lock().write(buf), buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        dropped_once_closed(|| io::stdout().lock().flush(), ())
    }
}

/// Runs `write` on standard output unless it is closed; when it is (or the
/// write finds it so), what `write` would have done counts as `done`.
fn dropped_once_closed<T>(write: impl FnOnce() -> io::Result<T>, done: T) -> io::Result<T> {
    if CLOSED.load(Ordering::Relaxed) {
        return Ok(done);
    }
    match write() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
            Ok(done)
        }
        other => other,
    }
}
