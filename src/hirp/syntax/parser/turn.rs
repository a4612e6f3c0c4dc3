//! Turn lines: the label and the steps.

use nom::Parser;
use nom::character::complete::{anychar, char, satisfy};
use nom::combinator::map_opt;

use super::outcome::outcome;
use super::record::ws;
use super::{
    Input, PResult, error_at, fail, into_error, is_content_end, offset, peek, peek2, skip,
    skip_char, skip_until, span, text_between,
};
use crate::core::Malformed;
use crate::hirp::syntax::ast::{
    Action, Destination, Label, Outcome, Piece, StepToken, Turn, WrittenStep,
};
use crate::hirp::syntax::error::{Edit, SyntaxError, SyntaxErrorKind as Kind};
use crate::hirp::syntax::limits::MAX_STEPS;
use crate::hirp::types::{Side, Space};

/// ```ebnf
/// turn = label , gap , steps , gap , outcome ;
/// ```
///
/// Errors that leave the turn readable (a bad step, a missing space) are
/// returned beside it; the others fail the line. A line written the usual
/// way is read by [`fast`](super::fast) first, to the same result.
pub(super) fn turn(i: Input<'_>) -> PResult<'_, (Turn, Vec<SyntaxError>)> {
    if let Some((rest, turn)) = super::fast::turn(i) {
        return Ok((rest, (turn, Vec::new())));
    }
    by_rules(i)
}

/// The turn as the rules read it, for every line.
pub(super) fn by_rules(i: Input<'_>) -> PResult<'_, (Turn, Vec<SyntaxError>)> {
    let start = i;
    let (i, label) = label(i)?;
    let mut errors = Vec::new();
    let i = match gap(i) {
        Ok((i, ())) => i,
        Err(_) if matches!(peek(&i), Some('H' | 'K' | 'L')) => {
            let line = i.fragment().split(['\n', '\r']).next().unwrap_or_default();
            let at = offset(&i);
            errors.push(
                error_at(Kind::MissingSpace, &i)
                    .with_help(format!("write `{label} {line}`"))
                    .with_fix(Edit::new(crate::core::Span::new(at, at), " ")),
            );
            i
        }
        Err(_) if is_content_end(peek(&i)) => {
            return Err(nom::Err::Failure(
                error_at(Kind::MissingSteps, &i)
                    .with_help("write the turn's five steps after the label"),
            ));
        }
        Err(_) => return fail(Kind::MissingSpace, &i),
    };
    let (i, (steps, step_errors)) = steps(i)?;
    errors.extend(step_errors);
    let (i, (outcome, outcome_errors)) = match gap(i) {
        Ok((i, ())) => outcome(i)?,
        Err(_) if is_content_end(peek(&i)) => {
            let at = offset(&i);
            errors.push(
                error_at(Kind::MissingOutcome, &i)
                    .with_help("end the turn with `/` when it has no battle"),
            );
            let missing = Outcome {
                span: crate::core::Span::new(at, at),
                ..Outcome::default()
            };
            (i, (missing, Vec::new()))
        }
        Err(_) => {
            let at = offset(&i);
            errors.push(
                error_at(Kind::MissingSpace, &i)
                    .with_help(format!(
                        "put a space between the steps and `{}`",
                        peek(&i).unwrap_or('/')
                    ))
                    .with_fix(Edit::new(crate::core::Span::new(at, at), " ")),
            );
            outcome(i)?
        }
    };
    errors.extend(outcome_errors);
    let turn = Turn {
        leading: Vec::new(),
        label,
        steps,
        span: crate::core::Span::new(offset(&start), outcome.span.end),
        outcome,
        trailing: Vec::new(),
    };
    Ok((i, (turn, errors)))
}

/// ```ebnf
/// gap = ( " " | "\t" ) , ws ;
/// ```
fn gap(i: Input<'_>) -> PResult<'_, ()> {
    let (i, _) = satisfy(|c| c == ' ' || c == '\t').parse(i)?;
    ws(i)
}

/// ```ebnf
/// label = side , round ;
/// ```
pub(super) fn label(i: Input<'_>) -> PResult<'_, Label> {
    let start = i;
    let (i, side) = side(i)?;
    let (i, round) = round(i)?;
    Ok((
        i,
        Label {
            side,
            round,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// side = "G" | "S" ;
/// ```
pub(super) fn side(i: Input<'_>) -> PResult<'_, Side> {
    map_opt(anychar, Side::from_letter).parse(i)
}

/// ```ebnf
/// round = digit , { digit } ;
/// ```
fn round(i: Input<'_>) -> PResult<'_, u32> {
    let start = i;
    if digit(i).is_err() {
        let error = error_at(Kind::MissingRound, &i)
            .with_help("write the round after the side, as in `G1` or `S3`");
        return Err(nom::Err::Failure(error));
    }
    // The rest of the digits, without a failing parser at the end.
    let (len, round) = round_digits(i.fragment().as_bytes());
    let i = skip(i, len);
    match round {
        Some(round) => Ok((i, round)),
        None => {
            let mut error = error_at(Kind::RoundTooLarge, &start);
            error.span = span(&start, &i);
            Err(nom::Err::Failure(error))
        }
    }
}

/// The digits of a round at the start of `bytes`, as [`round`] reads them:
/// how many there are, and their value, `None` when it is too large for a
/// `u32`. Leading zeros count for nothing: `G01` is round 1.
pub(super) fn round_digits(bytes: &[u8]) -> (usize, Option<u32>) {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let round = bytes[..len].iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    });
    (len, round)
}

/// The label at the start of `bytes`, as [`label`] reads it: its side and
/// its round (`None` when too large); `None` when the bytes do not start
/// with a side and a digit. For cutting records into games by the bytes of
/// their lines, which need not be UTF-8.
pub(crate) fn label_at(bytes: &[u8]) -> Option<(Side, Option<u32>)> {
    let (&letter, rest) = bytes.split_first()?;
    let side = Side::from_letter(char::from(letter))?;
    match round_digits(rest) {
        (0, _) => None,
        (_, round) => Some((side, round)),
    }
}

/// ```ebnf
/// digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" ;
/// ```
fn digit(i: Input<'_>) -> PResult<'_, char> {
    satisfy(|c| c.is_ascii_digit()).parse(i)
}

/// ```ebnf
/// steps = step , { step } ;
/// ```
///
/// A step that cannot be read becomes a [`Malformed`] token reaching to the
/// next piece letter or blank, and reading goes on from there.
pub(super) fn steps(mut i: Input<'_>) -> PResult<'_, (Vec<StepToken>, Vec<SyntaxError>)> {
    // A turn has five steps, most often five tokens or fewer.
    let mut tokens: Vec<StepToken> = Vec::with_capacity(5);
    let mut errors = Vec::new();
    let mut spaced = Vec::new();
    let mut last_start = i;
    loop {
        if tokens.len() >= MAX_STEPS && !is_step_end(peek(&i)) {
            return super::too_many(&i);
        }
        match peek(&i) {
            Some('H' | 'K' | 'L') => match step(i) {
                Ok((rest, step)) => {
                    tokens.push(StepToken::Step(step));
                    last_start = i;
                    i = rest;
                }
                Err(e) => {
                    let (rest, error) = unreadable_step(i, e);
                    errors.push(error);
                    tokens.push(malformed(&i, &rest));
                    i = rest;
                }
            },
            Some(' ' | '\t') => {
                let (after, ()) = ws(i)?;
                if tokens.is_empty() || !matches!(peek(&after), Some('H' | 'K' | 'L')) {
                    break;
                }
                let mut error = error_at(Kind::SpaceInSteps, &i);
                error.span = span(&i, &after);
                error.fix = Some(Edit::new(error.span, ""));
                spaced.push(errors.len());
                errors.push(error);
                i = after;
            }
            None => break,
            c if is_content_end(c) || matches!(c, Some('/' | '>' | 'G' | 'S')) => break,
            Some(c) => {
                // A character that cannot follow a step continues the one
                // before it: the two are one malformed token.
                let mut from = i;
                let continues_step = !(c.is_ascii_uppercase() || matches!(c, 'h' | 'k' | 'l'));
                if continues_step && matches!(tokens.last(), Some(StepToken::Step(_))) {
                    from = last_start;
                    tokens.pop();
                }
                let (rest, error) = not_a_piece(i, c);
                errors.push(error);
                tokens.push(malformed(&from, &rest));
                i = rest;
            }
        }
    }
    if tokens.is_empty() {
        let help = "a turn is five steps, such as `KeHeiHei`, before its battles";
        return Err(nom::Err::Failure(
            error_at(Kind::MissingSteps, &i).with_help(help),
        ));
    }
    if !spaced.is_empty() {
        let joined: String = tokens.iter().map(ToString::to_string).collect();
        for n in spaced {
            errors[n].help = Some(format!("write `{joined}`"));
        }
    }
    Ok((i, (tokens, errors)))
}

/// A step that starts with a piece letter but cannot be read: the error,
/// with the repair when it is plain, and the input after the token.
fn unreadable_step(i: Input<'_>, e: nom::Err<SyntaxError>) -> (Input<'_>, SyntaxError) {
    let error = into_error(e, &i);
    let rest = resync(i, &error);
    let text = text_between(&i, &rest);
    let error = match step_fix(error.kind, text) {
        Some((help, fixed)) => error
            .with_help(help)
            .with_fix(Edit::new(span(&i, &rest), fixed)),
        None => error,
    };
    (rest, error)
}

/// A token that starts with `c`, which is no piece letter: the error (with
/// the capital when `c` is a piece letter in lower case) and the input
/// after the token.
fn not_a_piece(i: Input<'_>, c: char) -> (Input<'_>, SyntaxError) {
    let rest = skip_until(skip_char(i), is_step_boundary);
    let mut error = error_at(Kind::ExpectedPiece, &i);
    if matches!(c, 'h' | 'k' | 'l') {
        let text = text_between(&i, &rest);
        let fixed = format!("{}{}", c.to_ascii_uppercase(), &text[1..]);
        error = error
            .with_help(format!("piece letters are capitals: `{fixed}`"))
            .with_fix(Edit::new(span(&i, &rest), fixed));
    }
    (rest, error)
}
/// Whether `c` ends the steps of a turn.
fn is_step_end(c: Option<char>) -> bool {
    is_content_end(c) || matches!(c, Some(' ' | '\t' | '/' | '>' | 'G' | 'S'))
}

/// Whether a malformed step token ends before `c`.
fn is_step_boundary(c: char) -> bool {
    matches!(c, 'H' | 'K' | 'L' | ' ' | '\t' | '/')
}

/// Where reading resumes after a step failed with `error`.
fn resync<'a>(step_start: Input<'a>, error: &SyntaxError) -> Input<'a> {
    let at = skip(step_start, error.span.start - offset(&step_start));
    let stops_here = match peek(&at) {
        Some('H' | 'K' | 'L') => error.kind != Kind::CrewLetter,
        Some(c) => is_step_boundary(c) || is_content_end(Some(c)),
        None => true,
    };
    if stops_here {
        at
    } else {
        skip_until(skip_char(at), is_step_boundary)
    }
}

/// A malformed token covering `from` up to `to`.
fn malformed<T: From<Malformed>>(from: &Input<'_>, to: &Input<'_>) -> T {
    Malformed {
        text: text_between(from, to).to_owned(),
        span: span(from, to),
    }
    .into()
}

impl From<Malformed> for StepToken {
    fn from(malformed: Malformed) -> Self {
        StepToken::Malformed(malformed)
    }
}

/// The help and the corrected token for a malformed step, when the fix is
/// plain.
fn step_fix(kind: Kind, text: &str) -> Option<(String, String)> {
    match kind {
        Kind::CrewLetter => {
            let crew = text[1..]
                .find(|c: char| !matches!(c, 'h' | 'k' | 'H'))
                .map_or(text.len(), |n| n + 1);
            let fixed = format!("K{}{}", "h".repeat(crew - 1), &text[crew..]);
            Some((format!("write one `h` per Hirþ aboard: `{fixed}`"), fixed))
        }
        Kind::CrewWithoutKarve => {
            let rest = text[1..].trim_start_matches('h');
            let fixed = format!("{}{rest}", &text[..1]);
            Some((format!("remove the `h`: `{fixed}`"), fixed))
        }
        Kind::ExpectedKarveSpace
        | Kind::MissingDestination
        | Kind::ExpectedAttackedSpace
        | Kind::ExpectedAction
            if text.contains('M') =>
        {
            let fixed = text.replace('M', "m");
            Some((format!("Miðr is written `m`: `{fixed}`"), fixed))
        }
        _ => None,
    }
}

/// ```ebnf
/// step = piece , ( entry | exit | move | boarding ) ;
/// ```
pub(super) fn step(i: Input<'_>) -> PResult<'_, WrittenStep> {
    let start = i;
    let (i, piece) = piece(i)?;
    let (i, action) = match peek(&i) {
        Some('e') => entry(i)?,
        Some('v') => exit(i)?,
        Some('i') => boarding(i)?,
        Some(c) if Space::from_code(c).is_some() => r#move(i)?,
        _ => return Err(nom::Err::Failure(after_piece_error(piece, &i))),
    };
    Ok((
        i,
        WrittenStep {
            piece,
            action,
            span: span(&start, &i),
        },
    ))
}

/// The error for what follows a piece when it is not what the piece does
/// (a step) or what became of it (a battle).
pub(super) fn after_piece_error(piece: Piece, i: &Input<'_>) -> SyntaxError {
    let next = peek(i);
    let crew_like = matches!(peek2(i), Some(c) if matches!(c, 'h' | 'k' | 'H') || Space::from_code(c).is_some());
    match (piece, next) {
        (Piece::Karve { .. }, Some('k')) => error_at(Kind::CrewLetter, i),
        (Piece::Karve { .. }, Some('H')) if crew_like => error_at(Kind::CrewLetter, i),
        (Piece::Hirth | Piece::Lofdungr, Some('h')) => {
            let mut error = error_at(Kind::CrewWithoutKarve, i);
            let hs = i.fragment().len() - i.fragment().trim_start_matches('h').len();
            error.span.end = error.span.start + hs;
            error
        }
        _ => error_at(Kind::ExpectedAction, i),
    }
}

/// ```ebnf
/// piece = "H" | "L" | "K" , { "h" } ;
/// ```
pub(super) fn piece(i: Input<'_>) -> PResult<'_, Piece> {
    let (i, letter) = satisfy(|c| matches!(c, 'H' | 'K' | 'L')).parse(i)?;
    Ok(match letter {
        'H' => (i, Piece::Hirth),
        'L' => (i, Piece::Lofdungr),
        _ => {
            let hs = i.fragment().len() - i.fragment().trim_start_matches('h').len();
            let crew = u32::try_from(hs).unwrap_or(u32::MAX);
            (skip(i, hs), Piece::Karve { crew })
        }
    })
}

/// ```ebnf
/// entry = "e" , [ "i" | destination ] ;
/// ```
fn entry(i: Input<'_>) -> PResult<'_, Action> {
    let (i, _) = char('e').parse(i)?;
    match peek(&i) {
        Some('i') => Ok((skip(i, 1), Action::EnterAndBoard)),
        Some(c) if starts_destination(c) => {
            let (i, to) = destination(i)?;
            Ok((i, Action::Enter { to: Some(to) }))
        }
        _ => Ok((i, Action::Enter { to: None })),
    }
}

/// Whether a destination starts with `c`.
pub(super) fn starts_destination(c: char) -> bool {
    c == '>' || Space::from_code(c).is_some()
}

/// ```ebnf
/// exit = "v" , space , [ destination ] ;
/// ```
fn exit(i: Input<'_>) -> PResult<'_, Action> {
    let (i, _) = char('v').parse(i)?;
    let (i, karve) =
        space(i).map_err(|_| nom::Err::Failure(error_at(Kind::ExpectedKarveSpace, &i)))?;
    match peek(&i) {
        Some(c) if starts_destination(c) => {
            let (i, to) = destination(i)?;
            Ok((
                i,
                Action::Leave {
                    karve,
                    to: Some(to),
                },
            ))
        }
        _ => Ok((i, Action::Leave { karve, to: None })),
    }
}

/// ```ebnf
/// move = space , destination ;
/// ```
fn r#move(i: Input<'_>) -> PResult<'_, Action> {
    let (i, from) = space(i)?;
    let (i, to) = destination(i).map_err(|e| match e {
        nom::Err::Error(_) => nom::Err::Failure(error_at(Kind::MissingDestination, &i)),
        e => e,
    })?;
    Ok((i, Action::Move { from, to }))
}

/// ```ebnf
/// boarding = "i" ;
/// ```
fn boarding(i: Input<'_>) -> PResult<'_, Action> {
    let (i, _) = char('i').parse(i)?;
    Ok((i, Action::Board))
}

/// ```ebnf
/// destination = [ ">" ] , space ;
/// ```
fn destination(i: Input<'_>) -> PResult<'_, Destination> {
    let attack = peek(&i) == Some('>');
    let (i, space) = if attack {
        let i = skip(i, 1);
        space(i).map_err(|_| nom::Err::Failure(error_at(Kind::ExpectedAttackedSpace, &i)))?
    } else {
        space(i)?
    };
    Ok((i, Destination { space, attack }))
}

/// ```ebnf
/// space = digit | "m" ;
/// ```
pub(super) fn space(i: Input<'_>) -> PResult<'_, Space> {
    match peek(&i).and_then(Space::from_code) {
        Some(space) => Ok((skip(i, 1), space)),
        None => Err(nom::Err::Error(SyntaxError::from_kind(&i))),
    }
}
