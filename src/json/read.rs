//! JSON text back into records: one document or JSON Lines, each file entry
//! and each line read as the family it names, with errors that name the
//! JSON path.

use serde_json::Value;

use super::AnyRecord;
use crate::core::json::read::{Values, typed, typed_within, values};
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

/// The records of a document's entries, with their paths.
fn document_records(
    entries: Vec<Value>,
    tafl: bool,
) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    let mut records = Vec::with_capacity(entries.len());
    for (n, entry) in entries.into_iter().enumerate() {
        let at = format!("files[{n}]");
        if entry.get("error").is_some() {
            // A path that yielded no record: no game, and why.
            let _: super::UnreadFile = typed_within(entry, &at)?;
            continue;
        }
        records.push(entry_record(entry, &at, tafl)?);
    }
    Ok(records)
}

/// The record of the document's entry at `at`, with its path.
fn entry_record(entry: Value, at: &str, tafl: bool) -> Result<(String, AnyRecord), JsonError> {
    let (path, record) = match form_of(&entry, at, tafl)? {
        None => {
            let (path, record) = hirp::file_record(typed_within(entry, at)?, at)?;
            (path, AnyRecord::Hirp(record))
        }
        Some(Form::Otg) => tafl::otg_file(typed_within(entry, at)?, at)
            .map(|(path, record)| (path, AnyRecord::Tafl(record)))?,
        Some(Form::Csv) => tafl::csv_file(typed_within(entry, at)?, at)
            .map(|(path, record)| (path, AnyRecord::Tafl(record)))?,
    };
    Ok((path, record))
}

/// The records of JSON Lines, one game per value: consecutive games of one
/// path and one family are one record.
fn line_records(
    values: Vec<(usize, Value)>,
    tafl: bool,
) -> Result<Vec<(String, AnyRecord)>, JsonError> {
    let mut records: Vec<(String, AnyRecord)> = Vec::new();
    for (line, value) in values {
        let at = format!("line {line}");
        match form_of(&value, &at, tafl)? {
            None => add_hirp_line(&mut records, typed(value, &at)?, &at)?,
            Some(Form::Otg) => {
                let (path, game) = tafl::otg_line(typed(value, &at)?, &at)?;
                add_tafl_line(&mut records, path, game, &at)?;
            }
            Some(Form::Csv) => {
                let (path, game) = tafl::csv_line(typed(value, &at)?, &at)?;
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
/// `None` for HIRP's, which names none; a tafl form is an error unless
/// `tafl`.
fn form_of(value: &Value, at: &str, tafl: bool) -> Result<Option<Form>, JsonError> {
    let Some(named) = value.get("form") else {
        return Ok(None);
    };
    let form = match named.as_str() {
        Some("otg") => Form::Otg,
        Some("csv") => Form::Csv,
        _ => {
            return Err(invalid(
                &format!("{at}.form"),
                format!("unknown form {named}, expected `otg` or `csv`"),
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
