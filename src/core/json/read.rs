//! JSON text read back as a document's file entries or as JSON Lines'
//! values, each to be read as the family it names, and a value read into
//! a type with the JSON path of what does not fit.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::JsonError;

/// JSON text as values: a document's file entries, or one value a game
/// line, each with the line it starts on.
pub(crate) enum Values {
    /// The entries of a document's `files`.
    Entries(Vec<Value>),
    /// JSON Lines, each value with its line.
    Lines(Vec<(usize, Value)>),
}

/// The values of JSON text: a document (one object with `files`), or JSON
/// Lines.
pub(crate) fn values(text: &str) -> Result<Values, JsonError> {
    let mut values = json_values(text)?;
    let is_document = values.len() == 1
        && values[0]
            .1
            .as_object()
            .is_some_and(|o| o.contains_key("files"));
    if is_document {
        let (_, value) = values.remove(0);
        let document: Entries = typed(value, "")?;
        return Ok(Values::Entries(document.files));
    }
    Ok(Values::Lines(values))
}

/// The JSON values of a text, one after another, each with the line it
/// starts on.
fn json_values(text: &str) -> Result<Vec<(usize, Value)>, JsonError> {
    let mut values = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    // Lines counted as the stream goes, each byte once.
    let (mut counted, mut lines) = (0, 0);
    loop {
        let offset = stream.byte_offset();
        lines += text.as_bytes()[counted..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        counted = offset;
        let line = 1 + lines;
        let leading = text[stream.byte_offset()..]
            .bytes()
            .take_while(u8::is_ascii_whitespace)
            .filter(|&b| b == b'\n')
            .count();
        match stream.next() {
            None => return Ok(values),
            Some(Ok(value)) => values.push((line + leading, value)),
            Some(Err(e)) => {
                return Err(JsonError::Syntax {
                    message: e.to_string(),
                });
            }
        }
    }
}

/// A document as first read: its file entries, each then read as the
/// family it names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entries {
    files: Vec<Value>,
}

/// Deserializes a value, reporting the path of the first mismatch after
/// `at` and `: ` (`line 2: turns[0]`), or alone when `at` is empty.
pub(crate) fn typed<T: DeserializeOwned>(value: Value, at: &str) -> Result<T, JsonError> {
    deserialize(value, |inner| match (at.is_empty(), inner.as_str()) {
        (true, ".") => "the document".to_owned(),
        (true, _) => inner,
        (false, ".") => at.to_owned(),
        (false, _) => format!("{at}: {inner}"),
    })
}

/// Deserializes the value at `at` in a document, reporting the path of the
/// first mismatch within it (`files[0].path`).
pub(crate) fn typed_within<T: DeserializeOwned>(value: Value, at: &str) -> Result<T, JsonError> {
    deserialize(value, |inner| match inner.as_str() {
        "." => at.to_owned(),
        _ => format!("{at}.{inner}"),
    })
}

/// Deserializes a value; an error's path is `path` of the path within it.
fn deserialize<T: DeserializeOwned>(
    value: Value,
    path: impl FnOnce(String) -> String,
) -> Result<T, JsonError> {
    serde_path_to_error::deserialize(value).map_err(|e| JsonError::Invalid {
        path: path(e.path().to_string()),
        message: e.into_inner().to_string(),
    })
}
