//! The neutral front, `hirp::any`: a record's family told from its name
//! and head, and a check through it, on any input.

use hirp::any::AnyFamily;
use hirp::core::CheckOptions;
use proptest::prelude::*;

/// Names a record may come with: each family's extensions in any case,
/// none, another, standard input.
fn name() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "game.hirp",
        "GAME.HIRP",
        "a.otg",
        "a.OTG",
        "a.csv",
        "notes.txt",
        "record",
        "-",
    ])
    .prop_map(str::to_owned)
}

/// Heads of records: any bytes, or lines that start one of each family.
fn head() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        prop::sample::select(vec![
            "G1 KeHeiHei /\n",
            "[rules:dim:7]\n\n1. d1-d3\n",
            "d2-e2 e4-e1,0,0,Ongoing\n",
            "moves,attacker_captures,defender_captures,result\n",
            "\u{feff}\n\n; a comment\nG1 Ke /\n",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
    ]
}

proptest! {
    /// The extension decides whatever the text; without one, what the
    /// text says; telling never panics.
    #[test]
    fn a_named_record_is_of_the_family_its_extension_names(
        name in name(),
        head in head(),
        rules in any::<bool>(),
    ) {
        let family = AnyFamily::recognise(&name, &head, rules);
        if let Some(named) = AnyFamily::by_name(&name) {
            prop_assert_eq!(family, named);
        }
        if name.to_ascii_lowercase().ends_with(".hirp") {
            prop_assert_eq!(family, AnyFamily::HIRP);
        }
        if !rules && AnyFamily::by_name(&name).is_none() && head.starts_with(b"G1 ") {
            prop_assert_eq!(family, AnyFamily::HIRP);
        }
    }

    /// Any input, told and checked through the front, is read (text to
    /// its end; what is not text, only as far as it takes to tell) and its
    /// games handed over numbered from 1, in order.
    #[test]
    fn any_input_is_checked_through_the_front_without_panicking(
        name in name(),
        head in head(),
        rules in any::<bool>(),
    ) {
        let choice = rules.then(|| hirp::any::rules_choice("brandub").unwrap());
        let family = AnyFamily::recognise(&name, &head, rules);
        let mut numbers = Vec::new();
        let read = family
            .check(&head[..], choice.as_ref(), CheckOptions::default(), |game| {
                if game.in_game {
                    numbers.push(game.number);
                }
                true
            })
            .unwrap();
        // The bytes of the text as read: a UTF-16 input's decoded to UTF-8.
        let text = hirp::core::encoding::transcode(&head);
        prop_assert!(read <= text.len(), "{} of {}", read, text.len());
        if std::str::from_utf8(&head).is_ok_and(|text| !text.contains('\0')) {
            prop_assert_eq!(read, head.len());
        }
        let expected: Vec<usize> = (1..=numbers.len()).collect();
        prop_assert_eq!(numbers, expected);
    }
}

/// The front's check gives each game the verdict the family's own check
/// gives it: here HIRP's, on the rulebook's example and a game with a
/// mistake.
#[test]
fn the_front_checks_as_the_family_does() {
    let record = std::fs::read("fixtures/rulebook/corrected.hirp").unwrap();
    let mut faulty = record.clone();
    faulty.extend_from_slice(b"\nG1 KeHeiHei /\nS1 He7He8HeHe /\n");
    for bytes in [record, faulty] {
        let mut front = Vec::new();
        AnyFamily::HIRP
            .check(&bytes[..], None, CheckOptions::default(), |game| {
                front.push((game.number, game.verdict.problems.clone()));
                true
            })
            .unwrap();
        let mut own = Vec::new();
        hirp::hirp::check::check(&bytes[..], CheckOptions::default(), |checked| {
            own.push((checked.number, checked.report.problems.clone()));
            true
        })
        .unwrap();
        assert_eq!(front, own);
        assert!(!front.is_empty());
    }
}
