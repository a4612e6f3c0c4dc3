//! A position's record as OpenTafl's engine writes it
//! (`GameState.getOTNPositionString()`), written straight from the
//! board's sets of pieces: what a record of every position of a game
//! writes once a position, with nothing allocated.

use super::ends::End;
use super::layout::MAX_DIM;
use super::position::{Position, si};
use crate::tafl::Side;

/// The most squares a board has.
const MAX_SQUARES: usize = MAX_DIM as usize * MAX_DIM as usize;

/// The longest position record: a letter a square, a `/` before each rank
/// and after the last.
const MAX_RECORD: usize = MAX_SQUARES + MAX_DIM as usize + 1;

/// The letters of the pieces the engine moves but the king, by their
/// sets: a defender's (1), an officer (2), a knight (4) among the officers.
const LETTERS: [u8; 8] = [b't', b'T', b'c', b'C', b't', b'T', b'n', b'N'];

/// A position record being written, in ASCII.
struct Record {
    bytes: [u8; MAX_RECORD],
    len: usize,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            bytes: [0; MAX_RECORD],
            len: 0,
        }
    }
}

impl Record {
    /// Writes `byte`.
    #[inline]
    fn put(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// Writes the count of `empty` squares before a piece or the end of a
    /// rank, if any.
    #[inline]
    fn gap(&mut self, empty: usize) {
        let empty = empty as u8;
        if empty >= 10 {
            self.put(b'0' + empty / 10);
        }
        if empty > 0 {
            self.put(b'0' + empty % 10);
        }
    }

    /// What it holds.
    fn as_str(&self) -> &str {
        // Every byte written is ASCII.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// A piece's letter as a byte: every letter of a piece is ASCII.
fn ascii(letter: char) -> u8 {
    u8::try_from(letter).unwrap_or(b'?')
}

impl Position {
    /// Appends the position record of [`Position::to_opentafl`] to
    /// `out`, read straight from the board's sets of pieces, a rank at a
    /// time: what a record of every position of a game writes, with
    /// nothing allocated.
    pub fn write_opentafl(&self, out: &mut String) {
        let dim = usize::from(self.rules.set.dim);
        let mut shown = self.board.occupied();
        let captured = self.outcome.is_some_and(|o| o.end == End::KingCaptured);
        if let (true, Some(king)) = (captured, self.board.king) {
            shown.remove(king);
        }
        let board = &self.board;
        let mut record = Record::default();
        record.put(b'/');
        for start in (0..dim * dim).step_by(dim) {
            let (mut row, mut file) = (shown.row(start, dim), 0);
            // Each piece's kind, told by the sets that hold its square.
            let [defenders, officers, knights, fixed] = [
                board.side[si(Side::Defenders)],
                board.officers,
                board.knights,
                board.fixed,
            ]
            .map(|set| set.row(start, dim));
            while row != 0 {
                let at = row.trailing_zeros() as usize;
                row &= row - 1;
                let bit = |set: u64| (set >> at & 1) as usize;
                let letter = if bit(fixed) == 1 {
                    // A piece the engine does not move: the start's.
                    self.letter_on(start + at)
                } else if board.king == Some(start + at) {
                    Some(b'K')
                } else {
                    Some(LETTERS[bit(defenders) | bit(officers) << 1 | bit(knights) << 2])
                };
                // A square whose piece is none a record writes stays empty.
                if let Some(letter) = letter {
                    record.gap(at - file);
                    record.put(letter);
                    file = at + 1;
                }
            }
            record.gap(dim - file);
            record.put(b'/');
        }
        out.push_str(record.as_str());
    }

    /// The letter of the piece on `index`, a square of the board with a
    /// piece on it, as [`Position::piece_at`] tells it.
    #[inline]
    fn letter_on(&self, index: usize) -> Option<u8> {
        let board = &self.board;
        let side = match board.side[si(Side::Attackers)].has(index) {
            true => Side::Attackers,
            false => Side::Defenders,
        };
        let piece = match board.class_at(index) {
            Some(class) => class.piece(),
            None => {
                let (side, piece) = self.rules.origin.get(self.rules.grid.square(index))?;
                return Some(ascii(piece.letter_of(side)));
            }
        };
        Some(ascii(piece.letter_of(side)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tafl::rules::{Layout, RuleSet};

    /// The position record read off the board's [`Layout`], a captured
    /// king taken off it: what `to_opentafl` writes straight from the bits.
    fn from_layout_record(position: &Position) -> String {
        let mut layout = position.layout();
        let captured = position.outcome.is_some_and(|o| o.end == End::KingCaptured);
        if let (true, Some(king)) = (captured, position.king()) {
            layout.set(king, None);
        }
        layout.to_opentafl()
    }

    /// Random games of every preset, to their ends: each position's record
    /// as written from the bits is the one its layout reads.
    #[test]
    fn the_record_written_from_the_board_is_the_layout_s() {
        let mut rng = crate::core::Rng::new(51);
        let (mut positions, mut kings_captured) = (0, 0);
        for name in RuleSet::PRESETS {
            let rules = RuleSet::preset(name).unwrap();
            for _ in 0..10 {
                let mut position = Position::new(&rules);
                for _ in 0..300 {
                    assert_eq!(
                        position.to_opentafl(),
                        from_layout_record(&position),
                        "{name}"
                    );
                    positions += 1;
                    let moves = position.legal_moves();
                    if position.outcome().is_some() || moves.is_empty() {
                        break;
                    }
                    let _ = position.play(moves[rng.below(moves.len())]);
                }
                let end = position.outcome().map(|o| o.end);
                kings_captured += usize::from(end == Some(End::KingCaptured));
            }
        }
        assert!(positions > 5_000, "{positions} positions");
        // Pieces the engine does not move (a guard, a mercenary) stand
        // where the start put them, and are written all the same.
        let rules = RuleSet::preset("brandub").unwrap();
        let fixed = "/3t3/1g1t3/3T3/ttTKTtt/3T3/3t1M1/3t3/";
        let layout = Layout::from_opentafl(fixed).unwrap();
        let position = Position::from_layout(&rules, &layout, Side::Attackers).unwrap();
        assert!(!position.board.fixed.is_empty());
        assert_eq!(position.to_opentafl(), fixed);
        assert_eq!(from_layout_record(&position), fixed);
        assert!(kings_captured > 0, "a king captured, taken off the record");
    }
}
