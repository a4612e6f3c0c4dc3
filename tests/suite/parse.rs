//! Reading records: the rulebook's example in its editions, and one input per
//! kind of syntax error.

use crate::common;

use common::examples::expand;

use hirp::hirp::syntax::{BattleToken, StepToken, SyntaxErrorKind, parse};

/// The 1-based line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

#[test]
fn corrected_example_parses_with_no_diagnostic() {
    let text = common::fixture("fixtures/rulebook/corrected.hirp");
    let parsed = parse(&text);
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.record.games.len(), 1);
    let game = &parsed.record.games[0];
    assert_eq!(game.turns.len(), 10);
    let labels: Vec<String> = game.turns.iter().map(|t| t.label.to_string()).collect();
    assert_eq!(
        labels,
        ["G1", "S1", "G2", "S2", "G3", "S3", "G4", "S4", "G5", "S5"]
    );
    assert_eq!(parsed.record.to_string(), text, "the example is canonical");
}

#[test]
fn corrected_example_json() {
    let text = common::fixture("fixtures/rulebook/corrected.hirp");
    let parsed = parse(&text);
    let document = hirp::json::Document::from_iter([hirp::hirp::json::file(
        "fixtures/rulebook/corrected.hirp",
        &parsed.record,
    )
    .into()]);
    insta::assert_json_snapshot!(document);
}

/// The syntax errors of an edition: (line, column, code) of each, and the
/// rendered report as the user sees it.
fn edition_errors(edition: &str) -> (Vec<(usize, usize, String)>, String) {
    let path = format!("fixtures/rulebook/{edition}.hirp");
    let text = common::fixture(&path);
    let parsed = parse(&text);
    let places = parsed
        .errors
        .iter()
        .map(|e| {
            let (line, column) = line_column(&text, e.span.start);
            (line, column, e.kind.name().to_owned())
        })
        .collect();
    let output = common::hirp()
        .args(["fmt", "--check", &path])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    (places, String::from_utf8(output.stderr).unwrap())
}

/// Every turn of an edition is read, and every token but the faulty ones.
fn assert_rest_parses(edition: &str, malformed: &[&str]) {
    let text = common::fixture(&format!("fixtures/rulebook/{edition}.hirp"));
    let parsed = parse(&text);
    let game = &parsed.record.games[0];
    assert_eq!(game.turns.len(), 10, "every turn of {edition} is read");
    let mut found = Vec::new();
    for turn in &game.turns {
        for step in &turn.steps {
            if let StepToken::Malformed(m) = step {
                found.push(m.text.clone());
            }
        }
        for battle in &turn.outcome.battles {
            if let BattleToken::Malformed(m) = battle {
                found.push(m.text.clone());
            }
        }
    }
    assert_eq!(
        found, malformed,
        "only the faulty tokens of {edition} are unread"
    );
}

#[test]
fn english_edition_reports_khkh03() {
    let (places, report) = edition_errors("en");
    // `Khkh03` stands at column 10 of line 3; its `k` at column 12.
    assert_eq!(places, [(3, 12, "crew_letter".to_owned())]);
    assert_rest_parses("en", &["Khkh03"]);
    insta::assert_snapshot!(report);
}

#[test]
fn french_edition_reports_khkh03_khkh97_kkh73() {
    let (places, report) = edition_errors("fr");
    assert_eq!(
        places,
        [
            (3, 12, "crew_letter".to_owned()),
            (6, 13, "crew_letter".to_owned()),
            (8, 8, "crew_letter".to_owned()),
        ]
    );
    assert_rest_parses("fr", &["Khkh03", "Khkh97", "Kkh7>3"]);
    insta::assert_snapshot!(report);
}

#[test]
fn polish_edition_reports_slash_minus_6() {
    let (places, report) = edition_errors("pl");
    // `/-6SK^GH6` starts at column 14 of line 5.
    assert_eq!(places, [(5, 14, "text_after_no_battle".to_owned())]);
    assert_rest_parses("pl", &["/-6SK^GH6"]);
    insta::assert_snapshot!(report);
}

#[test]
fn invalid_syntax_fixtures_report_their_code() {
    insta::glob!("../../fixtures/invalid/syntax", "*.hirp", |path| {
        let relative = common::relative(path);
        let stem = path.file_stem().unwrap().to_string_lossy();
        let name = stem
            .strip_prefix("err_")
            .expect("failing inputs are named err_<code> or err_<code>_<n>");
        let code = match name.rsplit_once('_') {
            Some((code, n)) if n.chars().all(|c| c.is_ascii_digit()) => code,
            _ => name,
        };
        let output = common::hirp().args(["json", &relative]).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{relative} has errors");
        let report = String::from_utf8(output.stderr).unwrap();
        assert!(
            report.starts_with(&format!("hirp::syntax::{code}\n")),
            "{relative} reports hirp::hirp::syntax::{code} first:\n{report}"
        );
        insta::assert_snapshot!(report);
    });
}

#[test]
fn every_syntax_error_kind_has_a_fixture() {
    let dir = common::root().join("fixtures/invalid/syntax");
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for kind in SyntaxErrorKind::ALL {
        // Inputs beyond the size limits are too large to keep: their
        // documented examples stand for them.
        if matches!(
            kind,
            SyntaxErrorKind::LineTooLong
                | SyntaxErrorKind::GameTooLong
                | SyntaxErrorKind::TooManyErrors
                | SyntaxErrorKind::TooManyTurns
                | SyntaxErrorKind::TooManyGames
        ) {
            continue;
        }
        let name = format!("err_{}.hirp", kind.name());
        assert!(names.contains(&name), "{name} is missing");
    }
    assert!(names.len() >= 30);
}

#[test]
fn bom_crlf_and_tabs_are_accepted() {
    let text = "\u{feff}[Event \"x\"]\r\n\r\nG1\tKeHeiHei\t/\r\nS1 He7He8He /\rG2 L01HeiKhhh03 /";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    let game = &parsed.record.games[0];
    assert_eq!(game.turns.len(), 3);
    assert_eq!(
        parsed.record.to_string(),
        "[Event \"x\"]\n\nG1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\n"
    );
}

#[test]
fn games_split_at_tags_and_at_g1() {
    let text = "G1 KeHeiHei /\nS1 He7He8He /\n\nG1 KeHeiHei /\n[Event \"b\"]\nG1 He /\nS1 He /\n";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    let turns: Vec<usize> = parsed.record.games.iter().map(|g| g.turns.len()).collect();
    assert_eq!(turns, [2, 1, 2]);
    assert_eq!(parsed.record.games[2].tag("Event"), Some("b"));
}

#[test]
fn comments_attach_to_what_follows() {
    let text =
        "; opening\n[Event \"x\"] ; the cup\n\n{ round one }\nG1 KeHeiHei / ; quiet\n; the end\n";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    let game = &parsed.record.games[0];
    assert_eq!(game.tags[0].leading[0].text, " opening");
    assert_eq!(game.tags[0].trailing[0].text, " the cup");
    assert_eq!(game.turns[0].leading[0].text, " round one ");
    assert_eq!(game.turns[0].trailing[0].text, " quiet");
    assert_eq!(parsed.record.comments[0].text, " the end");
    assert_eq!(parsed.record.to_string(), text);
}

#[test]
fn nested_block_comments_and_multiline() {
    let text = "{ a { nested } comment\nover two lines }\nG1 KeHeiHei /\n";
    let parsed = parse(text);
    assert_eq!(parsed.errors, []);
    assert_eq!(
        parsed.record.games[0].turns[0].leading[0].text,
        " a { nested } comment\nover two lines "
    );
}

#[test]
fn one_run_reports_every_error() {
    let text = "G1 KeXeiHei /\nS1 He7He8He\nG2 L01HeiKhkh03 /\n#\nS2 Ke6KeHi /\n";
    let parsed = parse(text);
    let kinds: Vec<&str> = parsed.errors.iter().map(|e| e.kind.name()).collect();
    assert_eq!(
        kinds,
        [
            "expected_piece",
            "missing_outcome",
            "crew_letter",
            "unexpected_line"
        ]
    );
    assert_eq!(parsed.record.games[0].turns.len(), 4);
}

#[test]
fn written_steps_read_back() {
    for written in [
        "He", "He7", "He>1", "Hei", "Hi", "L01", "Khhh03", "Hv3", "Hv3m", "Hv3>6", "Hm>6", "Khe",
        "Ke6",
    ] {
        let step: hirp::hirp::syntax::WrittenStep = written.parse().unwrap();
        assert_eq!(step.to_string(), written);
    }
    for wrong in ["", "X", "Hq", "Lh01", "L0", "Hv", "Hm>", "He7x"] {
        assert!(
            wrong.parse::<hirp::hirp::syntax::WrittenStep>().is_err(),
            "{wrong}"
        );
    }
}

/// The example each syntax error kind's documentation ends with, as written.
fn documented_examples() -> Vec<(String, String)> {
    let source = common::fixture("src/hirp/syntax/error.rs");
    let body = &source[source.find("kinds! {").unwrap()..];
    let mut examples = Vec::new();
    let mut doc = String::new();
    for line in body.lines().map(str::trim) {
        if let Some(text) = line.strip_prefix("/// ") {
            doc.push_str(text);
            doc.push(' ');
        } else if let Some((_, rest)) = line.split_once(" = \"") {
            let name = rest[..rest.find('"').unwrap()].to_owned();
            let example = doc
                .rsplit('`')
                .nth(1)
                .expect("the doc ends with an example");
            examples.push((name, example.to_owned()));
            doc.clear();
        }
    }
    examples
}

#[test]
fn documented_examples_trigger_their_error() {
    let examples = documented_examples();
    assert_eq!(examples.len(), SyntaxErrorKind::ALL.len());
    for (name, example) in examples {
        let bytes = expand(&example);
        let (_, parsed) = hirp::hirp::parse_bytes(&bytes);
        // Too many errors come after a thousand others: the example's error
        // is the last, where any other's is the first.
        let shown = if name == SyntaxErrorKind::TooManyErrors.name() {
            parsed.errors.last()
        } else {
            parsed.errors.first()
        };
        assert_eq!(
            shown.map(|e| e.kind.name()),
            Some(name.as_str()),
            "{example}"
        );
    }
}

/// The codes table of `docs/codes.md` gives each message as the parser writes it,
/// limits included.
#[test]
fn the_codes_page_states_every_message() {
    let codes = common::fixture("docs/codes.md");
    for kind in SyntaxErrorKind::ALL {
        let start = format!("| `hirp::syntax::{}` |", kind.name());
        let row = codes
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("docs/codes.md lacks the row of {}", kind.name()));
        let end = format!(" | {} |", kind.message());
        assert!(
            row.ends_with(&end),
            "docs/codes.md: {row}\nshould end {end}"
        );
    }
}

#[test]
fn the_codes_page_lists_every_code_with_its_example() {
    let codes = common::fixture("docs/codes.md");
    for (name, example) in documented_examples() {
        let row = format!("| `hirp::syntax::{name}` | `{example}` |");
        assert!(codes.contains(&row), "docs/codes.md lacks the row {row}");
    }
}

#[test]
fn a_turns_label_follows_from_its_place_in_the_game() {
    let labels: Vec<String> = (0..5)
        .map(|n| hirp::hirp::syntax::Label::of_turn(n).to_string())
        .collect();
    assert_eq!(labels, ["G1", "S1", "G2", "S2", "G3"]);
    let written: hirp::hirp::syntax::Label = "G02".parse().unwrap();
    assert!(hirp::hirp::syntax::Label::of_turn(2).same_turn(&written));
    assert!(!hirp::hirp::syntax::Label::of_turn(3).same_turn(&written));
}

#[test]
fn an_offset_belongs_to_the_last_game_begun_before_it() {
    let text = "; before\n[Game \"1\"]\nG1 KeHeiHei /\n[Game \"2\"]\nG1 KeHeiHei /\n";
    let record = hirp::hirp::parse(text).record;
    let second = text.find("[Game \"2\"]").unwrap();
    assert_eq!(record.game_at(0), Some(0));
    assert_eq!(record.game_at(second - 1), Some(0));
    assert_eq!(record.game_at(second), Some(1));
    assert_eq!(record.game_at(text.len() + 10), Some(1));
    assert_eq!(
        hirp::hirp::parse("; only a comment\n").record.game_at(0),
        None
    );
}
