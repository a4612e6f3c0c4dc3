//! Random games: deterministic per seed, and always valid.

mod common;

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
