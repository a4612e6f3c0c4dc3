//! `hirp validate` over many files: the same report whatever the
//! parallelism, every game reported, files found as documented.

mod common;

use std::path::{Path, PathBuf};

use common::hirp;

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `count` generated records into `dir`, in subdirectories of 100,
/// every seventh with a Karve's crew miscounted.
fn corpus(dir: &Path, count: u64) {
    for n in 0..count {
        let options = hirp::generate::Options {
            seed: n,
            games: 1,
            max_turns: 12,
        };
        let mut text = hirp::generate::record(options).to_string();
        if n % 7 == 0
            && let Some(at) = text.find("Kh")
        {
            text.replace_range(at..at + 2, "Khh");
        }
        let sub = dir.join(format!("part-{:02}", n / 100));
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join(format!("game-{n:04}.hirp")), text).unwrap();
    }
}

/// The number on a row of the summary table.
fn summary(out: &str, row: &str) -> usize {
    out.lines()
        .find_map(|l| l.strip_prefix(row)?.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {row} row in:\n{out}"))
}

fn validate(args: &[&str], dir: &Path) -> (i32, String, String) {
    let output = hirp().arg("validate").args(args).arg(dir).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_thousand_files_give_the_same_report_with_one_or_two_jobs() {
    let dir = scratch("batch");
    corpus(&dir, 1000);
    let one = validate(&["-j", "1"], &dir);
    let two = validate(&["-j", "2"], &dir);
    assert_eq!(one, two, "the output does not depend on -j");
    let (status, out, _) = one;
    assert_eq!(status, 1, "some records have errors");
    assert_eq!(summary(&out, "files"), 1000);
    assert_eq!(summary(&out, "games"), 1000);
    assert!(summary(&out, "errors") > 0);
    // Files are reported in path order.
    let first = out.lines().next().unwrap();
    assert!(first.contains("part-00/game-0000.hirp"), "{first}");
    let json_one = validate(&["-j", "1", "--format", "json"], &dir);
    let json_two = validate(&["-j", "2", "--format", "json"], &dir);
    assert_eq!(json_one, json_two);
    let document: serde_json::Value = serde_json::from_str(&json_one.1).expect("one JSON document");
    assert_eq!(document["files"].as_array().unwrap().len(), 1000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn games_after_a_broken_one_are_still_reported() {
    let dir = scratch("broken");
    let record = "[Game \"1\"]\n\nG1 KeHeiHei /\nS1 He7He8He /\n\n\
                  [Game \"2\"]\n\nG1 KeHeiHei /\n#S1 He7He8He /\nG2 L01HeiKhkh03 /\n\n\
                  [Game \"3\"]\n\nG1 KeHeiHei /\nS1 He7He8He7 /\n";
    std::fs::write(dir.join("three.hirp"), record).unwrap();
    let (status, out, err) = validate(&[], &dir);
    assert_eq!(status, 1);
    assert!(
        out.contains("three.hirp: game 1: no result (2 turns; no errors"),
        "{out}"
    );
    assert!(
        out.contains("three.hirp: game 2: no result (2 turns; 2 errors"),
        "{out}"
    );
    assert!(
        out.contains("three.hirp: game 3: no result (2 turns; 1 error"),
        "{out}"
    );
    assert!(err.contains("hirp::syntax::unexpected_line"));
    assert!(
        err.contains("hirp::turn::step_count"),
        "game 3's own error is found"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hidden_ignored_and_other_files_are_left_out() {
    let dir = scratch("walk");
    let game = "G1 KeHeiHei /\n";
    std::fs::write(dir.join("kept.hirp"), game).unwrap();
    std::fs::write(dir.join(".hidden.hirp"), game).unwrap();
    std::fs::write(dir.join("ignored.hirp"), game).unwrap();
    std::fs::write(dir.join(".gitignore"), "ignored.hirp\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
    let (status, out, _) = validate(&[], &dir);
    assert_eq!(status, 0);
    assert!(out.contains("kept.hirp: game 1"));
    assert!(!out.contains("hidden") && !out.contains("ignored"), "{out}");
    assert_eq!(summary(&out, "files"), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quiet_and_max_errors() {
    let dir = scratch("quiet");
    corpus(&dir, 30);
    let (_, out, _) = validate(&["--quiet"], &dir);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(": game ")).collect();
    assert!(
        !lines.is_empty() && lines.iter().all(|l| !l.contains("no errors")),
        "{out}"
    );
    let (status, out, err) = validate(&["--max-errors", "2", "-j", "2"], &dir);
    assert_eq!(status, 1);
    assert!(
        out.contains("stopped after 2 errors (--max-errors)"),
        "{out}"
    );
    assert_eq!(err.matches("\n  × ").count(), 2, "two errors shown:\n{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_path_is_an_io_error_the_rest_is_checked() {
    let dir = scratch("missing");
    std::fs::write(dir.join("a.hirp"), "G1 KeHeiHei /\n").unwrap();
    let output = hirp()
        .args(["validate", "no-such-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: cannot read no-such-dir: no such file or directory\n"
    );
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("a.hirp: game 1")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
