//! The server's game, from the RON value of its line: its fields as the
//! game's tags, its plays as turns, its status as the result, and its
//! board size as the rules.

use super::super::hnefatafl_org::rules_of;
use super::{Fault, Value, ValueKind};
use crate::core::Span;
use crate::tafl::Square;
use crate::tafl::syntax::ast::{MoveType, OtgGame, Ply, Tag, Turn, WrittenMove};
use crate::tafl::syntax::error::SyntaxErrorKind as Kind;

/// The fields of a game, in the order the server writes them.
const FIELDS: [&str; 11] = [
    "id",
    "attacker",
    "attacker_rating",
    "defender",
    "defender_rating",
    "rated",
    "plays",
    "status",
    "messages",
    "texts",
    "board_size",
];

/// The help of a value that is not the server's.
const GAME_HELP: &str = "the server writes a game's fields as `id`, `attacker`, `attacker_rating`, `defender`, `defender_rating`, `rated`, `plays`, `status`, `messages` (or `texts`) and `board_size`";

/// A fault over `value`.
fn fault_over(value: &Value, kind: Kind, detail: String, help: &'static str) -> Fault {
    Fault {
        kind,
        start: value.start,
        end: value.end,
        detail,
        help,
    }
}

/// The value is not of the shape the server writes there.
fn unexpected(value: &Value, what: &str) -> Fault {
    fault_over(
        value,
        Kind::RonUnexpectedValue,
        format!("expected {what}"),
        GAME_HELP,
    )
}

/// The fields of a `( ... )` value, or of a named one (`Name(...)`).
fn fields_of<'v>(value: &'v Value, what: &str) -> Result<Vec<(&'v str, &'v Value)>, Fault> {
    let items = match &value.kind {
        ValueKind::Group(items) => items,
        ValueKind::Named(_, Some(items)) => items,
        _ => return Err(unexpected(value, what)),
    };
    items
        .iter()
        .map(|item| match &item.key {
            Some(key) => Ok((key.as_str(), &item.value)),
            None => Err(unexpected(
                &item.value,
                &format!("a field `name: value` of {what}"),
            )),
        })
        .collect()
}

/// The field `name` of `fields`.
fn field<'v>(fields: &[(&str, &'v Value)], name: &str, whole: &Value) -> Result<&'v Value, Fault> {
    fields
        .iter()
        .find(|(key, _)| *key == name)
        .map(|(_, value)| *value)
        .ok_or_else(|| {
            fault_over(
                whole,
                Kind::RonUnexpectedValue,
                format!("expected a field `{name}`, which this value lacks"),
                GAME_HELP,
            )
        })
}

/// The single value in `Name(value)` or `(value)`.
fn inner<'v>(value: &'v Value, what: &str) -> Result<&'v Value, Fault> {
    match &value.kind {
        ValueKind::Named(_, Some(items)) | ValueKind::Group(items)
            if items.len() == 1 && items[0].key.is_none() =>
        {
            Ok(&items[0].value)
        }
        _ => Err(unexpected(value, what)),
    }
}

/// The name of a unit variant, one of `names`.
fn variant<'v>(value: &'v Value, names: &[&str], of: &str) -> Result<&'v str, Fault> {
    match &value.kind {
        ValueKind::Named(name, None) if names.contains(&name.as_str()) => Ok(name),
        ValueKind::Named(name, _) => Err(unknown_variant(value, name, names, of)),
        _ => Err(unexpected(value, &format!("{of}, one of {}", list(names)))),
    }
}

fn list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}

fn unknown_variant(value: &Value, name: &str, names: &[&str], of: &str) -> Fault {
    fault_over(
        value,
        Kind::RonUnknownVariant,
        format!("expected {of}, one of {}, found `{name}`", list(names)),
        "the server writes only these names here",
    )
}

/// A whole number, within `max`.
fn whole_number(value: &Value, max: u64, what: &str) -> Result<u64, Fault> {
    let ValueKind::Number(text) = &value.kind else {
        return Err(unexpected(value, what));
    };
    let digits = text.strip_prefix('+').unwrap_or(text);
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unexpected(value, what));
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(fault_over(
            value,
            Kind::NumberTooLarge,
            format!("expected {what}, at most {max}"),
            "the server writes no number this large here",
        )),
    }
}

/// A number the server writes as a float or an integer, read to check it.
fn real_number(value: &Value, what: &str) -> Result<(), Fault> {
    let ValueKind::Number(text) = &value.kind else {
        return Err(unexpected(value, what));
    };
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() && n.abs() < 1e15 => Ok(()),
        Ok(_) => Err(fault_over(
            value,
            Kind::NumberTooLarge,
            format!("expected {what}, a number below 10^15"),
            "the server writes no number this large here",
        )),
        Err(_) => Err(unexpected(value, what)),
    }
}

/// The board sizes the server plays, by the name it writes.
const SIZES: [(&str, u8); 3] = [("_7", 7), ("_11", 11), ("_13", 13)];

fn size_of(value: &Value) -> Result<u8, Fault> {
    let names: Vec<&str> = SIZES.iter().map(|(n, _)| *n).collect();
    let name = variant(value, &names, "a board size")?;
    Ok(SIZES.iter().find(|(n, _)| *n == name).map_or(11, |s| s.1))
}

/// The game of a line's value.
pub(super) fn game_of(
    value: &Value,
    text: &str,
    base: usize,
    faults: &mut Vec<Fault>,
) -> Result<OtgGame, Fault> {
    let fields = fields_of(value, "a game `(id: ..., plays: ..., board_size: ...)`")?;
    for (key, v) in &fields {
        if !FIELDS.contains(key) {
            return Err(unknown_variant(v, key, &FIELDS, "a field of a game"));
        }
    }
    let size_value = field(&fields, "board_size", value)?;
    let dim = size_of(size_value)?;
    let at = |v: &Value| Span::new(base + v.start, base + v.end);
    let mut tags = Vec::new();
    let mut tag = |name: &str, v: &Value, shown: String| {
        tags.push(Tag {
            name: name.to_owned(),
            value: shown,
            value_span: at(v),
            span: at(v),
        });
    };
    for (key, v) in &fields {
        check_field(key, v)?;
        let shown = match &v.kind {
            ValueKind::Text(s) => s.clone(),
            _ => text[v.start..v.end].to_owned(),
        };
        if *key != "plays" {
            tag(key, v, shown);
        }
    }
    let status = field(&fields, "status", value)?;
    if let Some(result) = result_of(status) {
        tag("result", status, result.to_owned());
    }
    let plays = field(&fields, "plays", value)?;
    let (plies, clocks) = plays_of(plays, dim, base, text, faults)?;
    if let Some(clocks) = clocks {
        tag("clocks", plays, clocks);
    }
    tag("rules", size_value, rules_of(dim).to_owned());
    Ok(OtgGame {
        tags,
        turns: turns_of(plies),
        span: at(value),
        captures_unwritten: true,
        server_written: true,
    })
}

/// The result a status gives, as a game file's `[result:]` writes it.
fn result_of(status: &Value) -> Option<&'static str> {
    match &status.kind {
        ValueKind::Named(name, None) => match name.as_str() {
            "AttackerWins" => Some("1"),
            "DefenderWins" => Some("-1"),
            "Draw" => Some("0"),
            _ => None,
        },
        _ => None,
    }
}

/// Checks a field's value but for the plays: of the shape the server
/// writes.
fn check_field(key: &str, v: &Value) -> Result<(), Fault> {
    match key {
        "id" => {
            whole_number(v, u64::MAX, "a game's number")?;
        }
        "attacker" | "defender" if !matches!(v.kind, ValueKind::Text(_)) => {
            return Err(unexpected(v, "a player's name in quotes"));
        }
        "attacker_rating" | "defender_rating" => {
            let rating = fields_of(v, "a rating `(rating: ..., rd: ...)`")?;
            real_number(field(&rating, "rating", v)?, "a rating")?;
            real_number(field(&rating, "rd", v)?, "a rating's deviation")?;
        }
        "rated" => {
            variant(v, &["Yes", "No"], "whether the game is rated")?;
        }
        "status" => {
            variant(
                v,
                &["AttackerWins", "DefenderWins", "Draw", "Ongoing"],
                "a game's status",
            )?;
        }
        "messages" | "texts" if !matches!(v.kind, ValueKind::List(_)) => {
            return Err(unexpected(v, "a list `[...]`"));
        }
        _ => {}
    }
    Ok(())
}

/// The plies, two a turn, the first of the side that moves first; the
/// turns numbered from 1.
pub(super) fn turns_of(plies: Vec<Ply>) -> Vec<Turn> {
    plies
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| {
            let first = pair[0].span();
            let last = pair[pair.len() - 1].span();
            Turn {
                number: u32::try_from(n + 1).unwrap_or(u32::MAX),
                plies: pair.to_vec(),
                commentary: None,
                variations: Vec::new(),
                span: Span::new(first.start, last.end),
            }
        })
        .collect()
}

/// The plies of `PlayRecords([...])` or `PlayRecordsTimed([...])`, and for
/// timed games both clocks after each record, `attacker/defender` in
/// milliseconds, a record a word.
/// A play of the side not to move is reported in `faults`, and kept as a
/// ply not read, where the replay stops.
fn plays_of(
    value: &Value,
    dim: u8,
    base: usize,
    text: &str,
    faults: &mut Vec<Fault>,
) -> Result<(Vec<Ply>, Option<String>), Fault> {
    let names = ["PlayRecords", "PlayRecordsTimed"];
    let ValueKind::Named(name, Some(_)) = &value.kind else {
        return Err(match &value.kind {
            ValueKind::Named(name, None) => unknown_variant(value, name, &names, "the plays"),
            _ => unexpected(value, "`PlayRecords([...])` or `PlayRecordsTimed([...])`"),
        });
    };
    if !names.contains(&name.as_str()) {
        return Err(unknown_variant(value, name, &names, "the plays"));
    }
    let timed = name == "PlayRecordsTimed";
    let records = inner(value, "a list of plays")?;
    let ValueKind::List(items) = &records.kind else {
        return Err(unexpected(records, "a list of plays `[...]`"));
    };
    let mut plies = Vec::new();
    let mut clocks = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let record = &item.value;
        let play = if timed {
            let (play, times) = timed_record(record)?;
            clocks.push(times);
            play
        } else {
            record
        };
        let at = Played {
            dim,
            base,
            text,
            first: n == 0,
            to_move: to_move(dim, plies.len()),
        };
        plies.extend(record_ply(play, &at, faults)?);
    }
    Ok((plies, timed.then(|| clocks.join(" "))))
}

/// The side to move at the ply `ply` (from 0) of a game on `dim`: the
/// defenders first on 7 × 7, the attackers first on the larger boards,
/// then each side in turn.
fn to_move(dim: u8, ply: usize) -> &'static str {
    let first = if dim == 7 { "Defender" } else { "Attacker" };
    let second = if dim == 7 { "Attacker" } else { "Defender" };
    if ply.is_multiple_of(2) { first } else { second }
}

/// Where a record stands in its game.
struct Played<'t> {
    dim: u8,
    base: usize,
    text: &'t str,
    /// It is the game's first record.
    first: bool,
    /// The side to move.
    to_move: &'static str,
}

/// A timed record's play, and both clocks after it, `attacker/defender`
/// in milliseconds.
fn timed_record(record: &Value) -> Result<(&Value, String), Fault> {
    let fields = fields_of(
        record,
        "a timed record `(play: ..., attacker_time: ..., defender_time: ...)`",
    )?;
    let mut times = Vec::new();
    for side in ["attacker_time", "defender_time"] {
        let time = field(&fields, side, record)?;
        let time = fields_of(time, "a clock `(milliseconds_left: ...)`")?;
        let left = field(&time, "milliseconds_left", record)?;
        let ValueKind::Number(ms) = &left.kind else {
            return Err(unexpected(left, "milliseconds"));
        };
        if ms.parse::<i64>().is_err() {
            return Err(fault_over(
                left,
                Kind::NumberTooLarge,
                "expected milliseconds, a whole number within 64 bits".to_owned(),
                "the server writes no number this large here",
            ));
        }
        times.push(ms.clone());
    }
    Ok((field(&fields, "play", record)?, times.join("/")))
}

/// The ply of a record, `None` for the leading `None`; a play of the side
/// not to move is reported in `faults` and kept as a ply not read.
fn record_ply(
    play: &Value,
    at: &Played<'_>,
    faults: &mut Vec<Fault>,
) -> Result<Option<Ply>, Fault> {
    match &play.kind {
        ValueKind::Named(name, None) if name == "None" => {
            if at.first {
                Ok(None)
            } else {
                Err(unexpected(play, "a play: only the first record is `None`"))
            }
        }
        ValueKind::Named(name, Some(_)) if name == "Some" => {
            let played = inner(play, "a play")?;
            let (ply, (role, written)) = plae(played, at.dim, at.base)?;
            if role == at.to_move {
                return Ok(Some(ply));
            }
            faults.push(fault_over(
                written,
                Kind::RonWrongSide,
                format!(
                    "this play is the {}'s; the {}'s turn",
                    role.to_lowercase(),
                    at.to_move.to_lowercase()
                ),
                "each record after the first is a play of the side to move, the sides in turn",
            ));
            Ok(Some(Ply::Malformed(crate::core::Malformed {
                text: at.text[played.start..played.end].to_owned(),
                span: Span::new(at.base + played.start, at.base + played.end),
            })))
        }
        ValueKind::Named(name, _) => {
            Err(unknown_variant(play, name, &["None", "Some"], "a record"))
        }
        _ => Err(unexpected(play, "`None` or `Some(...)`")),
    }
}

/// A play: `Play((role: ..., from: ..., to: ...))`, `AttackerResigns` or
/// `DefenderResigns`; with the side that plays it and where that is
/// written.
fn plae(value: &Value, dim: u8, base: usize) -> Result<(Ply, (&'static str, &Value)), Fault> {
    let at = Span::new(base + value.start, base + value.end);
    let names = ["Play", "AttackerResigns", "DefenderResigns"];
    match &value.kind {
        ValueKind::Named(name, None) if name == "AttackerResigns" => {
            Ok((Ply::Resignation(at), ("Attacker", value)))
        }
        ValueKind::Named(name, None) if name == "DefenderResigns" => {
            Ok((Ply::Resignation(at), ("Defender", value)))
        }
        ValueKind::Named(name, Some(_)) if name == "Play" => {
            let play = inner(value, "a play `Play((role: ..., from: ..., to: ...))`")?;
            let fields = fields_of(play, "a play `(role: ..., from: ..., to: ...)`")?;
            let role_value = field(&fields, "role", play)?;
            let role = if variant(role_value, &["Attacker", "Defender"], "a side")? == "Attacker" {
                "Attacker"
            } else {
                "Defender"
            };
            let from_value = field(&fields, "from", play)?;
            let to_value = field(&fields, "to", play)?;
            let from = vertex(from_value, dim)?;
            let to = vertex(to_value, dim)?;
            let ply = Ply::Move(WrittenMove {
                piece: None,
                from,
                kind: MoveType::Regular,
                to,
                captures: Vec::new(),
                info: None,
                from_span: Span::new(base + from_value.start, base + from_value.end),
                to_span: Span::new(base + to_value.start, base + to_value.end),
                span: at,
            });
            Ok((ply, (role, role_value)))
        }
        ValueKind::Named(name, _) => Err(unknown_variant(value, name, &names, "a play")),
        _ => Err(unexpected(value, "a play")),
    }
}

/// A square, `(size: _11, x: 3, y: 0)`: 0-based from the top-left, on a
/// board of `dim`.
fn vertex(value: &Value, dim: u8) -> Result<Square, Fault> {
    let fields = fields_of(value, "a square `(size: ..., x: ..., y: ...)`")?;
    let size_value = field(&fields, "size", value)?;
    let size = size_of(size_value)?;
    if size != dim {
        return Err(fault_over(
            size_value,
            Kind::RonSizeMismatch,
            format!("this square is on a board of {size}, the game's is {dim}"),
            "every square of a game is on the board its `board_size` gives",
        ));
    }
    let x_value = field(&fields, "x", value)?;
    let y_value = field(&fields, "y", value)?;
    let x = whole_number(x_value, u64::from(u32::MAX), "a column")?;
    let y = whole_number(y_value, u64::from(u32::MAX), "a row")?;
    for (n, v) in [(x, x_value), (y, y_value)] {
        if n >= u64::from(dim) {
            return Err(fault_over(
                v,
                Kind::RonSquareOffBoard,
                format!("expected a number from 0 to {}, found {n}", dim - 1),
                "`x` and `y` count from 0 at the top-left corner of the board",
            ));
        }
    }
    let (x, y) = (x as u8, y as u8);
    Square::new(x, dim - 1 - y).ok_or_else(|| {
        fault_over(
            value,
            Kind::RonSquareOffBoard,
            "expected a square on the board".to_owned(),
            "`x` and `y` count from 0 at the top-left corner of the board",
        )
    })
}
