//! Standard output as the commands write it. Once its reader has gone (a
//! pipe closed early, as `hirp validate games/ | head -1` leaves it), what is
//! written there is dropped: the command still does all its work, reports
//! on standard error, and exits with the status it would have had.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use super::input::io_reason;

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

/// Writes to standard output (dropped once it is closed, see [`Stdout`]).
pub fn write_stdout(text: &str) -> Result<(), String> {
    Stdout
        .write_all(text.as_bytes())
        .and_then(|()| Stdout.flush())
        .map_err(|e| format!("cannot write to standard output: {}", io_reason(&e)))
}

/// Writes a record's text to standard output: as it is through a pipe or
/// into a file, so that nothing of it is lost; with the characters that
/// would act on a terminal escaped (`\u{1b}`) when standard output is one,
/// so that a record cannot retitle the window or clear the screen.
pub fn write_record_stdout(text: &str) -> Result<(), String> {
    if io::stdout().is_terminal() {
        write_stdout(&for_terminal(text))
    } else {
        write_stdout(text)
    }
}

/// `text` with each line's characters that would act on a terminal
/// escaped, its line ends (`\n`, `\r\n`) kept.
fn for_terminal(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c != '\n' && hirp::core::must_escape(c))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix("\r\n") {
            Some(body) => (body, "\r\n"),
            None => line
                .strip_suffix('\n')
                .map_or((line, ""), |body| (body, "\n")),
        };
        out.push_str(&hirp::core::escape(body));
        out.push_str(end);
    }
    Cow::Owned(out)
}

/// The columns output is shown in: the terminal's, or `COLUMNS` when
/// standard output is not a terminal; `None` when neither says.
pub fn output_columns() -> Option<usize> {
    let terminal = io::stdout()
        .is_terminal()
        .then(|| crossterm::terminal::size().ok())
        .flatten()
        .map(|(columns, _)| usize::from(columns));
    terminal.or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
}
