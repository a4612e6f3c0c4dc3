//! HIRP positions as one line of text (`grammar/hirp-position.ebnf`): the
//! board, the side to move and the round, and the result once the game is
//! over. `hirp position` prints it, and a `[Position "..."]` tag starts a
//! game from it.
//!
//! ```
//! use hirp::hirp::position;
//! use hirp::hirp::rules::Position;
//!
//! let start = Position::new();
//! assert_eq!(position::write(&start), "L/-/-/-/-/-/-/-/-/l/-/- gull 1");
//! let read = position::read("LK2/H3/-/-/-/-/-/-/-/l/-/x1d silfr 4").unwrap();
//! assert_eq!(read.army(hirp::hirp::Side::Silfr).removed, 1);
//! assert_eq!(position::write(&read), "LK2/H3/-/-/-/-/-/-/-/l/-/x1d silfr 4");
//!
//! let error = position::read("L/-/-/-/-/-/-/-/-/l/Q/- gull 1").unwrap_err();
//! assert_eq!(error.span.start, 20);
//! assert!(error.message.contains("space m"), "{}", error.message);
//! ```
//!
//! The line holds what the rules need to go on between two turns. Within a
//! turn a position holds more (pieces that stopped, pieces on lines), which
//! no line records: a line is written between turns, and after the last
//! turn of a game, where pieces left on a line by a battle that ended the
//! game count on the space they attacked from. A match's score is not part
//! of a game's position: the rules of a game need nothing from it, and the
//! record's `[Match]` tags and earlier games carry it.
//!
//! The map has one symmetry, the mirror that swaps Norðr and Suðr (1 and 2,
//! 3 and 4, 5 and 6, 7 and 8): [`mirror`] and [`canonical`]
//! (`docs/rules.md#a-position-line`).

mod mirror;
mod parser;
mod write;

pub use self::mirror::{canonical, mirror, mirrored};
pub use self::write::{board, hash, write};

use self::parser::{Off, Piece, Placed, Written};
use super::rules::{Army, CREW_MAX, HIRTHS, KARVES, Karve, Penningr, Position, Victory};
use super::types::{Side, Space};
use crate::core::Span;

/// Why a position line does not read: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PositionError {
    /// The characters at fault, as byte offsets into the line.
    pub span: Span,
    /// What is wrong, and what was expected there.
    pub message: String,
}

/// The position a line writes, between two turns.
pub fn read(text: &str) -> Result<Position, PositionError> {
    let written = match parser::position(text) {
        Ok((_, written)) => written,
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => return Err(expected(text, &e)),
        Err(nom::Err::Incomplete(_)) => {
            return Err(PositionError {
                span: Span::new(text.len(), text.len()),
                message: "the line ends too soon".to_owned(),
            });
        }
    };
    set_up(text, &written)
}

/// The error for reading that stopped at `e`.
fn expected(text: &str, e: &parser::Expected<'_>) -> PositionError {
    let at = text.len() - e.rest.len();
    let end = e.rest.chars().next().map_or(at, |c| at + c.len_utf8());
    let found = match e.rest.chars().next() {
        Some(c) => format!("found `{c}`"),
        None => "found the end of the line".to_owned(),
    };
    let mut what = e.what.to_owned();
    if what.is_empty() {
        what.push_str("a position line");
    }
    // Say which space a field's error is on.
    if let Some(rest) = what.strip_prefix("the pieces on the space")
        && !text[..at].contains(' ')
    {
        let field = text[..at].matches('/').count();
        what = format!("the pieces on space {}{rest}", space_name(field));
    }
    PositionError {
        span: Span::new(at, end),
        message: format!("expected {what}; {found}"),
    }
}

/// The name of the space with board index `n`: `0` to `9`, `m`.
fn space_name(n: usize) -> String {
    Space::from_index(n).map_or_else(|| n.to_string(), |s| s.to_string())
}

/// The byte offset of `part`, a slice of `text`, in it.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// The error at `part` of `text`.
fn at(text: &str, part: &str, message: String) -> PositionError {
    let start = offset_in(text, part);
    PositionError {
        span: Span::new(start, start + part.len()),
        message,
    }
}

/// The position `written` sets up, once the rules the grammar leaves to
/// words are checked.
fn set_up(text: &str, written: &Written<'_>) -> Result<Position, PositionError> {
    let mut setting = Setting {
        text,
        armies: [Army::off_the_board(), Army::off_the_board()],
        karves: [0; 2],
        hirths: [0; 2],
        entered: 0,
    };
    for (n, pieces) in written.spaces.iter().enumerate() {
        let Some(space) = Space::from_index(n) else {
            continue;
        };
        let mut loose = [false; 2];
        for placed in pieces {
            setting.place(space, placed, &mut loose)?;
        }
    }
    let penningr = setting.off_the_map(&written.off)?;
    let (round, round_text) = written.round;
    let turns = round
        .checked_sub(1)
        .and_then(|r| r.checked_mul(2))
        .and_then(|t| t.checked_add(u64::from(written.to_move == Side::Silfr)))
        .and_then(|t| u32::try_from(t).ok())
        .ok_or_else(|| {
            at(
                text,
                round_text,
                format!("a round up to {}: the round is too large", u32::MAX / 2),
            )
        })?;
    let result = written.result.map(|(winner, kind)| Victory {
        winner,
        kind,
        multiplier: penningr.multiplier(),
    });
    Ok(Position::between_turns(
        setting.armies,
        written.to_move,
        turns,
        penningr,
        result,
    ))
}

/// The armies a line sets up, as its pieces are read.
struct Setting<'t> {
    /// The line.
    text: &'t str,
    /// The armies so far, Gull's first.
    armies: [Army; 2],
    /// Each side's Karves so far.
    karves: [usize; 2],
    /// Each side's Hirþs so far: loose, aboard and removed.
    hirths: [u8; 2],
    /// The Karves entered so far, in the order of the line.
    entered: u16,
}

impl Setting<'_> {
    /// Counts `n` more Hirþs of `side`, written as `part`: an error past
    /// the side's fifteen.
    fn count(&mut self, side: Side, n: u8, part: &str) -> Result<(), PositionError> {
        let hirths = &mut self.hirths[side as usize];
        *hirths = hirths.saturating_add(n);
        if *hirths > HIRTHS {
            return Err(at(
                self.text,
                part,
                format!(
                    "{} has more than {HIRTHS} Hirths here: a side has {HIRTHS}, loose, \
                     aboard and removed together",
                    side.name()
                ),
            ));
        }
        Ok(())
    }

    /// Puts the piece `placed` on `space`; `loose` says, per side, whether
    /// its loose Hirþs there were written already.
    fn place(
        &mut self,
        space: Space,
        placed: &Placed<'_>,
        loose: &mut [bool; 2],
    ) -> Result<(), PositionError> {
        let side = placed.side;
        let s = side as usize;
        match placed.piece {
            Piece::Lofdungr => {
                if self.armies[s].lofdungr.at.is_some() {
                    let message = format!("a second Lofdungr of {}: a side has one", side.name());
                    return Err(at(self.text, placed.text, message));
                }
                self.armies[s].lofdungr.at = Some(space);
            }
            Piece::Hirths(count) => {
                if std::mem::replace(&mut loose[s], true) {
                    let message = format!(
                        "{}'s loose Hirths on space {space} are written twice: write them \
                         once, with their number (`H3`)",
                        side.name()
                    );
                    return Err(at(self.text, placed.text, message));
                }
                self.count(side, count, placed.text)?;
                self.armies[s].hirths[space.index()] = count;
            }
            Piece::Karve(crew) => {
                let k = self.karves[s];
                if k == KARVES {
                    let message = format!("a fourth Karve of {}: a side has {KARVES}", side.name());
                    return Err(at(self.text, placed.text, message));
                }
                debug_assert!(crew <= CREW_MAX);
                self.count(side, crew, placed.text)?;
                self.entered += 1;
                self.armies[s].karves[k] = Karve {
                    at: Some(space),
                    crew,
                    entered: self.entered,
                    ..Karve::IN_SUPPLY
                };
                self.karves[s] += 1;
            }
        }
        Ok(())
    }

    /// Sets the pieces off the map: the Hirþs removed, and the Penningr,
    /// which it returns.
    fn off_the_map(&mut self, off: &[(Off, &str)]) -> Result<Penningr, PositionError> {
        let mut penningr = None;
        let mut removed = [false; 2];
        for &(item, part) in off {
            match item {
                Off::Removed(side, n) => {
                    if std::mem::replace(&mut removed[side as usize], true) {
                        let message = format!(
                            "{}'s removed Hirths are written twice: write them once",
                            side.name()
                        );
                        return Err(at(self.text, part, message));
                    }
                    self.count(side, n, part)?;
                    self.armies[side as usize].removed = n;
                }
                Off::Penningr(holder, accepted) => {
                    if penningr.is_some() {
                        let message = "a second Penningr letter: the Penningr is doubled \
                                       (`D`, `d`) or tripled (`T`, `t`) once";
                        return Err(at(self.text, part, message.to_owned()));
                    }
                    penningr = Some(Penningr::settled(Some(holder), accepted));
                }
            }
        }
        Ok(penningr.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests;
