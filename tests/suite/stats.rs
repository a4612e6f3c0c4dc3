//! The statistics of a collection (`hirp::core::stats`): counts that agree
//! with a count of the games made here, ratings that agree with the rating
//! crate's own functions applied game by game, tallies of any split of the
//! games merged in any order that report what one tally of them all
//! reports, a tally's JSON read back, and the text and JSON of a small
//! collection.

use crate::schema;

use std::collections::HashMap;

use hirp::core::stats::{
    GameOrder, Outcome, RatingOptions, RecordedRating, Report, StatsGame, Tally, TallyError, render,
};
use proptest::prelude::*;
use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A game with its text owned, for the tests to make and keep.
#[derive(Clone, Debug)]
struct Game {
    players: [Option<String>; 2],
    family: usize,
    outcome: Outcome,
    ending: Option<String>,
    variant: Option<String>,
    moves: u64,
    rated: Option<bool>,
    ratings: [Option<RecordedRating>; 2],
    order: GameOrder,
}

/// The sides of the two families.
const SIDES: [[&str; 2]; 2] = [["attackers", "defenders"], ["gull", "silfr"]];

impl Game {
    /// The game as the statistics take it.
    fn stats(&self) -> StatsGame<'_> {
        StatsGame {
            players: [self.players[0].as_deref(), self.players[1].as_deref()],
            sides: SIDES[self.family],
            outcome: self.outcome,
            ending: self.ending.as_deref(),
            variant: self.variant.as_deref(),
            moves: self.moves,
            rated: self.rated,
            ratings: self.ratings,
            order: self.order,
        }
    }
}

/// The tally of `games`, counted in order.
fn tally(games: &[Game]) -> Tally {
    let mut tally = Tally::new();
    for game in games {
        tally.add(&game.stats());
    }
    tally
}

fn name() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        1 => Just(None),
        6 => prop::sample::select(vec!["Ragna", "Sigrid", "Ulf", "Åsa", "Bjørn", "ragna"])
            .prop_map(|n| Some(n.to_owned())),
    ]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop::sample::select(vec![
        Outcome::FirstWon,
        Outcome::SecondWon,
        Outcome::Draw,
        Outcome::Unfinished,
    ])
}

fn recorded() -> impl Strategy<Value = Option<RecordedRating>> {
    prop::option::of(
        (1000.0..2000.0f64, prop::option::of(30.0..350.0f64))
            .prop_map(|(rating, rd)| RecordedRating { rating, rd }),
    )
}

/// A game, whose place in the run is drawn from few, so that games share
/// places.
fn game() -> impl Strategy<Value = Game> {
    (
        [name(), name()],
        0..2usize,
        outcome(),
        prop::option::of(prop::sample::select(vec![
            "king-captured",
            "king-escaped",
            "resigned",
            "timeout",
        ])),
        prop::option::of(prop::sample::select(vec!["brandub", "copenhagen"])),
        0..60u64,
        prop::option::of(any::<bool>()),
        [recorded(), recorded()],
        (0..3u64, 0..8u64),
    )
        .prop_map(
            |(players, family, outcome, ending, variant, moves, rated, ratings, order)| Game {
                players,
                family,
                outcome,
                ending: ending.map(str::to_owned),
                variant: variant.map(str::to_owned),
                moves,
                rated,
                ratings,
                order: GameOrder::new(order.0, order.1),
            },
        )
}

/// Games, each at a place of its own, in the order of the list.
fn games_in_order() -> impl Strategy<Value = Vec<Game>> {
    prop::collection::vec(game(), 0..40).prop_map(|mut games| {
        for (n, game) in games.iter_mut().enumerate() {
            game.order = GameOrder::new(0, n as u64);
        }
        games
    })
}

/// Each game's part, of `parts`, and the order in which the parts are
/// merged.
fn split() -> impl Strategy<Value = (Vec<Game>, Vec<usize>, Vec<usize>, bool)> {
    (prop::collection::vec(game(), 0..40), 1..6usize).prop_flat_map(|(games, parts)| {
        let n = games.len();
        (
            Just(games),
            prop::collection::vec(0..parts, n),
            Just((0..parts).collect::<Vec<_>>()).prop_shuffle(),
            any::<bool>(),
        )
    })
}

/// The tally of the parts of `games`, merged in `order`, each read back
/// from its JSON if `through_json`.
fn merged(games: &[Game], part_of: &[usize], order: &[usize], through_json: bool) -> Tally {
    let mut parts = vec![Tally::new(); order.len()];
    for (game, &part) in games.iter().zip(part_of) {
        parts[part].add(&game.stats());
    }
    let mut whole = Tally::new();
    for &part in order {
        let mut part = std::mem::take(&mut parts[part]);
        if through_json {
            part = Tally::from_json(&serde_json::to_string(&part).unwrap()).unwrap();
        }
        whole.merge(part);
    }
    whole
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Tallies of any split of the games, merged in any order, report
    /// exactly what one tally of them all reports.
    #[test]
    fn parts_merged_report_what_one_tally_reports(
        (games, part_of, order, through_json) in split()
    ) {
        let options = RatingOptions::default();
        let one = tally(&games).report(&options);
        let parts = merged(&games, &part_of, &order, through_json).report(&options);
        prop_assert_eq!(&parts, &one);
        prop_assert_eq!(
            serde_json::to_string(&parts).unwrap(),
            serde_json::to_string(&one).unwrap()
        );
        prop_assert_eq!(render(&parts), render(&one));
    }

    /// Each player's counts, overall and by side, and each variant's, are
    /// those of a count of the games made here.
    #[test]
    fn counts_are_those_of_the_games((games, _, _, _) in split()) {
        let report = tally(&games).report(&RatingOptions::default());
        prop_assert_eq!(report.games, games.len() as u64);
        let expected = count_players(&games);
        let found: HashMap<(String, String), [u64; 5]> = report
            .players
            .iter()
            .flat_map(|p| {
                let total = ((p.name.clone(), String::new()), [p.games, p.wins, p.losses, p.draws, p.unfinished]);
                p.sides.iter().map(move |s| {
                    ((p.name.clone(), s.side.clone()), [s.games, s.wins, s.losses, s.draws, s.unfinished])
                }).chain(std::iter::once(total))
            })
            .collect();
        prop_assert_eq!(found, expected);
        for variant in &report.variants {
            let of = |g: &&Game| g.variant == variant.variant && SIDES[g.family][0] == variant.sides[0].side;
            let games: Vec<&Game> = games.iter().filter(of).collect();
            prop_assert_eq!(variant.games, games.len() as u64);
            let won = |side| games.iter().filter(|g| g.outcome.winner() == Some(side)).count() as u64;
            prop_assert_eq!([variant.sides[0].wins, variant.sides[1].wins], [won(0), won(1)]);
            let draws = games.iter().filter(|g| g.outcome == Outcome::Draw).count() as u64;
            prop_assert_eq!(variant.draws, draws);
            let mut lengths: Vec<u64> = games.iter().map(|g| g.moves).collect();
            lengths.sort();
            let n = lengths.len();
            prop_assert_eq!(variant.moves.min, lengths[0]);
            prop_assert_eq!(variant.moves.max, lengths[n - 1]);
            prop_assert_eq!(variant.moves.median, (lengths[(n - 1) / 2] + lengths[n / 2]) as f64 / 2.0);
            let mean = lengths.iter().sum::<u64>() as f64 / n as f64;
            prop_assert_eq!(variant.moves.mean, mean);
            let endings: u64 = variant.endings.iter().map(|e| e.games).sum();
            prop_assert_eq!(endings, games.iter().filter(|g| g.ending.is_some()).count() as u64);
        }
    }

    /// The computed ratings are the rating crate's, its functions applied
    /// to the games one by one in their order.
    #[test]
    fn ratings_are_the_crates_game_by_game(games in games_in_order(), count_unrated: bool) {
        let options = RatingOptions::new(24.0, 0.7, count_unrated).unwrap();
        let report = tally(&games).report(&options);
        let expected = rate(&games, 24.0, 0.7, count_unrated);
        for player in &report.players {
            match expected.get(&player.name) {
                Some((n, elo, glicko)) => {
                    prop_assert_eq!(player.rated_games, *n);
                    prop_assert_eq!(player.elo, Some(elo.rating));
                    let g = player.glicko2.unwrap();
                    prop_assert_eq!((g.rating, g.rd, g.volatility), (glicko.rating, glicko.deviation, glicko.volatility));
                }
                None => {
                    prop_assert_eq!(player.rated_games, 0);
                    prop_assert_eq!(player.elo, None);
                    prop_assert_eq!(player.glicko2, None);
                }
            }
        }
    }

    /// Each player's recorded rating is the one of their last game, by the
    /// games' order, that carries one (of a game in which they play both
    /// sides, the higher).
    #[test]
    fn the_recorded_rating_is_the_last_game_s(games in games_in_order()) {
        let report = tally(&games).report(&RatingOptions::default());
        for player in &report.players {
            let last = games.iter().rev().find_map(|g| {
                let mine = |side: usize| {
                    (g.players[side].as_deref() == Some(&player.name))
                        .then_some(g.ratings[side])
                        .flatten()
                };
                match (mine(0), mine(1)) {
                    (Some(a), Some(b)) => Some(if b.rating > a.rating { b } else { a }),
                    (a, b) => a.or(b),
                }
            });
            prop_assert_eq!(player.recorded, last);
        }
    }

    /// A tally read back from its JSON is the tally written.
    #[test]
    fn a_tally_reads_back_from_its_json((games, _, _, _) in split()) {
        let tally = tally(&games);
        let json = serde_json::to_string(&tally).unwrap();
        prop_assert_eq!(Tally::from_json(&json).unwrap(), tally);
    }

    /// No text given as a tally's JSON panics, whether it reads or not;
    /// what reads reports and renders.
    #[test]
    fn no_text_given_as_a_tally_panics(
        (games, _, _, _) in split(),
        at in any::<prop::sample::Index>(),
        with in prop::sample::select(vec!["", "0", "18446744073709551615", "-1", "null", "\"x\"", "[", "}", "1e400", "\"first-won\""]),
        cut in any::<prop::sample::Index>(),
    ) {
        let json = serde_json::to_string(&tally(&games)).unwrap();
        let mut edited = json.clone();
        let n = at.index(json.len() + 1);
        let m = (n + cut.index(4)).min(json.len());
        if json.is_char_boundary(n) && json.is_char_boundary(m) {
            edited.replace_range(n..m, with);
        }
        match Tally::from_json(&edited) {
            Ok(tally) => {
                let report = tally.report(&RatingOptions::default());
                let _ = render(&report);
            }
            Err(error) => prop_assert!(error.span().end <= edited.len()),
        }
    }
}

/// Each player's games, wins, losses, draws and unfinished games, by
/// (name, side) and by (name, "") for all sides: a game counts once for a
/// player of both its sides.
fn count_players(games: &[Game]) -> HashMap<(String, String), [u64; 5]> {
    let mut counts: HashMap<(String, String), [u64; 5]> = HashMap::new();
    let mut one = |name: &str, side: &str, column: usize| {
        let c = counts
            .entry((name.to_owned(), side.to_owned()))
            .or_default();
        c[column] += 1;
    };
    for game in games {
        let [first, second] = &game.players;
        let names: Vec<&String> = if first == second {
            first.iter().collect()
        } else {
            first.iter().chain(second).collect()
        };
        for name in names {
            one(name, "", 0);
            match game.outcome.winner() {
                Some(winner) => {
                    if game.players[winner].as_ref() == Some(name) {
                        one(name, "", 1);
                    }
                    if game.players[1 - winner].as_ref() == Some(name) {
                        one(name, "", 2);
                    }
                }
                None if game.outcome == Outcome::Draw => one(name, "", 3),
                None => one(name, "", 4),
            }
        }
        for (side, name) in game.players.iter().enumerate() {
            let Some(name) = name else {
                continue;
            };
            let column = match game.outcome {
                Outcome::Draw => 3,
                Outcome::Unfinished => 4,
                o if o.winner() == Some(side) => 1,
                _ => 2,
            };
            one(name, SIDES[game.family][side], 0);
            one(name, SIDES[game.family][side], column);
        }
    }
    counts
}

/// Each rated player's games rated and ratings, the crate's functions
/// applied to the games in the list's order.
fn rate(
    games: &[Game],
    k: f64,
    tau: f64,
    count_unrated: bool,
) -> HashMap<String, (u64, EloRating, Glicko2Rating)> {
    let mut ratings: HashMap<String, (u64, EloRating, Glicko2Rating)> = HashMap::new();
    let start = (0, EloRating { rating: 1500.0 }, Glicko2Rating::new());
    for game in games {
        let [Some(a), Some(b)] = &game.players else {
            continue;
        };
        let outcome = match game.outcome {
            Outcome::FirstWon => Outcomes::WIN,
            Outcome::SecondWon => Outcomes::LOSS,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Unfinished => continue,
        };
        if a == b || (!count_unrated && game.rated == Some(false)) {
            continue;
        }
        let x = *ratings.get(a).unwrap_or(&start);
        let y = *ratings.get(b).unwrap_or(&start);
        let (ex, ey) = elo(&x.1, &y.1, &outcome, &EloConfig { k });
        let config = Glicko2Config {
            tau,
            ..Glicko2Config::new()
        };
        let (gx, gy) = glicko2(&x.2, &y.2, &outcome, &config);
        ratings.insert(a.clone(), (x.0 + 1, ex, gx));
        ratings.insert(b.clone(), (y.0 + 1, ey, gy));
    }
    ratings
}

/// A small collection of both families: tafl games of two rule sets and of
/// none, HIRP games, a draw, an unfinished game, a game marked unrated, a
/// side with no player, a player on both sides of one game, and ratings
/// the records carry.
fn example() -> Vec<Game> {
    let rating = |rating, rd| Some(RecordedRating { rating, rd });
    let game =
        |n: u64, players: [&str; 2], family, outcome, ending: &str, variant: &str, moves| Game {
            players: players.map(|p| (!p.is_empty()).then(|| p.to_owned())),
            family,
            outcome,
            ending: (!ending.is_empty()).then(|| ending.to_owned()),
            variant: (!variant.is_empty()).then(|| variant.to_owned()),
            moves,
            rated: None,
            ratings: [None, None],
            order: GameOrder::new(n / 4, n % 4),
        };
    use Outcome::*;
    let mut games = vec![
        game(
            0,
            ["Ragna", "Sigrid"],
            0,
            FirstWon,
            "king-captured",
            "brandub",
            23,
        ),
        game(
            1,
            ["Sigrid", "Ragna"],
            0,
            SecondWon,
            "king-escaped",
            "brandub",
            31,
        ),
        game(2, ["Ulf", "Ragna"], 0, Draw, "repetition", "brandub", 40),
        game(3, ["Sigrid", "Ulf"], 0, Unfinished, "", "brandub", 12),
        game(
            4,
            ["Ragna", "Ulf"],
            0,
            FirstWon,
            "resigned",
            "copenhagen",
            58,
        ),
        game(
            5,
            ["Ulf", "Sigrid"],
            0,
            SecondWon,
            "timeout",
            "copenhagen",
            77,
        ),
        game(6, ["Ragna", ""], 0, FirstWon, "king-captured", "", 19),
        game(7, ["Ragna", "Ragna"], 0, SecondWon, "king-escaped", "", 25),
        game(8, ["Ásdís", "Ragna"], 1, FirstWon, "yfirrad", "hirp", 14),
        game(9, ["Ragna", "Ásdís"], 1, SecondWon, "bani", "hirp", 20),
    ];
    games[4].rated = Some(true);
    games[4].ratings = [rating(1611.5, Some(88.25)), rating(1490.0, Some(120.0))];
    games[5].rated = Some(false);
    games[5].ratings = [rating(1432.0, None), rating(1550.75, Some(101.5))];
    games[0].ratings = [rating(1580.0, Some(95.0)), None];
    games
}

/// The text tables of the small collection.
#[test]
fn the_text_of_a_small_collection() {
    let report = tally(&example()).report(&RatingOptions::default());
    insta::assert_snapshot!(render(&report));
}

/// The JSON of the small collection, which its schema describes.
#[test]
fn the_json_of_a_small_collection() {
    let report = tally(&example()).report(&RatingOptions::default());
    let value = serde_json::to_value(&report).unwrap();
    let schema = serde_json::to_value(hirp::core::stats::schema()).unwrap();
    schema::conforms(&schema, &schema, &value, "").unwrap();
    insta::assert_snapshot!(serde_json::to_string_pretty(&report).unwrap());
}

/// The small collection's figures, read off as a person would.
#[test]
fn the_small_collection_s_figures() {
    let report: Report = tally(&example()).report(&RatingOptions::default());
    assert_eq!(report.games, 10);
    let ragna = &report.players[0];
    assert_eq!(ragna.name, "Ragna");
    // Eight games, one of them on both sides, won and lost.
    let counts = (ragna.wins, ragna.losses, ragna.draws, ragna.unfinished);
    assert_eq!((ragna.games, counts), (8, (5, 3, 1, 0)));
    let by_side: u64 = ragna.sides.iter().map(|s| s.games).sum();
    assert_eq!(by_side, 9);
    // Not the game against no one, nor against herself.
    assert_eq!(ragna.rated_games, 6);
    assert_eq!(
        ragna.recorded,
        Some(RecordedRating {
            rating: 1611.5,
            rd: Some(88.25)
        })
    );
    let ulf = report.players.iter().find(|p| p.name == "Ulf").unwrap();
    // The game marked unrated is not rated, and Ulf's recorded rating is
    // the last one his games carry, from it.
    assert_eq!(ulf.rated_games, 2);
    assert_eq!(
        ulf.recorded,
        Some(RecordedRating {
            rating: 1432.0,
            rd: None
        })
    );
    let brandub = report
        .variants
        .iter()
        .find(|v| v.variant.as_deref() == Some("brandub"))
        .unwrap();
    assert_eq!(
        (brandub.games, brandub.unfinished, brandub.draws),
        (4, 1, 1)
    );
    assert_eq!(brandub.sides[0].share, Some(1.0 / 3.0));
    assert_eq!(brandub.moves.median, 27.0);
    let counted = RatingOptions::new(32.0, 0.5, true).unwrap();
    let ulf = tally(&example()).report(&counted);
    let ulf = ulf.players.iter().find(|p| p.name == "Ulf").unwrap();
    assert_eq!(ulf.rated_games, 3);
}

/// A tally's JSON that breaks off is not JSON, and the error points at its
/// end.
#[test]
fn a_tally_that_breaks_off_is_not_json() {
    let text = "{\"tally\": 1,\n \"players\": [";
    let error = Tally::from_json(text).unwrap_err();
    assert!(matches!(error, TallyError::Syntax { .. }), "{error:?}");
    assert_eq!(error.span().end, text.len());
    assert_eq!(
        miette::Diagnostic::code(&error).unwrap().to_string(),
        "hirp::stats::syntax"
    );
}

/// A tally's JSON whose counts disagree, whose version is another, or
/// whose rated games name players not listed, is not a tally.
#[test]
fn a_tally_whose_counts_disagree_is_not_a_tally() {
    let json = serde_json::to_string(&tally(&example())).unwrap();
    let cases = [
        (json.replacen("\"tally\":1", "\"tally\":2", 1), "version 2"),
        (
            json.replacen(
                "\"wins\":[1,1],\"draws\":1,",
                "\"wins\":[1,1],\"draws\":2,",
                1,
            ),
            "by length",
        ),
        (
            json.replacen("\"rated\":[[", "\"rated\":[[0,0,0,99,\"draw\",null],[", 1),
            "of the 4 listed",
        ),
        (
            json.replacen(
                "\"rated\":[[",
                "\"rated\":[[0,0,0,1,\"unfinished\",null],[",
                1,
            ),
            "is finished",
        ),
        (
            json.replacen("{\"tally\":1", "{\"tally\":1,\"extra\":0", 1),
            "unknown field `extra`",
        ),
    ];
    for (text, says) in cases {
        assert_ne!(text, json, "{says}: the example has the text to change");
        let error = Tally::from_json(&text).unwrap_err();
        assert!(matches!(error, TallyError::Invalid { .. }), "{error:?}");
        assert!(
            error.to_string().contains(says),
            "{error} should say {says}"
        );
        assert_eq!(
            miette::Diagnostic::code(&error).unwrap().to_string(),
            "hirp::stats::invalid"
        );
    }
}

/// Rating options out of range are refused.
#[test]
fn rating_options_out_of_range_are_refused() {
    for (k, tau) in [
        (0.0, 0.5),
        (f64::NAN, 0.5),
        (32.0, 0.0),
        (32.0, 1e300),
        (32.0, f64::NAN),
    ] {
        assert!(
            RatingOptions::new(k, tau, false).is_err(),
            "k {k}, tau {tau}"
        );
    }
    let error = RatingOptions::new(32.0, 0.0, false).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Glicko-2's tau is 0; it is a number from 0.05 to 5 (reasonable choices are 0.3 to 1.2)"
    );
}

/// The codes page names each code of a tally's JSON with an example, and
/// each example gives its code.
#[test]
fn the_codes_page_gives_an_example_of_each_code() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/codes.md");
    let page = std::fs::read_to_string(path).unwrap().replace('\n', " ");
    let examples = [
        ("hirp::stats::syntax", r#"{"tally": 1, "players": ["#),
        ("hirp::stats::invalid", r#"{"tally": 1, "players": 3}"#),
    ];
    for (code, example) in examples {
        let named = format!("`{code}` (`{example}`)");
        assert!(page.contains(&named), "docs/codes.md lacks {named}");
        let error = Tally::from_json(example).unwrap_err();
        let given = miette::Diagnostic::code(&error).unwrap().to_string();
        assert_eq!(given, code, "{example}");
        assert!(miette::Diagnostic::help(&error).is_some());
    }
}
