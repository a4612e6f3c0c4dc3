//! Strategies of tafl records, every node of the syntax tree with no span
//! (what a record printed and read back gives, spans aside), and the
//! comparison of trees apart from their spans: for the tests that print
//! records and read them back, as text or as JSON.

use hirp::core::Span;
use hirp::tafl::syntax::{
    Capture, Commentary, Count, CsvGame, CsvRecord, Info, MoveAddress, MoveType, OtgGame,
    OtgRecord, PieceLetter, Ply, Record, ResultLabel, Tag, Turn, Variation, VariationAddress,
    VariationStep, WrittenMove,
};
use hirp::tafl::{Piece, Side, Square};
use proptest::prelude::*;

fn square() -> impl Strategy<Value = Square> {
    (0..Square::MAX_SIDE, 0..Square::MAX_SIDE).prop_map(|(f, r)| Square::new(f, r).unwrap())
}

fn piece_letter() -> impl Strategy<Value = PieceLetter> {
    (
        prop::sample::select(Side::ALL.to_vec()),
        prop::sample::select(Piece::ALL.to_vec()),
    )
        .prop_map(|(side, piece)| PieceLetter { side, piece })
}

/// A piece letter or none, or always none when `letters` is false (as an
/// archive writes).
fn maybe_letter(letters: bool) -> BoxedStrategy<Option<PieceLetter>> {
    if letters {
        prop::option::of(piece_letter()).boxed()
    } else {
        Just(None).boxed()
    }
}

/// A move in OpenTafl notation, or as an archive writes one.
fn a_move(archive: bool) -> impl Strategy<Value = WrittenMove> {
    let kind = if archive {
        Just(MoveType::Regular).boxed()
    } else {
        prop::sample::select(vec![
            MoveType::Regular,
            MoveType::Jump,
            MoveType::Berserk,
            MoveType::BerserkJump,
        ])
        .boxed()
    };
    let info = if archive {
        Just(None).boxed()
    } else {
        prop::option::of(prop::sample::select(vec![
            Info::KingThreatened,
            Info::EscapeOpen,
            Info::KingCaptured,
            Info::KingEscaped,
        ]))
        .boxed()
    };
    let capture = (maybe_letter(!archive), square()).prop_map(|(piece, square)| Capture {
        piece,
        square,
        span: Span::default(),
    });
    (
        maybe_letter(!archive),
        square(),
        kind,
        square(),
        prop::collection::vec(capture, 0..4),
        info,
    )
        .prop_map(|(piece, from, kind, to, captures, info)| WrittenMove {
            piece,
            from,
            kind,
            to,
            captures,
            info,
            from_span: Span::default(),
            to_span: Span::default(),
            span: Span::default(),
        })
}

/// Plies of a turn (or of a variation, with placeholders), the last of which
/// may end the game with `end`.
fn plies(in_variation: bool, end: Ply) -> impl Strategy<Value = Vec<Ply>> {
    let ply = if in_variation {
        prop_oneof![
            4 => a_move(false).prop_map(Ply::Move),
            1 => Just(Ply::Placeholder(Span::default())),
        ]
        .boxed()
    } else {
        a_move(false).prop_map(Ply::Move).boxed()
    };
    (prop::collection::vec(ply, 1..4), prop::bool::weighted(0.1)).prop_map(move |(mut p, ends)| {
        if ends {
            p.push(end.clone());
        }
        p
    })
}

/// Text of a tag's value: on one line, with no `]`.
fn tag_value() -> impl Strategy<Value = String> {
    "[^\\]\n\r\0]{0,16}"
}

/// A commentary's text: anything but `|` and `]`, over lines if need be, so
/// long as no line of it starts with `[`.
fn comment_text() -> impl Strategy<Value = String> {
    "([^|\\]\0]|\n){0,24}".prop_filter("no line of it starts with `[`", |text| {
        !text.contains("\n[") && !text.contains("\r[")
    })
}

fn commentary() -> impl Strategy<Value = Commentary> {
    prop::collection::vec(comment_text(), 1..3).prop_map(|texts| Commentary {
        texts,
        span: Span::default(),
    })
}

fn move_address() -> impl Strategy<Value = MoveAddress> {
    (any::<u32>(), 0..26u8).prop_map(|(turn, ply)| MoveAddress { turn, ply })
}

fn variation() -> impl Strategy<Value = Variation> {
    let step =
        (any::<u32>(), move_address()).prop_map(|(variation, at)| VariationStep { variation, at });
    (
        move_address(),
        prop::collection::vec(step, 1..3),
        plies(true, Ply::Resignation(Span::default())),
        prop::option::of(commentary()),
    )
        .prop_map(|(start, steps, plies, commentary)| Variation {
            address: VariationAddress {
                start,
                steps,
                span: Span::default(),
            },
            plies,
            commentary,
            span: Span::default(),
        })
}

fn turn() -> impl Strategy<Value = Turn> {
    (
        any::<u32>(),
        plies(false, Ply::Resignation(Span::default())),
        prop::option::of(commentary()),
        prop::collection::vec(variation(), 0..2),
    )
        .prop_map(|(number, plies, commentary, variations)| Turn {
            number,
            plies,
            commentary,
            variations,
            span: Span::default(),
        })
}

fn tag(
    name: impl Strategy<Value = String>,
    value: impl Strategy<Value = String>,
) -> impl Strategy<Value = Tag> {
    (name, value).prop_map(|(name, value)| Tag {
        name,
        value,
        value_span: Span::default(),
        span: Span::default(),
    })
}

/// A rules tag's value: entries the notation lists, and words with no `:`.
fn rules_value() -> impl Strategy<Value = String> {
    let entry = prop_oneof![
        (1..20u8).prop_map(|n| format!("dim:{n}")),
        "(atkf|ks|ka|surf|efe):[yn]?",
        "(cor|cen):([a-s][1-9],){0,3}",
        "start:/[1-9tTkK/]{0,20}/",
        "[a-z]{1,5}",
    ];
    prop::collection::vec(entry, 0..5).prop_map(|entries| entries.join(" "))
}

/// A game: its tags, the rules tag last, and its turns; at least one turn
/// unless `last`, since tags after a game's tags are the same game's.
fn otg_game(last: bool) -> impl Strategy<Value = OtgGame> {
    let name = "[a-z][a-z0-9_-]{0,8}".prop_filter("not the rules tag", |n| n != "rules");
    (
        prop::collection::vec(tag(name, tag_value()), 0..3),
        tag(Just("rules".to_owned()), rules_value()),
        prop::collection::vec(turn(), usize::from(!last)..4),
    )
        .prop_map(|(mut tags, rules, turns)| {
            tags.push(rules);
            OtgGame {
                tags,
                turns,
                span: Span::default(),
                captures_unwritten: false,
                server_written: false,
                archived: None,
            }
        })
}

fn otg_record() -> impl Strategy<Value = OtgRecord> {
    (
        prop::collection::vec(otg_game(false), 0..2),
        prop::option::of(otg_game(true)),
    )
        .prop_map(|(mut games, last)| {
            games.extend(last);
            OtgRecord { games }
        })
}

fn csv_game() -> impl Strategy<Value = CsvGame> {
    let count = any::<u32>().prop_map(|value| Count {
        value: Some(value),
        span: Span::default(),
    });
    (
        prop::collection::vec(a_move(true).prop_map(Ply::Move), 0..6),
        prop::bool::weighted(0.1),
        count.clone(),
        count,
        prop::option::of(prop::sample::select(ResultLabel::ALL.to_vec())),
    )
        .prop_map(
            |(mut plies, timeout, attacker_captures, defender_captures, result)| {
                if timeout {
                    plies.push(Ply::Timeout(Span::default()));
                }
                CsvGame {
                    plies,
                    attacker_captures,
                    defender_captures,
                    result,
                    result_span: Span::default(),
                    span: Span::default(),
                }
            },
        )
}

fn csv_record() -> impl Strategy<Value = CsvRecord> {
    (any::<bool>(), prop::collection::vec(csv_game(), 0..5)).prop_map(|(header, games)| CsvRecord {
        header: header.then(Span::default),
        games,
    })
}

pub fn record() -> impl Strategy<Value = Record> {
    prop_oneof![
        otg_record().prop_map(Record::Otg),
        csv_record().prop_map(Record::Csv),
    ]
}

/// The record with every span set to zero, to compare trees apart from
/// where they were read.
pub fn without_spans(record: Record) -> Record {
    fn ply(ply: &mut Ply) {
        match ply {
            Ply::Move(m) => {
                m.from_span = Span::default();
                m.to_span = Span::default();
                m.span = Span::default();
                for capture in &mut m.captures {
                    capture.span = Span::default();
                }
            }
            Ply::Timeout(span) | Ply::Resignation(span) | Ply::Placeholder(span) => {
                *span = Span::default();
            }
            Ply::Malformed(m) => m.span = Span::default(),
        }
    }
    fn commentary(commentary: &mut Option<Commentary>) {
        if let Some(c) = commentary {
            c.span = Span::default();
        }
    }
    match record {
        Record::Otg(mut record) => {
            for game in &mut record.games {
                game.span = Span::default();
                for tag in &mut game.tags {
                    tag.span = Span::default();
                    tag.value_span = Span::default();
                }
                for turn in &mut game.turns {
                    turn.span = Span::default();
                    turn.plies.iter_mut().for_each(ply);
                    commentary(&mut turn.commentary);
                    for variation in &mut turn.variations {
                        variation.span = Span::default();
                        variation.address.span = Span::default();
                        variation.plies.iter_mut().for_each(ply);
                        commentary(&mut variation.commentary);
                    }
                }
            }
            Record::Otg(record)
        }
        Record::Csv(mut record) => {
            record.header = record.header.map(|_| Span::default());
            for game in &mut record.games {
                game.span = Span::default();
                game.result_span = Span::default();
                game.attacker_captures.span = Span::default();
                game.defender_captures.span = Span::default();
                game.plies.iter_mut().for_each(ply);
            }
            Record::Csv(record)
        }
        // hnefatafl.org's archive: its games read again from the lines
        // they write, each where that text puts it.
        ron @ Record::Ron(_) => {
            hirp::tafl::syntax::parse(&ron.to_string(), hirp::tafl::syntax::Form::Ron).record
        }
    }
}
