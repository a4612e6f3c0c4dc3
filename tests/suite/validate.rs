//! `hirp validate`: the rulebook's example in its editions, one record per
//! diagnostic code, and valid games of every kind.

use crate::common;

use hirp::Severity;
use hirp::hirp::replay::{ProblemKind, replay_record};

/// Validates a fixture as `hirp validate` does, game by game with matches
/// and results, and returns (code, turn, severity) of each problem of every
/// game, and the first game's result as "Silfr drepid 10".
fn problems(path: &str) -> (Vec<(String, String, Severity)>, Option<String>) {
    let file = std::fs::File::open(common::root().join(path)).unwrap();
    let mut problems = Vec::new();
    let mut results = Vec::new();
    hirp::hirp::check::check(
        std::io::BufReader::new(file),
        Default::default(),
        |checked| {
            problems.extend(checked.report.problems.iter().map(|p| {
                (
                    p.code.to_string(),
                    p.turn.clone().unwrap_or_default(),
                    p.severity,
                )
            }));
            if checked.number > 0 {
                results.push(checked.report.result);
            }
            true
        },
    )
    .unwrap();
    let result = results
        .first()
        .copied()
        .flatten()
        .map(|v| format!("{} {} {}", v.winner.name(), v.kind.code(), v.points()));
    (problems, result)
}

fn expect(path: &str, expected: &[(&str, &str, Severity)]) {
    let (found, result) = problems(path);
    let found: Vec<(&str, &str, Severity)> = found
        .iter()
        .map(|(c, t, s)| (c.as_str(), t.as_str(), *s))
        .collect();
    assert_eq!(found, expected, "{path}");
    assert_eq!(result.as_deref(), Some("Silfr drepid 10"), "{path}");
}

/// The human report as a user sees it: diagnostics, then the summary.
fn human_report(path: &str) -> (i32, String) {
    human_report_with(path, &[])
}

/// [`human_report`] with more arguments.
fn human_report_with(path: &str, args: &[&str]) -> (i32, String) {
    let output = common::hirp()
        .args(["validate", path])
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8(output.stderr).unwrap(),
        String::from_utf8(output.stdout).unwrap()
    );
    (output.status.code().unwrap(), text)
}

use Severity::{Advice, Error, Warning};

#[test]
fn corrected_example_is_valid_with_one_advice() {
    expect(
        "fixtures/rulebook/corrected.hirp",
        &[("hirp::battle::ended_without_advance", "S5", Advice)],
    );
    let (status, report) = human_report("fixtures/rulebook/corrected.hirp");
    assert_eq!(status, 0);
    insta::assert_snapshot!(report);
}

#[test]
fn english_edition() {
    expect(
        "fixtures/rulebook/en.hirp",
        &[
            ("hirp::syntax::crew_letter", "G2", Error),
            ("hirp::step::crew", "S3", Error),
            ("hirp::step::crew", "S4", Error),
            ("hirp::step::attack_without_marker", "S5", Warning),
            ("hirp::step::manned_karve_enters", "S5", Error),
            ("hirp::battle::ended_without_advance", "S5", Advice),
        ],
    );
    let (status, report) = human_report("fixtures/rulebook/en.hirp");
    assert_eq!(status, 1);
    for help in ["`Khhh03`", "`Khh97`", "`Khh7>3`", "`Khh3>m`", "`KeHei`"] {
        assert!(report.contains(help), "the report offers {help}");
    }
    insta::assert_snapshot!(report);
}

#[test]
fn french_edition() {
    expect(
        "fixtures/rulebook/fr.hirp",
        &[
            ("hirp::syntax::crew_letter", "G2", Error),
            ("hirp::turn::label", "S3", Error),
            ("hirp::syntax::crew_letter", "S3", Error),
            ("hirp::syntax::crew_letter", "S4", Error),
            ("hirp::step::attack_without_marker", "S5", Warning),
            ("hirp::step::manned_karve_enters", "S5", Error),
            ("hirp::battle::ended_without_advance", "S5", Advice),
        ],
    );
    let (status, report) = human_report("fixtures/rulebook/fr.hirp");
    assert_eq!(status, 1);
    for help in [
        "`Khhh03`", "`S3`", "`Khh97`", "`Khh7>3`", "`Khh3>m`", "`KeHei`",
    ] {
        assert!(report.contains(help), "the report offers {help}");
    }
    insta::assert_snapshot!(report);
}

#[test]
fn polish_edition() {
    expect(
        "fixtures/rulebook/pl.hirp",
        &[
            ("hirp::step::crew", "G2", Error),
            ("hirp::syntax::text_after_no_battle", "G3", Error),
            ("hirp::step::attack_without_marker", "S5", Warning),
            ("hirp::step::manned_karve_enters", "S5", Error),
            ("hirp::battle::ended_without_advance", "S5", Advice),
        ],
    );
    let (status, report) = human_report("fixtures/rulebook/pl.hirp");
    assert_eq!(status, 1);
    for help in ["`Khhh03`", "`>6SK^GH6`", "`Khh3>m`", "`KeHei`"] {
        assert!(report.contains(help), "the report offers {help}");
    }
    insta::assert_snapshot!(report);
}

#[test]
fn json_report_of_the_english_edition() {
    let output = common::hirp()
        .args(["validate", "--format", "json", "fixtures/rulebook/en.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let game = &json["files"][0]["games"][0];
    assert_eq!(game["valid"], false);
    assert_eq!(game["turns"], 10);
    assert_eq!(
        game["result"],
        serde_json::json!({"winner": "silfr", "victory": "drepid", "points": 10})
    );
    let crew = &game["diagnostics"][1];
    assert_eq!(crew["code"], "hirp::step::crew");
    assert_eq!(crew["turn"], "S3");
    assert_eq!(
        (crew["line"].clone(), crew["column"].clone()),
        (6.into(), 11.into())
    );
    assert_eq!(crew["help"], "write `Khh97`");
    insta::assert_json_snapshot!(json);
}

#[test]
fn strict_turns_warnings_into_errors() {
    let path = "fixtures/invalid/rules/err_battle_order.hirp";
    let plain = common::hirp().args(["validate", path]).output().unwrap();
    assert_eq!(
        plain.status.code(),
        Some(0),
        "a warning alone leaves the record valid"
    );
    let strict = common::hirp()
        .args(["validate", "--strict", path])
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(1));
}

#[test]
fn max_errors_stops_after_exactly_that_many_errors() {
    let editions = ["fixtures/rulebook/en.hirp", "fixtures/rulebook/fr.hirp"];
    // The English edition: 4 errors, a warning between the third and the
    // fourth, an advice after it; the French: 5 errors, a warning between
    // the fourth and the fifth, an advice after it. The limit reached, what
    // follows the last error is not reported, even when it is the last.
    for max in 1..=9 {
        let output = common::hirp()
            .args(["validate", "--max-errors", &max.to_string()])
            .args(editions)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{max}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        let shown = |mark: &str| stderr.matches(&format!("\n  {mark} ")).count();
        assert_eq!(shown("×"), max, "--max-errors {max}:\n{stderr}");
        assert_eq!(shown("⚠"), usize::from(max >= 4) + usize::from(max >= 9));
        assert_eq!(
            shown("☞"),
            usize::from(max >= 5),
            "nothing after the last error"
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stopped = format!("stopped after {max} error");
        assert!(stdout.contains(&stopped), "{stdout}");
    }
    let output = common::hirp()
        .args(["validate", "--max-errors", "2"])
        .args(editions)
        .output()
        .unwrap();
    insta::assert_snapshot!(format!(
        "{}{}",
        String::from_utf8(output.stderr).unwrap(),
        String::from_utf8(output.stdout).unwrap()
    ));
}

/// The code a fixture is named after: `err_battle_missing_fighter_2.hirp`
/// is `hirp::battle::missing_fighter`.
fn code_of(stem: &str) -> String {
    let name = stem.strip_prefix("err_").expect("named err_<area>_<name>");
    let name = match name.rsplit_once('_') {
        Some((name, n)) if n.chars().all(|c| c.is_ascii_digit()) => name,
        _ => name,
    };
    let (area, rest) = name.split_once('_').expect("an area and a name");
    format!("hirp::{area}::{rest}")
}

#[test]
fn every_rules_fixture_reports_its_code() {
    insta::glob!("../../fixtures/invalid/rules", "*.hirp", |path| {
        let relative = common::relative(path);
        let code = code_of(&path.file_stem().unwrap().to_string_lossy());
        let (found, _) = problems(&relative);
        let advice = ProblemKind::ALL
            .iter()
            .any(|k| format!("hirp::{}", k.code()) == code && k.severity() == Advice);
        let first_own = found
            .iter()
            .find(|(c, _, s)| !c.starts_with("hirp::syntax") && (advice || *s != Advice));
        assert!(
            found.iter().any(|(c, _, _)| *c == code),
            "{relative} reports {code}: {found:?}"
        );
        assert_eq!(
            first_own.map(|(c, _, _)| c.as_str()),
            Some(code.as_str()),
            "{relative}: the first problem the replay finds (advice aside) is {code}"
        );
        // One mistake, one problem: nothing it causes later is reported.
        let serious: Vec<_> = found
            .iter()
            .filter(|(c, _, s)| !c.starts_with("hirp::syntax") && *s != Advice)
            .collect();
        assert!(
            serious.len() <= 1,
            "{relative} reports only its own problem: {found:?}"
        );
        let (_, report) = human_report(&relative);
        insta::assert_snapshot!(report);
    });
}

#[test]
fn every_problem_kind_has_a_fixture() {
    let dir = common::root().join("fixtures/invalid/rules");
    let codes: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| code_of(e.unwrap().path().file_stem().unwrap().to_str().unwrap()))
        .collect();
    for kind in ProblemKind::ALL {
        let code = format!("hirp::{}", kind.code());
        assert!(codes.contains(&code), "no fixture reports {code}");
    }
}

#[test]
fn the_codes_page_lists_every_replay_code_with_its_game() {
    let page = common::fixture("docs/codes.md");
    for kind in ProblemKind::ALL {
        let code = kind.code();
        let (area, name) = code.split_once("::").unwrap();
        let row = format!("| `hirp::{code}` | {} | ", kind.severity().name());
        let game = format!("(../fixtures/invalid/rules/err_{area}_{name}.hirp)");
        let line = page
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("docs/codes.md lacks the row of hirp::{code}"));
        assert!(line.contains(&game), "the row of hirp::{code} links {game}");
    }
}

#[test]
fn valid_games_have_no_problem() {
    insta::glob!("../../fixtures/valid", "*.hirp", |path| {
        let relative = common::relative(path);
        let (problems, _) = problems(&relative);
        let serious: Vec<_> = problems.iter().filter(|(_, _, s)| *s != Advice).collect();
        assert!(serious.is_empty(), "{relative}: {problems:?}");
        // Their [Result] tags are checked by the replay, and agree.
        assert!(
            common::fixture(&relative).contains("[Result "),
            "{relative} has a [Result] tag"
        );
        // Each game's line, with its result and its match's standing.
        let (status, report) = human_report_with(&relative, &["--all"]);
        assert_eq!(status, 0);
        insta::assert_snapshot!(report);
    });
}

#[test]
fn valid_games_cover_every_victory() {
    let dir = common::root().join("fixtures/valid");
    let mut victories = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let parsed = hirp::hirp::parse(&text);
        let report = replay_record(&parsed.record, &parsed.errors);
        if let Some(victory) = report.games[0].result {
            victories.push((victory.kind, victory.multiplier));
        }
    }
    use hirp::hirp::VictoryKind::*;
    for kind in [Yfirrad, ThungurHnifur, Drepid, RefusedDouble, RefusedTriple] {
        assert!(
            victories.iter().any(|(k, _)| *k == kind),
            "a valid game ends in {kind:?}"
        );
    }
    assert!(victories.iter().any(|(_, m)| *m == 2), "a doubled game");
    assert!(victories.iter().any(|(_, m)| *m == 3), "a tripled game");
}

#[test]
fn a_game_cut_by_max_errors_counts_what_is_reported_as_the_summary_does() {
    let output = common::hirp()
        .args(["validate", "--max-errors", "1", "fixtures/rulebook/en.hirp"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("(10 turns; 1 error, no warnings, no advice, then stopped)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nerrors     1  "), "{stdout}");
    assert!(stdout.contains("\nwarnings   0\n"), "{stdout}");
}

/// At the width `COLUMNS` gives (through a pipe, as on a terminal of that
/// width), a label too long for the line is broken between words under
/// where it starts: every line that carries a label keeps to the width
/// when its label starts within it.
#[test]
fn labels_keep_to_the_width_broken_between_words() {
    let output = common::hirp()
        .env("COLUMNS", "80")
        .args(["validate", "fixtures/rulebook/en.hirp"])
        .output()
        .unwrap();
    let report = String::from_utf8(output.stderr).unwrap();
    insta::assert_snapshot!(report);
    let paths = [
        "fixtures/rulebook",
        "fixtures/invalid",
        "fixtures/tafl/invalid",
    ];
    for columns in [60usize, 80] {
        let output = common::hirp()
            .env("COLUMNS", columns.to_string())
            .arg("validate")
            .args(paths)
            .output()
            .unwrap();
        let report = String::from_utf8(output.stderr).unwrap();
        let mut labels = 0;
        for line in report.lines() {
            // A label's line, or the line a broken label goes on with.
            let Some(start) = line.find(['╰', '│']).filter(|_| line.contains(" · ")) else {
                continue;
            };
            labels += 1;
            let starts = line[..start].chars().count() + 4;
            if starts + 20 <= columns {
                assert!(line.chars().count() <= columns, "{line:?}");
            }
        }
        assert!(labels > 50, "{labels} labels");
    }
}
