//! `examples/check.rs`, the check of any record through the library's
//! neutral API, run as a user of the crate runs it: its verdict on every
//! record of the fixtures agrees with `hirp validate`'s, and what it says
//! of usage, unread files and rules is what its documentation says.

use crate::check;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use check::Outcome;

/// What the example prints and the outcome it exits with.
fn run(args: &[&str]) -> (Outcome, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let outcome = check::run(&args, &mut out, &mut err);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (outcome, text(out), text(err))
}

/// The records of the fixtures, every family and form, with the rules an
/// archive is checked under.
fn records() -> Vec<(PathBuf, Option<&'static str>)> {
    let mut found = Vec::new();
    let mut dirs = vec![PathBuf::from("fixtures")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let extension = path.extension().and_then(|e| e.to_str());
            if path.is_dir() {
                dirs.push(path);
            } else if let Some(extension @ ("hirp" | "otg" | "csv")) = extension {
                let rules = match extension {
                    "csv" if path.ends_with("brandubh.csv") => Some("brandub"),
                    "csv" => Some("copenhagen"),
                    _ => None,
                };
                found.push((path, rules));
            }
        }
    }
    found.sort();
    found
}

/// The exit status of `hirp validate` on one record.
fn validate(path: &Path, rules: Option<&str>) -> i32 {
    let mut command = Command::cargo_bin("hirp").unwrap();
    command.arg("validate").arg("--quiet").arg(path);
    if let Some(rules) = rules {
        command.args(["--rules", rules]);
    }
    command.output().unwrap().status.code().unwrap()
}

#[test]
fn its_verdict_on_every_record_of_the_fixtures_is_validates() {
    let records = records();
    assert!(records.len() > 600, "only {} records found", records.len());
    let (mut valid, mut invalid) = (0, 0);
    for (path, rules) in &records {
        let shown = path.display().to_string();
        let mut args = Vec::new();
        if let Some(rules) = rules {
            args.extend(["--rules", rules]);
        }
        args.push(&shown);
        let (outcome, _, _) = run(&args);
        let expected = validate(path, *rules);
        assert_eq!(outcome as i32, expected, "{shown}");
        match outcome {
            Outcome::Valid => valid += 1,
            Outcome::Invalid => invalid += 1,
            Outcome::Failure => {}
        }
    }
    assert!(
        valid > 100 && invalid > 100,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn it_prints_a_line_a_game_of_each_family() {
    let (outcome, out, err) = run(&[
        "fixtures/valid/17-match-to-five.hirp",
        "fixtures/tafl/opentafl/copenhagen-resigned.otg",
    ]);
    assert_eq!(outcome, Outcome::Valid, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 2, "{out}");
    assert!(lines[0].starts_with("fixtures/valid/17-match-to-five.hirp: game 1: valid: "));
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("fixtures/tafl/opentafl/copenhagen-resigned.otg: game 1: valid: "),
        "{last}"
    );
}

#[test]
fn a_game_with_an_error_names_its_first_code_and_line() {
    let (outcome, out, _) = run(&["fixtures/invalid/rules/err_battle_crew.hirp"]);
    assert_eq!(outcome, Outcome::Invalid);
    assert!(out.contains(": game 1: 1 error (hirp::battle::"), "{out}");
    assert!(out.contains(", line "), "{out}");
}

#[test]
fn an_archive_without_rules_a_missing_file_and_bad_rules_are_failures() {
    let (outcome, out, err) = run(&["fixtures/tafl/archives/brandubh.csv"]);
    assert_eq!((outcome, out.as_str()), (Outcome::Failure, ""));
    assert!(
        err.contains("names no rule set of its own: give --rules"),
        "{err}"
    );

    let (outcome, _, err) = run(&["fixtures/no-such-file.hirp"]);
    assert_eq!(outcome, Outcome::Failure);
    assert!(
        err.contains("cannot read fixtures/no-such-file.hirp"),
        "{err}"
    );

    let (outcome, _, err) = run(&["--rules", "brandubh", "fixtures/tafl/archives/brandubh.csv"]);
    assert_eq!(outcome, Outcome::Failure);
    // Both presets it may mean: the seed text's and the one that reads the archive.
    assert!(
        err.contains("did you mean `brandub` or `brandubh-online`?"),
        "{err}"
    );

    let (outcome, _, err) = run(&[]);
    assert_eq!(outcome, Outcome::Failure);
    assert!(err.contains("no file given"), "{err}");
}

#[test]
fn rules_given_are_left_aside_for_a_hirp_record_and_play_an_archive() {
    let (outcome, out, _) = run(&[
        "--rules",
        "brandub",
        "fixtures/valid/01-yfirrad-empty-karve.hirp",
        "fixtures/tafl/archives/brandubh.csv",
    ]);
    assert_ne!(outcome, Outcome::Failure, "{out}");
    assert!(
        out.contains("01-yfirrad-empty-karve.hirp: game 1: valid"),
        "{out}"
    );
    assert!(out.contains("brandubh.csv: game 1: "), "{out}");
}
