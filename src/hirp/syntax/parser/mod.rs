//! The nom parser: one function per rule of `grammar/hirp.ebnf`.
//!
//! Each rule function's doc comment quotes its rule. Rules return
//! `Err::Error` when their first character does not match (so that the caller
//! may try something else) and `Err::Failure` with a [`SyntaxError`] once the
//! text is theirs. Recovery happens at two levels: a bad line is skipped to the
//! next line; inside a turn, a bad step or battle is kept as a
//! [`Malformed`](super::ast::Malformed) token and reading goes on, so one run
//! reports every syntax error of a file.
//!
//! Turn lines written the usual way, nearly all of a real record, are first
//! read byte by byte by `fast`, which gives up at anything unusual; tests
//! hold its result to the rules' result.

mod fast;
mod group;
mod input;
mod outcome;
mod record;
mod result;
mod turn;

use std::borrow::Cow;

use crate::core::encoding::{Decoded, decode_at, record_text};

use nom::IResult;

pub(crate) use self::fast::{CompactBattle, CompactTurn, Player, compact_turn, usual_turn};
pub(crate) use self::group::{ItemKind, Reading, begins_game, mislabelled, next_item};
pub(crate) use self::turn::label_at;

use self::input::{Comments, Context, Input};
use super::ast::{Label, PenningrAction, Record, ResultTag, WrittenBattle, WrittenStep};
use super::error::{Edit, SyntaxError, SyntaxErrorKind};
use super::limits::MAX_TURNS;
use crate::core::input::{
    error_at, into_error, is_line_end, offset, peek, peek2, skip, skip_to, span, text_between,
    to_line_end,
};

/// The failure for a turn holding more than the limits allow, at `i`.
fn too_many<'a, T>(i: &Input<'_>) -> PResult<'a, T> {
    Err(nom::Err::Failure(
        error_at(SyntaxErrorKind::TooManyTokens, i)
            .with_help("a real turn has five steps and at most five battles; the line is skipped"),
    ))
}

/// Runs `read` on `text` as the input starting at byte `base` of its file.
fn with_input<T>(text: &str, base: usize, read: impl FnOnce(Input<'_>) -> T) -> T {
    let context = Context::new(text, base, Comments::default());
    read(Input::new(&context))
}

/// The result of a rule.
type PResult<'a, T> = IResult<Input<'a>, T, SyntaxError>;

/// A parsed record and the syntax errors met while reading it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// Everything that could be read.
    pub record: Record,
    /// Every syntax error, in file order.
    pub errors: Vec<SyntaxError>,
}

impl Parsed {
    /// Whether an error was met: a syntax error other than a warning.
    pub fn has_errors(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.kind.severity() == crate::core::Severity::Error)
    }
}

/// Reads a whole record, within the reader's limits.
///
/// Never fails and never panics: what cannot be read is reported in
/// [`Parsed::errors`] and reading resumes at the next line (or, inside a
/// turn, at the next step or battle). The record is read game by game within
/// [`Limits::DEFAULT`](super::limits::Limits::DEFAULT), as [`Games`](super::Games)
/// cuts it, and each game within the [`limits`](super::limits) of a turn and
/// of syntax errors: a game beyond them is read up to them and reported.
pub fn parse(text: &str) -> Parsed {
    super::games::read_all(text.as_bytes())
}

/// Reads a whole record at once, as one piece, with no limit on the length
/// of a line or of a game.
///
/// Unlike [`parse`], this does not bound what one game may cost: the memory
/// and time it takes grow with the longest line and the largest game of
/// `text`, and the [`MAX_ERRORS`](super::limits::MAX_ERRORS) syntax errors
/// after which reading stops are counted over the whole text, not game by
/// game. The limits of a turn still hold. Give it only text of a size you
/// trust. A record with no syntax error, within the limits, reads the same
/// with either; so does text that is not text (a NUL in its first bytes),
/// one error and no game.
pub fn parse_unlimited(text: &str) -> Parsed {
    if let Some(error) = crate::core::encoding::not_text_error(text.as_bytes()) {
        return Parsed {
            record: Record::default(),
            errors: vec![error.into()],
        };
    }
    with_input(text, 0, |input| record::read(input, &[]))
}

/// Reads a record from bytes, within the reader's limits: decodes them as
/// UTF-8, each byte that is not UTF-8 replaced by `?` so that offsets stay
/// those of the bytes, reports and skips each line holding such bytes, and
/// reads the rest as [`parse`] does. UTF-16 with a byte order mark is read
/// decoded to UTF-8 (with a warning), and offsets are those of the decoded
/// text; an input that is not text is one error and no game. Returns the
/// decoded text, to which the spans point, with the result.
pub fn parse_bytes(bytes: &[u8]) -> (Cow<'_, str>, Parsed) {
    (record_text(bytes), super::games::read_all(bytes))
}

/// Reads bytes as one piece of a record starting at byte `base` of a larger
/// file, so that spans and errors point into that file: the pieces
/// [`Games`](super::Games) cuts. Decoded as [`parse_bytes`] decodes, and
/// read as [`parse_unlimited`] reads, with no limit on the size of a game.
pub(crate) fn parse_bytes_at(bytes: &[u8], base: usize) -> (Cow<'_, str>, Parsed) {
    let Decoded { text, errors } = decode_at(bytes, base);
    let errors: Vec<SyntaxError> = errors.into_iter().map(SyntaxError::from).collect();
    let damaged: Vec<usize> = errors.iter().map(|e| e.span.start).collect();
    let mut parsed = with_input(&text, base, |input| record::read(input, &damaged));
    if !errors.is_empty() {
        parsed.errors.extend(errors);
        parsed.errors.sort_by_key(|e| e.span.start);
    }
    (text, parsed)
}

/// Reads text that must be exactly one instance of a rule.
fn read_exactly<T>(
    text: &str,
    rule: impl for<'a> Fn(Input<'a>) -> PResult<'a, T>,
) -> Result<T, SyntaxError> {
    with_input(text, 0, |input| match rule(input) {
        Ok((rest, value)) if rest.fragment().is_empty() => Ok(value),
        Ok((rest, _)) => Err(error_at(SyntaxErrorKind::UnexpectedLine, &rest)),
        Err(e) => Err(into_error(e, &input)),
    })
}

crate::core::input::from_str_by_rule! {
    read_exactly, SyntaxError;
    /// Reads one step, such as `Khhh03`.
    WrittenStep => turn::step;
    /// Reads the value of a `[Result]` tag, such as `Silfr Drepid 10`.
    ResultTag => result::result;
    /// Reads one battle record, such as `>6GHxSL6`.
    WrittenBattle => outcome::battle;
    /// Reads one Penningr action, such as `Sd`.
    PenningrAction => outcome::penningr_action;
    /// Reads one turn label, such as `G3`.
    Label => turn::label;
}

/// Reads steps written together, such as `KeHeiHei`; any syntax error fails.
pub(crate) fn parse_steps(text: &str) -> Result<Vec<WrittenStep>, SyntaxError> {
    let tokens = read_exactly(text, |i| match turn::steps(i) {
        Ok((rest, (tokens, errors))) => match errors.into_iter().next() {
            Some(error) => Err(nom::Err::Failure(error)),
            None => Ok((rest, tokens)),
        },
        Err(e) => Err(e),
    })?;
    Ok(tokens
        .into_iter()
        .filter_map(|token| match token {
            super::ast::StepToken::Step(step) => Some(step),
            super::ast::StepToken::Malformed(_) => None,
        })
        .collect())
}

/// The most repairs of the notation applied one after another to a token.
const MAX_REPAIRS: usize = 4;

/// Text that does not read as steps, repaired by the notation's own rules
/// until it reads: each syntax error's fix applied in turn, as `kehei`
/// becomes `Kehei` (piece letters are capitals), then `KeHei`. `None` when
/// no fix applies or the text still does not read after a few. Whether the
/// steps are legal is for the rules to say.
pub(crate) fn repair_steps(text: &str) -> Option<String> {
    let mut text = text.to_owned();
    for _ in 0..=MAX_REPAIRS {
        let error = match parse_steps(&text) {
            Ok(_) => return Some(text),
            Err(error) => error,
        };
        let fix = error.fix?;
        text = Edit::apply_all(&text, std::slice::from_ref(&fix));
    }
    None
}

/// Battle records written one after another, separated by blanks, such as
/// `>3GKh^SKhh3 >6GHxSL6`; any syntax error fails.
pub(crate) fn parse_battles(text: &str) -> Result<Vec<WrittenBattle>, SyntaxError> {
    text.split([' ', '\t'])
        .filter(|part| !part.is_empty())
        .map(str::parse)
        .collect()
}

// ---- Helpers shared by the rule modules (with those of
// `core::input`) ----

/// The input after its next character.
fn skip_char(i: Input<'_>) -> Input<'_> {
    match peek(&i) {
        Some(c) => skip(i, c.len_utf8()),
        None => i,
    }
}

/// Whether `c` ends what a line says before its comments.
fn is_content_end(c: Option<char>) -> bool {
    matches!(c, None | Some('\n' | '\r' | ';' | '{'))
}

/// The input after the first position where `stop` holds for the next
/// character or the content of the line ends.
fn skip_until(i: Input<'_>, stop: impl Fn(char) -> bool) -> Input<'_> {
    skip_to(i, |c| stop(c) || is_content_end(Some(c)))
}

/// A committed failure of `kind` at the next character of `i`.
fn fail<'a, T>(kind: SyntaxErrorKind, i: &Input<'_>) -> PResult<'a, T> {
    Err(nom::Err::Failure(error_at(kind, i)))
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
