//! `hirp select`: its counts equal an independent count of the records
//! (by player and by winner, on hnefatafl.org's archive, whose lines say
//! both), the games it writes are the records' own, and its filters that
//! replay part the games as `hirp validate` does.
//!
//! With `HIRP_HNEFATAFL_ORG_CORPUS`, the archive of that corpus is read
//! instead of the fixtures'.

mod common;
#[path = "common/hnefatafl_org.rs"]
mod hnefatafl_org;

use std::collections::BTreeMap;

use common::hirp;
use hnefatafl_org::field;

/// `hirp select ARGS` on `path`: its status and standard output.
fn select(args: &[&str], path: &std::path::Path) -> (Option<i32>, String) {
    let output = hirp().arg("select").args(args).arg(path).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// For each player and for each status, the games of the archive counted
/// from its lines, with no reader of hirp's; then `select --count` asked
/// the same, and the games it writes are the archive's own lines.
#[test]
fn counts_by_player_and_by_winner_are_the_records() {
    let path = hnefatafl_org::folder().join("archived-games.ron");
    let archive = std::fs::read_to_string(&path).unwrap();
    let mut players: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut statuses: BTreeMap<&str, usize> = BTreeMap::new();
    for line in archive.lines() {
        let (attacker, defender) = (field(line, "attacker"), field(line, "defender"));
        for (n, name) in [attacker, defender].into_iter().enumerate() {
            let Some(name) = name else { continue };
            let counts = players.entry(name.to_lowercase()).or_default();
            counts.0 += 1;
            if n == 0 { counts.1 += 1 } else { counts.2 += 1 }
        }
        for status in ["AttackerWins", "DefenderWins", "Draw", "Ongoing"] {
            if line.contains(&format!("status:{status},")) {
                *statuses.entry(status).or_default() += 1;
            }
        }
    }
    assert!(players.len() > 3);
    for (name, (games, attacking, defending)) in &players {
        if name.contains(['\\', '"']) {
            continue; // Written escaped in the archive.
        }
        let count = |args: &[&str]| select(&[&["--count"], args].concat(), &path).1;
        assert_eq!(count(&["--player", name]), format!("{games}\n"), "{name}");
        assert_eq!(
            count(&["--attacker", name]),
            format!("{attacking}\n"),
            "{name}"
        );
        assert_eq!(
            count(&["--defender", name]),
            format!("{defending}\n"),
            "{name}"
        );
        let (status, written) = select(&["--player", name], &path);
        assert_eq!(status, Some(0));
        let own: String = archive
            .lines()
            .filter(|l| {
                let players = [field(l, "attacker"), field(l, "defender")];
                players
                    .iter()
                    .any(|p| p.is_some_and(|p| p.to_lowercase() == *name))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(written, own, "{name}");
    }
    for (winner, status) in [
        ("attackers", "AttackerWins"),
        ("defenders", "DefenderWins"),
        ("draw", "Draw"),
    ] {
        let expected = statuses.get(status).copied().unwrap_or_default();
        let (_, count) = select(&["--count", "--winner", winner], &path);
        assert_eq!(count, format!("{expected}\n"), "{winner}");
    }
}

/// The filters that replay part a record's games as `hirp validate`
/// does: the valid and the invalid ones make up the whole.
#[test]
fn valid_and_invalid_games_make_up_the_record() {
    let path =
        common::root().join("fixtures/tafl/hnefatafl-org/mutations/archived-games-mutated.ron");
    let count = |args: &[&str]| -> usize {
        select(&[&["--count"], args].concat(), &path)
            .1
            .trim()
            .parse()
            .unwrap()
    };
    let (all, valid, invalid) = (count(&[]), count(&["--valid"]), count(&["--invalid"]));
    // Each copy holds one illegal play.
    assert_eq!((valid, invalid), (0, all));
    let validated = hirp()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&validated.stdout).unwrap();
    let failing = report["files"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["valid"] == false)
        .count();
    assert_eq!(invalid, failing);
    let archive = hnefatafl_org::folder().join("archived-games.ron");
    let count = |args: &[&str]| -> usize {
        select(&[&["--count"], args].concat(), &archive)
            .1
            .trim()
            .parse()
            .unwrap()
    };
    assert_eq!(
        (count(&["--valid"]), count(&["--invalid"])),
        (count(&[]), 0)
    );
}

/// A HIRP record's games by their turns and by their winner, written as
/// they are.
#[test]
fn hirp_games_are_selected_as_tafl_games_are() {
    let example = common::root().join("fixtures/rulebook/corrected.hirp");
    let (status, all) = select(&[], &example);
    assert_eq!(status, Some(0));
    let text = std::fs::read_to_string(&example).unwrap();
    assert!(text.ends_with(&all) || all.trim() == text.trim(), "{all}");
    assert_eq!(select(&["--count", "--moves", "..3"], &example).1, "0\n");
    assert_eq!(select(&["--moves", "..3"], &example).0, Some(1));
}

/// What a person sees of a filter that does not read: a usage error
/// naming it.
#[test]
fn a_malformed_filter_is_a_usage_error() {
    let example = common::root().join("fixtures/rulebook/corrected.hirp");
    let mut shown = String::new();
    for args in [
        ["--moves", "30..10"],
        ["--moves", "ten"],
        ["--date", "yesterday"],
        ["--tag", "event"],
        ["--winner", "kings"],
    ] {
        let output = hirp()
            .arg("select")
            .args(args)
            .arg(&example)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        shown.push_str(stderr.lines().next().unwrap_or_default());
        shown.push('\n');
    }
    insta::assert_snapshot!(shown);
}
