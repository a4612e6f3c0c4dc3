//! A game as hnefatafl.org's server sends it, its `OpenTaflGame`, from its
//! value in JSON or in RON: its fields as the game's tags, its `moves` as
//! turns, the rules its engine plays on a board of its `dim`, and a start
//! other than theirs as the position the game starts from.
//!
//! The value holds no status: the result is the replay's (the board, a
//! resignation written `---` or `resigns`), or a loss on time when a
//! side's clock in `time_remaining_ms` is at or below zero, as the engine
//! ends a game (`docs/rules.md#tafl-hnefataflorg`).

use super::super::hnefatafl_org::rules_of;
use super::tree::turns_of;
use super::{Fault, Value, ValueKind};
use crate::core::Span;
use crate::tafl::syntax::ast::{OtgGame, Tag};
use crate::tafl::syntax::error::SyntaxErrorKind as Kind;

/// The syntax the value was written in, which names its errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Syntax {
    /// JSON, `serde_json::to_string`.
    Json,
    /// RON, `ron::to_string`.
    Ron,
}

impl Syntax {
    /// The kind of a value of another shape than the server writes.
    fn unexpected(self) -> Kind {
        match self {
            Syntax::Json => Kind::JsonUnexpectedValue,
            Syntax::Ron => Kind::RonUnexpectedValue,
        }
    }

    /// The kind of a field the server does not write.
    fn unknown(self) -> Kind {
        match self {
            Syntax::Json => Kind::JsonUnexpectedValue,
            Syntax::Ron => Kind::RonUnknownVariant,
        }
    }
}

/// The fields of a game, in the order the server writes them.
const FIELDS: [&str; 10] = [
    "id",
    "attackers",
    "defenders",
    "dim",
    "start",
    "time_control",
    "time_remaining_ms",
    "moves",
    "rated",
    "messages",
];

/// The fields the server's own reader needs (the others may be left out:
/// `rated` is then true, the clocks none).
const REQUIRED: [&str; 7] = [
    "id",
    "attackers",
    "defenders",
    "dim",
    "start",
    "moves",
    "messages",
];

/// The fields only a game sent by the server has, not an archive's line:
/// what tells one from the other.
const OWN_FIELDS: [&str; 6] = [
    "attackers",
    "defenders",
    "dim",
    "start",
    "moves",
    "time_remaining_ms",
];

/// The help of a value that is not the server's.
const GAME_HELP: &str = "the server writes a game's fields as `id`, `attackers`, `defenders`, `dim`, `start`, `time_control`, `time_remaining_ms`, `moves`, `rated` and `messages`";

/// Whether `value` is a game as the server sends it rather than an
/// archive's line: a group with one of its own fields.
pub(super) fn is_sent_game(value: &Value) -> bool {
    match &value.kind {
        ValueKind::Group(items) => items
            .iter()
            .any(|item| item.key.as_deref().is_some_and(|k| OWN_FIELDS.contains(&k))),
        _ => false,
    }
}

/// Reads the values of a game written in `syntax`, standing in `text` at
/// `base` in the file.
struct Reading<'t> {
    syntax: Syntax,
    text: &'t str,
    base: usize,
}

impl<'t> Reading<'t> {
    fn fault(&self, value: &Value, kind: Kind, detail: String, help: &'static str) -> Fault {
        Fault {
            kind,
            start: value.start,
            end: value.end,
            detail,
            help,
        }
    }

    /// The value is not of the shape the server writes there.
    fn unexpected(&self, value: &Value, what: &str) -> Fault {
        let kind = self.syntax.unexpected();
        self.fault(value, kind, format!("expected {what}"), GAME_HELP)
    }

    /// Where `value` stands in the file.
    fn span(&self, value: &Value) -> Span {
        Span::new(self.base + value.start, self.base + value.end)
    }

    /// Its text as written.
    fn written(&self, value: &Value) -> &'t str {
        &self.text[value.start..value.end]
    }

    /// The fields of a group `{...}` (in RON `(...)`), each once.
    fn fields<'v>(&self, value: &'v Value, what: &str) -> Result<Vec<(&'v str, &'v Value)>, Fault> {
        let ValueKind::Group(items) = &value.kind else {
            return Err(self.unexpected(value, what));
        };
        let mut fields: Vec<(&str, &Value)> = Vec::new();
        for item in items {
            let Some(key) = item.key.as_deref() else {
                return Err(
                    self.unexpected(&item.value, &format!("a field `name: value` of {what}"))
                );
            };
            if fields.iter().any(|(k, _)| *k == key) {
                return Err(self.unexpected(
                    &item.value,
                    &format!("each field once, and `{key}` is written before"),
                ));
            }
            fields.push((key, &item.value));
        }
        Ok(fields)
    }

    /// The field `name` of `fields`, which a group `whole` needs.
    fn field<'v>(
        &self,
        fields: &[(&str, &'v Value)],
        name: &str,
        whole: &Value,
    ) -> Result<&'v Value, Fault> {
        fields
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| *value)
            .ok_or_else(|| {
                self.unexpected(whole, &format!("a field `{name}`, which this value lacks"))
            })
    }

    /// A whole number, at least `min` and at most `max`.
    fn number(&self, value: &Value, min: i128, max: u128, what: &str) -> Result<i128, Fault> {
        let ValueKind::Number(text) = &value.kind else {
            return Err(self.unexpected(value, what));
        };
        let (negative, digits) = match text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, text.as_str()),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.unexpected(value, &format!("{what}, a whole number")));
        }
        if negative && min >= 0 {
            return Err(self.unexpected(value, &format!("{what}, a number from 0")));
        }
        let within = if negative {
            text.parse::<i128>().ok().filter(|n| *n >= min)
        } else {
            let n = digits.parse::<u128>().ok().filter(|n| *n <= max);
            n.map(|n| i128::try_from(n).unwrap_or(i128::MAX))
        };
        within.ok_or_else(|| {
            self.fault(
                value,
                Kind::NumberTooLarge,
                format!("expected {what}, a number within {} bits", bits(min, max)),
                "the server writes no number this large here",
            )
        })
    }

    /// A string's text.
    fn text<'v>(&self, value: &'v Value, what: &str) -> Result<&'v str, Fault> {
        match &value.kind {
            ValueKind::Text(text) => Ok(text),
            _ => Err(self.unexpected(value, &format!("{what} in quotes"))),
        }
    }

    /// The value of an option, `None` for `null` (in RON `None`); RON's
    /// `Some(...)` is read as what it holds.
    fn option<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match &value.kind {
            ValueKind::Named(name, None) if name == "null" || name == "None" => None,
            ValueKind::Named(name, Some(items))
                if name == "Some" && items.len() == 1 && items[0].key.is_none() =>
            {
                Some(&items[0].value)
            }
            _ => Some(value),
        }
    }
}

/// The bits a range of numbers fits, as said in a message.
fn bits(min: i128, max: u128) -> u32 {
    let top = 128 - max.leading_zeros();
    if min < 0 { top + 1 } else { top }
}

/// The game of a value written in `syntax`: `value` stands in `text`, at
/// `base` in the file; what is wrong with it that still lets it be read
/// goes into `faults`, and a failure when it cannot be.
pub(super) fn game_of(
    value: &Value,
    text: &str,
    base: usize,
    syntax: Syntax,
    faults: &mut Vec<Fault>,
) -> Result<OtgGame, Fault> {
    let r = Reading { syntax, text, base };
    let fields = r.fields(
        value,
        "a game `{\"id\": ..., \"dim\": ..., \"moves\": ...}`",
    )?;
    for (key, v) in &fields {
        if !FIELDS.contains(key) {
            let names: Vec<String> = FIELDS.iter().map(|n| format!("`{n}`")).collect();
            return Err(r.fault(
                v,
                syntax.unknown(),
                format!(
                    "expected a field of a game, one of {}, found `{key}`",
                    names.join(", ")
                ),
                GAME_HELP,
            ));
        }
    }
    for name in REQUIRED {
        r.field(&fields, name, value)?;
    }
    let dim_value = r.field(&fields, "dim", value)?;
    let dim = match r.number(dim_value, 0, u128::from(u64::MAX), "a board size")? {
        7 => 7,
        11 => 11,
        13 => 13,
        _ => {
            return Err(r.unexpected(dim_value, "a board size the server plays, 7, 11 or 13"));
        }
    };
    let mut tags = Vec::new();
    for (key, v) in &fields {
        check_field(&r, key, v)?;
        if *key != "moves" {
            let shown = match &v.kind {
                ValueKind::Text(s) => s.clone(),
                _ => r.written(v).to_owned(),
            };
            tags.push(tag(key, shown, r.span(v)));
        }
    }
    tags.push(tag("rules", rules_of(dim).to_owned(), r.span(dim_value)));
    let start = r.field(&fields, "start", value)?;
    tags.extend(position(&r, start, dim, faults));
    if let Some(time) = fields.iter().find(|(k, _)| *k == "time_remaining_ms") {
        tags.extend(timeout(&r, time.1)?);
    }
    let moves = r.field(&fields, "moves", value)?;
    let plies = match &moves.kind {
        ValueKind::Text(read) => {
            let plain = plain(&r, moves, read).map(|(_, at)| at);
            super::moves::plies(read, moves, plain, base, dim, faults)
        }
        _ => Vec::new(),
    };
    Ok(OtgGame {
        tags,
        turns: turns_of(plies),
        span: r.span(value),
        captures_unwritten: false,
        server_written: true,
        archived: None,
    })
}

/// A tag read from a value at `span`.
fn tag(name: &str, value: String, span: Span) -> Tag {
    Tag {
        name: name.to_owned(),
        value,
        value_span: span,
        span,
    }
}

/// Checks a field's value: of the shape the server writes.
fn check_field(r: &Reading<'_>, key: &str, v: &Value) -> Result<(), Fault> {
    match key {
        "id" => {
            r.number(v, 0, u128::MAX, "a game's number")?;
        }
        "attackers" | "defenders" => {
            r.text(v, "a player's name")?;
        }
        "start" => {
            r.text(v, "a position such as `/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/`")?;
        }
        "moves" => {
            r.text(v, "the moves, `0e4-0e7 0f4-0f5 ...`")?;
        }
        "rated" if !matches!(&v.kind, ValueKind::Named(n, None) if n == "true" || n == "false") => {
            return Err(r.unexpected(v, "whether the game is rated, `true` or `false`"));
        }
        "messages" if !matches!(v.kind, ValueKind::List(_)) => {
            return Err(r.unexpected(v, "a list `[...]` of messages"));
        }
        "time_control" => {
            if let Some(control) = r.option(v) {
                let what =
                    "a time control `{\"main_time_seconds\": ..., \"increment_length\": ...}`";
                let fields = r.fields(control, what)?;
                for name in ["main_time_seconds", "increment_length"] {
                    let n = r.field(&fields, name, control)?;
                    r.number(n, i128::from(i64::MIN), i64::MAX as u128, "seconds")?;
                }
                only(r, &fields, &["main_time_seconds", "increment_length"], what)?;
            }
        }
        "time_remaining_ms" => {
            clocks(r, v)?;
        }
        _ => {}
    }
    Ok(())
}

/// Checks that `fields` holds no other field than `names`.
fn only(
    r: &Reading<'_>,
    fields: &[(&str, &Value)],
    names: &[&str],
    what: &str,
) -> Result<(), Fault> {
    match fields.iter().find(|(k, _)| !names.contains(k)) {
        Some((key, v)) => Err(r.fault(
            v,
            r.syntax.unknown(),
            format!("expected a field of {what}, found `{key}`"),
            GAME_HELP,
        )),
        None => Ok(()),
    }
}

/// Both clocks of `time_remaining_ms`, if given: the milliseconds each
/// side has left, with where each is written.
fn clocks<'v>(r: &Reading<'_>, v: &'v Value) -> Result<Option<[(i128, &'v Value); 2]>, Fault> {
    let Some(time) = r.option(v) else {
        return Ok(None);
    };
    let what = "the time left `{\"attackers\": ..., \"defenders\": ..., \"last_move\": ...}`";
    let fields = r.fields(time, what)?;
    let mut left = [(0, time); 2];
    for (n, side) in ["attackers", "defenders"].into_iter().enumerate() {
        let clock = r.field(&fields, side, time)?;
        let ms = r.number(
            clock,
            i128::from(i64::MIN),
            i64::MAX as u128,
            "milliseconds",
        )?;
        left[n] = (ms, clock);
    }
    r.text(
        r.field(&fields, "last_move", time)?,
        "the time of the last move",
    )?;
    only(r, &fields, &["attackers", "defenders", "last_move"], what)?;
    Ok(Some(left))
}

/// The result a clock at or below zero declares, as a game file's
/// `[result:]` writes it with a `[termination:]` saying it was on time:
/// the engine ends the game when the clock of the side to move is out,
/// adding no move.
fn timeout(r: &Reading<'_>, v: &Value) -> Result<Vec<Tag>, Fault> {
    let Some([(attackers, at), (defenders, dt)]) = clocks(r, v)? else {
        return Ok(Vec::new());
    };
    let (result, clock) = match (attackers <= 0, defenders <= 0) {
        (true, false) => ("-1", at),
        (false, true) => ("1", dt),
        _ => return Ok(Vec::new()),
    };
    Ok(vec![
        tag("result", result.to_owned(), r.span(clock)),
        tag("termination", "timeout".to_owned(), r.span(clock)),
    ])
}

/// The content of a string value as written, between its quotes, and
/// where it starts in `text`: `None` when it holds escapes, so that its
/// text is not the one read.
fn plain<'t>(r: &Reading<'t>, value: &Value, read: &str) -> Option<(&'t str, usize)> {
    let inner = r.text.get(value.start + 1..value.end.saturating_sub(1))?;
    (inner == read).then_some((inner, value.start + 1))
}

/// The position tag of a start other than the rules', as the server
/// writes it, the last rank first, with OpenTafl's letters put for the
/// server's; and the advice that the server's letters are read as
/// OpenTafl's.
fn position(r: &Reading<'_>, start: &Value, dim: u8, faults: &mut Vec<Fault>) -> Option<Tag> {
    let ValueKind::Text(written) = &start.kind else {
        return None;
    };
    if written.contains(['A', 'D']) {
        faults.push(r.fault(
            start,
            Kind::ServerStartLetters,
            "`A` is read as an attacker, `t`, and `D` as a defender, `T`".to_owned(),
            "the server writes `A` and `D` where OpenTafl writes `t` and `T`; either is read",
        ));
    }
    let opentafl: String = written
        .chars()
        .map(|c| match c {
            'A' => 't',
            'D' => 'T',
            c => c,
        })
        .collect();
    // The server writes the last rank first, as OpenTafl's `starti:`; the
    // rules string's `start:` the first rank first.
    let rules_start = rules_of(dim).rsplit("start:").next().unwrap_or_default();
    let rows: Vec<&str> = rules_start.split('/').rev().collect();
    if opentafl == rows.join("/") {
        return None;
    }
    let value_span = match plain(r, start, written) {
        Some((inner, at)) => Span::new(r.base + at, r.base + at + inner.len()),
        None => r.span(start),
    };
    Some(Tag {
        name: "position".to_owned(),
        value: opentafl,
        value_span,
        span: r.span(start),
    })
}
