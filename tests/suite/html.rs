//! `hirp html` and the page model: a record as one self-contained HTML page,
//! its problems at their steps, its record text escaped.

use crate::common;

use common::hirp;
use hirp::page::{self, Packed, html};
use sha2::Digest as _;

/// The packed data a page holds.
fn data_of(html: &str) -> Packed {
    let start = html
        .find(r#"<script type="application/json" id="page-data">"#)
        .expect("the page holds its data");
    let rest = &html[start..];
    let open = rest.find('>').unwrap() + 1;
    let close = rest.find("</script>").unwrap();
    serde_json::from_str(&rest[open..close]).expect("the data is JSON")
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().fold(0u32, |n, &b| n << 8 | u32::from(b)) << (8 * (3 - chunk.len()));
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[test]
fn the_policy_names_the_script_the_page_runs() {
    let digest = sha2::Sha256::digest(html::SCRIPT.as_bytes());
    assert_eq!(
        html::SCRIPT_SHA256,
        format!("sha256-{}", base64(&digest)),
        "update SCRIPT_SHA256 in src/core/page/html.rs"
    );
    assert_eq!(base64(b"hirp!"), "aGlycCE=");
}

#[test]
fn the_page_is_self_contained() {
    let output = hirp().args(["html"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    for outside in ["<link", " src=", "url(", "@import", "https:", "href=\"http"] {
        assert!(!page.contains(outside), "the page holds `{outside}`");
    }
    // The only address is the SVG namespace, which is no request.
    let addresses = page.matches("http://").count();
    let namespaces = page.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(addresses, namespaces);
    assert!(page.contains("default-src 'none'"));
    assert_eq!(page.matches("<script").count(), 2);
    let data = data_of(&page);
    assert_eq!(data.title, "rulebook-example.hirp");
    assert_eq!(data.games.len(), 1);
    let game = &data.games[0];
    assert_eq!(
        game.result.as_deref(),
        Some("Silfr wins by Drepið, doubled: 10 points")
    );
    let codes: Vec<&str> = game.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["hirp::battle::ended_without_advance"]);
    // Every board reads as SVG, and boards change from step to step.
    let boards: Vec<String> = (0..game.steps.len())
        .map(|n| data.board(0, n).unwrap())
        .collect();
    for board in &boards {
        roxmltree::Document::parse(board).expect("a board is SVG");
    }
    assert!(boards.windows(2).all(|pair| pair[0] != pair[1]));
}

#[test]
fn packed_boards_are_the_models_boards() {
    let record =
        std::fs::read(common::root().join("fixtures/valid/17-match-to-five.hirp")).unwrap();
    let model = hirp::hirp::page::page("17-match-to-five.hirp", &record);
    let packed = page::pack(&model);
    assert_eq!(model.games.len(), 3);
    for (g, game) in model.games.iter().enumerate() {
        for (n, step) in game.steps.iter().enumerate() {
            let drawn = step.board.split_once('\n').unwrap().1.trim_end();
            assert_eq!(packed.board(g, n).unwrap(), drawn, "game {g}, step {n}");
        }
    }
    assert_eq!(
        model.games[1].name,
        "game 2 of 3: Bjorn (Gull) against Ragna (Silfr)"
    );
    assert_eq!(packed.board(3, 0), None);
}

#[test]
fn each_problem_is_shown_with_the_step_of_its_token() {
    let record = std::fs::read(common::root().join("fixtures/rulebook/en.hirp")).unwrap();
    let page = hirp::hirp::page::page("fixtures/rulebook/en.hirp", &record);
    assert_eq!(page.title, "en.hirp");
    let game = &page.games[0];
    let mut shown = Vec::new();
    for step in &game.steps {
        for &d in &step.diagnostics {
            let diagnostic = &game.diagnostics[d];
            assert_eq!(step.turn, diagnostic.turn, "{}", diagnostic.code);
            let marks: Vec<&str> = step
                .marks
                .iter()
                .map(|m| &step.line[m.range[0]..m.range[1]])
                .collect();
            shown.push(format!(
                "{} {}: {} | marked {marks:?}",
                diagnostic.severity, diagnostic.code, step.heading
            ));
        }
    }
    assert_eq!(shown.len(), game.diagnostics.len(), "each shown once");
    insta::assert_snapshot!(shown.join("\n"));
}

#[test]
fn the_token_just_played_is_marked_on_its_turn_line() {
    let page = hirp::hirp::page::page("t.hirp", b"G1 KeHeiHei /\nS1 He7He8He /\n");
    let played: Vec<(String, String)> = page.games[0]
        .steps
        .iter()
        .map(|s| {
            let token = s.played.map_or("", |[a, b]| &s.line[a..b]);
            (s.heading.clone(), token.to_owned())
        })
        .collect();
    insta::assert_debug_snapshot!(played);
}

#[test]
fn a_tiny_game_packs_as_the_page_reads_it() {
    let record = b"[Event \"Tiny\"]\n\nG1 KeHeiHe /\nS1 He7He8He /\n";
    let mut packed = page::pack(&hirp::hirp::page::page("tiny.hirp", record));
    // The boards are the SVG pictures, checked by tests/suite/svg.rs.
    packed.lines = vec![format!("{} lines", packed.lines.len())];
    insta::assert_json_snapshot!(packed);
}

#[test]
fn record_text_is_escaped_on_the_page() {
    let record = "[Event \"</script><img src=x onerror=alert(1)>\"]\n\n\
                  G1 KeHeiHei / ; <script>alert(1)</script>\n\
                  S1 He7He8He <b>bold</b>\n";
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hirp"))
        .args(["html", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1), "the record has errors");
    let page = String::from_utf8(output.stdout).unwrap();
    assert_eq!(page.matches("<script").count(), 2);
    assert!(!page.contains("<img") && !page.contains("<b>"));
    let data = data_of(&page);
    assert_eq!(data.title, "standard input");
    let problems = &data.games[0].diagnostics;
    assert!(
        problems.iter().any(|d| d.label.contains("found `<`")),
        "{problems:?}"
    );
    let lines: Vec<&str> = data.games[0]
        .steps
        .iter()
        .map(|s| s.line.as_str())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("<b >bold</b >")),
        "{lines:?}"
    );
}

#[test]
fn html_writes_a_file_and_says_when_the_record_has_errors() {
    let out = std::env::temp_dir().join(format!("hirp-html-{}.html", std::process::id()));
    let output = hirp()
        .args(["html", "fixtures/rulebook/en.hirp", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "fixtures/rulebook/en.hirp has 4 errors: the page lists them\n"
    );
    let page = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert_eq!(data_of(&page).games[0].diagnostics.len(), 6);

    let missing = hirp().args(["html", "gone.hirp"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let empty = hirp()
        .args(["html", "-"])
        .write_stdin("; nothing\n")
        .output()
        .unwrap();
    assert_eq!(empty.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(empty.stderr).unwrap(),
        "error: standard input holds no game\n"
    );
}

#[test]
fn the_schema_describes_the_data() {
    let output = hirp().args(["html", "--schema"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(schema["title"], "Packed");
    let steps = &schema["$defs"]["PackedStep"]["properties"];
    for field in [
        "heading",
        "board",
        "line",
        "played",
        "marks",
        "diagnostics",
        "battles",
        "comment",
    ] {
        assert!(steps.get(field).is_some(), "{field}");
    }
    let game = &schema["$defs"]["PackedGame"]["properties"];
    assert!(game.get("about").is_some(), "{game}");
    assert!(
        schema["$defs"]["Field"]["properties"]
            .get("label")
            .is_some()
    );
    // A game's other lines of play, its variations.
    assert!(schema["$defs"]["PackedGame"]["properties"]["branches"].is_object());
    let branch = &schema["$defs"]["Branch"]["properties"];
    for field in ["label", "moves", "at", "from", "steps"] {
        assert!(branch.get(field).is_some(), "{field}");
    }
}

/// `hirp html` on a tafl game file with a heading, commentary and
/// variations: the page's data names the game, lists its details, holds
/// the start-comment, the commentary of the main line's moves and of the
/// branches' moves, and the branches.
#[test]
fn a_tafl_page_holds_the_heading_the_commentary_and_the_branches() {
    let path = "fixtures/tafl/opentafl/brandub-annotated-variations.otg";
    let output = hirp().args(["html", path]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let html = String::from_utf8(output.stdout).unwrap();
    let data = data_of(&html);
    let game = &data.games[0];
    assert_eq!(game.name, "Ask (attackers) against Embla (defenders)");
    let about: Vec<(&str, &str)> = game
        .about
        .iter()
        .map(|f| (f.label.as_str(), f.value.as_str()))
        .collect();
    assert_eq!(about[..2], [("Event", "Club evening"), ("Round", "3")]);
    assert_eq!(
        game.steps[0].comment.last().map(String::as_str),
        Some("The attackers try three openings.")
    );
    assert_eq!(
        game.steps[1].comment,
        ["The attackers open towards the corner."]
    );
    let labels: Vec<&str> = game.branches.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["1a.1", "1a.1.1a.1", "1a.2", "3b.1"]);
    let last = &game.branches[3];
    let comments: Vec<&[String]> = (last.steps[0]..last.steps[1])
        .map(|n| &game.steps[n].comment[..])
        .collect();
    assert_eq!(
        comments,
        [
            &["A slower way to the same corner.".to_owned()][..],
            &[],
            &[]
        ]
    );
}

#[test]
fn a_record_packed_game_by_game_is_packed_as_its_whole_page() {
    // `hirp html` packs each game as it is replayed and drops its boards;
    // the page must be the one packed whole from the page model.
    let mut records: Vec<(String, Vec<u8>)> =
        common::files_under(&common::root().join("fixtures"), "hirp")
            .into_iter()
            .map(|path| {
                let bytes = std::fs::read(&path).expect("a fixture");
                (path.display().to_string(), bytes)
            })
            .collect();
    records.push((
        "many.hirp".to_owned(),
        common::generated(3, 12).into_bytes(),
    ));
    for (name, bytes) in &records {
        let whole = page::pack(&hirp::hirp::page::page(name, bytes));
        assert_eq!(hirp::hirp::page::packed(name, bytes), whole, "{name}");
    }
    let tafl = common::root().join("fixtures/tafl");
    let mut tafl_records = 0;
    // OpenTafl's 300 games are long: one in ten of them is enough here.
    let oracle = tafl.join("opentafl-oracle");
    let otg = common::files_under(&tafl, "otg");
    let (theirs, ours): (Vec<_>, Vec<_>) = otg.into_iter().partition(|p| p.starts_with(&oracle));
    for path in ours.into_iter().chain(theirs.into_iter().step_by(10)) {
        let (name, bytes) = (path.display().to_string(), std::fs::read(&path).unwrap());
        let form = hirp::tafl::syntax::Form::Otg;
        let whole = page::pack(&hirp::tafl::page::page(&name, &bytes, form, None));
        assert_eq!(
            hirp::tafl::page::packed(&name, &bytes, form, None),
            whole,
            "{name}"
        );
        tafl_records += 1;
    }
    let archive = tafl.join("archives/brandubh.csv");
    let bytes = std::fs::read(&archive).unwrap();
    let rules = hirp::tafl::rules::RuleSet::preset("brandubh-online");
    let form = hirp::tafl::syntax::Form::Csv;
    let whole = page::pack(&hirp::tafl::page::page(
        "a.csv",
        &bytes,
        form,
        rules.as_ref(),
    ));
    let packed = hirp::tafl::page::packed("a.csv", &bytes, form, rules.as_ref());
    assert!(packed.games.len() > 100, "{}", packed.games.len());
    assert_eq!(packed, whole);
    assert!(
        records.len() > 100 && tafl_records > 20,
        "{} {tafl_records}",
        records.len()
    );
}

#[test]
fn the_page_written_game_by_game_is_the_page_made_whole() {
    // `hirp html` writes each game as soon as it is made; the page must be,
    // byte for byte, the one written from the whole page model.
    let many = std::env::temp_dir().join(format!("hirp-html-many-{}.hirp", std::process::id()));
    std::fs::write(&many, common::generated(5, 6)).unwrap();
    let many = many.display().to_string();
    let brandub = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
    let archive = "fixtures/tafl/archives/brandubh.csv";
    let cases: [(&str, Option<&str>, hirp::page::Page); 3] = [
        (
            &many,
            None,
            hirp::hirp::page::page(&many, &std::fs::read(&many).unwrap()),
        ),
        (brandub, None, {
            let bytes = std::fs::read(brandub).unwrap();
            hirp::tafl::page::page(brandub, &bytes, hirp::tafl::syntax::Form::Otg, None)
        }),
        (archive, Some("brandubh-online"), {
            let bytes = std::fs::read(archive).unwrap();
            let rules = hirp::tafl::rules::RuleSet::preset("brandubh-online").unwrap();
            hirp::tafl::page::page(archive, &bytes, hirp::tafl::syntax::Form::Csv, Some(&rules))
        }),
    ];
    for (path, rules, whole) in cases {
        let mut command = hirp();
        command.args(["html", path]);
        if let Some(rules) = rules {
            command.args(["--rules", rules]);
        }
        let output = command.output().unwrap();
        assert!(output.status.code().is_some_and(|c| c < 2), "{path}");
        assert!(
            output.stdout == page::html::html(&whole).as_bytes(),
            "{path}: the page written differs from the page made whole"
        );
    }
    std::fs::remove_file(&many).unwrap();
}

#[test]
fn a_page_past_its_turns_is_refused_and_nothing_is_written() {
    // 51 games of 10,000 turns (a game's most): over the 500,000 a page
    // shows. The record is counted, not replayed, before anything is written.
    let turns: String = (1..=5_000)
        .map(|n| format!("G{n} KeHeiHei /\nS{n} He7He8HeHe /\n"))
        .collect();
    let record = format!("[Event \"long\"]\n{turns}\n").repeat(51);
    let out = std::env::temp_dir().join(format!("hirp-html-cap-{}.html", std::process::id()));
    std::fs::write(&out, "kept").unwrap();
    let output = hirp()
        .args(["html", "-", "-o"])
        .arg(&out)
        .write_stdin(record)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: standard input has 510000 turns, and a page shows at most 500000: \
         split the record, or replay it with `hirp replay`\n"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept");
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn a_page_goes_through_a_link_and_into_what_is_no_file() {
    // Written whole under a temporary name and renamed, a page must still
    // go where a link points, and into a device, never replace them.
    let dir = std::env::temp_dir().join(format!("hirp-html-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (target, link) = (dir.join("page.html"), dir.join("link.html"));
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let output = hirp().args(["html", "-o"]).arg(&link).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    let output = hirp().args(["html", "-o", "/dev/null"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}
