//! What the JSON of every family's records shares: a span as JSON writes
//! it, the errors of JSON that does not describe a record, which name
//! where in the JSON they are, and a problem as JSON writes it
//! ([`problem`]); the document's envelope, written a file and a game at a
//! time (`writer`) and read back as values each family reads (`read`).
//!
//! JSON that does not describe a record is an error that says where:
//!
//! ```
//! use hirp::core::json::JsonError;
//!
//! let error = hirp::json::read_records(r#"{"files": [{"path": 3}]}"#).unwrap_err();
//! assert!(matches!(error, JsonError::Invalid { .. }));
//! assert_eq!(error.to_string(), "files[0].path: invalid type: integer `3`, expected a string");
//!
//! let error = hirp::json::read_records(r#"{"files": [}"#).unwrap_err();
//! assert!(matches!(error, JsonError::Syntax { .. }));
//! ```

pub mod problem;
pub(crate) mod read;
mod writer;

use super::Span;

pub use writer::DocumentWriter;

/// Writes `line` as one line of JSON Lines.
pub(crate) fn json_line(
    out: &mut dyn std::io::Write,
    line: &impl serde::Serialize,
) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

/// A byte range `[start, end)` in the file, as JSON writes a [`Span`].
pub type JsonSpan = [usize; 2];

/// A span as JSON writes it.
pub(crate) fn span(span: Span) -> Option<JsonSpan> {
    Some([span.start, span.end])
}

/// A position of a game, as `hirp json --positions` writes it beside the
/// game's turns: the line `hirp position` prints for it, and its hash.
/// It is derived from the turns, and a record read back from JSON leaves
/// it aside.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Position")]
pub struct JsonPosition {
    /// The turn after which it stands, as the record writes its label
    /// (`S3`; a tafl move's address, `3b`); absent for the game's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// The position as `hirp position` prints it: the board, the side to
    /// move, the number of the turn it plays next (and a HIRP game's
    /// result once it is over).
    pub position: String,
    /// A 64-bit hash of the board and the side to move, as 16 hexadecimal
    /// digits (a JSON number holds no 64-bit integer exactly): HIRP's
    /// `hirp::hirp::position::hash`, a tafl position's Zobrist hash
    /// (`hirp::tafl::rules::Position::hash`, equal for equal positions of
    /// one rule set).
    #[schemars(regex(pattern = r"^[0-9a-f]{16}$"))]
    pub hash: String,
}

impl JsonPosition {
    /// The position whose line is `position` and hash `hash`, after the
    /// turn labelled `after` (`None`: the start).
    pub fn new(after: Option<String>, position: String, hash: u64) -> JsonPosition {
        JsonPosition {
            after,
            position,
            hash: format!("{hash:016x}"),
        }
    }
}

/// JSON that is not a record: not JSON at all, or JSON of another shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum JsonError {
    /// The text is not JSON: `{"files": [}`.
    #[error("not JSON: {message}")]
    #[diagnostic(
        code(hirp::json::syntax),
        help("`hirp notation` reads what `hirp json` writes, with or without `--lines`")
    )]
    Syntax {
        /// serde_json's description, with line and column.
        message: String,
    },
    /// JSON that does not describe a record: `{"files": [{"path": 3}]}`.
    #[error("{path}: {message}")]
    #[diagnostic(
        code(hirp::json::invalid),
        help("`hirp json --schema` prints the shape `hirp notation` reads")
    )]
    Invalid {
        /// Where in the JSON, as `files[0].games[1].turns[2]`.
        path: String,
        /// What is wrong there.
        message: String,
    },
}

/// The error of JSON at `path` that does not describe a record.
pub(crate) fn invalid(path: &str, message: impl Into<String>) -> JsonError {
    JsonError::Invalid {
        path: path.to_owned(),
        message: windowed(message.into()),
    }
}

/// The most characters of a value a message quotes whole.
const QUOTED: usize = 80;

/// `message` with each value it quotes between backquotes longer than
/// [`QUOTED`] characters cut to its first characters and how long it is:
/// a message about a value of megabytes stays a line.
///
/// ```text
/// `Qxxxx…` (300001 characters)
/// ```
pub(crate) fn windowed(message: String) -> String {
    let parts: Vec<&str> = message.split('`').collect();
    // The odd parts are quoted, when the backquotes pair up.
    if parts.len().is_multiple_of(2)
        || parts
            .iter()
            .skip(1)
            .step_by(2)
            .all(|q| q.chars().count() <= QUOTED)
    {
        return message;
    }
    let mut out = String::with_capacity(QUOTED * parts.len());
    for (n, part) in parts.iter().enumerate() {
        let length = part.chars().count();
        if n % 2 == 1 && length > QUOTED {
            let head: String = part.chars().take(QUOTED / 2).collect();
            out.push('`');
            out.push_str(&head);
            out.push_str(&format!("…` ({length} characters)"));
        } else {
            if n % 2 == 1 {
                out.push('`');
            }
            out.push_str(part);
            if n % 2 == 1 {
                out.push('`');
            }
        }
    }
    out
}

/// The span of a node at `at`: the default one when none is given.
pub(crate) fn convert_span(span: Option<[usize; 2]>, at: &str) -> Result<Span, JsonError> {
    match span {
        None => Ok(Span::default()),
        Some([start, end]) if start <= end => Ok(Span::new(start, end)),
        Some([start, end]) => Err(invalid(
            &format!("{at}.span"),
            format!("the span ends ({end}) before it starts ({start})"),
        )),
    }
}

/// Checks a node's `notation` against the canonical notation of its fields.
pub(crate) fn check_notation(
    notation: Option<&str>,
    canonical: &dyn std::fmt::Display,
    at: &str,
) -> Result<(), JsonError> {
    match notation {
        Some(written) if written != canonical.to_string() => Err(invalid(
            &format!("{at}.notation"),
            format!("`{written}` does not agree with the fields, which read `{canonical}`"),
        )),
        _ => Ok(()),
    }
}

/// Converts each item of the list at `at`, the item at `at[n]`.
pub(crate) fn each<T, U>(
    items: Vec<T>,
    at: &str,
    convert: impl Fn(T, &str) -> Result<U, JsonError>,
) -> Result<Vec<U>, JsonError> {
    items
        .into_iter()
        .enumerate()
        .map(|(n, item)| convert(item, &format!("{at}[{n}]")))
        .collect()
}

/// Converts each item of a list at `at`, read from its text (`at[0]`,
/// `at[1]`, ...), one at a time: what is held of the list is its items'
/// text and what they are converted into.
pub(crate) fn each_text<T: serde::de::DeserializeOwned, U>(
    items: Vec<&serde_json::value::RawValue>,
    at: &str,
    convert: impl Fn(T, &str) -> Result<U, JsonError>,
) -> Result<Vec<U>, JsonError> {
    each(items, at, |item, at| {
        convert(read::typed_text_within(item, at)?, at)
    })
}

/// Checks the tag name at `at`: a letter, then letters, digits and the
/// characters of `also`, as `rule` says in the error.
pub(crate) fn check_tag_name(
    name: &str,
    also: &[char],
    rule: &str,
    at: &str,
) -> Result<(), JsonError> {
    let mut chars = name.chars();
    let name_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || also.contains(&c));
    if name_ok {
        return Ok(());
    }
    Err(invalid(
        &format!("{at}.name"),
        format!("`{name}` is not a tag name: {rule}"),
    ))
}
