//! Property tests: printing and reading agree, JSON and notation agree, and
//! no input makes the parser panic.

use hirp::core::Span;
use hirp::core::family::Family;
use hirp::hirp::family::Hirp;
use hirp::hirp::syntax::{
    Action, BattleToken, Comment, CommentKind, Destination, Fate, Game, Label, Outcome,
    PenningrAction, PenningrMove, Piece, Record, StepToken, Tag, Turn, WrittenBattle,
    WrittenFighter, WrittenStep, parse, parse_bytes,
};
use hirp::hirp::{Side, Space};
use hirp::json::Document;
use proptest::prelude::*;

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Gull), Just(Side::Silfr)]
}

fn space() -> impl Strategy<Value = Space> {
    (0..11usize).prop_map(|n| Space::from_index(n).unwrap())
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        Just(Piece::Hirth),
        Just(Piece::Lofdungr),
        (0..6u32).prop_map(|crew| Piece::Karve { crew }),
    ]
}

fn destination() -> impl Strategy<Value = Destination> {
    (space(), any::<bool>()).prop_map(|(space, attack)| Destination { space, attack })
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        proptest::option::of(destination()).prop_map(|to| Action::Enter { to }),
        Just(Action::EnterAndBoard),
        (space(), proptest::option::of(destination()))
            .prop_map(|(karve, to)| Action::Leave { karve, to }),
        (space(), destination()).prop_map(|(from, to)| Action::Move { from, to }),
        Just(Action::Board),
    ]
}

fn step() -> impl Strategy<Value = StepToken> {
    (piece(), action()).prop_map(|(piece, action)| {
        StepToken::Step(WrittenStep {
            piece,
            action,
            span: Span::default(),
        })
    })
}

fn fighter() -> impl Strategy<Value = WrittenFighter> {
    let fate = prop_oneof![
        space().prop_map(Fate::Stands),
        Just(Fate::RemovedFromPlay),
        Just(Fate::RemovedFromGame),
    ];
    (side(), piece(), fate).prop_map(|(side, piece, fate)| WrittenFighter {
        side,
        piece,
        fate,
        span: Span::default(),
    })
}

fn battle() -> impl Strategy<Value = BattleToken> {
    (space(), prop::collection::vec(fighter(), 1..5)).prop_map(|(space, fighters)| {
        BattleToken::Battle(WrittenBattle {
            space,
            fighters,
            span: Span::default(),
        })
    })
}

fn penningr() -> impl Strategy<Value = PenningrAction> {
    let action = prop_oneof![
        Just(PenningrMove::Double),
        Just(PenningrMove::Triple),
        Just(PenningrMove::Accept),
        Just(PenningrMove::Refuse),
    ];
    (side(), action).prop_map(|(side, action)| PenningrAction {
        side,
        action,
        span: Span::default(),
    })
}

/// Comment text as the parser keeps it: no line end in a line comment and no
/// trailing blank; braces paired in a block comment. No NUL, which no text
/// holds: a record with one in its first bytes is binary.
fn comment() -> impl Strategy<Value = Comment> {
    let line = "[^\n\r\0]{0,12}".prop_map(|t: String| Comment {
        kind: CommentKind::Line,
        text: t.trim_end().to_owned(),
        span: Span::default(),
    });
    let block = ("[^{}\0]{0,8}", "[^{}\0]{0,8}", any::<bool>()).prop_map(|(a, b, nest)| Comment {
        kind: CommentKind::Block,
        text: if nest { format!("{a}{{{b}}}") } else { a + &b },
        span: Span::default(),
    });
    prop_oneof![line, block]
}

/// Leading comments (any), and trailing ones (a line comment only last).
fn comments() -> impl Strategy<Value = (Vec<Comment>, Vec<Comment>)> {
    (
        prop::collection::vec(comment(), 0..2),
        prop::collection::vec(comment(), 0..2),
    )
        .prop_map(|(leading, mut trailing)| {
            let line = trailing.iter().position(|c| c.kind == CommentKind::Line);
            if let Some(n) = line {
                trailing.truncate(n + 1);
            }
            (leading, trailing)
        })
}

fn tag() -> impl Strategy<Value = Tag> {
    ("[A-Za-z][A-Za-z0-9_]{0,6}", "[^\n\r\0]{0,12}", comments()).prop_map(
        |(name, value, (leading, trailing))| Tag {
            leading,
            name,
            value,
            trailing,
            span: Span::default(),
            value_span: Span::default(),
        },
    )
}

fn turn() -> impl Strategy<Value = Turn> {
    (
        side(),
        0..40u32,
        prop::collection::vec(step(), 1..7),
        prop::collection::vec(penningr(), 0..3),
        prop::collection::vec(battle(), 0..3),
        comments(),
    )
        .prop_map(
            |(side, round, steps, penningr, battles, (leading, trailing))| Turn {
                leading,
                label: Label {
                    side,
                    round,
                    span: Span::default(),
                },
                steps,
                outcome: Outcome {
                    penningr,
                    battles,
                    span: Span::default(),
                },
                trailing,
                span: Span::default(),
            },
        )
}

/// Whether a turn is labelled `G1`, which starts a game after other turns.
fn is_g1(turn: &Turn) -> bool {
    turn.label.side == Side::Gull && turn.label.round == 1
}

/// Records whose games are told apart as the notation tells them: each game
/// has a turn; a game after the first starts with a tag or with `G1`; no `G1`
/// inside a game.
fn record() -> impl Strategy<Value = Record> {
    let game = (
        prop::collection::vec(tag(), 0..3),
        prop::collection::vec(turn(), 1..4),
    );
    (
        prop::collection::vec(game, 0..3),
        prop::collection::vec(comment(), 0..2),
    )
        .prop_map(|(games, comments)| {
            let games = games
                .into_iter()
                .enumerate()
                .map(|(n, (tags, mut turns))| {
                    for turn in turns.iter_mut().skip(1).filter(|t| is_g1(t)) {
                        turn.label.round = 2;
                    }
                    if n > 0 && tags.is_empty() {
                        turns[0].label = Label {
                            side: Side::Gull,
                            round: 1,
                            span: Span::default(),
                        };
                    }
                    Game {
                        tags,
                        turns,
                        span: Span::default(),
                    }
                })
                .collect();
            Record { games, comments }
        })
}

/// `text` with each line's label `G1` written with `zeros` zeros before its
/// round, as `G01` or `G001`.
fn with_g1_written(text: &str, zeros: usize) -> String {
    text.split_inclusive('\n')
        .map(|line| match line.strip_prefix("G1 ") {
            Some(rest) => format!("G{}1 {rest}", "0".repeat(zeros)),
            None => line.to_owned(),
        })
        .collect()
}

/// The record with every span set to zero, to compare trees apart from
/// where they were read.
fn without_spans(mut record: Record) -> Record {
    fn clear(comments: &mut [Comment]) {
        for c in comments {
            c.span = Span::default();
        }
    }
    clear(&mut record.comments);
    for game in &mut record.games {
        game.span = Span::default();
        for tag in &mut game.tags {
            tag.span = Span::default();
            tag.value_span = Span::default();
            clear(&mut tag.leading);
            clear(&mut tag.trailing);
        }
        for turn in &mut game.turns {
            turn.span = Span::default();
            turn.label.span = Span::default();
            turn.outcome.span = Span::default();
            clear(&mut turn.leading);
            clear(&mut turn.trailing);
            for step in &mut turn.steps {
                if let StepToken::Step(step) = step {
                    step.span = Span::default();
                }
            }
            for action in &mut turn.outcome.penningr {
                action.span = Span::default();
            }
            for battle in &mut turn.outcome.battles {
                if let BattleToken::Battle(battle) = battle {
                    battle.span = Span::default();
                    for fighter in &mut battle.fighters {
                        fighter.span = Span::default();
                    }
                }
            }
        }
    }
    record
}

/// Text made of notation characters, likelier than random bytes to reach
/// deep into the grammar.
fn notation_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(
                "GSHKLhkeivmdtarCx^>/0123456789 \t\n\r[]\";{}\\".chars().collect::<Vec<_>>()
            ),
            1 => any::<char>(),
        ],
        0..120,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn printed_records_read_back(record in record()) {
        let text = record.to_string();
        let parsed = parse(&text);
        prop_assert_eq!(&parsed.errors, &[], "{}", text);
        prop_assert_eq!(without_spans(parsed.record), record, "{}", text);
    }

    #[test]
    fn json_round_trip_keeps_the_record(record in record()) {
        let text = record.to_string();
        let parsed = parse(&text).record;
        let entry = hirp::hirp::json::file("a.hirp", &parsed).into();
        let json = serde_json::to_string(&Document { files: vec![entry] }).unwrap();
        let back = hirp::json::read_records(&json).unwrap();
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0].1, &parsed);
        prop_assert_eq!(back[0].1.to_string(), text);
    }

    /// The document written game by game is the one serde writes whole,
    /// compact and pretty, for any number of files.
    #[test]
    fn json_written_game_by_game_is_the_whole_document(
        records in prop::collection::vec(record(), 0..3),
        pretty in any::<bool>(),
    ) {
        let parsed: Vec<(String, Record)> = records
            .iter()
            .enumerate()
            .map(|(n, r)| (format!("{n}.hirp"), parse(&r.to_string()).record))
            .collect();
        let mut writer = hirp::json::DocumentWriter::new(Vec::new(), pretty);
        for (n, record) in records.iter().enumerate() {
            let text = record.to_string();
            let path = format!("{n}.hirp");
            Hirp.json_entry(&mut writer, &path, None, &mut |each| {
                for chunk in Hirp.chunks(text.as_bytes()) {
                    each(&Hirp::parse(&chunk?).1)?;
                }
                Ok(())
            })
            .unwrap();
        }
        let streamed = String::from_utf8(writer.finish().unwrap()).unwrap();
        let document: Document = parsed
            .iter()
            .map(|(path, record)| hirp::hirp::json::file(path, record).into())
            .collect();
        let whole = if pretty {
            serde_json::to_string_pretty(&document).unwrap()
        } else {
            serde_json::to_string(&document).unwrap()
        };
        prop_assert_eq!(streamed, whole);
    }

    #[test]
    fn json_lines_round_trip_keeps_the_record(record in record()) {
        let text = record.to_string();
        let parsed = parse(&text).record;
        let lines: String = (1..=parsed.games.len())
            .filter_map(|n| hirp::hirp::json::game_line("a.hirp", &parsed, n))
            .map(|line| serde_json::to_string(&line).unwrap() + "\n")
            .collect();
        let back = hirp::json::read_records(&lines).unwrap();
        let printed: String = back.iter().map(|(_, r)| r.to_string()).collect();
        // Comments after the last game travel with it; with no game they are dropped.
        if !parsed.games.is_empty() {
            prop_assert_eq!(printed, text);
        }
    }

    /// Read game by game (as `hirp validate` and `parse` read a record), a
    /// record gives the games, comments and errors it gives read in one
    /// piece, spans and all, whatever its line ends and however its `G1`
    /// labels are written (`G01`, `G001`); each game is a chunk of its own.
    #[test]
    fn reading_game_by_game_reads_the_same(
        record in record(),
        ends in 0..3usize,
        zeros in 0..3usize,
    ) {
        let mut text = with_g1_written(&record.to_string(), zeros);
        match ends {
            1 => text = text.replace('\n', "\r\n"),
            2 => text = text.replace('\n', "\r"),
            _ => {}
        }
        let whole = hirp::hirp::syntax::parse_unlimited(&text);
        let chunked = parse(&text);
        prop_assert_eq!(&chunked.record.games, &whole.record.games);
        prop_assert_eq!(&chunked.errors, &whole.errors);
        prop_assert_eq!(&chunked.record.comments, &whole.record.comments);
        let mut games = Vec::new();
        for chunk in hirp::hirp::syntax::Games::new(text.as_bytes()) {
            let (_, parsed) = hirp::hirp::syntax::parse_chunk(&chunk.unwrap());
            prop_assert!(parsed.record.games.len() <= 1, "{:?}", parsed.record.games);
            games.extend(parsed.record.games);
        }
        prop_assert_eq!(games, whole.record.games);
    }

    /// Within small limits, every chunk stays small, every error points into
    /// the text, and what is left unread is reported.
    #[test]
    fn limits_bound_every_chunk(record in record(), line in 8..60usize, game in 40..200usize) {
        let text = record.to_string();
        let limits = hirp::hirp::syntax::limits::Limits { line, game, ..Default::default() };
        let mut errors = Vec::new();
        let mut read = 0;
        for chunk in hirp::hirp::syntax::Games::with_limits(text.as_bytes(), limits) {
            let chunk = chunk.unwrap();
            prop_assert!(chunk.bytes.len() <= game + line + 2, "{} bytes", chunk.bytes.len());
            prop_assert!(chunk.offset >= read);
            read = chunk.offset + chunk.bytes.len();
            let (shown, parsed) = hirp::hirp::syntax::parse_chunk(&chunk);
            prop_assert_eq!(shown.len(), chunk.bytes.len());
            for error in &parsed.errors {
                prop_assert!(error.span.start >= chunk.offset);
                prop_assert!(error.span.end <= chunk.offset + chunk.bytes.len());
                prop_assert_eq!(
                    &text[error.span.start..error.span.end],
                    &shown[error.span.start - chunk.offset..error.span.end - chunk.offset]
                );
            }
            errors.extend(parsed.errors);
        }
        let long = text.split(['\n', '\r']).any(|l| l.len() > line);
        let reported = errors.iter().any(|e| {
            matches!(e.kind, hirp::hirp::syntax::SyntaxErrorKind::LineTooLong | hirp::hirp::syntax::SyntaxErrorKind::GameTooLong)
        });
        prop_assert!(!long || reported, "a line longer than {} is reported", line);
    }

    #[test]
    fn arbitrary_bytes_do_not_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let (text, parsed) = parse_bytes(&bytes);
        for error in &parsed.errors {
            prop_assert!(error.span.start <= error.span.end && error.span.end <= text.len());
            prop_assert!(text.is_char_boundary(error.span.start));
            prop_assert!(text.is_char_boundary(error.span.end));
        }
        let _ = parsed.record.to_string();
    }

    #[test]
    fn notation_like_text_does_not_panic_and_formats_stably(text in notation_like()) {
        let limits = hirp::hirp::syntax::limits::Limits { line: 20, game: 60, ..Default::default() };
        for chunk in hirp::hirp::syntax::Games::with_limits(text.as_bytes(), limits) {
            let _ = hirp::hirp::syntax::parse_chunk(&chunk.unwrap());
        }
        let parsed = parse(&text);
        for error in &parsed.errors {
            prop_assert!(error.span.end <= text.len());
            prop_assert!(text.is_char_boundary(error.span.start));
            prop_assert!(text.is_char_boundary(error.span.end));
        }
        if parsed.errors.is_empty() {
            let canonical = parsed.record.to_string();
            let again = parse(&canonical);
            prop_assert_eq!(&again.errors, &[], "{}", canonical);
            prop_assert_eq!(again.record.to_string(), canonical.clone());
            prop_assert_eq!(without_spans(again.record), without_spans(parsed.record));
        }
    }
}

/// A game whose comments and first line together already go beyond the game
/// limit is cut at once, not at its next line.
#[test]
fn a_game_beyond_the_limit_at_its_first_line_is_cut_there() {
    let text =
        "G0 He /\n\n; a comment of some length\nG1 He Gd>0GKhhh0GH0GH0\nG10 He Gd>0GH0 >0GH0\n";
    let limits = hirp::hirp::syntax::limits::Limits {
        line: 41,
        game: 40,
        ..Default::default()
    };
    let chunks: Vec<_> = hirp::hirp::syntax::Games::with_limits(text.as_bytes(), limits)
        .map(Result::unwrap)
        .collect();
    assert_eq!(chunks.len(), 2);
    let second = &chunks[1];
    let cut = second.cut.expect("the second game is cut");
    assert_eq!(cut.bound, hirp::core::limits::Bound::Game);
    assert_eq!(&second.bytes[..cut.at], b"\n; a comment of some length\n");
    let (_, parsed) = hirp::hirp::syntax::parse_chunk(second);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(
        parsed.errors[0].kind,
        hirp::hirp::syntax::SyntaxErrorKind::GameTooLong
    );
}
