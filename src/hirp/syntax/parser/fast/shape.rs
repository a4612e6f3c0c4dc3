//! The shape of a turn line checked by two small automata, for reading
//! that keeps nothing but the label ([`usual_turn`](super::usual_turn)).
//!
//! Reading a turn byte by byte takes a branch at every choice the line
//! makes (which piece, which action, whether a `>` follows), and a
//! processor guesses most of them wrong: the choices are the game's. Here
//! the steps, and the battles, are each run through an automaton whose
//! state is a bit offset: each byte's row holds, at the offset of every
//! state, the offset of the state it leads to, so a byte costs one shift
//! that waits for nothing but the shift before, and the only branch asks
//! whether the automaton has stopped. A row of 64 bits holds ten states of
//! six bits, enough for each part.
//!
//! It says [`Shape::Read`] only for a line that the byte-by-byte reading
//! reads too, to the same byte, with the same label; for anything else
//! (a Penningr action, a line past the limits, a mistake, bytes that end
//! within a step) it says [`Shape::Unsure`], and the byte-by-byte reading decides.
//! The tests of the fast reading hold the two to that on every line they
//! read.

use super::Reader;
use crate::hirp::syntax::ast::Label;
use crate::hirp::syntax::limits::{MAX_BATTLES, MAX_FIGHTERS, MAX_STEPS};
use crate::hirp::types::Space;

/// What the automata make of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// A turn written the usual way, as the byte-by-byte reading reads it:
    /// its label, and the bytes read (the outcome and the blanks after it).
    Read(Label, usize),
    /// Left to the byte-by-byte reading.
    Unsure,
}

/// Bits a state takes in a row: room for an offset up to 63.
const WIDTH: u32 = 6;

/// The states of the automaton of the steps, up to the blank after them:
/// a step ended, and where a step stands after each byte read.
mod step {
    /// A step ended: a piece or a blank may follow.
    pub const ENDED: u8 = 0;
    /// After `H` or `L`: an action.
    pub const PIECE: u8 = 1;
    /// After `K` and any `h`: more crew, or an action.
    pub const KARVE: u8 = 2;
    /// After `e`: `i`, a destination, or what follows a step.
    pub const ENTER: u8 = 3;
    /// After `v`: the Karve's space.
    pub const LEAVE: u8 = 4;
    /// After `v` and a space: a destination, or what follows a step.
    pub const LEFT: u8 = 5;
    /// After the space a move starts from: its destination.
    pub const FROM: u8 = 6;
    /// After `>`: a space.
    pub const ATTACK: u8 = 7;
    /// The blank after the steps: done (it stays there).
    pub const DONE: u8 = 8;
    /// Not the usual way (it stays there).
    pub const FAILED: u8 = 9;
}

/// The states of the automaton of the battles, from the first battle's
/// `>` to the end of the outcome.
mod battle {
    /// After `>`: the battle's space.
    pub const OPENED: u8 = 0;
    /// After the space: a side.
    pub const SPACE: u8 = 1;
    /// After a side: a piece.
    pub const SIDE: u8 = 2;
    /// After `K` and any `h`: more crew, or a fate.
    pub const KARVE: u8 = 3;
    /// After `H` or `L`: a fate.
    pub const PIECE: u8 = 4;
    /// After a fate: the next piece, a blank, the next battle or the end.
    pub const FATE: u8 = 5;
    /// Blanks after a battle: more, the next battle or the end.
    pub const BLANKS: u8 = 6;
    /// The end of the outcome, at the byte that ends it (it stays there).
    pub const DONE: u8 = 7;
    /// Not the usual way (it stays there).
    pub const FAILED: u8 = 8;
}

/// Whether `byte` is the code of a space.
const fn is_space(byte: u8) -> bool {
    Space::from_code(byte as char).is_some()
}

/// Where the steps' automaton goes from `state` on `byte`, as the
/// byte-by-byte reading reads steps.
const fn next_step(state: u8, byte: u8) -> u8 {
    use step::*;
    // What may follow a whole step: the next step's piece, or the blank.
    let after_step = match byte {
        b'H' | b'L' => PIECE,
        b'K' => KARVE,
        b' ' | b'\t' => DONE,
        _ => FAILED,
    };
    let space = is_space(byte);
    match state {
        ENDED => after_step,
        PIECE | KARVE => match byte {
            b'h' if state == KARVE => KARVE,
            b'e' => ENTER,
            b'v' => LEAVE,
            b'i' => ENDED,
            _ if space => FROM,
            _ => FAILED,
        },
        ENTER => match byte {
            b'i' => ENDED,
            b'>' => ATTACK,
            _ if space => ENDED,
            _ => after_step,
        },
        LEAVE => {
            if space {
                LEFT
            } else {
                FAILED
            }
        }
        LEFT => match byte {
            b'>' => ATTACK,
            _ if space => ENDED,
            _ => after_step,
        },
        FROM => match byte {
            b'>' => ATTACK,
            _ if space => ENDED,
            _ => FAILED,
        },
        ATTACK => {
            if space {
                ENDED
            } else {
                FAILED
            }
        }
        DONE => DONE,
        _ => FAILED,
    }
}

/// Where the battles' automaton goes from `state` on `byte`, as the
/// byte-by-byte reading reads battles.
const fn next_battle(state: u8, byte: u8) -> u8 {
    use battle::*;
    let space = is_space(byte);
    let fate = space || matches!(byte, b'^' | b'x');
    // What ends a battle's pieces and the line's content.
    let content_end = matches!(byte, b'\n' | b'\r' | b';' | b'{');
    match state {
        OPENED => {
            if space {
                SPACE
            } else {
                FAILED
            }
        }
        SPACE => match byte {
            b'G' | b'S' => SIDE,
            _ => FAILED,
        },
        SIDE => match byte {
            b'H' | b'L' => PIECE,
            b'K' => KARVE,
            _ => FAILED,
        },
        KARVE | PIECE => match byte {
            b'h' if state == KARVE => KARVE,
            _ if fate => FATE,
            _ => FAILED,
        },
        FATE => match byte {
            b'G' | b'S' => SIDE,
            b' ' | b'\t' => BLANKS,
            b'>' => OPENED,
            _ if content_end => DONE,
            _ => FAILED,
        },
        BLANKS => match byte {
            b' ' | b'\t' => BLANKS,
            b'>' => OPENED,
            // The end of the outcome: `}` too.
            b'}' => DONE,
            _ if content_end => DONE,
            _ => FAILED,
        },
        DONE => DONE,
        _ => FAILED,
    }
}

/// The automata.
#[derive(Clone, Copy)]
enum Automaton {
    Steps,
    Battles,
}

/// The rows of an automaton: for each byte, the offset of each state's
/// next state at the state's offset.
const fn rows(automaton: Automaton) -> [u64; 256] {
    let states = match automaton {
        Automaton::Steps => step::FAILED + 1,
        Automaton::Battles => battle::FAILED + 1,
    };
    let mut rows = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut state = 0;
        while state < states {
            let next = match automaton {
                Automaton::Steps => next_step(state, byte as u8),
                Automaton::Battles => next_battle(state, byte as u8),
            };
            let to = next as u64 * WIDTH as u64;
            rows[byte] |= to << (state as u32 * WIDTH);
            state += 1;
        }
        byte += 1;
    }
    rows
}

const STEP_ROWS: [u64; 256] = rows(Automaton::Steps);
const BATTLE_ROWS: [u64; 256] = rows(Automaton::Battles);

/// Runs an automaton of `rows` over `bytes` from `at`, in state `state`,
/// until it reaches a state of `stop` or more: that state, and the index
/// of the byte that led there; or, when the bytes end first, the state
/// then and their length.
#[inline(always)]
fn run(rows: &[u64; 256], bytes: &[u8], mut at: usize, state: u8, stop: u8) -> (u8, usize) {
    let stop = u64::from(stop) * u64::from(WIDTH);
    // The offset is the low six bits; the bits above are the rest of the
    // row, which the shift ignores.
    let mut offset = u64::from(state) * u64::from(WIDTH);
    while let Some(&byte) = bytes.get(at) {
        offset = rows[usize::from(byte)].wrapping_shr(offset as u32);
        if offset & 63 >= stop {
            break;
        }
        at += 1;
    }
    ((offset & 63) as u8 / WIDTH as u8, at)
}

impl Reader<'_> {
    /// The shape of the turn at the start of the bytes, read from there.
    #[inline(always)]
    pub(super) fn shape(&mut self) -> Shape {
        self.shaped()
            .map_or(Shape::Unsure, |label| Shape::Read(label, self.at))
    }

    /// The label of the turn when the automata read it whole, the reading
    /// then at its end; `None` when unsure. Kept out of line, so that the
    /// automata's loops have the registers to themselves, whatever the code
    /// that reads the turns around them.
    #[inline(never)]
    fn shaped(&mut self) -> Option<Label> {
        let label = self.label()?;
        if self.blanks() == 0 || !matches!(self.peek()?, b'H' | b'K' | b'L') {
            return None;
        }
        let start = self.at;
        let (state, blank) = run(&STEP_ROWS, self.bytes, start, step::ENDED, step::DONE);
        // Every step takes two bytes or more: so many are within the limit.
        if state != step::DONE || blank - start > 2 * MAX_STEPS {
            return None;
        }
        self.at = blank;
        self.blanks();
        match self.peek()? {
            b'/' => {
                self.at += 1;
                self.blanks();
                let end = self.peek();
                super::is_outcome_end(end.map(char::from)).then_some(label)
            }
            b'>' => {
                let opened = self.at;
                let (state, end) = run(
                    &BATTLE_ROWS,
                    self.bytes,
                    opened + 1,
                    battle::OPENED,
                    battle::DONE,
                );
                // The end of the bytes ends a piece's fate or blanks as the
                // end of a line does.
                let ran_out = end == self.bytes.len();
                let done = state == battle::DONE
                    || (ran_out && matches!(state, battle::FATE | battle::BLANKS));
                // A battle takes five bytes or more, a piece three: so many
                // are within the limits.
                let within = end - opened <= (5 * MAX_BATTLES).min(3 * MAX_FIGHTERS);
                if !done || !within {
                    return None;
                }
                self.at = end;
                Some(label)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automata_fit_their_rows() {
        assert!(u32::from(step::FAILED + 1) * WIDTH <= 64);
        assert!(u32::from(battle::FAILED + 1) * WIDTH <= 64);
        // The last states stay where they are, whatever follows.
        for byte in 0..=u8::MAX {
            assert_eq!(next_step(step::DONE, byte), step::DONE);
            assert_eq!(next_step(step::FAILED, byte), step::FAILED);
            assert_eq!(next_battle(battle::DONE, byte), battle::DONE);
            assert_eq!(next_battle(battle::FAILED, byte), battle::FAILED);
        }
    }

    /// The shape of `line`, read from its start.
    fn shape(line: &str) -> Shape {
        let mut reader = Reader {
            bytes: line.as_bytes(),
            at: 0,
            base: 0,
        };
        reader.shape()
    }

    #[test]
    fn usual_lines_are_read_and_others_left_unsure() {
        let read = |line: &str| match shape(line) {
            Shape::Read(label, len) => Some((label.round, len)),
            Shape::Unsure => None,
        };
        assert_eq!(read("G1 KeHeiHei /\n"), Some((1, 13)));
        assert_eq!(read("S12 Hm>3H98 >3GK3GH3SHx ; c\n"), Some((12, 24)));
        assert_eq!(read("G4 K3>5L42 >5SK5SH5GK^ >4SKh^GKhh4 }"), Some((4, 35)));
        assert_eq!(read("G2 Hv3Khh12L9>m /  \r\n"), Some((2, 19)));
        assert_eq!(read("G1 He>1 >1GH1SHx\n"), Some((1, 16)));
        // A Penningr action, a mistake, a line cut short: unsure.
        assert_eq!(read("S1 He GdSa/\n"), None);
        assert_eq!(read("G1 He /x\n"), None);
        assert_eq!(read("G1 H>1 /\n"), None);
        assert_eq!(read("G1 He >1GH1}\n"), None);
        assert_eq!(read("G1 He >1GH1"), Some((1, 11)));
        assert_eq!(read("G1 He >1GH"), None);
        assert_eq!(read("G1 Hv /\n"), None);
        assert_eq!(read("G1  /\n"), None);
    }
}
