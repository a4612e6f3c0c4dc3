//! `hirp validate` on tafl records: every fixture of `fixtures/tafl/`
//! under the preset its folder names (`tag/`: under its own rules tag, or
//! none), every code of the replay with its fixture, and random games of
//! every preset valid.

use crate::common;

use std::path::Path;

use common::{hirp, relative, root};
use hirp::tafl::replay::{ProblemKind, replay_record};
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, parse};
use proptest::prelude::*;

/// The `--rules` a fixture is checked under: its folder's preset.
fn rules_args(path: &Path) -> Vec<String> {
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str());
    match folder {
        Some("tag") | None => Vec::new(),
        Some(preset) => vec!["--rules".to_owned(), preset.to_owned()],
    }
}

/// Runs `hirp validate` on a fixture: its exit status, standard output and
/// standard error.
fn validate(path: &Path, json: bool) -> (i32, String, String) {
    validate_with(path, json, &[])
}

/// [`validate`] with more arguments.
fn validate_with(path: &Path, json: bool, more: &[&str]) -> (i32, String, String) {
    let mut cmd = hirp();
    cmd.arg("validate")
        .arg(relative(path))
        .args(rules_args(path))
        .args(more);
    if json {
        cmd.args(["--format", "json"]);
    }
    let out = cmd.output().expect("hirp runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The end a valid fixture's name promises, as JSON names it.
fn promised_end(stem: &str) -> Option<&'static str> {
    let ends = [
        ("king_captured", "king-captured"),
        ("king_escaped", "king-escaped"),
        ("repetition", "repetition"),
        ("no_moves", "no-moves"),
        ("immobile", "immobile"),
        ("all_captured", "all-captured"),
        ("resigned", "resigned"),
        ("timeout", "timeout"),
        ("agreed", "agreed"),
    ];
    ends.iter()
        .find(|(name, _)| stem.starts_with(name))
        .map(|(_, end)| *end)
}

#[test]
fn valid_fixtures_replay_with_no_problem_to_the_end_their_name_says() {
    insta::glob!("../../fixtures/tafl/valid", "*/*.*", |path| {
        let (status, out, err) = validate(path, true);
        assert_eq!(status, 0, "{}: {err}", relative(path));
        let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let game = &report["files"][0]["games"][0];
        assert_eq!(
            game["diagnostics"],
            serde_json::json!([]),
            "{}",
            relative(path)
        );
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let victory = game["result"]["victory"].as_str();
        assert_eq!(victory, promised_end(stem), "{}", relative(path));
    });
}

/// Each invalid fixture gives its code; a pedantic code's fixture only
/// with `--pedantic`, and nothing without it.
#[test]
fn invalid_fixtures_report_their_code_as_a_user_sees_it() {
    insta::glob!("../../fixtures/tafl/invalid", "*/err_*.*", |path| {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let kind = ProblemKind::ALL
            .iter()
            .find(|k| stem.starts_with(&format!("err_{}", k.code().replace("::", "_"))))
            .expect("the fixture is named after a code");
        let code = format!("hirp::tafl::{}", kind.code());
        let (status, out, err) = if kind.is_pedantic() {
            let (status, _, err) = validate(path, false);
            assert_eq!((status, err.as_str()), (0, ""), "{}", relative(path));
            validate_with(path, false, &["--pedantic"])
        } else {
            validate(path, false)
        };
        if *kind == ProblemKind::RulesMissing {
            // The command line refuses an archive with no rule set in one
            // line, naming the presets, not with this code once a game.
            assert_eq!(status, 2, "{}", relative(path));
            assert_eq!(err.lines().count(), 1, "{}: {err}", relative(path));
            assert!(
                err.contains("which names no rule set: give --rules"),
                "{err}"
            );
            insta::assert_snapshot!(format!("{err}\n---\n{out}"));
            return;
        }
        assert!(err.contains(&code), "{}: {err}", relative(path));
        if *kind == ProblemKind::RulesNotPlayed {
            // No verdict rests on rules that are not played.
            assert_eq!(status, 2, "{}", relative(path));
        } else if kind.severity() == hirp::Severity::Error {
            assert_eq!(status, 1, "{}", relative(path));
        }
        insta::assert_snapshot!(format!("{err}\n---\n{out}"));
    });
}

#[test]
fn every_code_has_its_fixture() {
    let mut names = Vec::new();
    for folder in std::fs::read_dir(root().join("fixtures/tafl/invalid")).expect("the folder") {
        for file in std::fs::read_dir(folder.expect("an entry").path()).expect("a folder") {
            names.push(
                file.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    for kind in ProblemKind::ALL {
        let prefix = format!("err_{}", kind.code().replace("::", "_"));
        assert!(
            names.iter().any(|n| n.starts_with(&prefix)),
            "no fixture for hirp::tafl::{}",
            kind.code()
        );
    }
}

/// The table in `docs/codes.md` of the replay's codes lists every code with its
/// severity and message, and links the fixture that reports it, whose line
/// at fault it quotes.
#[test]
fn the_codes_page_lists_every_replay_code_with_its_game() {
    let page = common::fixture("docs/codes.md");
    for kind in ProblemKind::ALL {
        let code = format!("hirp::tafl::{}", kind.code());
        let start = format!("| `{code}` | {} | `", kind.severity().name());
        let line = page
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("docs/codes.md lacks the row of {code}"));
        assert!(
            line.ends_with(&format!(" | {} |", kind.message())),
            "{line}"
        );
        let (example, link) = line[start.len()..]
            .split_once("` ([game](")
            .unwrap_or_else(|| panic!("{code} links its game"));
        let path = &link[..link.find(')').expect("the link ends")];
        let name = format!("err_{}.", kind.code().replace("::", "_"));
        assert!(path.contains(&name), "{code} links {path}");
        // The link is relative to docs/.
        let game = common::fixture(&format!("docs/{path}"));
        assert!(
            game.contains(&example.replace("\\|", "|")),
            "{path} holds `{example}`"
        );
    }
}

#[test]
fn the_json_report_of_a_wrong_capture_names_the_computed_set_and_the_fix() {
    let path = root().join("fixtures/tafl/invalid/brandub/err_capture_missing.otg");
    let (status, out, _) = validate(&path, true);
    assert_eq!(status, 1);
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    insta::assert_json_snapshot!(report);
}

#[test]
fn an_archive_gives_one_game_a_line_in_order() {
    let text = "d2-c2 d3-c3,0,0,Ongoing\nf4-f7 e4-e7xf7,0,1,White\nd2-d2,0,0,Ongoing\n";
    let parsed = parse(text, Form::Csv);
    let rules = RuleSet::preset("brandub").expect("the preset");
    let replays = replay_record(&parsed.record, &parsed.errors, Some(&rules));
    let verdicts: Vec<(bool, usize)> = replays.iter().map(|r| (r.is_valid(), r.moves)).collect();
    assert_eq!(verdicts, [(true, 2), (true, 2), (false, 1)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_games_validate_with_no_error_under_every_preset(seed in any::<u64>()) {
        for preset in RuleSet::PRESETS {
            let rules = RuleSet::preset(preset).expect("the preset");
            let mut rng = hirp::core::Rng::new(seed);
            let text = hirp::tafl::generate::game(&rules, &mut rng, 160);
            let parsed = parse(&text, Form::Otg);
            let replays = replay_record(&parsed.record, &parsed.errors, None);
            prop_assert_eq!(replays.len(), 1);
            prop_assert!(replays[0].problems.is_empty(), "{preset}: {text}\n{:?}", replays[0].problems);
            let position_count = replays[0].positions().len();
            prop_assert_eq!(position_count, replays[0].moves + 1);
        }
    }
}

#[test]
fn a_tafl_file_checked_on_several_threads_reads_as_on_one() {
    // Generated games, those that open with d2- miswritten (about one in
    // four), so that problems, results and games of every length are all
    // to be handed back in file order.
    let generated = hirp()
        .args(["gen", "--rules", "brandub", "--seed", "3", "--games", "300"])
        .output()
        .unwrap();
    assert_eq!(generated.status.code(), Some(0));
    let mut text = String::from_utf8(generated.stdout).unwrap();
    text = text.replace("1. d2-", "1. d2x");
    let dir = std::env::temp_dir().join(format!("hirp-tafl-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let otg = dir.join("games.otg");
    std::fs::write(&otg, &text).unwrap();
    let inputs: [Vec<String>; 2] = [
        vec![otg.display().to_string()],
        vec![
            "--rules".into(),
            "brandubh-online".into(),
            "fixtures/tafl/archives/brandubh.csv".into(),
        ],
    ];
    for input in &inputs {
        for format in ["human", "json"] {
            let run = |jobs: &str| {
                let output = hirp()
                    .args(["validate", "-j", jobs, "--format", format])
                    .args(input)
                    .output()
                    .unwrap();
                (output.status.code(), output.stdout, output.stderr)
            };
            let one = run("1");
            assert!(!one.1.is_empty());
            for jobs in ["2", "3"] {
                assert!(run(jobs) == one, "{input:?} --format {format} -j {jobs}");
            }
        }
    }
}

/// `hirp rules` lists every preset with its board, a line and its rules
/// string; `hirp rules NAME` prints the string alone, which a game file's
/// tag then replays under as `--rules NAME` does; a name that is no preset
/// is exit 2, with the nearest.
#[test]
fn hirp_rules_lists_the_presets_and_prints_one() {
    let listed = hirp().arg("rules").output().unwrap();
    assert_eq!(listed.status.code(), Some(0));
    let listing = String::from_utf8(listed.stdout).unwrap();
    for name in RuleSet::PRESETS {
        assert!(
            listing.contains(&format!("\n{name} (")) || listing.starts_with(name),
            "{name}"
        );
    }
    insta::assert_snapshot!(listing);

    let printed = hirp().args(["rules", "magpie"]).output().unwrap();
    assert_eq!(printed.status.code(), Some(0));
    let string = String::from_utf8(printed.stdout).unwrap();
    let magpie = RuleSet::preset("magpie").unwrap();
    assert_eq!(string, format!("{magpie}\n"));
    // Pasted into a tag: the king's two-square move is refused as under
    // `--rules magpie`.
    let game = format!(
        "[rules:{}]\n\n1. a4-a2 d5-f5\n2. d6-b6 d4-d6\n",
        string.trim_end()
    );
    let out = hirp()
        .args(["validate", "-"])
        .write_stdin(game)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("hirp::tafl::move::too_far")
    );

    let unknown = hirp().args(["rules", "tablot"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(unknown.stderr).unwrap(),
        "error: `tablot` is not a preset; did you mean `tablut`? (`hirp rules` lists them)\n"
    );
    // A name that begins a preset's: the archive's Brandubh is offered
    // beside the nearest.
    let brandubh = hirp().args(["rules", "Brandubh"]).output().unwrap();
    assert_eq!(
        String::from_utf8(brandubh.stderr).unwrap(),
        "error: `Brandubh` is not a preset; did you mean `brandub` or `brandubh-online`? \
         (`hirp rules` lists them)\n"
    );
}

#[test]
fn preset_names_are_read_in_any_case() {
    let upper = hirp().args(["rules", "MAGPIE"]).output().unwrap();
    assert_eq!(upper.status.code(), Some(0));
    let lower = hirp().args(["rules", "magpie"]).output().unwrap();
    assert_eq!(upper.stdout, lower.stdout);

    let game = "1. d1-d3\n";
    let out = hirp()
        .args(["validate", "--rules", "Brandub", "-"])
        .write_stdin(format!(
            "[rules:{}]\n\n{game}",
            "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        ))
        .output()
        .unwrap();
    assert_ne!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // A near miss in another case is named in the preset's own.
    let near = hirp()
        .args(["validate", "--rules", "Brandubh", "-"])
        .write_stdin(game)
        .output()
        .unwrap();
    assert_eq!(near.status.code(), Some(2));
    assert!(
        String::from_utf8(near.stderr)
            .unwrap()
            .contains("did you mean `brandub` or `brandubh-online`?")
    );
}

#[test]
fn max_errors_zero_is_refused_in_words() {
    let out = hirp()
        .args(["validate", "--max-errors", "0", "-"])
        .write_stdin("1. d1-d3\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("stopping after no error would report nothing: give 1 or more"),
        "{stderr}"
    );
    assert!(!stderr.contains("non-zero type"), "{stderr}");
}

#[test]
fn an_archive_without_rules_is_refused_once_by_each_command() {
    let archive = "fixtures/tafl/valid/brandub/timeout.csv";
    let html = std::env::temp_dir().join(format!("hirp-no-rules-{}.html", std::process::id()));
    let html = html.to_str().unwrap();
    for args in [
        vec!["validate", archive, archive],
        vec!["fix", archive],
        vec!["html", archive, "-o", html],
        vec!["convert", "--to", "otg", archive],
    ] {
        let out = hirp().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let named = args.iter().filter(|a| **a == archive).count();
        assert_eq!(stderr.lines().count(), named, "{args:?}: {stderr}");
        assert!(
            stderr.contains("copenhagen, hnefatafl-org-7"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!std::path::Path::new(html).exists());
    let given = hirp()
        .args(["validate", "--rules", "brandubh-online", archive])
        .output()
        .unwrap();
    assert_eq!(given.status.code(), Some(0));
}

#[test]
fn directories_are_walked_for_records_in_any_case_and_hint_at_archives() {
    let dir = std::env::temp_dir().join(format!("hirp-walk-case-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        root().join("fixtures/rulebook/corrected.hirp"),
        dir.join("GAME.HIRP"),
    )
    .unwrap();
    let path = dir.to_str().unwrap();
    let out = hirp().args(["validate", path]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("GAME.HIRP: game 1")
    );

    std::fs::remove_file(dir.join("GAME.HIRP")).unwrap();
    std::fs::copy(
        root().join("fixtures/tafl/valid/brandub/timeout.csv"),
        dir.join("games.csv"),
    )
    .unwrap();
    let out = hirp()
        .args(["validate", "--rules", "brandub", path])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("archives (*.csv, 1 here) are read only when named, with --rules"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
