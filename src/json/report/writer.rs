//! A [`Validation`](super::Validation) written in pieces: the document's
//! start, each file's start, its games one at a time and its end, and the
//! document's end.
//!
//! The document's start and end are fixed bytes; a file's pieces go to the
//! writer they are given, so that files checked in parallel can be written
//! into buffers of their own and printed in order, and a file of any size in
//! flat memory. Put together in document order, the pieces are the bytes
//! `serde_json` writes for the whole document (compact); the values in them
//! are serialised from the report's types.
//!
//! ```
//! use hirp::json::report::Validation;
//! use hirp::json::report::writer::{self, FileWriter};
//!
//! let mut out = writer::BEGIN.to_vec();
//! let file = FileWriter::begin(&mut out, 0, "empty.hirp")?;
//! file.end(&mut out, &[], Some("it holds no game"))?;
//! out.extend_from_slice(writer::END);
//! let expected = r#"{"files":[{"path":"empty.hirp","games":[],"diagnostics":[],"error":"it holds no game"}]}"#;
//! assert_eq!(String::from_utf8(out.clone())?, expected);
//! let read: Validation = serde_json::from_slice(&out)?;
//! assert_eq!(read.files[0].error.as_deref(), Some("it holds no game"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use super::{Diagnostic, GameValidation};

/// The document's start, before its first file.
pub const BEGIN: &[u8] = b"{\"files\":[";

/// The document's end, after its last file (with no newline).
pub const END: &[u8] = b"]}";

/// Writes one file's validation: its start, its games, its end.
///
/// ```
/// use hirp::any::AnyFamily;
/// use hirp::json::report::writer::{self, FileWriter};
/// use hirp::json::report::{FileValidation, LineIndex, Validation, game_validation};
///
/// let record = "G1 KeHeiHei /\nS1 He7He8He7 /\n";
/// let mut games = Vec::new();
/// AnyFamily::HIRP.check(record.as_bytes(), None, Default::default(), |game| {
///     let lines = LineIndex::excerpt(game.text, game.offset, game.line);
///     games.push(game_validation(&game.verdict, game.standing.as_ref(), &lines));
///     true
/// })?;
/// let error = "cannot read gone.hirp: no such file or directory";
///
/// let mut out = writer::BEGIN.to_vec();
/// let mut file = FileWriter::begin(&mut out, 0, "game.hirp")?;
/// for game in &games {
///     file.game(&mut out, game)?;
/// }
/// file.end(&mut out, &[], None)?;
/// FileWriter::begin(&mut out, 1, "gone.hirp")?.end(&mut out, &[], Some(error))?;
/// out.extend_from_slice(writer::END);
///
/// let whole = Validation {
///     files: vec![
///         FileValidation {
///             path: "game.hirp".to_owned(),
///             games,
///             diagnostics: Vec::new(),
///             error: None,
///         },
///         FileValidation {
///             path: "gone.hirp".to_owned(),
///             games: Vec::new(),
///             diagnostics: Vec::new(),
///             error: Some(error.to_owned()),
///         },
///     ],
/// };
/// assert_eq!(out, serde_json::to_vec(&whole)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FileWriter {
    /// Games written so far.
    games: usize,
}

impl FileWriter {
    /// Begins the validation of the file read from `path`, number `index`
    /// (from 0) in the document: every file before it is written before it.
    pub fn begin(out: &mut impl Write, index: usize, path: &str) -> io::Result<FileWriter> {
        if index > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"path\":")?;
        serde_json::to_writer(&mut *out, path)?;
        out.write_all(b",\"games\":[")?;
        Ok(FileWriter { games: 0 })
    }

    /// Writes the file's next game.
    pub fn game(&mut self, out: &mut impl Write, game: &GameValidation) -> io::Result<()> {
        if self.games > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, game)?;
        self.games += 1;
        Ok(())
    }

    /// Ends the file with its problems in no game and, if it could not be
    /// read to its end, why.
    pub fn end(
        self,
        out: &mut impl Write,
        diagnostics: &[Diagnostic],
        error: Option<&str>,
    ) -> io::Result<()> {
        out.write_all(b"],\"diagnostics\":")?;
        serde_json::to_writer(&mut *out, diagnostics)?;
        if let Some(error) = error {
            out.write_all(b",\"error\":")?;
            serde_json::to_writer(&mut *out, error)?;
        }
        out.write_all(b"}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{FileValidation, Fix, GameResult, MatchStanding, Validation, Winner};
    use super::*;

    fn diagnostic(offset: usize, help: Option<&str>, fix: Option<Fix>) -> Diagnostic {
        Diagnostic {
            severity: "error".to_owned(),
            code: "hirp::step::crew".to_owned(),
            message: "no Karve there carries \"that\" crew".to_owned(),
            label: "the Karve on 9 carries 2 Hirþs".to_owned(),
            turn: (offset > 0).then(|| "S3".to_owned()),
            line: 6,
            column: 11,
            offset,
            length: 4,
            help: help.map(str::to_owned),
            fix,
        }
    }

    fn game(n: u32) -> GameValidation {
        GameValidation {
            valid: n.is_multiple_of(2),
            turns: n as usize,
            result: (n > 1).then_some(GameResult {
                winner: Winner::of(Some("silfr")),
                victory: "drepid".to_owned(),
                points: Some(10),
            }),
            diagnostics: (0..n as usize)
                .map(|k| {
                    diagnostic(
                        k,
                        (k > 0).then_some("write `Khh97`"),
                        (k > 1).then_some(Fix {
                            offset: k,
                            length: 4,
                            replacement: "Khh97".to_owned(),
                        }),
                    )
                })
                .collect(),
            r#match: (n > 2).then(|| MatchStanding {
                name: (n > 3).then(|| "Cup final".to_owned()),
                game: n,
                score: [5, 0],
                winner: (n > 4).then(|| "Ragna".to_owned()),
            }),
        }
    }

    /// Writes `validation` piece by piece, as `hirp validate` does.
    fn pieces(validation: &Validation) -> Vec<u8> {
        let mut out = BEGIN.to_vec();
        for (index, file) in validation.files.iter().enumerate() {
            let mut writer = FileWriter::begin(&mut out, index, &file.path).unwrap();
            for game in &file.games {
                writer.game(&mut out, game).unwrap();
            }
            writer
                .end(&mut out, &file.diagnostics, file.error.as_deref())
                .unwrap();
        }
        out.extend_from_slice(END);
        out
    }

    #[test]
    fn pieces_make_the_bytes_of_the_whole_document() {
        let file = |path: &str, games: u32, loose: usize, error: Option<&str>| FileValidation {
            path: path.to_owned(),
            games: (0..games).map(game).collect(),
            diagnostics: (0..loose).map(|k| diagnostic(k, None, None)).collect(),
            error: error.map(str::to_owned),
        };
        let documents = [
            Validation { files: Vec::new() },
            Validation {
                files: vec![file("empty.hirp", 0, 0, None)],
            },
            Validation {
                files: vec![
                    file("a \"quoted\" path\n.hirp", 6, 0, None),
                    file("-", 0, 2, None),
                    file(
                        "gone.hirp",
                        0,
                        0,
                        Some("cannot read gone.hirp: no such file"),
                    ),
                    file(
                        "cut.hirp",
                        3,
                        1,
                        Some("cannot read cut.hirp: Input/output error"),
                    ),
                ],
            },
        ];
        for validation in &documents {
            let bytes = pieces(validation);
            assert_eq!(
                String::from_utf8(bytes.clone()).unwrap(),
                serde_json::to_string(validation).unwrap()
            );
            let back: Validation = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(&back, validation);
        }
    }
}
