//! A tafl position as one line, as a person gives one to start a game from
//! (`hirp gen --from`, `hirp board --position`): OpenTafl's position
//! record, the first rank first, then, if need be, the side to move and
//! the move number, a space apart.
//!
//! ```
//! use hirp::tafl::Side;
//! use hirp::tafl::rules::{PositionLine, RuleSet};
//!
//! let line = PositionLine::read("/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/ defenders 12").unwrap();
//! assert_eq!(line.to_move, Some(Side::Defenders));
//! assert_eq!(line.number, Some(12));
//!
//! // A game from it is played under the rules with the position for their
//! // start and the side to move first, as OpenTafl writes such a game.
//! let rules = line.rules(&RuleSet::preset("brandub").unwrap()).unwrap();
//! assert!(rules.to_string().contains(" atkf:n "));
//! assert!(rules.to_string().ends_with(" start:/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/"));
//!
//! let error = PositionLine::read("/3t3/3x3/3T3/ttTKTtt/3T3/3t3/3t3/").unwrap_err();
//! assert_eq!(error.span, 6..7);
//! assert!(error.message.contains("`x` names no piece"), "{error}");
//! ```
//!
//! OpenTafl's record says neither the side to move nor a move number;
//! without them, the side to move is the one the rules move first. The
//! move number says where the position stood in its game: a game written
//! from the position numbers its moves from 1, as OpenTafl numbers a game
//! whose rules string starts at a position.

use std::ops::Range;

use super::compiled::Class;
use super::layout::Layout;
use super::ruleset::{RuleSet, SetupError};
use crate::tafl::{Piece, Side};

/// A tafl position as one line: the pieces, and what the line says of the
/// side to move and the move number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionLine {
    /// The pieces on the board.
    pub layout: Layout,
    /// The side to move, when the line names it.
    pub to_move: Option<Side>,
    /// The move number, from 1, when the line gives it.
    pub number: Option<u32>,
}

/// Why a position line does not read, or sets up no game under the rules:
/// where, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PositionLineError {
    /// The bytes of the line at fault.
    pub span: Range<usize>,
    /// What is wrong, and what was expected there.
    pub message: String,
}

/// The error at `span`.
fn fault(span: Range<usize>, message: impl Into<String>) -> PositionLineError {
    PositionLineError {
        span,
        message: message.into(),
    }
}

/// What a line's field after the position record is.
const SIDE: &str = "the side to move, `attackers` or `defenders`";

impl PositionLine {
    /// Reads a line: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, then optionally
    /// ` attackers` or ` defenders`, then optionally the move number.
    pub fn read(text: &str) -> Result<PositionLine, PositionLineError> {
        let mut fields = fields(text);
        let Some((record, at)) = fields.next() else {
            let end = text.len();
            return Err(fault(
                end..end,
                "expected a position record, the first rank first: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`",
            ));
        };
        let layout = Layout::from_opentafl(record).map_err(|e| {
            fault(
                at + e.span.start..at + e.span.end.max(e.span.start),
                format!("the position record does not read: {e}"),
            )
        })?;
        unplayed(record, at)?;
        let to_move = match fields.next() {
            None => None,
            Some(("attackers", _)) => Some(Side::Attackers),
            Some(("defenders", _)) => Some(Side::Defenders),
            Some((word, at)) => return Err(expected(SIDE, word, at)),
        };
        let number = match fields.next() {
            None => None,
            Some((word, at)) => Some(number(word, at)?),
        };
        if let Some((word, at)) = fields.next() {
            return Err(expected("the end of the line", word, at));
        }
        Ok(PositionLine {
            layout,
            to_move,
            number,
        })
    }

    /// `rules` starting from this position, as OpenTafl writes a game
    /// from a position: the start of its rules string the position, and
    /// `atkf:` the side to move (`y` when the attackers move), the rules'
    /// own first side when the line names none. `Err` when the position
    /// sets up no game under them (a board of another size, two kings).
    pub fn rules(&self, rules: &RuleSet) -> Result<RuleSet, PositionLineError> {
        let mut from = rules.clone();
        from.start = self.layout.clone();
        if let Some(side) = self.to_move {
            from.attackers_first = side == Side::Attackers;
        }
        from.check().map_err(|e| {
            let what = match e {
                SetupError::LayoutSize { dim, layout } => format!(
                    "the position is {layout} × {layout}, and the rules' board {dim} × {dim}"
                ),
                other => format!("the position sets up no game under the rules: {other}"),
            };
            let record = self.layout.to_opentafl().len();
            fault(0..record, what)
        })?;
        Ok(from)
    }
}

/// The fields of `text` apart by spaces, each with its offset.
fn fields(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.split(' ')
        .scan(0, |at, field| {
            let start = *at;
            *at += field.len() + 1;
            Some((field, start))
        })
        .filter(|(field, _)| !field.is_empty())
}

/// The error of a field `word` at `at` where `what` was expected.
fn expected(what: &str, word: &str, at: usize) -> PositionLineError {
    fault(
        at..at + word.len(),
        format!("expected {what}; found `{word}`"),
    )
}

/// The move number `word` at `at`, from 1.
fn number(word: &str, at: usize) -> Result<u32, PositionLineError> {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    match word.parse::<u32>() {
        Ok(n) if digits && n > 0 && !word.starts_with('0') => Ok(n),
        _ if digits && !word.starts_with('0') => Err(fault(
            at..at + word.len(),
            format!("a move number up to {}: `{word}` is too large", u32::MAX),
        )),
        _ => Err(expected("the move number, from 1", word, at)),
    }
}

/// The first letter of `record` (read at `at`) that names a piece no rule
/// moves (a mercenary `m`, a guard `g`, an attackers' king `k`), faulted as
/// a rules string's start is.
fn unplayed(record: &str, at: usize) -> Result<(), PositionLineError> {
    let found = record.char_indices().find(|&(_, letter)| {
        Piece::from_letter(letter).is_some_and(|(side, piece)| Class::of(side, piece).is_none())
    });
    match found {
        None => Ok(()),
        Some((n, letter)) => Err(fault(
            at + n..at + n + letter.len_utf8(),
            format!("the position has a `{letter}`, a piece this engine does not move"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text at fault in `line`, and the message.
    fn error(line: &str) -> (String, String) {
        let e = PositionLine::read(line).expect_err(line);
        (line[e.span.clone()].to_owned(), e.message)
    }

    #[test]
    fn a_line_is_a_record_then_the_side_then_the_number() {
        let record = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let read = |line: &str| PositionLine::read(line).unwrap();
        assert_eq!(read(record).to_move, None);
        assert_eq!(read(record).number, None);
        let full = read(&format!("{record} attackers 7"));
        assert_eq!(
            (full.to_move, full.number),
            (Some(Side::Attackers), Some(7))
        );
        assert_eq!(full.layout.to_opentafl(), record);
        assert_eq!(
            read(&format!("{record} defenders")).to_move,
            Some(Side::Defenders)
        );
    }

    #[test]
    fn a_malformed_line_is_faulted_where_it_is_wrong() {
        let record = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let cases = [
            ("", "", "a position record"),
            ("3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "3", "starts with `/`"),
            (
                "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3",
                "3t3",
                "does not end with `/`",
            ),
            (
                "/3t3/3x3/3T3/ttTKTtt/3T3/3t3/3t3/",
                "x",
                "`x` names no piece",
            ),
            (
                "/3t3/3t2/3T3/ttTKTtt/3T3/3t3/3t3/",
                "3t2",
                "rank 2 has 6 squares",
            ),
            ("/3m3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "m", "a `m`, a piece"),
            (
                &format!("{record} white"),
                "white",
                "`attackers` or `defenders`",
            ),
            (&format!("{record} 7"), "7", "`attackers` or `defenders`"),
            (&format!("{record} attackers x"), "x", "the move number"),
            (&format!("{record} attackers 0"), "0", "the move number"),
            (
                &format!("{record} attackers 99999999999"),
                "99999999999",
                "too large",
            ),
            (&format!("{record} attackers 3 more"), "more", "the end"),
        ];
        for (line, at, message) in cases {
            let (found, said) = error(line);
            assert_eq!(found, at, "{line}: {said}");
            assert!(said.contains(message), "{line}: {said}");
        }
    }

    #[test]
    fn the_rules_start_from_the_position_with_the_side_to_move_first() {
        let brandub = RuleSet::preset("brandub").unwrap();
        let line = PositionLine::read("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").unwrap();
        assert_eq!(line.rules(&brandub).unwrap(), brandub, "the start itself");
        let line = PositionLine::read("/7/7/3T3/ttTKTtt/3T3/3t3/3t3/ defenders").unwrap();
        let rules = line.rules(&brandub).unwrap();
        assert!(!rules.attackers_first);
        assert_eq!(rules.start, line.layout);
        let written = rules.to_string();
        let (read, _) = RuleSet::from_opentafl(&written).unwrap();
        assert_eq!(read, rules, "{written}");
        let copenhagen = RuleSet::preset("copenhagen").unwrap();
        let e = line.rules(&copenhagen).unwrap_err();
        assert_eq!(e.span, 0..line.layout.to_opentafl().len());
        assert!(
            e.message.contains("7 × 7, and the rules' board 11 × 11"),
            "{e}"
        );
        let two = PositionLine::read("/K6/7/7/7/7/7/6K/").unwrap();
        let e = two.rules(&brandub).unwrap_err();
        assert!(e.message.contains("two kings"), "{e}");
    }
}
