//! `hirp json` and `hirp notation` on tafl records: the JSON of a game file
//! and of an archive as a user sees it; every tafl fixture and every game
//! of the archives to JSON and back to the same record, with the schema
//! true of what is written; generated records and games likewise; hostile
//! JSON; and the command line, alone and with HIRP's records beside.

use crate::common;
use crate::schema;
use crate::tafl_records;

use std::path::{Path, PathBuf};

use hirp::core::family::Family;
use hirp::json::{AnyRecord, Document, DocumentWriter, read_any_records};
use hirp::tafl::family::Tafl;
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, Record, parse, parse_bytes};
use proptest::prelude::*;
use serde_json::Value;

use common::hirp;
use tafl_records::{record, without_spans};

/// Runs `hirp ARGS` with `stdin`; returns the exit status, standard output
/// and standard error.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = hirp().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

// ---- What a user sees ----

#[test]
fn the_json_of_a_game_file_as_a_user_sees_it() {
    let path = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let (status, json, stderr) = run(&["json", "--pretty", path], b"");
    assert_eq!((status, stderr.as_str()), (0, ""));
    insta::assert_snapshot!(json);
}

#[test]
fn the_json_of_an_archive_as_a_user_sees_it() {
    let path = "fixtures/tafl/valid/brandub/timeout.csv";
    let (status, json, stderr) = run(&["json", "--pretty", path], b"");
    assert_eq!((status, stderr.as_str()), (0, ""));
    insta::assert_snapshot!(json);
}

#[test]
fn variations_commentary_and_piece_letters_keep_their_fields() {
    let (status, json, _) = run(&["json", "fixtures/tafl/syntax/berserk.otg"], b"");
    assert_eq!(status, 0);
    let json: Value = serde_json::from_str(&json).unwrap();
    let turn = &json["files"][0]["games"][0]["turns"][1];
    let knight = &json["files"][0]["games"][0]["turns"][0]["plies"][0];
    assert_eq!(knight["notation"], "Ne6^=e8xce7/ne9/f8/d8");
    assert_eq!(knight["piece"]["side"], "defenders");
    assert_eq!(knight["piece"]["kind"], "knight");
    assert_eq!(knight["move_type"], "berserk-jump");
    assert_eq!(knight["captures"][0]["piece"]["kind"], "commander");
    assert_eq!(knight["captures"][2]["square"], "f8");
    assert_eq!(turn["plies"][1]["info"], "king-threatened");
    assert_eq!(
        turn["commentary"]["texts"],
        serde_json::json!(["The knight runs\nover two lines of comment.", ""])
    );
    let variation = &turn["variations"][0];
    assert_eq!(variation["address"]["notation"], "2a.1.1a.");
    assert_eq!(variation["address"]["start"]["ply"], 0);
    assert_eq!(variation["address"]["steps"][0]["variation"], 1);
    assert_eq!(variation["plies"][0]["kind"], "placeholder");
    let last = &json["files"][0]["games"][0]["turns"][2]["plies"][1];
    assert_eq!(last["kind"], "resignation");
}

// ---- Every fixture and every archived game ----

/// Every tafl record under `dir`, in path order.
fn tafl_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(tafl_files(&path));
        } else if path
            .extension()
            .is_some_and(|e| e == "otg" || e == "csv" || e == "ron")
        {
            found.push(path);
        }
    }
    found
}

/// The form of the file at `path`.
fn form_of(path: &Path) -> Form {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap();
    Form::from_extension(extension).unwrap()
}

/// The record written as a document and as JSON Lines reads back as
/// itself (spans and all when it was read from its canonical text, whose
/// layout the spans the JSON leaves out take), and both meet the schema.
fn round_trip(path: &str, record: &Record) {
    let document = Document {
        files: vec![hirp::tafl::json::file(path, record).into()],
    };
    let json = serde_json::to_string(&document).unwrap();
    meets_the_schema(&json, false, path);
    assert_eq!(serde_json::from_str::<Document>(&json).unwrap(), document);
    let back = read_any_records(&json).unwrap_or_else(|e| panic!("{path}: {e}"));
    reads_as(&back, path, record);
    let lines: String = (1..=record.len())
        .map(|n| {
            let line = hirp::tafl::json::game_line(path, record, n).unwrap();
            serde_json::to_string(&line).unwrap() + "\n"
        })
        .collect();
    meets_the_schema(&lines, true, path);
    if !record.is_empty() {
        let back = read_any_records(&lines).unwrap_or_else(|e| panic!("{path}: {e}"));
        reads_as(&back, path, record);
    }
}

/// Checks that `back`, read from JSON, is the record read from `path`.
fn reads_as(back: &[(String, AnyRecord)], path: &str, record: &Record) {
    let [(read_path, AnyRecord::Tafl(read))] = back else {
        panic!("{path}: one tafl record: {back:?}");
    };
    assert_eq!(read_path, path);
    assert_eq!(read.to_string(), record.to_string(), "{path}");
    let canonical = parse(&record.to_string(), record.form()).record == *record;
    if canonical {
        assert_eq!(read, record, "{path}");
    } else {
        assert_eq!(
            without_spans(read.clone()),
            without_spans(record.clone()),
            "{path}"
        );
    }
}

/// Each JSON value of `json` meets the schema of a document, or of a line
/// when `lines`.
fn meets_the_schema(json: &str, lines: bool, what: &str) {
    let schema = serde_json::to_value(hirp::json::schema(lines)).unwrap();
    for value in serde_json::Deserializer::from_str(json).into_iter::<Value>() {
        let value = value.unwrap();
        if let Err(e) = schema::conforms(&schema, &schema, &value, "") {
            panic!("{what}: the JSON does not meet the schema: {e}");
        }
    }
}

#[test]
fn every_tafl_fixture_reads_back_from_json_as_itself() {
    let files = tafl_files(&common::root().join("fixtures/tafl"));
    assert!(files.len() > 100, "{} files", files.len());
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let form = form_of(&file);
        let (_, parsed) = parse_bytes(&bytes, form);
        // Games as hnefatafl.org's server sends them, in RON, read as a
        // game file's: their tags hold what a game file does not write.
        if form == Form::Ron && parsed.record.form() != Form::Ron {
            continue;
        }
        round_trip(&common::relative(&file), &parsed.record);
    }
}

#[test]
fn every_game_of_the_archives_reads_back_from_json_as_itself() {
    for name in ["brandubh", "copenhagen"] {
        let path = format!("fixtures/tafl/archives/{name}.csv");
        let text = common::fixture(&path);
        let parsed = parse(&text, Form::Csv);
        let games = text
            .lines()
            .filter(|l| !l.trim().is_empty() && *l != hirp::tafl::syntax::CSV_HEADER);
        assert_eq!(parsed.record.len(), games.count(), "{path}");
        assert!(parsed.errors.iter().all(|e| e.is_warning()), "{path}");
        round_trip(&path, &parsed.record);
    }
}

/// The bytes `DocumentWriter` writes for `records`, each read piece by
/// piece as `hirp json` reads it.
fn streamed(records: &[(String, String, Form)], pretty: bool) -> String {
    let mut writer = DocumentWriter::new(Vec::new(), pretty);
    for (path, text, form) in records {
        let tafl = Tafl(*form);
        tafl.json_entry(&mut writer, path, None, &mut |each| {
            for chunk in tafl.chunks(text.as_bytes()) {
                each(&Tafl::parse(&chunk?).1)?;
            }
            Ok(())
        })
        .unwrap();
    }
    String::from_utf8(writer.finish().unwrap()).unwrap()
}

/// The document serde writes whole for `records`.
fn whole(records: &[(String, String, Form)], pretty: bool) -> String {
    let files = records
        .iter()
        .map(|(path, text, form)| hirp::tafl::json::file(path, &parse(text, *form).record).into())
        .collect();
    let document = Document { files };
    if pretty {
        serde_json::to_string_pretty(&document).unwrap()
    } else {
        serde_json::to_string(&document).unwrap()
    }
}

#[test]
fn the_fixtures_written_game_by_game_are_the_whole_document() {
    let records: Vec<(String, String, Form)> = tafl_files(&common::root().join("fixtures/tafl"))
        .iter()
        .filter(|file| !file.starts_with(common::root().join("fixtures/tafl/archives")))
        .filter_map(|file| {
            let text = std::fs::read_to_string(file).ok()?;
            Some((common::relative(file), text, form_of(file)))
        })
        .collect();
    for pretty in [false, true] {
        assert_eq!(streamed(&records, pretty), whole(&records, pretty));
    }
}

// ---- Generated records and games ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// A record, as its canonical text reads, goes to JSON and back as
    /// itself; so does the tree with no span it was printed from.
    #[test]
    fn generated_records_read_back_from_json(record in record()) {
        let text = record.to_string();
        let parsed = parse(&text, record.form()).record;
        round_trip("generated", &parsed);
        let json = serde_json::to_string(&hirp::tafl::json::file("a", &record)).unwrap();
        let back = read_any_records(&format!(r#"{{"files":[{json}]}}"#)).unwrap();
        let [(_, AnyRecord::Tafl(back))] = &back[..] else {
            panic!("one tafl record: {back:?}");
        };
        prop_assert_eq!(without_spans(back.clone()), without_spans(record));
        prop_assert_eq!(back.to_string(), text);
    }

    /// Records of any form, written game by game, are the document serde
    /// writes whole.
    #[test]
    fn generated_records_written_game_by_game_are_the_whole_document(
        records in prop::collection::vec(record(), 0..3),
        pretty in any::<bool>(),
    ) {
        let records: Vec<(String, String, Form)> = records
            .iter()
            .enumerate()
            .map(|(n, r)| (format!("{n}.{}", r.form().extension()), r.to_string(), r.form()))
            .collect();
        prop_assert_eq!(streamed(&records, pretty), whole(&records, pretty));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Random legal games of every preset go to JSON and back as
    /// themselves.
    #[test]
    fn generated_games_read_back_from_json(seed in any::<u64>()) {
        for preset in RuleSet::PRESETS {
            let rules = RuleSet::preset(preset).expect("the preset");
            let mut rng = hirp::core::Rng::new(seed);
            let text = hirp::tafl::generate::game(&rules, &mut rng, 120);
            let parsed = parse(&text, Form::Otg);
            prop_assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
            round_trip(preset, &parsed.record);
        }
    }
}

// ---- Hostile JSON ----

/// A document of one game file's entry holding `turn` as its one turn.
fn otg_turn(turn: &str) -> String {
    format!(
        r#"{{"files":[{{"path":"a.otg","form":"otg","games":[{{"tags":[],"turns":[{turn}]}}]}}]}}"#
    )
}

/// A document of one archive's entry holding `game` as its one game.
fn csv_game(game: &str) -> String {
    format!(r#"{{"files":[{{"path":"a.csv","form":"csv","games":[{game}]}}]}}"#)
}

/// A turn of one ply, `ply`.
fn one_ply(ply: &str) -> String {
    otg_turn(&format!(r#"{{"number":1,"plies":[{ply}]}}"#))
}

#[test]
fn hostile_tafl_json_errors_name_the_path() {
    let cases = [
        ("unknown form", r#"{"files":[{"path":"a","form":"pgn","games":[]}]}"#.to_owned()),
        ("a game file's field in an archive", csv_game(r#"{"tags":[],"plies":[]}"#)),
        ("notation disagrees", one_ply(r#"{"notation":"d2-e3","kind":"move","from":"d2","to":"e2"}"#)),
        ("not a square", one_ply(r#"{"kind":"move","from":"t1","to":"e2"}"#)),
        ("a move without to", one_ply(r#"{"kind":"move","from":"d2"}"#)),
        ("a resignation with a square", one_ply(r#"{"kind":"resignation","to":"e2"}"#)),
        ("a timeout in a game file", one_ply(r#"{"kind":"timeout"}"#)),
        ("a malformed ply with a blank", one_ply(r#"{"notation":"d2 e2","kind":"malformed"}"#)),
        ("a malformed ply without text", one_ply(r#"{"kind":"malformed"}"#)),
        ("an unknown piece", one_ply(r#"{"kind":"move","piece":{"side":"defenders","kind":"queen"},"from":"d2","to":"e2"}"#)),
        ("a piece letter in an archive", csv_game(r#"{"plies":[{"kind":"move","piece":{"side":"defenders","kind":"king"},"from":"d4","to":"d1"}],"attacker_captures":0,"defender_captures":0}"#)),
        ("a mark in an archive", csv_game(r#"{"plies":[{"kind":"move","from":"d4","to":"d1","info":"king-escaped"}]}"#)),
        ("a resignation in an archive", csv_game(r#"{"plies":[{"kind":"resignation"}]}"#)),
        ("a malformed ply with a comma", csv_game(r#"{"plies":[{"notation":"d2,e2","kind":"malformed"}]}"#)),
        ("a negative count", csv_game(r#"{"plies":[],"attacker_captures":-1}"#)),
        ("an unknown result", csv_game(r#"{"plies":[],"result":"black"}"#)),
        ("a tag name", otg_turn("").replace(r#""tags":[]"#, r#""tags":[{"name":"1st","value":""}]"#)),
        ("a tag value with `]`", otg_turn("").replace(r#""tags":[]"#, r#""tags":[{"name":"event","value":"a]b"}]"#)),
        ("commentary with `|`", otg_turn(r#"{"number":1,"plies":[],"commentary":{"texts":["a|b"]}}"#)),
        ("a line of commentary starting with `[`", otg_turn(r#"{"number":1,"plies":[],"commentary":{"texts":["a\n[b"]}}"#)),
        ("commentary with no text", otg_turn(r#"{"number":1,"plies":[],"commentary":{"texts":[]}}"#)),
        ("a ply beyond `z`", otg_turn(r#"{"number":1,"plies":[],"variations":[{"address":{"start":{"turn":1,"ply":26},"steps":[{"variation":1,"at":{"turn":1,"ply":0}}]},"plies":[]}]}"#)),
        ("an address with no step", otg_turn(r#"{"number":1,"plies":[],"variations":[{"address":{"start":{"turn":1,"ply":0},"steps":[]},"plies":[]}]}"#)),
        ("an address that disagrees", otg_turn(r#"{"number":1,"plies":[],"variations":[{"address":{"notation":"1b.1.1a.","start":{"turn":1,"ply":0},"steps":[{"variation":1,"at":{"turn":1,"ply":0}}]},"plies":[]}]}"#)),
        ("a header after the first game", "{\"path\":\"a.csv\",\"game\":1,\"form\":\"csv\",\"plies\":[]}\n{\"path\":\"a.csv\",\"game\":2,\"form\":\"csv\",\"header\":true,\"plies\":[]}\n".to_owned()),
        ("a tafl line of the wrong shape", "{\"path\":\"a.otg\",\"game\":1,\"form\":\"otg\",\"tags\":[]}\n".to_owned()),
    ];
    let report: String = cases
        .iter()
        .map(|(name, json)| {
            let (status, _, stderr) = run(&["notation", "-"], json.as_bytes());
            assert_eq!(status, 1, "{name}: {json}");
            format!("{name}:\n{stderr}")
        })
        .collect();
    insta::assert_snapshot!(report);
}

#[test]
fn plies_may_leave_their_notation_out() {
    let json = csv_game(
        r#"{"plies":[{"kind":"move","from":"d2","to":"e2","captures":[{"square":"d3"},{"square":"d4"}]},{"kind":"timeout"}],"attacker_captures":2,"defender_captures":0,"result":"White"}"#,
    );
    let (status, text, stderr) = run(&["notation", "-"], json.as_bytes());
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(text, "d2-e2xd3xd4 timeout,2,0,White\n");
}

#[test]
fn spans_at_the_largest_offsets_are_cut_not_overflowed() {
    let span = format!("[{},{}]", usize::MAX - 1, usize::MAX);
    let ply = format!(
        r#"{{"kind":"move","piece":{{"side":"defenders","kind":"king"}},"from":"d4","to":"d1","captures":[{{"square":"d2"}}],"span":{span}}}"#
    );
    let address =
        r#"{"start":{"turn":1,"ply":0},"steps":[{"variation":1,"at":{"turn":1,"ply":0}}]}"#;
    let turn = format!(
        r#"{{"number":1,"plies":[{ply}],"variations":[{{"address":{address},"plies":[{ply}],"span":{span}}}],"span":{span}}}"#
    );
    let game_file = otg_turn(&turn).replace(
        r#""tags":[]"#,
        &format!(r#""tags":[{{"name":"rules","value":"dim:7","span":{span}}}]"#),
    );
    let archive = csv_game(&format!(
        r#"{{"plies":[{{"kind":"timeout","span":{span}}}],"attacker_captures":10,"defender_captures":0,"result":"White","span":{span}}}"#
    ));
    let printed: Vec<String> = [game_file, archive]
        .iter()
        .map(|json| read_any_records(json).unwrap()[0].1.to_string())
        .collect();
    assert_eq!(
        printed,
        [
            "[rules:dim:7]\n\n1. Kd4-d1xd2\n1a.1.1a. Kd4-d1xd2\n",
            "timeout,10,0,White\n"
        ]
    );
}

#[test]
fn read_records_reads_hirp_only_and_says_so() {
    let json = csv_game(r#"{"plies":[]}"#);
    let error = hirp::json::read_records(&json).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("files[0].form: `csv` is a tafl record's form"),
        "{error}"
    );
    assert!(read_any_records(&json).is_ok());
}

// ---- The command line ----

/// The canonical text of the tafl record at `path`, as the library prints
/// it.
fn canonical(path: &str) -> String {
    let bytes = std::fs::read(common::root().join(path)).unwrap();
    let (_, parsed) = parse_bytes(&bytes, form_of(Path::new(path)));
    parsed.record.to_string()
}

#[test]
fn json_and_notation_round_trip_through_a_pipe() {
    for path in [
        "fixtures/tafl/syntax/berserk.otg",
        "fixtures/tafl/syntax/archive.csv",
        "fixtures/tafl/opentafl/copenhagen-resigned.otg",
    ] {
        for mode in [None, Some("--lines"), Some("--pretty")] {
            let mut args = vec!["json", path];
            args.extend(mode);
            let (status, json, _) = run(&args, b"");
            assert_eq!(status, 0, "{args:?}");
            let (status, text, stderr) = run(&["notation", "-"], json.as_bytes());
            assert_eq!((status, stderr.as_str()), (0, ""), "{args:?}");
            assert_eq!(text, canonical(path), "{args:?}");
        }
    }
}

#[test]
fn standard_input_is_a_tafl_record_of_the_form_its_first_line_says() {
    let archive = "d2-e2 timeout,0,0,White\n";
    let (status, json, _) = run(&["json", "--rules", "brandub", "-"], archive.as_bytes());
    assert_eq!(status, 0);
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["files"][0]["path"], "-");
    assert_eq!(value["files"][0]["form"], "csv");
    assert_eq!(run(&["notation", "-"], json.as_bytes()).1, archive);
    let game = "[rules:dim:7]\n\n1. d2-e2 d3-d2\n";
    let (status, json, _) = run(&["json", "--rules", "brandub", "-"], game.as_bytes());
    assert_eq!(status, 0);
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["files"][0]["form"], "otg");
    assert_eq!(run(&["notation", "-"], json.as_bytes()).1, game);
    // With no --rules, the first line says the form just as well; a line
    // that reads as neither family's is HIRP's.
    let (status, json, _) = run(&["json", "-"], archive.as_bytes());
    assert_eq!(status, 0);
    assert!(json.contains(r#""form":"csv""#), "{json}");
    let (status, json, _) = run(&["json", "-"], game.as_bytes());
    assert_eq!(status, 0);
    assert!(json.contains(r#""form":"otg""#), "{json}");
    let (status, json, _) = run(&["json", "-"], b"a game of tafl\n");
    assert_eq!(status, 1);
    assert!(!json.contains("\"form\""), "{json}");
}

#[test]
fn json_lines_have_one_game_a_line_with_the_header_on_the_first() {
    let path = "fixtures/tafl/syntax/archive.csv";
    let (status, json, _) = run(
        &["json", "--lines", path, "fixtures/tafl/syntax/berserk.otg"],
        b"",
    );
    assert_eq!(status, 0);
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let games = parse(&common::fixture(path), Form::Csv).record.len();
    assert_eq!(lines.len(), games + 2);
    let shown: Vec<(&str, u64, &str, bool)> = lines
        .iter()
        .map(|l| {
            (
                l["path"].as_str().unwrap(),
                l["game"].as_u64().unwrap(),
                l["form"].as_str().unwrap(),
                l["header"] == true,
            )
        })
        .collect();
    assert_eq!(shown[0], (path, 1, "csv", true));
    assert_eq!(shown[1], (path, 2, "csv", false));
    assert_eq!(
        shown[games],
        ("fixtures/tafl/syntax/berserk.otg", 1, "otg", false)
    );
    assert_eq!(
        shown[games + 1],
        ("fixtures/tafl/syntax/berserk.otg", 2, "otg", false)
    );
    let (status, text, _) = run(&["notation", "-"], json.as_bytes());
    assert_eq!(status, 0);
    let both = format!(
        "{}\n{}",
        canonical(path),
        canonical("fixtures/tafl/syntax/berserk.otg")
    );
    assert_eq!(text, both);
}

#[test]
fn a_document_of_both_families_reads_back_as_both() {
    let hirp_path = "fixtures/rulebook/corrected.hirp";
    let tafl_path = "fixtures/tafl/valid/brandub/resigned.csv";
    for mode in [None, Some("--lines"), Some("--pretty")] {
        let mut args = vec!["json", hirp_path, tafl_path, hirp_path];
        args.extend(mode);
        let (status, json, _) = run(&args, b"");
        assert_eq!(status, 0, "{args:?}");
        let (status, text, stderr) = run(&["notation", "-"], json.as_bytes());
        assert_eq!((status, stderr.as_str()), (0, ""), "{args:?}");
        let hirp_text = common::fixture(hirp_path);
        let expected = format!("{hirp_text}\n{}\n{hirp_text}", canonical(tafl_path));
        assert_eq!(text, expected, "{args:?}");
    }
    // HIRP's entries are as they were: no `form`.
    let (_, json, _) = run(&["json", hirp_path, tafl_path], b"");
    let value: Value = serde_json::from_str(&json).unwrap();
    assert!(value["files"][0].get("form").is_none());
    assert_eq!(value["files"][1]["form"], "csv");
    meets_the_schema(&json, false, "both families");
}

#[test]
fn syntax_errors_are_reported_and_what_was_read_is_written() {
    let path = "fixtures/tafl/syntax/err_expected_square.otg";
    let (status, json, stderr) = run(&["json", path], b"");
    assert_eq!(status, 1);
    assert!(
        stderr.contains("hirp::tafl::syntax::expected_square"),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("{path}:3:4")), "{stderr}");
    let value: Value = serde_json::from_str(&json).unwrap();
    let ply = &value["files"][0]["games"][0]["turns"][0]["plies"][0];
    assert_eq!(ply["kind"], "malformed");
    assert_eq!(ply["notation"], "z2-e2");
    let (status, text, _) = run(&["notation", "-"], json.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(text, canonical(path));
}

#[test]
fn exit_statuses_say_what_went_wrong() {
    let cases: [(&[&str], &[u8], i32); 6] = [
        (&["json", "fixtures/tafl/valid/brandub/timeout.csv"], b"", 0),
        // A warning only: an empty result.
        (
            &["json", "fixtures/tafl/syntax/err_empty_result.csv"],
            b"",
            0,
        ),
        (
            &["json", "fixtures/tafl/syntax/err_unknown_result.csv"],
            b"",
            1,
        ),
        // A tafl record with no game.
        (&["json", "--rules", "brandub", "-"], b"\n\n", 1),
        (&["json", "no-such-game.otg"], b"", 2),
        (
            &["notation", "-"],
            br#"{"files":[{"path":"a.otg","form":"otg","games":[]}]}"#,
            1,
        ),
    ];
    for (args, stdin, expected) in cases {
        let (status, _, stderr) = run(args, stdin);
        assert_eq!(status, expected, "{args:?}: {stderr}");
    }
    let (_, _, stderr) = run(&["json", "--rules", "brandub", "-"], b"\n");
    assert_eq!(stderr, "error: standard input holds no game\n");
}

#[test]
fn the_schema_names_both_families() {
    let (status, json, _) = run(&["json", "--schema"], b"");
    assert_eq!(status, 0);
    let schema: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(schema["title"], "Document");
    let entries: Vec<&str> = schema["$defs"]["FileEntry"]["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["$ref"].as_str().unwrap())
        .collect();
    assert_eq!(
        entries,
        [
            "#/$defs/File",
            "#/$defs/OtgFile",
            "#/$defs/CsvFile",
            "#/$defs/RonFile",
            "#/$defs/UnreadFile"
        ]
    );
    assert!(schema["$defs"]["Ply"]["properties"]["notation"].is_object());
    let (_, json, _) = run(&["json", "--schema", "--lines"], b"");
    let schema: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(schema["title"], "GameLine");
    assert_eq!(schema["anyOf"].as_array().unwrap().len(), 4);
}

/// A path that yields no record has its entry in its place, with its
/// `error` and no game, as `validate --format json` lists it; the document
/// meets the schema, and reads back as the records that were read.
#[test]
fn a_path_that_yields_no_record_is_listed_with_its_error() {
    let dir = std::env::temp_dir().join(format!("hirp-json-unread-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.display().to_string();
    let game = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let (status, json, stderr) = run(&["json", "no-such-game.otg", game, &empty], b"");
    assert_eq!(status, 2, "a missing file is an I/O error, as before");
    assert_eq!(
        stderr,
        format!(
            "error: cannot read no-such-game.otg: no such file or directory\n\
             error: {empty} holds no *.hirp or *.otg file\n"
        )
    );
    meets_the_schema(&json, false, "the document");
    let document: Value = serde_json::from_str(&json).unwrap();
    let files = document["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(
        files[0],
        serde_json::json!({
            "path": "no-such-game.otg",
            "games": [],
            "error": "cannot read no-such-game.otg: no such file or directory"
        })
    );
    assert_eq!(files[1]["path"], game);
    assert_eq!(
        files[2],
        serde_json::json!({
            "path": empty,
            "games": [],
            "error": format!("{empty} holds no *.hirp or *.otg file")
        })
    );
    // The validation report lists the same paths with the same errors.
    let (_, report, _) = run(
        &[
            "validate",
            "--format",
            "json",
            "no-such-game.otg",
            game,
            &empty,
        ],
        b"",
    );
    let report: Value = serde_json::from_str(&report).unwrap();
    for n in [0, 2] {
        assert_eq!(report["files"][n]["path"], files[n]["path"]);
        assert_eq!(report["files"][n]["error"], files[n]["error"]);
    }
    let (status, text, _) = run(&["notation", "-"], json.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(text, canonical(game));
    // An entry with an error holds no game.
    let (status, _, stderr) = run(
        &["notation", "-"],
        br#"{"files":[{"path":"a","games":[{"tags":[],"turns":[]}],"error":"x"}]}"#,
    );
    assert_eq!(status, 1);
    assert!(stderr.contains("files[0].games"), "{stderr}");
    // JSON Lines have no line for it; it is said on standard error.
    let (status, lines, stderr) = run(&["json", "--lines", "no-such-game.otg", game], b"");
    assert_eq!(status, 2);
    assert_eq!(lines.lines().count(), 1);
    assert!(stderr.contains("cannot read no-such-game.otg"), "{stderr}");
}
