//! hnefatafl.org's JSON: the games its server sends (`resume_game_json`),
//! one JSON value in a file or one a line, read into the same values as
//! the archive's RON (an object is a group of fields, `true`, `false` and
//! `null` are names), then each into a game as [`opentafl`](super::opentafl)
//! reads it.
//!
//! A value runs over as many lines as it needs (a value written indented
//! reads as one written on one line); after it, the rest of its last line
//! is blank. A value that does not read is that game's error, at the
//! place, and reading goes on at the next line that starts with `{`.

use super::opentafl::{self, Syntax};
use super::{Fault, Item, MAX_DEPTH, Value, ValueKind};
use crate::core::limits::MAX_ERRORS;
use crate::core::{Found, Span};
use crate::tafl::syntax::ast::OtgRecord;
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};
use crate::tafl::syntax::parser::lexical::byte_order_mark;
use crate::tafl::syntax::parser::{Input, error_at, offset};

use nom::Parser;
use nom::combinator::opt;

/// The help of text that is not JSON.
const JSON_HELP: &str = "each game is one JSON value, as the server writes it: `{\"id\":..., \"dim\":7, \"moves\":\"...\", ...}`";

/// ```ebnf
/// json record = [ byte order mark ] , { json space , json game } , json space ;
/// ```
///
/// Reads every game of a piece, skipping those that hold a `damaged`
/// offset (a line whose bytes are not UTF-8, reported already).
pub(in crate::tafl::syntax::parser) fn json_record(
    i: Input<'_>,
    damaged: &[usize],
) -> (OtgRecord, Vec<SyntaxError>) {
    let (i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let base = offset(&i);
    let mut r = Reader {
        text: i.fragment(),
        at: 0,
        depth: 0,
    };
    let mut record = OtgRecord::default();
    let mut errors = Vec::new();
    loop {
        json_space(&mut r);
        if r.at >= r.text.len() {
            break;
        }
        if errors.len() >= MAX_ERRORS {
            let at = i.at(i.location_offset() + r.at);
            let mut error = error_at(Kind::TooManyErrors, &at);
            error.span = Span::new(base + r.at, base + r.line_end());
            errors.push(error.with_help(format!(
                "{} syntax errors before this line; the rest is not read",
                errors.len()
            )));
            break;
        }
        match json_game(&mut r) {
            Ok(value) => {
                let (start, end) = (base + value.start, base + value.end);
                if damaged.iter().any(|&d| start <= d && d < end) {
                    continue;
                }
                let mut faults = Vec::new();
                match opentafl::game_of(&value, r.text, base, Syntax::Json, &mut faults) {
                    Ok(game) => {
                        errors.extend(faults.into_iter().map(|f| f.into_error(&i)));
                        record.games.push(game);
                    }
                    Err(fault) => errors.push(fault.into_error(&i)),
                }
            }
            Err(fault) => {
                errors.push(fault.into_error(&i));
                r.skip_to_next_game();
            }
        }
    }
    (record, errors)
}

/// ```ebnf
/// json game = json value , ws , line end ;
/// ```
///
/// The line end is left to the caller.
fn json_game(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let value = json_value(r)?;
    r.blanks();
    match r.peek() {
        None | Some(b'\n' | b'\r') => Ok(value),
        Some(_) => Err(r.expected("the end of the line after the game")),
    }
}

/// The text being read.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Blanks within the line.
    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// Where the current line ends.
    fn line_end(&self) -> usize {
        self.text[self.at..]
            .find(['\n', '\r'])
            .map_or(self.text.len(), |n| self.at + n)
    }

    /// On to the next line that starts with `{`, where a game may begin,
    /// or to the end.
    fn skip_to_next_game(&mut self) {
        self.depth = 0;
        loop {
            self.at = self.line_end();
            json_space(self);
            let line_start = self.text[..self.at]
                .rfind(['\n', '\r'])
                .map_or(0, |n| n + 1);
            if self.at >= self.text.len() || (self.at == line_start && self.peek() == Some(b'{')) {
                return;
            }
        }
    }

    /// The end of the character at `at`, or `at` at the end of a line.
    fn char_end(&self, at: usize) -> usize {
        match self.text[at..].chars().next() {
            Some('\n' | '\r') | None => at,
            Some(c) => at + c.len_utf8(),
        }
    }

    fn fault(&self, start: usize, end: usize, detail: String) -> Fault {
        Fault {
            kind: Kind::JsonSyntax,
            start,
            end,
            detail,
            help: JSON_HELP,
        }
    }

    fn expected(&self, what: &str) -> Fault {
        let found = match self.peek() {
            None | Some(b'\n' | b'\r') => "the end of the line".to_owned(),
            Some(_) => Found::at(&self.text[self.at..]).to_string(),
        };
        self.fault(
            self.at,
            self.char_end(self.at),
            format!("expected {what}, found {found}"),
        )
    }
}

/// ```ebnf
/// json space = { " " | "\t" | "\n" | "\r" } ;
/// ```
fn json_space(r: &mut Reader<'_>) {
    while matches!(r.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        r.at += 1;
    }
}

/// ```ebnf
/// json value = json space , ( json object | json array | json string | json number | json literal ) , json space ;
/// ```
///
/// The spaces after it are left to the caller, which reads them within
/// the line.
fn json_value(r: &mut Reader<'_>) -> Result<Value, Fault> {
    json_space(r);
    match r.peek() {
        Some(b'{') => json_object(r),
        Some(b'[') => json_array(r),
        Some(b'"') => {
            let start = r.at;
            let text = json_string(r)?;
            Ok(Value {
                kind: ValueKind::Text(text),
                start,
                end: r.at,
            })
        }
        Some(b'-' | b'0'..=b'9') => json_number(r),
        Some(b) if b.is_ascii_alphabetic() => json_literal(r),
        _ => Err(r.expected("a value")),
    }
}

/// ```ebnf
/// json object = "{" , json space , [ json member , { "," , json member } ] , "}" ;
/// ```
fn json_object(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let items = json_items(r, b'}', json_member)?;
    Ok(Value {
        kind: ValueKind::Group(items),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// json member = json space , json string , json space , ":" , json value ;
/// ```
fn json_member(r: &mut Reader<'_>) -> Result<Item, Fault> {
    json_space(r);
    if r.peek() != Some(b'"') {
        return Err(r.expected("a field's name in quotes"));
    }
    let key = json_string(r)?;
    json_space(r);
    if r.peek() != Some(b':') {
        return Err(r.expected("`:` after the field's name"));
    }
    r.at += 1;
    let value = json_value(r)?;
    Ok(Item {
        key: Some(key),
        value,
    })
}

/// ```ebnf
/// json array = "[" , json space , [ json value , { "," , json value } ] , "]" ;
/// ```
fn json_array(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let items = json_items(r, b']', |r| {
        let value = json_value(r)?;
        Ok(Item { key: None, value })
    })?;
    Ok(Value {
        kind: ValueKind::List(items),
        start,
        end: r.at,
    })
}

/// The items of an object or an array, read after its opening bracket
/// with `item`, up to and with `close`.
fn json_items(
    r: &mut Reader<'_>,
    close: u8,
    item: fn(&mut Reader<'_>) -> Result<Item, Fault>,
) -> Result<Vec<Item>, Fault> {
    let open = r.at;
    r.depth += 1;
    if r.depth > MAX_DEPTH {
        return Err(r.fault(
            open,
            open + 1,
            format!("brackets nested more than {MAX_DEPTH} deep"),
        ));
    }
    r.at += 1;
    let mut items = Vec::new();
    json_space(r);
    if r.peek() == Some(close) {
        r.at += 1;
        r.depth -= 1;
        return Ok(items);
    }
    loop {
        items.push(item(r)?);
        json_space(r);
        match r.peek() {
            Some(b',') => r.at += 1,
            Some(b) if b == close => {
                r.at += 1;
                r.depth -= 1;
                return Ok(items);
            }
            None => {
                return Err(r.fault(
                    open,
                    open + 1,
                    format!(
                        "expected `{}` to close this bracket before the end of the text",
                        char::from(close)
                    ),
                ));
            }
            _ => return Err(r.expected(&format!("`,` or `{}`", char::from(close)))),
        }
        json_space(r);
        if matches!(r.peek(), Some(b'}' | b']')) {
            return Err(r.expected("another item after `,`, which JSON ends no list with"));
        }
    }
}

/// ```ebnf
/// json string = '"' , { ? a character other than '"', "\" and a control character ? | "\" , ( '"' | "\" | "/" | "b" | "f" | "n" | "r" | "t" | "u" , 4 * ? a hexadecimal digit ? ) } , '"' ;
/// ```
///
/// Its text, its escapes read; a string runs within its line.
fn json_string(r: &mut Reader<'_>) -> Result<String, Fault> {
    let start = r.at;
    r.at += 1;
    let mut text = String::new();
    loop {
        let Some(c) = r.text[r.at..].chars().next() else {
            return Err(unclosed(r, start));
        };
        match c {
            '"' => {
                r.at += 1;
                return Ok(text);
            }
            '\\' => {
                let escape = r.at;
                r.at += 1;
                match read_escape(r) {
                    Some(c) => text.push(c),
                    None => {
                        return Err(r.fault(
                            escape,
                            r.char_end(escape + 1).max(escape + 1),
                            "expected an escape such as `\\\"`, `\\n` or `\\u00e9`".to_owned(),
                        ));
                    }
                }
            }
            '\n' | '\r' => return Err(unclosed(r, start)),
            c if c < ' ' => {
                return Err(r.fault(
                    r.at,
                    r.at + 1,
                    "expected a control character written as an escape, such as `\\t`".to_owned(),
                ));
            }
            c => {
                text.push(c);
                r.at += c.len_utf8();
            }
        }
    }
}

/// The fault of a string opened at `start` and not closed on its line.
fn unclosed(r: &Reader<'_>, start: usize) -> Fault {
    let end = r.text[start..]
        .find(['\n', '\r'])
        .map_or(r.text.len(), |n| start + n);
    r.fault(
        start,
        end,
        "expected `\"` to close this string before the end of the line".to_owned(),
    )
}

/// The character of an escape, read after its `\`; `None` when it is
/// none.
fn read_escape(r: &mut Reader<'_>) -> Option<char> {
    let c = match r.peek()? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            r.at += 1;
            let high = hex4(r)?;
            if !(0xD800..0xDC00).contains(&high) {
                return char::from_u32(high);
            }
            // A pair of surrogates: `\ud83d\ude00`.
            if !r.text[r.at..].starts_with("\\u") {
                return None;
            }
            r.at += 2;
            let low = hex4(r)?;
            if !(0xDC00..0xE000).contains(&low) {
                return None;
            }
            return char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
        }
        _ => return None,
    };
    r.at += 1;
    Some(c)
}

/// Four hexadecimal digits.
fn hex4(r: &mut Reader<'_>) -> Option<u32> {
    let digits = r.text.get(r.at..r.at + 4)?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    r.at += 4;
    u32::from_str_radix(digits, 16).ok()
}

/// ```ebnf
/// json number = [ "-" ] , ( "0" | ? a digit other than "0" ? , { digit } ) , [ "." , digit , { digit } ] , [ ( "e" | "E" ) , [ "+" | "-" ] , digit , { digit } ] ;
/// ```
fn json_number(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    if r.peek() == Some(b'-') {
        r.at += 1;
    }
    let digits = |r: &mut Reader<'_>| {
        let from = r.at;
        while r.peek().is_some_and(|b| b.is_ascii_digit()) {
            r.at += 1;
        }
        r.at - from
    };
    let whole = r.at;
    match digits(r) {
        0 => return Err(r.expected("a digit")),
        n if n > 1 && r.text.as_bytes()[whole] == b'0' => {
            return Err(r.fault(
                whole,
                whole + n,
                "expected a number with no leading zero".to_owned(),
            ));
        }
        _ => {}
    }
    if r.peek() == Some(b'.') {
        r.at += 1;
        if digits(r) == 0 {
            return Err(r.expected("a digit after `.`"));
        }
    }
    if matches!(r.peek(), Some(b'e' | b'E')) {
        r.at += 1;
        if matches!(r.peek(), Some(b'+' | b'-')) {
            r.at += 1;
        }
        if digits(r) == 0 {
            return Err(r.expected("a digit of the exponent"));
        }
    }
    Ok(Value {
        kind: ValueKind::Number(r.text[start..r.at].to_owned()),
        start,
        end: r.at,
    })
}

/// ```ebnf
/// json literal = "true" | "false" | "null" ;
/// ```
///
/// Read as a name, as RON writes `None`.
fn json_literal(r: &mut Reader<'_>) -> Result<Value, Fault> {
    let start = r.at;
    let len = r.text[start..]
        .bytes()
        .take_while(u8::is_ascii_alphanumeric)
        .count();
    let word = &r.text[start..start + len];
    if !matches!(word, "true" | "false" | "null") {
        return Err(r.fault(
            start,
            start + len,
            format!("expected a value, found `{word}`: JSON writes only `true`, `false` and `null` unquoted"),
        ));
    }
    r.at += len;
    Ok(Value {
        kind: ValueKind::Named(word.to_owned(), None),
        start,
        end: r.at,
    })
}
