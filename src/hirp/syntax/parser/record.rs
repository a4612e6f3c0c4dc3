//! Lines, tags and comments, and the grouping of lines into games.

use nom::Parser;
use nom::character::complete::{char, satisfy};
use nom::combinator::opt;
use nom::error::ErrorKind;

use super::group::{ItemKind, Reading, begins_game, mislabelled};
use super::turn::turn;
use super::{
    Input, PResult, Parsed, error_at, fail, into_error, is_line_end, offset, peek, peek2, skip,
    skip_char, span, to_line_end, too_many_turns,
};
use crate::core::Span;
use crate::hirp::syntax::ast::{Comment, CommentKind, Game, Record, Tag, Turn};
use crate::hirp::syntax::error::{Edit, Found, SyntaxError, SyntaxErrorKind as Kind};
use crate::hirp::syntax::limits::{MAX_ERRORS, MAX_TURNS};

/// Reads a whole record, skipping the lines that hold a `damaged` offset.
pub(super) fn read(i: Input<'_>, damaged: &[usize]) -> Parsed {
    record(i, damaged)
}

/// ```ebnf
/// record = [ byte order mark ] , { line } ;
/// ```
fn record(i: Input<'_>, damaged: &[usize]) -> Parsed {
    let (mut i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let mut builder = Builder {
        first_turns: turn_lines(i.fragment()).min(MAX_RESERVED),
        ..Builder::default()
    };
    let mut damaged = damaged.iter().copied().peekable();
    while !i.fragment().is_empty() {
        let start = offset(&i);
        while damaged.next_if(|&d| d < start).is_some() {}
        if let Some(&next_damage) = damaged.peek() {
            let end = start
                + i.fragment()
                    .find(['\n', '\r'])
                    .unwrap_or(i.fragment().len());
            if next_damage < end {
                // Already reported by `decode`.
                i = next_line(i);
                continue;
            }
        }
        match line(i) {
            Ok((rest, line)) => {
                builder.add(line);
                if let Some(turn) = builder.turn_beyond_limit() {
                    builder.errors.push(too_many_turns(&i, turn));
                    break;
                }
                i = rest;
            }
            Err(e) => {
                let error = into_error(e, &i);
                let at = error
                    .span
                    .start
                    .saturating_sub(start)
                    .min(i.fragment().len());
                let at = (0..=at)
                    .rev()
                    .find(|&n| i.fragment().is_char_boundary(n))
                    .unwrap_or(0);
                builder.errors.push(error);
                i = next_line(skip(i, at));
            }
        }
        if builder.errors.len() >= MAX_ERRORS && !i.fragment().is_empty() {
            let rest = to_line_end(i);
            let mut error = error_at(Kind::TooManyErrors, &i);
            error.span = span(&i, &rest);
            builder.errors.push(error.with_help(format!(
                "{} syntax errors before this line; the rest is not read",
                builder.errors.len()
            )));
            break;
        }
    }
    builder.finish()
}

/// The most turns reserved for a game at once (a game of 1,024 turns takes
/// 180 kB).
const MAX_RESERVED: usize = 1024;

/// Lines that look like turns (they start with `G` or `S`): the room the
/// first game's turns are given, so that a game read at once, as
/// [`Games`](crate::hirp::syntax::Games) cuts them, needs no growing.
fn turn_lines(text: &str) -> usize {
    let bytes = text.as_bytes();
    let starts = |n: usize| matches!(bytes.get(n), Some(b'G' | b'S'));
    usize::from(starts(0))
        + memchr::memchr_iter(b'\n', bytes)
            .filter(|&n| starts(n + 1))
            .count()
}

/// The input after the end of the current line.
fn next_line(i: Input<'_>) -> Input<'_> {
    let i = to_line_end(i);
    line_end(i).map_or(i, |(rest, ())| rest)
}

/// ```ebnf
/// byte order mark = ? U+FEFF, only as the first character of the file ? ;
/// ```
fn byte_order_mark(i: Input<'_>) -> PResult<'_, char> {
    if offset(&i) == 0 {
        char('\u{feff}').parse(i)
    } else {
        Err(nom::Err::Error(error_at(Kind::UnexpectedLine, &i)))
    }
}

/// What one line holds.
struct Line {
    /// Comments before the item on the line.
    before: Vec<Comment>,
    /// The tag or turn, if the line has one.
    item: Option<Item>,
    /// Comments after the item.
    after: Vec<Comment>,
    /// Errors that did not stop the line from being read.
    errors: Vec<SyntaxError>,
}

/// ```ebnf
/// line = ws , { comment , ws } , [ item , ws , { comment , ws } ] , line end ;
/// ```
fn line(i: Input<'_>) -> PResult<'_, Line> {
    let (i, ()) = ws(i)?;
    let (mut i, before) = comments(i)?;
    let mut errors = Vec::new();
    let mut after = Vec::new();
    let mut item_read = None;
    if !is_line_end(peek(&i)) {
        let (rest, (read, item_errors)) = item(i)?;
        errors.extend(item_errors);
        let (rest, ()) = ws(rest)?;
        let rest = match comments(rest) {
            Ok((rest, comments)) => {
                after = comments;
                rest
            }
            Err(e) => {
                // An unclosed comment after an item: keep the item.
                errors.push(into_error(e, &rest));
                to_line_end(rest)
            }
        };
        i = rest;
        if !is_line_end(peek(&i)) {
            let kind = match (&read, before.is_empty() && after.is_empty()) {
                (Item::Tag(_), true) => Kind::TextAfterTag,
                _ if peek(&i) == Some('}') => Kind::UnmatchedBrace,
                _ => Kind::TextAfterComment,
            };
            errors.push(error_at(kind, &i));
            i = to_line_end(i);
        }
        item_read = Some(read);
    }
    let (i, ()) = line_end(i)?;
    Ok((
        i,
        Line {
            before,
            item: item_read,
            after,
            errors,
        },
    ))
}

/// Comments separated by blanks, as in `{ comment , ws }`.
fn comments(mut i: Input<'_>) -> PResult<'_, Vec<Comment>> {
    let mut found = Vec::new();
    while matches!(peek(&i), Some(';' | '{')) {
        let (rest, c) = comment(i)?;
        let (rest, ()) = ws(rest)?;
        found.push(c);
        i = rest;
    }
    Ok((i, found))
}

/// A tag or a turn.
enum Item {
    /// `[Event "..."]`.
    Tag(Tag),
    /// `G1 KeHeiHei /`.
    Turn(Turn),
}

/// ```ebnf
/// item = tag | turn ;
/// ```
fn item(i: Input<'_>) -> PResult<'_, (Item, Vec<SyntaxError>)> {
    match (peek(&i), peek2(&i)) {
        (Some('['), _) => {
            let (rest, tag) = tag(i)?;
            Ok((rest, (Item::Tag(tag), Vec::new())))
        }
        (Some('G' | 'S'), _) => {
            let (rest, (turn, errors)) = turn(i)?;
            Ok((rest, (Item::Turn(turn), errors)))
        }
        (Some(c @ ('g' | 's')), Some(d)) if d.is_ascii_digit() => {
            let fixed = c.to_ascii_uppercase();
            let error = error_at(Kind::LowercaseLabel, &i);
            let fix = Edit::new(error.span, fixed.to_string());
            Err(nom::Err::Failure(
                error.with_help(format!("write `{fixed}{d}`")).with_fix(fix),
            ))
        }
        (Some('H' | 'K' | 'L'), _) => Err(nom::Err::Failure(
            error_at(Kind::MissingLabel, &i)
                .with_help("write the side and the round first, as in `G1 KeHeiHei /`"),
        )),
        (Some('}'), _) => fail(Kind::UnmatchedBrace, &i),
        _ => fail(Kind::UnexpectedLine, &i),
    }
}

/// ```ebnf
/// line end = "\r\n" | "\n" | "\r" | ? the end of the input ? ;
/// ```
fn line_end(i: Input<'_>) -> PResult<'_, ()> {
    crate::core::input::line_end(i, |i| error_at(Kind::UnexpectedLine, i))
}

/// ```ebnf
/// ws = { " " | "\t" } ;
/// ```
pub(super) fn ws(i: Input<'_>) -> PResult<'_, ()> {
    crate::core::input::ws(i)
}

/// ```ebnf
/// tag = "[" , ws , tag name , ws , tag value , ws , "]" ;
/// ```
fn tag(i: Input<'_>) -> PResult<'_, Tag> {
    let start = i;
    let (i, _) = char('[').parse(i)?;
    let (i, ()) = ws(i)?;
    let (i, name) = tag_name(i)?;
    let (i, ()) = ws(i)?;
    let open = offset(&i);
    let (i, value) = tag_value(i)?;
    let value_span = Span::new(open + 1, offset(&i).saturating_sub(1).max(open + 1));
    let (i, ()) = ws(i)?;
    let (i, _) = match char::<_, SyntaxError>(']').parse(i) {
        Ok(done) => done,
        Err(_) => {
            let mut error = error_at(Kind::UnterminatedTag, &i);
            if is_line_end(peek(&i)) {
                error = error.with_help("close the tag with `]`");
            }
            return Err(nom::Err::Failure(error));
        }
    };
    Ok((
        i,
        Tag {
            leading: Vec::new(),
            name,
            value,
            trailing: Vec::new(),
            span: span(&start, &i),
            value_span,
        },
    ))
}

/// ```ebnf
/// tag name = letter , { letter | digit | "_" } ;
/// ```
fn tag_name(i: Input<'_>) -> PResult<'_, String> {
    let start = i;
    let (i, _) = letter(i).map_err(|_| nom::Err::Failure(error_at(Kind::ExpectedTagName, &i)))?;
    let n = i
        .fragment()
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(i.fragment().len());
    let i = skip(i, n);
    Ok((i, super::text_between(&start, &i).to_owned()))
}

/// ```ebnf
/// letter = ? an ASCII letter, "A" to "Z" or "a" to "z" ? ;
/// ```
fn letter(i: Input<'_>) -> PResult<'_, char> {
    satisfy(|c| c.is_ascii_alphabetic()).parse(i)
}

/// ```ebnf
/// tag value = '"' , { string char } , '"' ;
/// ```
fn tag_value(i: Input<'_>) -> PResult<'_, String> {
    let open = i;
    let Ok((mut i, _)) = char::<_, SyntaxError>('"').parse(i) else {
        let mut error = error_at(Kind::UnquotedTagValue, &i);
        let rest = i.fragment();
        let value = rest[..rest.find([']', '\n', '\r']).unwrap_or(rest.len())].trim_end();
        if !value.is_empty() && !value.contains('"') {
            let at = offset(&i);
            let (help, inner) = match typographic_quoted(value) {
                Some(inner) => ("write the value in straight quotes", inner),
                None => ("write the value in quotes", value),
            };
            error = error
                .with_help(format!("{help}: \"{inner}\""))
                .with_fix(Edit::new(
                    Span::new(at, at + value.len()),
                    format!("\"{inner}\""),
                ));
        }
        return Err(nom::Err::Failure(error));
    };
    let mut value = String::new();
    loop {
        match string_char(i) {
            Ok((rest, c)) => {
                value.push(c);
                i = rest;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    match char::<_, SyntaxError>('"').parse(i) {
        Ok((i, _)) => Ok((i, value)),
        Err(_) => Err(nom::Err::Failure(
            error_at(Kind::UnterminatedString, &i).with_help(format!(
                "the value opened at column {} needs a closing `\"`",
                column_of(&open)
            )),
        )),
    }
}

/// The text inside `value` when typographic quotes enclose it, as a word
/// processor writes `“Jarl Cup”`, `„Jarl Cup“` or `«Jarl Cup»`.
fn typographic_quoted(value: &str) -> Option<&str> {
    const OPENING: [char; 5] = ['“', '”', '„', '«', '»'];
    const CLOSING: [char; 4] = ['”', '“', '»', '«'];
    let inner = value.strip_prefix(OPENING)?.strip_suffix(CLOSING)?;
    (!inner.contains(OPENING) && !inner.contains(CLOSING)).then_some(inner)
}

/// The 1-based column of the input's first character within its line.
fn column_of(i: &Input<'_>) -> usize {
    i.column()
}

/// ```ebnf
/// string char = ? any character but '"', "\" and a line end ? | "\" , ( '"' | "\" ) ;
/// ```
fn string_char(i: Input<'_>) -> PResult<'_, char> {
    match peek(&i) {
        Some('\\') => match peek2(&i) {
            Some(c @ ('"' | '\\')) => Ok((skip(i, 2), c)),
            _ => {
                let mut error = error_at(Kind::InvalidEscape, &i);
                error.found = Found::at(skip(i, 1).fragment());
                error.span.end = offset(&skip_char(skip_char(i)));
                if is_line_end(peek2(&i)) {
                    error.span.end = error.span.start + 1;
                }
                Err(nom::Err::Failure(error.with_help(
                    "write `\\\\` for a backslash and `\\\"` for a quote",
                )))
            }
        },
        Some(c) if c != '"' && !is_line_end(Some(c)) => Ok((skip_char(i), c)),
        _ => Err(nom::Err::Error(SyntaxError::from_kind(&i))),
    }
}

/// ```ebnf
/// comment = line comment | block comment ;
/// ```
pub(super) fn comment(i: Input<'_>) -> PResult<'_, Comment> {
    match peek(&i) {
        Some(';') => line_comment(i),
        Some('{') => block_comment(i),
        _ => Err(nom::Err::Error(SyntaxError::from_kind(&i))),
    }
}

/// ```ebnf
/// line comment = ";" , { ? any character but a line end ? } ;
/// ```
fn line_comment(i: Input<'_>) -> PResult<'_, Comment> {
    let start = i;
    let (i, _) = char(';').parse(i)?;
    let body = to_line_end(i);
    let text = super::text_between(&i, &body);
    Ok((
        body,
        Comment {
            kind: CommentKind::Line,
            text: text.trim_end().to_owned(),
            span: span(&start, &body),
        },
    ))
}

/// ```ebnf
/// block comment = "{" , { ? any character but "{" and "}" ? | block comment } , "}" ;
/// ```
///
/// Nesting is counted rather than recursed into, so that deep nesting cannot
/// exhaust the stack.
fn block_comment(i: Input<'_>) -> PResult<'_, Comment> {
    let start = i;
    let (body, _) = char('{').parse(i)?;
    let mut depth = 1usize;
    let one_line = i.context().unclosed_comment.get();
    for (n, c) in body.fragment().char_indices() {
        match c {
            '\n' | '\r' if one_line => break,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let text = body.fragment()[..n].to_owned();
                    let rest = skip(body, n + 1);
                    return Ok((
                        rest,
                        Comment {
                            kind: CommentKind::Block,
                            text,
                            span: span(&start, &rest),
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    let mut error = error_at(Kind::UnterminatedComment, &start);
    if one_line {
        error.found = Found::EndOfLine;
    } else {
        error.found = Found::EndOfInput;
        i.context().unclosed_comment.set(true);
    }
    Err(nom::Err::Failure(error.with_help(
        "close the comment with `}`; the rest of its line is skipped",
    )))
}

impl SyntaxError {
    /// A placeholder for "this rule does not start here", never reported.
    pub(super) fn from_kind(i: &Input<'_>) -> SyntaxError {
        <SyntaxError as nom::error::ParseError<Input<'_>>>::from_error_kind(*i, ErrorKind::Char)
    }
}

/// Groups lines into games and attaches comments to the items they precede.
#[derive(Default)]
struct Builder {
    games: Vec<Game>,
    /// Room for the turns of the first game.
    first_turns: usize,
    /// Comments waiting for the next tag or turn.
    pending: Vec<Comment>,
    /// A blank line was read since the last tag or turn.
    blank: bool,
    /// The last game began after a blank line.
    parted: bool,
    errors: Vec<SyntaxError>,
}

impl Builder {
    fn add(&mut self, line: Line) {
        self.errors.extend(line.errors);
        let Some(item) = line.item else {
            self.blank |= line.before.is_empty();
            self.pending.extend(line.before);
            return;
        };
        self.pending.extend(line.before);
        let parted = std::mem::take(&mut self.blank);
        let leading = std::mem::take(&mut self.pending);
        let first = leading.first().map(|c| c.span);
        let (item_span, kind) = match &item {
            Item::Tag(tag) => (tag.span, ItemKind::Tag),
            Item::Turn(turn) => (
                turn.span,
                ItemKind::Turn {
                    side: turn.label.side,
                    round: Some(turn.label.round),
                },
            ),
        };
        let end = line.after.last().map_or(item_span.end, |c| c.span.end);
        let start = first.unwrap_or(item_span).start;
        if let ItemKind::Turn { .. } = kind {
            self.rejoin(kind);
        }
        if begins_game(self.reading(), kind) {
            self.parted = parted;
            self.games.push(Game {
                span: Span::new(start, end),
                turns: Vec::with_capacity(std::mem::take(&mut self.first_turns)),
                ..Game::default()
            });
        }
        let last = self.games.len() - 1;
        let game = &mut self.games[last];
        game.span.end = end;
        match item {
            Item::Tag(tag) => game.tags.push(Tag {
                leading,
                trailing: line.after,
                ..tag
            }),
            Item::Turn(turn) => game.turns.push(Turn {
                leading,
                trailing: line.after,
                ..turn
            }),
        }
    }

    /// The turn that takes the last game beyond [`MAX_TURNS`], taken out of
    /// it, if one does: its span.
    fn turn_beyond_limit(&mut self) -> Option<Span> {
        let game = self.games.last_mut()?;
        if game.turns.len() <= MAX_TURNS {
            return None;
        }
        game.turns.pop().map(|turn| turn.span)
    }

    /// Where reading stands, for [`begins_game`].
    fn reading(&self) -> Reading {
        match self.games.last() {
            None => Reading::NoGame,
            Some(game) => game.turns.last().map_or(Reading::NoTurn, after_turn),
        }
    }

    /// Puts a game begun at a `G1` back into the game before it, when the
    /// turn `next`, read after the `G1`, shows the `G1` [`mislabelled`]: the
    /// game has no tag and that one turn, begun with no blank line after the
    /// game before it, which ends with a turn.
    fn rejoin(&mut self, next: ItemKind) {
        let [.., before, open] = &self.games[..] else {
            return;
        };
        let Some(last) = before.turns.last() else {
            return;
        };
        if self.parted
            || !open.tags.is_empty()
            || open.turns.len() != 1
            || !mislabelled(after_turn(last), Some(next))
        {
            return;
        }
        if let Some(open) = self.games.pop()
            && let Some(before) = self.games.last_mut()
        {
            before.span.end = open.span.end;
            before.turns.extend(open.turns);
        }
    }

    fn finish(mut self) -> Parsed {
        self.errors.sort_by_key(|e| e.span.start);
        Parsed {
            record: Record {
                games: self.games,
                comments: self.pending,
            },
            errors: self.errors,
        }
    }
}

/// Where reading stands after `turn`.
fn after_turn(turn: &Turn) -> Reading {
    Reading::AfterTurn {
        side: turn.label.side,
        round: Some(turn.label.round),
    }
}
