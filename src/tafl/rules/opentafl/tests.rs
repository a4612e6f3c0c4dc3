use super::*;
use crate::tafl::rules::pieces::PieceSet;
use crate::tafl::rules::ruleset::RuleSet;

const ELEVEN: &str = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

fn read(text: &str) -> (RuleSet, Vec<RulesWarningKind>) {
    let (rules, warnings) = RuleSet::from_opentafl(text).unwrap();
    (rules, warnings.into_iter().map(|w| w.kind).collect())
}

fn error(text: &str) -> (RulesErrorKind, String) {
    let e = RuleSet::from_opentafl(text).unwrap_err();
    (e.kind, text[e.span].to_owned())
}

#[test]
fn the_specifications_examples_read() {
    let (brandub, warnings) =
        read("dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert!(warnings.is_empty());
    assert_eq!(brandub.king_strength, KingStrength::Weak);
    assert_eq!(brandub.centre_hostile_when_empty, PieceSet::NONE);
    assert_eq!(brandub.centre.hostile, PieceSet::NONE);
    let (copenhagen, _) = read(&format!("dim:11 atkf:n sw:s efe:y start:{ELEVEN}"));
    assert!(!copenhagen.attackers_first && copenhagen.edge_fort_escape);
    assert_eq!(copenhagen.shieldwall, Shieldwall::Strong);
    assert_eq!(copenhagen.corners.squares.len(), 4);
    let sea = "dim:9 esc:e ka:n cen: cenhe: cor: \
               start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
    let (sea, _) = read(sea);
    assert_eq!((sea.escape, sea.king_armed), (Escape::Edge, KingArmed::No));
    assert!(sea.corners.squares.is_empty() && sea.centre.squares.is_empty());
}

#[test]
fn rule_sets_print_and_read_back_alike() {
    let text = format!(
        "dim:11 name:Test esc:e surf:n atkf:n tfr:w rpt:4 nomv:d ka:a ks:m kgrp:y \
         cor:a1,k11 dfor:b2 corh:tT cenhe:t dforp:K cens:TK aforre: sw:w swf:n efe:y \
         start:{ELEVEN}"
    );
    let (rules, warnings) = read(&text);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(rules.repetition.rule, RepetitionRule::MoverLoses);
    assert_eq!(rules.repetition.occurrence, 4);
    assert_eq!(rules.to_string(), text);
    assert_eq!(read(&rules.to_string()).0, rules);
    let starti = "dim:7 starti:/7/7/7/3K3/7/7/t6/";
    let (rules, _) = read(starti);
    assert_eq!(rules.start.to_string(), "/t6/7/7/3K3/7/7/7/");
}

#[test]
fn what_does_not_read_is_pointed_at() {
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let cases = [
        (format!("ks:c {start}"), RulesErrorKind::NoDimension, ""),
        ("dim:7 ks:c".to_owned(), RulesErrorKind::NoStart, ""),
        (
            format!("dim:7 ks {start}"),
            RulesErrorKind::NoColon { entry: "ks".into() },
            "ks",
        ),
        (
            format!("dim:21 {start}"),
            RulesErrorKind::Dimension { value: "21".into() },
            "21",
        ),
        (
            format!("dim:7 ks:x {start}"),
            RulesErrorKind::Value {
                key: "ks",
                value: "x".into(),
                expected: "`s`, `c`, `m` or `w`",
            },
            "x",
        ),
        (
            format!("dim:7 cor:a1,h8 {start}"),
            RulesErrorKind::Square {
                text: "h8".into(),
                dim: 7,
            },
            "h8",
        ),
        (
            format!("dim:7 corh:tx {start}"),
            RulesErrorKind::Piece { letter: 'x' },
            "x",
        ),
        (
            "dim:9 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".to_owned(),
            RulesErrorKind::StartSize { dim: 9, layout: 7 },
            "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        ),
        (
            "dim:3 start:/K2/3/2K/".to_owned(),
            RulesErrorKind::TwoKings,
            "/K2/3/2K/",
        ),
        (
            "dim:3 start:/K2/3/2x/".to_owned(),
            RulesErrorKind::Start(crate::tafl::rules::LayoutErrorKind::UnknownLetter {
                letter: 'x',
            }),
            "x",
        ),
    ];
    for (text, kind, at) in cases {
        assert_eq!(error(&text), (kind, at.to_owned()), "{text}");
    }
}

/// Every key the reader knows is one it plays or reads on purpose: none of
/// them is refused as unknown, whatever its value.
#[test]
fn no_key_the_reader_knows_is_unknown() {
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    for key in super::parse::KEYS {
        if ["dim", "start", "starti"].contains(key) {
            continue;
        }
        let read = RuleSet::from_opentafl(&format!("dim:7 {key}:n {start}"));
        if let Err(e) = read {
            assert!(
                !matches!(e.kind, RulesErrorKind::UnknownKey { .. }),
                "{key}: {e}"
            );
        }
    }
}

#[test]
fn what_reads_but_is_worth_a_word_is_said() {
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let cases = [
        (
            format!("dim:7 ks:c ks:w {start}"),
            RulesWarningKind::Repeated { key: "ks".into() },
        ),
        (
            format!("ks:c dim:7 {start}"),
            RulesWarningKind::DimensionNotFirst,
        ),
        (
            format!("dim:7 {start} ks:c"),
            RulesWarningKind::StartNotLast,
        ),
    ];
    for (text, kind) in cases {
        assert_eq!(read(&text).1, [kind], "{text}");
    }
    // The last of a repeated key counts; the jumps of pieces never moved,
    // the values that leave a rule out, OpenTafl's `name:` and a comma
    // after the last square, as OpenTafl writes them, are read silently.
    let text = format!("dim:7 name:X ks:c ks:w nj:c kj:n spd:-1,-1, cor:a1,a7,g1,g7, {start}");
    let (rules, warnings) = read(&text);
    assert_eq!(rules.corners.squares.len(), 4);
    assert_eq!(rules.king_strength, KingStrength::Weak);
    assert_eq!(warnings.len(), 1);
}
