//! A problem as JSON writes it, with the line and column of the token at
//! fault: what `hirp validate --format json` and the pages of every family
//! write of a problem.
//!
//! ```
//! use hirp::core::json::problem::{LineIndex, diagnostic};
//!
//! let text = "G1 KeHeiHei /\nS1 He7He8HeHe /\n";
//! let parsed = hirp::hirp::parse(text);
//! let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
//! let written = diagnostic(&report.games[0].problems[0], &LineIndex::new(text));
//! assert_eq!(written.code, "hirp::turn::step_count");
//! assert_eq!((written.line, written.column, written.offset), (2, 4, 17));
//! let fix = written.fix.as_ref().unwrap();
//! assert_eq!((fix.offset, fix.length, fix.replacement.as_str()), (25, 2, ""));
//! let json = serde_json::to_string(&written).unwrap();
//! assert!(json.starts_with(r#"{"severity":"error","code":"hirp::turn::step_count","#));
//! ```

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::core::diagnostic::Problem;

/// A problem found in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diagnostic {
    /// `error`, `warning` or `advice`.
    pub severity: String,
    /// The stable code, `hirp::step::crew`.
    pub code: String,
    /// The one-line message.
    pub message: String,
    /// What the rules computed at the token.
    pub label: String,
    /// The turn, as the game's order labels it (`S3`), if the problem is in one.
    pub turn: Option<String>,
    /// The 1-based line of the token at fault.
    pub line: usize,
    /// The 1-based column (in characters) of the token at fault.
    pub column: usize,
    /// The byte offset of the token at fault.
    pub offset: usize,
    /// The token's length in bytes.
    pub length: usize,
    /// How to write it correctly, when there is a way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The one edit that fixes it, when there is exactly one (what `hirp fix`
    /// applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

/// An edit of the record's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fix {
    /// The byte offset of the text replaced.
    pub offset: usize,
    /// Its length in bytes (0 to insert).
    pub length: usize,
    /// What replaces it (empty to delete).
    pub replacement: String,
}

/// Line starts of a text, to turn byte offsets into lines and columns.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
    offset: usize,
    line: usize,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text`; `\n`, `\r\n` and a lone `\r` end lines.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (n, &b) in bytes.iter().enumerate() {
            if b == b'\n' || (b == b'\r' && bytes.get(n + 1) != Some(&b'\n')) {
                starts.push(n + 1);
            }
        }
        LineIndex {
            text,
            starts,
            offset: 0,
            line: 0,
        }
    }

    /// Indexes `text`, which starts at byte `offset` of its file after `line`
    /// lines; offsets given to [`LineIndex::line_column`] are the file's.
    pub fn excerpt(text: &'a str, offset: usize, line: usize) -> Self {
        let mut index = LineIndex::new(text);
        index.offset = offset;
        index.line = line;
        index
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.local_line_column(offset.saturating_sub(self.offset));
        (line + self.line, column)
    }

    fn local_line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (line, column + 1)
    }
}

/// The JSON of a problem.
pub fn diagnostic(problem: &Problem, lines: &LineIndex<'_>) -> Diagnostic {
    let (line, column) = lines.line_column(problem.span.start);
    Diagnostic {
        severity: problem.severity.name().to_owned(),
        code: problem.code.to_string(),
        message: problem.message.clone(),
        label: problem.label.clone(),
        turn: problem.turn.clone(),
        line,
        column,
        offset: problem.span.start,
        length: problem.span.len(),
        help: problem.help.clone(),
        fix: problem.fix.as_ref().map(|edit| Fix {
            offset: edit.span.start,
            length: edit.span.len(),
            replacement: edit.replacement.clone(),
        }),
    }
}
