//! Throughput of reading and checking records, on generated games.
//!
//! `cargo bench --bench throughput` prints, for each benchmark, the time per
//! run and the bytes and turns per second. The corpus is about 1 MB of
//! generated games (seed 1), the same on every machine; the long game is one
//! game of 8,000 turns (near the 256 KiB a game may take), once legal and
//! once with a mistake every tenth turn (each sending the replay through its
//! search for the nearest legal reading, the slowest path there is).
//! `scan` and `parse_chunks` read the corpus's chunks, cut beforehand, the
//! one counting the turns of its games written the usual way, the other
//! parsing them. `positions` and `tafl_positions_copenhagen_archive` write
//! every position of the corpus and of the Copenhagen archive as
//! `hirp position --all` does (on one thread, to a sink), to set beside
//! `validate` and `tafl_validate_copenhagen_archive`.

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use hirp::hirp::generate::{Options, record};

#[path = "../tests/common/long_game.rs"]
mod long_game;
use long_game::long_game;

fn main() {
    divan::main();
}

/// About 1 MB of generated games.
fn corpus() -> String {
    record(Options {
        seed: 1,
        games: 650,
        max_turns: 200,
    })
    .to_string()
}

/// The number of turn lines.
fn turns(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let b = l.as_bytes();
            b.len() > 1 && matches!(b[0], b'G' | b'S') && b[1].is_ascii_digit()
        })
        .count()
}

#[divan::bench]
fn parse(bencher: Bencher) {
    let text = corpus();
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(turns(&text)))
        .bench(|| hirp::hirp::syntax::parse_bytes(black_box(text.as_bytes())));
}

/// The chunks of `text`, cut as records are read.
fn chunks(text: &str) -> Vec<hirp::hirp::syntax::Chunk> {
    hirp::hirp::syntax::Games::new(text.as_bytes())
        .map(|chunk| chunk.expect("reading from memory"))
        .collect()
}

#[divan::bench]
fn scan(bencher: Bencher) {
    let text = corpus();
    let chunks = chunks(&text);
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(turns(&text)))
        .bench(|| {
            chunks
                .iter()
                .map(|chunk| {
                    hirp::hirp::syntax::scan::usual_games(black_box(&chunk.bytes)).map(|g| g.len())
                })
                .sum::<Option<usize>>()
                .expect("generated games are written the usual way")
        });
}

#[divan::bench]
fn parse_chunks(bencher: Bencher) {
    let text = corpus();
    let chunks = chunks(&text);
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(turns(&text)))
        .bench(|| {
            chunks
                .iter()
                .map(|chunk| {
                    hirp::hirp::syntax::parse_chunk(black_box(chunk))
                        .1
                        .record
                        .games
                        .len()
                })
                .sum::<usize>()
        });
}

#[divan::bench]
fn validate(bencher: Bencher) {
    let text = corpus();
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(turns(&text)))
        .bench(|| {
            let mut games = 0;
            hirp::hirp::check::check(black_box(text.as_bytes()), Default::default(), |_| {
                games += 1;
                true
            })
            .unwrap();
            games
        });
}

#[divan::bench]
fn json(bencher: Bencher) {
    let text = corpus();
    let parsed = hirp::hirp::parse(&text);
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(turns(&text)))
        .bench(|| {
            let document = hirp::json::Document::from_iter([hirp::hirp::json::file(
                "corpus",
                black_box(&parsed.record),
            )
            .into()]);
            serde_json::to_writer(std::io::sink(), &document).unwrap();
        });
}

#[divan::bench(args = [false, true])]
fn long_game_validate(bencher: Bencher, broken: bool) {
    let text = long_game(8_000, broken.then_some(10));
    let parsed = hirp::hirp::parse(&text);
    let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    let problems = report.games[0].problems.len();
    assert_eq!(problems, if broken { 800 } else { 0 }, "the long game");
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(8_000usize))
        .bench(|| {
            let parsed = hirp::hirp::parse(black_box(&text));
            hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors)
        });
}

/// Validating a tafl archive under its preset: bytes and moves per second.
fn tafl_validate(bencher: Bencher, path: &str, preset: &str) {
    let text = std::fs::read_to_string(path).expect("the archive");
    let rules = hirp::tafl::rules::RuleSet::preset(preset).expect("the preset");
    let moves = text
        .lines()
        .map(|l| {
            l.split(',')
                .next()
                .unwrap_or_default()
                .split_whitespace()
                .count()
        })
        .sum::<usize>();
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(moves))
        .bench(|| {
            let form = hirp::tafl::syntax::Form::Csv;
            let mut games = 0;
            let options = Default::default();
            hirp::tafl::check::check(
                black_box(text.as_bytes()),
                form,
                Some(&rules),
                options,
                |_| {
                    games += 1;
                    true
                },
            )
            .unwrap();
            games
        });
}

#[divan::bench]
fn tafl_validate_brandubh_archive(bencher: Bencher) {
    tafl_validate(
        bencher,
        "fixtures/tafl/archives/brandubh.csv",
        "brandubh-online",
    );
}

#[divan::bench]
fn tafl_validate_copenhagen_archive(bencher: Bencher) {
    tafl_validate(
        bencher,
        "fixtures/tafl/archives/copenhagen.csv",
        "copenhagen",
    );
}

/// Validating 200 generated Copenhagen games (seed 1), as game files.
#[divan::bench]
fn tafl_validate_generated(bencher: Bencher) {
    let rules = hirp::tafl::rules::RuleSet::preset("copenhagen").expect("the preset");
    let options = hirp::tafl::generate::Options {
        rules: rules.clone(),
        seed: 1,
        games: 200,
        max_moves: 200,
    };
    let text: String = hirp::tafl::generate::games(&options)
        .collect::<Vec<_>>()
        .join("\n");
    let moves = text
        .lines()
        .filter(|l| l.as_bytes().first().is_some_and(u8::is_ascii_digit))
        .map(|l| l.split_whitespace().count() - 1)
        .sum::<usize>();
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(moves))
        .bench(|| {
            let form = hirp::tafl::syntax::Form::Otg;
            let mut games = 0;
            let options = Default::default();
            hirp::tafl::check::check(black_box(text.as_bytes()), form, None, options, |_| {
                games += 1;
                true
            })
            .unwrap();
            games
        });
}

/// Every position of a tafl archive under its preset, through the seam as
/// `hirp position --all` reads it on one thread, each line written to a
/// sink: bytes of the archive and positions a second, to set beside
/// `tafl_validate` on the same archive.
fn tafl_positions(bencher: Bencher, path: &str, preset: &str) {
    use hirp::core::family::{At, Family, RecordBytes, Wanted};
    use std::io::Write as _;
    let bytes = std::fs::read(path).expect("the archive");
    let rules = Some(hirp::tafl::rules::RuleSet::preset(preset).expect("the preset"));
    let family = hirp::tafl::family::Tafl(hirp::tafl::syntax::Form::Csv);
    let record = RecordBytes {
        path,
        bytes: &bytes,
    };
    let wanted = Wanted {
        game: None,
        at: At::Every,
        workers: 1,
    };
    let mut positions = 0;
    family
        .positions(record, &rules, wanted, &mut |_, lines| {
            positions += lines.lines().count();
            true
        })
        .expect("the archive's positions");
    bencher
        .counter(BytesCount::new(bytes.len()))
        .counter(ItemsCount::new(positions))
        .bench(|| {
            let mut out = std::io::sink();
            family
                .positions(record, &rules, wanted, &mut |_, lines| {
                    out.write_all(black_box(lines).as_bytes()).is_ok()
                })
                .expect("the archive's positions");
        });
}

#[divan::bench]
fn tafl_positions_copenhagen_archive(bencher: Bencher) {
    tafl_positions(
        bencher,
        "fixtures/tafl/archives/copenhagen.csv",
        "copenhagen",
    );
}

/// Every position of the corpus's games, as `hirp position --all` reads
/// them on one thread: bytes and positions a second, to set beside
/// `validate`.
#[divan::bench]
fn positions(bencher: Bencher) {
    use hirp::core::family::{At, Family, RecordBytes, Wanted};
    use std::io::Write as _;
    let text = corpus();
    let record = RecordBytes {
        path: "corpus",
        bytes: text.as_bytes(),
    };
    let wanted = Wanted {
        game: None,
        at: At::Every,
        workers: 1,
    };
    let family = hirp::hirp::family::Hirp;
    let mut positions = 0;
    family
        .positions(record, &(), wanted, &mut |_, lines| {
            positions += lines.lines().count();
            true
        })
        .expect("the corpus's positions");
    bencher
        .counter(BytesCount::of_str(&text))
        .counter(ItemsCount::new(positions))
        .bench(|| {
            let mut out = std::io::sink();
            family
                .positions(record, &(), wanted, &mut |_, lines| {
                    out.write_all(black_box(lines).as_bytes()).is_ok()
                })
                .expect("the corpus's positions");
        });
}
