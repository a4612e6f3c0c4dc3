//! Positions given on the command line: `hirp gen --from POSITION` draws
//! games that start there, `hirp board --position POSITION` draws one, for
//! both families (HIRP's position line; with `--rules`, a tafl position
//! record and the side to move). A position that does not read is said
//! where, with a status of 2, and never panics.

use crate::common;

use common::hirp;
use hirp::core::CheckOptions;
use hirp::core::family::{Draw, Family, NoBoard, NoDraw, Picture, RecordBytes};
use hirp::hirp::family::Hirp;
use hirp::hirp::rules::Position as HirpPosition;
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

/// The position at the end of each turn.
struct Ends(Vec<HirpPosition>);

impl hirp::hirp::replay::Observer for Ends {
    fn turn(&mut self, _: &hirp::hirp::syntax::Turn, _: usize, position: &HirpPosition) {
        self.0.push(*position);
    }
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
        // `hirp validate` replays each from its position, with no problem.
        let output = hirp()
            .args(["validate", "-"])
            .write_stdin(out)
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{report}");
        let errors = report.lines().find_map(|l| l.strip_prefix("errors"));
        assert_eq!(errors.map(str::trim), Some("0"), "{report}");
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

mod board {
    use super::*;

    #[test]
    fn a_hirp_position_as_text() {
        let (out, err, status) = run(&["board", "--position", HIRP_LINE]);
        assert_eq!(status, Some(0), "{err}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn a_hirp_position_of_a_game_that_is_over() {
        let line = "L/-/-/-/-/-/-/-/-/-/-/T gull 9 gull-drepid";
        let (out, err, status) = run(&["board", "--position", line]);
        assert_eq!(status, Some(0), "{err}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn a_tafl_position_as_text() {
        let (out, err, status) = run(&["board", "--rules", "brandub", "--position", BRANDUB_LINE]);
        assert_eq!(status, Some(0), "{err}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn a_tafl_position_with_no_side_has_the_rules_first_side_to_move() {
        let start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let (out, err, status) = run(&["board", "--rules", "brandub", "--position", start]);
        assert_eq!(status, Some(0), "{err}");
        assert!(out.starts_with("Attackers to move\n"), "{out}");
    }

    #[test]
    fn as_pictures_captioned_with_the_side_to_move() {
        for (args, caption) in [
            (&["--position", HIRP_LINE][..], "Silfr to play S7"),
            (
                &["--rules", "brandub", "--position", BRANDUB_LINE][..],
                "Defenders to move, move 12",
            ),
        ] {
            let (out, err, status) = run(&[&["board", "--svg", "-"][..], args].concat());
            assert_eq!(status, Some(0), "{err}");
            let svg = roxmltree::Document::parse(&out).expect("an SVG document");
            let title = svg.descendants().find(|n| n.has_tag_name("title")).unwrap();
            assert_eq!(title.text(), Some(caption));
        }
    }

    #[test]
    fn a_hirp_position_pictured_is_the_picture_of_the_turn_it_follows() {
        // Each position after a turn of a game, drawn from its line, is the
        // picture `hirp board --turn` draws of the record, its caption apart.
        let text = hirp::hirp::generate::record(hirp::hirp::generate::Options {
            seed: 21,
            games: 1,
            max_turns: 60,
        })
        .to_string();
        let parsed = hirp::hirp::parse(&text);
        let game = &parsed.record.games[0];
        let mut ends = Ends(Vec::new());
        hirp::hirp::replay::replay_game_with(game, &[], &mut ends);
        let record = RecordBytes {
            path: "game.hirp",
            bytes: text.as_bytes(),
        };
        for (n, position) in ends.0.iter().enumerate().step_by(7) {
            let label = game.turns[n].label.to_string();
            let line = hirp::hirp::position::write(position);
            let of_record = Hirp
                .board(record, &(), 1, Some(&label), Picture::Svg)
                .unwrap();
            let of_line = Hirp.position_board(&line, &(), Picture::Svg).unwrap();
            let caption = |svg: &str| {
                let doc = roxmltree::Document::parse(svg).unwrap();
                let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
                title.text().unwrap().to_owned()
            };
            let uncaptioned = |svg: &str| svg.replace(&caption(svg), "");
            assert_eq!(
                uncaptioned(&of_record),
                uncaptioned(&of_line),
                "after {label}: {line}"
            );
        }
    }

    #[test]
    fn a_position_that_does_not_read_is_shown_where() {
        let cases: [&[&str]; 4] = [
            &["board", "--position", "L/-/-/-/-/-/-/-/-/l/-/- white 1"],
            &["board", "--position", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"],
            &[
                "board",
                "--rules",
                "brandub",
                "--position",
                "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t2/",
            ],
            &[
                "board",
                "--rules",
                "brandub",
                "--position",
                "/K6/7/7/7/7/7/6K/",
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
    fn as_the_terminal_asks_narrow_or_in_colour() {
        let narrow = hirp()
            .args(["board", "--position", HIRP_LINE])
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        let text = String::from_utf8(narrow.stdout).unwrap();
        assert!(text.starts_with("Silfr to play S7\n"), "{text}");
        let widest = text.lines().map(|l| l.chars().count()).max();
        assert!(widest.is_some_and(|w| w <= 80), "{text}");
        for args in [
            &["--position", HIRP_LINE][..],
            &["--rules", "brandub", "--position", BRANDUB_LINE],
        ] {
            let (out, _, status) = run(&[&["board", "--color", "always"][..], args].concat());
            assert_eq!(status, Some(0));
            assert!(out.contains("\u{1b}["), "{out}");
        }
    }

    #[test]
    fn help_teaches_position_with_examples() {
        let (out, _, status) = run(&["board", "--help"]);
        assert_eq!(status, Some(0));
        assert!(out.contains("--position <POSITION>"), "{out}");
        assert!(out.contains("hirp board --position 'LH2/"), "{out}");
        assert!(
            out.contains("hirp board --rules brandub --position '/3t3/"),
            "{out}"
        );
    }

    #[test]
    fn a_position_is_no_record_turn_or_game() {
        for extra in [&["x.hirp"][..], &["--turn", "S3"], &["--game", "2"]] {
            let (_, err, status) = run(&[&["board", "--position", HIRP_LINE][..], extra].concat());
            assert_eq!(status, Some(2), "{extra:?}");
            assert!(err.contains("cannot be used with"), "{err}");
        }
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

/// Every HIRP game `hirp gen --from` writes validates with no problem, from
/// positions between the turns of random games (the start, and positions
/// mid-game up to the last before the end), tagged with them.
#[test]
fn hirp_games_from_positions_mid_game_validate() {
    let mut checked = 0;
    for seed in 0..6 {
        let text = hirp::hirp::generate::record(hirp::hirp::generate::Options {
            seed,
            games: 1,
            max_turns: 120,
        })
        .to_string();
        let parsed = hirp::hirp::parse(&text);
        let mut ends = Ends(vec![HirpPosition::new()]);
        hirp::hirp::replay::replay_game_with(&parsed.record.games[0], &[], &mut ends);
        for position in ends.0.iter().step_by(11) {
            if position.result().is_some() {
                continue;
            }
            let line = hirp::hirp::position::write(position);
            let games: Vec<String> = Hirp
                .generate(&(), draw(Some(&line), seed))
                .unwrap()
                .collect();
            let record = games.join("\n");
            let found = problems(Hirp, &record, &());
            assert!(found.is_empty(), "from {line}: {found:?}\n{record}");
            checked += games.len();
        }
    }
    assert!(checked > 30, "{checked} HIRP games checked");
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
    /// it or says why not, and draws it or says why not, without a panic.
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
        for picture in [Picture::Svg, Picture::Text { columns: Some(60), color: true }] {
            let drawn = [
                Hirp.position_board(&text, &(), picture),
                Tafl(Form::Otg).position_board(&text, &brandub, picture),
            ];
            for result in drawn {
                match result {
                    Ok(board) => prop_assert!(!board.is_empty()),
                    Err(NoBoard::Position(bad)) => prop_assert!(bad.span.end <= text.len()),
                    Err(other) => prop_assert!(false, "{other:?}"),
                }
            }
        }
    }
}
