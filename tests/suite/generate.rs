//! Random games: deterministic per seed, and always valid.

use crate::common;

use hirp::hirp::generate::{Options, record};
use hirp::hirp::replay::replay_record;
use proptest::prelude::*;

#[test]
fn the_same_seed_gives_the_same_games() {
    let options = Options {
        seed: 42,
        games: 3,
        max_turns: 40,
    };
    assert_eq!(record(options).to_string(), record(options).to_string());
    let other = Options {
        seed: 43,
        ..options
    };
    assert_ne!(record(options).to_string(), record(other).to_string());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every generated game replays with no problem at all, and its Result
    /// tag says what the replay finds.
    #[test]
    fn generated_games_validate(seed in any::<u64>()) {
        let text = record(Options { seed, games: 3, max_turns: 80 }).to_string();
        let parsed = hirp::hirp::parse(&text);
        prop_assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let report = replay_record(&parsed.record, &parsed.errors);
        for (game, played) in parsed.record.games.iter().zip(&report.games) {
            let problems: Vec<String> = played
                .problems
                .iter()
                .map(|p| format!("{} {} [{}] at {}", p.code, p.message, p.label, p.turn.clone().unwrap_or_default()))
                .collect();
            prop_assert!(problems.is_empty(), "seed {seed}: {problems:?}\n{game}");
            // `[Result "Silfr Drepid 10"]`, or `*` with no result.
            let expected = match played.result {
                None => "*".to_owned(),
                Some(v) => format!("{} {} {}", v.winner.name(), v.kind.tag_name(), v.points()),
            };
            prop_assert_eq!(game.tag("Result"), Some(expected.as_str()));
        }
    }
}

mod cli {
    use super::common::hirp;

    fn generated(args: &[&str]) -> String {
        let output = hirp().arg("gen").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn gen_writes_what_the_library_draws() {
        let text = generated(&["--seed", "7", "--games", "3", "--max-turns", "30"]);
        let options = hirp::hirp::generate::Options {
            seed: 7,
            games: 3,
            max_turns: 30,
        };
        assert_eq!(text, hirp::hirp::generate::record(options).to_string());
        assert_eq!(hirp::hirp::parse(&text).record.games.len(), 3);
    }

    #[test]
    fn gen_output_validates_with_no_problem() {
        let text = generated(&["--seed", "11", "--games", "20"]);
        let output = hirp()
            .args(["validate", "-"])
            .write_stdin(text)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{stdout}");
        let row = |name: &str| {
            stdout
                .lines()
                .find_map(|l| l.strip_prefix(name)?.split_whitespace().next())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(row("games"), "20", "{stdout}");
        assert_eq!(row("errors"), "0", "{stdout}");
    }

    #[test]
    fn gen_writes_a_file_with_o() {
        let path = std::env::temp_dir().join(format!("hirp-gen-{}.hirp", std::process::id()));
        let output = hirp()
            .args(["gen", "--seed", "3", "--games", "2", "-o"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stdout.is_empty());
        let written = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(written, generated(&["--seed", "3", "--games", "2"]));
    }

    /// The cap counts turns as `hirp validate` does, in both families: a
    /// tafl turn is a numbered one, both sides' moves.
    #[test]
    fn the_turn_cap_counts_turns_as_validate_does() {
        for rules in [None, Some("brandub"), Some("berserk")] {
            let mut args = vec!["--seed", "5", "--games", "4", "--max-turns", "6"];
            args.extend(rules.iter().flat_map(|r| ["--rules", *r]));
            let text = generated(&args);
            let output = hirp()
                .args(["validate", "--format", "json", "-"])
                .args(rules.iter().flat_map(|r| ["--rules", *r]))
                .write_stdin(text)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(0), "{output:?}");
            let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let games = report["files"][0]["games"].as_array().unwrap();
            assert_eq!(games.len(), 4, "{rules:?}: {report}");
            for game in games {
                // A game the rules did not end stops at six turns; none is
                // longer.
                let turns = game["turns"].as_u64().unwrap();
                match game["result"].is_null() {
                    true => assert_eq!(turns, 6, "{rules:?}: {game}"),
                    false => assert!(turns <= 6, "{rules:?}: {game}"),
                }
            }
        }
    }

    #[test]
    fn gen_names_a_file_it_cannot_write() {
        let output = hirp()
            .args(["gen", "-o", "no/such/dir/x.hirp"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("cannot write no/such/dir/x.hirp: no such file or directory"),
            "{stderr}"
        );
    }

    #[test]
    fn gen_snapshot() {
        insta::assert_snapshot!(generated(&[
            "--seed",
            "2026",
            "--games",
            "2",
            "--max-turns",
            "12"
        ]));
    }
}

/// Games drawn from a position between two turns instead of the start.
mod from_a_position {
    use hirp::hirp::generate::{Options, games, games_from};
    use hirp::hirp::position;
    use hirp::hirp::replay::{Observer, replay_game, replay_game_with};
    use hirp::hirp::rules::Position;
    use hirp::hirp::syntax::{Game, Label, Turn};
    use proptest::prelude::*;

    /// The positions between the turns of a game, after each.
    struct Between(Vec<Position>);

    impl Observer for Between {
        fn turn(&mut self, _: &Turn, _: usize, position: &Position) {
            self.0.push(*position);
        }
    }

    /// `game` as written, read back.
    fn reread(game: &Game) -> Game {
        let parsed = hirp::hirp::parse(&game.to_string());
        assert!(parsed.errors.is_empty(), "{:?}\n{game}", parsed.errors);
        parsed.record.games.into_iter().next().expect("a game")
    }

    #[test]
    fn from_the_start_they_are_the_games_of_the_start_tagged_with_its_line() {
        for seed in 0..16 {
            let options = Options {
                seed,
                games: 3,
                max_turns: 60,
            };
            let from = games_from(options, Position::new());
            for (plain, mut tagged) in games(options).zip(from) {
                let tag = tagged.tags.remove(0);
                assert_eq!(
                    (tag.name.as_str(), tag.value.as_str()),
                    ("Position", "L/-/-/-/-/-/-/-/-/l/-/- gull 1")
                );
                assert_eq!(plain.to_string(), tagged.to_string(), "seed {seed}");
            }
        }
    }

    #[test]
    fn the_first_turn_is_the_one_the_position_has_to_play() {
        let line = "LH3/K2/H/-/-/-/-/-/h2/lk1/-/x1 silfr 7";
        let start = position::read(line).unwrap();
        let options = Options {
            seed: 5,
            games: 4,
            max_turns: 6,
        };
        for game in games_from(options, start) {
            assert_eq!(game.tags[0].name, "Position");
            assert_eq!(game.tags[0].value, line);
            let labels: Vec<String> = game.turns.iter().map(|t| t.label.to_string()).collect();
            let expected: Vec<String> = (13..13 + labels.len())
                .map(|n| Label::of_turn(n).to_string())
                .collect();
            assert_eq!(labels, expected, "{game}");
            assert_eq!(labels.first().map(String::as_str), Some("S7"), "{game}");
        }
    }

    #[test]
    fn a_position_that_is_over_gives_games_of_no_turn_and_its_result() {
        let start = position::read("L/-/-/-/-/-/-/-/-/-/-/T gull 9 gull-drepid").unwrap();
        let options = Options {
            seed: 1,
            games: 2,
            max_turns: 10,
        };
        for game in games_from(options, start) {
            assert!(game.turns.is_empty());
            assert_eq!(game.tag("Result"), Some("Gull Drepid 15"));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// A game drawn from a position between the turns of another,
        /// read from its line, goes on as the rules allow: the other's
        /// turns up to there, then the turns drawn, replay with no
        /// problem to the result the drawn game's tag says; and the game
        /// drawn alone, from its `[Position]` tag, replays to the same
        /// result and the same last position.
        #[test]
        fn a_game_from_a_position_goes_on_as_the_rules_allow(seed in any::<u64>(), at in 0usize..100) {
            let options = Options { seed, games: 1, max_turns: 120 };
            let whole = reread(&games(options).next().unwrap());
            let mut between = Between(vec![Position::new()]);
            replay_game_with(&whole, &[], &mut between);
            let positions = between.0;
            let k = at % positions.len();
            let line = position::write(&positions[k]);
            let start = position::read(&line).unwrap();
            let drawn_options = Options { seed: seed ^ 1, games: 2, max_turns: 40 };
            for drawn in games_from(drawn_options, start) {
                prop_assert_eq!(drawn.tag("Position"), Some(line.as_str()));
                let mut turns = whole.turns[..k].to_vec();
                turns.extend(drawn.turns.iter().cloned());
                let joined = reread(&Game { tags: Vec::new(), turns, ..whole.clone() });
                let report = replay_game(&joined, &[]);
                let problems: Vec<String> = report
                    .problems
                    .iter()
                    .map(|p| format!("{} {} at {}", p.code, p.message, p.turn.clone().unwrap_or_default()))
                    .collect();
                prop_assert!(problems.is_empty(), "seed {seed}, from {line}: {problems:?}\n{joined}");
                let expected = report.result.map_or_else(
                    || "*".to_owned(),
                    |v| format!("{} {} {}", v.winner.name(), v.kind.tag_name(), v.points()),
                );
                prop_assert_eq!(drawn.tag("Result"), Some(expected.as_str()), "from {}", line);
                // Alone, started from its `[Position]` tag, the game drawn
                // replays as it does after the turns before it.
                let alone = replay_game(&reread(&drawn), &[]);
                prop_assert!(alone.problems.is_empty(), "from {line}: {:?}\n{drawn}", alone.problems);
                prop_assert_eq!(alone.result, report.result, "from {}", line);
                prop_assert_eq!(position::write(&alone.position), position::write(&report.position), "from {}", line);
            }
        }

        /// From any position a line sets up, however unlikely (both sides
        /// on a space, no Lofdungr, every Karve at sea), games are drawn
        /// without a panic, and start from it.
        #[test]
        fn any_position_a_line_reads_gives_games(
            fields in proptest::collection::vec(
                proptest::sample::select(vec!["-", "-", "-", "-", "-", "-", "H", "H3", "K0", "K2", "L", "h", "h2", "k1", "l", "Hh", "LK4", "H2k0", "K1K3"]),
                11,
            ),
            off in proptest::sample::select(vec!["-", "X2", "x1D", "t", "X14x3T"]),
            silfr in any::<bool>(),
            round in 1u32..40,
            seed in any::<u64>(),
        ) {
            let side = if silfr { "silfr" } else { "gull" };
            let line = format!("{}/{off} {side} {round}", fields.join("/"));
            let Ok(start) = position::read(&line) else {
                return Ok(());
            };
            let options = Options { seed, games: 2, max_turns: 12 };
            // The line as written (a space's Karves the most Hirths
            // aboard first).
            let written = position::write(&start);
            for game in games_from(options, start) {
                prop_assert_eq!(game.tag("Position"), Some(written.as_str()));
                if let Some(first) = game.turns.first() {
                    let turn = usize::try_from(start.turns()).unwrap();
                    prop_assert_eq!(first.label.to_string(), Label::of_turn(turn).to_string());
                }
            }
        }
    }
}
