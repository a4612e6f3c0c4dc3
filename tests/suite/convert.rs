//! `hirp convert` and `hirp::tafl::convert`: a game written in another
//! form comes back as the same game, and what the form cannot hold is
//! named. hnefatafl.org's archive goes into a game file and back byte for
//! byte; its JSON, written from the archive, is the engine's own but for
//! what the archive does not hold; every game of every form read is
//! written in every form that can say it.
//!
//! With `HIRP_HNEFATAFL_ORG_CORPUS`, the tests of hnefatafl.org's records
//! read that corpus instead of the fixtures.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;

use std::collections::{BTreeMap, BTreeSet};

use common::hirp;
use hirp::tafl::convert::{NotConverted, TARGETS, convert};
use hirp::tafl::replay::{Game, replay_record};
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, parse};
use hnefatafl_org::corpus_file;

/// Each game of `text`, read as `form` and replayed under `rules` (else
/// its own), written as `to`.
fn each_converted(
    text: &str,
    form: Form,
    rules: Option<&RuleSet>,
    to: Form,
) -> Vec<Result<hirp::tafl::convert::Converted, NotConverted>> {
    let parsed = parse(text, form);
    let replays = replay_record(&parsed.record, &parsed.errors, rules);
    Game::all(&parsed.record)
        .into_iter()
        .zip(&replays)
        .map(|(game, replay)| convert(game, replay, to))
        .collect()
}

/// The one game of `text`, of `form`, written as `to`.
fn one(text: &str, form: Form, to: Form) -> Result<String, NotConverted> {
    let mut all = each_converted(text, form, None, to);
    assert_eq!(all.len(), 1, "{text}");
    all.remove(0).map(|c| c.text)
}

/// Every line of hnefatafl.org's archive, in both layouts, written as a
/// game file and that game written back as the archive's line is the line
/// as the server wrote it, byte for byte; the game file holds all of it.
#[test]
fn the_archive_goes_through_a_game_file_unchanged() {
    for path in ["archived-games.ron", "legacy/archived-games-texts.ron"] {
        let archive = corpus_file(path);
        let mut lines = 0;
        for line in archive.lines() {
            let written = format!("{line}\n");
            let converted = each_converted(&written, Form::Ron, None, Form::Otg).remove(0);
            let converted = converted.unwrap_or_else(|e| panic!("{e}: {line}"));
            assert_eq!(converted.lost, Vec::<String>::new(), "{line}");
            let back = one(&converted.text, Form::Otg, Form::Ron).unwrap();
            assert_eq!(back, written, "{}", converted.text);
            lines += 1;
        }
        assert!(lines > 0, "{path}");
        eprintln!("{path}: {lines} games through a game file and back");
    }
}

/// The archive written as hnefatafl.org's JSON is the JSON its engine
/// writes of the same games, field by field, but for what the archive
/// does not hold: the time control, a clock run below zero (written at
/// zero) and the order of a move's captures (the engine's is its hash
/// set's).
#[test]
fn the_archive_as_json_is_the_engines_json() {
    let engine: BTreeMap<u64, serde_json::Value> = corpus_file("opentafl/games.jsonl")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| (v["id"].as_u64().unwrap(), v))
        .collect();
    let archive = corpus_file("archived-games.ron");
    let (mut compared, mut whole) = (0, 0);
    for converted in each_converted(&archive, Form::Ron, None, Form::OpenTaflJson) {
        let text = converted.expect("every game is written").text;
        let ours: serde_json::Value = serde_json::from_str(&text).unwrap();
        let Some(theirs) = engine.get(&ours["id"].as_u64().unwrap()) else {
            continue; // The engine's writer failed on this game.
        };
        let theirs = theirs.as_object().unwrap();
        let keys: Vec<&String> = theirs.keys().collect();
        let written: Vec<&String> = ours.as_object().unwrap().keys().collect();
        assert_eq!(written, keys, "the fields, in the server's order");
        let mut same = true;
        for (key, value) in theirs {
            let mine = &ours[key];
            match key.as_str() {
                "time_control" => same &= mine == value,
                "time_remaining_ms" if !value.is_null() => {
                    for side in ["attackers", "defenders"] {
                        let (a, b) = (mine[side].as_i64().unwrap(), value[side].as_i64().unwrap());
                        assert_eq!(a, b.max(0), "{side}: {text}");
                    }
                    assert_eq!(mine["last_move"], value["last_move"]);
                }
                "moves" => {
                    let tokens = |v: &serde_json::Value| -> Vec<BTreeSet<String>> {
                        let moves = v.as_str().unwrap().split(' ');
                        moves
                            .map(|m| m.split('x').map(str::to_owned).collect())
                            .collect()
                    };
                    assert_eq!(tokens(mine), tokens(value), "{}", ours["id"]);
                    same &= mine == value;
                }
                _ => assert_eq!(mine, value, "{key} of {}", ours["id"]),
            }
        }
        compared += 1;
        whole += usize::from(same);
    }
    assert!(compared > 0);
    eprintln!("{compared} games compared, {whole} byte for byte the engine's");
}

/// Every game of hnefatafl.org's records, in each of its forms, is
/// written in each form, or refused for what the form cannot say; never
/// for coming back another game, which would be the writer's fault.
#[test]
fn every_form_is_written_in_every_form_that_can_say_it() {
    let pgn: String = std::fs::read_dir(hnefatafl_org::folder().join("pgn"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap() + "\n")
        .collect();
    let sources = [
        (corpus_file("archived-games.ron"), Form::Ron),
        (corpus_file("opentafl/games.jsonl"), Form::OpenTaflJson),
        (corpus_file("opentafl/games.ron"), Form::Ron),
        (pgn, Form::Pgn),
    ];
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    for (text, form) in &sources {
        for to in TARGETS {
            let mut games = 0;
            for converted in each_converted(text, *form, None, to) {
                games += 1;
                match converted {
                    Ok(_) => {}
                    Err(e @ NotConverted::Unsaid { .. }) => {
                        *refused.entry(e.to_string()).or_default() += 1;
                    }
                    Err(e) => panic!("{form:?} as {to:?}: {e}"),
                }
            }
            assert!(games > 0, "{form:?}");
        }
    }
    // What is refused: a loss on time with no clocks at every play (the
    // JSON's), and a loss on time of the side not to move in an archive.
    for why in refused.keys() {
        assert!(why.contains("the loss on time"), "{why}");
    }
}

/// What `hirp convert` writes validates with no error, read as its form
/// is read: a game file, the archive and the JSON by the rules they name;
/// an archive's lines, which name none, with the preset the note names.
#[test]
fn what_convert_writes_validates() {
    let archive = corpus_file("archived-games.ron");
    let scratch = std::env::temp_dir().join(format!("hirp-convert-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for dim in [7, 11, 13] {
        let size = format!("board_size:_{dim})");
        let lines: String = archive
            .lines()
            .filter(|l| l.ends_with(&size))
            .map(|l| format!("{l}\n"))
            .collect();
        let games = lines.lines().count();
        let source = scratch.join(format!("{dim}.ron"));
        std::fs::write(&source, &lines).unwrap();
        for to in ["otg", "ron", "json", "csv"] {
            let output = hirp()
                .args(["convert", "--to", to])
                .arg(&source)
                .output()
                .unwrap();
            let notes = String::from_utf8_lossy(&output.stderr).into_owned();
            // A game file holds a game with no move only last: each other
            // such game is refused, and only those.
            let refused = notes.lines().filter(|l| l.starts_with("error:")).count();
            let moveless = notes.matches("it has no move").count();
            assert_eq!(refused, moveless, "{dim} {to}: {notes}");
            let expected = if refused == 0 { 0 } else { 1 };
            assert_eq!(output.status.code(), Some(expected), "{dim} {to}: {notes}");
            let file = scratch.join(format!("{dim}-out.{to}"));
            std::fs::write(&file, &output.stdout).unwrap();
            let mut validate = hirp();
            validate.arg("validate");
            if to == "csv" {
                let preset = format!("hnefatafl-org-{dim}");
                assert!(notes.contains(&format!("--rules `{preset}`")), "{notes}");
                validate.args(["--rules", &preset]);
            }
            let validated = validate.arg(&file).output().unwrap();
            let said = String::from_utf8_lossy(&validated.stdout);
            assert_eq!(validated.status.code(), Some(0), "{dim} {to}: {said}");
            let count = said
                .lines()
                .find(|l| l.starts_with("games"))
                .unwrap_or_default();
            let written = (games - refused).to_string();
            assert_eq!(count.split_whitespace().nth(1), Some(written.as_str()));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// What a person sees of a conversion: the games on standard output, the
/// note of what the form does not hold on standard error.
fn shown(args: &[&str], stdin: &str) -> String {
    let output = hirp().args(args).write_stdin(stdin).output().unwrap();
    format!(
        "status: {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn an_archive_line_becomes_a_game_file() {
    let archive = "fixtures/tafl/hnefatafl-org/archived-games.ron";
    let line = std::fs::read_to_string(common::root().join(archive)).unwrap();
    let first = line.lines().nth(2).unwrap();
    insta::assert_snapshot!(shown(
        &["convert", "--to", "otg", "-"],
        &format!("{first}\n")
    ));
}

#[test]
fn a_game_file_becomes_an_archive_line_and_a_note() {
    let game = "[attackers:Ask]\n[defenders:Bo]\n[event:Club evening]\n\
                [rules:dim:7 surf:n rpt:2 nomv:d ks:c cenh: cenre: \
                start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
                1. a4-a2 c4-c3\n2. d1-e1 c3-c6\n3. d2-f2 d5-f5\n4. d6-f6xf5 d3-b3\n";
    insta::assert_snapshot!(shown(&["convert", "--to", "csv", "-"], game));
}

#[test]
fn a_game_the_form_cannot_say_is_refused_and_the_others_written() {
    let otg = "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-c2 d3-d2\n";
    let archive = "fixtures/tafl/hnefatafl-org/archived-games.ron";
    let first = std::fs::read_to_string(common::root().join(archive)).unwrap();
    let first = first.lines().next().unwrap().to_owned();
    let scratch = std::env::temp_dir().join(format!("hirp-convert-r-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let file = scratch.join("attackers-first.otg");
    std::fs::write(&file, otg).unwrap();
    let output = hirp()
        .args(["convert", "--to", "ron"])
        .arg(&file)
        .arg("-")
        .write_stdin(format!("{first}\n"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).replace(&*file.to_string_lossy(), "FILE");
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{first}\n")
    );
    insta::assert_snapshot!(stderr);
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn a_form_hirp_does_not_write_is_a_usage_error() {
    insta::assert_snapshot!(shown(&["convert", "--to", "pgn", "-"], ""));
}

#[test]
fn a_hirp_record_is_written_in_its_own_form_alone() {
    let example = "fixtures/rulebook/corrected.hirp";
    let own = hirp()
        .args(["convert", "--to", "hirp", example])
        .output()
        .unwrap();
    let formatted = hirp().args(["fmt", example]).output().unwrap();
    assert_eq!(own.status.code(), Some(0));
    assert_eq!(own.stdout, formatted.stdout);
    insta::assert_snapshot!(shown(&["convert", "--to", "otg", example], ""));
}

#[test]
fn an_archive_needs_its_rules() {
    let archive = "fixtures/tafl/archives/brandubh.csv";
    insta::assert_snapshot!(shown(&["convert", "--to", "otg", archive], ""));
    let output = hirp()
        .args([
            "convert",
            "--to",
            "otg",
            "--rules",
            "brandubh-online",
            archive,
        ])
        .output()
        .unwrap();
    // Each game is written, but those with no move that another game
    // follows, which a game file cannot hold.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let refused = stderr.lines().filter(|l| l.starts_with("error:")).count();
    assert_eq!(
        refused,
        stderr.matches("it has no move").count(),
        "{stderr}"
    );
    assert_eq!(output.status.code(), Some(if refused > 0 { 1 } else { 0 }));
    let games = String::from_utf8_lossy(&output.stdout)
        .matches("[rules:")
        .count();
    let lines = std::fs::read_to_string(common::root().join(archive)).unwrap();
    let lines = lines.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(games + refused, lines);
}
