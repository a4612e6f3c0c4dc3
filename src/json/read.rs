//! JSON text back into records: one document or JSON Lines, each file entry
//! and each line read as the family it names, with errors that name the
//! JSON path.

use serde_json::value::RawValue;

use super::AnyRecord;
use crate::core::json::read::{
    Object, Values, shallow, typed_text, typed_text_within, typed_within, values,
};
use crate::core::json::{JsonError, invalid};
use crate::hirp::json::{self as hirp, GameLine};
use crate::tafl::json as tafl;
use crate::tafl::syntax::{Form, Record};

/// Reads JSON written by `hirp json` (a [`Document`](super::Document)) or
/// `hirp json --lines` (one [`GameLine`] per line) back into HIRP records,
/// with the path of each (an entry with an `error` holds none, and is left
/// out). A tafl record is an error here:
/// [`read_any_records`] reads both families.
pub fn read_records(text: &str) -> Result<Vec<(String, crate::hirp::syntax::Record)>, JsonError> {
    read(text, false)?
        .into_iter()
        .map(|(path, record)| match record {
            AnyRecord::Hirp(record) => Ok((path, record)),
            // `read` has refused it at its `form` already.
            AnyRecord::Tafl(record) => Err(hirp_only(&path, record.form())),
        })
        .collect()
}

/// Reads JSON written by `hirp json` (a [`Document`](super::Document)) or
/// `hirp json --lines` (one [`Line`](super::Line) per line) back into
/// records of either family, with the path of each: a file entry or line
/// that names a `form` is a tafl record of that form, one that names none
/// is HIRP's. An entry with an `error` (a path `hirp json` could not read,
/// an [`UnreadFile`](super::UnreadFile)) holds no record and is left out.
///
/// ```
/// use hirp::json::{AnyRecord, read_any_records};
///
/// let json = r#"{"files":[
///     {"path":"a.hirp","games":[]},
///     {"path":"b.csv","form":"csv","games":[{"plies":[{"kind":"timeout"}],
///      "attacker_captures":0,"defender_captures":0,"result":"White"}]}
/// ]}"#;
/// let records = read_any_records(json).unwrap();
/// assert!(matches!(records[0].1, AnyRecord::Hirp(_)));
/// assert_eq!(records[1].1.to_string(), "timeout,0,0,White\n");
/// ```
pub fn read_any_records(text: &str) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    read(text, true)
}

/// Reads a document or JSON Lines; a tafl record is an error unless `tafl`.
fn read(text: &str, tafl: bool) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    match values(text)? {
        Values::Entries(entries) => document_records(entries, tafl),
        Values::Lines(lines) => line_records(lines, tafl),
    }
}

/// The records of a document's entries, with their paths, each entry's
/// games read one at a time.
fn document_records(
    entries: Vec<&RawValue>,
    tafl: bool,
) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    let mut records = Vec::with_capacity(entries.len());
    for (n, entry) in entries.into_iter().enumerate() {
        let at = format!("files[{n}]");
        let Some(object) = Object::of(entry) else {
            // Not an object: no file entry, whatever it holds.
            let _: hirp::File = typed_text_within(entry, &at)?;
            continue;
        };
        if object.get("error").is_some() {
            // A path that yielded no record: no game, and why.
            let (_, games): (super::UnreadFile, _) =
                object.typed(|v| typed_within(v, &at), "games")?;
            if !games.is_empty() {
                return Err(invalid(
                    &format!("{at}.games"),
                    format!(
                        "invalid length {}, expected fewer elements in array",
                        games.len()
                    ),
                ));
            }
            continue;
        }
        records.push(entry_record(&object, &at, tafl)?);
    }
    Ok(records)
}

/// The record of the document's entry at `at`, with its path: the entry's
/// fields read first, then its games one at a time.
fn entry_record(entry: &Object, at: &str, tafl: bool) -> Result<(String, AnyRecord), JsonError> {
    Ok(match form_of(entry, at, tafl)? {
        None => {
            let (file, games) = entry.typed(|v| typed_within(v, at), "games")?;
            let (path, record) = hirp::file_record(file, games, at)?;
            (path, AnyRecord::Hirp(record))
        }
        Some(Form::Otg | Form::OpenTaflJson | Form::Pgn) => {
            let (file, games) = entry.typed(|v| typed_within(v, at), "games")?;
            tafl::otg_file(file, games, at).map(|(path, record)| (path, AnyRecord::Tafl(record)))?
        }
        Some(Form::Ron) => {
            let (file, games) = entry.typed(|v| typed_within(v, at), "games")?;
            tafl::ron_file(file, games, at).map(|(path, record)| (path, AnyRecord::Tafl(record)))?
        }
        Some(Form::Csv) => {
            let (file, games) = entry.typed(|v| typed_within(v, at), "games")?;
            tafl::csv_file(file, games, at).map(|(path, record)| (path, AnyRecord::Tafl(record)))?
        }
    })
}

/// The records of JSON Lines, one game per value, each read from its text:
/// consecutive games of one path and one family are one record.
fn line_records(
    values: Vec<(usize, &RawValue)>,
    tafl: bool,
) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    let mut records: Vec<(String, AnyRecord)> = Vec::new();
    for (line, value) in values {
        let at = format!("line {line}");
        let Some(object) = Object::of(value) else {
            // Not an object: no game line, whatever it holds.
            let _: GameLine = typed_text(value, &at)?;
            continue;
        };
        match form_of(&object, &at, tafl)? {
            None => add_hirp_line(&mut records, typed_text(value, &at)?, &at)?,
            Some(Form::Otg | Form::OpenTaflJson | Form::Pgn) => {
                let (path, game) = tafl::otg_line(typed_text(value, &at)?, &at)?;
                add_tafl_line(&mut records, path, game, &at)?;
            }
            Some(Form::Ron) => {
                let (path, game) = tafl::ron_line(typed_text(value, &at)?, &at)?;
                add_tafl_line(&mut records, path, game, &at)?;
            }
            Some(Form::Csv) => {
                let (path, game) = tafl::csv_line(typed_text(value, &at)?, &at)?;
                add_tafl_line(&mut records, path, game, &at)?;
            }
        }
    }
    Ok(records)
}

/// Adds a HIRP game line at `at` to the records read so far.
fn add_hirp_line(
    records: &mut Vec<(String, AnyRecord)>,
    game_line: GameLine,
    at: &str,
) -> Result<(), JsonError> {
    let (path, game) = hirp::line_record(game_line, at)?;
    match records.last_mut() {
        Some((last, AnyRecord::Hirp(record))) if *last == path => {
            record.games.extend(game.games);
            record.comments.extend(game.comments);
        }
        _ => records.push((path, AnyRecord::Hirp(game))),
    }
    Ok(())
}

/// Adds a tafl game line at `at`, read as a record of one game from `path`,
/// to the records read so far.
fn add_tafl_line(
    records: &mut Vec<(String, AnyRecord)>,
    path: String,
    game: Record,
    at: &str,
) -> Result<(), JsonError> {
    match records.last_mut() {
        Some((last, AnyRecord::Tafl(record))) if *last == path && record.form() == game.form() => {
            if game.as_csv().is_some_and(|csv| csv.header.is_some()) {
                return Err(invalid(
                    &format!("{at}.header"),
                    "the header stands before an archive's first game, on its line",
                ));
            }
            record.extend(game);
        }
        _ => records.push((path, AnyRecord::Tafl(game))),
    }
    Ok(())
}

/// The tafl form a file entry or line at `at` names in its `form`, or
/// `None` for HIRP's, which names none; the `family` it names, if it names
/// one (0.2.0 wrote none), agrees; a tafl form is an error unless `tafl`.
fn form_of(object: &Object, at: &str, tafl: bool) -> Result<Option<Form>, JsonError> {
    let named = object.get("form").map(shallow);
    let family = object.get("family").map(shallow);
    match (family.as_ref().map(|f| f.as_str()), &named) {
        (None | Some(Some("hirp")), None) | (None | Some(Some("tafl")), Some(_)) => {}
        (Some(Some("hirp")), Some(_)) => {
            return Err(invalid(
                &format!("{at}.form"),
                "a HIRP record names no form",
            ));
        }
        (Some(Some("tafl")), None) => {
            return Err(invalid(
                at,
                "a tafl record names its form, `otg`, `csv` or `ron`",
            ));
        }
        (Some(_), _) => {
            return Err(invalid(
                &format!("{at}.family"),
                format!(
                    "unknown family {}, expected `hirp` or `tafl`",
                    family.unwrap_or_default()
                ),
            ));
        }
    }
    let Some(named) = named else {
        return Ok(None);
    };
    let form = match named.as_str() {
        Some("otg") => Form::Otg,
        Some("csv") => Form::Csv,
        Some("ron") => Form::Ron,
        _ => {
            return Err(invalid(
                &format!("{at}.form"),
                format!("unknown form {named}, expected `otg`, `csv` or `ron`"),
            ));
        }
    };
    if !tafl {
        return Err(hirp_only(&format!("{at}.form"), form));
    }
    Ok(Some(form))
}

/// The error of a tafl record of `form` at `at`, where HIRP's only are read.
fn hirp_only(at: &str, form: Form) -> JsonError {
    invalid(
        at,
        format!(
            "`{}` is a tafl record's form: `read_records` reads HIRP's records only, \
             `read_any_records` both families",
            form.extension()
        ),
    )
}
