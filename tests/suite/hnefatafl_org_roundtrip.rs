//! hnefatafl.org's archive through JSON and back: `hirp json` then `hirp
//! notation` gives every line back byte for byte, and every line hirp
//! writes is the line the server's own writer (`ron::ser::to_string`, as
//! `Server::append_archived_game` calls it) writes for the same game.
//!
//! The server's types are mirrored below (their fields, names and order,
//! as the engine's `ArchivedGame` declares them) so that `ron` can read and
//! write the lines as the server does.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;
use crate::schema;

use std::collections::VecDeque;

use hirp::json::{AnyRecord, Document, read_any_records};
use hirp::tafl::syntax::{Form, Record, SyntaxErrorKind, parse};
use hnefatafl_org::{FOLDER, corpus, corpus_file};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The archive's files: the layout of today, the older one, and the
/// copies with one illegal play.
const FILES: [&str; 3] = [
    "archived-games.ron",
    "legacy/archived-games-texts.ron",
    "mutations/archived-games-mutated.ron",
];

// ---- The server's types, as `ron` reads and writes them ----

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Game {
    id: u128,
    attacker: String,
    attacker_rating: Rating,
    defender: String,
    defender_rating: Rating,
    rated: Rated,
    plays: Plays,
    status: Status,
    #[serde(default)]
    messages: VecDeque<Message>,
    board_size: Size,
}

/// The older layout: `texts` where `messages` now stands.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct OldGame {
    id: u128,
    attacker: String,
    attacker_rating: Rating,
    defender: String,
    defender_rating: Rating,
    rated: Rated,
    plays: Plays,
    status: Status,
    texts: Vec<String>,
    board_size: Size,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Rating {
    rating: f64,
    rd: f64,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum Rated {
    No,
    Yes,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum Status {
    AttackerWins,
    Draw,
    Ongoing,
    DefenderWins,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Message {
    username: String,
    timestamp: String,
    content: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
enum Plays {
    PlayRecordsTimed(Vec<Timed>),
    PlayRecords(Vec<Option<Plae>>),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Timed {
    play: Option<Plae>,
    attacker_time: TimeLeft,
    defender_time: TimeLeft,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct TimeLeft {
    milliseconds_left: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
enum Plae {
    Play(Play),
    AttackerResigns,
    DefenderResigns,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Play {
    role: Role,
    from: Vertex,
    to: Vertex,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum Role {
    Attacker,
    Defender,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct Vertex {
    size: Size,
    x: usize,
    y: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
enum Size {
    _7,
    _11,
    _13,
}

// ---- The round trip ----

/// A file of the fixtures.
fn fixture(path: &str) -> String {
    common::fixture(&format!("{FOLDER}/{path}"))
}

/// `text` as an archive through JSON, as a document and as JSON Lines,
/// back to text; each JSON value meets the schema.
fn through_json(text: &str) -> Result<(String, String), String> {
    let parsed = parse(text, Form::Ron);
    let document = Document {
        files: vec![hirp::tafl::json::file("archived-games.ron", &parsed.record).into()],
    };
    let json = serde_json::to_string(&document).map_err(|e| e.to_string())?;
    meets_the_schema(&json, false)?;
    let lines: String = (1..=parsed.record.len())
        .map(|n| {
            let line = hirp::tafl::json::game_line("archived-games.ron", &parsed.record, n);
            serde_json::to_string(&line.expect("a line for each game")).unwrap() + "\n"
        })
        .collect();
    meets_the_schema(&lines, true)?;
    let back = |json: &str| -> Result<String, String> {
        match read_any_records(json)
            .map_err(|e| e.to_string())?
            .as_slice()
        {
            [(_, AnyRecord::Tafl(record @ Record::Ron(_)))] => Ok(record.to_string()),
            other => Err(format!("not one archive: {other:?}")),
        }
    };
    Ok((back(&json)?, back(&lines)?))
}

/// Each JSON value of `json` meets the schema of a document, or of a line
/// when `lines`.
fn meets_the_schema(json: &str, lines: bool) -> Result<(), String> {
    let schema = serde_json::to_value(hirp::json::schema(lines)).unwrap();
    for value in serde_json::Deserializer::from_str(json).into_iter::<Value>() {
        schema::conforms(&schema, &schema, &value.unwrap(), "")?;
    }
    Ok(())
}

#[test]
fn every_line_comes_back_from_json_byte_for_byte() {
    let mut lines = 0;
    for file in FILES {
        let text = corpus_file(file);
        for line in text.lines() {
            let line = format!("{line}\n");
            let (document, json_lines) = through_json(&line).unwrap();
            assert_eq!(document, line, "{file}");
            assert_eq!(json_lines, line, "{file}");
            lines += 1;
        }
        let (document, json_lines) = through_json(&text).unwrap();
        assert_eq!(document, text, "{file}");
        assert_eq!(json_lines, text, "{file}");
    }
    eprintln!("{lines} lines through JSON and back");
    if corpus().is_none() {
        assert_eq!(lines, 36 + 12 + 30);
    }
}

/// What a user runs: `hirp json` then `hirp notation`, in both forms of
/// JSON.
#[test]
fn hirp_json_then_hirp_notation_gives_the_archive_back() {
    for file in FILES {
        let path = format!("{FOLDER}/{file}");
        for lines in [false, true] {
            let mut args = vec!["json", path.as_str()];
            if lines {
                args.push("--lines");
            }
            let json = common::hirp().args(&args).output().unwrap().stdout;
            let back = common::hirp()
                .args(["notation", "-"])
                .write_stdin(json)
                .assert()
                .success();
            let written = String::from_utf8_lossy(&back.get_output().stdout).into_owned();
            assert_eq!(written, common::fixture(&path), "{file}, lines: {lines}");
        }
    }
}

/// The fixtures' lines are the server's: `ron` reads each and writes it
/// back the same, in both layouts.
#[test]
fn the_fixtures_are_written_as_the_server_writes() {
    for file in FILES {
        for line in corpus_file(file).lines() {
            let written = if file.starts_with("legacy") {
                ron::to_string(&ron::from_str::<OldGame>(line).unwrap())
            } else {
                ron::to_string(&ron::from_str::<Game>(line).unwrap())
            };
            assert_eq!(written.unwrap(), line, "{file}");
        }
    }
}

/// The JSON of a text read as an archive, its spans left out.
fn json_without_spans(text: &str) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("span");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let parsed = parse(text, Form::Ron);
    let mut json = serde_json::to_value(hirp::tafl::json::file("-", &parsed.record)).unwrap();
    strip(&mut json);
    json
}

/// Whether hirp reads `text` as games, with no error but a play of the
/// side not to move (which JSON keeps).
fn reads(text: &str) -> bool {
    let parsed = parse(text, Form::Ron);
    !parsed.record.is_empty()
        && parsed
            .errors
            .iter()
            .all(|e| e.kind == SyntaxErrorKind::RonWrongSide)
}

// ---- Edited games ----

/// A string with what the server's writer escapes: quotes, backslashes,
/// line ends, control characters, marks that join the character before.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,12}",
        "[a-z\"\\\\'\\n\\t\\r\\u{0}\\u{7f}\\u{301}\\u{200d}\\u{fe0f}\\u{1f600}\\u{13073} ]{0,12}",
    ]
}

/// An edit of a game, as a player, the server or a person could make one.
#[derive(Clone, Debug)]
enum Edit {
    Names(String, String),
    Ratings(f64, f64),
    Id(u128),
    Rated(bool),
    Status(u8),
    Clocks(i64, i64),
    Messages(Vec<(String, String, String)>),
    Untimed,
    Truncate(usize),
    Move(usize, (usize, usize), (usize, usize)),
    Resign(usize, bool),
}

fn edit() -> impl Strategy<Value = Edit> {
    let rating = prop_oneof![0.0..3000.0f64, -1e14..1e14f64, Just(1500.0), Just(0.1)];
    prop_oneof![
        (text(), text()).prop_map(|(a, d)| Edit::Names(a, d)),
        (rating.clone(), rating).prop_map(|(r, d)| Edit::Ratings(r, d)),
        any::<u128>().prop_map(Edit::Id),
        any::<bool>().prop_map(Edit::Rated),
        (0..4u8).prop_map(Edit::Status),
        (any::<i64>(), any::<i64>()).prop_map(|(a, d)| Edit::Clocks(a, d)),
        proptest::collection::vec((text(), text(), text()), 0..3).prop_map(Edit::Messages),
        Just(Edit::Untimed),
        (0..200usize).prop_map(Edit::Truncate),
        (
            1..200usize,
            (0..13usize, 0..13usize),
            (0..13usize, 0..13usize)
        )
            .prop_map(|(n, f, t)| Edit::Move(n, f, t)),
        (1..200usize, any::<bool>()).prop_map(|(n, a)| Edit::Resign(n, a)),
    ]
}

/// A record of the plays: its play, and in a timed game the clocks.
type Written = (Option<Plae>, Option<(i64, i64)>);

/// The records of a game's plays, each its play and clocks.
fn records(plays: &Plays) -> Vec<Written> {
    match plays {
        Plays::PlayRecords(records) => records.iter().map(|p| (p.clone(), None)).collect(),
        Plays::PlayRecordsTimed(records) => records
            .iter()
            .map(|r| {
                let times = (
                    r.attacker_time.milliseconds_left,
                    r.defender_time.milliseconds_left,
                );
                (r.play.clone(), Some(times))
            })
            .collect(),
    }
}

/// Plays of `records`, timed when each has its clocks.
fn plays_of(records: Vec<Written>, timed: bool) -> Plays {
    if !timed {
        return Plays::PlayRecords(records.into_iter().map(|(p, _)| p).collect());
    }
    let time = |ms| TimeLeft {
        milliseconds_left: ms,
    };
    Plays::PlayRecordsTimed(
        records
            .into_iter()
            .map(|(play, times)| {
                let (a, d) = times.unwrap_or((0, 0));
                Timed {
                    play,
                    attacker_time: time(a),
                    defender_time: time(d),
                }
            })
            .collect(),
    )
}

fn apply(game: &mut Game, edit: Edit) {
    let timed = matches!(game.plays, Plays::PlayRecordsTimed(_));
    let mut plays = records(&game.plays);
    let n = plays.len();
    let size = game.board_size;
    let dim = match size {
        Size::_7 => 7,
        Size::_11 => 11,
        Size::_13 => 13,
    };
    let mut untimed = false;
    match edit {
        Edit::Names(a, d) => (game.attacker, game.defender) = (a, d),
        Edit::Ratings(r, d) => (game.attacker_rating.rating, game.defender_rating.rd) = (r, d),
        Edit::Id(id) => game.id = id,
        Edit::Rated(yes) => game.rated = if yes { Rated::Yes } else { Rated::No },
        Edit::Status(s) => {
            let all = [
                Status::AttackerWins,
                Status::Draw,
                Status::Ongoing,
                Status::DefenderWins,
            ];
            game.status = all[usize::from(s)];
        }
        Edit::Clocks(a, d) => {
            if let Some(last) = plays.last_mut().filter(|_| timed) {
                last.1 = Some((a, d));
            }
        }
        Edit::Messages(messages) => {
            game.messages = messages
                .into_iter()
                .map(|(username, timestamp, content)| Message {
                    username,
                    timestamp,
                    content,
                })
                .collect();
        }
        Edit::Untimed => untimed = true,
        Edit::Truncate(k) => plays.truncate(1 + k % n.max(1)),
        Edit::Move(k, (fx, fy), (tx, ty)) if n > 1 => {
            let k = 1 + k % (n - 1);
            let role = match &plays[k].0 {
                Some(Plae::Play(play)) => play.role,
                _ if k % 2 == 1 => Role::Defender,
                _ => Role::Attacker,
            };
            let vertex = |x: usize, y: usize| Vertex {
                size,
                x: x % dim,
                y: y % dim,
            };
            plays[k].0 = Some(Plae::Play(Play {
                role,
                from: vertex(fx, fy),
                to: vertex(tx, ty),
            }));
        }
        Edit::Resign(k, attacker) if n > 1 => {
            let k = 1 + k % (n - 1);
            plays[k].0 = Some(if attacker {
                Plae::AttackerResigns
            } else {
                Plae::DefenderResigns
            });
        }
        Edit::Move(..) | Edit::Resign(..) => {}
    }
    game.plays = plays_of(plays, timed && !untimed);
}

/// The game of the line `n` of the archive, edited, as the server writes
/// it, in the layout of today or, with `texts`, the older one.
fn edited_line(n: usize, edits: Vec<Edit>, texts: Option<Vec<String>>) -> String {
    let archive = fixture(FILES[0]);
    let line = archive.lines().nth(n).unwrap();
    let mut game: Game = ron::from_str(line).unwrap();
    for edit in edits {
        apply(&mut game, edit);
    }
    let written = match texts {
        None => ron::to_string(&game),
        Some(texts) => {
            let Game {
                id,
                attacker,
                attacker_rating,
                defender,
                defender_rating,
                rated,
                plays,
                status,
                board_size,
                ..
            } = game;
            ron::to_string(&OldGame {
                id,
                attacker,
                attacker_rating,
                defender,
                defender_rating,
                rated,
                plays,
                status,
                texts,
                board_size,
            })
        }
    };
    written.unwrap() + "\n"
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        max_global_rejects: 20_000,
        ..ProptestConfig::default()
    })]

    /// A game of the archive edited (names and messages of any
    /// characters, ratings, clocks, ids, plays moved, cut or resigned),
    /// written by the server's writer: hirp writes each line that reads
    /// the same, itself and through JSON.
    #[test]
    fn edited_games_that_read_come_back_as_the_server_writes_them(
        n in 0..36usize,
        edits in proptest::collection::vec(edit(), 1..5),
        texts in proptest::option::of(proptest::collection::vec(text(), 0..3)),
    ) {
        let line = edited_line(n, edits, texts);
        prop_assume!(reads(&line));
        prop_assert_eq!(parse(&line, Form::Ron).record.to_string(), line.clone());
        let (document, json_lines) = through_json(&line).unwrap();
        prop_assert_eq!(&document, &line);
        prop_assert_eq!(&json_lines, &line);
    }

    /// A line of the archive with a few characters changed, put in or
    /// taken out: when hirp still reads it, what `notation` writes reads
    /// as the same game, and is the line itself when the line is written
    /// as the server writes it.
    #[test]
    fn edited_lines_that_read_round_trip(
        n in 0..36usize,
        edits in proptest::collection::vec(
            (any::<proptest::sample::Index>(), proptest::option::of("[ ,:()\\[\\]_0-9a-zA-Z\"\\\\]")),
            1..4,
        ),
    ) {
        let archive = fixture(FILES[0]);
        let mut chars: Vec<char> = archive.lines().nth(n).unwrap().chars().collect();
        for (at, with) in edits {
            let at = at.index(chars.len());
            match with {
                Some(with) => chars.insert(at, with.chars().next().unwrap()),
                None => {
                    chars.remove(at);
                }
            }
        }
        let line: String = chars.into_iter().collect::<String>() + "\n";
        prop_assume!(reads(&line));
        let (document, json_lines) = through_json(&line).unwrap();
        prop_assert_eq!(&document, &json_lines);
        prop_assert_eq!(json_without_spans(&document), json_without_spans(&line));
        let servers = ron::from_str::<Game>(line.trim_end())
            .ok()
            .and_then(|game| ron::to_string(&game).ok());
        if servers.as_deref() == Some(line.trim_end()) {
            prop_assert_eq!(document, line);
        }
    }
}

/// The JSON of an archive says what it holds: every field, a timed game's
/// clocks after each record, the leading record's `null`, the older
/// layout's `texts`.
#[test]
fn the_json_of_a_game_holds_every_field() {
    let text = fixture(FILES[0]);
    let first = text.lines().next().unwrap();
    let json = json_without_spans(first);
    let game = &json["games"][0];
    let written = serde_json::to_string(&hirp::tafl::json::file(
        "archived-games.ron",
        &parse(first, Form::Ron).record,
    ))
    .unwrap();
    // The fields in the order written, the plays but their first three
    // records left out.
    let plays = written.find(r#""plays":["#).unwrap();
    let third = written[plays..]
        .match_indices(r#"},{"play""#)
        .nth(2)
        .unwrap()
        .0;
    let end = written.find(r#""status":"#).unwrap();
    insta::assert_snapshot!(
        "ron_game_json_head",
        format!(
            "{} ... ], {}",
            &written[..plays + third + 1],
            &written[end..]
        )
    );
    assert_eq!(game["plays"].as_array().unwrap().len(), 31);
    let old = fixture(FILES[1]);
    let json = json_without_spans(old.lines().next().unwrap());
    assert!(json["games"][0]["texts"].is_array());
    assert!(json["games"][0].get("messages").is_none());
}

/// The server numbers its games with 128 bits: the largest comes back.
#[test]
fn an_id_of_128_bits_comes_back() {
    let line = fixture(FILES[0]).lines().next().unwrap().to_owned();
    let (_, rest) = line.split_once(',').unwrap();
    let line = format!("(id:{},{rest}\n", u128::MAX);
    let parsed = parse(&line, Form::Ron);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let document = Document {
        files: vec![hirp::tafl::json::file("a.ron", &parsed.record).into()],
    };
    let json = serde_json::to_string(&document).unwrap();
    assert!(json.contains(&format!(r#""id":"{}""#, u128::MAX)), "{json}");
    let back = read_any_records(&json).unwrap();
    assert_eq!(back[0].1.to_string(), line);
}

/// JSON that would write a line the archive does not hold is refused at
/// its path.
#[test]
fn json_that_is_no_game_of_the_archive_is_refused_at_its_path() {
    let line = format!("{}\n", fixture(FILES[1]).lines().next().unwrap());
    let parsed = parse(&line, Form::Ron);
    let good = serde_json::to_value(hirp::tafl::json::file("a.ron", &parsed.record)).unwrap();
    let cases: [(&str, Value, &str); 8] = [
        (
            "/games/0/board_size",
            9.into(),
            "files[0].games[0].board_size",
        ),
        (
            "/games/0/attacker_rating/rating",
            "1500,rd:0".into(),
            "files[0].games[0].attacker_rating.rating",
        ),
        (
            "/games/0/plays/1/play/from",
            "h1".into(),
            "files[0].games[0].plays[1].play.from",
        ),
        (
            "/games/0/plays/1/play/notation",
            "a1-a2".into(),
            "files[0].games[0].plays[1].play.notation",
        ),
        (
            "/games/0/plays/2/play",
            Value::Null,
            "files[0].games[0].plays[2].play",
        ),
        (
            "/games/0/plays/1/attacker_time",
            5.into(),
            "files[0].games[0].plays[1].attacker_time",
        ),
        ("/games/0/id", "-1".into(), "files[0].games[0].id"),
        ("/form", "pgn".into(), "files[0].form"),
    ];
    let mut messages = Vec::new();
    for (pointer, value, path) in cases {
        let mut bad = good.clone();
        let (parent, name) = pointer.rsplit_once('/').unwrap();
        let parent = bad.pointer_mut(parent).unwrap().as_object_mut().unwrap();
        parent.insert(name.to_owned(), value);
        let document = format!(r#"{{"files":[{bad}]}}"#);
        let error = read_any_records(&document).unwrap_err().to_string();
        assert!(error.contains(path), "{pointer}: {error}");
        messages.push(error);
    }
    insta::assert_snapshot!("ron_json_refused", messages.join("\n"));
}
