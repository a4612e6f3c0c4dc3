//! Plies in OpenTafl notation, and what moves of both forms share.

use nom::Parser;
use nom::bytes::complete::tag;
use nom::character::complete::satisfy;

use super::lexical::{SQUARE_HELP, SquareRead, square, uppercase_error};
use super::{
    Input, PResult, error_at, into_error, is_blank, is_line_end, offset, peek, peek2, skip,
    skip_until, span, text_between,
};
use crate::core::{Edit, Found, Malformed, Span};
use crate::tafl::syntax::ast::{Capture, Info, MoveType, PieceLetter, Ply, WrittenMove};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// The two ways of writing plies, for what ends one and starts the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dialect {
    /// OpenTafl notation, in a game file.
    Otn,
    /// An archive's moves.
    Archive,
}

impl Dialect {
    /// Whether `c` ends a ply: a blank, the end of the line, and what
    /// follows the plies (commentary, or an archive's next field).
    pub(super) fn is_end(self, c: Option<char>) -> bool {
        is_blank(c)
            || is_line_end(c)
            || match self {
                Dialect::Otn => c == Some('['),
                Dialect::Archive => c == Some(','),
            }
    }

    /// The input at the end of the ply that starts at `i`, as far as it can
    /// be told without reading it.
    pub(super) fn ply_end(self, i: Input<'_>) -> Input<'_> {
        skip_until(i, |c| self.is_end(Some(c)))
    }
}

/// Whether a move starts at `i`: a square, after a piece letter in OpenTafl
/// notation.
fn starts_move(i: &Input<'_>, dialect: Dialect) -> bool {
    let bytes = i.fragment().as_bytes();
    let square_at = |n: usize| {
        bytes.get(n).is_some_and(|b| (b'a'..=b's').contains(b))
            && bytes.get(n + 1).is_some_and(u8::is_ascii_digit)
    };
    square_at(0)
        || dialect == Dialect::Otn
            && bytes
                .first()
                .is_some_and(|&b| PieceLetter::from_char(char::from(b)).is_some())
            && square_at(1)
}

/// ```ebnf
/// ply = otn move | resignation | placeholder ;
/// ```
///
/// Never fails: a ply that cannot be read is a [`Ply::Malformed`] reaching
/// to the next blank, and its error goes into `errors`. Returns the input
/// where the next ply starts, blanks not skipped.
pub(super) fn ply<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Ply) {
    let dialect = Dialect::Otn;
    if let Ok((rest, span)) = resignation(i)
        && dialect.is_end(peek(&rest))
    {
        return (rest, Ply::Resignation(span));
    }
    if let Ok((rest, span)) = placeholder(i) {
        return (end_of_ply(rest, errors, dialect), Ply::Placeholder(span));
    }
    match otn_move(i, errors) {
        Ok((rest, m)) => (end_of_ply(rest, errors, dialect), Ply::Move(m)),
        Err(e) => malformed(i, into_error(e, &i), errors, dialect),
    }
}

/// A ply that could not be read, from `i` to its end, and its error.
pub(super) fn malformed<'a>(
    i: Input<'a>,
    error: SyntaxError,
    errors: &mut Vec<SyntaxError>,
    dialect: Dialect,
) -> (Input<'a>, Ply) {
    errors.push(error);
    let mut rest = dialect.ply_end(i);
    if offset(&rest) == offset(&i) {
        // Never an empty token: the character at fault is its text.
        let n = peek(&i).map_or(0, char::len_utf8);
        rest = skip(i, n);
    }
    let token = Malformed {
        text: text_between(&i, &rest).to_owned(),
        span: span(&i, &rest),
    };
    (rest, Ply::Malformed(token))
}

/// After a ply read: the input where the next one starts. A move written
/// right after it lacks a blank; anything else that does not end the ply
/// is reported and skipped.
pub(super) fn end_of_ply<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
    dialect: Dialect,
) -> Input<'a> {
    if dialect.is_end(peek(&i)) {
        return i;
    }
    if starts_move(&i, dialect) {
        let at = offset(&i);
        errors.push(
            error_at(Kind::MissingSpace, &i)
                .with_help("put a space between two plies")
                .with_fix(Edit::new(Span::new(at, at), " ")),
        );
        return i;
    }
    let rest = dialect.ply_end(i);
    let junk = text_between(&i, &rest);
    let mut error = error_at(Kind::ExpectedPlyEnd, &i);
    let at = span(&i, &rest);
    error.span = at;
    error = match dialect {
        Dialect::Otn if junk.chars().all(|c| c == '!' || c == '?') => error
            .with_help("OpenTafl marks a move only with `+`, `-`, `++` or `--`")
            .with_fix(Edit::new(at, "")),
        Dialect::Otn => error.with_help("a move ends with its captures and its mark"),
        Dialect::Archive if junk.starts_with('/') => error
            .with_help("an archive writes each captured square after its own `x`")
            .with_fix(Edit::new(Span::new(at.start, at.start + 1), "x")),
        Dialect::Archive => error.with_help("an archive writes a move and its captures only"),
    };
    errors.push(error);
    rest
}

/// ```ebnf
/// resignation = "---" ;
/// ```
fn resignation(i: Input<'_>) -> PResult<'_, Span> {
    let (rest, _) = tag("---").parse(i)?;
    Ok((rest, span(&i, &rest)))
}

/// ```ebnf
/// placeholder = "....." , { "." } ;
/// ```
fn placeholder(i: Input<'_>) -> PResult<'_, Span> {
    let (rest, _) = tag(".....").parse(i)?;
    let dots = rest.fragment().bytes().take_while(|&b| b == b'.').count();
    let rest = skip(rest, dots);
    Ok((rest, span(&i, &rest)))
}

/// ```ebnf
/// otn move = [ piece letter ] , square , move type , square , [ captures ] , [ info ] ;
/// ```
///
/// A failure when no square starts it; squares in upper case and a move
/// type written another way are read, and reported.
pub(super) fn otn_move<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, WrittenMove> {
    let start = i;
    let (i, piece) = match piece_letter(i) {
        Ok((i, piece)) => (i, Some(piece)),
        Err(_) => (i, None),
    };
    let mut uppercase = Vec::new();
    let (i, (from, kind, to)) = joined(i, Dialect::Otn, &mut uppercase, errors)?;
    let (i, captures) = match captures(i, &mut uppercase, errors) {
        Ok((i, captures)) => (i, captures),
        Err(nom::Err::Error(_)) => (i, Vec::new()),
        Err(e) => return Err(e),
    };
    let (i, info) = match info(i) {
        Ok((i, info)) => (i, Some(info)),
        Err(_) => (i, None),
    };
    let text = start.fragment();
    errors.extend(uppercase_error(text, offset(&start), &uppercase));
    Ok((
        i,
        WrittenMove {
            piece,
            from: from.square,
            kind,
            to: to.square,
            captures,
            info,
            from_span: from.span,
            to_span: to.span,
            span: span(&start, &i),
        },
    ))
}

/// The squares of a move and its type, `d2-e2`, as both forms write them:
/// a failure when a square is missing. A move type written another way,
/// such as `d2_e2` or `d2e2`, is read as `-` and reported.
pub(super) fn joined<'a>(
    i: Input<'a>,
    dialect: Dialect,
    uppercase: &mut Vec<Span>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, (SquareRead, MoveType, SquareRead)> {
    let (i, from) = square_of(i, Kind::ExpectedSquare, uppercase)?;
    let (i, kind) = match move_type(i) {
        Ok((rest, kind)) => {
            if dialect == Dialect::Archive && kind != MoveType::Regular {
                let at = span(&i, &rest);
                errors.push(
                    SyntaxError::new(Kind::ExpectedMoveType, at, Found::at(i.fragment()))
                        .with_detail(format!("expected `-`, found `{kind}`"))
                        .with_help("an archive writes every move with `-`")
                        .with_fix(Edit::new(at, "-")),
                );
            }
            (rest, kind)
        }
        Err(_) => repaired_move_type(i, errors)?,
    };
    let (i, to) = square_of(i, Kind::ExpectedSquare, uppercase)?;
    Ok((i, (from, kind, to)))
}

/// A square where `kind` says one is expected, its upper case noted.
pub(super) fn square_of<'a>(
    i: Input<'a>,
    kind: Kind,
    uppercase: &mut Vec<Span>,
) -> PResult<'a, SquareRead> {
    match square(i) {
        Ok((rest, read)) => {
            if read.uppercase {
                uppercase.push(read.span);
            }
            Ok((rest, read))
        }
        Err(nom::Err::Error(_)) => {
            let help = match kind {
                Kind::ExpectedCapturedSquare => {
                    "each `x` or `/` is followed by a captured square, such as `xd3/f3`"
                }
                _ => SQUARE_HELP,
            };
            Err(nom::Err::Failure(error_at(kind, &i).with_help(help)))
        }
        Err(e) => Err(e),
    }
}

/// What stands where a move type was expected, read as `-` when the fix is
/// plain: another dash (`_`, `–`, `—`) is replaced, and a missing one put
/// before the square that follows.
fn repaired_move_type<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> PResult<'a, MoveType> {
    let at = offset(&i);
    let error = error_at(Kind::ExpectedMoveType, &i);
    match peek(&i) {
        Some(c @ ('_' | '–' | '—')) => {
            let n = c.len_utf8();
            errors.push(
                error
                    .with_help("join the squares with `-`")
                    .with_fix(Edit::new(Span::new(at, at + n), "-")),
            );
            Ok((skip(i, n), MoveType::Regular))
        }
        Some('a'..='s') if peek2(&i).is_some_and(|c| c.is_ascii_digit()) => {
            errors.push(
                error
                    .with_help("join the squares with `-`")
                    .with_fix(Edit::new(Span::new(at, at), "-")),
            );
            Ok((i, MoveType::Regular))
        }
        _ => Err(nom::Err::Failure(error.with_help(
            "a move's squares are joined by `-`, such as `d2-e2`",
        ))),
    }
}

/// ```ebnf
/// piece letter = "t" | "c" | "n" | "k" | "m" | "g" | "T" | "C" | "N" | "K" | "M" | "G" ;
/// ```
///
/// Read only before a letter: `c4` is a square, `cd4` a commander on `d4`.
fn piece_letter(i: Input<'_>) -> PResult<'_, PieceLetter> {
    if !peek2(&i).is_some_and(|c| c.is_ascii_alphabetic()) {
        return Err(nom::Err::Error(error_at(Kind::ExpectedSquare, &i)));
    }
    let (rest, c) = satisfy(|c| PieceLetter::from_char(c).is_some()).parse(i)?;
    match PieceLetter::from_char(c) {
        Some(piece) => Ok((rest, piece)),
        None => Err(nom::Err::Error(error_at(Kind::ExpectedSquare, &i))),
    }
}

/// ```ebnf
/// move type = "^=" | "-" | "^" | "=" ;
/// ```
fn move_type(i: Input<'_>) -> PResult<'_, MoveType> {
    let kind = match (peek(&i), peek2(&i)) {
        (Some('^'), Some('=')) => return Ok((skip(i, 2), MoveType::BerserkJump)),
        (Some('-'), _) => MoveType::Regular,
        (Some('^'), _) => MoveType::Jump,
        (Some('='), _) => MoveType::Berserk,
        _ => return Err(nom::Err::Error(error_at(Kind::ExpectedMoveType, &i))),
    };
    Ok((skip(i, 1), kind))
}

/// ```ebnf
/// captures = "x" , capture , { ( "/" | "," | "x" ) , capture } , [ "/" | "," ] ;
/// ```
///
/// `Err::Error` when no `x` starts it. Captures separated by `,` or `x`,
/// and a separator after the last, are read and warned of.
fn captures<'a>(
    i: Input<'a>,
    uppercase: &mut Vec<Span>,
    errors: &mut Vec<SyntaxError>,
) -> PResult<'a, Vec<Capture>> {
    let (mut i, _) = satisfy(|c| c == 'x').parse(i)?;
    let (rest, first) = capture(i, uppercase)?;
    let mut found = vec![first];
    i = rest;
    while let Some(separator @ ('/' | ',' | 'x')) = peek(&i) {
        let after = skip(i, 1);
        let at = offset(&i);
        match capture(after, uppercase) {
            Ok((rest, next)) => {
                if separator != '/' {
                    errors.push(
                        error_at(Kind::CaptureSeparator, &i)
                            .with_help("write the captured squares as `xd3/f3`")
                            .with_fix(Edit::new(Span::new(at, at + 1), "/")),
                    );
                }
                found.push(next);
                i = rest;
            }
            Err(_) if separator != 'x' && ends_captures(&after) => {
                errors.push(
                    error_at(Kind::TrailingSeparator, &i)
                        .with_detail(format!("`{separator}` after the last captured square"))
                        .with_help("nothing follows the last captured square")
                        .with_fix(Edit::new(Span::new(at, at + 1), "")),
                );
                return Ok((after, found));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((i, found))
}

/// Whether what follows a list of captures starts at `i`: the end of the
/// ply, or its mark.
fn ends_captures(i: &Input<'_>) -> bool {
    let c = peek(i);
    Dialect::Otn.is_end(c) || matches!(c, Some('+' | '-'))
}

/// ```ebnf
/// capture = [ piece letter ] , square ;
/// ```
///
/// A failure when no square follows.
fn capture<'a>(i: Input<'a>, uppercase: &mut Vec<Span>) -> PResult<'a, Capture> {
    let start = i;
    let (i, piece) = match piece_letter(i) {
        Ok((i, piece)) => (i, Some(piece)),
        Err(_) => (i, None),
    };
    let (i, read) = square_of(i, Kind::ExpectedCapturedSquare, uppercase)?;
    Ok((
        i,
        Capture {
            piece,
            square: read.square,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// info = "++" | "--" | "+" | "-" ;
/// ```
fn info(i: Input<'_>) -> PResult<'_, Info> {
    let info = match (peek(&i), peek2(&i)) {
        (Some('+'), Some('+')) => Info::KingCaptured,
        (Some('-'), Some('-')) => Info::KingEscaped,
        (Some('+'), _) => Info::KingThreatened,
        (Some('-'), _) => Info::EscapeOpen,
        _ => return Err(nom::Err::Error(error_at(Kind::ExpectedPlyEnd, &i))),
    };
    Ok((skip(i, info.notation().len()), info))
}
