//! A [`Document`](super::Document) written game by game, so that records of
//! any size, of either family, become JSON in flat memory: the core's
//! [`EnvelopeWriter`] given each family's files and games.
//!
//! The bytes are those `serde_json` writes for the whole document, compact or
//! pretty (a test checks it); only one game is held at a time.

use std::io::{self, Write};

use crate::core::json::writer::EnvelopeWriter;
use crate::hirp::json::{comments, game};
use crate::hirp::syntax::ast;
use crate::tafl;
use crate::tafl::syntax::Form;

/// Writes a JSON document one file and one game at a time.
///
/// ```
/// let parsed = hirp::hirp::parse("G1 KeHeiHei /\n");
/// let mut writer = hirp::json::DocumentWriter::new(Vec::new(), false);
/// writer.begin_file("game.hirp").unwrap();
/// for game in &parsed.record.games {
///     writer.game(game).unwrap();
/// }
/// writer.end_file(&parsed.record.comments).unwrap();
/// let bytes = writer.finish().unwrap();
/// let entry = hirp::hirp::json::file("game.hirp", &parsed.record);
/// let document = hirp::json::Document { files: vec![entry.into()] };
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
    envelope: EnvelopeWriter<W>,
    /// The current file is an archive read with its header.
    header: bool,
}

impl<W: Write> DocumentWriter<W> {
    /// A writer onto `out`, indented for reading when `pretty`.
    pub fn new(out: W, pretty: bool) -> Self {
        DocumentWriter {
            envelope: EnvelopeWriter::new(out, pretty),
            header: false,
        }
    }

    /// Begins the record of the HIRP file read from `path`.
    pub fn begin_file(&mut self, path: &str) -> io::Result<()> {
        self.header = false;
        self.envelope.begin_file(path, Some("hirp"), None)
    }

    /// Begins the record of the tafl file of `form` read from `path`.
    pub fn begin_tafl_file(&mut self, path: &str, form: Form) -> io::Result<()> {
        self.header = false;
        self.envelope
            .begin_file(path, Some("tafl"), Some(form.extension()))
    }

    /// Writes one game of the current HIRP file.
    pub fn game(&mut self, source: &ast::Game) -> io::Result<()> {
        self.envelope.game(&game(source))
    }

    /// Writes the games of `record`, read from the current tafl file (the
    /// whole file, or a piece of it in file order), and notes an archive's
    /// header.
    pub fn tafl_games(&mut self, record: &tafl::syntax::Record) -> io::Result<()> {
        match record {
            tafl::syntax::Record::Otg(record) => {
                for game in &record.games {
                    self.envelope.game(&tafl::json::otg_game(game))?;
                }
            }
            tafl::syntax::Record::Csv(record) => {
                self.header |= record.header.is_some();
                for game in &record.games {
                    self.envelope.game(&tafl::json::csv_game(game))?;
                }
            }
        }
        Ok(())
    }

    /// Ends the current HIRP file's record with the comments after its last
    /// game.
    pub fn end_file(&mut self, closing: &[ast::Comment]) -> io::Result<()> {
        let closing = comments(closing);
        self.envelope
            .end_file((!closing.is_empty()).then_some(("comments", &closing)))
    }

    /// Ends the current tafl file's record, with the header an archive's
    /// games were read with.
    pub fn end_tafl_file(&mut self) -> io::Result<()> {
        let header = self.header;
        self.envelope.end_file(header.then_some(("header", &true)))
    }

    /// Writes the entry of `path`, which yields no record for the reason
    /// `error`: an [`UnreadFile`](super::UnreadFile).
    pub fn unread(&mut self, path: &str, error: &str) -> io::Result<()> {
        self.header = false;
        self.envelope.begin_file(path, None, None)?;
        self.envelope.end_file(Some(("error", &error)))
    }

    /// Ends the document (with no newline after it) and returns the output.
    pub fn finish(self) -> io::Result<W> {
        self.envelope.finish()
    }
}
