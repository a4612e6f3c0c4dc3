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

mod parser;

use std::fmt::Write as _;

use self::parser::{Off, Piece, Written};
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
    let mut armies = [Army::off_the_board(), Army::off_the_board()];
    let mut karves = [0usize; 2];
    let mut hirths = [0u8; 2];
    let mut entered = 0u16;
    let too_many = |side: Side, n: u8, part: &str, hirths: &mut [u8; 2]| {
        hirths[side as usize] += n;
        if hirths[side as usize] > HIRTHS {
            return Err(at(
                text,
                part,
                format!(
                    "{} has more than {HIRTHS} Hirths here: a side has {HIRTHS}, loose, \
                     aboard and removed together",
                    side.name()
                ),
            ));
        }
        Ok(())
    };
    for (n, pieces) in written.spaces.iter().enumerate() {
        let Some(space) = Space::from_index(n) else {
            continue;
        };
        let mut loose_written = [false; 2];
        for placed in pieces {
            let side = placed.side;
            let army = &mut armies[side as usize];
            match placed.piece {
                Piece::Lofdungr => {
                    if army.lofdungr.at.is_some() {
                        return Err(at(
                            text,
                            placed.text,
                            format!("a second Lofdungr of {}: a side has one", side.name()),
                        ));
                    }
                    army.lofdungr.at = Some(space);
                }
                Piece::Hirths(count) => {
                    if std::mem::replace(&mut loose_written[side as usize], true) {
                        return Err(at(
                            text,
                            placed.text,
                            format!(
                                "{}'s loose Hirths on space {space} are written twice: \
                                 write them once, with their number (`H3`)",
                                side.name()
                            ),
                        ));
                    }
                    too_many(side, count, placed.text, &mut hirths)?;
                    armies[side as usize].hirths[n] = count;
                }
                Piece::Karve(crew) => {
                    let k = karves[side as usize];
                    if k == KARVES {
                        return Err(at(
                            text,
                            placed.text,
                            format!("a fourth Karve of {}: a side has {KARVES}", side.name()),
                        ));
                    }
                    debug_assert!(crew <= CREW_MAX);
                    too_many(side, crew, placed.text, &mut hirths)?;
                    entered += 1;
                    armies[side as usize].karves[k] = Karve {
                        at: Some(space),
                        crew,
                        entered,
                        ..Karve::IN_SUPPLY
                    };
                    karves[side as usize] += 1;
                }
            }
        }
    }
    let mut penningr = Penningr::default();
    let mut penningr_written = false;
    let mut removed_written = [false; 2];
    for &(item, part) in &written.off {
        match item {
            Off::Removed(side, n) => {
                if std::mem::replace(&mut removed_written[side as usize], true) {
                    return Err(at(
                        text,
                        part,
                        format!(
                            "{}'s removed Hirths are written twice: write them once",
                            side.name()
                        ),
                    ));
                }
                too_many(side, n, part, &mut hirths)?;
                armies[side as usize].removed = n;
            }
            Off::Penningr(holder, accepted) => {
                if std::mem::replace(&mut penningr_written, true) {
                    return Err(at(
                        text,
                        part,
                        "a second Penningr letter: the Penningr is doubled (`D`, `d`) or \
                         tripled (`T`, `t`) once"
                            .to_owned(),
                    ));
                }
                penningr = Penningr::settled(Some(holder), accepted);
            }
        }
    }
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
        armies,
        written.to_move,
        turns,
        penningr,
        result,
    ))
}

/// The line of `position`: its board, the side to move and the round of
/// the turn to play, and the result once the game is over.
pub fn write(position: &Position) -> String {
    let mut line = board(position);
    let side = match position.to_move() {
        Side::Gull => "gull",
        Side::Silfr => "silfr",
    };
    let _ = write!(line, " {side} {}", position.turns() / 2 + 1);
    if let Some(victory) = position.result() {
        let winner = match victory.winner {
            Side::Gull => "gull",
            Side::Silfr => "silfr",
        };
        let _ = write!(line, " {winner}-{}", victory.kind.code());
    }
    line
}

/// The board of `position`: the first field of its line.
pub fn board(position: &Position) -> String {
    let mut board = String::with_capacity(32);
    for space in Space::ALL {
        let start = board.len();
        for side in Side::ALL {
            let army = position.army(side);
            let [l, h, k] = match side {
                Side::Gull => ['L', 'H', 'K'],
                Side::Silfr => ['l', 'h', 'k'],
            };
            if army.lofdungr.at == Some(space) {
                board.push(l);
            }
            match army.loose_on(space) {
                0 => {}
                1 => board.push(h),
                n => {
                    let _ = write!(board, "{h}{n}");
                }
            }
            let mut karves: Vec<&Karve> = army.karves_on(space).map(|(_, karve)| karve).collect();
            karves.sort_by_key(|karve| karve.entered);
            for karve in karves {
                let _ = write!(board, "{k}{}", karve.crew);
            }
        }
        if board.len() == start {
            board.push('-');
        }
        board.push('/');
    }
    let start = board.len();
    for side in Side::ALL {
        let removed = position.army(side).removed;
        if removed > 0 {
            let x = if side == Side::Gull { 'X' } else { 'x' };
            let _ = write!(board, "{x}{removed}");
        }
    }
    let penningr = position.penningr();
    if let Some(holder) = penningr.holder
        && penningr.multiplier() > 1
    {
        let letter = if penningr.multiplier() == 2 { 'D' } else { 'T' };
        board.push(match holder {
            Side::Gull => letter,
            Side::Silfr => letter.to_ascii_lowercase(),
        });
    }
    if board.len() == start {
        board.push('-');
    }
    board
}

/// A 64-bit hash of a position: of its board and the side to move, so that
/// the same position reached in different rounds hashes alike. It is the
/// FNV-1a hash of the line's first two fields, `board side`, and stays the
/// same from one version to the next.
pub fn hash(position: &Position) -> u64 {
    let side: &[u8] = match position.to_move() {
        Side::Gull => b" gull",
        Side::Silfr => b" silfr",
    };
    fnv1a(board(position).as_bytes().iter().chain(side))
}

/// The FNV-1a hash of `bytes`.
fn fnv1a<'a>(bytes: impl Iterator<Item = &'a u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The space `space` is under the mirror that swaps Norðr and Suðr.
pub const fn mirrored(space: Space) -> Space {
    use Space::*;
    match space {
        GullNordrDelta => GullSudrDelta,
        GullSudrDelta => GullNordrDelta,
        GullNordrArchipelago => GullSudrArchipelago,
        GullSudrArchipelago => GullNordrArchipelago,
        SilfrNordrArchipelago => SilfrSudrArchipelago,
        SilfrSudrArchipelago => SilfrNordrArchipelago,
        SilfrNordrDelta => SilfrSudrDelta,
        SilfrSudrDelta => SilfrNordrDelta,
        other => other,
    }
}

/// `position` under the mirror that swaps Norðr and Suðr, between turns:
/// every piece on the mirrored space, the rest as it was.
pub fn mirror(position: &Position) -> Position {
    let mut armies = [Army::off_the_board(), Army::off_the_board()];
    for side in Side::ALL {
        let from = position.army(side);
        let to = &mut armies[side as usize];
        to.lofdungr.at = from.lofdungr.at.map(mirrored);
        for space in Space::ALL {
            to.hirths[mirrored(space).index()] = from.loose_on(space);
        }
        for (n, karve) in from.karves.iter().enumerate() {
            to.karves[n] = Karve {
                at: karve.at.map(mirrored),
                crew: karve.crew,
                entered: karve.entered,
                ..Karve::IN_SUPPLY
            };
        }
        to.removed = from.removed;
    }
    Position::between_turns(
        armies,
        position.to_move(),
        position.turns(),
        *position.penningr(),
        position.result(),
    )
}

/// The canonical form of `position` under the map's mirror: of the
/// position and its mirror image, the one whose board sorts first. Two
/// positions that are mirror images of each other have the same canonical
/// form, ready for search and dedupe.
pub fn canonical(position: &Position) -> Position {
    let image = mirror(position);
    if board(&image) < board(position) {
        image
    } else {
        mirror(&image)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hirp::replay::{Observer, replay_game_with};
    use crate::hirp::syntax::ast::Turn;

    /// The positions between the turns of a game, its start first, with
    /// whether the game was over.
    struct Between(Vec<Position>);

    impl Observer for Between {
        fn turn(&mut self, _: &Turn, _: usize, position: &Position) {
            self.0.push(*position);
        }
    }

    fn positions(seed: u64, games: usize) -> Vec<Position> {
        let mut between = Between(vec![Position::new()]);
        for game in crate::hirp::generate::games(crate::hirp::generate::Options {
            seed,
            games,
            max_turns: 120,
        }) {
            replay_game_with(&game, &[], &mut between);
        }
        between.0
    }

    #[test]
    fn a_line_reads_back_as_the_position_it_was_written_from() {
        let positions = positions(11, 300);
        assert!(positions.len() > 5_000, "{}", positions.len());
        let mut kinds = std::collections::BTreeSet::new();
        for position in &positions {
            let line = write(position);
            let read = read(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(write(&read), line);
            assert_eq!(read.result(), position.result(), "{line}");
            if position.result().is_none() {
                assert!(read.alike(position), "{line}\n{position:?}\n{read:?}");
                assert_eq!(read.penningr(), position.penningr(), "{line}");
            }
            assert_eq!(hash(&read), hash(position));
            for c in line.chars().filter(char::is_ascii_alphabetic) {
                kinds.insert(c);
            }
        }
        // The games put every kind of piece on the board and off it.
        for letter in "LHKlhkXxDdg".chars() {
            assert!(kinds.contains(&letter), "no `{letter}` in any line");
        }
    }

    #[test]
    fn the_mirror_swaps_nordr_and_sudr_and_twice_is_nothing() {
        for position in positions(12, 60) {
            if position.result().is_some() {
                continue;
            }
            let image = mirror(&position);
            assert!(mirror(&image).alike(&position));
            assert_eq!(canonical(&image), canonical(&position));
            for side in Side::ALL {
                for space in Space::ALL {
                    assert_eq!(
                        image.pieces_on(side, mirrored(space)),
                        position.pieces_on(side, space)
                    );
                }
            }
        }
        let line = "L/H2/-/-/-/-/-/-/-/l/-/- gull 2";
        let position = read(line).unwrap();
        let image = "L/-/H2/-/-/-/-/-/-/l/-/- gull 2";
        assert_eq!(write(&mirror(&position)), image);
        assert_eq!(write(&canonical(&position)), image, "`-` sorts before `H`");
    }

    #[test]
    fn the_start_and_the_turn_to_play() {
        assert_eq!(write(&Position::new()), "L/-/-/-/-/-/-/-/-/l/-/- gull 1");
        let position = read("L/-/-/-/-/-/-/-/-/l/-/- silfr 7").unwrap();
        assert_eq!(position.to_move(), Side::Silfr);
        assert_eq!(position.turns(), 13);
        let over = read("L/-/-/-/-/-/-/-/-/-/-/T gull 9 gull-drepid").unwrap();
        assert_eq!(over.result().map(|v| v.points()), Some(15));
        assert_eq!(over.army(Side::Silfr).lofdungr.at, None);
    }

    /// The error for `line`: its span as the text it covers, and its message.
    fn error(line: &str) -> (String, String) {
        let e = read(line).expect_err(line);
        (line[e.span.start..e.span.end].to_owned(), e.message)
    }

    #[test]
    fn a_malformed_line_is_faulted_at_the_character_with_what_was_expected() {
        let cases = [
            (
                "L/-/-/-/-/-/-/-/-/l/- gull 1",
                " ",
                "`/` and the pieces off the map",
            ),
            (
                "L/-/-/-/-/-/-/-/l/- gull 1",
                " ",
                "`/` and the next space's pieces",
            ),
            (
                "L/-/-/-/-/-/-/-/-/l/-/-/- gull 1",
                "/",
                "a space, then the side to move",
            ),
            (
                "L/-/-/Q/-/-/-/-/-/l/-/- gull 1",
                "Q",
                "the pieces on space 3",
            ),
            (
                "L/-/-/-/-/-/-/-/-/l//- gull 1",
                "/",
                "the pieces on space m",
            ),
            (
                "lL/-/-/-/-/-/-/-/-/-/-/- gull 1",
                "L",
                "Gull's pieces first",
            ),
            (
                "L/-/-/-/-/-/-/-/-/L/-/- gull 1",
                "L",
                "a second Lofdungr of Gull",
            ),
            (
                "L/K5/-/-/-/-/-/-/-/l/-/- gull 1",
                "5",
                "aboard the Karve, `0` to `4`",
            ),
            (
                "LK0K0/K0K0/-/-/-/-/-/-/-/l/-/- gull 1",
                "K0",
                "a fourth Karve of Gull",
            ),
            (
                "LH9/H7/-/-/-/-/-/-/-/l/-/- gull 1",
                "H7",
                "more than 15 Hirths",
            ),
            (
                "LH9/-/-/-/-/-/-/-/-/l/-/X7 gull 1",
                "X7",
                "more than 15 Hirths",
            ),
            ("LHH/-/-/-/-/-/-/-/-/l/-/- gull 1", "H", "written twice"),
            (
                "L/-/-/-/-/-/-/-/-/l/-/DT gull 1",
                "T",
                "a second Penningr letter",
            ),
            ("L/-/-/-/-/-/-/-/-/l/-/- white 1", "w", "`gull` or `silfr`"),
            ("L/-/-/-/-/-/-/-/-/l/-/- gull 0", "0", "the round"),
            (
                "L/-/-/-/-/-/-/-/-/l/-/- gull 9999999999",
                "9999999999",
                "the round is too large",
            ),
            (
                "L/-/-/-/-/-/-/-/-/l/-/- gull 1 gull-won",
                "w",
                "how the game was won",
            ),
            ("L/-/-/-/-/-/-/-/-/l/-/- gull 1 ", "", "the result"),
            (
                "L/-/-/-/-/-/-/-/-/l/-/- gull 1x",
                "x",
                "the end of the line",
            ),
            ("", "", "the pieces on space 0"),
        ];
        for (line, at, message) in cases {
            let (found, said) = error(line);
            assert_eq!(found, at, "{line}: {said}");
            assert!(said.contains(message), "{line}: {said}");
        }
    }
}
