//! Random games: deterministic per seed, and always valid.

use hirp::generate::{Options, record};
use hirp::replay::replay_record;
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
        let parsed = hirp::parse(&text);
        prop_assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let report = replay_record(&parsed.record, &parsed.errors);
        for (game, played) in parsed.record.games.iter().zip(&report.games) {
            let problems: Vec<String> = played
                .problems
                .iter()
                .map(|p| format!("{} {} [{}] at {}", p.code, p.message, p.label, p.turn.clone().unwrap_or_default()))
                .collect();
            prop_assert!(problems.is_empty(), "seed {seed}: {problems:?}\n{game}");
            let expected = hirp::generate::result_value(played.result);
            prop_assert_eq!(game.tag("Result"), Some(expected.as_str()));
        }
    }
}
