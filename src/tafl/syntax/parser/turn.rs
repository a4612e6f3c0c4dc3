//! Turns and variations of a game file: their numbers and addresses, their
//! plies and their commentary.

use nom::Parser;
use nom::character::complete::char;

use super::lexical::{gap, lower, number, ws};
use super::otn::ply;
use super::{
    Input, PResult, error_at, errors_full, is_line_end, offset, peek, skip, span, stop_in_line,
    text_between,
};
use crate::core::{Edit, Span};
use crate::tafl::syntax::ast::{
    Commentary, MoveAddress, Ply, Turn, Variation, VariationAddress, VariationStep,
};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// ```ebnf
/// turn = turn number , plies , [ ws , commentary ] ;
/// ```
pub(super) fn turn<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, Turn> {
    let start = i;
    let (i, number) = turn_number(i, errors)?;
    let (i, plies) = plies(i, false, errors);
    let end = offset(&i);
    let (i, commentary) = commentary_after(i, errors);
    Ok((
        i,
        Turn {
            number,
            plies,
            commentary,
            variations: Vec::new(),
            span: Span::new(offset(&start), end),
        },
    ))
}

/// Commentary written after the plies on their line, if any.
fn commentary_after<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
) -> (Input<'a>, Option<Commentary>) {
    let (after, ()) = ws(i).unwrap_or((i, ()));
    match commentary(after, errors) {
        Ok((rest, commentary)) => (rest, Some(commentary)),
        Err(_) => (i, None),
    }
}

/// ```ebnf
/// turn number = number , "." ;
/// ```
///
/// A number followed by a blank is read as if its `.` were written, and
/// reported.
fn turn_number<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, u32> {
    let (i, n) = number(i)?;
    match char::<_, SyntaxError>('.').parse(i) {
        Ok((i, _)) => Ok((i, n)),
        Err(_) if matches!(peek(&i), Some(' ' | '\t')) => {
            let at = offset(&i);
            errors.push(
                error_at(Kind::ExpectedTurnPeriod, &i)
                    .with_help(format!("write `{n}.`"))
                    .with_fix(Edit::new(Span::new(at, at), ".")),
            );
            Ok((i, n))
        }
        Err(_) => Err(nom::Err::Failure(
            error_at(Kind::ExpectedTurnPeriod, &i)
                .with_help("a turn is its number, `.` and its plies, such as `1. d2-e2 d3-d2`"),
        )),
    }
}

/// ```ebnf
/// variation = variation address , plies , [ ws , commentary ] ;
/// ```
pub(super) fn variation<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, Variation> {
    let start = i;
    let (i, address) = variation_address(i)?;
    let (i, plies) = plies(i, true, errors);
    let end = offset(&i);
    let (i, commentary) = commentary_after(i, errors);
    Ok((
        i,
        Variation {
            address,
            plies,
            commentary,
            span: Span::new(offset(&start), end),
        },
    ))
}

/// ```ebnf
/// variation address = move address , variation step , { variation step } , [ "." ] ;
/// ```
///
/// A failure, once its move address is read, when no step follows.
pub(super) fn variation_address(i: Input<'_>) -> PResult<'_, VariationAddress> {
    let begin = i;
    let (mut i, start) = move_address(i)?;
    let mut steps = Vec::new();
    loop {
        match variation_step(i) {
            Ok((rest, step)) => {
                steps.push(step);
                i = rest;
            }
            Err(nom::Err::Error(e)) if steps.is_empty() => {
                let detail = format!(
                    "expected a variation number and a move after `{}`, found {}",
                    text_between(&begin, &i),
                    e.found
                );
                let mut error = error_at(Kind::MalformedAddress, &i);
                error.span = span(&begin, &skip_address(i));
                let help = "a variation's address names the move it branches from, then \
                            the variation and the move within it, such as `7a.1.1a.`";
                return Err(nom::Err::Failure(error.with_detail(detail).with_help(help)));
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    if peek(&i) == Some('.') {
        i = skip(i, 1);
    }
    Ok((
        i,
        VariationAddress {
            start,
            steps,
            span: span(&begin, &i),
        },
    ))
}

/// The input after what may be an address's text: its digits, letters and
/// periods.
fn skip_address(i: Input<'_>) -> Input<'_> {
    let n = i
        .fragment()
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'.')
        .count();
    skip(i, n)
}

/// ```ebnf
/// variation step = "." , number , "." , move address ;
/// ```
///
/// `Err::Error` when it is not all there: `.1.1a` is a step, `.1.` and
/// `.` are not.
fn variation_step(i: Input<'_>) -> PResult<'_, VariationStep> {
    let at = |rest: &Input<'_>| nom::Err::Error(error_at(Kind::MalformedAddress, rest));
    let (i, _) = char::<_, SyntaxError>('.').parse(i).map_err(|_| at(&i))?;
    let (i, variation) = match number(i) {
        Ok(read) => read,
        Err(nom::Err::Error(_)) => return Err(at(&i)),
        Err(e) => return Err(e),
    };
    let (i, _) = char::<_, SyntaxError>('.').parse(i).map_err(|_| at(&i))?;
    let (i, step_at) = match move_address(i) {
        Ok(read) => read,
        Err(nom::Err::Error(_)) => return Err(at(&i)),
        Err(e) => return Err(e),
    };
    Ok((
        i,
        VariationStep {
            variation,
            at: step_at,
        },
    ))
}

/// ```ebnf
/// move address = number , lower ;
/// ```
fn move_address(i: Input<'_>) -> PResult<'_, MoveAddress> {
    let (rest, turn) = number(i)?;
    let (rest, letter) =
        lower(rest).map_err(|_| nom::Err::Error(error_at(Kind::MalformedAddress, &rest)))?;
    Ok((
        rest,
        MoveAddress {
            turn,
            ply: letter as u8 - b'a',
        },
    ))
}

/// ```ebnf
/// plies = gap , ply , { gap , ply } ;
/// ```
///
/// Never fails: with no blank before the first ply, it is read and
/// reported; with no ply at all, the turn has none. `.....` outside a
/// variation and a ply after one that ends the game are read and reported.
/// With [`MAX_ERRORS`](crate::core::limits::MAX_ERRORS) syntax errors,
/// reading stops: the rest of the line is one ply not read.
fn plies<'a>(
    i: Input<'a>,
    in_variation: bool,
    errors: &mut Vec<SyntaxError>,
) -> (Input<'a>, Vec<Ply>) {
    let mut i = match gap(i) {
        Ok((rest, ())) if !ends_plies(peek(&rest)) => rest,
        Ok(_) => return missing_plies(i, errors),
        Err(_) if ends_plies(peek(&i)) => return missing_plies(i, errors),
        Err(_) => {
            let at = offset(&i);
            errors.push(
                error_at(Kind::MissingSpace, &i)
                    .with_help("put a space after the turn's number")
                    .with_fix(Edit::new(Span::new(at, at), " ")),
            );
            i
        }
    };
    // Two plies a turn, most often.
    let mut found: Vec<Ply> = Vec::with_capacity(2);
    loop {
        if errors_full(&i, errors) {
            let (end, rest) = stop_in_line(i, errors);
            found.push(rest);
            return (end, found);
        }
        let (rest, read) = ply(i, errors);
        if matches!(read, Ply::Placeholder(_)) && !in_variation {
            errors.push(
                error_at(Kind::PlaceholderOutsideVariation, &i)
                    .spanning(read.span())
                    .with_help("the main line writes every move it plays"),
            );
        }
        if found.last().is_some_and(Ply::ends_game) {
            errors.push(
                error_at(Kind::PlyAfterEnd, &i)
                    .spanning(read.span())
                    .with_help("`---` resigns the game: it is the last ply"),
            );
        }
        found.push(read);
        let (rest, ()) = ws(rest).unwrap_or((rest, ()));
        i = rest;
        if ends_plies(peek(&i)) {
            return (i, found);
        }
    }
}

/// Whether `c` ends the plies of a turn or variation.
fn ends_plies(c: Option<char>) -> bool {
    is_line_end(c) || c == Some('[')
}

/// A turn or variation with no ply, reported at `i`.
fn missing_plies<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Vec<Ply>) {
    errors.push(
        error_at(Kind::MissingPlies, &i).with_help("write the turn's moves after its number"),
    );
    (i, Vec::new())
}

impl SyntaxError {
    /// The same error over `span`.
    fn spanning(mut self, span: Span) -> Self {
        self.span = span;
        self
    }
}

/// ```ebnf
/// commentary = "[" , comment text , { "|" , comment text } , "]" ;
/// ```
///
/// `Err::Error` when no `[` starts it. With no `]` (or a line starting with
/// `[` before it) it is reported, and read to the end of its line.
pub(super) fn commentary<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, Commentary> {
    let start = i;
    let (i, _) = char('[').parse(i)?;
    let (end, closed) = bracket_end(&i);
    let body = i.at(end);
    let mut texts = Vec::new();
    let mut rest = i;
    loop {
        let (after, text) = comment_text(rest, end);
        texts.push(text.to_owned());
        if peek(&after) == Some('|') && after.location_offset() < end {
            rest = skip(after, 1);
        } else {
            break;
        }
    }
    let i = if closed {
        skip(body, 1)
    } else {
        errors.push(unterminated(Kind::UnterminatedCommentary, &start, &body));
        body
    };
    Ok((
        i,
        Commentary {
            texts,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// comment text = { ? any character but "|" and "]" ? } ;
/// ```
///
/// Reads up to `end`, the offset of the commentary's `]` (or end).
fn comment_text(i: Input<'_>, end: usize) -> (Input<'_>, &str) {
    let within = &i.fragment()[..end - i.location_offset()];
    let n = within.find('|').unwrap_or(within.len());
    (skip(i, n), &within[..n])
}

/// Where the `[ ]` whose `[` was just read ends: the offset (in the text
/// read) of its `]` and `true`, or of the end of its line and `false` when
/// there is no `]`, or a line starting with `[` comes first.
pub(super) fn bracket_end(i: &Input<'_>) -> (usize, bool) {
    let from = i.location_offset();
    let context = i.context();
    let line_end = || offset_of(&super::to_line_end(*i));
    match context.next_close(from) {
        Some(close)
            if context
                .next_line_opening(from)
                .is_none_or(|open| close < open) =>
        {
            (close, true)
        }
        _ => (line_end(), false),
    }
}

/// The error of a `[` at `start` never closed, read up to `end`.
pub(super) fn unterminated(kind: Kind, start: &Input<'_>, end: &Input<'_>) -> SyntaxError {
    let what = if kind == Kind::UnterminatedTag {
        "tag"
    } else {
        "commentary"
    };
    let detail = if start
        .context()
        .next_close(start.location_offset())
        .is_some()
    {
        "this `[` has no `]` before the next line starting with `[`"
    } else {
        "this `[` has no `]`"
    };
    error_at(kind, start)
        .with_detail(detail)
        .with_help(format!("close the {what} with `]` at the end of its text"))
        .with_fix(Edit::new(Span::new(offset(end), offset(end)), "]"))
}

/// The offset of `i` in the text read.
fn offset_of(i: &Input<'_>) -> usize {
    i.location_offset()
}

/// Whether the text at `i` starts a variation's address: digits, then a
/// lower-case letter (a turn's number has `.` after its digits).
pub(super) fn starts_variation(i: &Input<'_>) -> bool {
    let bytes = i.fragment().as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && bytes.get(digits).is_some_and(u8::is_ascii_lowercase)
}
