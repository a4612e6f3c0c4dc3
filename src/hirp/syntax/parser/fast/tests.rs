//! The fast reading held to the rules of the grammar.

use super::super::{offset, turn::by_rules, with_input};
use proptest::prelude::*;

/// Reads `line` both ways; whenever the fast reading succeeds, the rules
/// read the same turn, to the same place, with no error. The reading
/// that builds nothing succeeds and fails with it, with the same label
/// and length, and so do the automata whenever they read the line.
/// Returns whether the fast reading succeeded.
fn agree(line: &str) -> bool {
    agree_shaped(line).0
}

/// As [`agree`]; also whether the automata read the line.
fn agree_shaped(line: &str) -> (bool, bool) {
    let bytewise = |bytes| {
        let mut reader = super::Reader {
            bytes,
            at: 0,
            base: 0,
        };
        let label = reader.turn(&mut super::Tally)?;
        Some((label, reader.at))
    };
    let bytes = line.as_bytes();
    let shaped = super::Reader {
        bytes,
        at: 0,
        base: 0,
    }
    .shape();
    let byte_by_byte = bytewise(bytes);
    if let super::Shape::Read(label, read) = shaped {
        assert_eq!(Some((label, read)), byte_by_byte, "{line:?}");
    }
    assert_eq!(super::usual_turn(bytes), byte_by_byte, "{line:?}");
    let shaped = shaped != super::Shape::Unsure;
    let tallied = byte_by_byte.map(|(label, read)| {
        let base = 7;
        let span = crate::core::Span::new(base, label.span.end + base);
        (
            crate::hirp::syntax::ast::Label { span, ..label },
            read + base,
        )
    });
    with_input(line, 7, |i| {
        let Some((rest, fast)) = super::turn(i) else {
            assert_eq!(tallied, None, "{line:?}");
            return (false, shaped);
        };
        assert_eq!(tallied, Some((fast.label, offset(&rest))), "{line:?}");
        let (by_rules_rest, (by_rules, errors)) = by_rules(i).unwrap_or_else(|e| {
            panic!("{line:?}: the rules fail where the fast reading reads: {e:?}")
        });
        assert!(errors.is_empty(), "{line:?}: {errors:?}");
        assert_eq!(fast, by_rules, "{line:?}");
        assert_eq!(offset(&rest), offset(&by_rules_rest), "{line:?}");
        (true, shaped)
    })
}

#[test]
fn the_table_of_spaces_reads_each_byte_as_the_codes_do() {
    let mut spaces = 0;
    for byte in 0..=u8::MAX {
        let by_code = crate::hirp::types::Space::from_code(char::from(byte));
        assert_eq!(super::SPACES[usize::from(byte)], by_code, "{byte}");
        spaces += usize::from(by_code.is_some());
    }
    assert_eq!(spaces, 11);
}

#[test]
fn generated_turns_are_read_fast_as_the_rules_read_them() {
    let options = crate::hirp::generate::Options {
        seed: 11,
        games: 100,
        max_turns: 200,
    };
    let text = crate::hirp::generate::record(options).to_string();
    let turns: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with(['G', 'S']))
        .collect();
    assert!(turns.len() > 5_000, "{} turns", turns.len());
    for line in turns {
        let (fast, shaped) = agree_shaped(line);
        assert!(fast, "not read fast: {line:?}");
        // Only a Penningr action is left to the byte-by-byte reading.
        let penningr = line
            .split(' ')
            .nth(2)
            .is_some_and(|o| o.starts_with(['G', 'S']));
        assert_eq!(shaped, !penningr, "{line:?}");
    }
}

#[test]
fn fixture_lines_read_fast_are_read_so_by_the_rules() {
    let (mut read, mut files) = (0, 0);
    for path in crate::fixtures::files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        files += 1;
        for line in text.split_inclusive('\n') {
            read += usize::from(agree(line));
        }
    }
    assert!(files > 100, "{files} fixtures");
    assert!(read > 500, "{read} lines read fast");
}

#[test]
fn every_byte_after_every_state_of_the_automata_is_read_alike() {
    // A line that stops in each state of the automata: within the
    // steps, then within the battles.
    let prefixes = [
        "G1 ",
        "G1 H",
        "G1 Kh",
        "G1 He",
        "G1 Hv",
        "G1 Hv3",
        "G1 H1",
        "G1 H1>",
        "G1 He7",
        "G1 He ",
        "G1 He >",
        "G1 He >1",
        "G1 He >1G",
        "G1 He >1GKh",
        "G1 He >1GH",
        "G1 He >1GH1",
        "G1 He >1GH1 ",
        "G1 He /",
    ];
    let tails = [
        "", "\n", "1 /\n", " /\n", "H2 /\n", "1GH1\n", "GH1\n", "H1SH1\n", " >2SH2\n",
    ];
    let (mut lines, mut shaped) = (0, 0);
    for prefix in prefixes {
        for byte in (0..128).map(char::from).chain(['é', '\u{a0}']) {
            for tail in tails {
                shaped += usize::from(agree_shaped(&format!("{prefix}{byte}{tail}")).1);
                lines += 1;
            }
        }
    }
    assert!(shaped > lines / 50, "{shaped} of {lines} read by shape");
}

#[test]
fn turns_at_the_limits_and_past_them_are_read_alike() {
    use crate::hirp::syntax::limits::{MAX_BATTLES, MAX_FIGHTERS, MAX_PENNINGR, MAX_STEPS};
    let mut read = 0;
    for extra in [0, 1] {
        let steps = "He".repeat(MAX_STEPS + extra);
        let penningr = "Gd".repeat(MAX_PENNINGR + extra);
        let battles = ">1GH1".repeat(MAX_BATTLES + extra);
        let fighters = format!(">1{}", "GH1".repeat(MAX_FIGHTERS + extra));
        for line in [
            format!("G1 {steps} /\n"),
            format!("G1 He {penningr}/\n"),
            format!("G1 He {battles}\n"),
            format!("G1 He {fighters} >2SH2\n"),
            format!("G1 He {fighters}"),
        ] {
            read += usize::from(agree(&line));
        }
    }
    // At the limits every line is read fast; past them none is.
    assert_eq!(read, 5);
}

/// Steps, mostly right, to join at random.
const STEPS: &[&str] = &[
    "He", "Hei", "He7", "He>1", "Ke", "Kei", "L01", "Kh12", "Khh3>4", "Hv3", "Hv3m", "Hv5>6", "Hi",
    "H1>2", "Khhhh0m", "Lm>5", "h", "k", "M", "é", "H", "Hv", "H1", "H1>", " ", "\t", "/", "G",
];

/// Outcome pieces, mostly right, to join at random.
const OUTCOMES: &[&str] = &[
    "/",
    "/",
    "Gd",
    "Sa",
    "Sr",
    "Gt",
    "SCd",
    "Gq",
    ">5GH5SHx",
    ">4SK4GK^",
    ">mGKhh^SL9",
    ">2",
    ">",
    " ",
    "\t",
    "GL1",
    "}",
    ";c",
    "{c}",
    "\r\n",
    "\n",
    "\r",
    "x",
    "é",
];

/// One of `from`, at random.
fn pick(rng: &mut crate::core::Rng, from: &[&'static str]) -> &'static str {
    from[rng.below(from.len())]
}

#[test]
fn lines_near_the_usual_way_read_fast_are_read_so_by_the_rules() {
    let rng = &mut crate::core::Rng::new(5);
    let (mut read, mut by_shape, lines) = (0, 0, 50_000);
    for _ in 0..lines {
        let labels = ["G1", "S3", "G10", "S999999999", "G4294967296", "G01"];
        let mut line = String::from(pick(rng, &labels));
        line.push_str(pick(rng, &[" ", " ", " ", "  ", "\t", ""]));
        for _ in 0..1 + rng.below(6) {
            // Mostly right, now and then not.
            let steps = if rng.chance(10) { STEPS } else { &STEPS[..16] };
            line.push_str(pick(rng, steps));
        }
        line.push_str(pick(rng, &[" ", " ", " ", "  ", "\t", ""]));
        line.push_str(pick(rng, &["", "", "", "Gd", "SaGt", "SCd", "Gq"]));
        line.push_str(pick(
            rng,
            &["/", "/", ">5GH5SHx", ">4SK4GK^ >mGKhh^SL9", ">2", "", "x"],
        ));
        line.push_str(pick(
            rng,
            &["", "", " ", "  \t", ";c", " {c}", "}", " x", " Gd"],
        ));
        line.push_str(pick(rng, &["", "\n", "\r\n", "\r"]));
        let (fast, shaped) = agree_shaped(&line);
        read += usize::from(fast);
        by_shape += usize::from(shaped);
    }
    assert!(read > lines / 10, "{read} of {lines} lines read fast");
    assert!(
        by_shape > lines / 20,
        "{by_shape} of {lines} lines read by shape"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4_000))]

    #[test]
    fn random_lines_read_fast_are_read_so_by_the_rules(
        label in prop::sample::select(
            &["G1", "S3", "G10", "S", "G4294967296", "S999999999", "G01"][..]
        ),
        gap in prop::sample::select(&[" ", "  ", "\t", "", " \t"][..]),
        steps in prop::collection::vec(prop::sample::select(STEPS), 0..8),
        blank in prop::sample::select(&[" ", "  ", "\t", ""][..]),
        outcome in prop::collection::vec(prop::sample::select(OUTCOMES), 0..5),
    ) {
        agree(&format!("{label}{gap}{}{blank}{}", steps.concat(), outcome.concat()));
    }

    #[test]
    fn lines_of_notation_characters_at_random_are_read_alike(
        label in prop::sample::select(&["G1 ", "S12 ", "G3 H"][..]),
        rest in "[GSHKLhevi>^x0-9m /\t;{}\r\n]{0,40}",
    ) {
        agree(&format!("{label}{rest}"));
    }
}
