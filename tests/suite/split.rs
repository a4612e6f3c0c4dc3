//! `hirp split`: every game goes to the file of its key, as its record
//! writes it; split in parts, the record comes back whole; split by
//! winner or by player, each file holds what `hirp select` picks.

use crate::common;

use std::path::{Path, PathBuf};

use common::hirp;

const ARCHIVE: &str = "fixtures/tafl/hnefatafl-org/archived-games.ron";

/// A fresh folder for `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-split-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Splits `file` by `by` into `dir`: the files listed, with their games.
fn split(file: &str, by: &str, dir: &Path) -> Vec<(PathBuf, usize)> {
    let output = hirp()
        .args(["split", file, "--by", by, "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let (path, games) = line.split_once('\t').unwrap();
            let games = games.split(' ').next().unwrap().parse().unwrap();
            (PathBuf::from(path), games)
        })
        .collect()
}

/// `hirp select --count ARGS FILE`.
fn count(args: &[&str], file: &Path) -> usize {
    let output = hirp()
        .args(["select", "--count"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn parts_put_back_together_are_the_record() {
    let dir = scratch("parts");
    let parts = split(ARCHIVE, "10", &dir);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<usize>(), 36);
    assert!(parts.iter().all(|(_, n)| *n <= 10));
    let whole: String = parts
        .iter()
        .map(|(path, _)| std::fs::read_to_string(path).unwrap())
        .collect();
    let archive = std::fs::read_to_string(common::root().join(ARCHIVE)).unwrap();
    assert_eq!(whole, archive);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_winners_file_holds_the_games_that_side_won() {
    let dir = scratch("winner");
    let files = split(ARCHIVE, "winner", &dir);
    assert_eq!(files.iter().map(|(_, n)| n).sum::<usize>(), 36);
    let archive = common::root().join(ARCHIVE);
    for (path, games) in &files {
        let side = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(count(&["--winner", side], path), *games, "{side}");
        assert_eq!(count(&["--winner", side], &archive), *games, "{side}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_players_file_holds_the_games_they_played() {
    let dir = scratch("player");
    let files = split(ARCHIVE, "player", &dir);
    let archive = common::root().join(ARCHIVE);
    for (path, games) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(text.lines().count(), *games);
        // The name of the file is the player's, written safe: the games
        // are those select picks by the name of any game's player.
        let line = text.lines().next().unwrap();
        let player = ["attacker:\"", "defender:\""].iter().find_map(|field| {
            let start = line.find(field)? + field.len();
            let name = &line[start..start + line[start..].find('"')?];
            let safe: String = name
                .to_lowercase()
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            (path.file_stem().unwrap().to_str() == Some(safe.as_str())).then(|| name.to_owned())
        });
        let player = player.expect("the file is named by a player of its first game");
        assert_eq!(count(&["--player", &player], &archive), *games, "{player}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_key_that_does_not_read_is_a_usage_error() {
    let output = hirp()
        .args(["split", ARCHIVE, "--by", "players", "--dir", "unused"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stderr));
    assert!(!common::root().join("unused").exists());
}
