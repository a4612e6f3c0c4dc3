//! `hirp validate --syntax-only`: every game read, only what the grammar
//! finds reported. Held to the full check: the same games, turns and
//! syntax problems (repairs included), for every fixture of both families,
//! on one thread and on several.

use crate::common;

use std::path::{Path, PathBuf};

use common::{hirp, relative, root};
use hirp::core::verdict::Verdict;
use hirp::core::{CheckOptions, Depth};
use hirp::diagnostic::Problem;
use hirp::hirp::check::check;
use hirp::tafl::syntax::Form;

/// Every file under `dir` with one of `extensions`, in path order.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = extensions
        .iter()
        .flat_map(|extension| common::files_under(dir, extension))
        .collect();
    found.sort();
    found
}

/// A game as a check hands it over: its number, turns, result and
/// problems.
type Seen = (usize, usize, Option<&'static str>, Vec<Problem>);

/// What checking HIRP `bytes` to `depth` with `workers` hands over.
fn hirp_games(bytes: &[u8], depth: Depth, workers: usize) -> Vec<Seen> {
    let mut seen = Vec::new();
    check(bytes, CheckOptions { depth, workers }, |checked| {
        let verdict: Verdict = checked.report.into();
        let result = verdict.result.as_ref().map(|r| r.victory);
        seen.push((checked.number, verdict.turns, result, verdict.problems));
        true
    })
    .expect("reading from memory");
    seen
}

/// The syntax problems of a game.
fn syntax(problems: &[Problem]) -> Vec<Problem> {
    problems
        .iter()
        .filter(|p| p.code.is_syntax())
        .cloned()
        .collect()
}

/// Every HIRP fixture reads to the same games, turns and syntax problems
/// as the full check finds, with no result; one thread or two.
#[test]
fn hirp_fixtures_give_the_full_checks_syntax_problems() {
    let paths = files(&root().join("fixtures"), &["hirp"]);
    assert!(paths.len() > 50, "{}", paths.len());
    let mut with_errors = 0;
    for path in paths {
        let bytes = std::fs::read(&path).expect("read");
        let full = hirp_games(&bytes, Depth::Rules, 1);
        let read = hirp_games(&bytes, Depth::Syntax, 1);
        let name = relative(&path);
        assert_eq!(read.len(), full.len(), "{name}");
        for (read, full) in read.iter().zip(&full) {
            assert_eq!((read.0, read.1, read.2), (full.0, full.1, None), "{name}");
            assert_eq!(read.3, syntax(&full.3), "{name}");
        }
        with_errors += usize::from(read.iter().any(|g| !g.3.is_empty()));
        assert_eq!(hirp_games(&bytes, Depth::Syntax, 2), read, "{name}");
    }
    assert!(
        with_errors > 20,
        "{with_errors} fixtures with syntax errors"
    );
}

/// Every tafl fixture reads to the same games, moves and syntax problems as
/// the full check finds, with no rule set needed.
#[test]
fn tafl_fixtures_give_the_full_checks_syntax_problems() {
    let paths = files(&root().join("fixtures/tafl"), &["otg", "csv"]);
    for path in paths {
        let bytes = std::fs::read(&path).expect("read");
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let form = Form::from_extension(extension).expect("a tafl form");
        let games = |depth| {
            let mut seen = Vec::new();
            let options = CheckOptions::default().depth(depth);
            hirp::tafl::check::check(&bytes[..], form, None, options, |checked| {
                let verdict = Verdict::from(checked.replay);
                seen.push((
                    checked.number,
                    verdict.turns,
                    verdict.result.is_some(),
                    verdict.problems,
                ));
                true
            })
            .expect("reading from memory");
            seen
        };
        let (full, read) = (games(Depth::Rules), games(Depth::Syntax));
        let name = relative(&path);
        assert_eq!(read.len(), full.len(), "{name}");
        for (read, full) in read.iter().zip(&full) {
            assert_eq!((read.0, read.1, read.2), (full.0, full.1, false), "{name}");
            assert_eq!(read.3, syntax(&full.3), "{name}");
        }
    }
}

/// Generated games read with no problem, one thread or two, and count the
/// turns the full check counts.
#[test]
fn generated_games_read_clean() {
    let text = hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed: 11,
        games: 300,
        max_turns: 80,
    })
    .to_string();
    let full = hirp_games(text.as_bytes(), Depth::Rules, 1);
    let read = hirp_games(text.as_bytes(), Depth::Syntax, 2);
    assert_eq!(read.len(), 300);
    let turns = |games: &[Seen]| games.iter().map(|g| g.1).collect::<Vec<_>>();
    assert_eq!(turns(&read), turns(&full));
    assert!(read.iter().all(|g| g.3.is_empty() && g.2.is_none()));
    let mut one = Vec::new();
    check(
        text.as_bytes(),
        CheckOptions::default().depth(Depth::Syntax),
        |c| {
            one.push(c.number);
            true
        },
    )
    .expect("reading from memory");
    assert_eq!(one, (1..=300).collect::<Vec<_>>());
}

/// What a user sees: each game `read`, its syntax problems, and a summary
/// with no results row; the exit status says whether a syntax error was
/// found.
#[test]
fn the_human_report_says_each_game_is_read() {
    let out = hirp()
        .args(["validate", "--syntax-only", "--all"])
        .args([
            "fixtures/rulebook/pl.hirp",
            "fixtures/rulebook/corrected.hirp",
        ])
        .args(["fixtures/tafl/valid/brandub/resigned.otg"])
        .output()
        .expect("hirp runs");
    assert_eq!(out.status.code(), Some(1));
    let shown = format!(
        "{}---\n{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    insta::assert_snapshot!(shown);
    let out = hirp()
        .args(["validate", "--syntax-only", "--format", "json"])
        .arg("fixtures/rulebook/corrected.hirp")
        .output()
        .expect("hirp runs");
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let game = &json["files"][0]["games"][0];
    assert_eq!(game["valid"], true);
    assert_eq!(game["result"], serde_json::Value::Null);
}
