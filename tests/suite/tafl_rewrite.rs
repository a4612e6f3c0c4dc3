//! `hirp fmt` and `hirp fix` on tafl records: the canonical form, which
//! reads back as the same games; fixes applied until none is left; and
//! directories walked for game files.

use crate::common;

use std::path::{Path, PathBuf};

use common::{fixture, hirp, relative, root};
use hirp::tafl::replay::ProblemKind;
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, Ply, Record, SyntaxErrorKind, parse};
use proptest::prelude::*;

/// Every file with one of `extensions` under the fixture folder `dir`, in
/// path order.
fn files(dir: &str, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root().join(dir)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder exists") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|e| extensions.iter().any(|x| e == *x))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A fresh, empty folder of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-tafl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Runs `hirp` with `args` (and `stdin`): status, standard output, standard
/// error.
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = hirp();
    cmd.args(args);
    if let Some(stdin) = stdin {
        cmd.write_stdin(stdin);
    }
    let out = cmd.output().expect("hirp runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What a record says of its games, spans left out: each game's plies as
/// written canonically, and its tags with their values on one line.
fn games(record: &Record) -> Vec<(Vec<String>, Vec<String>)> {
    let plies = |plies: &mut dyn Iterator<Item = &Ply>| plies.map(|p| p.to_string()).collect();
    match record {
        Record::Otg(record) | Record::Ron(record) => record
            .games
            .iter()
            .map(|game| {
                let mut tags: Vec<String> = game
                    .tags
                    .iter()
                    .map(|t| {
                        let value = t.value.split_whitespace().collect::<Vec<_>>().join(" ");
                        format!("{}:{value}", t.name)
                    })
                    .collect();
                tags.sort();
                (tags, plies(&mut game.main_line()))
            })
            .collect(),
        Record::Csv(record) => record
            .games
            .iter()
            .map(|game| (Vec::new(), plies(&mut game.plies.iter())))
            .collect(),
    }
}

/// The hand-made tafl fixtures and the archives are in canonical form.
#[test]
fn well_formed_fixtures_are_canonical() {
    let mut paths = files("fixtures/tafl/valid", &["otg", "csv"]);
    paths.extend(files("fixtures/tafl/archives", &["csv"]));
    assert!(paths.len() > 20, "{paths:?}");
    for path in paths {
        let shown = relative(&path);
        let (status, out, err) = run(&["fmt", "--check", &shown], None);
        assert_eq!(status, 0, "{shown}: {err}");
        assert_eq!(out, "", "{shown}");
        let (_, canonical, _) = run(&["fmt", &shown], None);
        assert_eq!(canonical, fixture(&shown), "{shown}");
    }
}

/// Game files in the shape OpenTafl saves them (the rules tag before
/// others, a value over two lines) are not canonical; their canonical form
/// reads back with the same games and none of the warnings of layout the
/// canonical form settles (a `name:` in the rules is still one, and a
/// value of several paragraphs, kept a blank line apart, still runs over
/// lines), and is canonical.
#[test]
fn opentafl_files_read_back_the_same_from_their_canonical_form() {
    let paths = files("fixtures/tafl/opentafl", &["otg"]);
    assert!(paths.len() >= 4, "{paths:?}");
    for path in paths {
        let shown = relative(&path);
        let (status, canonical, err) = run(&["fmt", &shown], None);
        assert_eq!(status, 0, "{shown}: {err}");
        let again = parse(&canonical, Form::Otg);
        let settled = [
            SyntaxErrorKind::MultilineTagValue,
            SyntaxErrorKind::RulesNotLast,
            SyntaxErrorKind::CaptureSeparator,
            SyntaxErrorKind::TrailingSeparator,
        ];
        // The tags whose value the canonical form keeps over several
        // lines: those of several paragraphs.
        let paragraphs: Vec<_> = again
            .record
            .as_otg()
            .into_iter()
            .flat_map(|r| &r.games)
            .flat_map(|g| &g.tags)
            .filter(|t| t.paragraphs().len() > 1)
            .map(|t| t.span)
            .collect();
        for error in &again.errors {
            let kept = error.kind == SyntaxErrorKind::UnlistedRulesEntry
                || (error.kind == SyntaxErrorKind::MultilineTagValue
                    && paragraphs.iter().any(|t| t.start == error.span.start));
            assert!(kept, "{shown}: {error:?}");
        }
        let original = parse(&fixture(&shown), Form::Otg);
        assert!(
            original.errors.iter().any(|e| settled.contains(&e.kind)),
            "{shown} is written as OpenTafl writes it"
        );
        assert_eq!(games(&again.record), games(&original.record), "{shown}");
        let (status, twice, _) = run(&["fmt", "--rules", "brandub", "-"], Some(&canonical));
        assert_eq!((status, twice.as_str()), (0, canonical.as_str()), "{shown}");
    }
}

/// A game file written loosely (a tag over two lines, the rules tag before
/// another, `\r\n` line ends, extra blanks and blank lines, a trailing
/// capture separator) is printed canonical, with the warnings its reading
/// gives; the canonical form is canonical, warns of nothing and holds the
/// same game.
#[test]
fn a_loose_game_file_is_printed_canonical() {
    let path = "fixtures/tafl/fmt/messy.otg";
    let (status, out, err) = run(&["fmt", path], None);
    assert_eq!(status, 0, "{err}");
    insta::assert_snapshot!("fmt_messy_otg", out);
    insta::assert_snapshot!("fmt_messy_otg_warnings", err);
    // The notes on the letter of the notation that OpenTafl's own files do
    // not follow, only with --pedantic.
    let (status, pedantic_out, pedantic) = run(&["fmt", "--pedantic", path], None);
    assert_eq!((status, pedantic_out.as_str()), (0, out.as_str()));
    for code in ["multiline_tag_value", "rules_not_last"] {
        let code = format!("hirp::tafl::syntax::{code}");
        assert!(!err.contains(&code), "{err}");
        assert!(pedantic.contains(&code), "{pedantic}");
    }
    assert!(pedantic.ends_with(&err), "{pedantic}");
    let (status, _, err) = run(&["fmt", "--check", path], None);
    assert_eq!(status, 1);
    assert!(
        err.ends_with("messy.otg: not in canonical form: line 1 `[event:Club` is written `[event:Club evening]`\n"),
        "{err}"
    );
    let again = parse(&out, Form::Otg);
    assert_eq!(again.errors, []);
    let original = parse(&fixture(path), Form::Otg);
    assert_eq!(games(&again.record), games(&original.record));
    let (status, twice, _) = run(&["fmt", "--rules", "brandub", "-"], Some(&out));
    assert_eq!(status, 0);
    assert_eq!(twice, out);
}

/// A tag's value over several lines is written one paragraph a line, a
/// blank line kept between two paragraphs, as OpenTafl's start-comments
/// have them; written so, it is canonical.
#[test]
fn fmt_keeps_the_paragraphs_of_a_tags_value() {
    let record = "[start-comment:The first paragraph,\r\n  still the first.\n\n\n\
                  The second.  \n]\n\
                  [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-c2 d3-c3\n";
    let (status, out, err) = run(&["fmt", "-"], Some(record));
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        out,
        "[start-comment:The first paragraph, still the first.\n\nThe second.]\n\
         [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-c2 d3-c3\n"
    );
    let (status, _, err) = run(&["fmt", "--check", "-"], Some(&out));
    assert_eq!(status, 0, "{err}");
}

/// `--write` rewrites a tafl file in canonical form; `--check` then passes.
#[test]
fn fmt_write_rewrites_a_tafl_file() {
    let dir = scratch("fmt-write");
    let path = dir.join("game.otg");
    std::fs::copy(root().join("fixtures/tafl/fmt/messy.otg"), &path).expect("copied");
    let shown = path.to_string_lossy().into_owned();
    let (status, out, err) = run(&["fmt", "--write", &shown], None);
    assert_eq!((status, out.as_str()), (0, ""), "{err}");
    let (_, canonical, _) = run(&["fmt", "fixtures/tafl/fmt/messy.otg"], None);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), canonical);
    assert_eq!(run(&["fmt", "--check", &shown], None).0, 0);
}

/// Standard input is a tafl record when its first line reads as one (an
/// archive when it is a line of plies and counts), with `--rules` or
/// without; a line that reads as neither family's is HIRP's, unless
/// `--rules` is given.
#[test]
fn standard_input_is_tafl_when_its_first_line_is() {
    let line = "d2-e2 e4-e1 e2-d2xd3 timeout,1,0,White\n";
    let (status, out, err) = run(&["fmt", "--rules", "brandub", "-"], Some(line));
    assert_eq!((status, out.as_str()), (0, line), "{err}");
    let (status, out, err) = run(&["fmt", "-"], Some(line));
    assert_eq!((status, out.as_str()), (0, line), "{err}");
    let prose = "A game of tafl, d2-e2\n";
    let (status, out, err) = run(&["fmt", "-"], Some(prose));
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.contains("hirp::syntax::"), "{err}");
}

/// A tafl record with a syntax error is not formatted: the error is
/// reported and the status is 1.
#[test]
fn a_tafl_record_with_a_syntax_error_is_not_formatted() {
    let path = "fixtures/tafl/syntax/err_expected_square.otg";
    let (status, out, err) = run(&["fmt", path], None);
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.contains("hirp::tafl::syntax::expected_square"), "{err}");
}

/// `hirp fix` on every invalid tafl fixture under its folder's preset:
/// what it changes (a diff) and what is left, as a user sees it; and the
/// corrected record, validated, has exactly the errors `fix` says are left.
#[test]
fn fix_corrects_every_invalid_fixture_it_can() {
    let mut shown = String::new();
    for path in files("fixtures/tafl/invalid", &["otg", "csv"]) {
        let name = relative(&path);
        let folder = path
            .parent()
            .and_then(Path::file_name)
            .and_then(|n| n.to_str());
        // A pedantic code's fixture is fixed with --pedantic.
        let pedantic = ProblemKind::PEDANTIC.iter().any(|kind| {
            let stem = format!("err_{}", kind.code().replace("::", "_"));
            name.contains(&stem)
        });
        let mut args = vec!["fix", name.as_str()];
        if pedantic {
            args.push("--pedantic");
        }
        if let Some(preset) = folder.filter(|f| *f != "tag") {
            args.extend(["--rules", preset]);
        }
        let (status, corrected, err) = run(&args, None);
        if name.ends_with("err_rules_missing.csv") {
            // An archive without `--rules` is refused, not half fixed.
            assert_eq!((status, corrected.as_str()), (2, ""), "{name}");
            assert!(
                err.contains("which names no rule set: give --rules"),
                "{err}"
            );
            continue;
        }
        let left: usize = err
            .rsplit("; ")
            .next()
            .and_then(|tail| tail.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: {err}"));
        assert_eq!(status, i32::from(left > 0), "{name}: {err}");
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("otg");
        let form = Form::from_extension(extension).expect("a tafl form");
        let parsed = parse(&corrected, form);
        let rules = args
            .last()
            .and_then(|p| RuleSet::preset(p))
            .filter(|_| args.len() >= 4);
        let replays =
            hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, rules.as_ref());
        let errors: usize = replays.iter().map(|r| r.count(hirp::Severity::Error)).sum();
        assert_eq!(errors, left, "{name}\n{corrected}");
        args.insert(1, "--diff");
        let (_, diff, err) = run(&args, None);
        let note = err.lines().last().unwrap_or_default();
        shown.push_str(&format!("== {}\n{diff}{note}\n\n", args[1..].join(" ")));
    }
    insta::assert_snapshot!("fix_invalid_tafl_fixtures", shown);
}

/// Directories are walked for game files (`*.otg`, with `*.hirp`), not for
/// archives, which are read when named.
#[test]
fn directories_are_walked_for_game_files() {
    let (status, out, err) = run(
        &[
            "validate",
            "-q",
            "--format",
            "json",
            "fixtures/tafl/valid/brandub",
        ],
        None,
    );
    assert_eq!(status, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let paths: Vec<&str> = json["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(|f| f["path"].as_str())
        .collect();
    let expected: Vec<String> = files("fixtures/tafl/valid/brandub", &["otg"])
        .iter()
        .map(|p| relative(p))
        .collect();
    assert_eq!(paths, expected);
    let dir = scratch("walk");
    std::fs::write(dir.join("games.csv"), "d2-e2,0,0,Ongoing\n").expect("written");
    let shown = dir.to_string_lossy().into_owned();
    let (status, _, err) = run(&["validate", &shown], None);
    assert_eq!(status, 1);
    assert!(err.contains("holds no *.hirp or *.otg file"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Generated games of every preset are canonical as written.
    #[test]
    fn generated_games_are_canonical(seed in any::<u64>()) {
        for preset in RuleSet::PRESETS {
            let rules = RuleSet::preset(preset).expect("the preset");
            let mut rng = hirp::core::Rng::new(seed);
            let text = hirp::tafl::generate::game(&rules, &mut rng, 60);
            let parsed = parse(&text, Form::Otg);
            let game = &parsed.record.as_otg().expect("a game file").games[0];
            prop_assert_eq!(game.canonical(), text);
        }
    }
}

/// Two tafl records compared move by move: a move changed into one the
/// rules refuse and mend, a move left out, what the rules make of each.
#[test]
fn diff_compares_tafl_records_move_by_move() {
    let a = "fixtures/tafl/opentafl/copenhagen-resigned.otg";
    let dir = std::env::temp_dir().join(format!("hirp-tafl-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let b = dir.join("b.otg");
    let text = std::fs::read_to_string(a)
        .unwrap()
        .replace("5. k8-i8 e3-e2", "5. k8-i7 e3-e2")
        .replace("12. f10-h10 e4-d4", "12. f10-h10");
    std::fs::write(&b, text).unwrap();
    let b = b.to_str().unwrap();
    let (status, out, _) = run(&["diff", a, b], None);
    assert_eq!(status, 1);
    let out = out.replace(b, "b.otg");
    assert!(
        out.contains("differ in 2 places, the first in 5a:"),
        "{out}"
    );
    insta::assert_snapshot!(out);
    // The same record on standard input, and against itself.
    let (status, out, _) = run(
        &["diff", "-", a],
        Some(&std::fs::read_to_string(a).unwrap()),
    );
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!("standard input and {a} describe the same game\n")
    );
}

#[test]
fn diff_compares_archives_under_their_rules() {
    let dir = std::env::temp_dir().join(format!("hirp-tafl-diff-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = "d2-e2 c4-c5 f4-f5 d4-c4 e2-d2xd3,0,1,Ongoing\nb4-b3 c4-c5 d6-c6,0,0,Ongoing\n";
    let b = "d2-e2 c4-c5 f4-f5 d4-c4 e2-d2,0,1,Ongoing\nb4-b3 c4-c6 d6-c6,0,0,Ongoing\n";
    let (pa, pb) = (dir.join("a.csv"), dir.join("b.csv"));
    std::fs::write(&pa, a).unwrap();
    std::fs::write(&pb, b).unwrap();
    let (pa, pb) = (pa.to_str().unwrap(), pb.to_str().unwrap());
    let (status, out, _) = run(&["diff", "--rules", "brandubh-online", pa, pb], None);
    assert_eq!(status, 1);
    insta::assert_snapshot!(out.replace(pa, "a.csv").replace(pb, "b.csv"));
    // With no rule set, nothing is said of the rules.
    let (status, out, _) = run(&["diff", pa, pb], None);
    assert_eq!(status, 1);
    assert!(
        out.contains("not checked: no rule set (give --rules)"),
        "{out}"
    );
    assert!(!out.contains("legal"), "{out}");
}

/// A HIRP record and a tafl one are not two records of one game (status 2).
#[test]
fn diff_refuses_records_of_two_families() {
    let a = "fixtures/tafl/valid/brandub/resigned.otg";
    let b = "fixtures/rulebook/en.hirp";
    let (status, out, err) = run(&["diff", a, b], None);
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: hirp diff compares two records of one game: {b} is a HIRP record, {a} a tafl record\n"
        )
    );
}

/// Each family's record with a syntax error is compared as it reads: the
/// error is reported on standard error, and the exit status says whether
/// the games differ, whatever the family.
#[test]
fn diff_reports_syntax_errors_and_answers_whether_the_games_differ() {
    let dir = std::env::temp_dir().join(format!("hirp-diff-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = [
        (
            "a.hirp",
            "G1 KeHeiHei /\nS1 He7He8He /\nx\n",
            "hirp::syntax::",
        ),
        (
            "a.otg",
            "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. f4-f7 e4-e7xf7\n2. z9-z9\n",
            "hirp::tafl::syntax::",
        ),
    ];
    for (name, text, code) in records {
        let (a, b) = (dir.join(name), dir.join(format!("b-{name}")));
        std::fs::write(&a, text).unwrap();
        std::fs::write(&b, text).unwrap();
        let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
        let (status, out, err) = run(&["diff", a, b], None);
        assert_eq!(status, 0, "{name}: {out}{err}");
        assert!(out.ends_with("describe the same game\n"), "{name}: {out}");
        assert_eq!(err.matches(code).count(), 2, "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
