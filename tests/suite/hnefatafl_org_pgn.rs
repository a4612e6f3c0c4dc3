//! hnefatafl.org's PGN export against its own engine: each file of
//! `fixtures/tafl/hnefatafl-org/pgn/` is its client's export of a game of
//! the archive beside it (`SOURCES.md` there says how they were made), and
//! reads and replays as that game: with no problem, the archive's moves,
//! and where the engine ended the game on the board, the same end at the
//! same move (the draw by the 133rd play and the engine's judgement that
//! the king cannot escape among them); a game the export leaves unended
//! (resigned, timed out) is unfinished.

use crate::common;
use crate::hnefatafl_engine as engine;

use std::collections::BTreeMap;

use hirp::any::AnyFamily;
use hirp::core::CheckOptions;
use hirp::tafl::Square;
use hirp::tafl::check::check;
use hirp::tafl::family::Tafl;
use hirp::tafl::rules::{End, Outcome, RuleSet};
use hirp::tafl::syntax::{Form, Games, OtgGame, Ply, parse, parse_chunk, parse_unlimited};
use proptest::prelude::*;
use serde_json::Value;

use engine::{FOLDER, board_end, corpus, corpus_file, lines, winner};

/// The exports the tests read, each with the id of its game (its file's
/// name): the fixtures', or those of the corpus named.
fn exports() -> Vec<(String, String)> {
    common::files_under(&engine::folder().join("pgn"), "pgn")
        .into_iter()
        .map(|path| {
            let id = path.file_stem().unwrap().to_string_lossy().into_owned();
            (id, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

/// Each move of a game's main line, from and to.
fn squares(game: &OtgGame) -> Vec<(Square, Square)> {
    game.main_line()
        .filter_map(|ply| match ply {
            Ply::Move(m) => Some((m.from, m.to)),
            _ => None,
        })
        .collect()
}

/// The moves of each game of the archive, by id.
fn archive_moves() -> BTreeMap<String, Vec<(Square, Square)>> {
    let text = corpus_file("archived-games.ron");
    let parsed = parse(&text, Form::Ron);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let games = &parsed.record.as_otg().unwrap().games;
    games
        .iter()
        .map(|game| (game.tag("id").unwrap().value.clone(), squares(game)))
        .collect()
}

/// What the replay of an export gives: its problems, its end and the
/// moves it replayed.
struct Replayed {
    problems: Vec<String>,
    outcome: Option<Outcome>,
    moves: usize,
}

/// Each game of `text`, read as the export, replayed.
fn replay(text: &str) -> Vec<Replayed> {
    let mut replayed = Vec::new();
    check(
        text.as_bytes(),
        Form::Pgn,
        None,
        CheckOptions::default(),
        |checked| {
            let replay = checked.replay;
            replayed.push(Replayed {
                problems: replay.problems.iter().map(|p| p.code.to_string()).collect(),
                outcome: replay.outcome,
                moves: replay.moves,
            });
            true
        },
    )
    .expect("reading from memory");
    replayed
}

/// How an export fares against the engine's verdict on its game and the
/// archive's moves: `Ok(true)` when the board ends it as the engine did,
/// `Ok(false)` when it is unfinished as the engine's end is not the
/// board's, else what differs.
fn judge(
    id: &str,
    text: &str,
    verdict: &Value,
    moves: &[(Square, Square)],
) -> Result<bool, String> {
    let parsed = parse(text, Form::Pgn);
    if !parsed.errors.is_empty() {
        return Err(format!("syntax: {:?}", parsed.errors));
    }
    let [game] = &parsed.record.as_otg().unwrap().games[..] else {
        return Err(format!("{} games", parsed.record.len()));
    };
    let event = game.tag("event").map(|t| t.value.as_str());
    if event != Some(format!("Game {id}").as_str()) {
        return Err(format!("event {event:?}"));
    }
    let (rules, _) = RuleSet::from_opentafl(&game.rules().unwrap().value).unwrap();
    let size = verdict["board_size"].as_u64().unwrap() as u8;
    // An export with no move names no board: it is read on 11 × 11.
    let read_on = if moves.is_empty() { 11 } else { size };
    if Some(&rules) != RuleSet::hnefatafl_org(read_on).as_ref() {
        return Err(format!(
            "read as {0} × {0}, played on {size} × {size}",
            rules.dim
        ));
    }
    if squares(game) != moves {
        return Err("not the archive's moves".to_owned());
    }
    let [replayed] = &replay(text)[..] else {
        return Err("not one game replayed".to_owned());
    };
    if !replayed.problems.is_empty() {
        return Err(format!("problems: {:?}", replayed.problems));
    }
    let engine_moves = verdict["moves"].as_u64().unwrap() as usize;
    if replayed.moves != engine_moves {
        return Err(format!(
            "{} moves, the engine's {engine_moves}",
            replayed.moves
        ));
    }
    let status = verdict["status"].as_str().unwrap();
    let ending = verdict["ending"].as_str().unwrap();
    match (
        board_end(verdict["ending"].as_str().expect("an ending")),
        replayed.outcome,
    ) {
        (None, None) => Ok(false),
        (Some(end), Some(outcome)) if outcome.winner == winner(status) => {
            match (outcome.end, end) {
                // A move that takes the last attacker and closes an exit fort:
                // the engine names the first, hirp the second.
                (End::ExitFort, End::AllCaptured) => Ok(true),
                (a, b) if a == b => Ok(true),
                (a, _) => Err(format!("{a:?}, the engine's {ending}")),
            }
        }
        (_, outcome) => Err(format!("{outcome:?}, the engine's {status} ({ending})")),
    }
}

#[test]
fn every_export_replays_as_the_engines_game() {
    let verdicts: BTreeMap<String, Value> = lines("verdicts.jsonl")
        .into_iter()
        .map(|v| (v["id"].to_string(), v))
        .collect();
    let archive = archive_moves();
    let exports = exports();
    let (mut ended, mut unfinished) = (0, 0);
    let mut faults = BTreeMap::new();
    for (id, text) in &exports {
        match judge(id, text, &verdicts[id], &archive[id]) {
            Ok(true) => ended += 1,
            Ok(false) => unfinished += 1,
            Err(fault) => {
                faults.insert(id.clone(), fault);
            }
        }
    }
    assert!(faults.is_empty(), "{faults:#?}");
    eprintln!(
        "{} exports replay as the engine's games: {ended} ended on the board as the engine \
         ended them, {unfinished} unfinished",
        exports.len()
    );
    if corpus().is_none() {
        assert_eq!((exports.len(), ended, unfinished), (36, 24, 12));
    }
}

/// Every game of the fixtures' archive has its export beside it.
#[test]
fn the_fixtures_hold_the_export_of_every_archive_game() {
    if corpus().is_some() {
        return;
    }
    let ids: Vec<String> = exports().into_iter().map(|(id, _)| id).collect();
    let archive: Vec<String> = archive_moves().into_keys().collect();
    assert_eq!(ids, archive);
}

/// The export's squares say its board: `0c4` on 7 × 7, lower case on
/// 11 × 11, upper case on 13 × 13; each fixture's text is written so.
#[test]
fn each_board_is_written_in_its_own_shape() {
    let verdicts: BTreeMap<String, Value> = lines("verdicts.jsonl")
        .into_iter()
        .map(|v| (v["id"].to_string(), v))
        .collect();
    for (id, text) in exports() {
        let moves = text.lines().last().unwrap();
        // A game ended before its first move has none to write.
        let first = moves.split(' ').nth(1).filter(|_| !moves.starts_with('['));
        let Some(first) = first else {
            assert_eq!(verdicts[&id]["moves"], 0, "{id}");
            continue;
        };
        let shape = match verdicts[&id]["board_size"].as_u64().unwrap() {
            7 => first.starts_with('0') && first.chars().nth(1).unwrap().is_ascii_lowercase(),
            11 => first.starts_with(|c: char| c.is_ascii_lowercase()),
            _ => first.starts_with(|c: char| c.is_ascii_uppercase()),
        };
        assert!(shape, "{id}: {first}");
    }
}

/// The export is told by its extension, and by its first lines on
/// standard input or under another name; no other record of the fixtures
/// is told as one.
#[test]
fn the_export_is_told_by_its_name_and_its_first_lines() {
    let pgn = AnyFamily::Tafl(Tafl(Form::Pgn));
    for (_, text) in exports() {
        assert_eq!(AnyFamily::recognise("game.pgn", b"", false), pgn);
        assert_eq!(AnyFamily::recognise("-", text.as_bytes(), false), pgn);
        assert_eq!(AnyFamily::recognise("game.txt", text.as_bytes(), true), pgn);
        let moves = text.lines().last().unwrap();
        if !moves.starts_with('[') && !moves.is_empty() {
            assert_eq!(AnyFamily::recognise("-", moves.as_bytes(), false), pgn);
        }
    }
    let mut others = 0;
    for extension in ["hirp", "otg", "csv", "ron"] {
        for path in common::files_under(&common::root().join("fixtures"), extension) {
            let bytes = std::fs::read(&path).unwrap();
            let head = &bytes[..bytes.len().min(1 << 13)];
            assert_ne!(Form::of_head(head), Some(Form::Pgn), "{}", path.display());
            others += 1;
        }
    }
    assert!(others > 600, "{others}");
}

/// On standard input, the export is read as a file of its name would be.
#[test]
fn an_export_on_standard_input_is_read_as_one() {
    let path = format!("{FOLDER}/pgn/1017.pgn");
    let named = common::hirp().args(["validate", &path]).assert().success();
    let text = common::fixture(&path);
    let piped = common::hirp()
        .args(["validate", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let out = |run: &assert_cmd::assert::Assert| {
        String::from_utf8_lossy(&run.get_output().stdout).into_owned()
    };
    assert_eq!(out(&named), out(&piped));
    assert!(out(&piped).contains("king-captured 1"), "{}", out(&piped));
}

/// What `hirp validate` says of an export, with every game listed.
#[test]
fn validate_says_how_each_export_ends() {
    let paths = ["1017", "3065", "2299", "1654"].map(|id| format!("{FOLDER}/pgn/{id}.pgn"));
    let run = common::hirp()
        .args(["validate", "--all"])
        .args(&paths)
        .assert()
        .success();
    let output = run.get_output();
    insta::assert_snapshot!(format!(
        "{}---\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    ));
}

/// `hirp fmt` keeps the export as its client writes it, with no line end
/// after its moves; `replay`, `board` and `json` read it.
#[test]
fn the_commands_read_the_export() {
    let path = format!("{FOLDER}/pgn/1017.pgn");
    let text = common::fixture(&path);
    assert!(!text.ends_with('\n'));
    let stdout = |args: &[&str]| {
        let run = common::hirp().args(args).arg(&path).assert().success();
        String::from_utf8_lossy(&run.get_output().stdout).into_owned()
    };
    common::hirp()
        .args(["fmt", "--check", &path])
        .assert()
        .success();
    assert_eq!(stdout(&["fmt"]), text);
    let replayed = stdout(&["replay"]);
    assert!(replayed.contains("After 1a: 0d50c5"), "{replayed}");
    let last = text.split(' ').next_back().unwrap();
    assert!(
        replayed.contains(&format!("After 15b: {last}")),
        "{replayed}"
    );
    let board = stdout(&["board"]);
    assert!(
        board.starts_with("1017.pgn, game 1: after 15b — the attackers win: the king is captured"),
        "{board}"
    );
    let json: Value = serde_json::from_str(&stdout(&["json"])).unwrap();
    let file = &json["files"][0];
    assert_eq!(file["form"], "pgn");
    let game = &file["games"][0];
    let tags: Vec<(&str, &str)> = game["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["value"].as_str().unwrap()))
        .collect();
    assert_eq!(
        &tags[..2],
        [("event", "Game 1017"), ("site", "hnefatafl.org")]
    );
    assert_eq!(tags.last().unwrap().0, "rules");
    assert_eq!(game["turns"].as_array().unwrap().len(), 15);
}

/// Each export that does not read, as `hirp validate` shows it.
#[test]
fn malformed_exports_are_shown_at_the_place() {
    insta::glob!("../../fixtures/tafl/syntax", "err_pgn_*.pgn", |path| {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap();
        let relative = format!("fixtures/tafl/syntax/{name}");
        let run = common::hirp().args(["validate", &relative]).assert();
        let output = run.get_output();
        insta::assert_snapshot!(format!(
            "{}---\n{}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout)
        ));
    });
}

/// Exports joined in one file, a blank line or a line end between two,
/// read as the games each reads alone: one chunk a game.
#[test]
fn a_file_holds_several_games() {
    let exports = exports();
    let alone: Vec<OtgGame> = exports
        .iter()
        .map(|(_, text)| parse(text, Form::Pgn).record.as_otg().unwrap().games[0].clone())
        .collect();
    for between in ["\n\n", "\n", "\r\n\r\n"] {
        let texts: Vec<&str> = exports.iter().map(|(_, text)| text.as_str()).collect();
        let joined = texts.join(between);
        let parsed = parse(&joined, Form::Pgn);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let games = &parsed.record.as_otg().unwrap().games;
        assert_eq!(games.len(), alone.len());
        for (read, one) in games.iter().zip(&alone) {
            assert_eq!(squares(read), squares(one));
            let values = |g: &OtgGame| g.tags.iter().map(|t| t.value.clone()).collect::<Vec<_>>();
            assert_eq!(values(read), values(one));
        }
        let chunks = Games::new(joined.as_bytes(), Form::Pgn)
            .map(|chunk| parse_chunk(&chunk.unwrap()).1.record.len())
            .collect::<Vec<_>>();
        assert_eq!(chunks, vec![1; alone.len()], "{between:?}");
        assert_eq!(parsed, parse_unlimited(&joined, Form::Pgn));
    }
}

/// A game with no move is read, unfinished, on 11 × 11; a game's moves may
/// run over lines, after a blank line, as PGN files commonly write them.
#[test]
fn games_are_read_whatever_their_moves() {
    let text = "[Event \"Game 5\"]\n[Site \"hnefatafl.org\"]\n";
    let parsed = parse(text, Form::Pgn);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let game = &parsed.record.as_otg().unwrap().games[0];
    assert!(game.turns.is_empty());
    let (rules, _) = RuleSet::from_opentafl(&game.rules().unwrap().value).unwrap();
    assert_eq!(Some(rules), RuleSet::hnefatafl_org(11));
    let [replayed] = &replay(text)[..] else {
        panic!("one game");
    };
    assert!(replayed.problems.is_empty() && replayed.outcome.is_none());

    let export = common::fixture(&format!("{FOLDER}/pgn/3065.pgn"));
    let (tags, moves) = export.rsplit_once('\n').unwrap();
    let wrapped = moves.replace(" 4.", "\n4.").replace(" 9.", "\n  9.");
    let text = format!("{tags}\n\n{wrapped}\n");
    let parsed = parse(&text, Form::Pgn);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let read = &parsed.record.as_otg().unwrap().games[0];
    let alone = parse(&export, Form::Pgn);
    assert_eq!(
        squares(read),
        squares(&alone.record.as_otg().unwrap().games[0])
    );
    let [replayed] = &replay(&text)[..] else {
        panic!("one game");
    };
    assert_eq!(replayed.outcome.map(|o| o.end), Some(End::KingEscaped));
}

/// What holds of reading any text as the export: no panic, reading or
/// replaying; every error and problem inside the text, on its characters'
/// boundaries, with a help line; and text with no error reads the same
/// game by game and at once.
fn read_and_replay(text: &str) -> Result<(), TestCaseError> {
    let parsed = parse(text, Form::Pgn);
    if !parsed.has_errors() {
        prop_assert_eq!(&parsed, &parse_unlimited(text, Form::Pgn));
    }
    engine::read_and_replay(text, Form::Pgn)
}

proptest! {
    /// Exports with a few characters deleted, changed or put in.
    #[test]
    fn edited_exports_read_without_panic(
        export in 0..36usize,
        edits in proptest::collection::vec(
            (
                any::<proptest::sample::Index>(),
                0..3u8,
                "[\\[\\]\" .0-9a-mA-M\n\\\\-]",
            ),
            1..6,
        ),
    ) {
        let path = common::files_under(&common::root().join(FOLDER).join("pgn"), "pgn")
            .into_iter()
            .nth(export)
            .unwrap();
        let mut chars: Vec<char> = std::fs::read_to_string(path).unwrap().chars().collect();
        for (at, how, with) in edits {
            let at = at.index(chars.len());
            let with = with.chars().next().unwrap_or(' ');
            match how {
                0 => {
                    chars.remove(at);
                }
                1 => chars[at] = with,
                _ => chars.insert(at, with),
            }
        }
        let edited: String = chars.into_iter().collect();
        read_and_replay(&edited)?;
    }

    /// Any text.
    #[test]
    fn any_text_reads_as_the_export_without_panic(text in "\\PC{0,200}") {
        read_and_replay(&text)?;
    }

    /// Text made of the export's characters.
    #[test]
    fn export_like_text_reads_without_panic(text in "[\\[\\]\" .0-9a-nA-N\n\t]{0,200}") {
        read_and_replay(&text)?;
    }
}
