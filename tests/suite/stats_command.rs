//! `hirp stats`: each player's games, wins, losses and draws as the
//! records say (counted from hnefatafl.org's archive with no reader of
//! hirp's), and shards merged giving exactly what one run gives.
//!
//! With `HIRP_HNEFATAFL_ORG_CORPUS`, the archive of that corpus is read
//! instead of the fixtures'.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::hirp;
use hnefatafl_org::field;

/// `hirp stats ARGS`: its report as JSON.
fn stats(args: &[&str], files: &[PathBuf]) -> String {
    let output = hirp().arg("stats").args(args).args(files).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn each_players_results_are_the_records() {
    let path = hnefatafl_org::folder().join("archived-games.ron");
    let archive = std::fs::read_to_string(&path).unwrap();
    // name: [games, wins, losses, draws]
    let mut counted: BTreeMap<String, [u64; 4]> = BTreeMap::new();
    for line in archive.lines() {
        let status = ["AttackerWins", "DefenderWins", "Draw", "Ongoing"]
            .into_iter()
            .find(|s| line.contains(&format!("status:{s},")))
            .unwrap();
        let players = [field(line, "attacker"), field(line, "defender")];
        for (side, name) in players.into_iter().enumerate() {
            let Some(name) = name else { continue };
            let counts = counted.entry(name.to_owned()).or_default();
            counts[0] += 1;
            match (status, side) {
                ("AttackerWins", 0) | ("DefenderWins", 1) => counts[1] += 1,
                ("AttackerWins", 1) | ("DefenderWins", 0) => counts[2] += 1,
                ("Draw", _) => counts[3] += 1,
                _ => {}
            }
        }
    }
    let report: serde_json::Value =
        serde_json::from_str(&stats(&["--format", "json"], &[path])).unwrap();
    let players = report["players"].as_array().unwrap();
    let mut reported = BTreeMap::new();
    for player in players {
        let name = player["name"].as_str().unwrap().to_owned();
        let n = |k: &str| player[k].as_u64().unwrap();
        reported.insert(name, [n("games"), n("wins"), n("losses"), n("draws")]);
    }
    // Names written with escapes are compared as the archive writes them.
    counted.retain(|name, _| !name.contains('\\'));
    reported.retain(|name, _| counted.contains_key(name));
    assert_eq!(reported, counted);
}

#[test]
fn shards_merged_give_what_one_run_gives() {
    let dir = std::env::temp_dir().join(format!("hirp-stats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = hnefatafl_org::folder().join("archived-games.ron");
    let split = hirp()
        .args(["split", "--by", "7", "--dir"])
        .arg(&dir)
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(split.status.code(), Some(0));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 3);
    let whole = stats(&["--format", "json"], &files);
    let mut parts = Vec::new();
    for k in 1..=3 {
        let part = dir.join(format!("tally-{k}.json"));
        std::fs::write(
            &part,
            stats(&["--tally", "--shard", &format!("{k}/3")], &files),
        )
        .unwrap();
        parts.push(part);
    }
    parts.reverse();
    let merged = stats(&["--merge", "--format", "json"], &parts);
    assert_eq!(merged, whole);
    assert_eq!(stats(&["--merge"], &parts), stats(&[], &files));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_that_does_not_read_is_a_usage_error() {
    let output = hirp()
        .args([
            "stats",
            "--shard",
            "4/3",
            "fixtures/rulebook/corrected.hirp",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stderr));
}
