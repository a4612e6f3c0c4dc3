//! Repairs: every command shows the same one for a mistake, and a repair
//! shown is one the replay plays.

use crate::common;

use common::hirp;
use hirp::json::report::Validation;

/// Every fixture, by its path from the crate root.
fn fixtures() -> Vec<String> {
    let mut found = Vec::new();
    let mut dirs = vec![common::root().join("fixtures")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "hirp") {
                found.push(common::relative(&path));
            }
        }
    }
    found.sort();
    assert!(found.len() > 100, "{} fixtures", found.len());
    found
}

/// The rendered diagnostics of syntax errors in a command's standard error.
fn syntax_diagnostics(stderr: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(stderr);
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("hirp::") || !line.starts_with([' ', '\t']) && !line.is_empty() {
            found.extend(current.take());
            if line.starts_with("hirp::syntax::") {
                current = Some(String::new());
            }
        }
        if let Some(block) = &mut current {
            block.push_str(line);
            block.push('\n');
        }
    }
    found.extend(current);
    found
}

fn stderr_of(args: &[&str]) -> Vec<u8> {
    hirp().args(args).output().unwrap().stderr
}

#[test]
fn every_command_shows_the_same_repair() {
    let mut compared = 0;
    for path in fixtures() {
        let validate = syntax_diagnostics(&stderr_of(&["validate", &path]));
        if validate.is_empty() {
            continue;
        }
        let fmt = syntax_diagnostics(&stderr_of(&["fmt", "--check", &path]));
        let json = syntax_diagnostics(&stderr_of(&["json", &path]));
        assert_eq!(fmt, validate, "fmt --check and validate on {path}");
        assert_eq!(json, validate, "json and validate on {path}");
        compared += validate.len();
    }
    assert!(compared > 40, "{compared} diagnostics compared");
}

/// The JSON report of `validate` on `text`.
fn validate(text: &str) -> Validation {
    let output = hirp()
        .args(["validate", "--format", "json", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Syntax errors whose repairs change the layout of a line and no move or
/// battle: a blank, quotes, a label's capital.
const LAYOUT: &[&str] = &[
    "hirp::syntax::lowercase_label",
    "hirp::syntax::missing_space",
    "hirp::syntax::space_in_steps",
    "hirp::syntax::space_in_battle",
    "hirp::syntax::unquoted_tag_value",
];

#[test]
fn a_repair_shown_is_one_the_replay_plays() {
    let mut checked = 0;
    for path in fixtures() {
        // A record that is not UTF-8 cannot be edited as text here.
        let Ok(text) = String::from_utf8(std::fs::read(common::root().join(&path)).unwrap()) else {
            continue;
        };
        let before = validate(&text);
        let games = before.files.iter().flat_map(|f| &f.games);
        let shown = games.flat_map(|g| &g.diagnostics);
        for diagnostic in shown.filter(|d| d.code.starts_with("hirp::syntax::")) {
            let Some(fix) = &diagnostic.fix else { continue };
            let repaired = format!(
                "{}{}{}",
                &text[..fix.offset],
                fix.replacement,
                &text[fix.offset + fix.length..]
            );
            let at = fix.offset..fix.offset + fix.replacement.len().max(1);
            let after = validate(&repaired);
            let games = after.files.iter().flat_map(|f| &f.games);
            // A repair of the layout changes no move: only the notation
            // judges it. One that changes a move or a battle is played.
            let layout = LAYOUT.contains(&diagnostic.code.as_str());
            let errors = games
                .flat_map(|g| &g.diagnostics)
                .filter(|d| d.severity == "error")
                .filter(|d| d.offset < at.end && at.start < d.offset + d.length.max(1))
                .filter(|d| !layout || d.code.starts_with("hirp::syntax::"))
                .filter(|d| d.code != "hirp::turn::step_count")
                .map(|d| format!("{} {}", d.code, d.label))
                .collect::<Vec<_>>();
            assert!(
                errors.is_empty(),
                "{path}: `{}` for {} leaves {errors:?}",
                fix.replacement,
                diagnostic.code
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked} repairs checked");
}

/// The errors a record's replay reports that overlap `at`, the record read
/// and replayed in this process.
fn errors_at(text: &str, at: std::ops::Range<usize>) -> Vec<String> {
    let parsed = hirp::hirp::parse(text);
    let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    report
        .games
        .iter()
        .flat_map(|g| &g.problems)
        .filter(|p| p.severity == hirp::Severity::Error)
        .filter(|p| p.span.start < at.end && at.start < p.span.end.max(p.span.start + 1))
        .filter(|p| p.kind() != Some(hirp::hirp::replay::ProblemKind::StepCount))
        .map(|p| format!("{} {}", p.code, p.label))
        .collect()
}

/// Mistakes of the notation, as a person makes them: the text of a turn
/// line with one of them, if the line has a place for it.
fn notation_mistake(line: &str, kind: usize) -> Option<String> {
    let (label, rest) = line.split_once(' ')?;
    let (steps, outcome) = rest.split_once(' ')?;
    let changed = match kind {
        // A piece letter in lower case.
        0 => {
            let n = steps.find(['H', 'K', 'L'])?;
            let lower = steps[n..n + 1].to_lowercase();
            format!("{}{lower}{}", &steps[..n], &steps[n + 1..])
        }
        // A `k` among a Karve's `h`s.
        1 => steps.replacen("Khh", "Kkh", 1),
        // Miðr written `M`.
        2 => steps.replacen('m', "M", 1),
        _ => return None,
    };
    (changed != steps).then(|| format!("{label} {changed} {outcome}"))
}

#[test]
fn repairs_of_notation_mistakes_in_generated_games_are_played() {
    let options = hirp::hirp::generate::Options {
        seed: 5,
        games: 40,
        max_turns: 60,
    };
    let original = hirp::hirp::generate::record(options).to_string();
    let lines: Vec<&str> = original.lines().collect();
    let (mut shown, mut restored, mut variants) = (0, 0, 0);
    for (n, line) in lines.iter().enumerate().step_by(3) {
        let Some(wrong) = notation_mistake(line, n / 3 % 3) else {
            continue;
        };
        variants += 1;
        let mut changed = lines.clone();
        changed[n] = &wrong;
        let text = changed.join("\n") + "\n";
        let parsed = hirp::hirp::parse(&text);
        let problems = hirp::hirp::replay::syntax_problems(&parsed.record, &parsed.errors);
        for fix in problems.iter().filter_map(|p| p.fix.as_ref()) {
            let repaired = hirp::core::Edit::apply_all(&text, std::slice::from_ref(fix));
            let at = fix.span.start..fix.span.start + fix.replacement.len().max(1);
            let errors = errors_at(&repaired, at);
            assert!(
                errors.is_empty(),
                "{wrong:?}: `{}` leaves {errors:?}",
                fix.replacement
            );
            shown += 1;
            restored += usize::from(repaired == original);
        }
    }
    println!("{variants} variants, {shown} repairs shown, {restored} restore the game");
    assert!(variants > 100, "{variants} variants");
    // Most mistakes have one repair, and it is what was written.
    assert!(
        shown > variants / 2,
        "{shown} repairs shown for {variants} variants"
    );
    assert!(
        restored > shown * 3 / 4,
        "{restored} of {shown} repairs restore the game"
    );
}

#[test]
fn a_token_is_repaired_whole_in_one_run() {
    let before = validate("G1 keheiHei /\n");
    let diagnostics = &before.files[0].games[0].diagnostics;
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].help.as_deref(), Some("write `KeHei`"));
    let output = hirp()
        .args(["fix", "-"])
        .write_stdin("G1 keheiHei /\n")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "G1 KeHeiHei /\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("-: 1 problem fixed; 0 errors left\n"),
        "{stderr}"
    );
}

#[test]
fn a_repair_the_rules_refuse_is_not_shown() {
    // The notation alone would read `Khkh97` as a Karve carrying three; the
    // Karve on 9 carries two.
    let text = common::fixture("fixtures/rulebook/fr.hirp");
    let validation = validate(&text);
    let crews: Vec<_> = validation.files[0].games[0]
        .diagnostics
        .iter()
        .filter(|d| d.code == "hirp::syntax::crew_letter")
        .map(|d| d.help.clone().unwrap_or_default())
        .collect();
    assert_eq!(
        crews,
        [
            "the Karve on 0 carries 3 Hirþs: write `Khhh03`",
            "the Karve on 9 carries 2 Hirþs: write `Khh97`",
            "the Karve on 7 carries 2 Hirþs: write `Khh7>3`",
        ]
    );
    // A step the notation repairs to one the rules refuse: no repair at all.
    let report = validate("G1 HvMmKeHeiHe /\n");
    let diagnostic = report.files[0].games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "hirp::syntax::expected_karve_space")
        .unwrap();
    assert_eq!((&diagnostic.help, &diagnostic.fix), (&None, &None));
}

#[test]
fn a_battle_record_repaired_is_one_the_rules_fight() {
    // The Polish edition's `/-6SK^GH6` is the battle the rules fight.
    let validation = validate(&common::fixture("fixtures/rulebook/pl.hirp"));
    let diagnostics = &validation.files[0].games[0].diagnostics;
    let slash = diagnostics
        .iter()
        .find(|d| d.code == "hirp::syntax::text_after_no_battle")
        .unwrap();
    assert_eq!(slash.help.as_deref(), Some("write `>6SK^GH6`"));
    // Given to the other side, the repair is not the battle fought.
    let wrong = "G1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\nS2 Ke6KeHi /\n\
                 G3 Hv3mHv3>6 /-6SK6GHx\n";
    let report = validate(wrong);
    let slash = report.files[0].games[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "hirp::syntax::text_after_no_battle")
        .unwrap();
    assert_eq!((&slash.help, &slash.fix), (&None, &None));
}
