//! What both forms share: line ends, blanks, numbers and squares.

use nom::Parser;
use nom::character::complete::{char, satisfy};

use super::{Input, PResult, error_at, offset, peek, peek2, skip, span};
use crate::core::{Edit, Found, Span};
use crate::tafl::Square;
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// ```ebnf
/// byte order mark = ? U+FEFF, only as the first character of the file ? ;
/// ```
pub(super) fn byte_order_mark(i: Input<'_>) -> PResult<'_, char> {
    if offset(&i) == 0 {
        char('\u{feff}').parse(i)
    } else {
        Err(nom::Err::Error(error_at(Kind::UnexpectedLine, &i)))
    }
}

/// ```ebnf
/// line end = "\r\n" | "\n" | "\r" | ? the end of the input ? ;
/// ```
pub(super) fn line_end(i: Input<'_>) -> PResult<'_, ()> {
    crate::core::input::line_end(i, |i| error_at(Kind::UnexpectedLine, i))
}

/// ```ebnf
/// ws = { " " | "\t" } ;
/// ```
pub(super) fn ws(i: Input<'_>) -> PResult<'_, ()> {
    crate::core::input::ws(i)
}

/// ```ebnf
/// gap = ( " " | "\t" ) , ws ;
/// ```
pub(super) fn gap(i: Input<'_>) -> PResult<'_, ()> {
    let (i, _) = satisfy(|c| c == ' ' || c == '\t').parse(i)?;
    ws(i)
}

/// ```ebnf
/// digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;
/// ```
pub(super) fn digit(i: Input<'_>) -> PResult<'_, char> {
    satisfy(|c| c.is_ascii_digit()).parse(i)
}

/// ```ebnf
/// number = digit , { digit } ;
/// ```
///
/// `Err::Error` when no digit starts the input; a failure when the number
/// is too large for a `u32`.
pub(super) fn number(i: Input<'_>) -> PResult<'_, u32> {
    let start = i;
    digit(i)?;
    let len = i.fragment().bytes().take_while(u8::is_ascii_digit).count();
    let value = i.fragment().as_bytes()[..len]
        .iter()
        .try_fold(0u32, |n, &d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        });
    let i = skip(i, len);
    match value {
        Some(value) => Ok((i, value)),
        None => {
            let mut error = error_at(Kind::NumberTooLarge, &start);
            error.span = span(&start, &i);
            let detail = format!(
                "expected {}, found a number of {len} digits",
                Kind::NumberTooLarge.expected()
            );
            let help = "check the number's digits: no game has so many turns or captures";
            Err(nom::Err::Failure(error.with_detail(detail).with_help(help)))
        }
    }
}

/// ```ebnf
/// lower = ? an ASCII lower-case letter, "a" to "z" ? ;
/// ```
pub(super) fn lower(i: Input<'_>) -> PResult<'_, char> {
    satisfy(|c| c.is_ascii_lowercase()).parse(i)
}

/// A square read, with the error of a square written in upper case (read
/// as if in lower case).
pub(super) struct SquareRead {
    pub(super) square: Square,
    pub(super) span: Span,
    pub(super) uppercase: bool,
}

/// How a square is written, for the help of an error where one is expected.
pub(super) const SQUARE_HELP: &str =
    "a square is its file letter, `a` to `s`, and its rank, `1` to `19`, such as `d3`";

/// ```ebnf
/// square = file , rank ;
/// ```
///
/// `Err::Error` when no file letter starts the input (in either case); a
/// failure when its rank is missing or out of range. A file letter in upper
/// case is read as in lower case, and said so in [`SquareRead::uppercase`].
pub(super) fn square(i: Input<'_>) -> PResult<'_, SquareRead> {
    let start = i;
    let (i, (file, uppercase)) = match file(i) {
        Ok((i, file)) => (i, (file, false)),
        Err(e) => match peek(&i) {
            Some(c @ 'A'..='S') if peek2(&i).is_some_and(|d| d.is_ascii_digit()) => {
                (skip(i, 1), (c as u8 - b'A', true))
            }
            _ => return Err(e),
        },
    };
    let (i, rank) = rank(i).map_err(|e| match e {
        nom::Err::Error(_) => {
            let letter = start.fragment().chars().next().unwrap_or('a');
            let detail = format!(
                "expected a rank after `{letter}`, found {}",
                Found::at(i.fragment())
            );
            let error = error_at(Kind::ExpectedSquare, &start).with_detail(detail);
            nom::Err::Failure(error.with_help(SQUARE_HELP))
        }
        e => e,
    })?;
    // `file` and `rank` keep within the largest board.
    let Some(square) = Square::new(file, rank) else {
        let error = error_at(Kind::ExpectedSquare, &start).with_help(SQUARE_HELP);
        return Err(nom::Err::Failure(error));
    };
    Ok((
        i,
        SquareRead {
            square,
            span: span(&start, &i),
            uppercase,
        },
    ))
}

/// ```ebnf
/// file = ? a lower-case letter, "a" to "s" ? ;
/// ```
fn file(i: Input<'_>) -> PResult<'_, u8> {
    let last = (b'a' + Square::MAX_SIDE - 1) as char;
    let (i, c) = satisfy(|c| ('a'..=last).contains(&c)).parse(i)?;
    Ok((i, c as u8 - b'a'))
}

/// ```ebnf
/// rank = ? a number from 1 to 19, with no leading zero ? ;
/// ```
///
/// `Err::Error` when no digit starts the input; a failure when the number
/// is out of range.
fn rank(i: Input<'_>) -> PResult<'_, u8> {
    let start = i;
    digit(i)?;
    let len = i.fragment().bytes().take_while(u8::is_ascii_digit).count();
    let digits = &i.fragment()[..len];
    let i = skip(i, len);
    match digits.parse::<u8>() {
        Ok(rank @ 1..) if rank <= Square::MAX_SIDE && !digits.starts_with('0') => Ok((i, rank - 1)),
        _ => {
            let mut error = error_at(Kind::RankOutOfRange, &start);
            error.span = span(&start, &i);
            let detail = format!(
                "expected {}, found `{digits}`",
                Kind::RankOutOfRange.expected()
            );
            Err(nom::Err::Failure(rank_help(
                error.with_detail(detail),
                digits,
            )))
        }
    }
}

/// The help of a rank out of range written `digits`, and its fix when it
/// is a rank in range written with leading zeros.
fn rank_help(error: SyntaxError, digits: &str) -> SyntaxError {
    let trimmed = digits.trim_start_matches('0');
    match trimmed.parse::<u8>() {
        Ok(1..=Square::MAX_SIDE) if trimmed.len() < digits.len() => {
            let span = error.span;
            error
                .with_help(format!("write the rank with no leading zero, `{trimmed}`"))
                .with_fix(Edit::new(span, trimmed))
        }
        _ => error.with_help(format!(
            "ranks run from 1 at the bottom to {} on the largest board",
            Square::MAX_SIDE
        )),
    }
}

/// The one error of the squares of a move written in upper case, `D2-E2`:
/// at the first, with the fix that writes them all in lower case.
pub(super) fn uppercase_error(text: &str, base: usize, squares: &[Span]) -> Option<SyntaxError> {
    let first = *squares.first()?;
    let last = *squares.last()?;
    let written = &text[first.start - base..last.end - base];
    let bytes = written.as_bytes();
    let fixed: String = written
        .char_indices()
        .map(|(n, c)| {
            let before_digit = bytes.get(n + 1).is_some_and(u8::is_ascii_digit);
            if before_digit {
                c.to_ascii_lowercase()
            } else {
                c
            }
        })
        .collect();
    let whole = Span::new(first.start, last.end);
    let found = Found::Char(written.chars().next().unwrap_or('A'));
    Some(
        SyntaxError::new(Kind::UppercaseSquare, first, found)
            .with_help(format!("write `{fixed}`"))
            .with_fix(Edit::new(whole, fixed)),
    )
}
