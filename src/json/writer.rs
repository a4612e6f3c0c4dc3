//! A [`Document`](super::Document) written game by game, so that records of
//! any size, of either family, become JSON in flat memory.
//!
//! The bytes are those `serde_json` writes for the whole document, compact or
//! pretty (a test checks it); only one game is held at a time.

use std::io::{self, Write};

use serde::Serialize;

use super::export::{comments, game};
use crate::syntax::ast;
use crate::tafl;
use crate::tafl::syntax::Form;

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
///
/// A tafl record's file is written from the records its pieces read as:
///
/// ```
/// use hirp::tafl::syntax::{Form, parse};
///
/// let parsed = parse("d2-e2 timeout,0,0,White\n", Form::Csv);
/// let mut writer = hirp::json::DocumentWriter::new(Vec::new(), false);
/// writer.begin_tafl_file("games.csv", Form::Csv).unwrap();
/// writer.tafl_games(&parsed.record).unwrap();
/// writer.end_tafl_file().unwrap();
/// let bytes = writer.finish().unwrap();
/// let document = hirp::json::Document {
///     files: vec![hirp::tafl::json::file("games.csv", &parsed.record).into()],
/// };
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
    /// The current file is an archive read with its header.
    header: bool,
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
            header: false,
            buffer: Vec::new(),
        }
    }

    /// Begins the record of the HIRP file read from `path`.
    pub fn begin_file(&mut self, path: &str) -> io::Result<()> {
        self.begin(path, None)
    }

    /// Begins the record of the tafl file of `form` read from `path`.
    pub fn begin_tafl_file(&mut self, path: &str, form: Form) -> io::Result<()> {
        self.begin(path, Some(form))
    }

    /// Begins a file's record: its path, its form if it is a tafl record's,
    /// and the opening of its games.
    fn begin(&mut self, path: &str, form: Option<Form>) -> io::Result<()> {
        let path = serde_json::to_string(path)?;
        let form = form.map(Form::extension);
        match (self.pretty, self.files) {
            (false, 0) => write!(self.out, "{{\"files\":[{{\"path\":{path}")?,
            (false, _) => write!(self.out, ",{{\"path\":{path}")?,
            (true, 0) => write!(
                self.out,
                "{{\n  \"files\": [\n    {{\n      \"path\": {path}"
            )?,
            (true, _) => write!(self.out, ",\n    {{\n      \"path\": {path}")?,
        }
        match (self.pretty, form) {
            (_, None) => {}
            (false, Some(form)) => write!(self.out, ",\"form\":\"{form}\"")?,
            (true, Some(form)) => write!(self.out, ",\n      \"form\": \"{form}\"")?,
        }
        if self.pretty {
            self.out.write_all(b",\n      \"games\": [")?;
        } else {
            self.out.write_all(b",\"games\":[")?;
        }
        self.files += 1;
        self.games = 0;
        self.header = false;
        Ok(())
    }

    /// Writes one game of the current HIRP file.
    pub fn game(&mut self, source: &ast::Game) -> io::Result<()> {
        self.entry(&game(source))
    }

    /// Writes the games of `record`, read from the current tafl file (the
    /// whole file, or a piece of it in file order), and notes an archive's
    /// header.
    pub fn tafl_games(&mut self, record: &tafl::syntax::Record) -> io::Result<()> {
        match record {
            tafl::syntax::Record::Otg(record) => {
                for game in &record.games {
                    self.entry(&tafl::json::otg_game(game))?;
                }
            }
            tafl::syntax::Record::Csv(record) => {
                self.header |= record.header.is_some();
                for game in &record.games {
                    self.entry(&tafl::json::csv_game(game))?;
                }
            }
        }
        Ok(())
    }

    /// Writes one game, the JSON of `game`, of the current file.
    fn entry(&mut self, game: &impl Serialize) -> io::Result<()> {
        if self.pretty {
            self.out
                .write_all(if self.games == 0 { b"\n" } else { b",\n" })?;
            self.buffer.clear();
            serde_json::to_writer_pretty(&mut self.buffer, game)?;
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
            serde_json::to_writer(&mut self.out, game)?;
        }
        self.games += 1;
        Ok(())
    }

    /// Ends the current HIRP file's record with the comments after its last
    /// game.
    pub fn end_file(&mut self, closing: &[ast::Comment]) -> io::Result<()> {
        let closing = comments(closing);
        self.end((!closing.is_empty()).then_some(("comments", &closing)))
    }

    /// Ends the current tafl file's record, with the header an archive's
    /// games were read with.
    pub fn end_tafl_file(&mut self) -> io::Result<()> {
        let header = self.header;
        self.end(header.then_some(("header", &true)))
    }

    /// Ends the current file's record: its games, then the field after
    /// them, if any.
    fn end(&mut self, after: Option<(&str, &impl Serialize)>) -> io::Result<()> {
        if self.pretty {
            if self.games > 0 {
                self.out.write_all(b"\n      ")?;
            }
            self.out.write_all(b"]")?;
            if let Some((name, value)) = after {
                self.buffer.clear();
                serde_json::to_writer_pretty(&mut self.buffer, value)?;
                write!(self.out, ",\n      \"{name}\": ")?;
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
            if let Some((name, value)) = after {
                write!(self.out, ",\"{name}\":")?;
                serde_json::to_writer(&mut self.out, value)?;
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
