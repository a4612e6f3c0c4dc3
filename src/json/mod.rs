//! JSON, the contract: the document `hirp json` writes and `hirp notation`
//! reads, holding the records of both families; its reader; the report of
//! `hirp validate --format json`; and the schemas of both.
//!
//! Each file's entry, and each line, names its record's family: `"family":
//! "hirp"`, whose types are [`crate::hirp::json`]'s, or `"family":
//! "tafl"` with the record's `form`, `otg`, `csv` or `ron`, whose types are
//! [`crate::tafl::json`]'s. Documents written by 0.2.0 name no family, and
//! still read: an entry that names a `form` is a tafl record, one that
//! names none HIRP's.
//!
//! ```
//! use hirp::json::Document;
//! use hirp::tafl::syntax::Form;
//!
//! let hirp = hirp::hirp::parse("G1 KeHeiHei /\nS1 He7He8He /\n");
//! let tafl = hirp::tafl::syntax::parse("d2-e2 e4-e1,0,0,\n", Form::Csv);
//! let document = Document {
//!     files: vec![
//!         hirp::hirp::json::file("game.hirp", &hirp.record).into(),
//!         hirp::tafl::json::file("games.csv", &tafl.record).into(),
//!     ],
//! };
//! let json = serde_json::to_string(&document).unwrap();
//!
//! let back = hirp::json::read_any_records(&json).unwrap();
//! assert_eq!(back[0].0, "game.hirp");
//! assert_eq!(back[0].1.to_string(), hirp.record.to_string());
//! assert_eq!(back[1].1.to_string(), tafl.record.to_string());
//! ```

mod read;
pub mod report;

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::core::json::DocumentWriter;
pub use crate::core::json::{JsonError, JsonSpan};
use crate::hirp::json::{File, GameLine};
pub use read::{read_any_records, read_records};

/// A JSON document: the records of one or more files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The files, in the order given.
    pub files: Vec<FileEntry>,
}

/// The document of the files' entries, in order.
impl FromIterator<FileEntry> for Document {
    fn from_iter<I: IntoIterator<Item = FileEntry>>(entries: I) -> Document {
        Document {
            files: entries.into_iter().collect(),
        }
    }
}

/// The record of one file, of either family: a tafl record says its form,
/// HIRP's does not. [`read_any_records`] reads it by the form it names, with
/// errors that name the JSON path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum FileEntry {
    /// A HIRP record.
    Hirp(File),
    /// An OpenTafl game file, `"form": "otg"`.
    Otg(crate::tafl::json::OtgFile),
    /// An archive of tafl games, one a line, `"form": "csv"`.
    Csv(crate::tafl::json::CsvFile),
    /// hnefatafl.org's archive, one game a line, `"form": "ron"`.
    Ron(crate::tafl::json::RonFile),
    /// A path given that yields no record: a file that cannot be read, a
    /// directory with no record to walk.
    Unread(UnreadFile),
}

/// The entry of a path given that yields no record, in its place among the
/// files, as `hirp validate --format json` lists it: no game, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnreadFile {
    /// The path as given (`-` for standard input).
    pub path: String,
    /// No game: nothing of the path was read.
    pub games: [crate::hirp::json::Game; 0],
    /// Why the path yields no record, as said on standard error.
    pub error: String,
}

impl UnreadFile {
    /// The entry of `path`, which yields no record for the reason `error`.
    ///
    /// ```
    /// let error = "cannot read nope.hirp: no such file or directory";
    /// let entry = hirp::json::UnreadFile::new("nope.hirp", error);
    /// assert_eq!(
    ///     serde_json::to_string(&entry).unwrap(),
    ///     format!(r#"{{"path":"nope.hirp","games":[],"error":"{error}"}}"#)
    /// );
    /// ```
    pub fn new(path: impl Into<String>, error: impl Into<String>) -> UnreadFile {
        UnreadFile {
            path: path.into(),
            games: [],
            error: error.into(),
        }
    }
}

/// One line of `hirp json --lines`: a game of either family, with the file
/// it comes from; a tafl game says its form, HIRP's does not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
#[schemars(title = "GameLine")]
pub enum Line {
    /// A HIRP game.
    Hirp(GameLine),
    /// A game of an OpenTafl game file.
    Otg(crate::tafl::json::OtgGameLine),
    /// A game of an archive.
    Csv(crate::tafl::json::CsvGameLine),
    /// A game of hnefatafl.org's archive.
    Ron(crate::tafl::json::RonGameLine),
}

impl From<File> for FileEntry {
    fn from(file: File) -> FileEntry {
        FileEntry::Hirp(file)
    }
}

impl From<GameLine> for Line {
    fn from(line: GameLine) -> Line {
        Line::Hirp(line)
    }
}

impl From<crate::tafl::json::TaflFile> for FileEntry {
    fn from(file: crate::tafl::json::TaflFile) -> FileEntry {
        match file {
            crate::tafl::json::TaflFile::Otg(file) => FileEntry::Otg(file),
            crate::tafl::json::TaflFile::Csv(file) => FileEntry::Csv(file),
            crate::tafl::json::TaflFile::Ron(file) => FileEntry::Ron(file),
        }
    }
}

impl From<crate::tafl::json::TaflLine> for Line {
    fn from(line: crate::tafl::json::TaflLine) -> Line {
        match line {
            crate::tafl::json::TaflLine::Otg(line) => Line::Otg(line),
            crate::tafl::json::TaflLine::Csv(line) => Line::Csv(line),
            crate::tafl::json::TaflLine::Ron(line) => Line::Ron(line),
        }
    }
}

/// A record read back from JSON, of either family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyRecord {
    /// A HIRP record.
    Hirp(crate::hirp::syntax::Record),
    /// A tafl record, in its form.
    Tafl(crate::tafl::syntax::Record),
}

impl AnyRecord {
    /// How many games it holds.
    pub fn len(&self) -> usize {
        match self {
            AnyRecord::Hirp(record) => record.games.len(),
            AnyRecord::Tafl(record) => record.len(),
        }
    }

    /// Whether it holds no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry of a document for the record read from `path`.
    pub fn entry(&self, path: &str) -> FileEntry {
        match self {
            AnyRecord::Hirp(record) => crate::hirp::json::file(path, record).into(),
            AnyRecord::Tafl(record) => crate::tafl::json::file(path, record).into(),
        }
    }
}

/// The record in canonical notation.
impl fmt::Display for AnyRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRecord::Hirp(record) => write!(f, "{record}"),
            AnyRecord::Tafl(record) => write!(f, "{record}"),
        }
    }
}

/// The JSON Schema of `hirp validate --format json`.
pub fn validation_schema() -> schemars::Schema {
    schemars::schema_for!(report::Validation)
}

/// The JSON Schema of a [`Document`] (`lines: false`) or of one [`Line`],
/// HIRP's and the tafl records' alike.
pub fn schema(lines: bool) -> schemars::Schema {
    if lines {
        schemars::schema_for!(Line)
    } else {
        schemars::schema_for!(Document)
    }
}
