//! The nom parser: one function per rule of `grammar/tafl.ebnf`.
//!
//! Each rule function's doc comment quotes its rule. Rules return
//! `Err::Error` when their first character does not match (so that the
//! caller may try something else) and `Err::Failure` with a
//! [`SyntaxError`] once the text is theirs. Recovery happens at two levels:
//! a line that cannot be read is skipped to the next; inside a turn or an
//! archive's game, a ply that cannot be read is kept as a
//! [`Ply::Malformed`](super::Ply::Malformed) and reading goes on at the
//! next, so one run reports every syntax error of a file.

mod columns;
mod csv;
mod hnefatafl_org;
mod input;
mod lexical;
mod otg;
mod otn;
mod pgn;
mod ron;
mod tag;
mod turn;

use std::borrow::Cow;

use nom::IResult;

pub(crate) use self::tag::{rules_entries, starts_tag};

use self::input::{Context, Input, Searches};
use super::ast::{Form, Ply, Record, VariationAddress, WrittenMove};
use super::error::{SyntaxError, SyntaxErrorKind};
use crate::core::input::{
    error_at, into_error, is_line_end, offset, peek, peek2, skip, skip_to, span, text_between,
    to_line_end,
};
use crate::core::limits::{MAX_ERRORS, MAX_TURNS};
use crate::core::{Malformed, Severity};

/// The result of a rule.
type PResult<'a, T> = IResult<Input<'a>, T, SyntaxError>;

/// A record read and the syntax errors and warnings met reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// Everything that could be read.
    pub record: Record,
    /// Every syntax error and warning, in file order.
    pub errors: Vec<SyntaxError>,
}

impl Parsed {
    /// Nothing read, in `form`.
    pub fn empty(form: Form) -> Parsed {
        Parsed {
            record: Record::empty(form),
            errors: Vec::new(),
        }
    }

    /// Whether an error was met: a syntax error other than a warning.
    pub fn has_errors(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.kind.severity() == Severity::Error)
    }
}

/// Reads a whole record of `form`, within the reader's limits.
///
/// Never fails and never panics: what cannot be read is reported in
/// [`Parsed::errors`] and reading resumes at the next line (or, inside a
/// turn or an archive's game, at the next ply). The record is read game by
/// game as [`Games`](super::Games) cuts it, within
/// [`Limits::DEFAULT`](crate::core::limits::Limits::DEFAULT), and each
/// game within [`MAX_ERRORS`](crate::core::limits::MAX_ERRORS) syntax
/// errors.
pub fn parse(text: &str, form: Form) -> Parsed {
    super::games::read_all(text.as_bytes(), form)
}

/// Reads a whole record of `form` at once, as one piece, with no limit on
/// the length of a line or of a game.
///
/// Unlike [`parse`], this does not bound what one game may cost: the memory
/// and time it takes grow with the longest line and the largest game of
/// `text`, and the [`MAX_ERRORS`](crate::core::limits::MAX_ERRORS) syntax
/// errors after which reading stops are counted over the whole text, not
/// game by game. Give it only text of a size you trust. A record with no
/// syntax error, within the limits, reads the same with either; so does
/// text that is not text (a NUL in its first bytes), one error and no game.
pub fn parse_unlimited(text: &str, form: Form) -> Parsed {
    if let Some(error) = crate::core::encoding::not_text_error(text.as_bytes()) {
        return Parsed {
            errors: vec![SyntaxError::of_input(&error)],
            ..Parsed::empty(form)
        };
    }
    parse_bytes_at(text.as_bytes(), 0, form, true).1
}

/// Reads an archive of one game a line, as [`parse`] does.
pub fn parse_csv(text: &str) -> Parsed {
    parse(text, Form::Csv)
}

/// Reads a record of `form` from bytes, as [`parse`] does: UTF-16 with a
/// byte order mark is read decoded (with a warning), an input that is not
/// text is one error and no game, and each line holding bytes that are not
/// UTF-8 is reported and skipped, those bytes read as `?` so that offsets
/// stay those of the bytes. Returns the decoded text, to which the spans
/// point, with the result.
pub fn parse_bytes(bytes: &[u8], form: Form) -> (Cow<'_, str>, Parsed) {
    let text = crate::core::encoding::record_text(bytes);
    (text, super::games::read_all(bytes, form))
}

/// Reads bytes as one piece of a record starting at byte `base` of a
/// larger file, so that spans point into that file: the pieces
/// [`Games`](super::Games) cuts. `first` says whether the piece starts the
/// file (where an archive's header may stand).
pub(crate) fn parse_bytes_at(
    bytes: &[u8],
    base: usize,
    form: Form,
    first: bool,
) -> (Cow<'_, str>, Parsed) {
    let decoded = crate::core::encoding::decode_at(bytes, base);
    let decode_errors: Vec<SyntaxError> =
        decoded.errors.iter().map(SyntaxError::of_input).collect();
    let damaged: Vec<usize> = decode_errors.iter().map(|e| e.span.start).collect();
    let text = decoded.text;
    let context = Context::new(&text, base, Searches::default());
    let input = Input::new(&context);
    let (record, mut errors) = match form {
        Form::Otg => {
            let (record, errors) = otg::read(input, &damaged);
            (Record::Otg(record), errors)
        }
        Form::Ron => {
            let (record, errors) = ron::read(input, &damaged);
            // Games as the server sends them are a game file's games.
            match record.games.iter().all(|g| g.archived.is_some()) {
                true => (Record::Ron(record), errors),
                false => (Record::Otg(record), errors),
            }
        }
        Form::OpenTaflJson => {
            let (record, errors) = ron::read_json(input, &damaged);
            (Record::Otg(record), errors)
        }
        Form::Pgn => {
            let (record, errors) = pgn::read(input, &damaged);
            (Record::Otg(record), errors)
        }
        Form::Csv => {
            let (record, errors) = csv::read(input, &damaged, first);
            (Record::Csv(record), errors)
        }
    };
    errors.extend(decode_errors);
    errors.sort_by_key(|e| e.span.start);
    (text, Parsed { record, errors })
}

/// One ply of `form` read alone, as a game of that form reads it (a move
/// of a game file in OpenTafl notation, an archive's move or `timeout`,
/// a move of hnefatafl.org's PGN export):
/// `None` unless the whole text is one ply read with no syntax error or
/// warning.
pub(crate) fn read_ply(text: &str, form: Form) -> Option<Ply> {
    let context = Context::new(text, 0, Searches::default());
    let input = Input::new(&context);
    let mut errors = Vec::new();
    let (rest, ply) = match form {
        Form::Otg | Form::Ron | Form::OpenTaflJson => otn::ply(input, &mut errors),
        Form::Csv => csv::archive_ply(input, &mut errors),
        Form::Pgn => pgn::ply(input, &mut errors),
    };
    let whole = rest.fragment().is_empty() && errors.is_empty();
    (whole && !matches!(ply, Ply::Malformed(_) | Ply::Placeholder(_))).then_some(ply)
}

/// Reads text that must be exactly one instance of a rule, with no error
/// or warning.
fn read_exactly<T>(
    text: &str,
    rule: impl for<'a> Fn(Input<'a>, &mut Vec<SyntaxError>) -> PResult<'a, T>,
) -> Result<T, SyntaxError> {
    let context = Context::new(text, 0, Searches::default());
    let input = Input::new(&context);
    let mut errors = Vec::new();
    match rule(input, &mut errors) {
        Ok((rest, value)) => match errors.into_iter().next() {
            Some(error) => Err(error),
            None if rest.fragment().is_empty() => Ok(value),
            None => Err(error_at(SyntaxErrorKind::ExpectedPlyEnd, &rest)
                .with_help("nothing follows what is read on its own")),
        },
        Err(e) => Err(into_error(e, &input)),
    }
}

crate::core::input::from_str_by_rule! {
    read_exactly, SyntaxError;
    /// Reads one move in OpenTafl notation, such as `Kd4-c4xc5/d3+`;
    /// a warning fails it too.
    WrittenMove => otn::otn_move;
    /// Reads one variation address, such as `7a.1.2a.`.
    VariationAddress => |i, _| turn::variation_address(i);
}

// ---- Helpers shared by the rule modules (with those of
// `core::input`) ----

/// Whether `c` is a blank.
fn is_blank(c: Option<char>) -> bool {
    matches!(c, Some(' ' | '\t'))
}

/// Whether the syntax errors met so far, `errors` (of the line being read,
/// or of the whole piece) with those before the line, reach
/// [`MAX_ERRORS`]: reading stops.
fn errors_full(i: &Input<'_>, errors: &[SyntaxError]) -> bool {
    i.context().errors_before() + errors.len() >= MAX_ERRORS
}

/// Whether reading stopped, [`MAX_ERRORS`] reached: the last error says
/// so.
fn stopped(errors: &[SyntaxError]) -> bool {
    errors
        .last()
        .is_some_and(|e| e.kind == SyntaxErrorKind::TooManyErrors)
}

/// Stops reading at `i`, inside a line, [`MAX_ERRORS`] reached: the error
/// that says so, over the rest of the line, and the rest of the line as a
/// ply that could not be read (so that the replay stops there). Returns the
/// input at the end of the line.
fn stop_in_line<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Ply) {
    let count = i.context().errors_before() + errors.len();
    let end = to_line_end(i);
    let mut error = error_at(SyntaxErrorKind::TooManyErrors, &i);
    error.span = span(&i, &end);
    errors.push(error.with_help(format!(
        "{count} syntax errors before this ply; the rest of the game is not read"
    )));
    let rest = Malformed {
        text: text_between(&i, &end).to_owned(),
        span: span(&i, &end),
    };
    (end, Ply::Malformed(rest))
}

/// The error of a turn, at `i`, beyond [`MAX_TURNS`] in its game: it and
/// the rest of the piece are not read.
fn too_many_turns(i: &Input<'_>, turn: crate::core::Span) -> SyntaxError {
    let mut error = error_at(SyntaxErrorKind::TooManyTurns, i);
    error.span = turn;
    error.with_help(format!(
        "the game is read up to its turn {MAX_TURNS}; the rest of it is not read"
    ))
}

/// The input after the end of the current line.
fn next_line(i: Input<'_>) -> Input<'_> {
    let i = to_line_end(i);
    lexical::line_end(i).map_or(i, |(rest, ())| rest)
}

/// The input at the first character for which `stop` holds, or at the end
/// of the line.
fn skip_until(i: Input<'_>, stop: impl Fn(char) -> bool) -> Input<'_> {
    skip_to(i, |c| stop(c) || is_line_end(Some(c)))
}
