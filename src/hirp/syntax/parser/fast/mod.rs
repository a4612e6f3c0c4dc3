//! A fast reading of well-formed turn lines, beside the rules of the grammar.
//!
//! Nearly every turn line of a real record is written the usual way:
//! `G12 H13K2>4 >4SK4GK^`. This module reads such a line byte by byte, with
//! no parser calls and no errors to build, and gives up (`None`) at the first
//! byte the usual way does not allow: a missing space, a `C` before a
//! Penningr letter, a round too large to read, any mistake. The rule
//! functions of [`turn`](super::turn) then read the line as they always do,
//! so every error is still theirs. Whenever this reading succeeds, it gives
//! exactly the [`Turn`] and the rest of the input that the rules give with
//! no error: the tests below hold the two to that on generated turns, on
//! every fixture line and on lines built near the usual way, mistakes
//! included. Comments and the line end after the outcome are left to the
//! line's rule, as for every turn.
//!
//! The one reading serves two ends, by the [`Sink`] it is given: the
//! [`Turn`] of the parser; [`usual_turn`], which builds nothing and keeps
//! the label alone, for counting turns without a tree
//! ([`scan`](crate::hirp::syntax::scan)); and [`compact_turn`], which keeps what
//! the rules need on the stack, for replaying without a tree, and hands
//! each step to be played as it is read. All give up
//! at the same bytes. [`usual_turn`] first runs the line through two
//! small automata (module `shape`), which read nearly every line with few
//! branches, and reads byte by byte only the lines they are unsure of.

mod shape;
mod sink;

use self::shape::Shape;
pub(crate) use self::sink::{CompactBattle, CompactTurn, Player};
use self::sink::{Played, Sink, Tally, Tree};
use super::outcome::is_outcome_end;
use super::turn::{round_digits, starts_destination};
use super::{Input, is_content_end, offset, skip};
use crate::core::Span;
use crate::hirp::syntax::ast::{
    Action, Destination, Fate, Label, PenningrAction, PenningrMove, Piece, Turn, WrittenFighter,
    WrittenStep,
};
use crate::hirp::syntax::limits::{MAX_BATTLES, MAX_FIGHTERS, MAX_PENNINGR, MAX_STEPS};
use crate::hirp::types::{Side, Space};

/// Reads a whole turn written the usual way, up to the end of its outcome
/// and the blanks after it; `None` for anything else.
pub(super) fn turn(i: Input<'_>) -> Option<(Input<'_>, Turn)> {
    let mut reader = Reader {
        bytes: i.fragment().as_bytes(),
        at: 0,
        base: offset(&i),
    };
    let mut tree = Tree::default();
    reader.turn(&mut tree)?;
    Some((skip(i, reader.at), tree.into_turn()?))
}

/// Reads a turn written the usual way at the start of `bytes`, as [`turn`]
/// reads it, keeping nothing of it but its label: the label and the bytes
/// read (the outcome and the blanks after it); `None` wherever [`turn`]
/// gives up. Nothing is built, nothing allocated.
pub(crate) fn usual_turn(bytes: &[u8]) -> Option<(Label, usize)> {
    let mut reader = Reader {
        bytes,
        at: 0,
        base: 0,
    };
    // Nearly every line has the shape the automata read; any other is read
    // byte by byte.
    if let Shape::Read(label, read) = reader.shape() {
        return Some((label, read));
    }
    reader.at = 0;
    let label = reader.turn(&mut Tally)?;
    Some((label, reader.at))
}

/// Reads a turn written the usual way at the start of `bytes`, which start
/// at offset `base` of the file, as [`turn`] reads it, into `out`, in
/// place: what the rules need of it, on the stack. Each step is handed to
/// `player` as it is read, after the label: a step it plays is not kept in
/// `out`, which keeps the steps after the first it does not play. Returns
/// the label and the bytes read; `None` wherever [`turn`] gives up (`out`
/// is then left part-filled).
#[inline]
pub(crate) fn compact_turn<P: Player>(
    bytes: &[u8],
    base: usize,
    out: &mut CompactTurn,
    player: &mut P,
) -> Option<(Label, usize)> {
    let mut reader = Reader { bytes, at: 0, base };
    out.clear();
    let label = reader.turn(&mut Played { turn: out, player })?;
    if out.overflowed() {
        return None;
    }
    out.label = Some(label);
    Some((label, reader.at))
}

/// The space each byte is the code of, as [`Space::from_code`] reads the
/// byte as a character.
const SPACES: [Option<Space>; 256] = {
    let mut table = [None; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = Space::from_code(byte as u8 as char);
        byte += 1;
    }
    table
};

/// Bytes being read, and where.
struct Reader<'a> {
    bytes: &'a [u8],
    /// The next byte's index.
    at: usize,
    /// The offset of `bytes` in the file.
    base: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The next byte as a character, for the grammar's own tests of it
    /// (a byte that is not ASCII never passes them).
    fn peek_char(&self) -> Option<char> {
        self.peek().map(char::from)
    }

    fn peek2(&self) -> Option<u8> {
        self.bytes.get(self.at + 1).copied()
    }

    /// The file offset of the byte `n` of the line.
    fn offset(&self, n: usize) -> usize {
        self.base + n
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(self.offset(start), self.offset(self.at))
    }

    /// Skips blanks; returns how many.
    fn blanks(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
        self.at - start
    }

    fn side(&mut self) -> Option<Side> {
        let side = Side::from_letter(self.peek_char()?)?;
        self.at += 1;
        Some(side)
    }

    // A table, inlined: a space is read more often than any other part.
    #[inline(always)]
    fn space(&mut self) -> Option<Space> {
        let space = SPACES[usize::from(self.peek()?)]?;
        self.at += 1;
        Some(space)
    }

    fn turn<S: Sink>(&mut self, out: &mut S) -> Option<Label> {
        let label = self.label()?;
        out.label(label);
        if self.blanks() == 0 {
            return None;
        }
        self.steps(out)?;
        if self.blanks() == 0 {
            return None;
        }
        let outcome = self.outcome(out)?;
        out.end(outcome, Span::new(label.span.start, outcome.end));
        Some(label)
    }

    fn label(&mut self) -> Option<Label> {
        let start = self.at;
        let side = self.side()?;
        let (digits, round) = round_digits(&self.bytes[self.at..]);
        if digits == 0 {
            return None;
        }
        // A round too large is left to the rules, to report.
        let round = round?;
        self.at += digits;
        Some(Label {
            side,
            round,
            span: self.span_from(start),
        })
    }

    /// Steps written together, up to a blank.
    fn steps<S: Sink>(&mut self, out: &mut S) -> Option<()> {
        let mut steps = 0;
        loop {
            if steps >= MAX_STEPS {
                return None;
            }
            out.step(self.step()?);
            steps += 1;
            match self.peek() {
                Some(b'H' | b'K' | b'L') => {}
                Some(b' ' | b'\t') => break,
                _ => return None,
            }
        }
        // A step after the blank (a mistake) cannot start an outcome: the
        // outcome gives up on it.
        Some(())
    }

    fn piece(&mut self) -> Option<Piece> {
        let piece = match self.peek()? {
            b'H' => Piece::Hirth,
            b'L' => Piece::Lofdungr,
            b'K' => {
                let crew = self.bytes[self.at + 1..]
                    .iter()
                    .take_while(|&&b| b == b'h')
                    .count();
                self.at += crew;
                Piece::Karve {
                    crew: u32::try_from(crew).ok()?,
                }
            }
            _ => return None,
        };
        self.at += 1;
        Some(piece)
    }

    // Inlined into each reading: a call a step costs more than the step.
    #[inline(always)]
    fn step(&mut self) -> Option<WrittenStep> {
        let start = self.at;
        let piece = self.piece()?;
        let action = match self.peek()? {
            b'e' => {
                self.at += 1;
                if self.peek() == Some(b'i') {
                    self.at += 1;
                    Action::EnterAndBoard
                } else {
                    Action::Enter {
                        to: self.destination_if_any()?,
                    }
                }
            }
            b'v' => {
                self.at += 1;
                let karve = self.space()?;
                Action::Leave {
                    karve,
                    to: self.destination_if_any()?,
                }
            }
            b'i' => {
                self.at += 1;
                Action::Board
            }
            _ => {
                let from = self.space()?;
                Action::Move {
                    from,
                    to: self.destination()?,
                }
            }
        };
        Some(WrittenStep {
            piece,
            action,
            span: self.span_from(start),
        })
    }

    /// `>` and a space, or a space.
    fn destination(&mut self) -> Option<Destination> {
        let attack = self.peek() == Some(b'>');
        if attack {
            self.at += 1;
        }
        let space = self.space()?;
        Some(Destination { space, attack })
    }

    /// A destination when one starts here: `Some(None)` when none does,
    /// `None` when one starts but is not whole.
    fn destination_if_any(&mut self) -> Option<Option<Destination>> {
        let starts = self.peek_char().is_some_and(starts_destination);
        if starts {
            self.destination().map(Some)
        } else {
            Some(None)
        }
    }

    /// Reads the outcome into `out`: its text.
    fn outcome<S: Sink>(&mut self, out: &mut S) -> Option<Span> {
        let start = self.at;
        let mut penningr = 0;
        while matches!(self.peek(), Some(b'G' | b'S'))
            && self
                .peek2()
                .is_some_and(|b| b.is_ascii_lowercase() || b == b'C')
        {
            if penningr >= MAX_PENNINGR {
                return None;
            }
            penningr += 1;
            let from = self.at;
            let side = self.side()?;
            let action = PenningrMove::from_letter(self.peek_char()?)?;
            self.at += 1;
            out.penningr(PenningrAction {
                side,
                action,
                span: self.span_from(from),
            });
        }
        self.blanks();
        let end = if self.peek() == Some(b'/') {
            self.at += 1;
            let written = self.at;
            self.blanks();
            if !is_outcome_end(self.peek_char()) {
                return None;
            }
            self.offset(written)
        } else {
            // Where the last battle ends, once there is one.
            let (mut battles, mut last) = (0, None);
            while !is_outcome_end(self.peek_char()) {
                if battles >= MAX_BATTLES || self.peek() != Some(b'>') {
                    return None;
                }
                last = Some(self.battle(out)?.end);
                battles += 1;
                self.blanks();
            }
            // Only an outcome written as `/` may have no battle.
            last?.max(self.offset(start))
        };
        Some(Span::new(self.offset(start), end))
    }

    fn battle<S: Sink>(&mut self, out: &mut S) -> Option<Span> {
        let start = self.at;
        self.at += 1;
        out.battle(self.space()?);
        let mut fighters = 0;
        loop {
            if fighters >= MAX_FIGHTERS {
                return None;
            }
            out.fighter(self.fighter()?);
            fighters += 1;
            if is_content_end(self.peek_char()) || matches!(self.peek(), Some(b' ' | b'\t' | b'>'))
            {
                break;
            }
        }
        let span = self.span_from(start);
        out.battle_end(span);
        Some(span)
    }

    // Inlined into each reading, as `step` is.
    #[inline(always)]
    fn fighter(&mut self) -> Option<WrittenFighter> {
        let start = self.at;
        let side = self.side()?;
        let piece = self.piece()?;
        let fate = match self.peek()? {
            b'^' => Fate::RemovedFromPlay,
            b'x' => Fate::RemovedFromGame,
            _ => Fate::Stands(self.space()?),
        };
        if matches!(fate, Fate::RemovedFromPlay | Fate::RemovedFromGame) {
            self.at += 1;
        }
        Some(WrittenFighter {
            side,
            piece,
            fate,
            span: self.span_from(start),
        })
    }
}

#[cfg(test)]
mod tests;
