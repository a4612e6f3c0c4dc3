//! hnefatafl.org's records as its server writes them, each game read into
//! a game of the game file's tree: its archive, `archived-games.ron`, one
//! RON value a line, a finished game each; and the games it sends, in RON
//! (a line of the same form) or in JSON ([`json`]).
//!
//! A line is read as RON first (strings, numbers, names, `( )` and `[ ]`,
//! fields `name: value`), then as the server's game: an archive's line
//! (an [`ArchivedGame`](crate::tafl::syntax::ArchivedGame), [`game`], then
//! read as a game file's, [`tree`]: its fields become the game's tags, its
//! plays the game's turns, its status the result and its board size the
//! rules), or a game as the server sends it ([`opentafl`]), told by its
//! fields. A line that does not read is that game's error, at the place;
//! the other lines are read on.

use super::lexical::byte_order_mark;
use super::{Input, error_at, next_line, offset, stopped, to_line_end};
use crate::core::limits::MAX_ERRORS;
use crate::core::{Found, Span};
use crate::tafl::syntax::ast::{OtgGame, OtgRecord};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

use nom::Parser;
use nom::combinator::opt;

mod game;
mod json;
mod moves;
mod opentafl;
mod tree;

pub(super) use json::json_record as read_json;

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
    if opentafl::is_sent_game(&value) {
        opentafl::game_of(&value, r.text, base, opentafl::Syntax::Ron, faults)
    } else {
        let archived = game::archived_of(&value, base)?;
        Ok(tree::game_of(archived, base, faults))
    }
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
                        let after = r.at + n + 1;
                        let end = r.text[after..]
                            .chars()
                            .next()
                            .map_or(after, |c| after + c.len_utf8());
                        return Err(Fault {
                            kind: Kind::RonSyntax,
                            start: r.at + n,
                            end,
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
