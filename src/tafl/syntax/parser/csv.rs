//! Archives: a header, then one game a line.

use nom::Parser;
use nom::bytes::complete::tag;
use nom::combinator::opt;

use super::columns::{fields, other_header, unreadable_line};
use super::lexical::{byte_order_mark, line_end, number, uppercase_error, ws};
use super::otn::{Dialect, end_of_ply, joined, malformed, square_of};
use super::{
    Input, PResult, error_at, errors_full, into_error, is_line_end, next_line, offset, peek, skip,
    skip_until, span, stop_in_line, stopped, text_between, to_line_end,
};
use crate::core::limits::MAX_ERRORS;
use crate::core::{Edit, Found, Span};
use crate::tafl::syntax::ast::{
    CSV_HEADER, Capture, Count, CsvGame, CsvRecord, Ply, ResultLabel, WrittenMove,
};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// Reads a whole archive, skipping the lines that hold a `damaged` offset;
/// its first line may be the header when `first`.
pub(super) fn read(i: Input<'_>, damaged: &[usize], first: bool) -> (CsvRecord, Vec<SyntaxError>) {
    csv_record(i, damaged, first)
}

/// ```ebnf
/// csv record = [ byte order mark ] , [ csv header , line end ] , { csv line } ;
/// ```
fn csv_record(i: Input<'_>, damaged: &[usize], first: bool) -> (CsvRecord, Vec<SyntaxError>) {
    let (mut i, _) = opt(byte_order_mark).parse(i).unwrap_or((i, None));
    let mut record = CsvRecord::default();
    let mut errors = Vec::new();
    if first {
        if let Ok((rest, header)) = csv_header(i) {
            record.header = Some(header);
            i = rest;
        } else if let Some((rest, header)) = other_header(i, &mut errors) {
            record.header = header;
            i = rest;
        }
    }
    while !i.fragment().is_empty() {
        if stopped(&errors) {
            // Inside a line: said there.
            break;
        }
        if errors.len() >= MAX_ERRORS {
            let rest = to_line_end(i);
            let mut error = error_at(Kind::TooManyErrors, &i);
            error.span = span(&i, &rest);
            errors.push(error.with_help(format!(
                "{} syntax errors before this line; the rest is not read",
                errors.len()
            )));
            break;
        }
        let (start, end) = (offset(&i), offset(&to_line_end(i)));
        if damaged.iter().any(|&d| start <= d && d < end) {
            // Already reported by the decoding.
            i = next_line(i);
            continue;
        }
        let (rest, game) = csv_line(i, &mut errors);
        record.games.extend(game);
        i = rest;
    }
    (record, errors)
}

/// ```ebnf
/// csv header = "moves,attacker_captures,defender_captures,result" ;
/// ```
///
/// With its line end: the header is a line of its own.
fn csv_header(i: Input<'_>) -> PResult<'_, Span> {
    let (rest, _) = tag(CSV_HEADER).parse(i)?;
    let at = span(&i, &rest);
    let (rest, ()) = line_end(rest)?;
    Ok((rest, at))
}

/// ```ebnf
/// csv line = ws , [ csv game ] , line end ;
/// ```
///
/// Never fails: what cannot be read is reported, and reading goes on at
/// the next line.
fn csv_line<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Option<CsvGame>) {
    let (i, ()) = ws(i).unwrap_or((i, ()));
    if is_line_end(peek(&i)) {
        return (next_line(i), None);
    }
    if let Some((rest, error)) = unreadable_line(i) {
        errors.push(error);
        return (rest, None);
    }
    let (rest, game) = csv_game(i, errors);
    (next_line(rest), Some(game))
}

/// ```ebnf
/// csv game = archive plies , "," , count , "," , count , "," , [ result label ] ;
/// ```
///
/// Never fails: a field that cannot be read is reported and left empty.
fn csv_game<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, CsvGame) {
    let start = i;
    let (mut i, plies) = archive_plies(i, errors);
    let mut counts = [None, None];
    if stopped(errors) {
        return (i, missing(start, &i, plies, counts));
    }
    for slot in &mut counts {
        i = match comma(&start, i, errors) {
            Some(rest) => rest,
            None => return (i, missing(start, &i, plies, counts)),
        };
        let (rest, read) = count(i, errors);
        *slot = Some(read);
        i = rest;
    }
    i = match comma(&start, i, errors) {
        Some(rest) => rest,
        None => return (i, missing(start, &i, plies, counts)),
    };
    let result_start = i;
    let (i, result) = result_label(i, errors);
    let game = CsvGame {
        plies,
        attacker_captures: counts[0].unwrap_or(empty_count(&result_start)),
        defender_captures: counts[1].unwrap_or(empty_count(&result_start)),
        result,
        result_span: span(&result_start, &i),
        span: span(&start, &to_line_end(i)),
    };
    (i, game)
}

/// The `,` before a field: the input after it, or `None` (reported, with
/// the number of fields of the line, `start`) at the end of the line.
fn comma<'a>(start: &Input<'_>, i: Input<'a>, errors: &mut Vec<SyntaxError>) -> Option<Input<'a>> {
    if peek(&i) == Some(',') {
        return Some(skip(i, 1));
    }
    let fields = fields(text_between(start, &to_line_end(*start)));
    errors.push(
        error_at(Kind::MissingField, &i)
            .with_detail(format!(
                "expected `,` and a field, found {}: this line has {fields} field{}, a game 4",
                Found::at(i.fragment()),
                if fields == 1 { "" } else { "s" },
            ))
            .with_help(
                "an archive writes a game as `moves,attacker_captures,defender_captures,result`",
            ),
    );
    None
}

/// A game whose line ends at `i`, before its last fields.
fn missing(
    start: Input<'_>,
    i: &Input<'_>,
    plies: Vec<Ply>,
    counts: [Option<Count>; 2],
) -> CsvGame {
    CsvGame {
        plies,
        attacker_captures: counts[0].unwrap_or(empty_count(i)),
        defender_captures: counts[1].unwrap_or(empty_count(i)),
        result: None,
        result_span: span(i, i),
        span: span(&start, i),
    }
}

/// A count not written, at `i`.
fn empty_count(i: &Input<'_>) -> Count {
    Count {
        value: None,
        span: span(i, i),
    }
}

/// ```ebnf
/// archive plies = [ archive ply , { gap , archive ply } ] , ws ;
/// ```
///
/// Never fails: a ply that cannot be read is kept as written, and a ply
/// after `timeout` is read and reported. With
/// [`MAX_ERRORS`] syntax errors, reading stops: the rest of the line is one
/// ply not read.
fn archive_plies<'a>(mut i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Vec<Ply>) {
    let mut plies: Vec<Ply> = Vec::new();
    while !is_line_end(peek(&i)) && peek(&i) != Some(',') {
        if errors_full(&i, errors) {
            let (end, rest) = stop_in_line(i, errors);
            plies.push(rest);
            return (end, plies);
        }
        let (rest, ply) = archive_ply(i, errors);
        if plies.last().is_some_and(Ply::ends_game) {
            let mut error = error_at(Kind::PlyAfterEnd, &i);
            error.span = ply.span();
            errors.push(error.with_help("`timeout` is the last ply of a game"));
        }
        plies.push(ply);
        (i, ()) = ws(rest).unwrap_or((rest, ()));
    }
    (i, plies)
}

/// ```ebnf
/// archive ply = timeout | archive move ;
/// ```
///
/// Never fails: a ply that cannot be read is a [`Ply::Malformed`] reaching
/// to the next blank or `,`.
pub(super) fn archive_ply<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Ply) {
    if let Ok((rest, span)) = timeout(i)
        && Dialect::Archive.is_end(peek(&rest))
    {
        return (rest, Ply::Timeout(span));
    }
    match archive_move(i, errors) {
        Ok((rest, m)) => (end_of_ply(rest, errors, Dialect::Archive), Ply::Move(m)),
        Err(e) => {
            let mut error = into_error(e, &i);
            if error.kind == Kind::ExpectedSquare && offset(&i) == error.span.start {
                error =
                    error.with_help("an archive writes a move as `d2-e2`, with no piece letter");
            }
            malformed(i, error, errors, Dialect::Archive)
        }
    }
}

/// ```ebnf
/// timeout = "timeout" ;
/// ```
fn timeout(i: Input<'_>) -> PResult<'_, Span> {
    let (rest, _) = tag("timeout").parse(i)?;
    Ok((rest, span(&i, &rest)))
}

/// ```ebnf
/// archive move = square , "-" , square , { "x" , square } ;
/// ```
///
/// A failure when a square is missing; squares in upper case and a move
/// type written another way are read, and reported.
fn archive_move<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, WrittenMove> {
    let start = i;
    let mut uppercase = Vec::new();
    let (mut i, (from, kind, to)) = joined(i, Dialect::Archive, &mut uppercase, errors)?;
    let mut captures = Vec::new();
    while peek(&i) == Some('x') {
        let (rest, read) = square_of(skip(i, 1), Kind::ExpectedCapturedSquare, &mut uppercase)?;
        captures.push(Capture {
            piece: None,
            square: read.square,
            span: read.span,
        });
        i = rest;
    }
    errors.extend(uppercase_error(
        start.fragment(),
        offset(&start),
        &uppercase,
    ));
    Ok((
        i,
        WrittenMove {
            piece: None,
            from: from.square,
            kind,
            to: to.square,
            captures,
            info: None,
            from_span: from.span,
            to_span: to.span,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// count = number ;
/// ```
///
/// Never fails: a count that cannot be read is reported, and has no value.
fn count<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Count) {
    let start = i;
    let value = match number(i) {
        Ok((rest, value)) if is_field_end(peek(&rest)) => {
            return (
                rest,
                Count {
                    value: Some(value),
                    span: span(&start, &rest),
                },
            );
        }
        Ok((rest, _)) => error_at(Kind::ExpectedCount, &rest)
            .with_detail(format!(
                "expected a digit or `,`, found {}",
                Found::at(rest.fragment())
            ))
            .with_help("a capture count is written in digits only"),
        Err(nom::Err::Error(_)) => error_at(Kind::ExpectedCount, &i)
            .with_help("write the number of captures, `0` when there is none"),
        Err(e) => into_error(e, &i),
    };
    errors.push(value);
    let rest = skip_until(i, |c| c == ',');
    (
        rest,
        Count {
            value: None,
            span: span(&start, &rest),
        },
    )
}

/// Whether `c` ends a field.
fn is_field_end(c: Option<char>) -> bool {
    is_line_end(c) || c == Some(',')
}

/// ```ebnf
/// result label = "Black" | "White" | "Draw" | "Ongoing" ;
/// ```
///
/// Never fails: an empty result is warned of, and one that is not a label
/// reported; neither has a value. Text after it is reported and skipped.
fn result_label<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
) -> (Input<'a>, Option<ResultLabel>) {
    let letters = i
        .fragment()
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let rest = skip(i, letters);
    let word = text_between(&i, &rest);
    let label = ResultLabel::from_name(word);
    if word.is_empty() && is_line_end(peek(&rest)) {
        errors.push(
            error_at(Kind::EmptyResult, &i)
                .with_help("the game is read with no result; write it when it is known"),
        );
    } else if label.is_none() {
        errors.push(unknown_result(&i, &rest, word));
    }
    if !is_line_end(peek(&rest)) && (label.is_some() || !word.is_empty()) {
        let end = to_line_end(rest);
        let mut error = error_at(Kind::TextAfterResult, &rest);
        error.span = span(&rest, &end);
        errors.push(error.with_help("nothing follows a game's result on its line"));
        return (end, label);
    }
    (to_line_end(rest), label)
}

/// The error of a result `word`, written from `i` to `rest`, that is not
/// a label; with the fix when it is one in other letters' case.
fn unknown_result(i: &Input<'_>, rest: &Input<'_>, word: &str) -> SyntaxError {
    let whole = to_line_end(*i);
    let shown = if word.is_empty() {
        text_between(i, &whole)
    } else {
        word
    };
    let at = if word.is_empty() {
        span(i, &whole)
    } else {
        span(i, rest)
    };
    let mut error = error_at(Kind::UnknownResult, i).with_detail(format!(
        "expected {}, found `{shown}`",
        Kind::UnknownResult.expected()
    ));
    error.span = at;
    let label = ResultLabel::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(word));
    match label {
        Some(label) => error
            .with_help(format!("write `{label}`"))
            .with_fix(Edit::new(at, label.name())),
        None => error.with_help("Black is the attackers, White the defenders"),
    }
}
