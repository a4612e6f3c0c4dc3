//! `hirp serve` over loopback: the page, the API's answers (the same as
//! the commands'), and how it holds up under misuse: wrong content types,
//! large bodies, records beyond the reader's limits, Ctrl-C. Clients that
//! would shut the others out, and requests from where they should not
//! come, are `serve_guard.rs`'s.

mod common;

use std::io::Write as _;

use common::hirp;
use common::server::{Server, read_response};

fn fixture(path: &str) -> Vec<u8> {
    std::fs::read(common::root().join(path)).unwrap()
}

#[test]
fn the_page_and_its_scripts_are_served_under_a_policy() {
    let server = Server::start(&[]);
    let page = server.request("GET", "/", None);
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    // The page names the routes its editor asks, and the server answers
    // each: the example on GET, a record's report, page and fix on POST.
    let text = page.text();
    let route = |name: &str| {
        let key = format!("data-{name}=\"");
        let start = text.find(&key).unwrap_or_else(|| panic!("no {key}")) + key.len();
        text[start..start + text[start..].find('"').unwrap()].to_owned()
    };
    assert_eq!(server.request("GET", &route("example"), None).status, 200);
    let record = Some(("text/plain", "G1 KeHeiHei /\n".as_bytes()));
    for name in ["validate", "page", "fix"] {
        let answer = server.request("POST", &route(name), record);
        assert_eq!(answer.status, 200, "{name}: {}", answer.text());
    }
    let script = server.request("GET", "/page.js", None);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(script.text(), hirp::page::html::SCRIPT);
    let example = server.request("GET", "/api/example", None);
    assert_eq!(
        example.text(),
        common::fixture("fixtures/rulebook/corrected.hirp")
    );
}

#[test]
fn validate_answers_what_hirp_validate_writes() {
    let server = Server::start(&[]);
    let path = "fixtures/rulebook/en.hirp";
    let answer = server.post(&format!("/api/validate?name={path}"), &fixture(path));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let cli = hirp()
        .args(["validate", "--format", "json", path])
        .output()
        .unwrap();
    let cli = String::from_utf8(cli.stdout).unwrap();
    assert_eq!(answer.text(), cli.trim_end());
}

#[test]
fn page_and_board_answer_what_the_library_draws() {
    let server = Server::start(&[]);
    let record = fixture("fixtures/valid/17-match-to-five.hirp");
    let model = hirp::hirp::page::page("match.hirp", &record);
    let answer = server.post("/api/page?name=match.hirp", &record);
    assert_eq!(answer.status, 200);
    let packed: hirp::page::Packed = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(packed, hirp::page::pack(&model));
    let board = server.post("/api/board?game=2&step=3", &record);
    assert_eq!(board.status, 200);
    assert_eq!(
        board.header("content-type"),
        Some("image/svg+xml; charset=utf-8")
    );
    assert_eq!(board.text(), model.games[1].steps[3].board);
    let start = server.post("/api/board", &record);
    assert_eq!(start.text(), model.games[0].steps[0].board);
}

#[test]
fn fix_answers_what_hirp_fix_and_fmt_write() {
    let server = Server::start(&[]);
    let path = "fixtures/rulebook/pl.hirp";
    let answer = server.post("/api/fix", &fixture(path));
    assert_eq!(answer.status, 200);
    let fixed = hirp().args(["fix", path]).output().unwrap();
    let json = answer.json();
    assert_eq!(json["record"].as_str().unwrap().as_bytes(), fixed.stdout);
    let canonical = hirp()
        .args(["fmt", "-"])
        .write_stdin(fixed.stdout.clone())
        .output()
        .unwrap();
    assert_eq!(
        json["canonical"].as_str().unwrap().as_bytes(),
        canonical.stdout
    );
    assert_eq!(
        (json["fixed"].as_u64(), json["errors"].as_u64()),
        (Some(4), Some(0))
    );
    // A record still unreadable once fixed has no canonical form (one `%`
    // the search for a repair writes `/`; three are out of its reach).
    let broken = server.post("/api/fix", b"G1 KeHeiHei /\nS1 He7He8He %%%\n");
    assert_eq!(broken.json()["canonical"], serde_json::Value::Null);
}

/// The errors of a `/api/validate` answer's record.
fn errors(answer: &serde_json::Value) -> usize {
    let file = &answer["files"][0];
    let games = file["games"].as_array().unwrap();
    let loose = file["diagnostics"].as_array().unwrap();
    let all = games
        .iter()
        .flat_map(|g| g["diagnostics"].as_array().unwrap());
    all.chain(loose)
        .filter(|d| d["severity"] == "error")
        .count()
}

#[test]
fn the_page_offers_both_families_and_the_rules_presets() {
    let server = Server::start(&[]);
    let page = server.request("GET", "/", None).text();
    assert!(page.contains("<title>Check a game record · hirp</title>"));
    assert!(page.contains("<h1 id=\"title\">Check a game record</h1>"));
    assert!(page.contains("accept=\".hirp,.otg,.csv,"));
    for preset in hirp::tafl::rules::RuleSet::PRESETS {
        assert!(
            page.contains(&format!("<option value=\"{preset}\">")),
            "{preset}"
        );
    }
}

#[test]
fn a_pasted_tafl_game_file_is_checked_as_tafl() {
    let server = Server::start(&[]);
    let mut files = common::files_under(&common::root().join("fixtures/tafl/opentafl"), "otg");
    files.extend(common::files_under(
        &common::root().join("fixtures/tafl/valid/brandub"),
        "otg",
    ));
    assert!(files.len() > 5);
    for file in &files {
        let answer = server.post("/api/validate", &std::fs::read(file).unwrap());
        assert_eq!(answer.status, 200, "{}", file.display());
        let json = answer.json();
        assert_eq!(json["files"][0]["path"], "record.otg");
        assert_eq!(json["files"][0]["games"].as_array().unwrap().len(), 1);
        assert_eq!(errors(&json), 0, "{}: {json}", file.display());
    }
    // Named, it is what `hirp validate` reports.
    let path = "fixtures/tafl/opentafl/copenhagen-resigned.otg";
    let answer = server.post(&format!("/api/validate?name={path}"), &fixture(path));
    let cli = hirp()
        .args(["validate", "--format", "json", path])
        .output()
        .unwrap();
    assert_eq!(
        answer.text(),
        String::from_utf8(cli.stdout).unwrap().trim_end()
    );
}

#[test]
fn a_tafl_page_and_its_boards_are_what_hirp_html_draws() {
    use hirp::tafl::syntax::Form;
    let server = Server::start(&[]);
    let record = fixture("fixtures/tafl/valid/brandub/all_captured.otg");
    let model = hirp::tafl::page::page("record.otg", &record, Form::Otg, None);
    let answer = server.post("/api/page", &record);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("hirp-family"), Some("tafl"));
    assert_eq!(answer.header("hirp-rules"), Some("brandub"));
    let packed: hirp::page::Packed = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(packed, hirp::page::pack(&model));
    assert!(model.games[0].steps.len() > 30);
    let board = server.post("/api/board?step=5", &record);
    assert_eq!(board.status, 200);
    assert_eq!(board.text(), model.games[0].steps[5].board);
    // A game file's annotations: its heading and commentary, as in the page
    // `hirp html` writes.
    let annotated = "fixtures/tafl/opentafl/brandub-club-annotated.otg";
    let record = fixture(annotated);
    let model = hirp::tafl::page::page("record.otg", &record, Form::Otg, None);
    let answer = server.post("/api/page", &record);
    let packed: hirp::page::Packed = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(packed, hirp::page::pack(&model));
    assert_eq!(packed.games[0].about[0].value, "Club evening");
    assert_eq!(packed.games[0].steps[1].comment.len(), 1);
    let hirp_page = server.post(
        "/api/page",
        &fixture("fixtures/valid/17-match-to-five.hirp"),
    );
    assert_eq!(hirp_page.header("hirp-family"), Some("HIRP"));
    assert_eq!(hirp_page.header("hirp-rules"), None);
}

#[test]
fn a_tafl_page_holds_the_variations_as_branches_with_their_boards() {
    use hirp::tafl::syntax::Form;
    let server = Server::start(&[]);
    let record = fixture("fixtures/tafl/valid/brandub/king_escaped_with_variations.otg");
    let model = hirp::tafl::page::page("record.otg", &record, Form::Otg, None);
    let answer = server.post("/api/page", &record);
    assert_eq!(answer.status, 200);
    let packed: hirp::page::Packed = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(packed, hirp::page::pack(&model));
    let labels: Vec<&str> = packed.games[0]
        .branches
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["1a.1", "1a.1.1a.1", "1a.2", "3b.1"]);
    // A variation's board, by its step after the main line's.
    let step = packed.games[0].branches[1].steps[0];
    let board = server.post(&format!("/api/board?step={step}"), &record);
    assert_eq!(board.status, 200);
    assert_eq!(board.text(), model.games[0].steps[step].board);
    assert_eq!(model.games[0].steps[step].heading, "After 1a.1.1a.1.1b");
    // The commentary on a variation's move, with its step.
    assert_eq!(packed.games[0].steps[step].comment, ["A quieter answer."]);
}

#[test]
fn an_archive_is_checked_under_the_rules_sent() {
    let server = Server::start(&[]);
    let archive = fixture("fixtures/tafl/archives/brandubh.csv");
    let lines: Vec<&[u8]> = archive.split(|&b| b == b'\n').take(4).collect();
    let record = lines.join(&b'\n');
    let answer = server.post("/api/validate?rules=brandubh-online", &record);
    assert_eq!(answer.status, 200);
    let json = answer.json();
    assert_eq!(json["files"][0]["path"], "record.csv");
    assert_eq!(json["files"][0]["games"].as_array().unwrap().len(), 4);
    assert_eq!(errors(&json), 0, "{json}");
    let page = server.post("/api/page?rules=brandubh-online", &record);
    assert_eq!(page.status, 200);
    assert_eq!(page.header("hirp-rules"), Some("brandubh-online"));
    // Without rules, an archive names none.
    let unruled = server.post("/api/validate?name=games.csv", &record).json();
    assert_eq!(errors(&unruled), 4, "{unruled}");
    // Its page has a step a game, with no board, to show the problem.
    let unruled: hirp::page::Packed =
        serde_json::from_slice(&server.post("/api/page", &record).body).unwrap();
    for game in &unruled.games {
        assert_eq!(game.steps.len(), 1);
        assert_eq!(
            game.steps[0].heading,
            "No board: the game's rule set is not known"
        );
        assert_eq!(game.steps[0].diagnostics, vec![0]);
    }
    let wrong = server.post("/api/validate?rules=fetlah", &record);
    assert_eq!(wrong.status, 400);
    assert!(
        wrong.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("rules: `fetlah` is neither a preset")
    );
}

#[test]
fn fix_mends_a_tafl_record_by_tafl_fixes_and_leaves_its_tags() {
    let server = Server::start(&[]);
    let mut record = b"[date:2015.05.04]\n".to_vec();
    record.extend(fixture(
        "fixtures/tafl/invalid/brandub/err_capture_missing.otg",
    ));
    let answer = server.post("/api/fix", &record);
    assert_eq!(answer.status, 200);
    let json = answer.json();
    let fixed = json["record"].as_str().unwrap();
    let cli = hirp()
        .args(["fix", "-"])
        .write_stdin(record.clone())
        .output()
        .unwrap();
    assert_eq!(fixed.as_bytes(), cli.stdout);
    assert!(
        fixed.starts_with("[date:2015.05.04]\n[rules:dim:7 "),
        "{fixed}"
    );
    assert!(fixed.ends_with("\n1. f4-f7 e4-e7xf7\n"), "{fixed}");
    let canonical = hirp()
        .args(["fmt", "-"])
        .write_stdin(cli.stdout)
        .output()
        .unwrap();
    assert_eq!(
        json["canonical"].as_str().unwrap().as_bytes(),
        canonical.stdout
    );
    assert_eq!(
        (
            json["fixed"].as_u64(),
            json["errors"].as_u64(),
            json["extension"].as_str()
        ),
        (Some(1), Some(0), Some("otg"))
    );
    // A HIRP record is named for its family.
    let hirp_fixed = server.post("/api/fix", &fixture("fixtures/rulebook/pl.hirp"));
    assert_eq!(hirp_fixed.json()["extension"], "hirp");
}

/// A request's content type and body.
type Body<'a> = Option<(&'a str, &'a [u8])>;

#[test]
fn bad_requests_get_a_clear_error_and_a_4xx_status() {
    let server = Server::start(&[]);
    let record = fixture("fixtures/rulebook/en.hirp");
    let long_line = format!("G1 KeHeiHei / ; {}\n", "x".repeat(70 * 1024));
    let many_turns = common::long_game::long_game(2001, None);
    let tafl_long_line = format!(
        "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. a4-a5 {{{}}}\n",
        "x".repeat(70 * 1024)
    );
    let tafl_errors = format!(
        "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n{}",
        "1. d2_e2 d3-d2\n".repeat(1001)
    );
    let cases: Vec<(&str, &str, Body)> = vec![
        ("POST", "/api/validate", Some(("application/json", &record))),
        ("POST", "/api/page", Some(("", &record))),
        (
            "POST",
            "/api/validate",
            Some(("text/plain", &[b'G'; 2 << 20])),
        ),
        (
            "POST",
            "/api/page",
            Some(("text/plain", long_line.as_bytes())),
        ),
        (
            "POST",
            "/api/validate",
            Some(("text/plain", tafl_long_line.as_bytes())),
        ),
        (
            "POST",
            "/api/page",
            Some(("text/plain", tafl_errors.as_bytes())),
        ),
        (
            "POST",
            "/api/validate",
            Some(("text/plain", b"; only a comment\n")),
        ),
        (
            "POST",
            "/api/page",
            Some(("text/plain", many_turns.as_bytes())),
        ),
        ("POST", "/api/board?game=2", Some(("text/plain", &record))),
        ("POST", "/api/board?step=99", Some(("text/plain", &record))),
        ("POST", "/api/page?game=two", Some(("text/plain", &record))),
        ("GET", "/api/fix", None),
        ("GET", "/nowhere", None),
    ];
    let mut seen = Vec::new();
    for (method, path, body) in cases {
        let answer = server.request(method, path, body);
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let json = answer.json();
        assert_eq!(json["status"], answer.status);
        seen.push(format!(
            "{method} {path}: {} {}",
            answer.status,
            json["error"].as_str().unwrap()
        ));
    }
    insta::assert_snapshot!(seen.join("\n"));
}

#[test]
fn a_body_too_large_is_refused_without_a_length_too() {
    let server = Server::start(&[]);
    let mut stream = server.connect();
    let head = format!(
        "POST /api/validate HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        server.host()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 64 * 1024, "G".repeat(64 * 1024));
    for _ in 0..24 {
        if stream.write_all(chunk.as_bytes()).is_err() {
            break;
        }
    }
    let answer = read_response(&mut stream);
    assert_eq!(answer.status, 413);
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let server = Server::start(&[]);
    assert_eq!(server.request("GET", "/", None).status, 200);
    let (status, rest) = server.interrupt();
    assert_eq!(status, Some(0));
    assert_eq!(rest, "hirp serve: stopped\n");
}

/// The signal handlers are set before the server says it listens: a
/// signal sent the moment it does stops it cleanly, as one sent later does.
#[test]
fn a_signal_sent_as_soon_as_it_listens_stops_the_server() {
    for _ in 0..5 {
        let (status, rest) = Server::start(&[]).interrupt();
        assert_eq!(status, Some(0));
        assert_eq!(rest, "hirp serve: stopped\n");
    }
}

#[test]
fn a_port_in_use_is_one_line_and_exit_2() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = hirp().args(["serve", "--port", &port]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: ")),
        "{stderr}"
    );
}
