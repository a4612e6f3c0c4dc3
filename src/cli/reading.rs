//! A record read piece by piece, its syntax errors reported as they come;
//! what is said of a record that holds no game, or not the one asked for.

use std::io;

use hirp::any::{AnyFamily, Job};
use hirp::core::family::Family;

use super::input::{io_reason, shown};
use super::report::{Reporter, Source};
use super::status::Status;

/// The error for a file that holds no game (nor any error): empty, or only
/// comments. A path that yields no record must not pass for a valid one.
pub fn holds_no_game(path: &str) -> String {
    format!("{} holds no game", shown(path))
}

/// A piece of a record read by [`each_chunk`]: the chunk as cut, its
/// decoded text and what it reads as, in the terms of the family `F`.
pub struct ReadChunk<'a, F: Family> {
    /// The chunk as cut.
    pub chunk: &'a F::Chunk,
    /// Its decoded text.
    pub text: &'a str,
    /// What was read.
    pub parsed: &'a F::Parsed,
}

/// Reads the chunks of a record of family `F` read from `path`, game by
/// game within the limits: syntax errors are reported as they come (status
/// 1), a failure to read ends it (status 2), and each piece goes to
/// `on_chunk`, whose error (writing) is returned.
pub fn each_chunk<F: Family>(
    chunks: impl IntoIterator<Item = io::Result<F::Chunk>>,
    path: &str,
    reporter: &Reporter,
    status: &mut Status,
    mut on_chunk: impl FnMut(ReadChunk<'_, F>) -> io::Result<()>,
) -> io::Result<()> {
    for chunk in chunks {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(e) => {
                reporter.error(&format!("cannot read {}: {}", shown(path), io_reason(&e)));
                *status = (*status).max(Status::Failure);
                break;
            }
        };
        let (text, parsed) = F::parse(&chunk);
        if F::broken(&parsed) {
            *status = (*status).max(Status::Invalid);
        }
        let mut problems = F::syntax_problems(&parsed);
        problems.retain(|p| reporter.shows(p));
        if !problems.is_empty() {
            let (offset, line) = F::start(&chunk);
            let source = Source::excerpt(path, &text, offset, line);
            reporter.emit_source(
                &source,
                problems.iter().map(|p| p as &dyn miette::Diagnostic),
            );
        }
        on_chunk(ReadChunk {
            chunk: &chunk,
            text: &text,
            parsed: &parsed,
        })?;
    }
    Ok(())
}

/// Reports a record of `family` that holds no game: its syntax errors, if
/// it has any, then that it has no game that could be read, or none at all;
/// returns status 1, as `validate` says of it.
pub fn no_game(family: AnyFamily, path: &str, bytes: &[u8], reporter: &Reporter) -> Status {
    if report_syntax(family, path, bytes, reporter) == Status::Invalid {
        reporter.error(&format!("{} has no game that could be read", shown(path)));
    } else {
        reporter.error(&holds_no_game(path));
    }
    Status::Invalid
}

/// Reports the syntax errors of the record `bytes` of `family`, read from
/// `path`; returns the status they make: 1 when there is an error.
pub fn report_syntax(family: AnyFamily, path: &str, bytes: &[u8], reporter: &Reporter) -> Status {
    struct Syntax<'a> {
        path: &'a str,
        bytes: &'a [u8],
        reporter: &'a Reporter,
    }
    impl Job for Syntax<'_> {
        type Output = Status;
        fn run<F: Family>(self, family: F, _: &F::Options) -> Status {
            let mut status = Status::Ok;
            let chunks = family.chunks(self.bytes);
            // Reading from memory cannot fail.
            let _ = each_chunk::<F>(chunks, self.path, self.reporter, &mut status, |_| Ok(()));
            status
        }
    }
    let syntax = Syntax {
        path,
        bytes,
        reporter,
    };
    family.run(None, syntax)
}

/// Why game `number` of the record at `path`, which holds `games` games
/// (at least one), cannot be shown.
pub fn no_such_game(path: &str, games: usize, number: usize) -> String {
    format!(
        "{} has {games} game{}; there is no game {number}",
        shown(path),
        if games == 1 { "" } else { "s" },
    )
}
