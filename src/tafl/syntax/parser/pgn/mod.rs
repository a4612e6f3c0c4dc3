//! hnefatafl.org's PGN export: a game's tags, `[Event "Game 1001"]`, then
//! its moves, `1. d1d3 e5e2`, as its client writes them, each game read
//! into a game of the game file's tree.
//!
//! The client writes one game a file: its tags (`Event`, `Site`, and
//! `Date` when the server marked the game's end), then its moves on one
//! line with nothing after them, neither captures nor a result nor a line
//! end. The reader also takes what PGN files commonly do around that: a
//! blank line between the tags and the moves, moves over several lines,
//! several games a file. Each square's shape says its board (`0c4` 7 × 7,
//! `d1` 11 × 11, `D1` 13 × 13), and the game gets the rules the engine
//! plays on that board as its rules tag. A tag that does not read is
//! reported and left out; a move that does not read is reported and kept
//! as a ply not read, where the replay stops.

mod movetext;

use nom::Parser;
use nom::character::complete::{char, satisfy};
use nom::combinator::opt;

pub(super) use self::movetext::ply;
use self::movetext::{Moves, movetext};
use super::hnefatafl_org::rules_of;
use super::lexical::{byte_order_mark, line_end, ws};
use super::{
    Input, PResult, error_at, is_line_end, next_line, offset, peek, peek2, skip, span, stopped,
    to_line_end,
};
use crate::core::limits::MAX_ERRORS;
use crate::core::{Found, Span};
use crate::tafl::syntax::ast::{OtgGame, OtgRecord, Ply, Tag, Turn};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// The help of a tag that does not read.
const TAG_HELP: &str = "a tag is its name and its value in quotes, in brackets, alone on its line: \
     `[Event \"Game 1001\"]`";

/// Reads a whole export, skipping the lines that hold a `damaged` offset.
pub(super) fn read(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    pgn_record(i, damaged)
}

/// ```ebnf
/// pgn record = [ byte order mark ] , { pgn line } ;
/// ```
fn pgn_record(i: Input<'_>, damaged: &[usize]) -> (OtgRecord, Vec<SyntaxError>) {
    let (mut i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let mut builder = Builder::default();
    while !i.fragment().is_empty() {
        if stopped(&builder.errors) || builder.game.as_ref().is_some_and(|g| g.moves.full) {
            // Said where reading stopped.
            break;
        }
        if builder.errors.len() >= MAX_ERRORS {
            let end = to_line_end(i);
            let mut error = error_at(Kind::TooManyErrors, &i);
            error.span = span(&i, &end);
            let count = builder.errors.len();
            builder.errors.push(error.with_help(format!(
                "{count} syntax errors before this line; the rest is not read"
            )));
            break;
        }
        i.context().set_errors_before(builder.errors.len());
        let (start, end) = (offset(&i), offset(&to_line_end(i)));
        builder.begin_line(&i);
        if damaged.iter().any(|&d| start <= d && d < end) {
            // Already reported by the decoding.
            i = next_line(i);
            continue;
        }
        let mut errors = Vec::new();
        let (rest, item) = pgn_line(i, &mut builder, &mut errors);
        builder.errors.append(&mut errors);
        if let Some(item) = item {
            builder.add(item, Span::new(start, offset(&rest)));
        }
        i = rest;
    }
    builder.finish()
}

/// What a line holds.
enum Item {
    /// `[Event "Game 1001"]`.
    Tag(Tag),
    /// `1. d1d3 e5e2`, added to the game's moves as they are read.
    Moves,
}

/// ```ebnf
/// pgn line = ws , [ pgn item , ws ] , line end ;
/// ```
///
/// Never fails: a tag that does not read is reported, and the line is no
/// item.
fn pgn_line<'a>(
    i: Input<'a>,
    builder: &mut Builder,
    errors: &mut Vec<SyntaxError>,
) -> (Input<'a>, Option<Item>) {
    let (i, ()) = ws(i).unwrap_or((i, ()));
    if is_line_end(peek(&i)) {
        return (next_line(i), None);
    }
    let item = match pgn_item(i, builder, errors) {
        Ok((after, item)) => {
            let (rest, ()) = ws(after).unwrap_or((after, ()));
            if !is_line_end(peek(&rest)) {
                let end = to_line_end(rest);
                let mut error = error_at(Kind::PgnTag, &rest)
                    .with_detail("expected the end of the line after the tag's `]`")
                    .with_help(TAG_HELP);
                error.span = span(&rest, &end);
                errors.push(error);
            }
            Some(item)
        }
        Err(nom::Err::Error(error) | nom::Err::Failure(error)) => {
            errors.push(error);
            None
        }
        Err(nom::Err::Incomplete(_)) => None,
    };
    let end = to_line_end(i);
    let rest = line_end(end).map_or(end, |(rest, ())| rest);
    (rest, item)
}

/// ```ebnf
/// pgn item = pgn tag | movetext ;
/// ```
///
/// A line starting with `[` is a tag; any other, moves of the game being
/// read (or of a game they begin).
fn pgn_item<'a>(
    i: Input<'a>,
    builder: &mut Builder,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, Item> {
    if peek(&i) == Some('[') {
        return pgn_tag(i).map(|(rest, tag)| (rest, Item::Tag(tag)));
    }
    let moves = &mut builder.game_mut(offset(&i)).moves;
    Ok((movetext(i, moves, errors), Item::Moves))
}

/// A tag that does not read, at `at` (to `to`, else its next character),
/// where `expected` was expected.
fn tag_error(at: &Input<'_>, to: Option<&Input<'_>>, expected: &str) -> nom::Err<SyntaxError> {
    let found = Found::at(to.unwrap_or(at).fragment());
    let mut error = error_at(Kind::PgnTag, at)
        .with_detail(format!("expected {expected}, found {found}"))
        .with_help(TAG_HELP);
    if let Some(to) = to {
        error.span = span(at, to);
    }
    nom::Err::Failure(error)
}

/// ```ebnf
/// pgn tag = "[" , ws , pgn tag name , ws , pgn tag value , ws , "]" ;
/// ```
///
/// Its name is kept in lower case, as a game file's tags are named
/// (`event`, `site`, `date`). A failure at the place when it does not
/// read.
fn pgn_tag(i: Input<'_>) -> PResult<'_, Tag> {
    let start = i;
    let (i, _) = char('[').parse(i)?;
    let (i, ()) = ws(i)?;
    let (i, name) = pgn_tag_name(i).map_err(|_| tag_error(&i, None, "a tag's name"))?;
    let (i, ()) = ws(i)?;
    let (i, (value, value_span)) = pgn_tag_value(i)?;
    let (i, ()) = ws(i)?;
    let (i, _) = char::<_, SyntaxError>(']')
        .parse(i)
        .map_err(|_| tag_error(&i, None, "`]` after the tag's value"))?;
    let tag = Tag {
        name: name.to_ascii_lowercase(),
        value,
        value_span,
        span: span(&start, &i),
    };
    Ok((i, tag))
}

/// ```ebnf
/// pgn tag name = ( lower | upper ) , { lower | upper | digit | "_" } ;
/// ```
fn pgn_tag_name(i: Input<'_>) -> PResult<'_, &str> {
    let start = i;
    let (i, _) = satisfy(|c| c.is_ascii_alphabetic()).parse(i)?;
    let n = i
        .fragment()
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    let i = skip(i, n);
    Ok((i, super::text_between(&start, &i)))
}

/// ```ebnf
/// pgn tag value = '"' , { ? a character other than '"' and "\" ? | "\" , ( '"' | "\" ) } , '"' ;
/// ```
///
/// The value, its escapes read, and the span of its text between the
/// quotes.
fn pgn_tag_value(i: Input<'_>) -> PResult<'_, (String, Span)> {
    let open = i;
    let (mut i, _) = char::<_, SyntaxError>('"')
        .parse(i)
        .map_err(|_| tag_error(&i, None, "the tag's value in quotes, `\"...\"`"))?;
    let inside = i;
    let mut value = String::new();
    loop {
        match peek(&i) {
            Some('"') => return Ok((skip(i, 1), (value, span(&inside, &i)))),
            Some('\\') => match peek2(&i) {
                Some(c @ ('"' | '\\')) => {
                    value.push(c);
                    i = skip(i, 2);
                }
                _ => {
                    let to = skip(i, 1);
                    return Err(tag_error(
                        &i,
                        Some(&to),
                        "`\\\"` or `\\\\`, the escapes of a value",
                    ));
                }
            },
            None | Some('\n' | '\r') => {
                return Err(tag_error(&open, Some(&i), "`\"` to close the value"));
            }
            Some(c) => {
                value.push(c);
                i = skip(i, c.len_utf8());
            }
        }
    }
}

/// Gathers lines into games.
#[derive(Default)]
struct Builder {
    /// The games read.
    games: Vec<OtgGame>,
    /// The game being read, if one is.
    game: Option<GameRead>,
    /// A line that is no tag follows the last tag: a tag begins a game.
    tags_over: bool,
    /// The syntax errors and warnings met.
    errors: Vec<SyntaxError>,
}

/// A game being read.
struct GameRead {
    /// Its tags, in the order written.
    tags: Vec<Tag>,
    /// Its moves, over its lines.
    moves: Moves,
    /// From its first line read to its last.
    span: Span,
}

impl Builder {
    /// Notes the line at `i`, about to be read: a tag (a `[`) after the
    /// moves, or after a blank line after the tags, ends the game before
    /// it, as the records are cut into games.
    fn begin_line(&mut self, i: &Input<'_>) {
        let (at, ()) = ws(*i).unwrap_or((*i, ()));
        let tag = peek(&at) == Some('[');
        if tag && self.tags_over {
            self.end_game();
        }
        self.tags_over = !tag;
    }

    /// The game being read, begun at `start` if none is.
    fn game_mut(&mut self, start: usize) -> &mut GameRead {
        self.game.get_or_insert_with(|| GameRead {
            tags: Vec::new(),
            moves: Moves::default(),
            span: Span::new(start, start),
        })
    }

    /// Adds a line read, which covers `span`.
    fn add(&mut self, item: Item, span: Span) {
        let game = self.game_mut(span.start);
        if let Item::Tag(tag) = item {
            game.tags.push(tag);
        }
        game.span = game.span.join(span);
    }

    /// Ends the game being read: its rules are those of the board its
    /// first square says, 11 × 11 when no square says one.
    fn end_game(&mut self) {
        let Some(game) = self.game.take() else {
            return;
        };
        let (dim, at) = game.moves.board.map_or_else(
            || (11, game.tags.first().map_or(game.span, |t| t.span)),
            |(dim, at, _)| (dim, at),
        );
        let mut tags = game.tags;
        tags.push(Tag {
            name: "rules".to_owned(),
            value: rules_of(dim).to_owned(),
            value_span: at,
            span: at,
        });
        self.games.push(OtgGame {
            tags,
            turns: turns_of(game.moves.plies),
            span: game.span,
            captures_unwritten: true,
            // Written by hnefatafl.org's client: kept as read.
            server_written: true,
            archived: None,
        });
    }

    /// The games read, and the errors in file order.
    fn finish(mut self) -> (OtgRecord, Vec<SyntaxError>) {
        self.end_game();
        self.errors.sort_by_key(|e| e.span.start);
        (OtgRecord { games: self.games }, self.errors)
    }
}

/// The plies, two a turn, numbered from 1; a turn runs from the move
/// number written before its first ply, if one is.
fn turns_of(plies: Vec<(Ply, Option<Span>)>) -> Vec<Turn> {
    let mut turns = Vec::with_capacity(plies.len().div_ceil(2));
    let mut plies = plies.into_iter();
    while let Some((first, number)) = plies.next() {
        let start = number.map_or(first.span().start, |n| n.start);
        let mut pair = vec![first];
        pair.extend(plies.next().map(|(second, _)| second));
        let end = pair.last().map_or(start, |ply| ply.span().end);
        turns.push(Turn {
            number: u32::try_from(turns.len() + 1).unwrap_or(u32::MAX),
            plies: pair,
            commentary: None,
            variations: Vec::new(),
            span: Span::new(start, end),
        });
    }
    turns
}
