//! The position line read and written.

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

/// Malformed lines: each, the text its error covers, and part of its
/// message.
const MALFORMED: [(&str, &str, &str); 20] = [
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

#[test]
fn a_malformed_line_is_faulted_at_the_character_with_what_was_expected() {
    for (line, at, message) in MALFORMED {
        let (found, said) = error(line);
        assert_eq!(found, at, "{line}: {said}");
        assert!(said.contains(message), "{line}: {said}");
    }
}

#[test]
fn positions_that_play_alike_are_written_alike() {
    // Karves entered in either order: the most Hirths aboard come first.
    let one = read("L/K1K3/-/-/-/-/-/-/-/lk0/k0/- gull 5").unwrap();
    let other = read("L/K3K1/-/-/-/-/-/-/-/lk0/k0/- gull 5").unwrap();
    assert!(one.alike(&other));
    assert_eq!(write(&one), "L/K3K1/-/-/-/-/-/-/-/lk0/k0/- gull 5");
    assert_eq!(write(&one), write(&other));
    assert_eq!(hash(&one), hash(&other));
}
