//! `hirp replay` on tafl records, as a user sees it: a board a move, each
//! move's problems under its board, the stop at the first error, `--turn`,
//! `--svg-dir`, the variations listed under the moves they replace, exit
//! codes and usage errors.

use crate::common;

use common::hirp;
use common::replay::{at, replay, replay_joined};

const KING_ESCAPED: &str = "fixtures/tafl/valid/brandub/king_escaped.otg";
const SPURIOUS: &str = "fixtures/tafl/invalid/brandub/err_capture_spurious.otg";
const VARIATIONS: &str = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
const IN_A_VARIATION: &str =
    "fixtures/tafl/invalid/brandub/err_move_not_orthogonal_in_a_variation.otg";

/// The headings of the boards printed, in order.
fn headings(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("After ")).collect()
}

#[test]
fn a_valid_game_a_board_a_move() {
    let (status, out, err) = replay(&[KING_ESCAPED]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(err, "");
    assert_eq!(
        headings(&out),
        [
            "After 1a: b4-b7",
            "After 1b: c4-c3",
            "After 2a: a4-a2",
            "After 2b: d4-a4",
            "After 3a: d2-f2",
            "After 3b: a4-a7-- — the defenders win: the king escaped",
        ]
    );
    // The last move marked: the king came from a4 to the corner a7.
    assert!(out.contains(" 7 │[♔] ●"), "{out}");
    assert!(out.ends_with("( ) moved from a4  [ ] to a7\n"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn a_capture_is_marked_on_its_board() {
    let (status, out, _) = replay(&["fixtures/tafl/valid/brandub/captured_against_corner.otg"]);
    assert_eq!(status, 0);
    let last = &out[at(&out, "After 1b: e4-e7xf7")..];
    assert!(last.contains(" 7 │ ⊠  ·  ·  ● [○] ×  ⊠ │ 7"), "{last}");
    assert!(last.contains("× captured on f7"), "{last}");
}

#[test]
fn an_invalid_game_stops_at_its_first_error() {
    let (status, out, err) = replay(&[SPURIOUS]);
    assert_eq!(status, 1);
    assert_eq!(headings(&out), ["After 1a: d2-c2xc3 — 1 error"]);
    assert!(err.contains("hirp::tafl::capture::spurious"), "{err}");
    assert!(err.contains("help: write no capture"), "{err}");
    assert!(err.ends_with(
        "The replay stops at the first error, in 1a: --continue goes on past errors, \
         each move played as the player meant it.\n"
    ));
    let (_, joined) = replay_joined(&[SPURIOUS]);
    assert!(at(&joined, "After 1a") < at(&joined, "capture::spurious"));
    insta::assert_snapshot!(joined);
}

#[test]
fn continue_shows_each_problem_under_its_move_and_goes_on() {
    let (status, joined) = replay_joined(&[SPURIOUS, "--continue"]);
    assert_eq!(status, 1, "an error is still an error");
    assert!(!joined.contains("The replay stops"), "{joined}");
    let error = at(&joined, "capture::spurious");
    assert!(at(&joined, "After 1a: d2-c2xc3 — 1 error") < error);
    assert!(error < at(&joined, "After 1b: d3-c3\n"));
    insta::assert_snapshot!(joined);
}

#[test]
fn a_wrong_result_is_shown_under_the_last_move() {
    let record = "fixtures/tafl/invalid/brandub/err_end_result.otg";
    let (status, joined) = replay_joined(&[record]);
    assert_eq!(status, 1);
    // Its tag stands before the moves, but a result is the end's.
    let last = at(
        &joined,
        "After 3b: a4-a7-- — 1 error — the defenders win: the king escaped",
    );
    assert!(last < at(&joined, "hirp::tafl::end::result"), "{joined}");
    assert_eq!(headings(&joined).len(), 6);
}

#[test]
fn turn_shows_the_position_after_that_move_and_the_problems_up_to_it() {
    let (status, out, err) = replay(&[KING_ESCAPED, "--turn", "2B"]);
    assert_eq!(status, 0);
    assert_eq!(err, "");
    assert_eq!(headings(&out), ["After 2b: d4-a4"]);
    assert!(out.contains(" 4 │[♔] ·  · (⊡)"), "{out}");
    // The problems of the moves before it come first, and do not stop it.
    let (status, joined) = replay_joined(&[SPURIOUS, "--turn", "1b"]);
    assert_eq!(status, 1);
    assert!(at(&joined, "capture::spurious") < at(&joined, "After 1b: d3-c3"));
    assert!(!joined.contains("After 1a"), "{joined}");
    assert!(!joined.contains("The replay stops"), "{joined}");
    insta::assert_snapshot!(joined);
    // Before the error, there is nothing wrong yet.
    let record = "fixtures/tafl/invalid/brandub/err_move_may_not_reenter.otg";
    let (status, _, err) = replay(&[record, "--turn", "3a"]);
    assert_eq!((status, err.as_str()), (0, ""));
    let (status, _, err) = replay(&[record, "--turn", "3b"]);
    assert_eq!(status, 1);
    assert!(err.contains("hirp::tafl::move::may_not_reenter"), "{err}");
}

#[test]
fn svg_dir_writes_a_picture_a_move() {
    let dir = std::env::temp_dir().join(format!("hirp-tafl-replay-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (status, _, _) = replay(&[KING_ESCAPED, "--svg-dir", dir.to_str().unwrap()]);
    assert_eq!(status, 0);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "001-1a.svg",
            "002-1b.svg",
            "003-2a.svg",
            "004-2b.svg",
            "005-3a.svg",
            "006-3b.svg"
        ]
    );
    let last = std::fs::read_to_string(dir.join("006-3b.svg")).unwrap();
    let doc = roxmltree::Document::parse(&last).expect("well-formed SVG");
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert_eq!(
        title,
        "king_escaped.otg, game 1, after 3b: a4-a7-- — the defenders win: the king escaped"
    );
    assert!(last.contains("piece-a7"), "the king on the corner");
    // With --turn, the one move shown.
    std::fs::remove_dir_all(&dir).unwrap();
    replay(&[
        KING_ESCAPED,
        "--turn",
        "2a",
        "--svg-dir",
        dir.to_str().unwrap(),
    ]);
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1);
    assert!(dir.join("003-2a.svg").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_archive_under_rules_from_a_file_or_standard_input() {
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    let (status, from_file, err) = replay(&[archive, "--rules", "brandub"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(headings(&from_file).len(), 2);
    let from_stdin = hirp()
        .args(["replay", "-", "--rules", "brandub"])
        .write_stdin(common::fixture(archive))
        .output()
        .unwrap();
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(String::from_utf8(from_stdin.stdout).unwrap(), from_file);
}

#[test]
fn a_game_of_several_or_with_players_is_named_first() {
    let archive = "fixtures/tafl/archives/brandubh.csv";
    let (status, out, _) = replay(&[archive, "--rules", "brandubh-online", "--game", "3"]);
    assert_eq!(status, 0);
    assert!(
        out.starts_with("fixtures/tafl/archives/brandubh.csv, game 3 of 420\n\nAfter 1a: "),
        "{out}"
    );
    // The players named first, then what the tags say of the game.
    let (_, out, _) = replay(&["fixtures/tafl/syntax/brandub.otg", "--turn", "1a"]);
    assert!(
        out.starts_with(
            "fixtures/tafl/syntax/brandub.otg: Ann (attackers) against Bo (defenders)\n\
             Event: Club evening\nDate: 2024.03.14\n\n"
        ),
        "{out}"
    );
}

#[test]
fn a_game_of_no_moves_has_no_board() {
    let dir = std::env::temp_dir().join(format!("hirp-tafl-replay-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tags.otg");
    std::fs::write(
        &path,
        "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n",
    )
    .unwrap();
    let (status, out, err) = replay(&[path.to_str().unwrap()]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "game 1 of {} has no moves: there is no board to show\n",
            path.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_without_a_rule_set_is_the_error_board_gives() {
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    let (status, out, err) = replay(&[archive]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: fixtures/tafl/valid/brandub/timeout.csv is an archive of tafl games, which \
             names no rule set: give --rules, a preset ({}: `hirp rules` says what each is) or a \
             rules string\n",
            hirp::tafl::rules::RuleSet::PRESETS.join(", ")
        )
    );
    let board = hirp().args(["board", archive]).output().unwrap();
    assert_eq!(board.status.code(), Some(2));
    assert_eq!(String::from_utf8(board.stderr).unwrap(), err);
}

#[test]
fn what_makes_no_sense_for_tafl_is_a_usage_error() {
    let (status, out, err) = replay(&[KING_ESCAPED, "--step"]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --step shows the steps of a HIRP turn: a tafl record is replayed a board a move\n"
    );
    let (status, _, err) = replay(&[KING_ESCAPED, "--turn", "9a"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: game 1 of fixtures/tafl/valid/brandub/king_escaped.otg has no move 9a: its moves run 1a to 3b\n"
    );
    // A berserk turn's third move is `3c`: a move this game does not have.
    let (status, _, err) = replay(&[KING_ESCAPED, "--turn", "3c"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: game 1 of fixtures/tafl/valid/brandub/king_escaped.otg has no move 3c: its moves run 1a to 3b\n"
    );
    let (status, _, err) = replay(&[KING_ESCAPED, "--turn", "3."]);
    assert_eq!(status, 2);
    assert!(err.contains("nor a tafl move such as `3b`"), "{err}");
    let (status, _, err) = replay(&[KING_ESCAPED, "--game", "2"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: fixtures/tafl/valid/brandub/king_escaped.otg has 1 game; there is no game 2\n"
    );
    let (status, _, err) = replay(&["no-such.otg"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: cannot read no-such.otg: no such file or directory\n"
    );
    let (status, _, err) = replay(&[KING_ESCAPED, "--rules", "chess"]);
    assert_eq!(status, 2);
    assert!(err.contains("`chess` is neither a preset"), "{err}");
}

#[test]
fn rules_for_a_hirp_record_is_left_aside_with_a_note() {
    let record = "fixtures/rulebook/corrected.hirp";
    let (status, out, err) = replay(&[record, "--rules", "brandub", "--turn", "S2"]);
    assert_eq!(status, 0);
    assert_eq!(
        err,
        "--rules is for tafl records: fixtures/rulebook/corrected.hirp is a HIRP record, \
         replayed by HIRP's rules.\n"
    );
    assert_eq!(out, replay(&[record, "--turn", "S2"]).1);
}

#[test]
fn colour_only_when_asked_for() {
    let (_, plain, _) = replay(&[KING_ESCAPED, "--turn", "1a"]);
    assert!(!plain.contains('\u{1b}'));
    let output = hirp()
        .args(["--color", "always", "replay", KING_ESCAPED, "--turn", "1a"])
        .output()
        .unwrap();
    let coloured = String::from_utf8(output.stdout).unwrap();
    assert!(coloured.contains("\u{1b}["), "{coloured}");
}

#[test]
fn help_says_replay_takes_tafl_records() {
    let output = hirp().args(["replay", "--help"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(help.contains("A tafl record (.otg; .csv, or standard input, with --rules)"));
    assert!(help.contains("hirp replay game.otg --turn 3b"), "{help}");
    assert!(help.contains("--rules <NAME|RULESTRING>"), "{help}");
}

/// A record that holds no game is said so alike by every command that
/// shows one, for both families, with `validate`'s status 1; a game past
/// the last is a usage error, status 2, in one wording.
#[test]
fn an_empty_record_is_said_so_alike_by_every_command() {
    let dir = std::env::temp_dir().join(format!("hirp-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["empty.hirp", "empty.otg"] {
        let path = dir.join(name);
        std::fs::write(&path, "").unwrap();
        let path = path.to_str().unwrap();
        for command in ["validate", "replay", "board", "position", "html"] {
            let out = hirp().args([command, path]).output().unwrap();
            assert_eq!(out.status.code(), Some(1), "{command} {name}");
            assert_eq!(
                String::from_utf8(out.stderr).unwrap(),
                format!("error: {path} holds no game\n"),
                "{command} {name}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    for path in [
        "fixtures/tafl/valid/brandub/agreed.otg",
        "fixtures/rulebook/corrected.hirp",
    ] {
        for command in ["replay", "board", "position"] {
            let out = hirp()
                .args([command, "--game", "3", path])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{command} {path}");
            assert_eq!(
                String::from_utf8(out.stderr).unwrap(),
                format!("error: {path} has 1 game; there is no game 3\n"),
                "{command} {path}"
            );
        }
    }
}

#[test]
fn variations_are_listed_under_the_move_they_replace() {
    let (status, out, err) = replay(&[VARIATIONS]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(err, "");
    // The main line's boards, and no variation's.
    assert_eq!(headings(&out).len(), 6);
    let listed = &out[at(&out, "Variation 1a.1,")..at(&out, "After 1b")];
    assert_eq!(
        listed,
        "Variation 1a.1, instead of 1a: b4-b7\n\
         \x20 1a.1.1a. f4-f7 e4-e7xf7\n\
         \x20   1a.1.1a: The other wing first.\n\
         \x20   1a.1.1b: A capture against the corner.\n\
         \x20   Variation 1a.1.1a.1, instead of 1a.1.1b: e4-e7xf7\n\
         \x20     1a.1.1a.1.1a. ..... e4-e6\n\
         \x20       1a.1.1a.1.1b: A quieter answer.\n\
         \x20     1a.1.1a.1.2a. b4-b6 Kd4-e4\n\
         \x20 1a.1.2a. b4-b6 Kd4-e4\n\
         Variation 1a.2, instead of 1a: b4-b7\n\
         \x20 1a.2.1a. d2-c2 d3-d2\n\n"
    );
    assert!(
        out.ends_with(
            "Variation 3b.1, instead of 3b: Ka4-a7--\n\
             \x20 3b.1.1a. ..... Ka4-a6\n\
             \x20 3b.1.2a. g4-g6 Ka6-a7-- — the defenders win: the king escaped\n"
        ),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

#[test]
fn an_error_in_a_variation_is_shown_with_the_move_it_replaces() {
    let (status, joined) = replay_joined(&[IN_A_VARIATION]);
    assert_eq!(status, 1, "{joined}");
    // Counted on its line of the listing, shown after it, before 1b.
    let line = "1a.1.1a.1.2a. b4-b6 Kd4-e5 — 1 error";
    assert!(at(&joined, line) < at(&joined, "hirp::tafl::move::not_orthogonal"));
    assert!(at(&joined, "hirp::tafl::move::not_orthogonal") < at(&joined, "After 1b"));
    // It does not stop the main line's replay.
    assert_eq!(headings(&joined).len(), 6);
    assert!(!joined.contains("The replay stops"), "{joined}");
    insta::assert_snapshot!(joined);
}

#[test]
fn turn_takes_a_variation_or_one_of_its_moves() {
    let (status, out, err) = replay(&[VARIATIONS, "--turn", "1a.1"]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        headings(&out),
        [
            "After 1a.1.1a: f4-f7",
            "After 1a.1.1b: e4-e7xf7",
            "After 1a.1.2a: b4-b6",
            "After 1a.1.2b: Kd4-e4"
        ]
    );
    // The variation off 1a.1.1a is listed under the move it replaces.
    assert!(
        at(&out, "After 1a.1.1b") < at(&out, "Variation 1a.1.1a.1, instead of 1a.1.1b")
            && at(&out, "Variation 1a.1.1a.1,") < at(&out, "After 1a.1.2a"),
        "{out}"
    );
    let (status, out, _) = replay(&[VARIATIONS, "--turn", "1A.1.1A.1.2B"]);
    assert_eq!(status, 0);
    assert_eq!(headings(&out), ["After 1a.1.1a.1.2b: Kd4-e4"]);
    assert!(out.contains(" 4 │ ●  ·  ○ (⊡)[♔] ·  ● │ 4"), "{out}");
    // Only the problems up to the moves shown count.
    let (status, _, err) = replay(&[IN_A_VARIATION, "--turn", "1a.1.1a.1.2a"]);
    assert_eq!((status, err.as_str()), (0, ""));
    let (status, _, err) = replay(&[IN_A_VARIATION, "--turn", "1a.1.1a.1.2b"]);
    assert_eq!(status, 1);
    assert!(err.contains("hirp::tafl::move::not_orthogonal"), "{err}");
    // A move is answered with the main line's first and last moves.
    for (wanted, what, has) in [
        ("1a.3", "variation", ""),
        ("1a.1.5b", "move", ": its moves run 1a to 3b"),
    ] {
        let (status, _, err) = replay(&[VARIATIONS, "--turn", wanted]);
        assert_eq!(status, 2);
        assert_eq!(
            err,
            format!("error: game 1 of {VARIATIONS} has no {what} {wanted}{has}\n")
        );
    }
}
