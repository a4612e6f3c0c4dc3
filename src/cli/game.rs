//! The game `replay` and `board` show: from a record, or the rulebook's
//! example bundled in `hirp`; the turn `--turn` names; why none is shown.

use hirp::any::{AnyFamily, RulesChoice};
use hirp::core::family::{NoBoard, RecordBytes};

use super::family::{archive_without_rules, family, rules_left_aside};
use super::input::{read_input, shown};
use super::reading::{no_game, no_such_game};
use super::report::Reporter;
use super::status::Status;

/// The rulebook's example game, corrected: what `hirp replay` shows without a file.
pub const EXAMPLE: &str = include_str!("../../fixtures/rulebook/corrected.hirp");

/// Checks a turn's label as `--turn` takes it: a HIRP turn's such as
/// `S3` (or `s3`), or a tafl move's address such as `3b` (or `3B`; a
/// berserk turn's third move is `3c`), a variation's move's (`7a.1.2b`) or
/// a variation's (`7a.1`).
pub fn parse_turn(text: &str) -> Result<String, String> {
    AnyFamily::turn_label(text).ok_or_else(|| {
        format!("`{text}` is not a turn label such as `G1` or `S3`, nor a tafl move such as `3b`")
    })
}

/// Checks a turn's label as `--turn` takes it: a label (see
/// [`parse_turn`]), or `0` for the start.
pub fn parse_turn_or_start(text: &str) -> Result<String, String> {
    if text == hirp::core::family::START {
        return Ok(text.to_owned());
    }
    parse_turn(text).map_err(|_| {
        format!(
            "`{text}` is not 0 (the start), a turn label such as `G1` or `S3`, \
             nor a tafl move such as `3b`"
        )
    })
}

/// The record at `file` (`-` for standard input), or without one the
/// rulebook's example game: what names it, and its bytes. `Err` with the
/// exit status once the reason is reported.
pub fn record_or_example(
    file: Option<&str>,
    reporter: &Reporter,
) -> Result<(String, Vec<u8>), Status> {
    match file {
        None => Ok(("rulebook example".to_owned(), EXAMPLE.as_bytes().to_vec())),
        Some(path) => match read_input(path) {
            Ok(input) => Ok((path.to_owned(), input.bytes)),
            Err(message) => {
                reporter.error(&message);
                Err(Status::Failure)
            }
        },
    }
}

/// The record `file` names, or the bundled example with none, and its
/// family (HIRP's for the example, else told from its name, its head and
/// `rules`), after saying when `rules` are left aside.
pub fn record_and_family(
    file: Option<&str>,
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
) -> Result<(String, Vec<u8>, AnyFamily), Status> {
    rules_left_aside(rules, file, reporter);
    let (path, bytes) = record_or_example(file, reporter)?;
    let family = match file {
        None => AnyFamily::HIRP,
        Some(_) => family(&path, rules, &bytes),
    };
    Ok((path, bytes, family))
}

/// Reports why game `number` of `record` shows no board; returns the exit
/// status: 1 for a record that holds no game, as `validate` says of it;
/// else 2.
pub fn refused(
    family: AnyFamily,
    no_board: NoBoard,
    record: &RecordBytes<'_>,
    number: usize,
    reporter: &Reporter,
) -> Status {
    let path = record.path;
    let message = match no_board {
        NoBoard::NoGame => return no_game(family, path, record.bytes, reporter),
        NoBoard::NoSuchGame(games) => no_such_game(path, games, number),
        NoBoard::NoTurn {
            wanted: Some(wanted),
            range,
        } => {
            let unit = family.turn_name();
            let has = match range {
                Some((first, last)) if first == last => format!(": its one {unit} is {first}"),
                Some((first, last)) => format!(": its {unit}s run {first} to {last}"),
                None => format!(": it has no {unit}"),
            };
            format!(
                "game {number} of {} has no {unit} {wanted}{has}",
                shown(path)
            )
        }
        NoBoard::NoVariation(wanted) => {
            format!("game {number} of {} has no variation {wanted}", shown(path))
        }
        NoBoard::NoTurn { wanted: None, .. } => format!(
            "game {number} of {} has no {} to show",
            shown(path),
            family.turn_name()
        ),
        NoBoard::NoRules if family.needs_rules() => archive_without_rules(path),
        NoBoard::NoRules => format!("game {number} of {path} has no rule set: give --rules"),
        // A record's game sets up its own position.
        NoBoard::Position(bad) => bad.message,
    };
    reporter.error(&message);
    Status::Failure
}
