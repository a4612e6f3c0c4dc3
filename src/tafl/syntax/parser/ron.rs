//! hnefatafl.org's archive, `archived-games.ron`: one RON value a line, a
//! finished game each, read into a game of the game file's tree.
//!
//! A line is read as RON first (strings, numbers, names, `( )` and `[ ]`,
//! fields `name: value`), then as the server's game: its fields become
//! the game's tags, its plays the game's turns, its status the result
//! and its board size the rules. A line that does not read is that game's
//! error, at the place; the other lines are read on.

use super::lexical::byte_order_mark;
use super::{Input, error_at, next_line, offset, stopped, to_line_end};
use crate::core::limits::MAX_ERRORS;
use crate::core::{Found, Span};
use crate::tafl::Square;
use crate::tafl::rules::RuleSet;
use crate::tafl::syntax::ast::{MoveType, OtgGame, OtgRecord, Ply, Tag, Turn, WrittenMove};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

use nom::Parser;
use nom::combinator::opt;

/// How deep `( )` and `[ ]` may nest in a line: the server's lines nest
/// six deep.
const MAX_DEPTH: usize = 32;

/// Reads a whole archive, skipping the lines that hold a `damaged` offset.
pub(super) fn read(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    ron_record(i, damaged)
}

/// ```ebnf
/// ron record = [ byte order mark ] , { ron line } ;
/// ```
fn ron_record(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    let (mut i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let mut record = OtgRecord::default();
    let mut errors = Vec::new();
    while !i.fragment().is_empty() {
        if stopped(&errors) {
            break;
        }
        if errors.len() >= MAX_ERRORS {
            let mut error = error_at(Kind::TooManyErrors, &i);
            error.span = Span::new(offset(&i), offset(&to_line_end(i)));
            errors.push(error.with_help(format!(
                "{} syntax errors before this line; the rest is not read",
                errors.len()
            )));
            break;
        }
        let (start, end) = (offset(&i), offset(&to_line_end(i)));
        if damaged.iter().any(|&d| start <= d && d < end) {
            i = next_line(i);
            continue;
        }
        let (rest, game) = ron_line(i, &mut errors);
        record.games.extend(game);
        i = rest;
    }
    (record, errors)
}

/// ```ebnf
/// ron line = ws , [ ron game ] , line end ;
/// ```
///
/// Never fails: a line that does not read is reported, and is no game.
fn ron_line<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Option<OtgGame>) {
    let end = to_line_end(i);
    let line = &i.fragment()[..offset(&end) - offset(&i)];
    if line.trim_matches([' ', '\t']).is_empty() {
        return (next_line(i), None);
    }
    let reader = Reader {
        i,
        text: line,
        at: 0,
        depth: 0,
    };
    let mut faults = Vec::new();
    let game = match ron_game(reader, &mut faults) {
        Ok(game) => {
            errors.extend(faults.into_iter().map(|f| f.into_error(&i)));
            Some(game)
        }
        Err(fault) => {
            errors.push(fault.into_error(&i));
            None
        }
    };
    (next_line(i), game)
}

/// What is wrong with a line, from byte `start` to `end` of it.
struct Fault {
    kind: Kind,
    start: usize,
    end: usize,
    detail: String,
    help: &'static str,
}

impl Fault {
    fn into_error(self, line: &Input<'_>) -> SyntaxError {
        let at = line.at(line.location_offset() + self.start);
        let mut error = error_at(self.kind, &at).with_detail(self.detail);
        let base = offset(line);
        error.span = Span::new(base + self.start, base + self.end.max(self.start));
        error.with_help(self.help)
    }
}

/// A RON value of a line, with where it stands (bytes of the line).
#[derive(Debug)]
struct Value {
    kind: ValueKind,
    start: usize,
    end: usize,
}

#[derive(Debug)]
enum ValueKind {
    /// A string, its escapes read.
    Text(String),
    /// A number as written.
    Number(String),
    /// A name, and the group after it if any: `Yes`, `Some(...)`.
    Named(String, Option<Vec<Item>>),
    /// `( ... )`.
    Group(Vec<Item>),
    /// `[ ... ]`.
    List(Vec<Item>),
}

/// An item of a group or list: a field `name: value`, or a value.
#[derive(Debug)]
struct Item {
    key: Option<String>,
    value: Value,
}

/// The line being read.
struct Reader<'a> {
    i: Input<'a>,
    text: &'a str,
    at: usize,
    depth: usize,
}

/// The help of a line that is not RON.
const RON_HELP: &str = "each line of the archive is one game, written as the server writes it: `(id:..., plays:..., board_size:_11)`";

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    fn found(&self) -> Found {
        Found::at(&self.text[self.at..])
    }

    fn expected(&self, what: &str) -> Fault {
        let end = self.text[self.at..]
            .chars()
            .next()
            .map_or(self.at, |c| self.at + c.len_utf8());
        Fault {
            kind: Kind::RonSyntax,
            start: self.at,
            end,
            detail: format!("expected {what}, found {}", self.found()),
            help: RON_HELP,
        }
    }
}

/// ```ebnf
/// ron game = ron value , ws ;
/// ```
///
/// The game, and in `faults` what is wrong with it that still lets it be
/// read; a failure when it cannot be.
fn ron_game(mut r: Reader<'_>, faults: &mut Vec<Fault>) -> Result<OtgGame, Fault> {
    let value = ron_value(&mut r)?;
    r.blanks();
    if r.at < r.text.len() {
        return Err(r.expected("the end of the line"));
    }
    let base = offset(&r.i);
    game_of(&value, r.text, base, faults)
}

/// ```ebnf
/// ron value = ws , ( ron string | ron number | ron list | ron group | ron named ) , ws ;
/// ```
fn ron_value(r: &mut Reader<'_>) -> Result<Value, Fault> {
    r.blanks();
    let value = match r.peek() {
        Some(b'"') => ron_string(r),
        Some(b'-' | b'+' | b'0'..=b'9') => ron_number(r),
        Some(b'[') => ron_list(r),
        Some(b'(') => ron_group(r),
        Some(b) if b == b'_' || b.is_ascii_alphabetic() => ron_named(r),
        _ => Err(r.expected("a value")),
    }?;
    r.blanks();
    Ok(value)
}

/// ```ebnf
/// ron string = '"' , { ? a character other than '"' and "\" ? | "\" , ? an escape ? } , '"' ;
/// ```
fn ron_string(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    r.at += 1;
    let mut text = String::new();
    let mut chars = r.text[r.at..].char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            '"' => {
                r.at += n + 1;
                return Ok(Value {
                    kind: ValueKind::Text(text),
                    start,
                    end: r.at,
                });
            }
            '\\' => {
                let escaped = match chars.next() {
                    Some((_, 'n')) => Some('\n'),
                    Some((_, 't')) => Some('\t'),
                    Some((_, 'r')) => Some('\r'),
                    Some((_, '0')) => Some('\0'),
                    Some((_, c @ ('"' | '\\' | '\''))) => Some(c),
                    Some((m, 'u')) => {
                        let rest = &r.text[r.at + m + 1..];
                        let hex = rest
                            .strip_prefix('{')
                            .and_then(|h| h.split_once('}'))
                            .map(|(h, _)| h);
                        let value = hex
                            .and_then(|h| u32::from_str_radix(h, 16).ok())
                            .and_then(char::from_u32);
                        if let (Some(h), Some(value)) = (hex, value) {
                            for _ in 0..h.len() + 2 {
                                chars.next();
                            }
                            Some(value)
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                match escaped {
                    Some(c) => text.push(c),
                    None => {
                        return Err(Fault {
                            kind: Kind::RonSyntax,
                            start: r.at + n,
                            end: (r.at + n + 2).min(r.text.len()),
                            detail: "expected an escape such as `\\\"` or `\\u{e9}`".to_owned(),
                            help: RON_HELP,
                        });
                    }
                }
            }
            c => text.push(c),
        }
    }
    Err(Fault {
        kind: Kind::RonSyntax,
        start,
        end: r.text.len(),
        detail: "expected `\"` to close this string before the end of the line".to_owned(),
        help: RON_HELP,
    })
}

/// ```ebnf
/// ron number = [ "-" | "+" ] , digit , { digit | "." | "e" | "E" | "-" | "+" | "_" } ;
/// ```
fn ron_number(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    if matches!(r.peek(), Some(b'-' | b'+')) {
        r.at += 1;
    }
    if !r.peek().is_some_and(|b| b.is_ascii_digit()) {
        return Err(r.expected("a digit"));
    }
    while r
        .peek()
        .is_some_and(|b| b.is_ascii_digit() || b"._eE+-".contains(&b))
    {
        r.at += 1;
    }
    Ok(Value {
        kind: ValueKind::Number(r.text[start..r.at].to_owned()),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// ron list = "[" , ron items , "]" ;
/// ```
fn ron_list(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let items = ron_items(r, b']')?;
    Ok(Value {
        kind: ValueKind::List(items),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// ron group = "(" , ron items , ")" ;
/// ```
fn ron_group(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let items = ron_items(r, b')')?;
    Ok(Value {
        kind: ValueKind::Group(items),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// ron items = ws , [ ron item , { "," , ron item } , [ "," ] ] , ws ;
/// ```
///
/// Read after its opening bracket, up to and with `close`.
fn ron_items(r: &mut Reader<'_>, close: u8) -> Result<Vec<Item>, Fault> {
    let open = r.at;
    r.depth += 1;
    if r.depth > MAX_DEPTH {
        return Err(Fault {
            kind: Kind::RonSyntax,
            start: open,
            end: open + 1,
            detail: format!("brackets nested more than {MAX_DEPTH} deep"),
            help: RON_HELP,
        });
    }
    r.at += 1;
    let mut items = Vec::new();
    loop {
        r.blanks();
        match r.peek() {
            Some(b) if b == close => {
                r.at += 1;
                r.depth -= 1;
                return Ok(items);
            }
            None => {
                return Err(Fault {
                    kind: Kind::RonSyntax,
                    start: open,
                    end: open + 1,
                    detail: format!(
                        "expected `{}` to close this bracket before the end of the line",
                        char::from(close)
                    ),
                    help: RON_HELP,
                });
            }
            Some(b @ (b')' | b']')) => {
                return Err(Fault {
                    kind: Kind::RonSyntax,
                    start: r.at,
                    end: r.at + 1,
                    detail: format!(
                        "expected `{}` to close the bracket at byte {}, found `{}`",
                        char::from(close),
                        open + 1,
                        char::from(b)
                    ),
                    help: RON_HELP,
                });
            }
            _ => {}
        }
        items.push(ron_item(r)?);
        match r.peek() {
            Some(b',') => r.at += 1,
            Some(b) if b == close => {}
            None => {}
            _ => return Err(r.expected(&format!("`,` or `{}`", char::from(close)))),
        }
    }
}

/// ```ebnf
/// ron item = [ ron identifier , ws , ":" ] , ron value ;
/// ```
fn ron_item(r: &mut Reader<'_>) -> Result<Item, Fault> {
    r.blanks();
    let save = r.at;
    if r.peek()
        .is_some_and(|b| b == b'_' || b.is_ascii_alphabetic())
    {
        let name = ron_identifier(r);
        r.blanks();
        if r.peek() == Some(b':') {
            r.at += 1;
            let value = ron_value(r)?;
            return Ok(Item {
                key: Some(name),
                value,
            });
        }
        r.at = save;
    }
    Ok(Item {
        key: None,
        value: ron_value(r)?,
    })
}

/// ```ebnf
/// ron named = ron identifier , [ ron group ] ;
/// ```
fn ron_named(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let name = ron_identifier(r);
    let items = if r.peek() == Some(b'(') {
        Some(ron_items(r, b')')?)
    } else {
        None
    };
    Ok(Value {
        kind: ValueKind::Named(name, items),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// ron identifier = ( ? an ASCII letter ? | "_" ) , { ? an ASCII letter ? | digit | "_" } ;
/// ```
fn ron_identifier(r: &mut Reader<'_>) -> String {
    let start = r.at;
    while r
        .peek()
        .is_some_and(|b| b == b'_' || b.is_ascii_alphanumeric())
    {
        r.at += 1;
    }
    r.text[start..r.at].to_owned()
}

// ---- The server's game, from the RON value of its line ----

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
fn game_of(
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
        match *key {
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
        let shown = match &v.kind {
            ValueKind::Text(s) => s.clone(),
            _ => text[v.start..v.end].to_owned(),
        };
        if *key != "plays" {
            tag(key, v, shown);
        }
    }
    let status = field(&fields, "status", value)?;
    let result = match &status.kind {
        ValueKind::Named(name, None) => match name.as_str() {
            "AttackerWins" => Some("1"),
            "DefenderWins" => Some("-1"),
            "Draw" => Some("0"),
            _ => None,
        },
        _ => None,
    };
    if let Some(result) = result {
        tag("result", status, result.to_owned());
    }
    let plays = field(&fields, "plays", value)?;
    let (plies, clocks) = plays_of(plays, dim, base, text, faults)?;
    if let Some(clocks) = clocks {
        tag("clocks", plays, clocks);
    }
    let rules = rules_of(dim);
    tag("rules", size_value, rules);
    let turns = turns_of(plies);
    Ok(OtgGame {
        tags,
        turns,
        span: at(value),
        captures_unwritten: true,
    })
}

/// The rules the server plays on a board of `dim`, as a rules string.
fn rules_of(dim: u8) -> String {
    RuleSet::hnefatafl_org(dim).map_or_else(String::new, |rules| rules.to_string())
}

/// The plies, two a turn, the first of the side that moves first; the
/// turns numbered from 1.
fn turns_of(plies: Vec<Ply>) -> Vec<Turn> {
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
            clocks.push(times.join("/"));
            field(&fields, "play", record)?
        } else {
            record
        };
        let ply = match &play.kind {
            ValueKind::Named(name, None) if name == "None" => {
                if n == 0 {
                    None
                } else {
                    return Err(unexpected(play, "a play: only the first record is `None`"));
                }
            }
            ValueKind::Named(name, Some(_)) if name == "Some" => {
                let played = inner(play, "a play")?;
                let (ply, role) = plae(played, dim, base)?;
                // The defenders move first on 7 × 7, the attackers
                // on the larger boards; then each side in turn.
                let first = if dim == 7 { "Defender" } else { "Attacker" };
                let second = if dim == 7 { "Attacker" } else { "Defender" };
                let to_move = if plies.len() % 2 == 0 { first } else { second };
                if role.0 != to_move {
                    faults.push(fault_over(
                        role.1,
                        Kind::RonWrongSide,
                        format!("this play is the {}'s; the {}'s turn", role.0.to_lowercase(), to_move.to_lowercase()),
                        "each record after the first is a play of the side to move, the sides in turn",
                    ));
                    let at = Span::new(base + played.start, base + played.end);
                    Some(Ply::Malformed(crate::core::Malformed {
                        text: text[played.start..played.end].to_owned(),
                        span: at,
                    }))
                } else {
                    Some(ply)
                }
            }
            ValueKind::Named(name, _) => {
                return Err(unknown_variant(play, name, &["None", "Some"], "a record"));
            }
            _ => return Err(unexpected(play, "`None` or `Some(...)`")),
        };
        plies.extend(ply);
    }
    Ok((plies, timed.then(|| clocks.join(" "))))
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
