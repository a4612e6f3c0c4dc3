//! The server's game, from the RON value of its line: each field read
//! into the [`ArchivedGame`] it is, of the shape the server writes there.

use super::{Fault, Item, Value, ValueKind};
use crate::core::Span;
use crate::tafl::syntax::ast::{
    ArchivedGame, ArchivedPlay, BadNumber, Clocks, GameStatus, Message, PlayRecord, PlayedMove,
    Plays, Rating, Spanned, check_rating,
};
use crate::tafl::syntax::error::SyntaxErrorKind as Kind;
use crate::tafl::{Side, Square};

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

/// The fields of a `( ... )` value, or of a named one (`Name(...)`), each
/// written once.
fn fields_of<'v>(value: &'v Value, what: &str) -> Result<Vec<(&'v str, &'v Value)>, Fault> {
    let items = match &value.kind {
        ValueKind::Group(items) => items,
        ValueKind::Named(_, Some(items)) => items,
        _ => return Err(unexpected(value, what)),
    };
    let mut fields: Vec<(&str, &Value)> = Vec::with_capacity(items.len());
    for item in items {
        let Some(key) = &item.key else {
            return Err(unexpected(
                &item.value,
                &format!("a field `name: value` of {what}"),
            ));
        };
        if fields.iter().any(|(k, _)| k == key) {
            return Err(fault_over(
                &item.value,
                Kind::RonUnexpectedValue,
                format!("expected each field once, and `{key}` is written before"),
                "the server writes each field of a value once",
            ));
        }
        fields.push((key, &item.value));
    }
    Ok(fields)
}

/// The field `name` of `fields`.
fn field<'v>(fields: &[(&str, &'v Value)], name: &str, whole: &Value) -> Result<&'v Value, Fault> {
    optional(fields, name).ok_or_else(|| {
        fault_over(
            whole,
            Kind::RonUnexpectedValue,
            format!("expected a field `{name}`, which this value lacks"),
            GAME_HELP,
        )
    })
}

/// The field `name` of `fields`, if written.
fn optional<'v>(fields: &[(&str, &'v Value)], name: &str) -> Option<&'v Value> {
    fields
        .iter()
        .find(|(key, _)| *key == name)
        .map(|(_, value)| *value)
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
fn whole_number(value: &Value, max: u128, what: &str) -> Result<u128, Fault> {
    let ValueKind::Number(text) = &value.kind else {
        return Err(unexpected(value, what));
    };
    let digits = text.strip_prefix('+').unwrap_or(text);
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unexpected(value, what));
    }
    match digits.parse::<u128>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(fault_over(
            value,
            Kind::NumberTooLarge,
            format!("expected {what}, at most {max}"),
            "the server writes no number this large here",
        )),
    }
}

/// A number the server writes as a float, its text kept.
fn real_number(value: &Value, what: &str) -> Result<String, Fault> {
    let ValueKind::Number(text) = &value.kind else {
        return Err(unexpected(value, what));
    };
    match check_rating(text) {
        Ok(()) => Ok(text.clone()),
        Err(BadNumber::TooLarge) => Err(fault_over(
            value,
            Kind::NumberTooLarge,
            format!("expected {what}, a number below 10^15"),
            "the server writes no number this large here",
        )),
        Err(BadNumber::NotANumber) => Err(unexpected(value, what)),
    }
}

/// A string.
fn text_of(value: &Value, what: &str) -> Result<String, Fault> {
    match &value.kind {
        ValueKind::Text(text) => Ok(text.clone()),
        _ => Err(unexpected(value, what)),
    }
}

/// The board sizes the server plays, by the name it writes.
const SIZES: [(&str, u8); 3] = [("_7", 7), ("_11", 11), ("_13", 13)];

fn size_of(value: &Value) -> Result<u8, Fault> {
    let names: Vec<&str> = SIZES.iter().map(|(n, _)| *n).collect();
    let name = variant(value, &names, "a board size")?;
    Ok(SIZES.iter().find(|(n, _)| *n == name).map_or(11, |s| s.1))
}

/// The spans of a line's values, at `base` in the text.
#[derive(Clone, Copy)]
struct At(usize);

impl At {
    fn of(self, value: &Value) -> Span {
        Span::new(self.0 + value.start, self.0 + value.end)
    }

    fn spanned<T>(self, value: &Value, read: T) -> Spanned<T> {
        Spanned::new(read, self.of(value))
    }
}

/// The game of a line's value, the line standing at `base` in the text.
pub(super) fn archived_of(value: &Value, base: usize) -> Result<ArchivedGame, Fault> {
    let fields = fields_of(value, "a game `(id: ..., plays: ..., board_size: ...)`")?;
    for (key, v) in &fields {
        if !FIELDS.contains(key) {
            return Err(unknown_variant(v, key, &FIELDS, "a field of a game"));
        }
    }
    let at = At(base);
    let size_value = field(&fields, "board_size", value)?;
    let dim = size_of(size_value)?;
    let mut game = ArchivedGame {
        board_size: at.spanned(size_value, dim),
        span: at.of(value),
        ..ArchivedGame::default()
    };
    for (key, v) in &fields {
        match *key {
            "id" => game.id = Some(at.spanned(v, whole_number(v, u128::MAX, "a game's number")?)),
            "attacker" => game.attacker = Some(at.spanned(v, text_of(v, "a player's name")?)),
            "defender" => game.defender = Some(at.spanned(v, text_of(v, "a player's name")?)),
            "attacker_rating" => game.attacker_rating = Some(at.spanned(v, rating(v)?)),
            "defender_rating" => game.defender_rating = Some(at.spanned(v, rating(v)?)),
            "rated" => {
                let yes = variant(v, &["Yes", "No"], "whether the game is rated")? == "Yes";
                game.rated = Some(at.spanned(v, yes));
            }
            "status" => {
                let names = GameStatus::ALL.map(GameStatus::name);
                let name = variant(v, &names, "a game's status")?;
                game.status = at.spanned(v, GameStatus::named(name).unwrap_or_default());
            }
            "messages" => game.messages = Some(at.spanned(v, messages(v)?)),
            "texts" => game.texts = Some(at.spanned(v, texts(v)?)),
            "plays" => game.plays = plays_of(v, dim, at)?,
            _ => {}
        }
    }
    field(&fields, "status", value)?;
    field(&fields, "plays", value)?;
    Ok(game)
}

/// `(rating: ..., rd: ...)`.
fn rating(value: &Value) -> Result<Rating, Fault> {
    let fields = fields_of(value, "a rating `(rating: ..., rd: ...)`")?;
    only(&fields, &["rating", "rd"], "a rating")?;
    Ok(Rating {
        rating: real_number(field(&fields, "rating", value)?, "a rating")?,
        rd: real_number(field(&fields, "rd", value)?, "a rating's deviation")?,
    })
}

/// Checks that `fields` are all among `names`.
fn only(fields: &[(&str, &Value)], names: &[&str], of: &str) -> Result<(), Fault> {
    match fields.iter().find(|(key, _)| !names.contains(key)) {
        Some((key, v)) => Err(unknown_variant(v, key, names, &format!("a field of {of}"))),
        None => Ok(()),
    }
}

/// The items of a list `[...]`.
fn items<'v>(value: &'v Value, what: &str) -> Result<&'v [Item], Fault> {
    match &value.kind {
        ValueKind::List(items) => Ok(items),
        _ => Err(unexpected(value, what)),
    }
}

/// `[(username: "...", timestamp: "...", content: "..."), ...]`.
fn messages(value: &Value) -> Result<Vec<Message>, Fault> {
    let what = "a message `(username: \"...\", timestamp: \"...\", content: \"...\")`";
    items(value, "a list of messages `[...]`")?
        .iter()
        .map(|item| {
            let v = &item.value;
            let fields = fields_of(v, what)?;
            only(&fields, &["username", "timestamp", "content"], "a message")?;
            let text = |name| text_of(field(&fields, name, v)?, "a text in quotes");
            Ok(Message {
                username: text("username")?,
                timestamp: text("timestamp")?,
                content: text("content")?,
            })
        })
        .collect()
}

/// `["...", ...]`: the older layout's messages.
fn texts(value: &Value) -> Result<Vec<String>, Fault> {
    items(value, "a list of texts `[...]`")?
        .iter()
        .map(|item| text_of(&item.value, "a text in quotes"))
        .collect()
}

/// `PlayRecords([...])` or `PlayRecordsTimed([...])`: the records, and
/// for timed games both clocks after each, in milliseconds.
fn plays_of(value: &Value, dim: u8, at: At) -> Result<Plays, Fault> {
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
    let items = items(records, "a list of plays `[...]`")?;
    let mut read = Vec::with_capacity(items.len());
    for (n, item) in items.iter().enumerate() {
        let record = &item.value;
        let (play, clocks) = if timed {
            let (play, clocks) = timed_record(record)?;
            (play, Some(clocks))
        } else {
            (record, None)
        };
        read.push(PlayRecord {
            play: record_play(play, n == 0, dim, at)?,
            clocks,
            span: at.of(record),
        });
    }
    Ok(Plays {
        timed,
        records: read,
        span: at.of(value),
    })
}

/// A timed record's play, and both clocks after it.
fn timed_record(record: &Value) -> Result<(&Value, Clocks), Fault> {
    let fields = fields_of(
        record,
        "a timed record `(play: ..., attacker_time: ..., defender_time: ...)`",
    )?;
    let names = ["play", "attacker_time", "defender_time"];
    only(&fields, &names, "a timed record")?;
    let mut times = [0; 2];
    for (side, time) in [names[1], names[2]].into_iter().zip(&mut times) {
        let clock = field(&fields, side, record)?;
        let clock_fields = fields_of(clock, "a clock `(milliseconds_left: ...)`")?;
        only(&clock_fields, &["milliseconds_left"], "a clock")?;
        let left = field(&clock_fields, "milliseconds_left", clock)?;
        let ValueKind::Number(ms) = &left.kind else {
            return Err(unexpected(left, "milliseconds"));
        };
        *time = ms.parse::<i64>().map_err(|_| {
            fault_over(
                left,
                Kind::NumberTooLarge,
                "expected milliseconds, a whole number within 64 bits".to_owned(),
                "the server writes no number this large here",
            )
        })?;
    }
    let clocks = Clocks {
        attacker: times[0],
        defender: times[1],
    };
    Ok((field(&fields, "play", record)?, clocks))
}

/// The play of a record, `None` for the leading `None`.
fn record_play(play: &Value, first: bool, dim: u8, at: At) -> Result<Option<ArchivedPlay>, Fault> {
    match &play.kind {
        ValueKind::Named(name, None) if name == "None" => {
            if first {
                Ok(None)
            } else {
                Err(unexpected(play, "a play: only the first record is `None`"))
            }
        }
        ValueKind::Named(name, Some(_)) if name == "Some" => {
            plae(inner(play, "a play")?, dim, at).map(Some)
        }
        ValueKind::Named(name, _) => {
            Err(unknown_variant(play, name, &["None", "Some"], "a record"))
        }
        _ => Err(unexpected(play, "`None` or `Some(...)`")),
    }
}

/// A play: `Play((role: ..., from: ..., to: ...))`, `AttackerResigns` or
/// `DefenderResigns`.
fn plae(value: &Value, dim: u8, at: At) -> Result<ArchivedPlay, Fault> {
    let names = ["Play", "AttackerResigns", "DefenderResigns"];
    match &value.kind {
        ValueKind::Named(name, None) if name == "AttackerResigns" => {
            Ok(ArchivedPlay::Resigns(Side::Attackers, at.of(value)))
        }
        ValueKind::Named(name, None) if name == "DefenderResigns" => {
            Ok(ArchivedPlay::Resigns(Side::Defenders, at.of(value)))
        }
        ValueKind::Named(name, Some(_)) if name == "Play" => {
            let play = inner(value, "a play `Play((role: ..., from: ..., to: ...))`")?;
            let fields = fields_of(play, "a play `(role: ..., from: ..., to: ...)`")?;
            only(&fields, &["role", "from", "to"], "a play")?;
            let role_value = field(&fields, "role", play)?;
            let role = match variant(role_value, &["Attacker", "Defender"], "a side")? {
                "Attacker" => Side::Attackers,
                _ => Side::Defenders,
            };
            let from_value = field(&fields, "from", play)?;
            let to_value = field(&fields, "to", play)?;
            Ok(ArchivedPlay::Move(PlayedMove {
                role,
                from: vertex(from_value, dim)?,
                to: vertex(to_value, dim)?,
                role_span: at.of(role_value),
                from_span: at.of(from_value),
                to_span: at.of(to_value),
                span: at.of(value),
            }))
        }
        ValueKind::Named(name, _) => Err(unknown_variant(value, name, &names, "a play")),
        _ => Err(unexpected(value, "a play")),
    }
}

/// A square, `(size: _11, x: 3, y: 0)`: 0-based from the top-left, on a
/// board of `dim`.
fn vertex(value: &Value, dim: u8) -> Result<Square, Fault> {
    let fields = fields_of(value, "a square `(size: ..., x: ..., y: ...)`")?;
    only(&fields, &["size", "x", "y"], "a square")?;
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
    let x = whole_number(x_value, u128::from(u32::MAX), "a column")?;
    let y = whole_number(y_value, u128::from(u32::MAX), "a row")?;
    for (n, v) in [(x, x_value), (y, y_value)] {
        if n >= u128::from(dim) {
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
