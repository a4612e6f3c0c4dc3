//! What `hirp validate` prints while it works: its output, and a progress
//! bar around it.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{input::io_reason, stdout::Stdout};

/// A progress bar on standard error, shown only on a terminal and only once
/// the work has taken more than a second; everything printed goes through
/// it, so that it is drawn around.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    terminal: bool,
    /// The first failure to write to standard output.
    failure: Mutex<Option<String>>,
}

impl Progress {
    /// A bar for work on `total` bytes.
    pub fn new(total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            failure: Mutex::new(None),
        }
    }

    /// `bytes` more of the work are done.
    pub fn advance(&self, bytes: u64) {
        // Off a terminal the bar is never drawn: nothing to count, and no
        // clock to read for every game.
        if !self.terminal {
            return;
        }
        self.bar.inc(bytes);
        if self.bar.is_hidden() && self.start.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Prints `err` to standard error and `out` to standard output (where it
    /// is dropped once no one reads it).
    pub fn print(&self, out: &[u8], err: &str) {
        // Most games print nothing (`--quiet`): the bar is left alone.
        if out.is_empty() && err.is_empty() {
            return;
        }
        self.bar.suspend(|| {
            if !err.is_empty() {
                let _ = std::io::stderr().lock().write_all(err.as_bytes());
            }
            if !out.is_empty()
                && let Err(e) = Stdout.write_all(out)
            {
                self.failed(&e);
            }
        });
    }

    /// Clears the bar and prints `out`, the end of the output; `Err` with a
    /// message if standard output could not be written.
    pub fn finish(&self, out: &[u8]) -> Result<(), String> {
        self.bar.finish_and_clear();
        self.print(out, "");
        if let Err(e) = Stdout.flush() {
            self.failed(&e);
        }
        let failure = self
            .failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match failure.as_ref() {
            Some(message) => Err(message.clone()),
            None => Ok(()),
        }
    }

    /// Keeps the first failure to write to standard output.
    fn failed(&self, e: &std::io::Error) {
        let mut failure = self
            .failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        failure.get_or_insert_with(|| format!("cannot write to standard output: {}", io_reason(e)));
    }
}
