//! A JSON document of files written a file and a game at a time, so that
//! records of any size, of any family, become JSON in flat memory: the
//! envelope `{"files": [...]}`, each file's path, the family and form it
//! names, its games, and a field after them. Each family writes its
//! records' entries into it ([`Family::json_entry`](crate::core::family::Family::json_entry)).
//!
//! The bytes are those `serde_json` writes for the whole document, compact
//! or pretty; only one game is held at a time.

use std::io::{self, Write};

use serde::Serialize;

/// Writes a JSON document one file and one game at a time.
///
/// ```
/// use hirp::core::family::Family;
/// use hirp::hirp::family::Hirp;
///
/// let text = "G1 KeHeiHei /\n\nG1 KeHeiHei /\n";
/// let mut writer = hirp::json::DocumentWriter::new(Vec::new(), false);
/// Hirp.json_entry(&mut writer, "game.hirp", None, &mut |each| {
///     for chunk in Hirp.chunks(text.as_bytes()) {
///         each(&Hirp::parse(&chunk?).1)?;
///     }
///     Ok(())
/// })?;
/// writer.unread("gone.hirp", "cannot read gone.hirp: no such file or directory")?;
/// let bytes = writer.finish()?;
///
/// let parsed = hirp::hirp::parse(text);
/// let files = vec![
///     hirp::hirp::json::file("game.hirp", &parsed.record).into(),
///     hirp::json::FileEntry::Unread(hirp::json::UnreadFile::new(
///         "gone.hirp",
///         "cannot read gone.hirp: no such file or directory",
///     )),
/// ];
/// let document = hirp::json::Document { files };
/// assert_eq!(bytes, serde_json::to_vec(&document).unwrap());
/// # Ok::<(), std::io::Error>(())
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

    /// Begins a file's record: its path, the `family` and `form` it names
    /// if any, and the opening of its games.
    pub fn begin_file(
        &mut self,
        path: &str,
        family: Option<&str>,
        form: Option<&str>,
    ) -> io::Result<()> {
        let path = serde_json::to_string(path)?;
        match (self.pretty, self.files) {
            (false, 0) => write!(self.out, "{{\"files\":[{{\"path\":{path}")?,
            (false, _) => write!(self.out, ",{{\"path\":{path}")?,
            (true, 0) => write!(
                self.out,
                "{{\n  \"files\": [\n    {{\n      \"path\": {path}"
            )?,
            (true, _) => write!(self.out, ",\n    {{\n      \"path\": {path}")?,
        }
        match (self.pretty, family) {
            (_, None) => {}
            (false, Some(family)) => write!(self.out, ",\"family\":\"{family}\"")?,
            (true, Some(family)) => write!(self.out, ",\n      \"family\": \"{family}\"")?,
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
        Ok(())
    }

    /// Writes one game, the JSON of `game`, of the current file.
    pub fn game(&mut self, game: &impl Serialize) -> io::Result<()> {
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

    /// Ends the current file's record: its games, then the field after
    /// them, if any, by its name and value.
    pub fn end_file(&mut self, after: Option<(&str, &impl Serialize)>) -> io::Result<()> {
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

    /// Writes the entry of `path`, which yields no record for the reason
    /// `error`: no game, and why.
    pub fn unread(&mut self, path: &str, error: &str) -> io::Result<()> {
        self.begin_file(path, None, None)?;
        self.end_file(Some(("error", &error)))
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
