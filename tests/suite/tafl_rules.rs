//! The tafl rules engine under the seed presets, Brandub and Hnefatafl:
//! every rule of `docs/rules.md` on a small position set up from a position
//! record (inverted: the last rank first, as the board is drawn), and random
//! games that check the engine against itself.

use hirp::tafl::rules::{
    Berserk, End, Jump, Layout, Move, MoveError, Outcome, Played, Position, RuleSet,
    RulesErrorKind, SquareKind,
};
use hirp::tafl::{Piece, Side, Square};
use proptest::prelude::*;

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn mv(from: &str, to: &str) -> Move {
    Move {
        from: sq(from),
        to: sq(to),
    }
}

fn preset(name: &str) -> RuleSet {
    RuleSet::preset(name).unwrap()
}

/// A position of `rules` from an inverted position record.
fn setup(rules: &str, record: &str, turn: Side) -> Position {
    let layout = Layout::from_opentafl_inverted(record).unwrap();
    Position::from_layout(&preset(rules), &layout, turn).unwrap()
}

fn play(position: &mut Position, from: &str, to: &str) -> Played {
    position
        .play(mv(from, to))
        .unwrap_or_else(|e| panic!("{from}-{to} refused: {e}"))
}

fn captures(played: &Played) -> Vec<String> {
    played.captures.iter().map(|s| s.to_string()).collect()
}

fn end(played: &Played) -> Option<(End, Option<Side>)> {
    played.outcome.map(|o| (o.end, o.winner))
}

const ATTACKERS_WIN: Option<Side> = Some(Side::Attackers);
const DEFENDERS_WIN: Option<Side> = Some(Side::Defenders);

#[test]
fn the_games_start_as_the_texts_set_them_out() {
    let brandub = Position::new(&preset("brandub"));
    assert_eq!(brandub.turn(), Side::Attackers);
    assert_eq!(brandub.king(), Some(sq("d4")));
    assert_eq!(
        brandub.layout().to_string(),
        "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    );
    assert_eq!(brandub.legal_moves().len(), 40);
    let squares = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<Vec<_>>();
    let special = |rules: &RuleSet| {
        let corners: Vec<Square> = rules.corners.squares.iter().copied().collect();
        let centre: Vec<Square> = rules.centre.squares.iter().copied().collect();
        (rules.dim, corners, centre)
    };
    let corners = squares(&["a1", "a7", "g1", "g7"]);
    assert_eq!(special(brandub.rules()), (7, corners, squares(&["d4"])));
    let hnefatafl = Position::new(&preset("hnefatafl-11"));
    assert_eq!(hnefatafl.king(), Some(sq("f6")));
    assert_eq!(hnefatafl.pieces(Side::Attackers).len(), 24);
    assert_eq!(hnefatafl.pieces(Side::Defenders).len(), 13);
    let corners = squares(&["a1", "a11", "k1", "k11"]);
    assert_eq!(special(hnefatafl.rules()), (11, corners, squares(&["f6"])));
    assert_eq!(
        hnefatafl.layout().to_string(),
        "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
    );
    // David Parlett's 13 × 13 layout: 32 attackers, 16 guards and the king.
    let thirteen = Position::new(&preset("hnefatafl-13"));
    assert_eq!(thirteen.king(), Some(sq("g7")));
    let corners = squares(&["a1", "a13", "m1", "m13"]);
    assert_eq!(special(thirteen.rules()), (13, corners, squares(&["g7"])));
    assert_eq!(
        thirteen.layout().to_string(),
        "/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/\
         5t1t5/4ttttt4/"
    );
    assert_eq!(thirteen.pieces(Side::Attackers).len(), 32);
    assert_eq!(thirteen.pieces(Side::Defenders).len(), 17);
}

#[test]
fn a_king_beside_a_corner_is_captured_against_it() {
    // Brandub 10: one attacker and the corner.
    let mut pos = setup("brandub", "/7/7/7/7/7/7/1K2t2/", Side::Attackers);
    let played = play(&mut pos, "e1", "c1");
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
    assert_eq!(pos.outcome(), played.outcome);
    assert_eq!(pos.king(), Some(sq("b1")), "the captured king stays");
    assert_eq!(pos.play(mv("b1", "b2")), Err(MoveError::GameOver));
    assert!(pos.legal_moves().is_empty());
    // Hnefatafl: two attackers, the corner and the edge.
    let record = "/11/11/11/11/11/11/11/11/11/1t9/1K3t5/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    let played = play(&mut pos, "f1", "c1");
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
    // One attacker is not enough there.
    let record = "/11/11/11/11/11/11/11/11/11/11/1K3t5/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f1", "c1")), None);
}

#[test]
fn brandubs_king_is_captured_by_four_on_the_centre_and_three_beside_it() {
    // Beside the centre: three attackers and the empty centre.
    let mut pos = setup("brandub", "/3t3/7/2tKt2/7/7/7/7/", Side::Attackers);
    assert_eq!(
        end(&play(&mut pos, "d7", "d6")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
    // Two on opposite sides are not enough there.
    let mut pos = setup("brandub", "/7/7/2tK3/7/7/7/4t2/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "e1", "e5")), None);
    // On the centre: four.
    let mut pos = setup("brandub", "/3t3/7/7/2tKt2/3t3/7/7/", Side::Attackers);
    assert_eq!(
        end(&play(&mut pos, "d7", "d5")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
    let mut pos = setup("brandub", "/3t3/7/7/2tK3/3t3/7/7/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "d7", "d5")), None);
}

#[test]
fn brandubs_king_elsewhere_is_captured_by_two_but_never_against_the_edge() {
    let mut pos = setup("brandub", "/7/7/7/7/7/7/1tK2t1/", Side::Attackers);
    assert_eq!(
        end(&play(&mut pos, "f1", "d1")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
    let mut pos = setup("brandub", "/1t5/7/7/7/K6/7/7/", Side::Attackers);
    let played = play(&mut pos, "b7", "b3");
    assert_eq!(end(&played), None);
    assert!(played.captures.is_empty());
}

#[test]
fn hnefatafls_king_is_captured_by_three_on_the_edge_and_four_elsewhere() {
    let record = "/11/11/11/11/11/11/5t5/11/11/11/4tKt4/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(
        end(&play(&mut pos, "f5", "f2")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
    // Away from the edge, three leave him free, four take him.
    let record = "/11/11/11/11/11/11/5t5/11/4tKt4/11/5t5/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f5", "f4")), None);
    let record = "/11/11/11/11/11/11/5t5/11/4tKt4/5t5/11/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(
        end(&play(&mut pos, "f5", "f4")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
    // Beside the empty centre (f6): three.
    let record = "/11/11/11/4t6/4tKt4/11/11/11/11/11/11/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    let played = play(&mut pos, "e8", "f8");
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
}

#[test]
fn a_king_and_his_guards_are_captured_together() {
    // King e1 and guard f1 on the edge, closed by d1, g1, e2 and the
    // attacker that moves to f2.
    let record = "/11/11/11/11/11/11/11/11/11/4t5t/3tKTt4/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    let played = play(&mut pos, "k2", "f2");
    assert!(played.captures.is_empty());
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
    // Without g1 the group is open.
    let record = "/11/11/11/11/11/11/11/11/11/4t5t/3tKT5/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "k2", "f2")), None);
    // Brandub knows no such rule: the same group closed in, a guard free
    // elsewhere so that the defenders can still move.
    let mut pos = setup("brandub", "/7/5T1/7/7/7/2t3t/1tKTt2/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "g2", "d2")), None);
    assert_eq!(pos.king(), Some(sq("c1")));
}

#[test]
fn guards_captured_by_the_move_are_gone_when_the_group_is_judged() {
    // King e1 and guard e2; the move to f2 takes e2 (against d2), and the
    // king alone is open above.
    let record = "/11/11/11/11/11/11/11/11/4t6/3tT5t/3tKt5/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    let played = play(&mut pos, "k2", "f2");
    assert_eq!(captures(&played), ["e2"]);
    assert_eq!(end(&played), None);
}

#[test]
fn one_move_captures_several_pieces() {
    // Hnefatafl's example: one between two pieces, one against a fortress.
    let record = "/11/11/11/11/11/5K5/T10/11/1tT8/t10/11/";
    let mut pos = setup("hnefatafl-11", record, Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "a5", "a3")), ["a2", "b3"]);
    // Three at once in Brandub.
    let mut pos = setup("brandub", "/4t2/7/2tT1Tt/4T2/4t2/1K5/7/", Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "e7", "e5")), ["e4", "d5", "f5"]);
    assert_eq!(pos.pieces(Side::Defenders).len(), 1);
}

#[test]
fn hnefatafls_guards_stop_on_no_fortress_and_the_king_escapes_to_a_corner() {
    let record = "/13/13/13/5t7/13/13/3T9/13/12K/13/13/T12/13/";
    let mut pos = setup("hnefatafl-13", record, Side::Defenders);
    let err = pos.play(mv("a2", "a1")).unwrap_err();
    assert_eq!(err.to_string(), "a defender may not stop on the corner a1");
    let err = pos.play(mv("d7", "g7")).unwrap_err();
    assert_eq!(err.to_string(), "a defender may not stop on the centre g7");
    // Over the empty centre, though.
    play(&mut pos, "d7", "j7");
    play(&mut pos, "f10", "f11");
    let played = play(&mut pos, "m5", "m13");
    assert_eq!(end(&played), Some((End::KingEscaped, DEFENDERS_WIN)));
}

#[test]
fn only_the_moving_piece_captures() {
    // The king steps between two attackers: not taken, then or later.
    let mut pos = setup("brandub", "/7/7/7/7/1K5/t1t4/5t1/", Side::Defenders);
    assert_eq!(end(&play(&mut pos, "b3", "b2")), None);
    let played = play(&mut pos, "f1", "f2");
    assert_eq!(end(&played), None);
    assert_eq!(pos.piece_at(sq("b2")), Some((Side::Defenders, Piece::King)));
    // A defender moves between two attackers: not taken.
    let mut pos = setup("brandub", "/7/7/7/K6/2t1t2/7/3T3/", Side::Defenders);
    let played = play(&mut pos, "d1", "d3");
    assert!(played.captures.is_empty());
    assert_eq!(
        pos.piece_at(sq("d3")),
        Some((Side::Defenders, Piece::Taflman))
    );
}

#[test]
fn brandubs_king_may_not_return_to_the_centre_and_hnefatafls_may() {
    let mut pos = setup("brandub", "/7/7/3K3/7/3T3/7/1t5/", Side::Defenders);
    let before = pos.clone();
    let err = pos.play(mv("d5", "d4")).unwrap_err();
    assert!(matches!(
        err,
        MoveError::MayNotReenter {
            kind: SquareKind::Centre,
            piece: Piece::King,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "the king may not return to the centre d4 once he has left it"
    );
    assert_eq!(pos, before);
    // A guard may not land there either.
    let err = pos.play(mv("d3", "d4")).unwrap_err();
    assert_eq!(err.to_string(), "a defender may not stop on the centre d4");
    // Hnefatafl's king may come back.
    let record = "/11/11/11/11/5K5/11/11/11/11/11/1t9/";
    let mut pos = setup("hnefatafl-11", record, Side::Defenders);
    assert_eq!(end(&play(&mut pos, "f7", "f6")), None);
    assert_eq!(pos.king(), Some(sq("f6")));
}

#[test]
fn pieces_are_captured_against_the_empty_centre_only() {
    // An attacker between the defender that moves and the empty centre.
    let mut pos = setup("brandub", "/7/6T/3t3/7/7/5K1/7/", Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "g6", "d6")), ["d5"]);
    // A guard between the attacker that moves and the empty centre.
    let mut pos = setup("brandub", "/7/7/7/7/3T3/t6/5K1/", Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "a2", "d2")), ["d3"]);
    // With the king on the centre, his guard beside him is safe.
    let mut pos = setup("brandub", "/7/7/7/3K3/3T3/t6/7/", Side::Attackers);
    assert!(play(&mut pos, "a2", "d2").captures.is_empty());
    // Hnefatafl alike: an attacker against the empty centre f6...
    let record = "/11/11/11/11/11/6t3T/11/11/11/11/1K9/";
    let mut pos = setup("hnefatafl-11", record, Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "k6", "h6")), ["g6"]);
    // ... a guard against it...
    let record = "/11/11/11/11/11/6T4/11/11/11/11/1K5t3/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "h1", "h6")), ["g6"]);
    // ... and a guard beside the king on it is safe.
    let record = "/11/11/11/11/11/5KT4/11/11/11/11/7t3/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert!(play(&mut pos, "h1", "h6").captures.is_empty());
    assert_eq!(
        pos.piece_at(sq("g6")),
        Some((Side::Defenders, Piece::Taflman))
    );
}

#[test]
fn pieces_pass_over_the_empty_centre_but_not_the_occupied_one() {
    let mut pos = setup("brandub", "/7/7/7/7/7/3t3/1K5/", Side::Attackers);
    assert!(pos.legal_moves().contains(&mv("d2", "d6")));
    play(&mut pos, "d2", "d6");
    assert_eq!(
        pos.piece_at(sq("d6")),
        Some((Side::Attackers, Piece::Taflman))
    );
    let mut pos = setup("brandub", "/7/7/7/3K3/7/3t3/7/", Side::Attackers);
    assert_eq!(
        pos.play(mv("d2", "d6")),
        Err(MoveError::Blocked { at: sq("d4") })
    );
    assert_eq!(
        pos.play(mv("d2", "d4")),
        Err(MoveError::Occupied { at: sq("d4") })
    );
    // Hnefatafl: over the empty centre f6, but not onto it.
    let record = "/11/11/11/11/11/11/11/11/11/5t5/1K9/";
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    let err = pos.play(mv("f2", "f6")).unwrap_err();
    assert_eq!(err.to_string(), "an attacker may not stop on the centre f6");
    play(&mut pos, "f2", "f10");
}

#[test]
fn the_armed_king_captures_as_hammer_and_as_anvil() {
    // Anvil: the defender that moves closes the attacker against him.
    let mut pos = setup("brandub", "/7/7/1T5/7/1t5/1K5/7/", Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "b5", "b4")), ["b3"]);
    // Hammer: the king moves and closes an attacker against a guard.
    let mut pos = setup("brandub", "/7/2T4/2t4/K6/7/7/5t1/", Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "a4", "c4")), ["c5"]);
    // Hammer against a corner.
    let mut pos = setup("brandub", "/7/7/7/K6/7/t6/5t1/", Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "a4", "a3")), ["a2"]);
}

#[test]
fn the_king_escapes_to_a_corner_and_only_he_may_stop_there() {
    let mut pos = setup("brandub", "/7/7/7/K6/7/T6/1t5/", Side::Defenders);
    let err = pos.play(mv("a2", "a1")).unwrap_err();
    assert_eq!(err.to_string(), "a defender may not stop on the corner a1");
    let mut pos = setup("brandub", "/7/7/7/K6/7/7/1t5/", Side::Defenders);
    let played = play(&mut pos, "a4", "a1");
    assert_eq!(end(&played), Some((End::KingEscaped, DEFENDERS_WIN)));
    let mut pos = setup("brandub", "/7/7/7/K6/7/7/1t5/", Side::Attackers);
    let err = pos.play(mv("b1", "a1")).unwrap_err();
    assert!(matches!(
        err,
        MoveError::MayNotStop {
            kind: SquareKind::Corner,
            ..
        }
    ));
}

#[test]
fn a_repeated_position_draws_brandub_the_start_counting() {
    let mut pos = Position::new(&preset("brandub"));
    for (from, to) in [("d2", "c2"), ("d3", "c3"), ("c2", "d2")] {
        assert_eq!(end(&play(&mut pos, from, to)), None);
    }
    let played = play(&mut pos, "c3", "d3");
    assert_eq!(end(&played), Some((End::Repetition, None)));
    assert_eq!(pos.repetitions(), 2);
    // The start's pieces with the defenders to move are another position.
    let mut pos = Position::new(&preset("brandub"));
    let moves = [
        ("d2", "c2"),
        ("d3", "c3"),
        ("c2", "b2"),
        ("c3", "d3"),
        ("b2", "d2"),
    ];
    for (from, to) in moves {
        assert_eq!(end(&play(&mut pos, from, to)), None);
    }
    assert_eq!(pos.layout(), preset("brandub").start);
    assert_eq!((pos.turn(), pos.repetitions()), (Side::Defenders, 1));
    // Hnefatafl has no such rule.
    let mut pos = Position::new(&preset("hnefatafl-11"));
    for _ in 0..3 {
        for (from, to) in [("a4", "b4"), ("f4", "g4"), ("b4", "a4"), ("g4", "f4")] {
            assert_eq!(end(&play(&mut pos, from, to)), None);
        }
    }
    assert_eq!(pos.layout(), preset("hnefatafl-11").start);
}

#[test]
fn a_side_that_cannot_move_draws_brandub_and_loses_hnefatafl() {
    // The attacker on a2 is walled in by a3, b2 and the corner.
    let mut pos = setup("brandub", "/7/7/4K2/7/T6/tT5/7/", Side::Defenders);
    let played = play(&mut pos, "e5", "e6");
    assert_eq!(end(&played), Some((End::NoMoves, None)));
    let record = "/11/11/11/11/11/11/4K6/11/T10/tT9/11/";
    let mut pos = setup("hnefatafl-11", record, Side::Defenders);
    let played = play(&mut pos, "e5", "e6");
    assert_eq!(end(&played), Some((End::NoMoves, DEFENDERS_WIN)));
}

#[test]
fn the_last_attacker_taken_leaves_a_side_with_no_piece() {
    let mut pos = setup("brandub", "/7/7/4K2/7/T6/t6/7/", Side::Defenders);
    let played = play(&mut pos, "e5", "e4");
    assert_eq!(end(&played), None);
    let mut pos = setup("brandub", "/7/7/4K2/7/7/t6/7/", Side::Defenders);
    let played = play(&mut pos, "e5", "a5");
    assert!(played.captures.is_empty());
    let mut pos = setup("brandub", "/7/7/4K2/7/1T5/t6/7/", Side::Defenders);
    let played = play(&mut pos, "b3", "a3");
    assert_eq!(captures(&played), ["a2"]);
    assert_eq!(end(&played), Some((End::AllCaptured, None)));
    let record = "/11/11/11/11/11/11/4K6/11/1T9/t10/11/";
    let mut pos = setup("hnefatafl-11", record, Side::Defenders);
    let played = play(&mut pos, "b3", "a3");
    assert_eq!(end(&played), Some((End::AllCaptured, DEFENDERS_WIN)));
}

/// A position of the rule set `rules`, a rules string without its start,
/// from an inverted position record.
fn custom(rules: &str, record: &str, turn: Side) -> Position {
    let text = format!("{rules} starti:{record}");
    let (rules, warnings) = RuleSet::from_opentafl(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let layout = Layout::from_opentafl_inverted(record).unwrap();
    Position::from_layout(&rules, &layout, turn).unwrap()
}

#[test]
fn a_third_repetition_under_tfr_w_loses_for_the_side_that_repeats() {
    // A lone attacker and the king go back and forth: the start comes back
    // a third time with the eighth move.
    let record = "/7/7/7/3K3/7/7/1t5/";
    let rules = "dim:7 surf:n ks:w cenh: cenhe:";
    let attackers = [("b1", "b2"), ("d4", "d5"), ("b2", "b1"), ("d5", "d4")];
    let defenders = [("d4", "d5"), ("b1", "b2"), ("d5", "d4"), ("b2", "b1")];
    let cases = [
        ("tfr:d", Side::Attackers, None),
        ("tfr:w", Side::Attackers, ATTACKERS_WIN),
        ("tfr:w", Side::Defenders, DEFENDERS_WIN),
        ("tfr:l", Side::Attackers, DEFENDERS_WIN),
        ("tfr:l", Side::Defenders, ATTACKERS_WIN),
    ];
    for (tfr, first, winner) in cases {
        let mut pos = custom(&format!("{rules} {tfr}"), record, first);
        let moves = if first == Side::Attackers {
            attackers
        } else {
            defenders
        };
        let mut ends = Vec::new();
        for &(from, to) in moves.iter().cycle().take(8) {
            ends.push(end(&play(&mut pos, from, to)));
        }
        let (last, before) = ends.split_last().expect("eight moves");
        assert!(before.iter().all(Option::is_none), "{tfr}: {before:?}");
        assert_eq!(
            *last,
            Some((End::Repetition, winner)),
            "{tfr}, {first} first"
        );
    }
    // `tfr:i`: the game goes on.
    let mut pos = custom(&format!("{rules} tfr:i"), record, Side::Attackers);
    for &(from, to) in attackers.iter().cycle().take(12) {
        assert_eq!(end(&play(&mut pos, from, to)), None);
    }
}

#[test]
fn shieldwalls_fall_at_once_when_a_flank_closes() {
    // Guards on b1 and c1, faced by b2 and c2; the move to d1 closes the
    // row against the corner a1 under `sw:s`.
    let record = "/7/7/5K1/7/3t3/1tt4/1TT4/";
    let mut pos = custom("dim:7 sw:s", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "d3", "d1")), ["b1", "c1"]);
    // Under `sw:w` the corner closes nothing.
    let mut pos = custom("dim:7 sw:w", record, Side::Attackers);
    assert!(play(&mut pos, "d3", "d1").captures.is_empty());
    // A king in the row stays.
    let record = "/7/7/7/7/3t3/1tt4/1KT4/";
    let mut pos = custom("dim:7 sw:s", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "d3", "d1")), ["c1"]);
    // Closing the row's front captures only without `swf:y`.
    let record = "/7/7/5K1/2t4/7/1t5/1TTt3/";
    let mut pos = custom("dim:7 sw:s", record, Side::Attackers);
    assert!(play(&mut pos, "c4", "c2").captures.is_empty());
    let mut pos = custom("dim:7 sw:s swf:n", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "c4", "c2")), ["b1", "c1"]);
}

#[test]
fn shieldwalls_take_only_enemies_faced_by_enemies_whatever_the_move() {
    // A piece's first move closes a wall, the corner closing its other end,
    // though no other attacker stands on an edge.
    let copenhagen = "dim:11 atkf:y tfr:w sw:s efe:y";
    let record = "/11/11/11/11/11/5K5/3t7/11/11/1tt8/1TT8/";
    let mut pos = custom(copenhagen, record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "d5", "d1")), ["b1", "c1"]);
    // Relaxed shieldwalls: a row of attackers faced by attackers is no
    // wall, whoever moves.
    let relaxed = "dim:11 atkf:y tfr:w sw:s swf:n efe:y";
    let record = "/5t5/T10/t10/t10/tt3K5/tt9/tt9/11/11/6T4/11/";
    let mut pos = custom(relaxed, record, Side::Defenders);
    let played = play(&mut pos, "g2", "k2");
    assert!(played.captures.is_empty());
    assert_eq!(
        pos.piece_at(sq("a6")),
        Some((Side::Attackers, Piece::Taflman))
    );
}

#[test]
fn under_opentafls_rules_a_side_with_no_legal_move_loses() {
    let copenhagen = "dim:11 atkf:y tfr:w sw:s efe:y";
    // The king walled in on the edge: the defenders cannot move.
    let record = "/5t5/11/11/11/11/11/11/11/5t5/11/4tKt4/";
    let mut pos = custom(copenhagen, record, Side::Attackers);
    let played = play(&mut pos, "f3", "f2");
    assert_eq!(end(&played), Some((End::NoMoves, ATTACKERS_WIN)));
    // The attacker on b1, walled in by the corner and two guards: the
    // attackers cannot move.
    let record = "/11/11/11/11/11/5K5/11/11/11/2T8/1tT8/";
    let mut pos = custom(copenhagen, record, Side::Defenders);
    let played = play(&mut pos, "c2", "b2");
    assert_eq!(end(&played), Some((End::NoMoves, DEFENDERS_WIN)));
    // A guard beside an empty corner, which he may not enter, has no move.
    let record = "/5t5/11/11/11/11/11/11/11/t4t5/Tt9/4tKt4/";
    let mut pos = custom(copenhagen, record, Side::Attackers);
    let played = play(&mut pos, "f3", "f2");
    assert_eq!(end(&played), Some((End::NoMoves, ATTACKERS_WIN)));
}

#[test]
fn attackers_encircling_every_defender_win_under_surf() {
    // The king on c2, his guard on d2 and the free c3, ringed but for b2.
    let record = "/7/7/7/2t4/1t1t3/t1KTt2/2tt3/";
    let mut pos = custom("dim:7", record, Side::Attackers);
    let played = play(&mut pos, "a2", "b2");
    assert!(played.captures.is_empty());
    assert_eq!(end(&played), Some((End::Encircled, ATTACKERS_WIN)));
    let mut pos = custom("dim:7 surf:n", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "a2", "b2")), None);
    assert_eq!(pos.legal_moves(), [mv("c2", "c3")]);
    // A gap on c1 leaves them a way out.
    let record = "/7/7/7/2t4/1t1t3/t1KTt2/3t3/";
    let mut pos = custom("dim:7", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "a2", "b2")), None);
}

#[test]
fn a_king_in_an_unbreakable_fort_on_the_edge_wins_under_efe() {
    // The king on a3 with b3 free, walled in by a2 a4 b2 b4 c3: the guard
    // moving to c4 makes c3 safe.
    let record = "/7/2T2t1/7/TT5/K1T4/TT5/7/";
    let mut pos = custom("dim:7 efe:y", record, Side::Defenders);
    assert_eq!(
        end(&play(&mut pos, "c6", "c4")),
        Some((End::ExitFort, DEFENDERS_WIN))
    );
    let mut pos = custom("dim:7", record, Side::Defenders);
    assert_eq!(end(&play(&mut pos, "c6", "c4")), None);
    // c3 can still be taken between c2 and c4.
    let mut pos = custom("dim:7 efe:y", record, Side::Defenders);
    assert_eq!(end(&play(&mut pos, "c6", "d6")), None);
    // A king who cannot move is in no exit fort.
    let record = "/7/2T2t1/7/TT5/KTT4/TT5/7/";
    let mut pos = custom("dim:7 efe:y", record, Side::Defenders);
    assert_eq!(end(&play(&mut pos, "c6", "c4")), None);
}

#[test]
fn the_online_presets_are_written_as_rules_strings() {
    let cases = [
        (
            "brandubh-online",
            "dim:7 surf:n tfr:i ks:c cenh: cenhe:tTK start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        ),
        (
            "copenhagen",
            "dim:11 tfr:i corh:tT sw:s efe:y \
             start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        ),
    ];
    for (name, text) in cases {
        let (read, warnings) = RuleSet::from_opentafl(text).unwrap();
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
        assert_eq!(read, preset(name), "{name}");
        assert_eq!(preset(name).to_string(), text);
    }
}

#[test]
fn brandubh_onlines_king_may_come_back_to_the_centre() {
    let mut pos = setup("brandubh-online", "/7/7/3K3/7/3T3/7/1t5/", Side::Defenders);
    let err = pos.play(mv("d3", "d4")).unwrap_err();
    assert_eq!(err.to_string(), "a defender may not stop on the centre d4");
    assert_eq!(end(&play(&mut pos, "d5", "d4")), None);
    play(&mut pos, "b1", "b2");
    play(&mut pos, "d4", "d6");
    // The empty centre is hostile again.
    assert_eq!(captures(&play(&mut pos, "b2", "d2")), ["d3"]);
    play(&mut pos, "d6", "e6");
    // Any piece passes over it.
    play(&mut pos, "d2", "d5");
    assert_eq!(
        pos.piece_at(sq("d5")),
        Some((Side::Attackers, Piece::Taflman))
    );
}

#[test]
fn brandubh_onlines_king_is_captured_by_four_three_or_two() {
    let captured = Some((End::KingCaptured, ATTACKERS_WIN));
    // On the centre, four.
    let mut pos = setup(
        "brandubh-online",
        "/3t3/7/7/2tKt2/3t3/7/7/",
        Side::Attackers,
    );
    assert_eq!(end(&play(&mut pos, "d7", "d5")), captured);
    // Beside it, three and the empty centre.
    let mut pos = setup("brandubh-online", "/3t3/7/2tKt2/7/7/7/7/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "d7", "d6")), captured);
    // Elsewhere, two, or one against a corner; the edge closes nothing.
    let mut pos = setup("brandubh-online", "/7/7/7/7/7/7/1tK2t1/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f1", "d1")), captured);
    let mut pos = setup("brandubh-online", "/7/7/7/7/7/7/1K2t2/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "e1", "c1")), captured);
    let mut pos = setup("brandubh-online", "/1t5/7/7/7/K6/7/7/", Side::Attackers);
    assert_eq!(end(&play(&mut pos, "b7", "b3")), None);
}

#[test]
fn brandubh_onlines_empty_centre_is_hostile_to_soldiers() {
    let mut pos = setup("brandubh-online", "/7/6T/3t3/7/7/5K1/7/", Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "g6", "d6")), ["d5"]);
    let mut pos = setup("brandubh-online", "/7/7/7/7/3T3/t6/5K1/", Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "a2", "d2")), ["d3"]);
    let mut pos = setup("brandubh-online", "/7/7/7/3K3/3T3/t6/7/", Side::Attackers);
    assert!(play(&mut pos, "a2", "d2").captures.is_empty());
}

#[test]
fn the_online_presets_play_on_through_repetition_and_a_stuck_side_loses() {
    let mut pos = Position::new(&preset("brandubh-online"));
    for _ in 0..3 {
        for (from, to) in [("d2", "c2"), ("d3", "c3"), ("c2", "d2"), ("c3", "d3")] {
            assert_eq!(end(&play(&mut pos, from, to)), None);
        }
    }
    let mut pos = Position::new(&preset("copenhagen"));
    for _ in 0..3 {
        for (from, to) in [("a4", "b4"), ("f4", "g4"), ("b4", "a4"), ("g4", "f4")] {
            assert_eq!(end(&play(&mut pos, from, to)), None);
        }
    }
    // The attacker on a2 is walled in by a3, b2 and the corner.
    let mut pos = setup("brandubh-online", "/7/7/4K2/7/T6/tT5/7/", Side::Defenders);
    assert_eq!(
        end(&play(&mut pos, "e5", "e6")),
        Some((End::NoMoves, DEFENDERS_WIN))
    );
}

#[test]
fn copenhagens_king_is_strong_and_never_captured_on_the_edge() {
    let captured = Some((End::KingCaptured, ATTACKERS_WIN));
    let record = "/11/11/11/11/11/11/5t5/11/4tKt4/5t5/11/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f5", "f4")), captured);
    let record = "/11/11/11/11/11/11/5t5/11/4tKt4/11/11/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f5", "f4")), None);
    // Three and the empty centre.
    let record = "/11/11/11/4t6/4tKt4/11/11/11/11/11/11/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "e8", "f8")), captured);
    // On the edge, beside a corner or not, never.
    let record = "/11/11/11/11/11/T10/5t5/11/11/11/4tKt4/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f5", "f2")), None);
    let record = "/11/11/11/11/11/11/11/11/11/1t9/1K3t5/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "f1", "c1")), None);
}

#[test]
fn copenhagens_corners_are_hostile_to_soldiers_and_the_empty_centre_to_all() {
    let record = "/11/11/11/11/11/5K5/11/T10/11/t10/11/";
    let mut pos = setup("copenhagen", record, Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "a4", "a3")), ["a2"]);
    let record = "/11/11/11/11/11/5K5/11/11/11/11/1T2t6/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "e1", "c1")), ["b1"]);
    let record = "/11/11/11/11/11/6T4/11/11/11/11/1K5t3/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "h1", "h6")), ["g6"]);
    // With the king on the centre, his guard beside him is safe, and an
    // attacker there is not.
    let record = "/11/11/11/11/11/5KT4/11/11/11/11/7t3/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert!(play(&mut pos, "h1", "h6").captures.is_empty());
    let record = "/11/11/11/11/11/5Kt4/11/11/11/11/7T3/";
    let mut pos = setup("copenhagen", record, Side::Defenders);
    assert_eq!(captures(&play(&mut pos, "h1", "h6")), ["g6"]);
}

#[test]
fn copenhagens_shieldwalls_fall_whole_the_king_excepted() {
    // Guards on c1 d1 e1, faced by c2 d2 e2, closed by b1 and the move to f1.
    let record = "/11/11/11/8K2/11/11/11/5t5/11/2ttt6/1tTTT6/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "f4", "f1")), ["c1", "d1", "e1"]);
    // The king in the row stays.
    let record = "/11/11/11/11/11/11/11/5t5/11/2ttt6/1tTKT6/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    let played = play(&mut pos, "f4", "f1");
    assert_eq!(captures(&played), ["c1", "e1"]);
    assert_eq!(end(&played), None);
    // A corner closes an end; a gap in the front saves the row.
    let record = "/11/11/11/8K2/11/11/11/3t7/11/1tt8/1TT8/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert_eq!(captures(&play(&mut pos, "d4", "d1")), ["b1", "c1"]);
    let record = "/11/11/11/8K2/11/11/11/3t7/11/1t9/1TT8/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    assert!(play(&mut pos, "d4", "d1").captures.is_empty());
}

#[test]
fn copenhagens_exit_fort_wins_once_the_king_stands_on_the_edge() {
    // The king on e2, d1 and e1 free, walled in by guards that cannot be
    // taken: no win until he steps onto the edge.
    let record = "/11/11/9T1/11/11/t10/11/11/3tTT5/2tTKT5/2T2Tt4/";
    let mut pos = setup("copenhagen", record, Side::Defenders);
    assert_eq!(end(&play(&mut pos, "j9", "j8")), None);
    play(&mut pos, "a6", "a7");
    let played = play(&mut pos, "e2", "e1");
    assert_eq!(end(&played), Some((End::ExitFort, DEFENDERS_WIN)));
}

#[test]
fn copenhagens_attackers_win_by_encircling_every_defender() {
    let record = "/11/11/11/11/11/11/11/2t8/1t1t7/t1KTt6/2tt7/";
    let mut pos = setup("copenhagen", record, Side::Attackers);
    let played = play(&mut pos, "a2", "b2");
    assert_eq!(end(&played), Some((End::Encircled, ATTACKERS_WIN)));
    // The seeds' Hnefatafl knows no such win.
    let mut pos = setup("hnefatafl-11", record, Side::Attackers);
    assert_eq!(end(&play(&mut pos, "a2", "b2")), None);
}

/// Four games of the archive of Copenhagen games played online
/// (`tests/copenhagen.csv` of github.com/dcampbell24/hnefatafl, CC0-1.0),
/// each with its recorded winner.
const COPENHAGEN_GAMES: [(&str, Option<Side>); 4] = [
    // A shieldwall of three on the first rank; the king escapes.
    (
        "k8-i8 g7-j7 k5-i5 f4-i4 i5-j5 h6-h3 h1-h2 i4-i1 h2-j2 g5-g2 k4-k3 e5-e2xf2 b6-b2 \
         f5-f2 a8-c8 f6-f3 a4-a3 f3-c3 d1-c1 d6-d1 h11-h6xg6 h3-h1xg1xf1xe1 a6-d6xe6 c3-h3 \
         g11-g9 i1-i2 a5-h5 h3-j3 j5-j4 h1-j1xj2 i8-i3 j1-i1 c8-e8 j3-j1 g9-g8xf8 j1-k1",
        DEFENDERS_WIN,
    ),
    // A shieldwall closed by the corner a11; the attackers resign.
    (
        "e1-e2 h6-h9 f10-i10 f8-c8 a8-a9 e7-b7 b6-b3 b7-b10 e11-e9 g7-j7 i10-i7xj7 c8-i8 \
         d11-b11 g6-i6xi7 h1-h6xi6 f7-h7 h6-i6 f6-f10 h11-h10 f10-c10 f11-c11 d6-d11xc11xb11",
        DEFENDERS_WIN,
    ),
    // The defenders encircled.
    (
        "d1-d3 f8-e8 a8-c8 f7-f8 k4-i4 f4-g4 h1-h3 f5-f4 h11-h9 d6-d5 a4-c4 e6-d6 d11-d9 \
         h6-h7 k8-i8 g6-h6 k7-i7 g7-g8 g11-g9 g5-h5 a5-c5 e7-d7 a7-c7 e5-e4 e1-e3 f6-e6 \
         g1-g3 e6-e7 e11-e9 f8-f9 k5-i5",
        ATTACKERS_WIN,
    ),
    // An exit fort, won as the king steps onto the edge.
    (
        "d1-d3 h6-h3 k5-j5 e5-e2 f2-i2 f4-c4 e1-c1 e6-e3 f1-f3xe3 e7-e3 d3-b3 g5-g3xf3 \
         a4-a2 f5-f1 j5-j3 d6-d1 a5-a3 g6-g4 a2-c2 f6-f2 h11-h4 e2-d2 e11-e4 f7-f4 d11-d4 \
         f2-e2 h1-h2xh3 f4-f2 e4-f4xg4 g3-f3 b6-b4xc4 e2-e1",
        DEFENDERS_WIN,
    ),
];

/// Replays `moves`, written as the archives write them (`e2-d2xd3`), each
/// written capture the one computed, and no move after the end.
fn replay(rules: &str, moves: &str) -> Position {
    let mut pos = Position::new(&preset(rules));
    for (ply, token) in moves.split_whitespace().enumerate() {
        assert_eq!(
            pos.outcome(),
            None,
            "ply {}: {token} after the end",
            ply + 1
        );
        let mut parts = token.split('x');
        let (from, to) = parts.next().unwrap().split_once('-').unwrap();
        let mut written: Vec<&str> = parts.collect();
        written.sort_unstable();
        let mut computed = captures(&play(&mut pos, from, to));
        computed.sort_unstable();
        assert_eq!(computed, written, "ply {}: {token}", ply + 1);
    }
    pos
}

#[test]
fn real_copenhagen_games_replay_to_their_recorded_ends() {
    let ends: Vec<Option<End>> = COPENHAGEN_GAMES
        .iter()
        .map(|(moves, winner)| {
            let pos = replay("copenhagen", moves);
            if let Some(outcome) = pos.outcome() {
                assert_eq!(outcome.winner, *winner, "{moves}");
            }
            pos.outcome().map(|o| o.end)
        })
        .collect();
    let expected = [
        Some(End::KingEscaped),
        None,
        Some(End::Encircled),
        Some(End::ExitFort),
    ];
    assert_eq!(ends, expected);
}

#[test]
fn refused_moves_say_why() {
    let mut pos = Position::new(&preset("brandub"));
    let cases = [
        (mv("c1", "c2"), "there is no piece on c1"),
        (
            mv("d4", "d5"),
            "the piece on d4 is the defenders', and it is the attackers' turn",
        ),
        (mv("d1", "e2"), "d1 and e2 are not on one row or column"),
        (mv("d1", "d3"), "the piece on d2 blocks the way"),
        (mv("a4", "a4"), "a move must leave its square: a4 to a4"),
        (mv("a4", "h4"), "there is no square h4 on a 7 × 7 board"),
        (mv("d1", "a1"), "an attacker may not stop on the corner a1"),
    ];
    for (mv, message) in cases {
        let before = pos.clone();
        let err = pos.play(mv).unwrap_err();
        assert_eq!(err.to_string(), message, "{mv}");
        assert_eq!(pos, before);
        assert!(!pos.is_legal(mv));
    }
}

#[test]
fn pieces_the_rule_set_does_not_move_stand_still() {
    let rules = preset("brandub");
    let layout = Layout::from_opentafl_inverted("/7/7/7/3K3/7/1m5/7/").unwrap();
    let mut pos = Position::from_layout(&rules, &layout, Side::Attackers).unwrap();
    assert_eq!(
        pos.piece_at(sq("b2")),
        Some((Side::Attackers, Piece::Mercenary))
    );
    let err = pos.play(mv("b2", "b3")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the mercenary on b2 is a piece this rule set does not move"
    );
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn outcomes_read_for_people() {
    let outcome = Outcome {
        end: End::KingCaptured,
        winner: Some(Side::Attackers),
    };
    assert_eq!(
        outcome.to_string(),
        "the attackers win: the king is captured"
    );
    let draw = Outcome {
        end: End::Repetition,
        winner: None,
    };
    assert_eq!(draw.to_string(), "a draw: a position is repeated");
    for end in End::ALL {
        assert_eq!(End::from_code(end.code()), Some(end));
    }
}

/// Plays a random game of `rules` from the choices in `picks`, checking at
/// every position that the moves `legal_moves` lists are those `play`
/// accepts among every move along a row or column of the side to move's
/// pieces, that a refused move leaves the position as it was, and that
/// each move played does what it says.
fn random_game(rules: &RuleSet, picks: &[usize], cap: usize) {
    let mut pos = Position::new(rules);
    for (ply, &pick) in picks.iter().enumerate().take(cap) {
        let legal = check_choices(&pos, ply);
        if legal.is_empty() {
            assert!(pos.outcome().is_some(), "ply {ply}: no move and no end");
            return;
        }
        assert_eq!(pos.outcome(), None, "ply {ply}: moves after the end");
        let before = pos.clone();
        let mv = legal[pick % legal.len()];
        let played = pos.play(mv).unwrap();
        check_played(&before, &pos, mv, &played, ply);
        if played.outcome.is_some() {
            assert!(
                pos.legal_moves().is_empty(),
                "ply {ply}: moves after the end"
            );
            return;
        }
    }
}

/// The legal moves, after checking them against every candidate move and
/// against the destinations of each piece.
fn check_choices(pos: &Position, ply: usize) -> Vec<Move> {
    let legal = pos.legal_moves();
    for mv in candidates(pos) {
        let mut after = pos.clone();
        assert_eq!(pos.is_legal(mv), legal.contains(&mv), "ply {ply}: {mv}");
        match after.play(mv) {
            Ok(_) => assert!(legal.contains(&mv), "ply {ply}: {mv} played, not listed"),
            Err(e) => {
                assert!(!legal.contains(&mv), "ply {ply}: {mv} listed, refused: {e}");
                assert_eq!(pos.check_move(mv), Err(e), "ply {ply}: {mv}");
                assert_eq!(after, *pos, "ply {ply}: refused {mv} changed the position");
            }
        }
    }
    for from in pos.pieces(pos.turn()).iter() {
        let listed: Vec<Square> = legal
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect();
        assert_eq!(pos.destinations(from), listed, "ply {ply}: from {from}");
    }
    legal
}

/// What a move did, against the positions before and after it: the piece
/// moved, the captured pieces were the opponent's and are gone, nothing
/// else changed, the hash is the position's, and the outcome fits.
fn check_played(before: &Position, after: &Position, mv: Move, played: &Played, ply: usize) {
    let mover = before.turn();
    assert_eq!(played.outcome, after.outcome(), "ply {ply}");
    assert_eq!(
        after.piece_at(mv.to),
        before.piece_at(mv.from),
        "ply {ply}: {mv}"
    );
    assert_eq!(after.piece_at(mv.from), None, "ply {ply}: {mv}");
    for square in played.captures.iter() {
        assert_eq!(before.piece_at(square).map(|p| p.0), Some(mover.opponent()));
        assert_eq!(
            after.piece_at(square),
            None,
            "ply {ply}: {square} captured, still there"
        );
    }
    let opponents = before.pieces(mover.opponent()).len() - played.captures.len();
    assert_eq!(after.pieces(mover.opponent()).len(), opponents, "ply {ply}");
    assert_eq!(
        after.pieces(mover).len(),
        before.pieces(mover).len(),
        "ply {ply}"
    );
    // A berserk turn keeps the move for the piece that captured.
    match after.berserker() {
        Some(berserker) => {
            assert_eq!((after.turn(), berserker), (mover, mv.to), "ply {ply}");
            assert!(!played.captures.is_empty(), "ply {ply}");
        }
        None => assert_eq!(after.turn(), mover.opponent(), "ply {ply}"),
    }
    assert_eq!(played.berserk, before.berserker().is_some(), "ply {ply}");
    let fresh = Position::from_layout(after.rules(), &after.layout(), after.turn()).unwrap();
    assert_eq!(after.hash(), fresh.hash(), "ply {ply}: the hash drifted");
    let Some(outcome) = played.outcome else {
        if after.berserker().is_none() {
            assert_eq!(after.legal_moves(), fresh.legal_moves(), "ply {ply}");
        }
        return;
    };
    match outcome.end {
        End::KingCaptured => assert_eq!((mover, outcome.winner), (Side::Attackers, ATTACKERS_WIN)),
        End::KingEscaped => {
            assert_eq!(outcome.winner, DEFENDERS_WIN);
            assert_eq!(after.king(), Some(mv.to));
            assert!(after.rules().corners.squares.contains(&mv.to), "ply {ply}");
        }
        End::Repetition => assert!(after.repetitions() >= 2, "ply {ply}"),
        End::NoMoves => assert!(fresh.legal_moves().is_empty(), "ply {ply}"),
        End::AllCaptured => assert!(fresh.pieces(after.turn()).is_empty(), "ply {ply}"),
        _ => {}
    }
}

/// Every move from a piece of the side to move to a square of its row or
/// column, and a few that are neither.
fn candidates(pos: &Position) -> Vec<Move> {
    let dim = pos.rules().dim;
    let mut moves = Vec::new();
    for from in pos.pieces(pos.turn()).iter() {
        for n in 0..dim {
            for to in [Square::new(n, from.rank()), Square::new(from.file(), n)] {
                moves.push(Move {
                    from,
                    to: to.unwrap(),
                });
            }
            let diagonal = Square::new(n, n).unwrap();
            moves.push(Move { from, to: diagonal });
        }
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_brandub_games_keep_the_engine_consistent(picks in prop::collection::vec(any::<usize>(), 200)) {
        random_game(&preset("brandub"), &picks, 200);
    }

    #[test]
    fn random_online_games_keep_the_engine_consistent(picks in prop::collection::vec(any::<usize>(), 120)) {
        random_game(&preset("brandubh-online"), &picks, 120);
        random_game(&preset("copenhagen"), &picks, 60);
    }

    #[test]
    fn random_berserk_games_keep_the_engine_consistent(picks in prop::collection::vec(any::<usize>(), 160)) {
        random_game(&preset("berserk"), &picks, 160);
    }

    #[test]
    fn random_hnefatafl_games_keep_the_engine_consistent(picks in prop::collection::vec(any::<usize>(), 60)) {
        random_game(&preset("hnefatafl-11"), &picks, 60);
        random_game(&preset("hnefatafl-13"), &picks, 40);
    }
}

/// What the engine does not play is refused, naming the entry: a verdict
/// never rests on rules that were not played.
#[test]
fn what_is_not_played_is_refused() {
    let error = |text: &String| {
        let e = RuleSet::from_opentafl(text).unwrap_err();
        (e.kind, text[e.span].to_owned())
    };
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let cases = [
        (
            format!("dim:7 flavour:x {start}"),
            RulesErrorKind::UnknownKey {
                key: "flavour".into(),
                suggestion: None,
            },
            "flavour:x",
        ),
        (
            format!("dim:7 sped:1 {start}"),
            RulesErrorKind::UnknownKey {
                key: "sped".into(),
                suggestion: Some("spd"),
            },
            "sped:1",
        ),
        (
            format!("dim:7 gj:c {start}"),
            RulesErrorKind::NotPlayed {
                entry: "gj:c".into(),
                what: "guard jumps",
            },
            "gj:c",
        ),
        (
            "dim:3 start:/K2/3/2m/".to_owned(),
            RulesErrorKind::PieceNotPlayed { letter: 'm' },
            "m",
        ),
        (
            "dim:3 start:/K2/1G1/3/".to_owned(),
            RulesErrorKind::PieceNotPlayed { letter: 'G' },
            "G",
        ),
        (
            "dim:3 start:/K2/1k1/3/".to_owned(),
            RulesErrorKind::PieceNotPlayed { letter: 'k' },
            "k",
        ),
    ];
    for (text, kind, at) in cases {
        assert!(kind.is_not_played(), "{kind:?}");
        assert_eq!(error(&text), (kind, at.to_owned()), "{text}");
    }
    let message = error(&format!("dim:7 strat:x {start}")).0.to_string();
    assert_eq!(
        message,
        "`strat` is not a key of a rules string; did you mean `start`?"
    );
}

/// `linc:y`: a defender beside the king on the throne, the king's three
/// other sides held by attackers, is captured against the throne by an
/// attacker that closes it; not without the rule, not when a side of the
/// king is open, and not by a defender's move.
#[test]
fn a_defender_beside_the_king_on_the_throne_is_captured_by_the_linnaean_rule() {
    // The king on e5, the middle of a 9 × 9 board; a defender on e6; the
    // attackers on d5, f5 and e4, and one on e8 to close the defender.
    let start = "start:/9/9/9/4t4/3tKt3/4T4/9/4t4/9/";
    let position = |linc: &str, start: &str| {
        let text = format!("dim:9 esc:e atkf:y {linc} {start}");
        let (rules, warnings) = RuleSet::from_opentafl(&text).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        Position::new(&rules)
    };
    let mut linnaean = position("linc:y", start);
    assert_eq!(captures(&play(&mut linnaean, "e8", "e7")), ["e6"]);
    assert_eq!(linnaean.piece_at(sq("e6")), None);
    let mut plain = position("linc:n", start);
    assert!(captures(&play(&mut plain, "e8", "e7")).is_empty());
    // A side of the king open (no attacker on e4): no capture.
    let open = "start:/9/9/9/9/3tKt3/4T4/9/4t4/9/";
    let mut open = position("linc:y", open);
    assert!(captures(&play(&mut open, "e8", "e7")).is_empty());
    // The rule is read and printed back.
    let (rules, _) = RuleSet::from_opentafl(&format!("dim:9 linc:y {start}")).unwrap();
    assert!(rules.linnaean);
    assert!(rules.to_string().contains(" linc:y "), "{rules}");
}

/// `spd:`: a move covers at most its piece's limit of squares, in the
/// moves the engine offers and in the moves it checks; other kinds of
/// piece move as far as the way is free.
#[test]
fn a_speed_limit_bounds_the_moves_of_its_kind_of_piece() {
    // Magpie's limits: the defenders' king one square, the rest none.
    let text = "dim:7 atkf:n spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, \
                start:/3t3/7/7/t2K2t/7/7/3t3/";
    let (rules, warnings) = RuleSet::from_opentafl(text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let position = Position::new(&rules);
    let mut king = position.destinations(sq("d4"));
    king.sort();
    assert_eq!(king, [sq("c4"), sq("d3"), sq("d5"), sq("e4")]);
    let err = position.check_move(mv("d4", "d6")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the king on d4 moves at most 1 square: d4 to d6 is 2"
    );
    assert!(matches!(
        err,
        MoveError::TooFar {
            limit: 1,
            distance: 2,
            ..
        }
    ));
    // The attackers' taflmen are not limited.
    let (rules, _) = RuleSet::from_opentafl(&text.replace("atkf:n", "atkf:y")).unwrap();
    assert!(Position::new(&rules).is_legal(mv("a4", "c4")));
    // The limits print back as read.
    assert!(
        rules
            .to_string()
            .contains(" spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1 ")
    );
}

/// A fort is hostile to the king as it is to the defenders' taflmen,
/// whatever its list says of `K`, as OpenTafl's engine plays: Foteviken
/// Tablut's `aforh:K` makes no fort hostile to the king.
#[test]
fn a_fort_is_hostile_to_the_king_only_as_to_the_defenders_taflmen() {
    // A weak king on d2 beside the empty attackers' fort d1; g3-d3 closes
    // him against it.
    let position = |aforh: &str| {
        let text = format!("dim:7 atkf:y ks:w afor:d1 {aforh} start:/7/3K3/6t/7/7/7/7/");
        let (rules, warnings) = RuleSet::from_opentafl(&text).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        Position::new(&rules)
    };
    let mut king_only = position("aforh:K");
    assert_eq!(end(&play(&mut king_only, "g3", "d3")), None);
    let mut taflmen = position("aforh:TK");
    assert_eq!(
        end(&play(&mut taflmen, "g3", "d3")),
        Some((End::KingCaptured, ATTACKERS_WIN))
    );
}

// Berserk: commanders and knights, jumps, berserk moves, as OpenTafl's engine
// plays them (`docs/rules.md#tafl-berserk`). OpenTafl replayed each of these
// positions and moves, and judged them as these tests do.

/// The start of a game of an OpenTafl rules string.
fn opentafl(rules: &str) -> Position {
    let (rules, warnings) = RuleSet::from_opentafl(rules).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    Position::new(&rules)
}

/// Why `from`-`to` is refused now.
fn refused(position: &Position, from: &str, to: &str) -> String {
    position.check_move(mv(from, to)).unwrap_err().to_string()
}

#[test]
fn commanders_and_knights_move_and_are_captured_as_taflmen() {
    let mut pos = opentafl("dim:7 surf:n starti:/7/7/7/3K3/7/1cN3c/7/");
    assert_eq!(
        pos.piece_at(sq("c2")),
        Some((Side::Defenders, Piece::Knight))
    );
    let played = play(&mut pos, "g2", "d2");
    assert_eq!(captures(&played), ["c2"]);
    assert_eq!(
        pos.piece_at(sq("d2")),
        Some((Side::Attackers, Piece::Commander))
    );
    assert_eq!(
        pos.layout().to_string(),
        "/7/1c1c3/7/3K3/7/7/7/",
        "the commander moved, the knight is gone"
    );
}

#[test]
fn a_knight_jumps_over_an_enemy_beside_it_and_captures_it() {
    let mut pos = opentafl("dim:7 surf:n atkf:n starti:/7/3t3/7/3K3/7/1Nt1t2/7/");
    assert!(pos.is_jump(mv("b2", "d2")));
    assert!(pos.destinations(sq("b2")).contains(&sq("d2")));
    let played = play(&mut pos, "b2", "d2");
    assert!(played.jump);
    assert_eq!(captures(&played), ["c2"]);
    // Never over a piece of its side, nor over a king, a knight or a
    // commander.
    let pos = opentafl("dim:7 surf:n atkf:n starti:/7/7/7/3K3/7/1NT1Nc1/7/");
    assert_eq!(
        refused(&pos, "b2", "d2"),
        "a knight jumps only over an enemy: the piece on c2 is of its side"
    );
    assert_eq!(
        refused(&pos, "e2", "g2"),
        "a knight may not jump over the piece on f2: no piece jumps a king, a knight or a \
         commander"
    );
}

/// `cj:j`: a commander jumps, and the piece it jumps over stays. On a
/// piece's first move, OpenTafl's engine takes the piece jumped over for
/// captured between the two squares of the jump, and so judges the move one
/// that captures: what it then captures is judged after the move, and a
/// commander beside the king counts twice there.
#[test]
fn a_commander_jumps_over_an_enemy_and_its_first_jump_opens_the_captures() {
    let first = "dim:9 surf:n starti:/9/9/9/9/3c5/3T5/1tK6/9/8c/";
    let mut pos = opentafl(first);
    let played = play(&mut pos, "d5", "d3");
    assert!(played.jump && played.captures.is_empty());
    assert_eq!(
        pos.piece_at(sq("d4")),
        Some((Side::Defenders, Piece::Taflman))
    );
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
    // The same jump by a commander that has moved before captures nothing.
    let mut pos = opentafl("dim:9 surf:n starti:/1T7/9/9/3c5/9/3T5/1tK6/9/8c/");
    play(&mut pos, "d6", "d5");
    play(&mut pos, "b9", "c9");
    let played = play(&mut pos, "d5", "d3");
    assert!(played.jump);
    assert_eq!(end(&played), None);
}

#[test]
fn the_king_jumps_only_from_or_to_a_special_square() {
    // From the throne, over an attacker taken against the empty throne.
    let mut pos = opentafl("dim:7 surf:n atkf:n kj:r starti:/7/7/3t3/3K3/7/7/t6/");
    let played = play(&mut pos, "d4", "d6");
    assert!(played.jump);
    assert_eq!(captures(&played), ["d5"]);
    // Into a corner.
    let mut pos = opentafl("dim:7 surf:n atkf:n kj:r starti:/7/7/7/7/K6/t6/7/");
    let played = play(&mut pos, "a3", "a1");
    assert_eq!(end(&played), Some((End::KingEscaped, DEFENDERS_WIN)));
    // Not between two plain squares.
    let pos = opentafl("dim:7 surf:n atkf:n kj:r starti:/7/7/7/2t4/2K4/7/6t/");
    assert_eq!(
        refused(&pos, "c3", "c5"),
        "the king jumps only from or to a corner, the centre or a fortress, and neither c3 nor \
         c5 is one"
    );
}

#[test]
fn a_piece_that_captures_moves_again_in_a_berserk_turn() {
    let rules = "dim:7 surf:n atkf:n ber:c starti:/7/3t3/7/3K3/7/1Nt1t2/7/";
    let mut pos = opentafl(rules);
    let played = play(&mut pos, "b2", "d2");
    assert!(!played.berserk);
    // The knight may capture again: it moves again, and it alone.
    assert_eq!(
        (pos.berserker(), pos.turn()),
        (Some(sq("d2")), Side::Defenders)
    );
    assert!(pos.legal_moves().iter().all(|m| m.from == sq("d2")));
    assert_eq!(
        refused(&pos, "d4", "d5"),
        "the knight on d2 captured and moves again: not the piece on d4"
    );
    assert_eq!(
        refused(&pos, "d6", "c6"),
        "the knight on d2 captured and moves again: not the piece on d6"
    );
    let mut quiet = pos.clone();
    let played = play(&mut pos, "d2", "f2");
    assert!(played.berserk && played.jump);
    assert_eq!(captures(&played), ["e2"]);
    // Nothing left to capture: the turn passes.
    assert_eq!((pos.berserker(), pos.turn()), (None, Side::Attackers));
    // A berserk move may capture nothing; then the turn passes.
    let played = play(&mut quiet, "d2", "d1");
    assert!(played.berserk && played.captures.is_empty());
    assert_eq!((quiet.berserker(), quiet.turn()), (None, Side::Attackers));
    // A capture after which the piece has none to make passes the turn.
    let mut pos = opentafl("dim:7 surf:n atkf:n ber:c starti:/t6/7/7/3K3/7/2Tt1T1/7/");
    assert_eq!(captures(&play(&mut pos, "f2", "e2")), ["d2"]);
    assert_eq!((pos.berserker(), pos.turn()), (None, Side::Attackers));
}

/// `ber:m`: the piece that captured moves again if it can move along its
/// row or column.
#[test]
fn under_ber_m_the_piece_that_captured_moves_again_when_it_can() {
    let mut pos = opentafl("dim:7 surf:n atkf:n ber:m starti:/t6/7/7/3K3/7/2Tt1T1/7/");
    assert_eq!(captures(&play(&mut pos, "f2", "e2")), ["d2"]);
    assert_eq!(pos.berserker(), Some(sq("e2")));
    assert_eq!(
        refused(&pos, "a7", "a6"),
        "the defender on e2 captured and moves again: not the piece on a7"
    );
    let played = play(&mut pos, "e2", "e1");
    assert!(played.berserk);
    assert_eq!((pos.berserker(), pos.turn()), (None, Side::Attackers));
}

/// With commanders among the attackers, a strong king is captured only
/// between two of: a commander, the commander that moves, a hostile
/// corner; never on the throne nor against it. Taflmen all around him do
/// not capture him.
#[test]
fn where_the_attackers_have_commanders_the_king_falls_only_to_them() {
    let outcome = |rules: &str, from: &str, to: &str| {
        let mut pos = opentafl(rules);
        end(&play(&mut pos, from, to))
    };
    let captured = Some((End::KingCaptured, ATTACKERS_WIN));
    // Two commanders.
    let two = "dim:7 surf:n starti:/7/7/7/7/1cK4/7/3c3/";
    assert_eq!(outcome(two, "d1", "d3"), captured);
    // A commander and a taflman.
    let one = "dim:7 surf:n starti:/7/7/7/7/1cK4/7/3t2c/";
    assert_eq!(outcome(one, "d1", "d3"), None);
    // Four taflmen.
    let four = "dim:9 surf:n starti:/9/9/9/9/7T1/2t6/1tK6/2t6/3t4c/";
    assert_eq!(outcome(four, "d1", "d3"), None);
    // A commander and a corner.
    let corner = "dim:7 surf:n starti:/7/7/7/7/7/7/1K2c1t/";
    assert_eq!(outcome(corner, "e1", "c1"), captured);
    // Beside the throne, across it: not against the throne.
    let across = "dim:7 surf:n starti:/7/7/2cK3/7/7/7/4c2/";
    assert_eq!(outcome(across, "e1", "e5"), captured);
    let against = "dim:7 surf:n starti:/7/2c4/3K3/7/7/7/6c/";
    assert_eq!(outcome(against, "c6", "d6"), None);
}

/// A commander moving beside the king counts once before its move, twice
/// after it: against a taflman it captures the king only by a move that
/// captures something else too.
#[test]
fn a_commander_beside_the_king_counts_twice_when_its_move_captures() {
    let mut alone = opentafl("dim:9 surf:n starti:/9/9/9/9/9/9/1tK3c2/9/8c/");
    assert_eq!(end(&play(&mut alone, "g3", "d3")), None);
    let mut capturing = opentafl("dim:9 surf:n starti:/9/9/9/9/9/9/1tK3c2/3T5/3t4c/");
    let played = play(&mut capturing, "g3", "d3");
    assert_eq!(captures(&played), ["d2"]);
    assert_eq!(end(&played), Some((End::KingCaptured, ATTACKERS_WIN)));
}

#[test]
fn a_defender_that_may_jump_onto_the_edge_is_not_encircled() {
    let ring = |rank1: &str| format!("dim:7 starti:/7/7/1t1t3/t1t4/tKN4/1tt4/{rank1}/");
    // The knight on c3 may jump over c2 to c1.
    let mut open = opentafl(&ring("7"));
    assert_eq!(end(&play(&mut open, "d5", "d3")), None);
    let mut closed = opentafl(&ring("2t4"));
    assert_eq!(
        end(&play(&mut closed, "d5", "d3")),
        Some((End::Encircled, ATTACKERS_WIN))
    );
}

/// As OpenTafl's engine decides it, the attackers win when no defender
/// stands beside an empty square, though one may jump.
#[test]
fn where_pieces_jump_defenders_with_no_empty_square_beside_them_lose() {
    let mut pos = opentafl("dim:7 starti:/7/7/3t3/1tt4/tKN4/1tt4/7/");
    let played = play(&mut pos, "d5", "d3");
    assert_eq!(end(&played), Some((End::Immobile, ATTACKERS_WIN)));
}

#[test]
fn jumps_and_berserk_moves_read_and_print_back() {
    let text = "dim:7 kj:r nj:n cj:c mj:j ber:m start:/7/7/7/3K3/7/7/7/";
    let (rules, warnings) = RuleSet::from_opentafl(text).unwrap();
    assert!(warnings.is_empty());
    assert_eq!(rules.jumps.king, Jump::Restricted);
    assert_eq!(rules.jumps.knight, Jump::No);
    assert_eq!(rules.jumps.commander, Jump::Capturing);
    assert_eq!(rules.jumps.mercenary, Jump::Plain);
    assert_eq!(rules.berserk, Berserk::Move);
    assert_eq!(rules.to_string(), text);
    // OpenTafl's defaults print nothing.
    let (plain, _) =
        RuleSet::from_opentafl("dim:7 kj:n nj:c cj:j ber:n start:/7/7/7/3K3/7/7/7/").unwrap();
    assert_eq!(plain.to_string(), "dim:7 start:/7/7/7/3K3/7/7/7/");
    let berserk = preset("berserk");
    assert_eq!(
        berserk.to_string(),
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
         start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"
    );
}

/// A jump is written `^` or, as OpenTafl writes those that capture nothing,
/// `-`; a berserk move `=`; a berserk turn runs on past `b` on its line.
#[test]
fn berserk_moves_are_written_with_their_type() {
    use hirp::tafl::replay::replay_record;
    use hirp::tafl::syntax::{Form, parse};
    let problems = |moves: &str| {
        let rules = "dim:7 surf:n atkf:n ber:c starti:/7/3t3/7/3K3/7/1Nt1t2/7/";
        let text = format!("[rules:{rules}]\n\n1. {moves}\n");
        let parsed = parse(&text, Form::Otg);
        let replay = replay_record(&parsed.record, &parsed.errors, None).remove(0);
        let found: Vec<(String, String, Option<String>)> = replay
            .problems
            .iter()
            .map(|p| (p.code.to_string(), p.label.clone(), p.turn.clone()))
            .collect();
        (
            found,
            replay
                .steps
                .iter()
                .map(|s| s.address.to_string())
                .collect::<Vec<_>>(),
        )
    };
    let (found, addresses) = problems("Nb2^d2xc2 Nd2^=f2xe2 d6-c6");
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(addresses, ["1a", "1b", "1c"]);
    assert!(problems("Nb2-d2xc2 Nd2=f2xe2 d6-c6").0.is_empty());
    let (found, _) = problems("Nb2^d2xc2 Nd2^f2xe2 d6-c6");
    assert_eq!(
        found,
        [(
            "hirp::tafl::move::move_type".to_owned(),
            "the defenders' knight on d2 moves again after its capture: a berserk move, `=`"
                .to_owned(),
            Some("1b".to_owned())
        )]
    );
    let (found, _) = problems("Nb2^=d2xc2 Nd2^=f2xe2 d6^c6");
    let labels: Vec<&str> = found.iter().map(|(_, label, _)| label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "`=` marks a berserk move, and b2-d2 begins the defenders' turn",
            "`^` marks a jump, and d6-c6 jumps over no piece",
        ]
    );
}

// Variations: other lines of play of a game file, each replayed from the
// move it replaces (`docs/rules.md#tafl-variations`).

/// The Brandub game of `turns` (lines of a game file after its tags),
/// replayed with its variations.
fn replayed(turns: &str) -> hirp::tafl::replay::Replay {
    let text = format!(
        "[rules:dim:7 surf:n rpt:2 nomv:d ks:c cenh: cenre: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n{turns}"
    );
    let parsed = hirp::tafl::syntax::parse(&text, hirp::tafl::syntax::Form::Otg);
    let mut replays = hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, None);
    assert_eq!(replays.len(), 1);
    replays.remove(0)
}

/// Each problem's code and the label of the move it lies in.
fn coded(replay: &hirp::tafl::replay::Replay) -> Vec<(String, Option<String>)> {
    replay
        .problems
        .iter()
        .map(|p| (p.code.to_string(), p.turn.clone()))
        .collect()
}

/// The layout after each move of a line of play, from its start.
fn layouts(positions: &[Position]) -> Vec<String> {
    positions.iter().map(|p| p.layout().to_string()).collect()
}

#[test]
fn a_variation_is_replayed_from_the_move_it_replaces() {
    let replay = replayed(
        "1. b4-b7 c4-c3\n\
         1a.1.1a. f4-f7 e4-e7xf7\n\
         1a.1.2a. b4-b6 Kd4-e4\n\
         2. a4-a2 Kd4-a4\n\
         3. d2-f2 Ka4-a7--\n\
         3b.1.1a. ..... Ka4-a6\n\
         3b.1.2a. g4-g6 Ka6-a7--\n",
    );
    assert!(replay.problems.is_empty(), "{:?}", coded(&replay));
    let labels: Vec<&str> = replay.variations.iter().map(|v| v.label.as_str()).collect();
    assert_eq!(labels, ["1a.1", "3b.1"]);
    // 1a.1 is played from the start, where 1a is: its capture against the
    // corner computed as the main line's would be.
    let first = &replay.variations[0];
    assert_eq!(
        (first.parent, first.branch, first.replaces),
        (None, 0, true)
    );
    let start = Position::new(&preset("brandub"));
    assert_eq!(first.start.layout(), start.layout());
    let moves: Vec<String> = (0..first.steps.len()).map(|n| first.label_of(n)).collect();
    assert_eq!(moves, ["1a.1.1a", "1a.1.1b", "1a.1.2a", "1a.1.2b"]);
    assert_eq!(
        first.steps[1]
            .captures
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["f7"]
    );
    assert_eq!(first.outcome, None);
    // 3b.1 is played after 3a, its `.....`: the defenders' move, which
    // ends the game as the main line's does.
    let last = &replay.variations[1];
    assert_eq!((last.parent, last.branch, last.replaces), (None, 5, true));
    assert_eq!(last.label_of(0), "3b.1.1b");
    assert_eq!(last.start.layout(), replay.positions()[5].layout());
    assert_eq!(
        last.outcome,
        Some(Outcome {
            end: End::KingEscaped,
            winner: DEFENDERS_WIN
        })
    );
    // The main line is as it is with no variation.
    let alone = replayed("1. b4-b7 c4-c3\n2. a4-a2 Kd4-a4\n3. d2-f2 Ka4-a7--\n");
    assert_eq!(layouts(&replay.positions()), layouts(&alone.positions()));
    assert_eq!(replay.outcome, alone.outcome);
}

#[test]
fn a_variation_off_a_variation_branches_after_the_move_it_names() {
    let replay = replayed(
        "1. b4-b7 c4-c3\n\
         1a.1.1a. f4-f7 e4-e7xf7\n\
         1a.1.1a.1.1a. ..... e4-e6\n\
         1a.1.1a.1.2a. b4-b6 Kd4-e4\n\
         1a.1.2a. b4-b6 Kd4-e4\n\
         1a.2.1a. d2-c2 d3-d2\n",
    );
    assert!(replay.problems.is_empty(), "{:?}", coded(&replay));
    let labels: Vec<&str> = replay.variations.iter().map(|v| v.label.as_str()).collect();
    assert_eq!(labels, ["1a.1", "1a.1.1a.1", "1a.2"]);
    // 1a.1.1a.1 replaces 1a.1.1b, the move after 1a.1.1a: it is played
    // after f4-f7, by the defenders.
    let nested = &replay.variations[1];
    assert_eq!(
        (nested.parent, nested.branch, nested.replaces),
        (Some(0), 1, true)
    );
    assert_eq!(
        nested.start.layout(),
        replay.variations[0].positions()[1].layout()
    );
    assert_eq!(nested.label_of(0), "1a.1.1a.1.1b");
    assert_eq!(nested.label_of(2), "1a.1.1a.1.2b");
    let king = nested.positions().last().and_then(Position::king);
    assert_eq!(king, Some(sq("e4")));
    // Its parent goes on as written: the king there on e4 too, e7 holding
    // the defender that captured on f7.
    let parent = replay.variations[0].positions();
    assert_eq!(parent.last().and_then(Position::king), Some(sq("e4")));
    assert!(parent.last().unwrap().piece_at(sq("e7")).is_some());
    assert!(
        nested
            .positions()
            .last()
            .unwrap()
            .piece_at(sq("e7"))
            .is_none()
    );
    // Written before the variation it branches from, as OpenTafl reads it
    // too: it comes after it.
    let before = replayed(
        "1. b4-b7 c4-c3\n\
         1a.1.1a.1.1a. ..... e4-e6\n\
         1a.1.1a. f4-f7 e4-e7xf7\n",
    );
    assert!(before.problems.is_empty(), "{:?}", coded(&before));
    let placed: Vec<(&str, Option<usize>)> = before
        .variations
        .iter()
        .map(|v| (v.label.as_str(), v.parent))
        .collect();
    assert_eq!(placed, [("1a.1", None), ("1a.1.1a.1", Some(0))]);
}

#[test]
fn an_error_in_a_variation_is_the_game_s_and_leaves_the_main_line_alone() {
    let turns = "1. b4-b7 c4-c3\n\
                 1a.1.1a. f4-f7 e4-e7\n\
                 1a.1.2a. b4-b6 Kd4-e5\n\
                 2. a4-a2 Kd4-a4\n\
                 3. d2-f2 Ka4-a7--\n";
    let replay = replayed(turns);
    assert!(!replay.is_valid());
    assert_eq!(
        coded(&replay),
        [
            (
                "hirp::tafl::capture::missing".to_owned(),
                Some("1a.1.1b".to_owned())
            ),
            (
                "hirp::tafl::move::not_orthogonal".to_owned(),
                Some("1a.1.2b".to_owned())
            ),
        ]
    );
    // The illegal move is repaired as in the main line: the king to e4.
    let variation = &replay.variations[0];
    assert_eq!(variation.steps.len(), 4);
    assert_eq!(variation.positions()[4].king(), Some(sq("e4")));
    // The main line plays and ends as it does alone.
    let alone = replayed("1. b4-b7 c4-c3\n2. a4-a2 Kd4-a4\n3. d2-f2 Ka4-a7--\n");
    assert!(alone.is_valid());
    assert_eq!(layouts(&replay.positions()), layouts(&alone.positions()));
    assert_eq!(replay.outcome, alone.outcome);
    let played = |r: &hirp::tafl::replay::Replay| -> Vec<_> {
        r.steps
            .iter()
            .map(|s| (s.address, s.applied, s.captures))
            .collect()
    };
    assert_eq!(played(&replay), played(&alone));
}

#[test]
fn a_variation_off_no_move_is_an_error_and_is_not_replayed() {
    let replay = replayed(
        "1. b4-b7 c4-c3\n\
         4a.1.1a. d2-f2 Ka4-a7--\n\
         4a.1.1a.1.1a. ..... c4-c5\n\
         1a.3.1a.1.1a. ..... e4-e6\n\
         1a.1.1a. f4-f7 e4-e7xf7\n\
         1a.1.3a.1.1a. ..... b4-b6\n",
    );
    let problems: Vec<(String, String)> = replay
        .problems
        .iter()
        .map(|p| (p.code.to_string(), p.label.clone()))
        .collect();
    let no_branch = "hirp::tafl::variation::no_branch".to_owned();
    // 4a.1 off no move, and so not 4a.1.1a.1 off it either: one error.
    assert_eq!(
        problems,
        [
            (no_branch.clone(), "the game has no move 4a".to_owned()),
            (no_branch.clone(), "there is no variation 1a.3".to_owned()),
            (no_branch, "variation 1a.1 has no move 3a".to_owned()),
        ]
    );
    let labels: Vec<&str> = replay.variations.iter().map(|v| v.label.as_str()).collect();
    assert_eq!(labels, ["1a.1"]);
    assert!(!replay.is_valid());
}

#[test]
fn variations_are_numbered_in_order_their_dots_before_their_first_move() {
    let replay = replayed(
        "1. b4-b7 c4-c3\n\
         1a.2.1a. f4-f7 e4-e7xf7\n\
         1a.2.3a. b4-b6 Kd4-e4\n\
         1b.1.1a. c4-c5\n\
         2. a4-a2 ..... Kd4-a4\n\
         2a.1.1a. ..... a4-a3\n\
         2a.1.2a. ..... c3-c2\n",
    );
    let problems: Vec<(String, String)> = replay
        .problems
        .iter()
        .map(|p| (p.code.to_string(), p.label.clone()))
        .collect();
    let numbering = "hirp::tafl::variation::numbering".to_owned();
    let placeholders = "hirp::tafl::variation::placeholders".to_owned();
    assert_eq!(
        problems,
        [
            (numbering.clone(), "this is variation 1 off 1a".to_owned()),
            (numbering, "this is turn 2 of variation 1a.2".to_owned()),
            (
                placeholders.clone(),
                "one move of the turn goes before the variation's first".to_owned()
            ),
            (
                "hirp::tafl::syntax::placeholder_outside_variation".to_owned(),
                "expected a move such as `d2-e2`, found `.`".to_owned()
            ),
            (
                placeholders.clone(),
                "the variation's first move is the first of its turn".to_owned()
            ),
            (
                placeholders,
                "the variation's first move is the first of its turn".to_owned()
            ),
        ]
    );
    // Warnings: the moves are replayed where the addresses put them.
    let moves: Vec<usize> = replay.variations.iter().map(|v| v.steps.len()).collect();
    assert_eq!(moves, [4, 1, 2]);
    assert_eq!(replay.variations[1].label_of(0), "1b.1.1b");
}

/// The notation's `[position:]` tag starts the game at its position,
/// instead of the start of the rules string; the rules' side moves first.
#[test]
fn a_position_tag_starts_the_game_there() {
    use hirp::tafl::replay::replay_record;
    use hirp::tafl::syntax::{Form, parse};
    let text = std::fs::read_to_string("fixtures/tafl/valid/tag/king_escaped_from_a_position.otg")
        .unwrap();
    let parsed = parse(&text, Form::Otg);
    let replay = &replay_record(&parsed.record, &parsed.errors, None)[0];
    assert!(replay.is_valid(), "{:?}", replay.problems);
    let positions = replay.positions();
    assert_eq!(positions[0].to_opentafl(), "/5t1/7/7/K6/7/7/7/");
    assert_eq!(positions[0].turn(), Side::Attackers);
    assert_eq!(positions[2].king(), Some(sq("a7")));
    // Without the tag, the same moves are not Brandub's from its start.
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("[position:"))
        .collect::<Vec<_>>()
        .join("\n");
    let parsed = parse(&without, Form::Otg);
    assert!(!replay_record(&parsed.record, &parsed.errors, None)[0].is_valid());
}
