//! `hirp select`: its counts equal an independent count of the records
//! (by player and by winner, on hnefatafl.org's archive, whose lines say
//! both), the games it writes are the records' own, and its filters that
//! replay part the games as `hirp validate` does.
//!
//! With `HIRP_HNEFATAFL_ORG_CORPUS`, the archive of that corpus is read
//! instead of the fixtures'.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;

use std::collections::BTreeMap;

use common::hirp;
use hirp::core::card::Card;
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

/// The archive written as a game file (`hirp convert --to otg`), whose
/// games `select` reads only up to their first turn: its counts by
/// player and by side are the archive's own, counted from its lines, and
/// the games it writes are the game file's own, each whole.
#[test]
fn a_game_file_is_counted_as_its_archive() {
    let path = hnefatafl_org::folder().join("archived-games.ron");
    let archive = std::fs::read_to_string(&path).unwrap();
    let converted = hirp()
        .args(["convert", "--to", "otg"])
        .arg(&path)
        .output()
        .unwrap();
    // A game with no move is not converted (the next game's tags would
    // join its own): it is named, and not counted.
    let said = String::from_utf8(converted.stderr).unwrap();
    let left_out: Vec<usize> = said
        .lines()
        .filter_map(|l| l.split("game ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    let expected = if left_out.is_empty() { 0 } else { 1 };
    assert_eq!(converted.status.code(), Some(expected), "{said}");
    let otg =
        std::env::temp_dir().join(format!("hirp-select-game-file-{}.otg", std::process::id()));
    std::fs::write(&otg, &converted.stdout).unwrap();
    let file = String::from_utf8(converted.stdout).unwrap();
    let games: Vec<&str> = file.split("\n\n[id:").collect();
    assert_eq!(games.len() + left_out.len(), archive.lines().count());
    let mut players: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    let converted = archive
        .lines()
        .enumerate()
        .filter(|(n, _)| !left_out.contains(&(n + 1)));
    for (_, line) in converted {
        for (n, side) in ["attacker", "defender"].into_iter().enumerate() {
            if let Some(name) = field(line, side) {
                players.entry(name.to_lowercase()).or_default()[n] += 1;
            }
        }
    }
    assert!(players.len() > 3);
    let count = |args: &[&str]| select(&[&["--count"], args].concat(), &otg).1;
    for (name, [attacking, defending]) in &players {
        if name.contains(['\\', '"']) {
            continue; // Written escaped in the archive.
        }
        let games = attacking + defending;
        assert_eq!(count(&["--player", name]), format!("{games}\n"), "{name}");
        assert_eq!(count(&["--attacker", name]), format!("{attacking}\n"));
        assert_eq!(count(&["--defender", name]), format!("{defending}\n"));
        // Each game written is the game file's, whole: its last move too.
        let (_, written) = select(&["--player", name], &otg);
        let own = games_of(&file, name);
        assert_eq!(written.trim_end(), own.trim_end(), "{name}");
    }
    std::fs::remove_file(&otg).unwrap();
}

/// The games of the game file `file` that name `name` (in any case) as a
/// player, as the file writes them, a blank line between.
fn games_of(file: &str, name: &str) -> String {
    let names = |game: &str| {
        game.lines().any(|l| {
            ["[attackers:", "[defenders:"].iter().any(|tag| {
                l.strip_prefix(tag)
                    .and_then(|v| v.strip_suffix(']'))
                    .is_some_and(|v| v.to_lowercase() == name)
            })
        })
    };
    let games: Vec<String> = file
        .split("\n\n[id:")
        .enumerate()
        .map(|(n, g)| match n {
            0 => g.trim_end().to_owned(),
            _ => format!("[id:{}", g.trim_end()),
        })
        .filter(|g| names(g))
        .collect();
    games.join("\n\n")
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
        ["--position", "/3t3/3x3/"],
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

/// Games written by `hirp gen ARGS`, and each game's positions as `hirp
/// position --all` prints them (a blank line between games): board and
/// side to move.
fn generated(args: &[&str], path: &std::path::Path) -> Vec<Vec<(String, String)>> {
    let made = hirp().arg("gen").args(args).output().unwrap();
    assert!(made.status.success());
    std::fs::write(path, &made.stdout).unwrap();
    let rules = args
        .iter()
        .position(|a| *a == "--rules")
        .map(|n| &args[n..n + 2]);
    let mut all = hirp();
    all.arg("position")
        .arg("--all")
        .args(rules.unwrap_or_default());
    let text = String::from_utf8(all.arg(path).output().unwrap().stdout).unwrap();
    let game = |text: &str| {
        let fields = text.lines().map(|l| l.split(' ').collect::<Vec<_>>());
        fields.map(|f| (f[0].to_owned(), f[1].to_owned())).collect()
    };
    text.split("\n\n").map(game).collect()
}

/// An OpenTafl board's rows, first rank first, a character a square.
fn squares(board: &str) -> Vec<Vec<char>> {
    let rows = board.trim_matches('/').split('/');
    rows.map(|row| {
        let mut squares = Vec::new();
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            let empty: usize = digits.parse().unwrap_or(0);
            squares.extend(std::iter::repeat_n('.', empty));
            digits.clear();
            squares.push(c);
        }
        let empty: usize = digits.parse().unwrap_or(0);
        squares.extend(std::iter::repeat_n('.', empty));
        squares
    })
    .collect()
}

/// Rows written back as an OpenTafl board.
fn board_of(rows: &[Vec<char>]) -> String {
    let mut board = String::from("/");
    for row in rows {
        let mut empty = 0;
        for &c in row {
            if c == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
                empty = 0;
            }
            board.push(c);
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        board.push('/');
    }
    board
}

/// The eight images of a tafl board: turned a quarter at a time, each
/// also reflected.
fn tafl_images(board: &str) -> Vec<String> {
    let mut rows = squares(board);
    let mut images = Vec::new();
    for _ in 0..4 {
        let n = rows.len();
        rows = (0..n)
            .map(|r| (0..n).map(|c| rows[n - 1 - c][r]).collect())
            .collect();
        images.push(board_of(&rows));
        let reflected: Vec<Vec<char>> = rows
            .iter()
            .map(|r| r.iter().rev().copied().collect())
            .collect();
        images.push(board_of(&reflected));
    }
    images
}

/// A HIRP board with Norðr and Suðr swapped: fields 1 and 2, 3 and 4, 5
/// and 6, 7 and 8.
fn hirp_images(board: &str) -> Vec<String> {
    let mut fields: Vec<&str> = board.split('/').collect();
    for pair in [1, 3, 5, 7] {
        fields.swap(pair, pair + 1);
    }
    vec![board.to_owned(), fields.join("/")]
}

/// `select --position` counts the games whose positions, as `hirp position
/// --all` prints them, hold the board (and side) asked for; with
/// `--symmetric`, one of its images, reckoned here from the board's text.
#[test]
fn games_through_a_position_are_those_whose_positions_hold_it() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("select-position");
    std::fs::create_dir_all(&dir).unwrap();
    type Images = fn(&str) -> Vec<String>;
    let families: [(&[&str], &str, Images); 2] = [
        (
            &[
                "--rules",
                "brandub",
                "--games",
                "80",
                "--seed",
                "53",
                "--max-turns",
                "12",
            ],
            "games.otg",
            tafl_images,
        ),
        (
            &["--games", "40", "--seed", "53", "--max-turns", "6"],
            "games.hirp",
            hirp_images,
        ),
    ];
    for (args, name, images) in families {
        let path = dir.join(name);
        let games = generated(args, &path);
        assert!(games.len() > 20, "{name}: {}", games.len());
        let rules: Vec<&str> = args[..2]
            .iter()
            .copied()
            .filter(|_| args[0] == "--rules")
            .collect();
        let (mut matched, mut widened) = (0, 0);
        for (n, game) in games.iter().enumerate().step_by(7) {
            let (reached, side) = &game[(n / 7 % 4 + 1).min(game.len() - 1)];
            // A board reached, or its last image, which --symmetric finds
            // where the game reached the board.
            let image = images(reached).pop().unwrap();
            let board = if n % 2 == 0 { reached } else { &image };
            let mut counts = Vec::new();
            for (symmetric, with_side) in [(false, true), (false, false), (true, true)] {
                let boards = match symmetric {
                    true => images(board),
                    false => vec![board.to_owned()],
                };
                let holds = |g: &&Vec<(String, String)>| {
                    g.iter()
                        .any(|(b, s)| boards.contains(b) && (!with_side || s == side))
                };
                let expected = games.iter().filter(holds).count();
                let position = match with_side {
                    true => format!("{board} {side}"),
                    false => board.to_owned(),
                };
                let mut asked = vec!["--count", "--position", position.as_str()];
                asked.extend(&rules);
                if symmetric {
                    asked.push("--symmetric");
                }
                let (status, count) = select(&asked, &path);
                assert_eq!(count, format!("{expected}\n"), "{name}: {asked:?}");
                assert_eq!(status, Some(if expected > 0 { 0 } else { 1 }));
                matched += usize::from(expected > 1);
                counts.push(expected);
            }
            widened += usize::from(counts[2] > counts[0]);
        }
        assert!(matched > 0, "{name}: no position was reached by two games");
        assert!(widened > 0, "{name}: no image of a position was reached");
    }
}

/// The shards of one file, written one after another in the order of K,
/// are what one run writes; the shards of several files select each game
/// once between them.
#[test]
fn shards_select_every_game_once() {
    let archive = hnefatafl_org::folder().join("archived-games.ron");
    let (_, whole) = select(&["--player", "ragnar"], &archive);
    for of in [2, 3, 5] {
        let parts: Vec<String> = (1..=of)
            .map(|k| {
                select(
                    &["--player", "ragnar", "--shard", &format!("{k}/{of}")],
                    &archive,
                )
                .1
            })
            .collect();
        assert_eq!(parts.concat(), whole, "{of} shards");
    }
    let files: Vec<std::path::PathBuf> = ["valid", "invalid/rules"]
        .iter()
        .flat_map(|d| std::fs::read_dir(common::root().join("fixtures").join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    let count = |shard: Option<String>| {
        let mut command = hirp();
        command
            .args(["select", "--count"])
            .args(shard.iter().flat_map(|s| ["--shard", s]));
        let output = command.args(&files).output().unwrap();
        String::from_utf8(output.stdout)
            .unwrap()
            .trim()
            .parse::<usize>()
            .unwrap()
    };
    let parts: Vec<usize> = (1..=3).map(|k| count(Some(format!("{k}/3")))).collect();
    assert!(parts.iter().filter(|&&n| n > 0).count() > 1, "{parts:?}");
    assert_eq!(parts.iter().sum::<usize>(), count(None));
}

/// A collection's commands read every game of a file: past the 100,000
/// games after which `hirp validate` stops reading one.
#[test]
fn every_game_of_a_large_file_is_read() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("select-large");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.csv");
    let games = hirp::core::limits::MAX_GAMES + 3;
    std::fs::write(&path, "d6-c6 e4-e1,0,0,Ongoing\n".repeat(games)).unwrap();
    let (status, count) = select(&["--count", "--rules", "brandub", "--moves", "2"], &path);
    assert_eq!((status, count), (Some(0), format!("{games}\n")));
    let output = hirp()
        .args(["stats", "--rules", "brandub"])
        .arg(&path)
        .output()
        .unwrap();
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(report.starts_with(&format!("{games} games")), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The cards of the record at `path` read with `holding` asked for, each
/// with the tags of its card and whether the record's form writes each as
/// it reads.
fn cards_read(path: &std::path::Path, holding: &[String]) -> Vec<(Card, Vec<bool>)> {
    use hirp::any::{AnyFamily, Job};
    use hirp::core::card::RecordReader;
    use hirp::core::card::Wants;
    use hirp::core::family::Family;
    struct Cards<'a>(&'a std::path::Path, &'a [u8], Wants);
    impl Job for Cards<'_> {
        type Output = Vec<(Card, Vec<bool>)>;
        fn run<F: Family>(self, family: F, options: &F::Options) -> Self::Output {
            let mut cards = Vec::new();
            let record = RecordReader {
                path: &self.0.to_string_lossy(),
                reader: &mut &*self.1,
            };
            let read = family.cards(record, options, &self.2, 1, &mut |card| {
                let written = card
                    .tags
                    .iter()
                    .map(|(k, _)| family.writes_tag(k))
                    .collect();
                cards.push((card, written));
                true
            });
            read.unwrap();
            cards
        }
    }
    let bytes = std::fs::read(path).unwrap();
    let name = path.to_string_lossy();
    let family = AnyFamily::recognise(&name, &bytes, false);
    let wants = Wants {
        holding: holding.to_vec(),
        ..Wants::replay(false)
    };
    family.run(None, Cards(path, &bytes, wants))
}

/// The players of each game of the record at `path`, read with `holding`
/// asked for.
fn players_read(path: &std::path::Path, holding: &[String]) -> Vec<[Option<String>; 2]> {
    let cards = cards_read(path, holding);
    cards.into_iter().map(|(card, _)| card.players).collect()
}

/// The tags of each game of the record at `path`, read with `holding`
/// asked for, and whether the record's form writes each as it reads.
fn tags_read(path: &std::path::Path, holding: &[String]) -> Vec<Vec<(String, String, bool)>> {
    let cards = cards_read(path, holding);
    let tags = |(card, written): (Card, Vec<bool>)| {
        let pairs = card.tags.into_iter().zip(written);
        pairs.map(|((k, v), w)| (k, v, w)).collect()
    };
    cards.into_iter().map(tags).collect()
}

/// Asking the reader for the games that hold a player's name passes over
/// no game that names that player, in any case, in any record of either
/// family: the games read with the name asked for hold every game read
/// without it that the name matches.
#[test]
fn a_name_asked_for_passes_over_no_game_it_names() {
    let root = common::root().join("fixtures");
    let mut files: Vec<std::path::PathBuf> = ["hirp", "otg", "csv", "ron", "json", "jsonl", "pgn"]
        .iter()
        .flat_map(|extension| common::files_under(&root, extension))
        .collect();
    files.sort();
    let (mut names, mut passed_over) = (0, 0);
    for path in &files {
        let all = players_read(path, &[]);
        let mut seen: Vec<String> = all.iter().flatten().flatten().cloned().collect();
        seen.sort();
        seen.dedup();
        for name in seen.iter().take(6) {
            for asked in [name.clone(), name.to_uppercase(), name.to_lowercase()] {
                let plays = |players: &[Option<String>; 2]| {
                    players
                        .iter()
                        .flatten()
                        .any(|p| p.to_lowercase() == asked.to_lowercase())
                };
                let want = all.iter().filter(|p| plays(p)).count();
                let read = players_read(path, std::slice::from_ref(&asked));
                let got = read.iter().filter(|p| plays(p)).count();
                assert_eq!(got, want, "{}: {asked}", path.display());
                passed_over += all.len() - read.len();
                names += 1;
            }
        }
    }
    assert!(names > 100, "{names} names tried");
    // The words are looked for: some games are passed over unread.
    assert!(passed_over > 0);
}

/// Asking the reader for the games that hold a tag's value, where the
/// record's form writes that tag as it reads, passes over no game that has
/// it, in any record of either family.
#[test]
fn a_tag_asked_for_passes_over_no_game_that_has_it() {
    let root = common::root().join("fixtures");
    let mut files: Vec<std::path::PathBuf> = ["hirp", "otg", "ron", "csv", "json", "pgn"]
        .iter()
        .flat_map(|extension| common::files_under(&root, extension))
        .collect();
    files.sort();
    let (mut asked, mut passed_over) = (0, 0);
    for path in &files {
        let all = tags_read(path, &[]);
        let mut seen: Vec<(String, String)> = all
            .iter()
            .flatten()
            .filter(|(_, _, writes)| *writes)
            .map(|(k, v, _)| (k.clone(), v.clone()))
            .collect();
        seen.sort();
        seen.dedup();
        // Every tag name, with its first three values.
        let mut tried: Vec<&(String, String)> = Vec::new();
        for pair in &seen {
            if tried.iter().filter(|(k, _)| *k == pair.0).count() < 3 {
                tried.push(pair);
            }
        }
        for (key, value) in tried {
            let has = |tags: &Vec<(String, String, bool)>| {
                let first = tags.iter().find(|(k, _, _)| k.eq_ignore_ascii_case(key));
                first.is_some_and(|(_, v, _)| v == value)
            };
            let want = all.iter().filter(|t| has(t)).count();
            let read = tags_read(path, std::slice::from_ref(value));
            let got = read.iter().filter(|t| has(t)).count();
            assert_eq!(got, want, "{}: {key}={value}", path.display());
            passed_over += all.len() - read.len();
            asked += 1;
        }
    }
    assert!(asked > 100, "{asked} tags tried");
    assert!(passed_over > 0);
}

/// A name written by an escape of its characters, or with a Kelvin sign
/// for its `k`, is still found: the pieces that hold those are read.
#[test]
fn a_name_written_otherwise_is_found() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("select-escaped");
    std::fs::create_dir_all(&dir).unwrap();
    let archive = common::root().join("fixtures/tafl/hnefatafl-org/archived-games.ron");
    let archive = std::fs::read_to_string(archive).unwrap();
    let line = archive.lines().next().unwrap();
    let attacker = field(line, "attacker").unwrap();
    let written = |name: &str| {
        line.replacen(
            &format!("attacker:\"{attacker}\""),
            &format!("attacker:\"{name}\""),
            1,
        )
    };
    let cases = [
        ("ron", written("zed\\u{61}ra"), "ZEDARA"),
        ("ron", written("\u{212A}olbeinn"), "kolbeinn"),
        ("ron", written("\\u{4b}v\\u{61}sir"), "Kvasir"),
    ];
    for (n, (extension, text, asked)) in cases.iter().enumerate() {
        let path = dir.join(format!("{n}.{extension}"));
        std::fs::write(&path, format!("{line}\n{text}\n{line}\n")).unwrap();
        let (status, count) = select(&["--count", "--player", asked], &path);
        assert_eq!((status, count), (Some(0), "1\n".to_owned()), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
