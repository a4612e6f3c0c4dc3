//! What is left wrong in the record `hirp fix` writes, as `hirp validate`
//! finds it: the record is checked as it is written, on a thread of its
//! own, by the checks `validate` runs on a file (each game's, and those of
//! a HIRP match and of the whole file, which no piece checked alone can
//! make), so that what `fix` reports, counts and exits with is what
//! `validate` says of its output.
//!
//! A problem the check finds that `fix` found too in the piece it
//! corrected is reported as `fix` found it, with the repairs its search
//! lists; one `fix` did not find (a match's, a file's) is reported as the
//! check finds it. Either is reported as `fix` reports problems: pedantic
//! codes only with `--pedantic`, and advice with no fix left to
//! `validate`.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};

use hirp::Severity;
use hirp::any::RulesChoice;
use hirp::core::Depth;
use hirp::core::family::Judged;
use hirp::diagnostic::Problem;

use super::super::judged::check_reader;
use super::super::report::{Reporter, Source};

/// Which problems `fix` reports, and how.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reporting {
    /// `--pedantic`: every problem is reported.
    pub pedantic: bool,
    /// `--advice`: the fixes of advice are applied.
    pub advice: bool,
}

impl Reporting {
    /// Whether `fix` reports `problem`: every one under `--pedantic`;
    /// otherwise not those of pedantic codes, and not advice with no fix
    /// (no news to a fixer: `validate` says it).
    pub fn reports(self, problem: &Problem) -> bool {
        self.pedantic
            || (!problem.code.is_pedantic()
                && (problem.severity != Severity::Advice || problem.fix.is_some()))
    }

    /// Advice is reported with its fix, which is applied only when asked
    /// for (`--advice`): otherwise `problem`'s fix is taken off.
    pub fn strip_advice_fix(self, problem: &mut Problem) {
        if !self.advice && problem.severity == Severity::Advice {
            problem.fix = None;
        }
    }
}

/// The record `fix` writes, as its check needs it.
pub(super) struct Record<'a> {
    /// The path shown.
    pub path: &'a str,
    /// The rules a tafl record is replayed under, if given.
    pub rules: Option<&'a RulesChoice>,
    /// The threads the check reads and replays games on besides its own.
    pub workers: usize,
    /// Which problems are reported, and how.
    pub reporting: Reporting,
}

/// What the check of the record written found.
#[derive(Default)]
pub(super) struct Left {
    /// Its errors, as `validate` counts them.
    pub errors: usize,
    /// Its games.
    pub games: usize,
}

/// Parts of the record written, on their way to the check, at most this
/// many at a time: the writer waits for the check beyond them, so the
/// record is never held whole.
const QUEUE: usize = 16;

/// The record written is handed to the check at least this much at a time
/// (as `validate` reads a file), all of it when it is shorter.
const FILL: usize = 1 << 16;

/// What goes to the check, in the order of the record written.
enum Part {
    /// Bytes of the record, as written.
    Text(Vec<u8>),
    /// The problems `fix` found in the piece whose bytes come next, their
    /// spans in the record written.
    Found(Vec<Problem>),
}

/// The problems `fix` found and the check has not yet come to, by their
/// spans' start and end.
type Found = BTreeMap<(usize, usize), Vec<Problem>>;

/// What the writer and the check share besides the record.
#[derive(Default)]
struct Shared {
    found: Mutex<Found>,
    /// The writing failed: what was written is not the record, and the
    /// check stops.
    abandoned: AtomicBool,
}

/// The writer's end: hands the check the record as it is written, in
/// parts of at least [`FILL`] bytes (the last may be shorter).
pub(super) struct Written {
    parts: SyncSender<Part>,
    /// The bytes written and not yet handed over.
    pending: Vec<u8>,
}

impl Written {
    /// Hands over `bytes`, the next bytes of the record written.
    pub fn text(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        if self.pending.len() >= FILL {
            let full = std::mem::replace(&mut self.pending, Vec::with_capacity(FILL));
            self.send(Part::Text(full));
        }
    }

    /// Hands over the problems `fix` found in the piece written next,
    /// their spans in the record written.
    pub fn found(&mut self, problems: Vec<Problem>) {
        if !problems.is_empty() {
            self.send(Part::Found(problems));
        }
    }

    /// Hands over the bytes written and not yet handed over: the end of
    /// the record.
    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let rest = std::mem::take(&mut self.pending);
            self.send(Part::Text(rest));
        }
    }

    /// Sends `part` to the check, waiting while [`QUEUE`] parts wait for
    /// it.
    fn send(&self, part: Part) {
        // The check ends only once the writer is done, or once it failed:
        // what it would be handed is then of no use.
        let _ = self.parts.send(part);
    }
}

/// Runs `write`, which writes the corrected `record` and hands
/// each of its bytes to its [`Written`] in order, while another thread
/// checks the record so written as `validate` checks a file, reporting
/// what is wrong in it to `reporter` as it goes. Returns what `write`
/// returns, and what is left wrong; when `write` fails, the check stops
/// where it is.
pub(super) fn checked<T>(
    record: &Record<'_>,
    reporter: &Reporter,
    write: impl FnOnce(&mut Written) -> io::Result<T>,
) -> (io::Result<T>, Left) {
    let (parts, received) = sync_channel(QUEUE);
    let shared = Arc::new(Shared::default());
    std::thread::scope(|scope| {
        let check = scope.spawn(|| check_written(record, reporter, received, &shared));
        let mut written = Written {
            parts,
            pending: Vec::with_capacity(FILL),
        };
        let result = write(&mut written);
        if result.is_err() {
            shared.abandoned.store(true, Ordering::Relaxed);
        }
        // The check reads to the end of what was written.
        written.flush();
        drop(written);
        let left = check
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (result, left)
    })
}

/// Checks the record as `received` gives it, as `validate` checks a file,
/// reporting each game's problems as `fix` reports them.
fn check_written(
    record: &Record<'_>,
    reporter: &Reporter,
    received: Receiver<Part>,
    shared: &Arc<Shared>,
) -> Left {
    let reader = Received {
        parts: received,
        shared: Arc::clone(shared),
        buffer: Vec::new(),
        at: 0,
    };
    let mut left = Left::default();
    let on_game = |judged: Judged<'_>| {
        if shared.abandoned.load(Ordering::Relaxed) {
            return false;
        }
        let problems = as_fix_reports(record.reporting, shared, &judged);
        let errors = problems.iter().filter(|p| p.severity == Severity::Error);
        left.errors += errors.count();
        left.games += usize::from(judged.in_game);
        if !problems.is_empty() {
            let source = Source::excerpt(record.path, judged.text, judged.offset, judged.line);
            let diagnostics = problems.iter().map(|p| p as &dyn miette::Diagnostic);
            reporter.emit_source(&source, diagnostics);
        }
        true
    };
    // Reading what is handed over cannot fail, and an archive with no rule
    // set was refused before anything was fixed.
    let _ = check_reader(
        record.path,
        reader,
        record.rules,
        Depth::Rules,
        record.workers,
        on_game,
    );
    left
}

/// The problems the check found in a game, as `fix` reports them: each as
/// `fix` found it where it did, else as the check found it, if `fix`
/// reports such a problem.
fn as_fix_reports(reporting: Reporting, shared: &Shared, judged: &Judged<'_>) -> Vec<Problem> {
    let mut found = shared.found.lock().unwrap_or_else(PoisonError::into_inner);
    // What `fix` found before this chunk lies in games already checked.
    *found = found.split_off(&(judged.offset, 0));
    let mut reported = Vec::new();
    for problem in &judged.verdict.problems {
        let span = (problem.span.start, problem.span.end);
        let same = found.get_mut(&span).and_then(|there| {
            let at = there.iter().position(|p| p.code == problem.code)?;
            Some(there.remove(at))
        });
        match same {
            Some(as_found) => reported.push(as_found),
            None if reporting.reports(problem) => {
                let mut problem = problem.clone();
                reporting.strip_advice_fix(&mut problem);
                reported.push(problem);
            }
            None => {}
        }
    }
    reported
}

/// The record written, as the check reads it.
struct Received {
    parts: Receiver<Part>,
    shared: Arc<Shared>,
    /// The bytes received and not yet read, from `at`.
    buffer: Vec<u8>,
    at: usize,
}

impl Read for Received {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let there = self.fill_buf()?;
        let n = there.len().min(out.len());
        out[..n].copy_from_slice(&there[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Received {
    /// The bytes received and not yet read; when none are left, the next
    /// part of the record received (none at its end).
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at == self.buffer.len() {
            match self.parts.recv() {
                Ok(Part::Text(text)) => (self.buffer, self.at) = (text, 0),
                Ok(Part::Found(problems)) => {
                    let found = &self.shared.found;
                    let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
                    for problem in problems {
                        let span = (problem.span.start, problem.span.end);
                        found.entry(span).or_default().push(problem);
                    }
                }
                // The writer is done.
                Err(_) => break,
            }
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.buffer.len());
    }
}
