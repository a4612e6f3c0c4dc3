//! How well `hirp fix` repairs one mistake in a tafl game: from generated
//! games of Brandub and Copenhagen (OpenTafl game files, `K` before the
//! king's moves), every kind of mistake of `tests/common/tafl_mutations.rs`
//! is made once in each game that has a place for it, and the variant is
//! fixed by `hirp fix -`. Each variant ends one of:
//!
//! - **legal**: the mistake gave a game that is still valid as written;
//! - **restored**: the fixed record is the original game, byte for byte;
//! - **different**: the fixed record is valid, but not the original;
//! - **listed**: still invalid, and a problem lists several repairs;
//! - **nothing**: still invalid, with no repair listed.
//!
//! Safety, asserted for every variant: a repair applied leaves the game
//! valid, and changes no token that the mistake left right. The table is
//! printed (`cargo test --release --test tafl_repair_rates -- --nocapture`);
//! `docs/performance.md` shows it.

#[path = "common/tafl_mutations.rs"]
mod tafl_mutations;

mod common;

#[path = "common/rates.rs"]
mod rates;

use std::fmt::Write as _;

use hirp::core::Span;
use hirp::tafl::rules::RuleSet;
use rates::{Counts, ENDS, End, percent};
use tafl_mutations::{KINDS, Moves, Rng, variant, with_king_letters};

/// The rule sets and how many generated games of each.
const GAMES: &[(&str, usize)] = &[("brandub", 150), ("copenhagen", 100)];

/// The moves after which a generated game stops.
const MAX_MOVES: usize = 80;

/// The lowest share of variants that must end valid, in percent.
const FLOOR_VALID: usize = 90;

/// The lowest share of variants that must be restored exactly, in percent.
const FLOOR_RESTORED: usize = 70;

/// The copy of the table in `docs/performance.md` lies between these lines.
const DOC_START: &str = "<!-- tafl repair rates: tests/tafl_repair_rates.rs -->";
const DOC_END: &str = "<!-- end of tafl repair rates -->";

/// The spans of a record's tokens: every run of text between blanks.
fn tokens(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut at = 0;
    for word in text.split_inclusive(char::is_whitespace) {
        let len = word.trim_end().len();
        if len > 0 {
            spans.push(Span::new(at, at + len));
        }
        at += word.len();
    }
    spans
}

/// Fixes `variant` of `original` under `rules`; returns how it ended, and
/// why it broke the safety rule if it did.
fn judge(original: &str, variant: &str, rules: &str) -> (End, Option<String>) {
    let judged = rates::judge(original, variant, fix(variant, rules), tokens);
    // `HIRP_TAFL_UNSAFE=DIR` writes each variant whose repair broke the
    // safety rule under DIR, with its original.
    if let (Some(dir), Some(_)) = (std::env::var_os("HIRP_TAFL_UNSAFE"), &judged.1) {
        let name = format!("{}/{}-{}", dir.to_string_lossy(), rules, variant.len());
        std::fs::write(format!("{name}.orig"), original).unwrap();
        std::fs::write(format!("{name}.variant"), variant).unwrap();
    }
    judged
}

/// Fixes `text` with `hirp fix --rules RULES -`.
fn fix(text: &str, rules: &str) -> rates::Fixed {
    rates::fix(&["fix", "--rules", rules, "-"], text)
}

/// The variants of the games `worker` takes (every other one), fixed:
/// counts per kind.
fn run(games: &[(String, &str)], worker: usize) -> Vec<Counts> {
    let mut counts = vec![Counts::default(); KINDS.len()];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ worker as u64);
    for (g, (original, rules)) in games.iter().enumerate().skip(worker).step_by(2) {
        let moves = Moves::new(original);
        for (k, kind) in KINDS.iter().enumerate() {
            let Some((text, n)) = variant(&moves, kind, &mut rng) else {
                continue;
            };
            let (ended, why) = judge(original, &text, rules);
            counts[k].ends[ENDS.iter().position(|&e| e == ended).unwrap()] += 1;
            if let Some(why) = why {
                counts[k].unsafe_repairs.push(format!(
                    "{kind}, {rules} game {} move {}: {why}",
                    g + 1,
                    n + 1
                ));
            }
        }
    }
    counts
}

/// The table of counts per kind, with a line of totals.
fn table(totals: &[Counts], all: &Counts) -> String {
    let mut out = format!(
        "{:<28}{:>9}{:>7}{:>10}{:>11}{:>8}{:>9}{:>8}\n",
        "mistake", "variants", "legal", "restored", "different", "listed", "nothing", "unsafe"
    );
    let rows = KINDS.iter().copied().zip(totals.iter());
    for (kind, counts) in rows.chain(std::iter::once(("all", all))) {
        let [legal, restored, different, listed, nothing] = counts.ends;
        writeln!(
            out,
            "{kind:<28}{:>9}{legal:>7}{restored:>10}{different:>11}{listed:>8}{nothing:>9}{:>8}",
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
        "| tafl mistake | variants | legal | restored | different | listed | nothing | unsafe |\n\
         |---|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    let rows = KINDS.iter().copied().zip(totals.iter());
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
            "the table in docs/performance.md of tafl repair rates"
        );
    }
}

/// The generated games, `K` written before the king's moves, each with its
/// rule set's name.
fn originals() -> Vec<(String, &'static str)> {
    let mut games = Vec::new();
    for &(name, count) in GAMES {
        let options = hirp::tafl::generate::Options {
            rules: RuleSet::preset(name).unwrap(),
            seed: 2027,
            games: count,
            max_moves: MAX_MOVES,
        };
        for game in hirp::tafl::generate::games(&options) {
            games.push((with_king_letters(&game), name));
        }
    }
    games
}

#[test]
fn fix_restores_single_mistakes_in_tafl_games() {
    let games = originals();
    for (game, rules) in &games {
        let fixed = fix(game, rules);
        assert!(fixed.valid && fixed.text == *game, "{rules}: {game}");
    }
    let games = &games;
    let (totals, all) = rates::on_two_threads(KINDS.len(), |worker| run(games, worker));
    let report = table(&totals, &all);
    let [legal, restored, different, ..] = all.ends;
    let valid = percent(legal + restored + different, all.variants());
    let restored = percent(restored, all.variants());
    println!("{report}\nend valid {valid}%, restored exactly {restored}%");
    assert!(all.variants() >= 2000, "{} variants", all.variants());
    for (kind, counts) in KINDS.iter().zip(&totals) {
        assert!(counts.variants() >= 20, "too few variants of {kind}");
    }
    let unsafe_repairs: Vec<&String> = totals
        .iter()
        .flat_map(|c| c.unsafe_repairs.iter().take(3))
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
    check_doc(&markdown(&totals, &all));
}
