//! How well `hirp fix` repairs one mistake: from generated games, every
//! kind of mistake of `tests/mutation.rs` is made once in each game that has
//! a place for it, and the variant is fixed by `hirp fix -`. Each variant
//! ends one of:
//!
//! - **legal**: the mistake gave a game that is still valid as written;
//! - **restored**: the fixed record is the original game, byte for byte;
//! - **different**: the fixed record is valid, but not the original;
//! - **listed**: still invalid, and a problem lists several repairs;
//! - **nothing**: still invalid, with no repair listed.
//!
//! Safety, asserted for every variant: a repair applied leaves the game
//! valid, and changes no token that the mistake left right. The floors on
//! the rates are what the repairs reach today. The table is printed
//! (`cargo test --release --test repair_rates -- --nocapture`);
//! `docs/performance.md` shows it. A debug build lists both tests as
//! ignored: the searched repairs make them slow there (`--include-ignored`
//! runs them on fewer games).

#[path = "common/mutations.rs"]
mod mutations;

mod common;

#[path = "common/rates.rs"]
mod rates;

use std::fmt::Write as _;

use hirp::core::Span;
use mutations::{KINDS, Rng, Variant, text_of, variant};
use rates::{Counts, ENDS, End, percent};

/// Generated games the variants are made from, of each seed: in an
/// optimised build (`.ci/run`), whose table `docs/performance.md` shows,
/// and in a debug build, which the searched repairs make slow.
const GAMES: usize = 400;
const GAMES_DEBUG: usize = 100;

/// The seeds of the games.
const SEEDS: [u64; 2] = [2027, 2028];

/// The lowest share of variants that must end valid, in percent (92% of
/// the debug build's variants, 93% of the optimised build's).
const FLOOR_VALID: usize = 92;

/// The lowest share of variants that must be restored exactly, in percent.
const FLOOR_RESTORED: usize = 90;

/// The copy of the table in `docs/performance.md` lies between these lines.
const DOC_START: &str = "<!-- repair rates: tests/repair_rates.rs -->";
const DOC_END: &str = "<!-- end of repair rates -->";

/// The spans of a record's tokens: labels, steps, Penningr actions, battles.
fn tokens(text: &str) -> Vec<Span> {
    let parsed = hirp::hirp::parse(text);
    let mut spans = Vec::new();
    for turn in parsed.record.games.iter().flat_map(|g| &g.turns) {
        spans.push(turn.label.span);
        spans.extend(turn.steps.iter().map(|s| s.span()));
        spans.extend(turn.outcome.penningr.iter().map(|p| p.span));
        spans.extend(turn.outcome.battles.iter().map(|b| b.span()));
    }
    spans
}

/// Fixes `variant` of `original`; returns how it ended, and why it broke
/// the safety rule if it did.
fn judge(original: &str, variant: &str) -> (End, Option<String>) {
    rates::judge(
        original,
        variant,
        rates::fix(&["fix", "-"], variant),
        tokens,
    )
}

/// The variants of the games `worker` takes (every other one), fixed:
/// counts per kind.
fn run(games: &[hirp::hirp::syntax::Game], worker: usize) -> Vec<Counts> {
    let mut counts = vec![Counts::default(); KINDS.len()];
    // Each kind draws from a stream of its own, so that a kind added
    // changes the variants of no other.
    let mut streams: Vec<Rng> = (0..KINDS.len() as u64)
        .map(|k| {
            Rng(0x2545_f491_4f6c_dd1d ^ worker as u64 ^ (k + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        })
        .collect();
    for (g, game) in games.iter().enumerate().skip(worker).step_by(2) {
        let mut bare = game.clone();
        bare.tags.retain(|tag| tag.name != "Result");
        let (original, _, _) = text_of(&bare, usize::MAX);
        for (k, &(kind, _)) in KINDS.iter().enumerate() {
            let Some(Variant {
                text,
                turn: t,
                start,
                end,
            }) = variant(&bare, kind, &mut streams[k])
            else {
                continue;
            };
            let (ended, why) = judge(&original, &text);
            counts[k].ends[ENDS.iter().position(|&e| e == ended).unwrap()] += 1;
            if let Some(why) = why {
                counts[k].unsafe_repairs.push(format!(
                    "{kind}, game {} turn {}: {why}\nvariant: {}\nthe mistake:\n{}",
                    g + 1,
                    t + 1,
                    text[start..end].trim_end(),
                    rates::line_diff(&original, &text)
                ));
                if let Some(dir) = std::env::var_os("HIRP_REPAIR_DUMP") {
                    let name = format!("unsafe-{}-{}.hirp", g + 1, t + 1);
                    std::fs::write(std::path::Path::new(&dir).join(name), &text).unwrap();
                }
            }
        }
    }
    counts
}

/// The table of counts per kind, with a line of totals.
fn table(totals: &[Counts], all: &Counts) -> String {
    let mut out = format!(
        "{:<36}{:>9}{:>7}{:>10}{:>11}{:>8}{:>9}{:>8}\n",
        "mistake", "variants", "legal", "restored", "different", "listed", "nothing", "unsafe"
    );
    let rows = KINDS.iter().map(|(kind, _)| *kind).zip(totals.iter());
    for (kind, counts) in rows.chain(std::iter::once(("all", all))) {
        let [legal, restored, different, listed, nothing] = counts.ends;
        writeln!(
            out,
            "{kind:<36}{:>9}{legal:>7}{restored:>10}{different:>11}{listed:>8}{nothing:>9}{:>8}",
            counts.variants(),
            counts.unsafe_repairs.len()
        )
        .unwrap();
    }
    out
}

/// The table as `docs/performance.md` shows it: a Markdown table and the totals.
fn markdown(totals: &[Counts], all: &Counts) -> String {
    let mut out = String::from(
        "| mistake | variants | legal | restored | different | listed | nothing | unsafe |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    let rows = KINDS.iter().map(|(kind, _)| *kind).zip(totals.iter());
    for (kind, counts) in rows.chain(std::iter::once(("**all**", all))) {
        let [legal, restored, different, listed, nothing] = counts.ends;
        writeln!(
            out,
            "| {kind} | {} | {legal} | {restored} | {different} | {listed} | {nothing} | {} |",
            counts.variants(),
            counts.unsafe_repairs.len()
        )
        .unwrap();
    }
    let [legal, restored, different, ..] = all.ends;
    writeln!(
        out,
        "\n{}% end valid, {}% restored exactly.",
        percent(legal + restored + different, all.variants()),
        percent(restored, all.variants())
    )
    .unwrap();
    out
}

/// Checks the copy of the table in `docs/performance.md`, or with `HIRP_UPDATE_DOCS=1`
/// writes it there.
fn check_doc(table: &str) {
    let path = common::root().join("docs/performance.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let start = page
        .find(DOC_START)
        .expect("docs/performance.md has the table")
        + DOC_START.len();
    let end = page.find(DOC_END).expect("the table ends");
    let shown = page[start..end].trim();
    if std::env::var_os("HIRP_UPDATE_DOCS").is_some_and(|v| v == "1") {
        let updated = format!("{}\n{}\n{}", &page[..start], table.trim(), &page[end..]);
        std::fs::write(&path, updated).unwrap();
    } else {
        assert_eq!(
            shown,
            table.trim(),
            "the table in docs/performance.md of repair rates"
        );
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a measurement: .ci/run runs it in release (cargo test --release --test repair_rates)"
)]
fn fix_restores_single_mistakes() {
    // Two passes, on games of two seeds.
    let count = if cfg!(debug_assertions) {
        GAMES_DEBUG
    } else {
        GAMES
    };
    let games: Vec<hirp::hirp::syntax::Game> = SEEDS
        .iter()
        .flat_map(|&seed| {
            hirp::hirp::generate::record(hirp::hirp::generate::Options {
                seed,
                games: count,
                max_turns: 80,
            })
            .games
        })
        .collect();
    let games = &games;
    let (totals, all) = rates::on_two_threads(KINDS.len(), |worker| run(games, worker));
    let report = table(&totals, &all);
    let [legal, restored, different, ..] = all.ends;
    let valid = percent(legal + restored + different, all.variants());
    let restored = percent(restored, all.variants());
    println!("{report}\nend valid {valid}%, restored exactly {restored}%");
    assert!(
        all.variants() >= 1900 * count / GAMES,
        "{} variants",
        all.variants()
    );
    for (&(kind, _), counts) in KINDS.iter().zip(&totals) {
        assert!(counts.variants() >= 20, "too few variants of {kind}");
    }
    let unsafe_repairs: Vec<&String> = totals
        .iter()
        .flat_map(|c| c.unsafe_repairs.iter())
        .collect();
    let unsafe_count: usize = totals.iter().map(|c| c.unsafe_repairs.len()).sum();
    assert!(
        unsafe_count == 0,
        "{unsafe_count} unsafe repairs\n{report}\n{}",
        unsafe_repairs
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(valid >= FLOOR_VALID, "{valid}% end valid\n{report}");
    assert!(restored >= FLOOR_RESTORED, "{restored}% restored\n{report}");
    if count == GAMES {
        check_doc(&markdown(&totals, &all));
    }
}

#[path = "common/char_mutations.rs"]
mod char_mutations;

/// The seed the character-level variants are tuned on, and the held-out
/// seed they are measured on: the repairs are never tuned on the second.
const CHAR_TUNING_SEED: u64 = 4_101;
const CHAR_HELD_OUT_SEED: u64 = 90_917;

/// Character-level variants measured by default, and in the full run
/// (`HIRP_REPAIR_VARIANTS=1500`, in release: `.ci/run`), whose table
/// `docs/performance.md` shows.
const CHAR_VARIANTS: usize = 240;
const CHAR_VARIANTS_FULL: usize = 1_500;

/// The lowest shares of character-level variants that must end valid and
/// restored exactly, in percent: what the repairs reach today.
const CHAR_FLOOR_VALID: usize = 80;
const CHAR_FLOOR_RESTORED: usize = 75;

/// The copy of the character-level table in `docs/performance.md`.
const CHAR_DOC_START: &str = "<!-- character repair rates: tests/repair_rates.rs -->";
const CHAR_DOC_END: &str = "<!-- end of character repair rates -->";

/// Whether a variant's record has an error.
fn has_error(text: &str) -> bool {
    let parsed = hirp::hirp::parse(text);
    let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    let games = report.games.iter().flat_map(|g| &g.problems);
    let mut problems = games.chain(&report.problems);
    problems.any(|p| p.severity == hirp::Severity::Error)
}

/// The `count` invalid character-level variants of the games of `seed`,
/// each with the original and the kind of its edit.
fn char_variants(seed: u64, count: usize) -> Vec<(String, String, usize)> {
    variants_of(
        seed,
        count,
        char_mutations::EDITS.len(),
        |original, edit, draw| {
            let alphabet = char_mutations::alphabet(original);
            char_mutations::mutate(original, edit, &alphabet, draw)
        },
    )
}

/// The `count` invalid variants of the games of `seed`, each made by
/// `make` with one of `kinds` kinds of edit, with the original and the
/// kind.
fn variants_of(
    seed: u64,
    count: usize,
    kinds: usize,
    make: impl Fn(&str, usize, &mut char_mutations::Draw) -> Option<String>,
) -> Vec<(String, String, usize)> {
    let games = hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed,
        games: count.div_ceil(4).max(50),
        max_turns: 80,
    })
    .games;
    let mut draw = char_mutations::Draw(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut variants = Vec::new();
    let mut tries = 0;
    while variants.len() < count && tries < count * 50 {
        tries += 1;
        let mut bare = games[tries % games.len()].clone();
        bare.tags.retain(|tag| tag.name != "Result");
        let (original, _, _) = text_of(&bare, usize::MAX);
        let edit = draw.below(kinds);
        let Some(text) = make(&original, edit, &mut draw) else {
            continue;
        };
        if has_error(&text) {
            variants.push((original, text, edit));
        }
    }
    variants
}

/// Fixes the variants `worker` takes (every other one): counts per kind
/// of edit.
fn run_chars(variants: &[(String, String, usize)], worker: usize, kinds: &[&str]) -> Vec<Counts> {
    let mut counts = vec![Counts::default(); kinds.len()];
    for (index, (original, text, edit)) in variants.iter().enumerate().skip(worker).step_by(2) {
        let mut fixed = rates::fix(&["fix", "-"], text);
        // Layout aside: the same record, however spaced, is restored.
        if char_mutations::plain(&fixed.text) == char_mutations::plain(original) {
            fixed.text = original.clone();
        }
        let shown = std::env::var_os("HIRP_REPAIR_FAILS").map(|_| fixed.text.clone());
        let (ended, why) = rates::judge(original, text, fixed, tokens);
        // `HIRP_REPAIR_FAILS=1` prints each variant not restored: its
        // mistake, what `validate` says, and what `fix` made of it.
        if let Some(after) = shown.filter(|_| ended != End::Restored) {
            let dir = std::path::PathBuf::from(std::env::var_os("HIRP_REPAIR_FAILS").unwrap());
            if dir.is_dir() {
                let name = format!("{}-{index}", kinds[*edit]);
                let name = name.replace(' ', "_");
                std::fs::write(dir.join(format!("{name}.hirp")), text).unwrap();
                std::fs::write(dir.join(format!("{name}.orig")), original).unwrap();
            }
            println!("FILE {}-{index}", kinds[*edit].replace(' ', "_"));
            println!(
                "FAIL {ended:?} {}\nthe mistake:\n{}validate:\n{}fix:\n{}",
                kinds[*edit],
                rates::line_diff(original, text),
                validate_output(text),
                rates::line_diff(original, &after)
            );
        }
        counts[*edit].ends[ENDS.iter().position(|&e| e == ended).unwrap()] += 1;
        if let Some(why) = why {
            counts[*edit].unsafe_repairs.push(format!(
                "{why}\nthe mistake:\n{}variant:\n{text}",
                rates::line_diff(original, text)
            ));
        }
    }
    counts
}

/// What `hirp validate` says of `text`, its help lines and codes.
fn validate_output(text: &str) -> String {
    let output = common::hirp()
        .args(["validate", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    stderr
        .lines()
        .filter(|l| l.contains("hirp::") || l.trim_start().starts_with("help:"))
        .map(|l| format!("  {}\n", l.trim()))
        .collect()
}

/// The character-level table as `docs/performance.md` shows it.
fn char_markdown(totals: &[Counts], all: &Counts, seed: u64, kinds: &[&str]) -> String {
    let mut out = String::from(
        "| edit | variants | restored | different | listed | nothing | invalid but claimed | token changed |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    let rows = kinds.iter().copied().zip(totals.iter());
    for (kind, counts) in rows.chain(std::iter::once(("**all**", all))) {
        let [_, restored, different, listed, nothing] = counts.ends;
        let claimed = counts
            .unsafe_repairs
            .iter()
            .filter(|why| why.starts_with("a repair applied leaves the game invalid"))
            .count();
        writeln!(
            out,
            "| {kind} | {} | {restored} | {different} | {listed} | {nothing} | {claimed} | {} |",
            counts.variants(),
            counts.unsafe_repairs.len() - claimed
        )
        .unwrap();
    }
    let [_, restored, different, ..] = all.ends;
    writeln!(
        out,
        "\nSeed {seed}: {}% end valid, {}% restored exactly.",
        percent(restored + different, all.variants()),
        percent(restored, all.variants())
    )
    .unwrap();
    out
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a measurement: .ci/run runs it in release (cargo test --release --test repair_rates)"
)]
fn fix_restores_character_mistakes_on_a_held_out_seed() {
    let (seed, count, tuning) = seed_and_count("HIRP_REPAIR_VARIANTS", CHAR_VARIANTS);
    let kinds = char_mutations::EDITS;
    let variants = char_variants(seed, count);
    let (totals, all, report) = measured(&variants, count, seed, kinds);
    if std::env::var_os("HIRP_REPAIR_SHOW").is_some() {
        for why in totals.iter().flat_map(|c| &c.unsafe_repairs) {
            println!("{why}\n");
        }
    }
    assert!(
        all.unsafe_repairs.is_empty(),
        "{} unsafe repairs\n{report}\n{}",
        all.unsafe_repairs.len(),
        all.unsafe_repairs.join("\n\n")
    );
    above_floors(&all, (CHAR_FLOOR_VALID, CHAR_FLOOR_RESTORED), &report);
    if !tuning && count == CHAR_VARIANTS_FULL {
        check_table(&report, CHAR_DOC_START, CHAR_DOC_END);
    }
}

/// The seed a measure runs on (the held-out one, or the tuning one with
/// `HIRP_REPAIR_SEED=tuning`, for work on the repairs: the floors hold on
/// the held-out seed), how many variants (`var`, else `default`), and
/// whether it is the tuning seed.
fn seed_and_count(var: &str, default: usize) -> (u64, usize, bool) {
    let count = std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    let tuning = std::env::var("HIRP_REPAIR_SEED").is_ok_and(|v| v == "tuning");
    let seed = if tuning {
        CHAR_TUNING_SEED
    } else {
        CHAR_HELD_OUT_SEED
    };
    (seed, count, tuning)
}

/// The `variants` (`count` of them, of seed `seed`, each of one of
/// `kinds`) fixed on two threads: the counts per kind, in all, and the
/// table, printed.
fn measured(
    variants: &[(String, String, usize)],
    count: usize,
    seed: u64,
    kinds: &[&str],
) -> (Vec<Counts>, Counts, String) {
    assert_eq!(variants.len(), count, "too few invalid variants");
    let (totals, all) =
        rates::on_two_threads(kinds.len(), |worker| run_chars(variants, worker, kinds));
    let report = char_markdown(&totals, &all, seed, kinds);
    println!("{report}");
    (totals, all, report)
}

/// Asserts that `all` ends valid and restored at least as often, in
/// percent, as `floors` says.
fn above_floors(all: &Counts, (valid_floor, restored_floor): (usize, usize), report: &str) {
    let [_, restored, different, ..] = all.ends;
    let valid = percent(restored + different, all.variants());
    let restored = percent(restored, all.variants());
    assert!(valid >= valid_floor, "{valid}% end valid\n{report}");
    assert!(restored >= restored_floor, "{restored}% restored\n{report}");
}

/// Checks the character-level table in `docs/performance.md`, or with
/// `HIRP_UPDATE_DOCS=1` writes it there.
fn check_table(table: &str, start_mark: &str, end_mark: &str) {
    let path = common::root().join("docs/performance.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let start = page.find(start_mark).expect("the table") + start_mark.len();
    let end = page.find(end_mark).expect("the table ends");
    if std::env::var_os("HIRP_UPDATE_DOCS").is_some_and(|v| v == "1") {
        let updated = format!("{}\n{}\n{}", &page[..start], table.trim(), &page[end..]);
        std::fs::write(&path, updated).unwrap();
    } else {
        assert_eq!(page[start..end].trim(), table.trim(), "docs/performance.md");
    }
}

/// Variants with a slip of recording measured by default and in the full
/// run (`HIRP_REPAIR_SLIPS=500`, in release: `.ci/run`), whose table
/// `docs/performance.md` shows, on the held-out seed.
const SLIP_VARIANTS: usize = 100;
const SLIP_VARIANTS_FULL: usize = 500;

/// The copy of the recording slips' table in `docs/performance.md`.
const SLIP_DOC_START: &str = "<!-- recording slip repair rates: tests/repair_rates.rs -->";
const SLIP_DOC_END: &str = "<!-- end of recording slip repair rates -->";

/// The lowest shares of variants with a slip of recording that must end
/// valid and restored exactly, in percent: what the repairs reach today.
const SLIP_FLOOR_VALID: usize = 60;
const SLIP_FLOOR_RESTORED: usize = 50;

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a measurement: .ci/run runs it in release (cargo test --release --test repair_rates)"
)]
fn fix_restores_recording_slips_on_a_held_out_seed() {
    let (seed, count, tuning) = seed_and_count("HIRP_REPAIR_SLIPS", SLIP_VARIANTS);
    let kinds = char_mutations::SLIPS;
    let variants = variants_of(seed, count, kinds.len(), char_mutations::slip);
    let (_, all, report) = measured(&variants, count, seed, kinds);
    // A step moved back into its turn is written at the latest place that
    // plays alike, which may not be where it stood: the table counts such
    // repairs ("token changed"); none may leave the game invalid.
    let claimed: Vec<&String> = all
        .unsafe_repairs
        .iter()
        .filter(|why| why.starts_with("a repair applied leaves the game invalid"))
        .collect();
    assert!(claimed.is_empty(), "{claimed:?}\n{report}");
    above_floors(&all, (SLIP_FLOOR_VALID, SLIP_FLOOR_RESTORED), &report);
    if !tuning && count == SLIP_VARIANTS_FULL {
        check_table(&report, SLIP_DOC_START, SLIP_DOC_END);
    }
}
