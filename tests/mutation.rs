//! No false verdicts: generated games pass, and each single-mistake variant
//! of one is reported at the turn that holds the mistake, never before it.
//!
//! From 2,000 generated games, every kind of mistake below is made once in
//! each game that has a place for it, in a turn drawn at random. Most kinds
//! make the turn illegal by construction, whatever the position: those must
//! be reported at that turn (`>` removed is a warning). A space changed may
//! give another legal step: such a variant is only checked for a false error
//! before the turn. Each variant read to its syntax alone (as `validate
//! --syntax-only` reads it) gives the syntax problems the full check gives,
//! and the fast path of a check replays none that the full replay finds a
//! problem in, and the rest as the full replay does.
//! The counts per kind are printed (`cargo test --test mutation --
//! --nocapture`).

#[path = "common/mutations.rs"]
mod mutations;

use std::fmt::Write as _;

use hirp::Severity;
use hirp::hirp::replay::replay_record;
use mutations::{Expect, KINDS, Rng, Variant, text_of, variant};

/// The problems of a one-game record: (severity, offset, code).
fn problems(text: &str) -> Vec<(Severity, usize, String)> {
    let parsed = hirp::hirp::parse(text);
    let report = replay_record(&parsed.record, &parsed.errors);
    report
        .games
        .iter()
        .flat_map(|g| &g.problems)
        .chain(&report.problems)
        .map(|p| (p.severity, p.span.start, p.code.to_string()))
        .collect()
}

/// The problems of a one-game record read to its syntax alone, as
/// `validate --syntax-only` reads it: (severity, offset, code).
fn syntax_problems(text: &str) -> Vec<(Severity, usize, String)> {
    let mut found = Vec::new();
    let options = hirp::core::CheckOptions::default().depth(hirp::core::Depth::Syntax);
    hirp::hirp::check::check(text.as_bytes(), options, |checked| {
        let problems = checked.report.problems.iter();
        found.extend(problems.map(|p| (p.severity, p.span.start, p.code.to_string())));
        true
    })
    .expect("reading from memory");
    found
}

/// What the fast path of a check says of a one-game record where it
/// disagrees with the full replay (it replays a game in which the full
/// replay finds a problem, or finds another result or position); `None`
/// where it agrees or leaves the record to the full replay.
fn fast_disagrees(text: &str) -> Option<String> {
    let fast = hirp::hirp::replay::fast::games(text.as_bytes(), 0)?;
    let parsed = hirp::hirp::parse(text);
    let full = replay_record(&parsed.record, &parsed.errors);
    let same = parsed.errors.is_empty()
        && full.games.len() == fast.len()
        && fast.iter().zip(&full.games).all(|(f, g)| f.report == *g);
    let problems: Vec<_> = full.games.iter().flat_map(|g| &g.problems).collect();
    (!same).then(|| format!("the fast path replays it, where the full replay finds {problems:?}"))
}

/// What the variants of one kind gave.
#[derive(Clone, Debug, Default)]
struct Counts {
    variants: usize,
    /// Reported at the turn as the kind requires.
    reported: usize,
    /// A kind that may be legal, with nothing at the turn.
    legal: usize,
    /// Failures: what went wrong, for the report.
    failures: Vec<String>,
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a sweep: .ci/run runs it in release (cargo test --release --test mutation)"
)]
fn mistakes_are_reported_at_their_turn_and_never_before() {
    let record = hirp::hirp::generate::record(hirp::hirp::generate::Options {
        seed: 2026,
        games: 2000,
        max_turns: 80,
    });
    let games = &record.games;
    let mut originals = 0;
    let results: Vec<(Vec<Counts>, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                scope.spawn(move || {
                    let mut counts = vec![Counts::default(); KINDS.len()];
                    let mut false_positives = Vec::new();
                    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ worker as u64);
                    for (g, game) in games.iter().enumerate().skip(worker).step_by(2) {
                        let (text, _, _) = text_of(game, usize::MAX);
                        if !problems(&text).is_empty() {
                            false_positives.push(format!("game {}:\n{text}", g + 1));
                        }
                        // Without its [Result] tag, which a mistake may
                        // make untrue.
                        let mut bare = game.clone();
                        bare.tags.retain(|tag| tag.name != "Result");
                        for (k, &(kind, expect)) in KINDS.iter().enumerate() {
                            let Some(Variant {
                                text,
                                turn: t,
                                start,
                                end,
                            }) = variant(&bare, kind, &mut rng)
                            else {
                                continue;
                            };
                            let found = problems(&text);
                            // The syntax alone, read with no tree or not,
                            // finds what the full check finds of it.
                            let syntax: Vec<_> = found
                                .iter()
                                .filter(|(_, _, code)| code.starts_with("hirp::syntax::"))
                                .cloned()
                                .collect();
                            let read = syntax_problems(&text);
                            let counts = &mut counts[k];
                            counts.variants += 1;
                            if let Some(why) = fast_disagrees(&text) {
                                counts.failures.push(format!(
                                    "{kind}, game {} turn {}: {why}\n{text}",
                                    g + 1,
                                    t + 1
                                ));
                                continue;
                            }
                            if read != syntax {
                                counts.failures.push(format!(
                                    "{kind}, game {} turn {}: read to its syntax alone, \
                                     {read:?} where the full check finds {syntax:?}\n{text}",
                                    g + 1,
                                    t + 1
                                ));
                                continue;
                            }
                            let early = found
                                .iter()
                                .find(|(s, at, _)| *s == Severity::Error && *at < start);
                            let at_turn = |least: Severity| {
                                found
                                    .iter()
                                    .any(|(s, at, _)| *s >= least && (start..end).contains(at))
                            };
                            let failure = if let Some((_, at, code)) = early {
                                Some(format!("{code} at byte {at}, before the turn"))
                            } else {
                                match expect {
                                    Expect::Error if !at_turn(Severity::Error) => {
                                        Some("no error at the turn".to_owned())
                                    }
                                    Expect::Warning if !at_turn(Severity::Warning) => {
                                        Some("no warning at the turn".to_owned())
                                    }
                                    _ => None,
                                }
                            };
                            match failure {
                                Some(why) => counts.failures.push(format!(
                                    "{kind}, game {} turn {}: {why}: {}\n{text}",
                                    g + 1,
                                    t + 1,
                                    text[start..end].trim_end()
                                )),
                                None if at_turn(Severity::Warning) => counts.reported += 1,
                                None => counts.legal += 1,
                            }
                        }
                    }
                    (counts, false_positives)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut totals = vec![Counts::default(); KINDS.len()];
    let mut false_positives = Vec::new();
    for (counts, positives) in results {
        for (total, counts) in totals.iter_mut().zip(counts) {
            total.variants += counts.variants;
            total.reported += counts.reported;
            total.legal += counts.legal;
            total.failures.extend(counts.failures);
        }
        originals += games.len() / 2;
        false_positives.extend(positives);
    }
    let mut report = format!(
        "{} games, {} with a problem\n{:<38}{:>9}{:>10}{:>8}{:>10}\n",
        games.len(),
        false_positives.len(),
        "mistake",
        "variants",
        "reported",
        "legal",
        "failures"
    );
    for (&(kind, _), counts) in KINDS.iter().zip(&totals) {
        writeln!(
            report,
            "{kind:<38}{:>9}{:>10}{:>8}{:>10}",
            counts.variants,
            counts.reported,
            counts.legal,
            counts.failures.len()
        )
        .unwrap();
    }
    println!("{report}");
    assert!(originals >= 2000 - 1);
    assert!(
        false_positives.is_empty(),
        "generated games with a problem:\n{}",
        false_positives.join("\n")
    );
    for (&(kind, _), counts) in KINDS.iter().zip(&totals) {
        assert!(
            counts.variants >= 20,
            "too few variants of {kind}\n{report}"
        );
    }
    // The first two failures of each kind.
    let failures: Vec<&String> = totals
        .iter()
        .flat_map(|c| c.failures.iter().take(2))
        .collect();
    assert!(
        failures.is_empty(),
        "{report}\n{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
