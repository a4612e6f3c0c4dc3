//! hnefatafl.org's JSON against its own engine: the games of
//! `fixtures/tafl/hnefatafl-org/opentafl/` are the archive's of the same
//! folder as its server sends them, in JSON and in RON, written by the
//! engine of `dcampbell24/hnefatafl` (`SOURCES.md` there says how). Each
//! reads as a valid game with the engine's result, which the replay
//! decides where the value holds no status.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;

use std::collections::BTreeMap;

use hirp::core::{CheckOptions, Severity};
use hirp::tafl::check::check;
use hirp::tafl::rules::End;
use hirp::tafl::syntax::{Form, OtgGame, Parsed, SyntaxErrorKind, parse};
use hnefatafl_org::{FOLDER, compare, corpus, corpus_file, judge, lines};
use proptest::arbitrary::Arbitrary;

/// The JSON of the corpus, and its RON.
const JSON: &str = "opentafl/games.jsonl";
const RON: &str = "opentafl/games.ron";

/// Every game of `path`, read as `form`, with the engine's result, though
/// the value holds no status: the replay decides each ending the engine
/// decides on the board; returns how many games there are.
fn holds_to_the_engine(path: &str, form: Form) -> usize {
    let compared = compare(path, form, &[]);
    eprintln!("{path}: {} games with the engine's result", compared.agree);
    assert!(compared.disagree.is_empty(), "{:#?}", compared.disagree);
    if corpus().is_none() {
        assert_eq!(compared.agree, 36);
    }
    compared.agree
}

#[test]
fn every_json_game_has_the_engines_result() {
    holds_to_the_engine(JSON, Form::OpenTaflJson);
}

#[test]
fn the_games_sent_in_ron_read_as_in_json() {
    holds_to_the_engine(RON, Form::Ron);
}

/// A resignation (`---`) and a clock at or below zero end the game as
/// the engine ended it: resigned, or lost on time.
#[test]
fn resignations_and_timeouts_end_the_game_as_the_engine_did() {
    let verdicts: BTreeMap<String, serde_json::Value> = lines("verdicts.jsonl")
        .into_iter()
        .map(|v| (v["id"].to_string(), v))
        .collect();
    let mut seen = BTreeMap::new();
    for game in judge(JSON, Form::OpenTaflJson) {
        let ending = verdicts[&game.id]["ending"].as_str().unwrap().to_owned();
        let end = if ending.ends_with("_resigns") {
            End::Resigned
        } else if ending.ends_with("_timeout") {
            End::Timeout
        } else {
            continue;
        };
        assert_eq!(game.ended.map(|(_, e)| e), Some(end), "{}", game.id);
        *seen.entry(ending).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// The games of `path`, read as `form`.
fn games(path: &str, form: Form) -> Vec<OtgGame> {
    let parsed = parse(&corpus_file(path), form);
    assert!(!parsed.has_errors(), "{:?}", parsed.errors);
    parsed.record.as_otg().unwrap().games.clone()
}

/// Each game sent is its archive's: the same players, the same moves.
#[test]
fn each_game_sent_is_the_archives_game() {
    let archive: BTreeMap<String, OtgGame> = games("archived-games.ron", Form::Ron)
        .into_iter()
        .map(|g| (g.tag("id").unwrap().value.clone(), g))
        .collect();
    let moves = |game: &OtgGame| -> Vec<String> {
        game.main_line()
            .map(|ply| match ply.as_move() {
                Some(m) => format!("{}-{}", m.from, m.to),
                None => "---".to_owned(),
            })
            .collect()
    };
    // The engine's own writer fails on some games (its verdict's
    // `opentafl_export` is `PANIC`): those are not in the files.
    let unwritten = lines("verdicts.jsonl")
        .iter()
        .filter(|v| v["opentafl_export"] != "ok")
        .count();
    for (path, form) in [(JSON, Form::OpenTaflJson), (RON, Form::Ron)] {
        let sent = games(path, form);
        assert_eq!(sent.len() + unwritten, archive.len(), "{path}");
        for game in &sent {
            let id = &game.tag("id").unwrap().value;
            let kept = &archive[id];
            for (side, name) in [("attackers", "attacker"), ("defenders", "defender")] {
                assert_eq!(game.tag(side).unwrap().value, kept.tag(name).unwrap().value);
            }
            assert_eq!(moves(game), moves(kept), "{path}: {id}");
            assert_eq!(game.rules().unwrap().value, kept.rules().unwrap().value);
        }
    }
}

/// The first game of the JSON fixture.
fn first_line() -> String {
    common::fixture(&format!("{FOLDER}/{JSON}"))
        .lines()
        .next()
        .unwrap()
        .to_owned()
}

/// The syntax errors of a text read as JSON, by code (not its advice).
fn codes(parsed: &Parsed) -> Vec<&'static str> {
    let errors = parsed.errors.iter();
    let errors = errors.filter(|e| e.kind.severity() == Severity::Error);
    errors.map(|e| e.kind.name()).collect()
}

/// A value written over lines, indented as the server's logs write it,
/// reads as the same game written on one line; so do several, one after
/// another.
#[test]
fn a_value_over_lines_reads_as_on_one() {
    let line = first_line();
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    let pretty = serde_json::to_string_pretty(&value).unwrap();
    assert!(pretty.lines().count() > 20);
    let on_one = parse(&line, Form::OpenTaflJson);
    let over_lines = parse(&format!("{pretty}\n{pretty}\n"), Form::OpenTaflJson);
    assert!(!over_lines.has_errors(), "{:?}", over_lines.errors);
    let games = &over_lines.record.as_otg().unwrap().games;
    assert_eq!(games.len(), 2);
    let one = &on_one.record.as_otg().unwrap().games[0];
    let plies = |g: &OtgGame| g.main_line().map(ToString::to_string).collect::<Vec<_>>();
    for game in games {
        assert_eq!(plies(game), plies(one));
        for name in ["id", "attackers", "defenders", "dim", "start", "rules"] {
            assert_eq!(game.tag(name).unwrap().value, one.tag(name).unwrap().value);
        }
    }
    // A value broken in its middle is its game's error alone.
    let broken = pretty.replacen("\"dim\": 7,", "\"dim\": 7", 1);
    assert_ne!(broken, pretty);
    let parsed = parse(
        &format!("{pretty}\n{broken}\n{pretty}\n"),
        Form::OpenTaflJson,
    );
    assert_eq!(parsed.record.len(), 2);
    assert_eq!(codes(&parsed), ["json_syntax"]);
}

/// Malformed values each get their diagnostic at the place, and the lines
/// around them are read on.
#[test]
fn a_value_that_does_not_read_is_its_games_error_alone() {
    let good = first_line();
    let cases = [
        (r#"{"id":1,"dim":7"#.to_owned(), "json_syntax", "{", 2),
        (
            good.replacen(r#""rated":false,"#, r#""rated":false,,"#, 1),
            "json_syntax",
            ",",
            2,
        ),
        (
            good.replacen(r#","messages":[{"#, r#","messages":[,{"#, 1),
            "json_syntax",
            ",",
            2,
        ),
        (
            good.replacen(r#""dim":7"#, r#""dim":9"#, 1),
            "json_unexpected_value",
            "9",
            2,
        ),
        (
            good.replacen(r#""rated":false"#, r#""rated":"no""#, 1),
            "json_unexpected_value",
            "\"no\"",
            2,
        ),
        (
            good.replacen(r#""id":1017"#, r#""id":1017,"variant":"copenhagen""#, 1),
            "json_unexpected_value",
            "\"copenhagen\"",
            2,
        ),
        (
            good.replacen(r#""id":1017"#, r#""id":1017,"id":1018"#, 1),
            "json_unexpected_value",
            "1018",
            2,
        ),
        (
            good.replacen("1017", "999999999999999999999999999999999999999999", 1),
            "number_too_large",
            "9999",
            2,
        ),
        (
            good.replacen("0d6-0d5", "0d6-d5", 1),
            "server_move",
            "d5",
            3,
        ),
        (
            good.replacen("0d6-0d5", "0d6-0d9", 1),
            "server_move",
            "0d9",
            3,
        ),
        (
            good.replacen("0d6-0d5", "0d6_0d5", 1),
            "server_move",
            "_",
            3,
        ),
        (
            good.replacen("0d6-0d5", "0D6-0d5", 1),
            "server_move",
            "0D6",
            3,
        ),
        (
            good.replacen(r#""attackers":921521"#, r#""attackers":921521.5"#, 1),
            "json_unexpected_value",
            "921521.5",
            2,
        ),
    ];
    for (bad, code, at, games) in cases {
        assert_ne!(bad, good);
        let text = format!("{good}\n{bad}\n{good}\n");
        let parsed = parse(&text, Form::OpenTaflJson);
        assert_eq!(parsed.record.len(), games, "{bad}");
        let errors: Vec<_> = parsed
            .errors
            .iter()
            .filter(|e| e.kind.severity() == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{bad}: {errors:?}");
        let error = errors[0];
        assert_eq!(error.kind.name(), code, "{bad}");
        let line = good.len() + 1;
        let shown = &text[error.span.start..error.span.end];
        assert!(
            error.span.start >= line && error.span.end <= line + bad.len() && shown.starts_with(at),
            "{bad}: {shown}"
        );
    }
}

proptest::proptest! {
    /// Lines of the JSON with a few characters deleted or changed.
    #[test]
    fn edited_json_lines_read_without_panic(
        line in 0..36usize,
        edits in proptest::collection::vec(
            (proptest::sample::Index::arbitrary(), proptest::option::of("[\\[\\]{}\",:\\\\0-9a-zA-Z \\n-]")),
            1..6,
        ),
    ) {
        let text = common::fixture(&format!("{FOLDER}/{JSON}"));
        let mut chars: Vec<char> = text.lines().nth(line).unwrap().chars().collect();
        for (at, with) in edits {
            let at = at.index(chars.len());
            match with {
                Some(with) => chars[at] = with.chars().next().unwrap_or(' '),
                None => {
                    chars.remove(at);
                }
            }
        }
        let edited: String = chars.into_iter().collect();
        hnefatafl_org::read_and_replay(&format!("{edited}\n"), Form::OpenTaflJson)?;
    }

    /// Any text.
    #[test]
    fn any_text_reads_as_the_json_without_panic(text in "\\PC{0,200}") {
        hnefatafl_org::read_and_replay(&text, Form::OpenTaflJson)?;
    }

    /// Text made of JSON's own characters.
    #[test]
    fn json_like_text_reads_without_panic(text in "[{}\\[\\]\",:\\\\u0-9a-z \\n-]{0,200}") {
        hnefatafl_org::read_and_replay(&text, Form::OpenTaflJson)?;
    }
}

/// A 7 × 7 game from `start`, with `moves`.
fn brandubh(start: &str, moves: &str) -> String {
    format!(
        r#"{{"id":7,"attackers":"a","defenders":"d","dim":7,"start":"{start}","time_control":null,"time_remaining_ms":null,"moves":"{moves}","rated":false,"messages":[]}}"#
    )
}

/// The code of the first error of each game of `text`, read as JSON and
/// replayed (its syntax errors among the replay's problems).
fn first_errors(text: &str) -> Vec<Option<String>> {
    let mut found = Vec::new();
    check(
        text.as_bytes(),
        Form::OpenTaflJson,
        None,
        CheckOptions::default(),
        |checked| {
            let first = checked
                .replay
                .problems
                .iter()
                .find(|p| p.severity == Severity::Error);
            found.push(first.map(|p| p.code.to_string()));
            true
        },
    )
    .expect("reading from memory");
    found
}

/// A start other than the rules' is the position the game starts from;
/// OpenTafl's letters read as the server's, with no advice.
#[test]
fn a_start_other_than_the_rules_is_where_the_game_starts() {
    let standard = "/3A3/3A3/3D3/AADKDAA/3D3/3A3/3A3/";
    let opened = "/3A3/7/3D3/AADKDAA/3D3/3A3/3A3/";
    // The defenders move first on 7 × 7; d6 is free only in `opened`.
    let text = [
        brandubh(standard, "0d5-0d6"),
        brandubh(opened, "0d5-0d6"),
        brandubh(&opened.replace('A', "t").replace('D', "T"), "0d5-0d6"),
    ]
    .join("\n");
    let errors = first_errors(&text);
    assert_eq!(
        errors,
        [Some("hirp::tafl::move::occupied".to_owned()), None, None]
    );
    let parsed = parse(&text, Form::OpenTaflJson);
    let games = &parsed.record.as_otg().unwrap().games;
    assert!(games[0].tag("position").is_none());
    assert_eq!(
        games[1].tag("position").map(|t| t.value.as_str()),
        Some("/3t3/7/3T3/ttTKTtt/3T3/3t3/3t3/")
    );
    // The server's letters are an advice, on the first two games only.
    let advice: Vec<usize> = parsed
        .errors
        .iter()
        .filter(|e| e.kind == SyntaxErrorKind::ServerStartLetters)
        .map(|e| parsed.record.game_at(e.span.start).unwrap())
        .collect();
    assert_eq!(advice, [0, 1]);
    assert!(SyntaxErrorKind::ServerStartLetters.severity() == Severity::Advice);
}

/// `---`, as the server writes a resignation, and `resigns`, as its reader
/// reads one, are both a resignation of the side to move.
#[test]
fn both_spellings_of_a_resignation_read_as_one() {
    let text = common::fixture(&format!("{FOLDER}/{JSON}"));
    let resigned = text
        .lines()
        .find(|l| l.contains(" ---\""))
        .expect("a game ended by a resignation");
    let spelled = resigned.replace(" ---\"", " resigns\"");
    for line in [resigned, spelled.as_str()] {
        let mut ends = Vec::new();
        check(
            line.as_bytes(),
            Form::OpenTaflJson,
            None,
            CheckOptions::default(),
            |checked| {
                ends.push(checked.replay.outcome.map(|o| o.end));
                true
            },
        )
        .unwrap();
        assert_eq!(ends, [Some(End::Resigned)], "{line}");
    }
}

/// `hirp fmt` keeps the JSON as its server writes it, and `hirp fix`
/// writes nothing into it.
#[test]
fn the_commands_that_write_leave_the_json_as_written() {
    let path = format!("{FOLDER}/{JSON}");
    let text = common::fixture(&path);
    common::hirp()
        .args(["fmt", "--check", &path])
        .assert()
        .success();
    let printed = common::hirp().args(["fmt", &path]).assert().success();
    assert_eq!(String::from_utf8_lossy(&printed.get_output().stdout), text);
    // A capture left out is an error with no fix.
    let dropped = first_line().replacen("x0d5", "", 1);
    assert_ne!(dropped, first_line());
    let fixed = common::hirp()
        .args(["fix", "-"])
        .write_stdin(format!("{dropped}\n"))
        .assert();
    let output = String::from_utf8_lossy(&fixed.get_output().stdout).into_owned();
    assert_eq!(output, format!("{dropped}\n"));
}

/// `hirp validate` on the JSON fixture, as a user sees it.
#[test]
fn validate_shows_the_games_of_the_json() {
    let path = format!("{FOLDER}/{JSON}");
    let run = common::hirp().args(["validate", "--all", &path]).assert();
    let output = run.get_output();
    insta::assert_snapshot!(format!(
        "{}---\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    ));
}

/// Each value of the JSON that does not read, as `hirp validate
/// --pedantic` shows it.
#[test]
fn malformed_values_are_shown_at_the_place() {
    insta::glob!(
        "../../fixtures/tafl/syntax",
        "err_{json,server}_*.json",
        |path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap();
            let relative = format!("fixtures/tafl/syntax/{name}");
            let run = common::hirp()
                .args(["validate", "--pedantic", &relative])
                .assert();
            let output = run.get_output();
            insta::assert_snapshot!(format!(
                "{}---\n{}",
                String::from_utf8_lossy(&output.stderr),
                String::from_utf8_lossy(&output.stdout)
            ));
        }
    );
}

/// On standard input and in a `.json` file the JSON is told by its start,
/// written on one line or over several; the document `hirp json` writes
/// is read back by `hirp notation` as before.
#[test]
fn the_json_is_told_by_its_content() {
    let text = common::fixture(&format!("{FOLDER}/{JSON}"));
    let value: serde_json::Value = serde_json::from_str(&first_line()).unwrap();
    let pretty = serde_json::to_string_pretty(&value).unwrap();
    for (input, games) in [(text.as_str(), "36"), (pretty.as_str(), "1")] {
        let run = common::hirp()
            .args(["validate", "-"])
            .write_stdin(input.to_owned())
            .assert()
            .success();
        let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
        let words: Vec<&str> = out.split_whitespace().collect();
        assert!(words.windows(2).any(|w| w == ["games", games]), "{out}");
        assert!(words.windows(2).any(|w| w == ["errors", "0"]), "{out}");
    }
    let dir = std::env::temp_dir().join(format!("hirp-opentafl-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = dir.join("game.json");
    std::fs::write(&json, &pretty).unwrap();
    let json = json.to_str().unwrap();
    common::hirp().args(["validate", json]).assert().success();
    // A document of `hirp json`, in a `.json` file, is not taken for it.
    let otg = "fixtures/tafl/syntax/brandub.otg";
    let document = common::hirp().args(["json", otg]).assert().success();
    let document = document.get_output().stdout.clone();
    let doc = dir.join("doc.json");
    std::fs::write(&doc, &document).unwrap();
    assert_eq!(Form::of_start(&document), None);
    let back = common::hirp()
        .args(["notation", doc.to_str().unwrap()])
        .assert()
        .success();
    let canonical = common::hirp().args(["fmt", otg]).assert().success();
    assert_eq!(back.get_output().stdout, canonical.get_output().stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}
