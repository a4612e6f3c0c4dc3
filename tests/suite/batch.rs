//! `hirp validate` over many files: the same report whatever the
//! parallelism, every game reported, files found as documented.

use crate::common;

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
        let options = hirp::hirp::generate::Options {
            seed: n,
            games: 1,
            max_turns: 12,
        };
        let mut text = hirp::hirp::generate::record(options).to_string();
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
    let (status, out, err) = validate(&["--all"], &dir);
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
    let (status, out, _) = validate(&["--all"], &dir);
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
        .args(["validate", "--all", "no-such-dir"])
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

/// One large file with mistakes here and there, and a match at its end.
fn one_big_record() -> String {
    let mut text = hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed: 99,
        games: 400,
        max_turns: 60,
    })
    .to_string();
    // Mistakes in some games: a miscounted crew, a line that cannot be read.
    for (n, at) in text.clone().match_indices("Kh").map(|(n, _)| n).enumerate() {
        if n % 50 == 0 {
            text.replace_range(at..at + 2, "Kx");
        }
    }
    text.push_str(&common::fixture("fixtures/valid/17-match-to-five.hirp"));
    text
}

/// What `check` hands over on the calling thread (`None`) or with workers,
/// written out.
fn checked_games(text: &str, workers: Option<usize>) -> (Vec<String>, usize) {
    let mut seen = Vec::new();
    let on_game = |checked: hirp::hirp::check::Checked<'_>| {
        let problems: Vec<String> = checked
            .report
            .problems
            .iter()
            .map(|p| format!("{} {:?} {}", p.code, p.span, p.label))
            .collect();
        seen.push(format!(
            "{} {} {:?} {:?} {} {} {problems:?}",
            checked.number,
            checked.offset,
            checked.report.result,
            checked.view,
            checked.line,
            checked.text.len()
        ));
        true
    };
    let read = match workers {
        None => hirp::hirp::check::check(text.as_bytes(), Default::default(), on_game),
        Some(n) => hirp::hirp::check::check(
            text.as_bytes(),
            hirp::core::CheckOptions::default().workers(n),
            on_game,
        ),
    }
    .unwrap();
    (seen, read)
}

#[test]
fn a_file_checked_by_several_threads_gives_what_one_gives() {
    let text = one_big_record();
    let (one, read) = checked_games(&text, None);
    assert_eq!(read, text.len());
    assert!(one.len() > 400);
    for workers in [2, 3, 8] {
        assert_eq!(checked_games(&text, Some(workers)), (one.clone(), read));
    }
}

#[test]
fn one_big_file_gives_the_same_report_with_one_or_two_jobs() {
    let dir = scratch("bigfile");
    std::fs::write(dir.join("big.hirp"), one_big_record()).unwrap();
    let one = validate(&["-j", "1"], &dir);
    assert_eq!(one.0, 1);
    assert!(one.2.contains("hirp::syntax::"), "{}", one.2);
    assert_eq!(validate(&["-j", "2"], &dir), one);
    let stopped = validate(&["-j", "2", "--max-errors", "3"], &dir);
    assert_eq!(validate(&["-j", "1", "--max-errors", "3"], &dir), stopped);
    assert!(
        stopped.1.contains("stopped after 3 errors"),
        "{}",
        stopped.1
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A reader that fails after `left` bytes.
struct Failing<'a> {
    bytes: &'a [u8],
    left: usize,
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.left).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn a_read_error_ends_the_check_after_the_games_before_it() {
    let text = one_big_record();
    let games = |workers: usize| {
        let reader = std::io::BufReader::new(Failing {
            bytes: text.as_bytes(),
            left: text.len() / 2,
        });
        let mut numbers = Vec::new();
        let result = hirp::hirp::check::check(
            reader,
            hirp::core::CheckOptions::default().workers(workers),
            |c| {
                numbers.push(c.number);
                true
            },
        );
        (result.map_err(|e| e.to_string()), numbers)
    };
    let (result, numbers) = games(1);
    assert_eq!(result, Err("the disk is gone".to_owned()));
    assert!(numbers.len() > 100);
    assert_eq!(games(2), (result, numbers));
}

#[test]
fn stopping_early_ends_every_thread() {
    let text = one_big_record();
    let (done, finished) = std::sync::mpsc::channel();
    // A thread left waiting would hang the check: it runs apart, and the
    // test fails if it has not ended in a minute.
    std::thread::spawn(move || {
        let stops = [1, 2, 7, 50, 300]
            .into_iter()
            .chain(std::iter::repeat_n(1, 20));
        for stop_after in stops {
            for workers in [2, 3] {
                let mut seen = 0;
                let read = hirp::hirp::check::check(
                    text.as_bytes(),
                    hirp::core::CheckOptions::default().workers(workers),
                    |_| {
                        seen += 1;
                        seen < stop_after
                    },
                )
                .unwrap();
                assert_eq!(seen, stop_after);
                assert!(read <= text.len());
            }
        }
        done.send(()).unwrap();
    });
    finished
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("every check ended");
}

#[test]
fn by_default_only_games_with_a_problem_are_listed_the_rest_counted() {
    let dir = scratch("listed");
    // A warning alone fails nothing; the game is listed for it.
    let advised = common::fixture("fixtures/invalid/rules/err_battle_defender_first.hirp");
    let (clean, broken) = ("G1 KeHeiHei /\n", "G1 Kx /\n");
    std::fs::write(dir.join("clean.hirp"), clean).unwrap();
    std::fs::write(dir.join("broken.hirp"), broken).unwrap();
    std::fs::write(dir.join("advised.hirp"), advised).unwrap();
    let listed = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(": game "))
            .map(|l| {
                l.split(": game ")
                    .next()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_owned()
            })
            .collect()
    };
    let (status, out, _) = validate(&[], &dir);
    assert_eq!(status, 1);
    assert_eq!(listed(&out), ["advised.hirp", "broken.hirp"], "{out}");
    assert!(
        out.contains("\nunlisted  1  games with no problem; --all lists every game\n"),
        "{out}"
    );
    let (_, out, _) = validate(&["--all"], &dir);
    assert_eq!(
        listed(&out),
        ["advised.hirp", "broken.hirp", "clean.hirp"],
        "{out}"
    );
    assert!(!out.contains("unlisted"), "{out}");
    let (_, out, _) = validate(&["--quiet"], &dir);
    assert_eq!(listed(&out), ["broken.hirp"], "{out}");
    assert!(out.contains("\nunlisted  2  games that pass;"), "{out}");
    let output = hirp()
        .args(["validate", "--all", "--quiet"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "--all and --quiet conflict");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn game_lines_and_the_summary_fit_the_width_columns_give() {
    let dir = scratch("width");
    corpus(&dir, 30);
    for width in [60, 80] {
        let output = hirp()
            .args(["validate", "--all"])
            .arg(&dir)
            .env("COLUMNS", width.to_string())
            .output()
            .unwrap();
        let out = String::from_utf8(output.stdout).unwrap();
        // A line overruns only where one of its words is wider than the
        // width; a game's line breaks even such a word (a long path).
        for line in out.lines() {
            let words_fit = line.split(' ').all(|w| w.chars().count() <= width);
            assert!(
                line.chars().count() <= width || !words_fit,
                "at {width} columns: {line:?}\n{out}"
            );
        }
        assert!(
            out.lines().any(|l| l.starts_with("    ")),
            "a game line wraps:\n{out}"
        );
    }
    // Through a pipe with no `COLUMNS`, a game's line is whole.
    let output = hirp()
        .args(["validate", "--all"])
        .arg(&dir)
        .env_remove("COLUMNS")
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.lines()
            .filter(|l| l.contains(": game "))
            .all(|l| l.ends_with(')') || l.contains("; match")),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
