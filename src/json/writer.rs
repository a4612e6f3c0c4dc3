//! A [`Document`](super::Document) written game by game, so that records of
//! any size become JSON in flat memory.
//!
//! The bytes are those `serde_json` writes for the whole document, compact or
//! pretty (a test checks it); only one game is held at a time.

use std::io::{self, Write};

use super::export::{comments, game};
use crate::syntax::ast;

/// Writes a JSON document one file and one game at a time.
///
/// ```
/// let parsed = hirp::parse("G1 KeHeiHei /\n");
/// let mut writer = hirp::json::DocumentWriter::new(Vec::new(), false);
/// writer.begin_file("game.hirp").unwrap();
/// for game in &parsed.record.games {
///     writer.game(game).unwrap();
/// }
/// writer.end_file(&parsed.record.comments).unwrap();
/// let bytes = writer.finish().unwrap();
/// let document = hirp::json::document([("game.hirp", &parsed.record)]);
/// assert_eq!(bytes, serde_json::to_vec(&document).unwrap());
/// ```
#[derive(Debug)]
pub struct DocumentWriter<W: Write> {
    out: W,
    pretty: bool,
    /// Files begun so far.
    files: usize,
    /// Games written in the current file.
    games: usize,
    /// A scratch buffer for one pretty game.
    buffer: Vec<u8>,
}

impl<W: Write> DocumentWriter<W> {
    /// A writer onto `out`, indented for reading when `pretty`.
    pub fn new(out: W, pretty: bool) -> Self {
        DocumentWriter {
            out,
            pretty,
            files: 0,
            games: 0,
            buffer: Vec::new(),
        }
    }

    /// Begins the record of the file read from `path`.
    pub fn begin_file(&mut self, path: &str) -> io::Result<()> {
        let path = serde_json::to_string(path)?;
        match (self.pretty, self.files) {
            (false, 0) => write!(self.out, "{{\"files\":[{{\"path\":{path},\"games\":[")?,
            (false, _) => write!(self.out, ",{{\"path\":{path},\"games\":[")?,
            (true, 0) => write!(
                self.out,
                "{{\n  \"files\": [\n    {{\n      \"path\": {path},\n      \"games\": ["
            )?,
            (true, _) => write!(
                self.out,
                ",\n    {{\n      \"path\": {path},\n      \"games\": ["
            )?,
        }
        self.files += 1;
        self.games = 0;
        Ok(())
    }

    /// Writes one game of the current file.
    pub fn game(&mut self, source: &ast::Game) -> io::Result<()> {
        let game = game(source);
        if self.pretty {
            self.out
                .write_all(if self.games == 0 { b"\n" } else { b",\n" })?;
            self.buffer.clear();
            serde_json::to_writer_pretty(&mut self.buffer, &game)?;
            self.out.write_all(b"        ")?;
            for line in self.buffer.split_inclusive(|&b| b == b'\n') {
                self.out.write_all(line)?;
                if line.ends_with(b"\n") {
                    self.out.write_all(b"        ")?;
                }
            }
        } else {
            if self.games > 0 {
                self.out.write_all(b",")?;
            }
            serde_json::to_writer(&mut self.out, &game)?;
        }
        self.games += 1;
        Ok(())
    }

    /// Ends the current file's record with the comments after its last game.
    pub fn end_file(&mut self, closing: &[ast::Comment]) -> io::Result<()> {
        let closing = comments(closing);
        if self.pretty {
            if self.games > 0 {
                self.out.write_all(b"\n      ")?;
            }
            self.out.write_all(b"]")?;
            if !closing.is_empty() {
                self.buffer.clear();
                serde_json::to_writer_pretty(&mut self.buffer, &closing)?;
                self.out.write_all(b",\n      \"comments\": ")?;
                for line in self.buffer.split_inclusive(|&b| b == b'\n') {
                    self.out.write_all(line)?;
                    if line.ends_with(b"\n") {
                        self.out.write_all(b"      ")?;
                    }
                }
            }
            self.out.write_all(b"\n    }")
        } else {
            self.out.write_all(b"]")?;
            if !closing.is_empty() {
                self.out.write_all(b",\"comments\":")?;
                serde_json::to_writer(&mut self.out, &closing)?;
            }
            self.out.write_all(b"}")
        }
    }

    /// Ends the document (with no newline after it) and returns the output.
    pub fn finish(mut self) -> io::Result<W> {
        match (self.pretty, self.files) {
            (false, 0) => self.out.write_all(b"{\"files\":[]}")?,
            (false, _) => self.out.write_all(b"]}")?,
            (true, 0) => self.out.write_all(b"{\n  \"files\": []\n}")?,
            (true, _) => self.out.write_all(b"\n  ]\n}")?,
        }
        self.out.flush()?;
        Ok(self.out)
    }
}
