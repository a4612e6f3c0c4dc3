//! JSON import: hostile or hand-edited JSON gets a clear error with a path.

use crate::common;

/// The error `hirp notation` reports for `json`.
fn import_error(json: &str) -> String {
    let output = common::hirp()
        .args(["notation", "-"])
        .write_stdin(json.to_owned())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    String::from_utf8(output.stderr).unwrap()
}

const TURN: &str = r#"{"side":"gull","round":1,"steps":[STEP],"battles":[]}"#;

fn with_step(step: &str) -> String {
    let turn = TURN.replace("STEP", step);
    format!(r#"{{"files":[{{"path":"a","games":[{{"tags":[],"turns":[{turn}]}}]}}]}}"#)
}

#[test]
fn hostile_json_errors_name_the_path() {
    let deep = "[".repeat(1000) + &"]".repeat(1000);
    let cases = [
        ("not json", "{\"files\": [}".to_owned()),
        ("wrong type", r#"{"files":[{"path":3,"games":[]}]}"#.to_owned()),
        ("unknown field", r#"{"files":[{"path":"a","games":[],"extra":1}]}"#.to_owned()),
        ("huge number", with_step(r#"{"action":"enter","piece":"karve","crew":1e30}"#)),
        ("a crew no line holds", with_step(r#"{"action":"move","piece":"karve","crew":4000000000,"from":"0","to":"1"}"#)),
        ("negative number", with_step(r#"{"action":"enter","piece":"karve","crew":-1}"#)),
        ("deep nesting", deep),
        ("notation disagrees", with_step(r#"{"notation":"Khh03","action":"move","piece":"karve","crew":3,"from":"0","to":"3"}"#)),
        ("move without to", with_step(r#"{"action":"move","piece":"lofdungr","from":"0"}"#)),
        ("crew on a hirth", with_step(r#"{"action":"enter","piece":"hirth","crew":2}"#)),
        ("bad space", with_step(r#"{"action":"enter","piece":"hirth","to":"x"}"#)),
        ("label disagrees", r#"{"files":[{"path":"a","games":[{"tags":[],"turns":[{"label":"S1","side":"gull","round":1,"steps":[{"action":"board","piece":"hirth"}],"battles":[]}]}]}]}"#.to_owned()),
        ("bad tag name", r#"{"files":[{"path":"a","games":[{"tags":[{"name":"1x","value":""}],"turns":[]}]}]}"#.to_owned()),
        ("unbalanced comment", r#"{"files":[{"path":"a","games":[],"comments":[{"kind":"block","text":"a}"}]}]}"#.to_owned()),
        ("a game line of the wrong shape", "{\"path\":\"a\",\"game\":1,\"tags\":[],\"turns\":[]}\n{\"path\":\"a\"}\n".to_owned()),
    ];
    let report: String = cases
        .iter()
        .map(|(name, json)| format!("{name}:\n{}", import_error(json)))
        .collect();
    insta::assert_snapshot!(report);
}

#[test]
fn json_import_accepts_steps_without_notation() {
    let json = with_step(r#"{"action":"move","piece":"karve","crew":3,"from":"0","to":"3"}"#);
    let output = common::hirp()
        .args(["notation", "-"])
        .write_stdin(json)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "G1 Khhh03 /\n");
}

#[test]
fn spans_at_the_largest_offsets_are_cut_not_overflowed() {
    let (last, end) = (usize::MAX - 1, usize::MAX);
    let battle = format!(
        r#"{{"space":"6","fighters":[{{"side":"gull","piece":"hirth","fate":"stands","space":"6"}}],"span":[{last},{end}]}}"#
    );
    let turn = format!(
        r#"{{"side":"gull","round":1,"steps":[{{"action":"board","piece":"hirth"}}],"battles":[{battle}],"span":[{last},{end}]}}"#
    );
    let json = format!(r#"{{"files":[{{"path":"a","games":[{{"tags":[],"turns":[{turn}]}}]}}]}}"#);
    let records = hirp::json::read_records(&json).unwrap();
    assert_eq!(records[0].1.to_string(), "G1 Hi >6GH6\n");
}

/// `hirp` in at most `bytes` of address space (`prlimit`, util-linux).
fn hirp_within(bytes: u64) -> std::process::Command {
    let mut command = std::process::Command::new("prlimit");
    command
        .arg(format!("--as={bytes}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_hirp"));
    command
}

#[test]
fn a_document_is_read_a_game_at_a_time_never_built_whole() {
    // A record of 600 KB, whose JSON is some 15 MB: built whole as a tree
    // (about 16 times its size), it took more than the 192 MB it is given.
    let record = common::hirp()
        .args(["gen", "--seed", "3", "--games", "400"])
        .output()
        .unwrap()
        .stdout;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("json-at-a-time");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, lines) in [("document.json", false), ("lines.jsonl", true)] {
        let mut command = common::hirp();
        command.arg("json");
        if lines {
            command.arg("--lines");
        }
        let json = command
            .arg("-")
            .write_stdin(record.clone())
            .output()
            .unwrap();
        assert_eq!(json.status.code(), Some(0));
        assert!(json.stdout.len() > 12 << 20, "{} bytes", json.stdout.len());
        let file = dir.join(name);
        std::fs::write(&file, &json.stdout).unwrap();
        let back = hirp_within(192 << 20)
            .arg("notation")
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&back.stderr);
        assert_eq!(back.status.code(), Some(0), "{name}: {stderr}");
        assert!(
            back.stdout == record,
            "{name}: the record written back differs"
        );
    }
}

#[test]
fn a_file_entry_reads_the_same_whatever_the_order_of_its_fields() {
    let game = r#"{"tags":[],"turns":[{"side":"gull","round":1,"steps":[{"action":"enter","piece":"hirth","to":"3"}],"battles":[]}]}"#;
    let orders = [
        format!(r#"{{"files":[{{"path":"a","games":[{game}]}}]}}"#),
        format!(r#"{{"files":[{{"games":[{game}],"path":"a"}}]}}"#),
        format!(r#"{{"files":[{{"comments":[],"games":[{game}],"path":"a"}}]}}"#),
    ];
    for json in orders {
        let output = common::hirp()
            .args(["notation", "-"])
            .write_stdin(json.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{json}");
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            "G1 He3 /\n",
            "{json}"
        );
    }
    // A tafl entry names its form after its games.
    let otg = r#"{"files":[{"games":[{"tags":[],"turns":[]}],"form":"otg","path":"b.otg"}]}"#;
    let output = common::hirp()
        .args(["notation", "-"])
        .write_stdin(otg)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn nesting_too_deep_is_refused_wherever_it_is() {
    let deep = "[".repeat(200) + &"]".repeat(200);
    for (json, line) in [
        (
            format!(r#"{{"files":[{{"path":"a","games":[{deep}]}}]}}"#),
            1,
        ),
        (
            format!("{{\"path\":\"a\",\"game\":1,\"tags\":[],\"turns\":[]}}\n{deep}\n"),
            2,
        ),
    ] {
        let error = import_error(&json);
        assert!(
            error.contains(&format!(
                "not JSON: recursion limit exceeded at line {line} column"
            )),
            "{error}"
        );
    }
}

/// The text `hirp notation` writes back from `json`.
fn notation(json: &str) -> String {
    let output = common::hirp()
        .args(["notation", "-"])
        .write_stdin(json.to_owned())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn each_entry_and_line_names_its_family() {
    let hirp = "fixtures/rulebook/corrected.hirp";
    let otg = "fixtures/tafl/opentafl/copenhagen-resigned.otg";
    let csv = "fixtures/tafl/valid/brandub/timeout.csv";
    let document = common::hirp()
        .args(["json", hirp, otg, csv])
        .output()
        .unwrap();
    let document: serde_json::Value = serde_json::from_slice(&document.stdout).unwrap();
    let families: Vec<(&str, Option<&str>)> = document["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["family"].as_str().unwrap(), f["form"].as_str()))
        .collect();
    assert_eq!(
        families,
        [("hirp", None), ("tafl", Some("otg")), ("tafl", Some("csv"))]
    );
    let lines = common::hirp()
        .args(["json", "--lines", hirp, otg, csv])
        .output()
        .unwrap();
    let lines = String::from_utf8(lines.stdout).unwrap();
    for line in lines.lines() {
        let line: serde_json::Value = serde_json::from_str(line).unwrap();
        let expected = if line["path"] == hirp { "hirp" } else { "tafl" };
        assert_eq!(line["family"], expected, "{line}");
    }
}

#[test]
fn a_document_written_by_0_2_0_names_no_family_and_still_reads() {
    let document = r#"{"files":[
        {"path":"a.hirp","games":[{"tags":[],"turns":[{"side":"gull","round":1,"steps":[{"action":"enter","piece":"karve"}],"battles":[]}]}]},
        {"path":"b.csv","form":"csv","games":[{"plies":[{"kind":"timeout"}],"attacker_captures":0,"defender_captures":0,"result":"White"}]}
    ]}"#;
    assert_eq!(notation(document), "G1 Ke /\n\ntimeout,0,0,White\n");
    let line = r#"{"path":"a.hirp","game":1,"tags":[],"turns":[{"side":"gull","round":1,"steps":[{"action":"enter","piece":"karve"}],"battles":[]}]}"#;
    assert_eq!(notation(line), "G1 Ke /\n");
}

#[test]
fn a_family_that_disagrees_with_the_form_or_is_unknown_is_refused() {
    let entry = |fields: &str| format!(r#"{{"files":[{{"path":"a",{fields}"games":[]}}]}}"#);
    let cases = [
        (
            entry(r#""family":"tafl","#),
            "files[0]: a tafl record names its form, `otg`, `csv` or `ron`",
        ),
        (
            entry(r#""family":"hirp","form":"otg","#),
            "files[0].form: a HIRP record names no form",
        ),
        (
            entry(r#""family":"chess","#),
            "files[0].family: unknown family \"chess\", expected `hirp` or `tafl`",
        ),
        (
            r#"{"path":"a","game":1,"family":"tafl","tags":[],"turns":[]}"#.to_owned(),
            "line 1: a tafl record names its form",
        ),
    ];
    for (json, expected) in cases {
        let error = import_error(&json);
        assert!(error.contains(expected), "{json}: {error}");
    }
}

/// A bad value of megabytes is quoted by its first characters and its
/// length: the message stays a line.
#[test]
fn a_huge_bad_value_is_quoted_in_a_window() {
    let long = "x".repeat(3_000_000);
    let document = serde_json::json!({"files": [{"path": "a", "family": "hirp", "games": [{
        "tags": [],
        "turns": [{"label": "G1", "side": "gull", "round": 1, "battles": [], "span": [0, 3],
            "steps": [{"notation": "He1", "action": format!("enter{long}"), "piece": "hirth",
                "to": "1", "span": [0, 3]}]}],
    }]}]});
    let err = import_error(&document.to_string());
    assert!(err.len() < 500, "{} bytes", err.len());
    assert!(err.contains("(3000005 characters)"), "{err}");
    assert!(err.contains("expected one of `enter`"), "{err}");
}
