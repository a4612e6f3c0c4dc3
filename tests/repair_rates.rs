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
//! (`cargo test --test repair_rates -- --nocapture`); the README shows it.

#[path = "common/mutations.rs"]
mod mutations;

mod common;

use std::fmt::Write as _;

use hirp::syntax::Span;
use mutations::{KINDS, Rng, Variant, text_of, variant};

/// Generated games the variants are made from, of each seed.
const GAMES: usize = 400;

/// The seeds of the games.
const SEEDS: [u64; 2] = [2027, 2028];

/// The lowest share of variants that must end valid, in percent.
const FLOOR_VALID: usize = 91;

/// The lowest share of variants that must be restored exactly, in percent.
const FLOOR_RESTORED: usize = 89;

/// The README's copy of the table lies between these lines.
const README_START: &str = "<!-- repair rates: tests/repair_rates.rs -->";
const README_END: &str = "<!-- end of repair rates -->";

/// What `hirp fix` made of a record: the fixed text, whether it is valid,
/// and whether a problem left lists several repairs.
struct Fixed {
    text: String,
    valid: bool,
    listed: bool,
}

/// Fixes `text` with `hirp fix -`.
fn fix(text: &str) -> Fixed {
    let output = common::hirp()
        .args(["fix", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    Fixed {
        text: String::from_utf8(output.stdout).unwrap(),
        valid: output.status.code() == Some(0),
        listed: stderr
            .lines()
            .any(|line| line.trim_start().starts_with("help:") && line.contains("` or `")),
    }
}

/// Where `a` and `b` differ, in `b`: the bytes between their common start
/// and their common end.
fn changed(a: &str, b: &str) -> Span {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - start;
    let end = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    Span::new(start, b.len() - end)
}

/// The spans of a record's tokens: labels, steps, Penningr actions, battles.
fn tokens(text: &str) -> Vec<Span> {
    let parsed = hirp::parse(text);
    let mut spans = Vec::new();
    for turn in parsed.record.games.iter().flat_map(|g| &g.turns) {
        spans.push(turn.label.span);
        spans.extend(turn.steps.iter().map(|s| s.span()));
        spans.extend(turn.outcome.penningr.iter().map(|p| p.span));
        spans.extend(turn.outcome.battles.iter().map(|b| b.span()));
    }
    spans
}

fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}

/// Whether an edit of the bytes `edit` changes the token `token`: it
/// overlaps it, or puts bytes inside it.
fn touches(token: Span, edit: Span) -> bool {
    overlaps(token, edit) || (token.start < edit.start && edit.start < token.end)
}

/// Where in `b` the edit that makes it `a` may lie, when it only puts
/// bytes in or only takes bytes out: the same bytes put in or taken out at
/// any of these places give `a` (`He` put into `HeHe` before or after the
/// first `He`). Empty for any other edit.
fn placings(a: &str, b: &str) -> Vec<Span> {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let prefix = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    let suffix = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    let (short, long) = (x.len().min(y.len()), x.len().max(y.len()));
    let size = long - short;
    // The run put in or taken out starts anywhere from `short - suffix`
    // to `prefix`.
    let first = short.saturating_sub(suffix);
    let last = prefix.min(short);
    if size == 0 || first > last {
        return Vec::new();
    }
    let taken_out = y.len() > x.len();
    (first..=last)
        .map(|at| Span::new(at, if taken_out { at + size } else { at }))
        .collect()
}

/// The lines of `before` that `after` changes, each with what it became.
fn line_diff(before: &str, after: &str) -> String {
    let mut out = String::new();
    for (b, a) in before.lines().zip(after.lines()) {
        if a != b {
            writeln!(out, "- {b}\n+ {a}").unwrap();
        }
    }
    out
}

/// What fixing one variant gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Legal,
    Restored,
    Different,
    Listed,
    Nothing,
}

const ENDS: [End; 5] = [
    End::Legal,
    End::Restored,
    End::Different,
    End::Listed,
    End::Nothing,
];

/// Fixes `variant` of `original`; returns how it ended, and why it broke
/// the safety rule if it did.
fn judge(original: &str, variant: &str) -> (End, Option<String>) {
    let Fixed {
        text: fixed,
        valid,
        listed,
    } = fix(variant);
    let applied = fixed != variant;
    let end = if !applied && valid {
        End::Legal
    } else if fixed == original {
        End::Restored
    } else if valid {
        End::Different
    } else if listed {
        End::Listed
    } else {
        End::Nothing
    };
    let unsafe_because = if applied && !valid {
        Some("a repair applied leaves the game invalid".to_owned())
    } else if applied && fixed != original {
        let mistake = changed(original, variant);
        let right: Vec<Span> = tokens(variant)
            .into_iter()
            .filter(|&t| !overlaps(t, mistake))
            .collect();
        let changes = |edit: Span| right.iter().copied().find(|&t| touches(t, edit));
        // Some placing of the edit changes no right token.
        let harmless = placings(&fixed, variant)
            .into_iter()
            .any(|edit| changes(edit).is_none());
        changes(changed(&fixed, variant))
            .filter(|_| !harmless)
            .map(|t| {
                format!(
                    "a repair changes `{}`, which was right",
                    &variant[t.start..t.end]
                )
            })
    } else {
        None
    };
    let why = unsafe_because.map(|why| format!("{why}:\n{}", line_diff(variant, &fixed)));
    (end, why)
}

/// What the variants of one kind gave: a count per [`End`], and failures.
#[derive(Clone, Debug, Default)]
struct Counts {
    ends: [usize; 5],
    unsafe_repairs: Vec<String>,
}

impl Counts {
    fn variants(&self) -> usize {
        self.ends.iter().sum()
    }

    fn add(&mut self, other: &Counts) {
        for (a, b) in self.ends.iter_mut().zip(other.ends) {
            *a += b;
        }
        self.unsafe_repairs
            .extend(other.unsafe_repairs.iter().cloned());
    }
}

/// The variants of the games `worker` takes (every other one), fixed:
/// counts per kind.
fn run(games: &[hirp::syntax::Game], worker: usize) -> Vec<Counts> {
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
                    "{kind}, game {} turn {}: {why}\nvariant: {}",
                    g + 1,
                    t + 1,
                    text[start..end].trim_end()
                ));
            }
        }
    }
    counts
}

fn percent(part: usize, whole: usize) -> usize {
    (part * 100).checked_div(whole).unwrap_or(0)
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

/// The table as the README shows it: a Markdown table and the totals.
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

/// Checks the README's copy of the table, or with `HIRP_UPDATE_DOCS=1`
/// writes it there.
fn check_readme(table: &str) {
    let path = common::root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme.find(README_START).expect("the README has the table") + README_START.len();
    let end = readme.find(README_END).expect("the table ends");
    let shown = readme[start..end].trim();
    if std::env::var_os("HIRP_UPDATE_DOCS").is_some_and(|v| v == "1") {
        let updated = format!("{}\n{}\n{}", &readme[..start], table.trim(), &readme[end..]);
        std::fs::write(&path, updated).unwrap();
    } else {
        assert_eq!(shown, table.trim(), "the README's table of repair rates");
    }
}

#[test]
fn fix_restores_single_mistakes() {
    // Two passes, on games of two seeds.
    let games: Vec<hirp::syntax::Game> = SEEDS
        .iter()
        .flat_map(|&seed| {
            hirp::generate::record(hirp::generate::Options {
                seed,
                games: GAMES,
                max_turns: 80,
            })
            .games
        })
        .collect();
    let games = &games;
    let results: Vec<_> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| scope.spawn(move || run(games, worker)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut totals = vec![Counts::default(); KINDS.len()];
    for counts in results {
        for (total, counts) in totals.iter_mut().zip(&counts) {
            total.add(counts);
        }
    }
    let mut all = Counts::default();
    totals.iter().for_each(|c| all.add(c));
    let report = table(&totals, &all);
    let [legal, restored, different, ..] = all.ends;
    let valid = percent(legal + restored + different, all.variants());
    let restored = percent(restored, all.variants());
    println!("{report}\nend valid {valid}%, restored exactly {restored}%");
    assert!(all.variants() >= 2000, "{} variants", all.variants());
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
    check_readme(&markdown(&totals, &all));
}
