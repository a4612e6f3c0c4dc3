//! The moves of hnefatafl.org's PGN export: move numbers, `1.`, and moves
//! of two squares written together, `d1d3`, each square's shape saying
//! the board it is on.

use nom::Parser;
use nom::character::complete::{char, satisfy};

use super::super::lexical::{digit, gap, lower, number};
use super::super::{
    Input, PResult, error_at, errors_full, is_blank, is_line_end, offset, peek, skip_until, span,
    stop_in_line, text_between, to_line_end, too_many_turns,
};
use crate::core::limits::MAX_TURNS;
use crate::core::{Found, Malformed, Span};
use crate::tafl::Square;
use crate::tafl::syntax::ast::{MoveType, Ply, WrittenMove};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// How the export writes a square on each board, for the help of an error.
const SHAPES: &str = "`0c4` on 7 × 7, `d1` on 11 × 11, `D1` on 13 × 13";

/// The moves of the game being read, over its lines.
#[derive(Debug, Default)]
pub(super) struct Moves {
    /// The board the game's first square read says, and that square as
    /// written.
    pub(super) board: Option<(u8, Span, String)>,
    /// The plies read, each with the move number written before it, if
    /// one is.
    pub(super) plies: Vec<(Ply, Option<Span>)>,
    /// A move number read that no ply follows yet.
    number: Option<Span>,
    /// The game has more moves than are read: the rest is not read.
    pub(super) full: bool,
}

/// ```ebnf
/// movetext = movetext item , { gap , movetext item } ;
/// ```
///
/// Never fails: a word that does not read is reported, a move kept as a
/// [`Ply::Malformed`], and reading goes on at the next word. Returns the
/// input after the last word of the line.
pub(super) fn movetext<'a>(
    mut i: Input<'a>,
    moves: &mut Moves,
    errors: &mut Vec<SyntaxError>,
) -> Input<'a> {
    loop {
        if errors_full(&i, errors) {
            let (end, ply) = stop_in_line(i, errors);
            moves.plies.push((ply, moves.number.take()));
            return end;
        }
        if moves.plies.len() >= 2 * MAX_TURNS {
            let end = to_line_end(i);
            errors.push(too_many_turns(&i, span(&i, &end)));
            moves.full = true;
            return end;
        }
        i = movetext_item(i, moves, errors);
        match gap(i) {
            Ok((rest, ())) if !is_line_end(peek(&rest)) => i = rest,
            _ => return i,
        }
    }
}

/// One move read alone, as the first of a game: a [`Ply::Malformed`]
/// when it does not read, its error in `errors`.
pub(in super::super) fn ply<'a>(i: Input<'a>, errors: &mut Vec<SyntaxError>) -> (Input<'a>, Ply) {
    pgn_move(i, &mut Moves::default(), errors)
}

/// The input at the end of the word that starts at `i`: at a blank or
/// the end of the line.
fn word_end(i: Input<'_>) -> Input<'_> {
    skip_until(i, |c| is_blank(Some(c)))
}

/// Whether a word ends at `i`.
fn ends_word(i: &Input<'_>) -> bool {
    is_blank(peek(i)) || is_line_end(peek(i))
}

/// ```ebnf
/// movetext item = move number | pgn move ;
/// ```
///
/// A move number is checked against the moves before it; a move joins
/// them, with the number before it.
fn movetext_item<'a>(i: Input<'a>, moves: &mut Moves, errors: &mut Vec<SyntaxError>) -> Input<'a> {
    match move_number(i) {
        Ok((rest, n)) if ends_word(&rest) => {
            let at = span(&i, &rest);
            if let Some(warning) = numbering(n, at, moves.plies.len()) {
                errors.push(warning);
            }
            moves.number = Some(at);
            return rest;
        }
        Err(nom::Err::Failure(error)) => {
            errors.push(error);
            return word_end(i);
        }
        _ => {}
    }
    let (rest, ply) = pgn_move(i, moves, errors);
    moves.plies.push((ply, moves.number.take()));
    rest
}

/// ```ebnf
/// move number = number , "." ;
/// ```
///
/// A failure when the number is too large.
fn move_number(i: Input<'_>) -> PResult<'_, u32> {
    let (i, n) = number(i)?;
    let (i, _) = char('.').parse(i)?;
    Ok((i, n))
}

/// The warning of move number `n`, at `at`, after `plies` moves, if it is
/// not the one due: the number of the pair of moves after it, before the
/// first of them.
fn numbering(n: u32, at: Span, plies: usize) -> Option<SyntaxError> {
    let due = plies / 2 + 1;
    let detail = if plies % 2 == 1 {
        format!("a number between the two moves of pair {due}")
    } else if usize::try_from(n).ok() != Some(due) {
        format!("expected `{due}.`, the number of the pair of moves that follows")
    } else {
        return None;
    };
    let found = Found::at(&n.to_string());
    Some(
        SyntaxError::new(Kind::PgnMoveNumber, at, found)
            .with_detail(detail)
            .with_help(
                "hnefatafl.org numbers each pair of moves from `1.`, before its first move: \
                 `1. d1d3 e5e2 2. d3d2`",
            ),
    )
}

/// A square as written: the board its shape says, its file letter and its
/// rank's digits.
#[derive(Clone, Copy, Debug)]
struct Written<'a> {
    /// The side of the board its shape says: 7, 11 or 13.
    board: u8,
    /// Its file letter, in the case written.
    file: char,
    /// Its rank's digits.
    rank: &'a str,
    /// Where it is written.
    span: Span,
}

impl Written<'_> {
    /// The square as written, `i` the input it starts a word of.
    fn text(&self, i: &Input<'_>) -> String {
        let at = self.span.start - offset(i);
        i.fragment()[at..at + self.span.len()].to_owned()
    }

    /// The square, or the error of a square off its board.
    fn on_board(&self) -> Result<Square, SyntaxError> {
        let first = if self.board == 13 { 'A' } else { 'a' };
        let last = char::from(first as u8 + self.board - 1);
        let rank = self.rank.parse::<u8>().ok().filter(|r| {
            !self.rank.starts_with('0') && (1..=self.board).contains(r) && self.rank.len() <= 2
        });
        let file = (first..=last)
            .contains(&self.file)
            .then(|| self.file as u8 - first as u8);
        let detail = match (file, rank) {
            (Some(file), Some(rank)) => {
                let detail = || self.off_board("expected a square on the board".to_owned());
                return Square::new(file, rank - 1).ok_or_else(detail);
            }
            (None, _) => format!(
                "expected a file from `{first}` to `{last}` on {0} × {0}, found `{1}`",
                self.board, self.file
            ),
            (Some(_), None) => format!(
                "expected a rank from 1 to {0} on {0} × {0}, found `{1}`",
                self.board, self.rank
            ),
        };
        Err(self.off_board(detail))
    }

    /// The error of the square off its board, the label saying `detail`.
    fn off_board(&self, detail: String) -> SyntaxError {
        SyntaxError::new(Kind::PgnSquareOffBoard, self.span, Found::Char(self.file))
            .with_detail(detail)
            .with_help(format!("a square's shape gives its board: {SHAPES}"))
    }
}

/// ```ebnf
/// pgn move = pgn square , pgn square ;
/// ```
///
/// Never fails: a move that does not read, or whose squares are off their
/// board or on another board than the game's first square, is a
/// [`Ply::Malformed`] reaching to the next blank, its error in `errors`.
fn pgn_move<'a>(
    i: Input<'a>,
    moves: &mut Moves,
    errors: &mut Vec<SyntaxError>,
) -> (Input<'a>, Ply) {
    let end = word_end(i);
    let word = span(&i, &end);
    let malformed = |error: SyntaxError, errors: &mut Vec<SyntaxError>| {
        errors.push(error);
        let token = Malformed {
            text: text_between(&i, &end).to_owned(),
            span: word,
        };
        (end, Ply::Malformed(token))
    };
    let read = pgn_square(i).and_then(|(rest, from)| {
        let (rest, to) = pgn_square(rest)?;
        Ok((rest, [from, to]))
    });
    let squares = match read {
        Ok((rest, squares)) if ends_word(&rest) => squares,
        _ => return malformed(not_a_move(&i, word), errors),
    };
    let [from, to] = squares;
    let (from_square, to_square) = match (from.on_board(), to.on_board()) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return malformed(e, errors),
    };
    let first = (from.board, from.span, from.text(&i));
    let (board, _, first) = moves.board.get_or_insert(first);
    if let Some(other) = squares.iter().find(|s| s.board != *board) {
        let error = SyntaxError::new(Kind::PgnSizeMismatch, other.span, Found::Char(other.file))
            .with_detail(format!(
                "a square of {0} × {0}; the game's first square, `{first}`, is of {1} × {1}",
                other.board, board
            ))
            .with_help(format!(
                "every square of a game is written for one board: {SHAPES}"
            ));
        return malformed(error, errors);
    }
    let m = WrittenMove {
        piece: None,
        from: from_square,
        kind: MoveType::Regular,
        to: to_square,
        captures: Vec::new(),
        info: None,
        from_span: from.span,
        to_span: to.span,
        span: word,
    };
    (end, Ply::Move(m))
}

/// The error of a word that is neither a move number nor a move.
fn not_a_move(i: &Input<'_>, word: Span) -> SyntaxError {
    let mut error = error_at(Kind::PgnMove, i)
        .with_detail("expected a move number such as `1.` or a move such as `d1d3`")
        .with_help(format!(
            "hnefatafl.org writes a move as its two squares together, with no `-`, no \
             captures and no result, a blank after each move and each number: \
             `1. d1d3 e5e2`; {SHAPES}"
        ));
    error.span = word;
    error
}

/// ```ebnf
/// pgn square = brandubh square | lower square | upper square ;
/// ```
///
/// `Err::Error` when it is not a square's shape.
fn pgn_square(i: Input<'_>) -> PResult<'_, Written<'_>> {
    match peek(&i) {
        Some('0') => brandubh_square(i),
        Some(c) if c.is_ascii_uppercase() => upper_square(i),
        _ => lower_square(i),
    }
}

/// ```ebnf
/// brandubh square = "0" , lower , digit ;
/// ```
///
/// A square of 7 × 7: its rank is one digit, so that `0e40e7` is two.
fn brandubh_square(i: Input<'_>) -> PResult<'_, Written<'_>> {
    let start = i;
    let (i, _) = char('0').parse(i)?;
    let (i, file) = lower(i)?;
    let digits = i;
    let (i, _) = digit(i)?;
    Ok((
        i,
        Written {
            board: 7,
            file,
            rank: text_between(&digits, &i),
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// lower square = lower , rank ;
/// ```
///
/// A square of 11 × 11, its rank's digits read as far as they go (its
/// range is the board's, checked after).
fn lower_square(i: Input<'_>) -> PResult<'_, Written<'_>> {
    let start = i;
    let (i, file) = lower(i)?;
    let (i, rank) = rank_digits(i)?;
    Ok((
        i,
        Written {
            board: 11,
            file,
            rank,
            span: span(&start, &i),
        },
    ))
}

/// ```ebnf
/// upper square = upper , rank ;
/// ```
///
/// A square of 13 × 13, as [`lower_square`] reads one of 11 × 11.
fn upper_square(i: Input<'_>) -> PResult<'_, Written<'_>> {
    let start = i;
    let (i, file) = upper(i)?;
    let (i, rank) = rank_digits(i)?;
    Ok((
        i,
        Written {
            board: 13,
            file,
            rank,
            span: span(&start, &i),
        },
    ))
}

/// A rank's digits, one at least.
fn rank_digits(i: Input<'_>) -> PResult<'_, &str> {
    let start = i;
    let (mut i, _) = digit(i)?;
    while let Ok((rest, _)) = digit(i) {
        i = rest;
    }
    Ok((i, text_between(&start, &i)))
}

/// ```ebnf
/// upper = ? an ASCII upper-case letter, "A" to "Z" ? ;
/// ```
fn upper(i: Input<'_>) -> PResult<'_, char> {
    satisfy(|c| c.is_ascii_uppercase()).parse(i)
}
