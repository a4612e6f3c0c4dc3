//! JSON text read back as a document's file entries or as JSON Lines'
//! values, each to be read as the family it names, and a value read into
//! a type with the JSON path of what does not fit.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;

use super::JsonError;

/// JSON text as values, each left as its text until read: a document's
/// file entries, or one value a game line, each with the line it starts
/// on. Nothing is built of a value before it is read, so that a large
/// document is read one game at a time.
pub(crate) enum Values<'a> {
    /// The entries of a document's `files`.
    Entries(Vec<&'a RawValue>),
    /// JSON Lines, each value with its line.
    Lines(Vec<(usize, &'a RawValue)>),
}

/// The values of JSON text: a document (one object with `files`), or JSON
/// Lines.
pub(crate) fn values(text: &str) -> Result<Values<'_>, JsonError> {
    let values = json_values(text)?;
    if let [(_, only)] = values[..]
        && let Some(top) = Object::of(only).filter(|o| o.get("files").is_some())
    {
        let (_, files): (Entries, _) = top.typed(|value| typed(value, ""), "files")?;
        return Ok(Values::Entries(files));
    }
    Ok(Values::Lines(values))
}

/// The JSON values of a text, one after another, each with the line it
/// starts on.
fn json_values(text: &str) -> Result<Vec<(usize, &RawValue)>, JsonError> {
    let mut values = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<&RawValue>();
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
            Some(Ok(value)) => {
                too_deep(text, value)?;
                values.push((line + leading, value));
            }
            Some(Err(e)) => {
                return Err(JsonError::Syntax {
                    message: e.to_string(),
                });
            }
        }
    }
}

/// Nesting at which JSON is refused, as serde_json refuses it when it
/// builds a value: a value is only found, not built, before it is read.
const DEPTH: usize = 128;

/// An error if `raw`, a value of `text`, nests arrays and objects
/// [`DEPTH`] deep, where they reach it.
fn too_deep(text: &str, raw: &RawValue) -> Result<(), JsonError> {
    let bytes = raw.get().as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    for (n, &b) in bytes.iter().enumerate() {
        if in_string {
            (escaped, in_string) = (!escaped && b == b'\\', escaped || b != b'"');
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth -= 1,
            _ => {}
        }
        if depth == DEPTH {
            // Where it is in the whole text, as serde_json says it.
            let at = raw.get().as_ptr() as usize - text.as_ptr() as usize + n;
            let before = &text.as_bytes()[..at];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            let column = at
                - before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1)
                + 1;
            return Err(JsonError::Syntax {
                message: format!("recursion limit exceeded at line {line} column {column}"),
            });
        }
    }
    Ok(())
}

/// A JSON object's fields as their text, in the order written.
pub(crate) struct Object<'a>(Vec<(String, &'a RawValue)>);

impl<'a> Object<'a> {
    /// The fields of `raw`, if it is an object.
    pub(crate) fn of(raw: &'a RawValue) -> Option<Object<'a>> {
        if !raw.get().starts_with('{') {
            return None;
        }
        serde_json::from_str(raw.get()).ok()
    }

    /// The text of the field `key`, the last if written twice.
    pub(crate) fn get(&self, key: &str) -> Option<&'a RawValue> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// The object read by `read` with its field `list` read as empty (if it
    /// is an array), and that array's items, each as its text: the fields
    /// are checked as they were before, and the items are left to be read
    /// one at a time.
    pub(crate) fn typed<T>(
        &self,
        read: impl FnOnce(Value) -> Result<T, JsonError>,
        list: &str,
    ) -> Result<(T, Vec<&'a RawValue>), JsonError> {
        let mut object = serde_json::Map::new();
        let mut items = Vec::new();
        for (key, raw) in &self.0 {
            let value = if key == list && raw.get().starts_with('[') {
                // Valid JSON already: its items are found, not built.
                items = serde_json::from_str(raw.get()).map_err(|e| JsonError::Syntax {
                    message: e.to_string(),
                })?;
                Value::Array(Vec::new())
            } else {
                serde_json::from_str(raw.get()).map_err(|e| JsonError::Syntax {
                    message: e.to_string(),
                })?
            };
            object.insert(key.clone(), value);
        }
        Ok((read(Value::Object(object))?, items))
    }
}

impl<'de> Deserialize<'de> for Object<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = Object<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Self::Value, M::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry::<String, &'de RawValue>()? {
                    fields.push(field);
                }
                Ok(Object(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// A value as much as `form` needs of it: an array or an object stands as
/// an empty one, so that what is not read is never built; any other value
/// whole.
pub(crate) fn shallow(raw: &RawValue) -> Value {
    match raw.get().as_bytes().first() {
        Some(b'[') => Value::Array(Vec::new()),
        Some(b'{') => Value::Object(serde_json::Map::new()),
        _ => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
    }
}

/// Deserializes the value written at `at` in a document from its text,
/// reporting the path of the first mismatch within it (`files[0].path`),
/// as [`typed_within`] does, with nothing built of it but `T`.
pub(crate) fn typed_text_within<T: DeserializeOwned>(
    raw: &RawValue,
    at: &str,
) -> Result<T, JsonError> {
    from_text(raw, |inner| match inner.as_str() {
        "." => at.to_owned(),
        _ => format!("{at}.{inner}"),
    })
}

/// Deserializes a value from its text, reporting the path of the first
/// mismatch as [`typed`] does, with nothing built of it but `T`.
pub(crate) fn typed_text<T: DeserializeOwned>(raw: &RawValue, at: &str) -> Result<T, JsonError> {
    from_text(raw, |inner| match inner.as_str() {
        "." => at.to_owned(),
        _ => format!("{at}: {inner}"),
    })
}

/// Deserializes a value from its text; an error's path is `path` of the
/// path within it, and its message says what a value read whole would (no
/// line and column within the value's own text).
fn from_text<T: DeserializeOwned>(
    raw: &RawValue,
    path: impl FnOnce(String) -> String,
) -> Result<T, JsonError> {
    let mut deserializer = serde_json::Deserializer::from_str(raw.get());
    serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = path(e.path().to_string());
        let inner = e.into_inner();
        let message = inner.to_string();
        let position = format!(" at line {} column {}", inner.line(), inner.column());
        JsonError::Invalid {
            path,
            message: super::windowed(
                message
                    .strip_suffix(&position)
                    .unwrap_or(&message)
                    .to_owned(),
            ),
        }
    })
}

/// A document as first read: its file entries, each then read as the
/// family it names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entries {
    /// Read as empty: each entry is read on its own.
    #[serde(rename = "files")]
    _files: Vec<serde::de::IgnoredAny>,
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
        message: super::windowed(e.into_inner().to_string()),
    })
}
