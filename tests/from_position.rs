//! Positions given on the command line: `hirp gen --from POSITION` draws
//! games that start there, for both families (HIRP's position line; with
//! `--rules`, a tafl position record and the side to move). A position
//! that does not read is said where, with a status of 2, and never panics.

mod common;

use common::hirp;
use hirp::core::CheckOptions;
use hirp::core::family::{Draw, Family, NoDraw};
use hirp::hirp::family::Hirp;
use hirp::tafl::family::Tafl;
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, parse};
use proptest::prelude::*;

/// A HIRP position mid-game, and a tafl one (Brandub's, the defenders to
/// move after a few moves).
const HIRP_LINE: &str = "LH2/K2/-/-/-/-/-/-/h/lk1/-/x1D silfr 7";
const BRANDUB_LINE: &str = "/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/ defenders 12";

/// What `hirp` prints on standard output and standard error, and its exit
/// status.
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = hirp().args(args).output().expect("hirp runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
        output.status.code(),
    )
}

/// The problems `family` finds in each game of `text`, under `rules`: none
/// for a record of valid games.
fn problems<F: Family>(family: F, text: &str, rules: &F::Options) -> Vec<String> {
    let mut found = Vec::new();
    let mut games = 0;
    family
        .check(text.as_bytes(), rules, CheckOptions::default(), |game| {
            games += usize::from(game.in_game);
            found.extend(game.verdict.problems.iter().map(|p| {
                let at = p.turn.clone().unwrap_or_default();
                format!("game {}: {} at {at}: {}", game.number, p.code, p.message)
            }));
            true
        })
        .expect("reading from memory");
    assert!(games > 0, "no game in\n{text}");
    found
}

mod generate {
    use super::*;

    #[test]
    fn hirp_games_from_a_position_are_tagged_with_it_and_go_on_from_its_turn() {
        let (out, err, status) = run(&["gen", "--from", HIRP_LINE, "--games", "3", "--seed", "4"]);
        assert_eq!(status, Some(0), "{err}");
        let parsed = hirp::hirp::parse(&out);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        assert_eq!(parsed.record.games.len(), 3);
        for game in &parsed.record.games {
            assert_eq!(game.tags[0].name, "Position");
            assert_eq!(game.tags[0].value, HIRP_LINE);
            assert_eq!(game.turns[0].label.to_string(), "S7");
        }
        // What the library draws, byte for byte.
        let options = hirp::hirp::generate::Options {
            seed: 4,
            games: 3,
            max_turns: 200,
        };
        let start = hirp::hirp::position::read(HIRP_LINE).unwrap();
        let drawn: Vec<String> = hirp::hirp::generate::games_from(options, start)
            .map(|g| g.to_string())
            .collect();
        assert_eq!(out, drawn.join("\n"));
    }

    #[test]
    fn tafl_games_from_a_position_start_their_rules_there_and_validate() {
        let (out, err, status) = run(&[
            "gen",
            "--rules",
            "brandub",
            "--from",
            BRANDUB_LINE,
            "--games",
            "20",
            "--seed",
            "9",
        ]);
        assert_eq!(status, Some(0), "{err}");
        let games: Vec<&str> = out.split("\n\n[").collect();
        assert_eq!(games.len(), 20);
        for game in &games {
            let rules = game.lines().find(|l| l.contains("rules:")).unwrap();
            assert!(rules.contains(" atkf:n "), "{rules}");
            assert!(
                rules.ends_with(" start:/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/]"),
                "{rules}"
            );
        }
        assert_eq!(problems(Tafl(Form::Otg), &out, &None), Vec::<String>::new());
        // `hirp validate` says so too.
        let output = hirp()
            .args(["validate", "-"])
            .write_stdin(out)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
    }

    #[test]
    fn a_position_that_does_not_read_is_shown_where() {
        let cases: [&[&str]; 6] = [
            &["gen", "--from", "L/-/-/-/-/-/-/-/-/l/Q/- gull 1"],
            &["gen", "--from", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"],
            &[
                "gen",
                "--from",
                "L/-/-/-/-/-/-/-/-/-/-/T gull 9 gull-drepid",
            ],
            &[
                "gen",
                "--rules",
                "brandub",
                "--from",
                "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/ white",
            ],
            &["gen", "--rules", "copenhagen", "--from", BRANDUB_LINE],
            &[
                "gen",
                "--rules",
                "tablut",
                "--from",
                "/4t4/4t4/4T4/tt1TKT1tt/4T4/4t4/4t4/9/9/ attackers 0",
            ],
        ];
        let mut seen = String::new();
        for args in cases {
            let (out, err, status) = run(args);
            assert_eq!(status, Some(2), "{args:?}: {err}");
            assert!(out.is_empty(), "{args:?}: {out}");
            seen.push_str(&format!("$ hirp {}\n{err}\n", args.join(" ")));
        }
        insta::assert_snapshot!(seen);
    }

    #[test]
    fn no_file_is_written_when_the_position_does_not_read() {
        let path = std::env::temp_dir().join(format!("hirp-from-{}.hirp", std::process::id()));
        let output = hirp()
            .args(["gen", "--from", "nonsense", "-o"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(!path.exists(), "{}", path.display());
    }

    #[test]
    fn help_teaches_from_with_examples() {
        let (out, _, status) = run(&["gen", "--help"]);
        assert_eq!(status, Some(0));
        assert!(out.contains("--from <POSITION>"), "{out}");
        assert!(
            out.contains("hirp gen --from 'LH2/K2/-/-/-/-/-/-/-/l/-/- silfr 7'"),
            "{out}"
        );
        assert!(
            out.contains("hirp gen --rules brandub --from '/3t3/"),
            "{out}"
        );
    }
}

/// Three games of at most 80 moves, from `from`.
fn draw(from: Option<&str>, seed: u64) -> Draw<'_> {
    Draw {
        seed,
        games: 3,
        max_turns: 80,
        from,
    }
}

/// Tafl games drawn from positions taken mid-game from games of several
/// variants validate with no problem under their own rules tag.
#[test]
fn tafl_games_from_positions_mid_game_validate() {
    let mut checked = 0;
    for name in [
        "brandub",
        "copenhagen",
        "tablut",
        "berserk",
        "sea-battle",
        "magpie",
    ] {
        let rules = RuleSet::preset(name).unwrap_or_else(|| panic!("{name}"));
        let options = Some(rules.clone());

        let family = Tafl(Form::Otg);
        let whole: String = family.generate(&options, draw(None, 5)).unwrap().collect();
        let parsed = parse(&whole, Form::Otg);
        let replay = &hirp::tafl::replay::replay_record(&parsed.record, &parsed.errors, None)[0];
        for (n, position) in replay.positions().iter().enumerate().step_by(9) {
            if position.berserker().is_some() || position.outcome().is_some() {
                continue;
            }
            let line = format!(
                "{} {} {}",
                position.to_opentafl(),
                position.turn(),
                n / 2 + 1
            );
            let games: Vec<String> = family
                .generate(&options, draw(Some(&line), n as u64))
                .unwrap()
                .collect();
            for game in &games {
                let found = problems(family, game, &None);
                assert!(found.is_empty(), "{name} from {line}: {found:?}\n{game}");
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked} games checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever the text given as a position, each family draws games from
    /// it or says why not, without a panic.
    #[test]
    fn no_position_text_panics(text in "[-/ 0-9a-zA-Z]{0,40}|[LHKlhkXxDdT0-9/-]{20,30} (gull|silfr) [0-9]{1,3}") {
        let brandub = Some(RuleSet::preset("brandub").unwrap());
        let draw = Draw { seed: 1, games: 1, max_turns: 8, from: Some(&text) };
        match Hirp.generate(&(), draw) {
            Ok(games) => prop_assert_eq!(games.count(), 1),
            Err(NoDraw::Position(bad)) => prop_assert!(bad.span.end <= text.len() && !bad.message.is_empty()),
            Err(NoDraw::NoRules) => prop_assert!(false, "HIRP needs no rules"),
        }
        match Tafl(Form::Otg).generate(&brandub, draw) {
            Ok(games) => prop_assert_eq!(games.count(), 1),
            Err(NoDraw::Position(bad)) => prop_assert!(bad.span.end <= text.len() && !bad.message.is_empty()),
            Err(NoDraw::NoRules) => prop_assert!(false, "the rules are given"),
        }
    }
}
