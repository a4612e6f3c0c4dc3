//! The archives of games played online (`fixtures/tafl/archives/`),
//! replayed under the presets they were played under: every move legal,
//! every capture list the computed one, every result the recorded one; and
//! each game changed at one move (a capture dropped, an empty square
//! captured, a move through a piece, a piece of the wrong side moved)
//! found wrong at that move and never before it.

use crate::common;

use common::hirp;
use hirp::Severity;
use hirp::tafl::replay::{Replay, replay_record};
use hirp::tafl::rules::{Move, Position, RuleSet};
use hirp::tafl::syntax::{CsvGame, Form, Ply, ResultLabel, parse};
use hirp::tafl::{Side, Square};

const ARCHIVES: [(&str, &str); 2] = [
    ("fixtures/tafl/archives/brandubh.csv", "brandubh-online"),
    ("fixtures/tafl/archives/copenhagen.csv", "copenhagen"),
];

fn read(path: &str) -> String {
    std::fs::read_to_string(path).expect("the archive")
}

/// The archive's games and their replays under `preset`.
fn replayed(text: &str, preset: &str) -> (Vec<CsvGame>, Vec<Replay>) {
    let parsed = parse(text, Form::Csv);
    let rules = RuleSet::preset(preset).expect("the preset");
    let replays = replay_record(&parsed.record, &parsed.errors, Some(&rules));
    let games = parsed.record.as_csv().expect("an archive").games.clone();
    (games, replays)
}

#[test]
fn every_archived_game_replays_to_its_recorded_result() {
    for (path, preset) in ARCHIVES {
        let text = read(path);
        let (games, replays) = replayed(&text, preset);
        assert_eq!(games.len(), replays.len());
        for (n, (game, replay)) in games.iter().zip(&replays).enumerate() {
            let errors: Vec<_> = replay
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{path}, game {}: {errors:?}", n + 1);
            let winner = replay.outcome.and_then(|o| o.winner);
            match game.result {
                Some(ResultLabel::Black) => assert_eq!(winner, Some(Side::Attackers)),
                Some(ResultLabel::White) => assert_eq!(winner, Some(Side::Defenders)),
                Some(ResultLabel::Draw) => {
                    assert!(replay.outcome.is_some() && winner.is_none())
                }
                Some(ResultLabel::Ongoing) => assert_eq!(replay.outcome, None),
                // `timeout,0,0,`: the side to move, the attackers, lost on time.
                None => {
                    let timeout = replay.outcome.map(|o| o.end);
                    assert_eq!(timeout, Some(hirp::tafl::rules::End::Timeout));
                }
            }
        }
    }
}

#[test]
fn the_archives_in_json_are_one_game_a_line_in_order() {
    let (path, preset) = ARCHIVES[1];
    let out = hirp()
        .args(["validate", "--rules", preset, path, "--format", "json"])
        .output()
        .expect("hirp runs");
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let games = report["files"][0]["games"].as_array().expect("games");
    let text = read(path);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(games.len(), lines.len());
    for (n, game) in games.iter().enumerate() {
        assert_eq!(game["valid"], true);
        let moves = lines[n].split(',').next().unwrap_or_default();
        // Turns as OpenTafl numbers them: two moves a turn.
        let count = moves.split_whitespace().filter(|t| *t != "timeout").count();
        assert_eq!(game["turns"], count.div_ceil(2), "line {}", n + 1);
    }
}

/// A change of one move of a game: the ply changed and its new text.
struct Mutation {
    ply: usize,
    text: String,
}

/// The four mutations of one game, where the game lends itself to each.
fn mutations(game: &CsvGame, replay: &Replay) -> Vec<(&'static str, Mutation)> {
    let positions = replay.positions();
    let moves: Vec<(usize, &hirp::tafl::syntax::WrittenMove)> = game
        .plies
        .iter()
        .enumerate()
        .filter_map(|(n, p)| p.as_move().map(|m| (n, m)))
        .collect();
    let mut found = Vec::new();
    let written = |m: &hirp::tafl::syntax::WrittenMove| format!("{}-{}", m.from, m.to);
    if let Some((n, m)) = moves.iter().find(|(_, m)| !m.captures.is_empty()) {
        found.push((
            "a capture dropped",
            Mutation {
                ply: *n,
                text: written(m),
            },
        ));
    }
    let middle = moves.len() / 2;
    if let Some(&(n, m)) = moves.get(middle) {
        let after = &positions[middle + 1];
        let empty = (0..positions[0].rules().dim)
            .flat_map(|f| (0..positions[0].rules().dim).filter_map(move |r| Square::new(f, r)))
            .find(|&s| after.piece_at(s).is_none() && s != m.from);
        if let Some(empty) = empty {
            let mut text = game.plies[n].archive().to_string();
            text.push_str(&format!("x{empty}"));
            found.push(("an empty square captured", Mutation { ply: n, text }));
        }
        let before = &positions[middle];
        if let Some(mv) = through_a_piece(before) {
            found.push((
                "a move through a piece",
                Mutation {
                    ply: n,
                    text: mv.to_string(),
                },
            ));
        }
        let mut other = before.clone();
        other.pass();
        if let Some(mv) = other.legal_moves().first() {
            found.push((
                "a piece of the wrong side",
                Mutation {
                    ply: n,
                    text: mv.to_string(),
                },
            ));
        }
    }
    found
}

/// A move of the side to move over the piece next to one of its pieces.
fn through_a_piece(position: &Position) -> Option<Move> {
    let dim = i32::from(position.rules().dim);
    let at = |f: i32, r: i32| {
        { (0..dim).contains(&f) && (0..dim).contains(&r) }
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    };
    for from in position.pieces(position.turn()).iter() {
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
            let (Some(next), Some(beyond)) = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr))
            else {
                continue;
            };
            if position.piece_at(next).is_some() && position.piece_at(beyond).is_none() {
                return Some(Move { from, to: beyond });
            }
        }
    }
    None
}

#[test]
fn a_game_changed_at_one_move_is_wrong_there_and_never_before() {
    let mut tried: std::collections::BTreeMap<&str, usize> = Default::default();
    for (path, preset) in ARCHIVES {
        let text = read(path);
        let rules = RuleSet::preset(preset).expect("the preset");
        let (games, replays) = replayed(&text, preset);
        for (game, replay) in games.iter().zip(&replays).step_by(3) {
            if game.plies.iter().any(|p| matches!(p, Ply::Malformed(_))) {
                continue;
            }
            let line = &text[game.span.start..game.span.end];
            for (kind, mutation) in mutations(game, replay) {
                let span = game.plies[mutation.ply].span();
                let (start, end) = (span.start - game.span.start, span.end - game.span.start);
                let changed = format!("{}{}{}\n", &line[..start], mutation.text, &line[end..]);
                let parsed = parse(&changed, Form::Csv);
                let replays = replay_record(&parsed.record, &parsed.errors, Some(&rules));
                let first = replays[0]
                    .problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .min_by_key(|p| p.span.start);
                let first = first.unwrap_or_else(|| panic!("{kind} not found: {changed}"));
                assert!(
                    (start..start + mutation.text.len()).contains(&first.span.start),
                    "{kind}: the first error is {} at {}, the change at {start}: {changed}",
                    first.code,
                    first.span.start
                );
                *tried.entry(kind).or_default() += 1;
            }
        }
    }
    assert_eq!(tried.len(), 4, "{tried:?}");
    assert!(tried.values().all(|&n| n > 300), "{tried:?}");
}

#[test]
fn generated_games_of_the_online_presets_validate() {
    for preset in ["brandubh-online", "copenhagen"] {
        let out = hirp()
            .args(["gen", "--rules", preset, "--games", "20", "--seed", "5"])
            .output()
            .expect("hirp runs");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let parsed = parse(&text, Form::Otg);
        let replays = replay_record(&parsed.record, &parsed.errors, None);
        assert_eq!(replays.len(), 20);
        for replay in replays {
            assert!(
                replay.problems.is_empty(),
                "{preset}: {:?}",
                replay.problems
            );
        }
    }
}

/// `hirp gen` writes Berserk's jumps `^` and berserk moves `=` on their
/// turn's line, and its games replay with no problem.
#[test]
fn generated_berserk_games_validate_with_their_jumps_and_berserk_moves() {
    let out = hirp()
        // A seed whose games hold a jump that is a berserk move, `^=`.
        .args(["gen", "--rules", "berserk", "--games", "20", "--seed", "3"])
        .output()
        .expect("hirp runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let parsed = parse(&text, Form::Otg);
    let replays = replay_record(&parsed.record, &parsed.errors, None);
    assert_eq!(replays.len(), 20);
    let mut addresses = Vec::new();
    for replay in replays {
        assert!(replay.problems.is_empty(), "{:?}", replay.problems);
        addresses.extend(replay.steps.iter().map(|s| s.address.to_string()));
    }
    assert!(text.contains('^') && text.contains("^="), "{text}");
    // A berserk turn's moves run on past `b` on their line.
    assert!(addresses.iter().any(|a| a.ends_with('c')), "{addresses:?}");
}

/// What OpenTafl writes against the letter of its own notation, which
/// `--pedantic` reports: tags after the rules tag, a tag value over
/// several lines, and (as its writer never marks an end) a last move
/// without `++` or `--`.
const RULES_NOT_LAST: &str = "hirp::tafl::syntax::rules_not_last";
const MULTILINE: &str = "hirp::tafl::syntax::multiline_tag_value";
const UNMARKED: &str = "hirp::tafl::end::unmarked";

#[test]
fn game_files_in_the_shape_opentafl_saves_replay_under_their_rules_strings() {
    let shaped = [RULES_NOT_LAST, MULTILINE];
    let files = [
        (
            "brandub-strong-centre-king.otg",
            "attackers",
            "king-captured",
            &shaped[..],
        ),
        (
            "brandub-club-annotated.otg",
            "defenders",
            "king-escaped",
            &[RULES_NOT_LAST, MULTILINE, UNMARKED][..],
        ),
        ("copenhagen-resigned.otg", "defenders", "resigned", &shaped),
        ("copenhagen-timeout.otg", "attackers", "timeout", &shaped),
        (
            "fetlar-defenders-first.otg",
            "defenders",
            "king-escaped",
            &shaped,
        ),
        (
            "tablut-edge-escape.otg",
            "defenders",
            "king-escaped",
            &shaped,
        ),
    ];
    for (name, winner, victory, pedantic_codes) in files {
        let path = format!("fixtures/tafl/opentafl/{name}");
        // None of it is a problem (its `name:` entry and a list of squares
        // ending in `,` are read quietly); with --pedantic, it is advice,
        // never a warning.
        for (pedantic, codes) in [(false, &[][..]), (true, pedantic_codes)] {
            let mut args = vec!["validate", &path, "--format", "json"];
            if pedantic {
                args.push("--pedantic");
            }
            let out = hirp().args(&args).output().expect("hirp runs");
            assert!(out.status.success(), "{name}");
            let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
            let game = &report["files"][0]["games"][0];
            assert_eq!(game["result"]["winner"], winner, "{name}");
            assert_eq!(game["result"]["victory"], victory, "{name}");
            let diagnostics = game["diagnostics"].as_array().expect("diagnostics");
            let found: Vec<(&str, &str)> = diagnostics
                .iter()
                .filter_map(|d| Some((d["code"].as_str()?, d["severity"].as_str()?)))
                .collect();
            let expected: Vec<(&str, &str)> = codes.iter().map(|c| (*c, "advice")).collect();
            assert_eq!(found, expected, "{name}, --pedantic {pedantic}");
        }
    }
}

/// Every command that reports problems is as quiet on a file in the shape
/// OpenTafl saves as `validate`: no note on the letter of the notation
/// without `--pedantic`, the notes with it; `fix` writes no `--` unless
/// asked.
#[test]
fn opentafl_s_own_shape_is_reported_only_with_pedantic_by_every_command() {
    let path = "fixtures/tafl/opentafl/brandub-club-annotated.otg";
    let codes = [RULES_NOT_LAST, MULTILINE];
    let run = |args: &[&str]| {
        let out = hirp().args(args).output().expect("hirp runs");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        (
            out.status.code(),
            String::from_utf8(out.stdout).expect("UTF-8"),
            err,
        )
    };
    for command in [
        &["replay", "--color", "never", path][..],
        &["json", path],
        &["fix", path],
        &["fmt", "--check", path],
    ] {
        let (_, _, quiet) = run(command);
        assert!(!quiet.contains("hirp::"), "{command:?}: {quiet}");
        let (_, _, pedantic) = run(&[command, &["--pedantic"]].concat());
        for code in codes {
            assert!(
                pedantic.contains(code),
                "{command:?} --pedantic: {pedantic}"
            );
        }
    }
    let (status, fixed, note) = run(&["fix", path]);
    assert_eq!(status, Some(0));
    assert_eq!(fixed, std::fs::read_to_string(path).expect("the fixture"));
    assert!(
        note.ends_with(": 0 problems fixed; 0 errors left\n"),
        "{note}"
    );
    // Advice, it is applied only when asked for.
    let (_, fixed, _) = run(&["fix", "--pedantic", path]);
    assert!(fixed.contains("14. b5-b3 Kd7-a7 \n"), "{fixed}");
    let (_, fixed, _) = run(&["fix", "--pedantic", "--advice", path]);
    assert!(fixed.contains("14. b5-b3 Kd7-a7-- \n"), "{fixed}");
}

/// An archive on standard input is judged as the same file named: with no
/// rule set given, `validate` and `fix` refuse it in one line that says
/// so, and exit with 2; with one, they say the same of it.
#[test]
fn an_archive_on_standard_input_is_judged_as_the_file() {
    for (path, preset) in ARCHIVES {
        let bytes = std::fs::read(path).unwrap();
        for command in ["validate", "fix"] {
            for rules in [None, Some(preset)] {
                let run = |input: &str| {
                    let mut cmd = hirp();
                    cmd.arg(command);
                    if let Some(rules) = rules {
                        cmd.args(["--rules", rules]);
                    }
                    let output = cmd.arg(input).write_stdin(bytes.clone()).output().unwrap();
                    let stderr = String::from_utf8(output.stderr).unwrap();
                    let stderr = stderr.replace(path, "standard input");
                    let stdout = String::from_utf8(output.stdout).unwrap();
                    (output.status.code(), stdout.replace(path, "-"), stderr)
                };
                let (named, read) = (run(path), run("-"));
                let said = format!("{command} {rules:?} {path}");
                assert_eq!(read.0, named.0, "{said}: {}", read.2);
                if rules.is_none() {
                    assert_eq!(read.0, Some(2), "{said}");
                    assert_eq!(read.2, named.2, "{said}");
                    assert_eq!(read.2.lines().count(), 1, "{said}: {}", read.2);
                    assert!(read.2.contains("names no rule set"), "{}", read.2);
                }
            }
        }
    }
}
