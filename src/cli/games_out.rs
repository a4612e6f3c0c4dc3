//! Games written one after another, as their records write them, to
//! standard output or to a file: what `select`, `dedupe` and `convert`
//! write.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use super::input::io_reason;
use super::stdout::Stdout;

/// Games written through one buffer, the first error of writing kept.
pub struct GamesOut {
    out: BufWriter<Box<dyn Write>>,
    /// The games written.
    games: usize,
    /// The first error of writing, after which nothing more is written.
    failed: Option<io::Error>,
}

impl GamesOut {
    /// Writes to the file at `path`, created or emptied, else to standard
    /// output.
    pub fn open(path: Option<&str>) -> Result<GamesOut, String> {
        let out: Box<dyn Write> = match path {
            Some(path) => Box::new(
                File::create(path)
                    .map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))?,
            ),
            None => Box::new(Stdout),
        };
        Ok(GamesOut {
            out: BufWriter::with_capacity(1 << 16, out),
            games: 0,
            failed: None,
        })
    }

    /// Writes a game's text, after `between` when one was written before
    /// (a blank line, or nothing where a game is a line); `false` once
    /// writing failed.
    pub fn write(&mut self, text: &str, between: &str) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let gap = if self.games > 0 { between } else { "" };
        self.games += 1;
        let written = self
            .out
            .write_all(gap.as_bytes())
            .and_then(|()| self.out.write_all(text.as_bytes()));
        if let Err(e) = written {
            self.failed = Some(e);
        }
        self.failed.is_none()
    }

    /// Whether writing failed.
    pub fn failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Writes out what the buffer holds: the first error, if any.
    pub fn finish(&mut self) -> io::Result<()> {
        match self.failed.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }
}
