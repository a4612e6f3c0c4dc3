//! `hirp dedupe`: of games written several times, in any order and under
//! other tags, exactly one of each is kept, the first; with `--symmetric`,
//! also one of each game and its mirror images; each copy dropped is named
//! with where its twin is.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::hirp;

/// A fresh folder for `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-dedupe-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `count` random Brandub games of `seed`, each a game file's text.
fn games(seed: u32, count: usize) -> Vec<String> {
    let output = hirp()
        .args(["gen", "--rules", "brandub", "--max-turns", "12"])
        .args(["--seed", &seed.to_string(), "--games", &count.to_string()])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    text.split("\n\n[")
        .enumerate()
        .map(|(n, g)| match n {
            0 => format!("{}\n", g.trim_end()),
            _ => format!("[{}\n", g.trim_end()),
        })
        .collect()
}

/// The moves of a game file's game, its turn lines, for a count of its
/// own.
fn moves(game: &str) -> String {
    game.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game mirrored file for file (`a` and `g` swapped) on Brandub's board,
/// whose start is its own mirror image.
fn mirrored(game: &str) -> String {
    game.lines()
        .map(
            |line| match line.starts_with(|c: char| c.is_ascii_digit()) {
                false => line.to_owned(),
                true => line
                    .chars()
                    .map(|c| match c {
                        'a'..='g' if line.contains('-') => (b'a' + (b'g' - c as u8)) as char,
                        c => c,
                    })
                    .collect(),
            },
        )
        .map(|l| l + "\n")
        .collect()
}

#[test]
fn one_copy_of_each_game_is_kept_the_first() {
    let dir = scratch("copies");
    let games = games(11, 12);
    let distinct: BTreeSet<String> = games.iter().map(|g| moves(g)).collect();
    // Each game written one to three times, under another tag each time.
    let mut written = Vec::new();
    let mut rng = 7u64;
    for round in 0..3 {
        for (n, game) in games.iter().enumerate() {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if round == 0 || rng >> 62 == 0 {
                written.push(format!("[event:copy {round} of {n}]\n{game}"));
            }
        }
    }
    let copies = written.len() - games.len();
    let file = dir.join("games.otg");
    std::fs::write(&file, written.join("\n")).unwrap();
    let dupes = dir.join("dupes.otg");
    let output = hirp()
        .arg("dedupe")
        .arg(&file)
        .arg("--dupes")
        .arg(&dupes)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        output.status.code(),
        Some(if copies > 0 { 1 } else { 0 }),
        "{stderr}"
    );
    let kept = String::from_utf8(output.stdout).unwrap();
    let kept_games: Vec<&str> = kept.split("\n\n[").collect();
    assert_eq!(kept_games.len(), distinct.len());
    let kept_moves: BTreeSet<String> = kept_games.iter().map(|g| moves(g)).collect();
    assert_eq!(kept_moves, distinct);
    // The first of each: the copies of round 0.
    assert_eq!(kept.matches("[event:copy 0 of").count(), games.len());
    assert_eq!(stderr.matches("is a copy of").count(), copies, "{stderr}");
    let dropped = std::fs::read_to_string(&dupes).unwrap();
    assert_eq!(dropped.matches("[event:").count(), copies);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mirror_image_is_a_copy_with_symmetric_alone() {
    let dir = scratch("mirror");
    let games = games(23, 6);
    let mut written: Vec<String> = games.clone();
    written.extend(games.iter().map(|g| mirrored(g)));
    let file = dir.join("games.otg");
    std::fs::write(&file, written.join("\n")).unwrap();
    let valid = hirp()
        .args(["validate", "--quiet"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(valid.status.code(), Some(0), "the mirrored games are legal");
    let count = |args: &[&str]| {
        let output = hirp().arg("dedupe").args(args).arg(&file).output().unwrap();
        let kept = String::from_utf8(output.stdout).unwrap();
        kept.matches("[rules:").count()
    };
    assert_eq!(count(&[]), 12);
    assert_eq!(count(&["--symmetric"]), 6);
    assert_eq!(count(&["--by", "position"]), 12);
    assert_eq!(count(&["--by", "position", "--symmetric"]), 6);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_archive_given_twice_is_kept_once_as_it_was() {
    let archive = "fixtures/tafl/hnefatafl-org/archived-games.ron";
    let output = hirp().args(["dedupe", archive, archive]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = std::fs::read_to_string(common::root().join(archive)).unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), text);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("72 games, 36 kept, 36 copies dropped\n"),
        "{stderr}"
    );
}

/// The games one run keeps and drops are those its shards keep and drop
/// between them, each game decided with all its copies.
#[test]
fn shards_keep_and_drop_what_one_run_does() {
    let archive = "fixtures/tafl/hnefatafl-org/archived-games.ron";
    let lines = |text: &[u8]| {
        let mut lines: Vec<String> = String::from_utf8_lossy(text)
            .lines()
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    let dir = scratch("shards");
    let run = |shard: Option<String>| {
        let dupes = dir.join(format!(
            "dupes-{}.ron",
            shard.as_deref().unwrap_or("all").replace('/', "-")
        ));
        let mut command = hirp();
        command
            .args(["dedupe", "--by", "position", archive, archive])
            .arg("--dupes")
            .arg(&dupes);
        let output = command
            .args(shard.iter().flat_map(|s| ["--shard", s]))
            .output()
            .unwrap();
        (
            lines(&output.stdout),
            lines(&std::fs::read(&dupes).unwrap()),
        )
    };
    let (kept, dropped) = run(None);
    let (mut shard_kept, mut shard_dropped) = (Vec::new(), Vec::new());
    for k in 1..=3 {
        let (kept, dropped) = run(Some(format!("{k}/3")));
        assert!(!kept.is_empty(), "shard {k} keeps games");
        shard_kept.extend(kept);
        shard_dropped.extend(dropped);
    }
    shard_kept.sort();
    shard_dropped.sort();
    assert_eq!((shard_kept, shard_dropped), (kept, dropped));
    let _ = std::fs::remove_dir_all(&dir);
}
