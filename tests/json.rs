//! JSON import: hostile or hand-edited JSON gets a clear error with a path.

mod common;

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
