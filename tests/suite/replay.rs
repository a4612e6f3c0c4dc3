//! `hirp replay`: boards as a person reads them, in plain text.

use crate::common;

use common::hirp;
use common::replay::{at, replay, replay_joined};
use hirp::hirp::render::text::Drawing;

#[test]
fn the_bundled_example_a_board_a_turn() {
    let (status, out, _) = replay(&[]);
    assert_eq!(status, 0);
    assert_eq!(
        out.matches("\nAfter ").count() + usize::from(out.starts_with("After")),
        10
    );
    assert!(out.contains("Silfr wins by Drepið, doubled: 10 points"));
    insta::assert_snapshot!(out);
}

#[test]
fn one_turn_step_by_step() {
    let (status, out, _) = replay(&["fixtures/rulebook/corrected.hirp", "--turn", "S4", "--step"]);
    assert_eq!(status, 0);
    for heading in [
        "S4, step 1 of 5: H75",
        "S4, steps 2–3 of 5: Khh7>3",
        "S4, step 4 of 5: L8>6",
        "S4, step 5 of 5: H8>6",
    ] {
        assert!(out.contains(heading), "{heading}");
    }
    // After `H8>6` Silfr's Lofðungr and the Hirþ from 8 stand on the line
    // to 6, and the legend names the arrow drawn.
    assert!(out.contains("S◀L") && out.contains("S◀1H"));
    assert!(out.contains("\n◀ pieces on a line, attacking the space the arrow points to\n"));
    assert!(out.contains("Battles of S4"));
    insta::assert_snapshot!(out);
}

#[test]
fn pieces_on_a_diagonal_line_stand_on_it() {
    let (status, out, _) = replay(&["--turn", "S5", "--step"]);
    assert_eq!(status, 0);
    let board: String = out.lines().skip(2).take(17).collect::<Vec<_>>().join("\n");
    assert!(out.starts_with("S5, step 1 of 5: Khh3>m"), "{out}");
    // Silfr's Karve attacks Miðr from 3: it stands on the line from 3 down
    // to Miðr, in place of the line's `╲`.
    let row = board.lines().nth(5).unwrap();
    assert_eq!(row.chars().position(|c| c == '↘'), Some(39), "{board}");
    assert!(row.contains("S↘K2"), "{board}");
    insta::assert_snapshot!(board);
}

#[test]
fn home_routes_reach_their_boxes() {
    let (_, out, _) = replay(&["--turn", "G1"]);
    let board: Vec<&str> = out.lines().skip(2).take(17).collect();
    // From the corner of 0 up to the corner of 1, and of 9 up to 7.
    assert!(board[4].starts_with("              ╱└"), "{}", board[4]);
    assert!(board[4].ends_with("┘╲"), "{}", board[4]);
    assert!(board[6].starts_with("┌──────────┐╱"), "{}", board[6]);
    assert!(board[6].ends_with("╲┌──────────┐"), "{}", board[6]);
    assert!(board[12].starts_with("              ╲┌"), "{}", board[12]);
    assert!(board[12].ends_with("┐╱"), "{}", board[12]);
}

#[test]
fn a_record_with_an_error_stops_there() {
    let (status, out, err) = replay(&["fixtures/rulebook/en.hirp"]);
    assert_eq!(status, 1);
    assert!(out.trim_end().ends_with("K2 a Karve with two Hirþs aboard"));
    assert!(out.contains("Gull to move"));
    assert!(out.contains("G2, steps 4–5 of 5: Khkh03"));
    assert!(!out.contains("After G2"), "the replay stops at the error");
    assert!(err.contains("hirp::syntax::crew_letter"));
    assert!(!err.contains("hirp::step::crew"), "only the first error");
    assert!(err.ends_with(
        "The replay stops at the first error, in G2: --continue goes on past errors \
         with the nearest legal reading.\n"
    ));
    let (_, joined) = replay_joined(&["fixtures/rulebook/en.hirp"]);
    assert!(at(&joined, "G2, steps 4–5 of 5: Khkh03 — 1 error") < at(&joined, "crew_letter"));
    insta::assert_snapshot!(joined);
}

#[test]
fn a_turn_after_an_error_shows_its_board_with_the_diagnostics_before_it() {
    let (status, out) = replay_joined(&["fixtures/rulebook/en.hirp", "--turn", "S5"]);
    assert_eq!(status, 1);
    // The problems of G2, S3 and S4, then S5's board, stopped at its error,
    // and S5's problems up to it under the board.
    let board = at(&out, "S5, steps 3–5 of 5: Khei — 1 error");
    assert!(at(&out, "hirp::syntax::crew_letter") < board);
    assert!(at(&out, "help: write `Khh7>3`") < board);
    assert!(board < at(&out, "hirp::step::attack_without_marker"));
    assert!(board < at(&out, "hirp::step::manned_karve_enters"));
    assert!(!out.contains("no_advance"), "the replay stops at the error");
    assert!(
        out.ends_with("in S5: --continue goes on past errors with the nearest legal reading.\n")
    );
    insta::assert_snapshot!(out);
}

/// The bundled example's advice on the letter of its record is no news:
/// its replay says nothing on standard error, while `validate` gives it.
#[test]
fn the_bundled_example_replays_without_its_advice() {
    let (status, _, err) = replay(&[]);
    assert_eq!((status, err.as_str()), (0, ""));
    let validated = hirp()
        .args(["validate", "fixtures/rulebook/corrected.hirp"])
        .output()
        .unwrap();
    let said = String::from_utf8(validated.stderr).unwrap();
    assert!(
        said.contains("hirp::battle::ended_without_advance"),
        "{said}"
    );
}

#[test]
fn continue_prints_each_diagnostic_under_the_board_of_its_turn() {
    let (status, out) = replay_joined(&["fixtures/rulebook/en.hirp", "--continue"]);
    assert_eq!(status, 1);
    for (board, code, next) in [
        (
            "After G2 — 1 error",
            "hirp::syntax::crew_letter",
            "After S2",
        ),
        ("After S3 — 1 error", "hirp::step::crew", "Battles of G4"),
        ("After S4 — 1 error", "write `Khh7>3`", "After G5"),
        (
            "After S5 — 1 error, 1 warning, 1 advice",
            "ended_without_advance",
            "Hirþs aboard\n\nhirp::",
        ),
    ] {
        assert!(at(&out, board) < at(&out, code), "{board}");
        assert!(
            at(&out, code) < at(&out, next) || next.ends_with("hirp::"),
            "{code}"
        );
    }
    // The faulty token is marked under the turn line of its turn's board.
    assert!(
        out.contains("\nG2 L01HeiKhkh03 /\n         ××××××\n"),
        "{out}"
    );
    assert!(!out.contains("stops at the first error"));
    insta::assert_snapshot!(out);
}

#[test]
fn a_game_of_several_or_with_players_is_named() {
    let (status, out, _) = replay(&["fixtures/valid/17-match-to-five.hirp", "--game", "2"]);
    assert_eq!(status, 0);
    assert!(out.starts_with(
        "fixtures/valid/17-match-to-five.hirp, game 2 of 3: Bjorn (Gull) against Ragna (Silfr)\n\nAfter G1\n"
    ), "{out}");
    let (_, out, _) = replay(&[]);
    assert!(
        out.starts_with("After G1\n"),
        "one game, no names: no title"
    );
}

#[test]
fn a_game_with_no_turns_says_so() {
    let dir = std::env::temp_dir().join(format!("hirp-no-turns-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tags.hirp");
    std::fs::write(&path, "[Event \"Cup\"]\n[Silfr \"Ragna\"]\n").unwrap();
    let output = hirp().arg("replay").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let path = path.display();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!(
            "{path}: Gull against Ragna (Silfr)\ngame 1 of {path} has no turns: there is no board to show\n"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn continue_goes_past_errors() {
    let (status, out, err) = replay(&["fixtures/rulebook/en.hirp", "--continue"]);
    assert_eq!(status, 1);
    assert!(out.contains("After S5"));
    assert!(out.contains("Silfr wins by Drepið, doubled: 10 points"));
    for code in ["crew_letter", "step::crew", "manned_karve_enters"] {
        assert!(err.contains(code), "{code}");
    }
}

/// `hirp replay ARGS` with `COLUMNS` set.
fn replay_in(columns: &str, args: &[&str]) -> String {
    let output = hirp()
        .env("COLUMNS", columns)
        .arg("replay")
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn fewer_columns_than_the_full_board_give_the_compact_one() {
    let full = Drawing::Full.width();
    assert_eq!(full, 93);
    // Where the full board fits, its output is what it always was.
    let (_, wide, _) = replay(&["--step"]);
    assert_eq!(replay_in(&full.to_string(), &["--step"]), wide);
    assert!(wide.lines().any(|l| l.chars().count() == full));
    // Else every line fits 80 columns: boards, battle tables, panels,
    // legends, in every game of the fixtures.
    for path in [
        "fixtures/valid/02-thungur-hnifur-lone-l-tie.hirp",
        "fixtures/valid/08-karve-battles.hirp",
        "fixtures/valid/11-drepid-full-karve.hirp",
        "fixtures/rulebook/en.hirp",
    ] {
        let out = replay_in("80", &[path, "--step", "--continue"]);
        assert!(out.contains("┌m Miðr───┐"), "{path}");
        for line in out.lines() {
            assert!(line.chars().count() <= 80, "{path}: {line}");
        }
    }
    let narrower = replay_in(&(full - 1).to_string(), &["--turn", "S4"]);
    assert!(narrower.contains("┌m Miðr───┐"), "{narrower}");
    insta::assert_snapshot!(replay_in("80", &["--turn", "S4"]));
}

#[test]
fn a_turn_is_asked_for_in_either_case() {
    let (status, out, _) = replay(&["--turn", "s4"]);
    assert_eq!(status, 0);
    assert_eq!(out, replay(&["--turn", "S4"]).1);
    let board = |turn: &str| hirp().args(["board", "--turn", turn]).output().unwrap();
    let lower = board("g4");
    assert_eq!(lower.status.code(), Some(0));
    assert_eq!(lower.stdout, board("G4").stdout);
    let output = board("x1");
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        said.contains("`x1` is not 0 (the start), a turn label"),
        "{said}"
    );
}

#[test]
fn bad_choices_are_usage_errors() {
    let (status, _, err) = replay(&["--game", "2"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: rulebook example has 1 game; there is no game 2\n"
    );
    let (status, _, err) = replay(&["--turn", "S9"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: game 1 of rulebook example has no turn S9: its turns run G1 to S5\n"
    );
    let (status, _, err) = replay(&["--turn", "X1"]);
    assert_eq!(status, 2);
    assert!(err.contains("`X1` is not a turn label"), "{err}");
    let (status, _, err) = replay(&["no-such.hirp"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: cannot read no-such.hirp: no such file or directory\n"
    );
}

#[test]
fn colour_only_when_asked_for() {
    let (_, plain, _) = replay(&["--turn", "G1"]);
    assert!(!plain.contains('\u{1b}'));
    let output = hirp()
        .args(["--color", "always", "replay", "--turn", "G1"])
        .output()
        .unwrap();
    let coloured = String::from_utf8(output.stdout).unwrap();
    assert!(
        coloured.contains("\u{1b}[1;38;2;218;165;32m"),
        "Gull in gold"
    );
    assert!(
        coloured.contains("\u{1b}[1;38;2;176;182;190m"),
        "Silfr in silver-grey"
    );
    // A token at fault is red, and marked `×` under the turn line all the
    // same, as without colours: never told by its colour alone.
    let run = |color: &str| {
        let output = hirp()
            .args(["--color", color, "replay", "fixtures/rulebook/en.hirp"])
            .args(["--turn", "G2"])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let coloured = run("always");
    assert!(coloured.contains("\u{1b}[1;31mKhkh03"), "{coloured}");
    assert!(coloured.contains("\u{1b}[1;31m××××××"), "{coloured}");
    let plain = run("never");
    assert!(plain.contains("\n         ××××××\n"), "{plain}");
    assert_eq!(without_escapes(&coloured), plain);
}

/// `text` without its colours' escape sequences.
fn without_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn interactive_needs_a_terminal() {
    let (status, _, err) = replay(&["-i"]);
    assert_eq!(status, 2);
    assert!(
        err.starts_with("error: --interactive needs a terminal"),
        "{err}"
    );
}

#[test]
fn board_shows_one_position_as_text_or_svg() {
    let output = hirp().args(["board", "--turn", "G4"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let board = String::from_utf8(output.stdout).unwrap();
    assert!(board.starts_with("After G4"));
    insta::assert_snapshot!(board);

    let output = hirp().args(["board", "--svg", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let picture = String::from_utf8(output.stdout).unwrap();
    let document = roxmltree::Document::parse(&picture).expect("the picture is XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    assert!(
        picture.contains(
            "rulebook example, game 1, after S5: Silfr wins by Drepið, doubled: 10 points"
        )
    );

    let output = hirp().args(["board", "--turn", "S9"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: game 1 of rulebook example has no turn S9: its turns run G1 to S5\n"
    );
}

#[test]
fn replay_writes_a_picture_a_turn() {
    let dir = std::env::temp_dir().join(format!("hirp-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let output = hirp()
        .arg("replay")
        .arg("--svg-dir")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    assert_eq!(
        (names[0].as_str(), names[9].as_str()),
        ("01-G1.svg", "10-S5.svg")
    );
    for name in &names {
        let picture = std::fs::read_to_string(dir.join(name)).unwrap();
        roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn captions_name_the_file_not_its_path() {
    let path = common::root().join("fixtures/rulebook/corrected.hirp");
    let output = hirp()
        .arg("board")
        .arg(&path)
        .args(["--svg", "-"])
        .output()
        .unwrap();
    let picture = String::from_utf8(output.stdout).unwrap();
    assert!(
        picture.contains(
            ">corrected.hirp, game 1, after S5: Silfr wins by Drepið, doubled: 10 points<"
        ),
        "{picture}"
    );
    let dir = std::env::temp_dir().join(format!("hirp-caption-{}", std::process::id()));
    let output = hirp()
        .arg("replay")
        .arg(&path)
        .arg("--svg-dir")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let picture = std::fs::read_to_string(dir.join("04-S2.svg")).unwrap();
    assert!(picture.contains("<title>corrected.hirp, game 1, after S2</title>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_picture_is_what_board_draws() {
    let output = hirp()
        .args([
            "board",
            "fixtures/rulebook/corrected.hirp",
            "--turn",
            "S4",
            "--svg",
            "-",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        common::fixture("docs/rulebook-s4.svg"),
        "docs/rulebook-s4.svg is stale: run the command in docs/guide.md again"
    );
}

/// Keeps what an observer sees: every written step, as the library hands it.
#[derive(Default)]
struct Steps(Vec<(usize, usize, u8, hirp::hirp::rules::Position)>);

impl hirp::hirp::replay::Observer for Steps {
    fn step(&mut self, s: &hirp::hirp::replay::StepView<'_>) {
        self.0.push((s.index, s.token, s.steps, *s.position));
    }
}

#[test]
fn an_observer_sees_every_written_step() {
    let text = std::fs::read_to_string("fixtures/rulebook/corrected.hirp").unwrap();
    let parsed = hirp::hirp::parse(&text);
    let game = &parsed.record.games[0];
    let mut seen = Steps::default();
    let report = hirp::hirp::replay::replay_game_with(game, &[], &mut seen);
    assert!(report.is_valid());
    let tokens: usize = game.turns.iter().map(|t| t.steps.len()).sum();
    assert_eq!(seen.0.len(), tokens);
    // Each turn's last token brings its count to five.
    for (n, turn) in game.turns.iter().enumerate() {
        let last = seen.0.iter().rfind(|(index, ..)| *index == n).unwrap();
        assert_eq!(
            (last.1, last.2),
            (turn.steps.len() - 1, 5),
            "{}",
            turn.label
        );
    }
    // After S4's `H8>6`, its last step, Silfr's Lofðungr and a Hirþ from 8
    // stand on the line to 6, before the battles.
    let (_, _, _, position) = seen.0.iter().find(|(i, t, ..)| *i == 7 && *t == 3).unwrap();
    let silfr = position.army(hirp::hirp::Side::Silfr);
    assert_eq!(
        silfr.lofdungr.attacking,
        Some(hirp::hirp::Space::SilfrSudrArchipelago)
    );
    insta::assert_snapshot!(hirp::hirp::render::text::board(position).plain());
}
