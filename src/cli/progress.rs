//! What `hirp validate` prints while it works: its output, and a progress
//! bar around it; the bar of `select`, `stats`, `dedupe` and `split`.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{input::io_reason, stdout::Stdout};

/// A progress bar on standard error, shown only on a terminal and only once
/// the work has taken more than a second (`HIRP_PROGRESS_DELAY_MS` says
/// how long otherwise); everything printed goes through it, so that it is
/// drawn around.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    delay: Duration,
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
        let delay = std::env::var("HIRP_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(Duration::from_secs(1), Duration::from_millis);
        Progress {
            bar,
            start: Instant::now(),
            delay,
            terminal: std::io::stderr().is_terminal(),
            failure: Mutex::new(None),
        }
    }

    /// A bar for work on `total` bytes whose output is written elsewhere
    /// than through it: none is drawn when that output goes to the
    /// terminal too (`output_shown`), where the bar would break into it.
    pub fn beside(total: u64, output_shown: bool) -> Progress {
        let mut progress = Progress::new(total);
        progress.terminal &= !output_shown;
        progress
    }

    /// The work is done up to byte `bytes`.
    pub fn at(&self, bytes: u64) {
        if self.terminal {
            self.advance(bytes.saturating_sub(self.bar.position()));
        }
    }

    /// Clears the bar, if it was drawn.
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }

    /// `bytes` more of the work are done.
    pub fn advance(&self, bytes: u64) {
        // Off a terminal the bar is never drawn: nothing to count, and no
        // clock to read for every game.
        if !self.terminal {
            return;
        }
        self.bar.inc(bytes);
        if self.bar.is_hidden() && self.start.elapsed() >= self.delay {
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

/// The sizes of the files at `paths`, as their places in one run's work:
/// each file's first byte, counted over the files before it, and the
/// bytes of them all (standard input and a file that cannot be read count
/// none).
pub fn places(paths: &[String]) -> (Vec<u64>, u64) {
    let mut total = 0;
    let starts = paths
        .iter()
        .map(|path| {
            let start = total;
            if path != "-" {
                total += std::fs::metadata(path).map_or(0, |m| m.len());
            }
            start
        })
        .collect();
    (starts, total)
}
