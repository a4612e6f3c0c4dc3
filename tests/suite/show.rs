//! A game shown a position at a time through the library's seam
//! (`Family::shown`, `core::show`), whatever its family: what a replay plans
//! to print agrees with what the screen steps through, `--turn` plans the
//! frames of the turn it names, and a label a family does not have is
//! refused.

use hirp::any::AnyFamily;
use hirp::core::diagnostic::Problem;
use hirp::core::family::{Family, NoBoard, RecordBytes};
use hirp::core::show::{Asked, Block, Plan, Scene, Shown};
use hirp::hirp::family::Hirp;
use hirp::tafl::family::Tafl;
use hirp::tafl::syntax::Form;

const EXAMPLE: &str = "fixtures/rulebook/corrected.hirp";
const VARIATIONS: &str = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
const SPURIOUS: &str = "fixtures/tafl/invalid/brandub/err_capture_spurious.otg";

fn every(_: &Problem) -> bool {
    true
}

fn shown<F: Family>(family: F, path: &str, options: &F::Options) -> F::Shown {
    let bytes = std::fs::read(path).unwrap();
    let record = RecordBytes {
        path,
        bytes: &bytes,
    };
    match family.shown(record, options, 1, &every) {
        Ok(shown) => shown,
        Err(refused) => panic!("{path}: {refused:?}"),
    }
}

/// The frames a plan prints, in order.
fn frames(plan: &Plan<'_>) -> Vec<usize> {
    match plan {
        Plan::Boards { blocks, .. } => blocks
            .iter()
            .filter_map(|block| match block {
                Block::Frame(n) => Some(*n),
                _ => None,
            })
            .collect(),
        Plan::Nothing { .. } => Vec::new(),
    }
}

/// For every turn the screen stops at, the plan of `--turn` with its label
/// shows frames of that turn only, and ends at the frame the screen shows
/// last for it.
fn turns_agree(game: &dyn Shown, steps: bool) {
    let stops = game.stops();
    assert!(!stops.is_empty());
    let mut turns: Vec<usize> = stops.iter().map(|&s| game.turn(s)).collect();
    turns.dedup();
    for turn in turns {
        let label = game.label(turn);
        let asked = Asked {
            turn: Some(&label),
            steps,
            keep_going: true,
        };
        let plan = game.plan(asked).unwrap();
        let shown = frames(&plan);
        assert!(!shown.is_empty(), "{label}");
        assert!(
            shown.iter().all(|&f| game.turn(f) == turn),
            "{label}: {shown:?}"
        );
        let last = stops.iter().rev().find(|&&s| game.turn(s) == turn);
        assert_eq!(shown.last(), last, "{label}");
        let Plan::Boards { start, .. } = plan else {
            unreachable!()
        };
        assert_eq!(start, Some(turn), "{label}");
    }
}

#[test]
fn a_hirp_game_plans_each_turn_as_its_screen_steps_through_it() {
    let game = shown(Hirp, EXAMPLE, &());
    turns_agree(&game, false);
    turns_agree(&game, true);
    // Without --turn, every turn's end: as many boards as turns, and a
    // table of battles for each turn that has battles.
    let whole = game.plan(Asked::default()).unwrap();
    let ends: Vec<usize> = frames(&whole)
        .into_iter()
        .filter(|&f| game.picture(f).is_some())
        .collect();
    let mut turns: Vec<usize> = game.stops().iter().map(|&s| game.turn(s)).collect();
    turns.dedup();
    assert_eq!(ends.len(), turns.len());
    assert_eq!(game.picture(ends[2]).unwrap().0, "03-G2.svg");
}

#[test]
fn a_tafl_game_plans_each_move_and_each_variation() {
    let game = shown(Tafl(Form::Otg), VARIATIONS, &None);
    turns_agree(&game, false);
    let main = frames(&game.plan(Asked::default()).unwrap());
    assert_eq!(main, game.stops());
    // A variation's label plans its moves, which the main line does not
    // show; the screen finds them.
    let asked = Asked {
        turn: Some("1a.1"),
        ..Asked::default()
    };
    let variation = frames(&game.plan(asked).unwrap());
    // 1a.1.1a. f4-f7 e4-e7xf7, 1a.1.2a. b4-b6 Kd4-e4
    assert_eq!(variation.len(), 4);
    assert!(variation.iter().all(|f| !main.contains(f)));
    let labels: Vec<String> = variation.iter().map(|&f| Scene::label(&game, f)).collect();
    assert_eq!(
        labels,
        ["1a.1.1a", "1a.1.1b", "1a.1.2a", "1a.1.2b"],
        "{variation:?}"
    );
    assert_eq!(game.find("1a.1.1b"), Some(variation[1]));
    // It replaces the first move: its line of play is its own moves.
    assert_eq!(game.line(variation[1]), variation);
    assert_eq!(game.picture(variation[0]).unwrap().0, "001-1a.1.1a.svg");
}

#[test]
fn a_label_the_game_has_not_is_refused_as_a_turn_or_a_variation() {
    let hirp = shown(Hirp, EXAMPLE, &());
    let tafl = shown(Tafl(Form::Otg), VARIATIONS, &None);
    let asked = |turn| Asked {
        turn: Some(turn),
        ..Asked::default()
    };
    // The label asked for, and the first and last of the game's.
    let no_turn = |label: &str, first: &str, last: &str| NoBoard::NoTurn {
        wanted: Some(label.to_owned()),
        range: Some((first.to_owned(), last.to_owned())),
    };
    assert_eq!(
        hirp.plan(asked("S99")).unwrap_err(),
        no_turn("S99", "G1", "S5")
    );
    let last = tafl.label(tafl.stops().last().copied().unwrap());
    assert_eq!(
        tafl.plan(asked("40a")).unwrap_err(),
        no_turn("40a", "1a", &last)
    );
    let no_variation = NoBoard::NoVariation("1a.9".to_owned());
    assert_eq!(tafl.plan(asked("1a.9")).unwrap_err(), no_variation);
}

#[test]
fn the_replay_stops_at_the_first_error_unless_asked_to_go_on() {
    let game = shown(Tafl(Form::Otg), SPURIOUS, &None);
    let stopping = game.plan(Asked::default()).unwrap();
    let Plan::Boards {
        blocks, counted, ..
    } = &stopping
    else {
        panic!("no boards")
    };
    let Some(Block::Stopped(at)) = blocks.last() else {
        panic!("{blocks:?}")
    };
    assert_eq!(frames(&stopping).last(), Some(at));
    assert!(game.stopped(*at).contains(&game.label(*at)));
    assert!(counted.iter().any(|p| p.severity == hirp::Severity::Error));
    let going_on = game
        .plan(Asked {
            keep_going: true,
            ..Asked::default()
        })
        .unwrap();
    assert_eq!(frames(&going_on), game.stops());
}

#[test]
fn turn_labels_are_taken_in_either_case_by_the_family_that_writes_them() {
    assert_eq!(AnyFamily::turn_label("s3").as_deref(), Some("S3"));
    assert_eq!(AnyFamily::turn_label("3B").as_deref(), Some("3b"));
    assert_eq!(AnyFamily::turn_label("7A.1.2b").as_deref(), Some("7a.1.2b"));
    assert_eq!(AnyFamily::turn_label("7a.1").as_deref(), Some("7a.1"));
    for text in ["", "x", "3", "7a.", "7a.b", "S", "3bc"] {
        assert_eq!(AnyFamily::turn_label(text), None, "{text}");
    }
    assert_eq!(Hirp::turn_label("3b"), None);
    assert_eq!(Tafl::turn_label("S3"), None);
}

#[test]
fn a_record_without_the_game_asked_for_is_refused() {
    let bytes = std::fs::read(EXAMPLE).unwrap();
    let record = RecordBytes {
        path: EXAMPLE,
        bytes: &bytes,
    };
    let refused = Hirp.shown(record, &(), 2, &every).err();
    assert_eq!(refused, Some(NoBoard::NoSuchGame(1)));
    let empty = RecordBytes {
        path: "-",
        bytes: b"",
    };
    let refused = Tafl(Form::Otg).shown(empty, &None, 1, &every).err();
    assert_eq!(refused, Some(NoBoard::NoGame));
}
