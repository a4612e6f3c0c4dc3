//! What the fuzz targets assert of any input, shared with the test that
//! replays the seeds and every input a fuzzer found (`tests/suite/fuzz.rs`).

use hirp::hirp::replay::replay_record;
use hirp::hirp::syntax::limits::Limits;
use hirp::hirp::syntax::{Games, parse_chunk};

/// Reading any bytes: no panic, every span on the decoded text's character
/// boundaries, offsets those of the bytes (but for UTF-16, read decoded),
/// and a record read without error reads back the same from its canonical
/// form.
pub fn parse(data: &[u8]) {
    let (text, parsed) = hirp::hirp::parse_bytes(data);
    let read = hirp::core::encoding::transcode(data);
    assert_eq!(text.len(), read.len(), "decoding keeps offsets");
    for error in &parsed.errors {
        assert!(
            text.get(error.span.start..error.span.end).is_some(),
            "{error:?}"
        );
    }
    for game in &parsed.record.games {
        assert!(text.get(game.span.start..game.span.end).is_some());
    }
    if parsed.errors.is_empty() {
        let canonical = parsed.record.to_string();
        let again = hirp::hirp::parse(&canonical);
        assert!(again.errors.is_empty(), "{canonical:?}: {:?}", again.errors);
        assert_eq!(again.record.to_string(), canonical);
    }
}

/// Recognizing any bytes as a record written the usual way, whole and cut
/// into games: whenever `usual_games` counts the games of some bytes, the
/// full reader reads a chunk of them, at the start of a file and beyond it,
/// with no error and no warning, into as many games of as many turns.
pub fn scan(data: &[u8]) {
    scan_piece(data);
    for chunk in Games::new(data) {
        scan_piece(&chunk.expect("reading from memory").bytes);
    }
}

/// `bytes` read as a chunk, neither cut nor noted, at `offset` in a file.
fn parse_at(bytes: &[u8], offset: usize) -> hirp::hirp::Parsed {
    let chunk = hirp::hirp::syntax::Chunk {
        bytes: bytes.to_vec(),
        offset,
        line: 0,
        cut: None,
        note: None,
    };
    parse_chunk(&chunk).1
}

/// The `scan` check of one piece of bytes.
fn scan_piece(bytes: &[u8]) {
    let Some(counts) = hirp::hirp::syntax::scan::usual_games(bytes) else {
        return;
    };
    for offset in [0, 1, 70_000] {
        let parsed = parse_at(bytes, offset);
        assert!(parsed.errors.is_empty(), "{bytes:?}: {:?}", parsed.errors);
        let turns: Vec<usize> = parsed.record.games.iter().map(|g| g.turns.len()).collect();
        let counted: Vec<usize> = counts.iter().map(|&n| n as usize).collect();
        assert_eq!(turns, counted, "{bytes:?}");
    }
}

/// The fast path of a check held to the full replay, on any bytes, whole
/// and cut into games: whenever `replay::fast::games` replays some bytes,
/// the full reader reads a chunk of them, at the start of a file and beyond
/// it, with no error into as many games, with the same tags, and the full
/// replay finds no problem in any, the same turns, the same result and the
/// same final position. Returns how many of the pieces it replayed.
pub fn fast(data: &[u8]) -> usize {
    let mut replayed = usize::from(fast_piece(data));
    for chunk in Games::new(data) {
        replayed += usize::from(fast_piece(&chunk.expect("reading from memory").bytes));
    }
    replayed
}

/// The `fast` check of one piece of bytes: whether the fast path replayed
/// it.
pub fn fast_piece(bytes: &[u8]) -> bool {
    let Some(games) = hirp::hirp::replay::fast::games(bytes, 0) else {
        return false;
    };
    for offset in [0, 70_000] {
        let fast = hirp::hirp::replay::fast::games(bytes, offset).expect("at any offset");
        let shown = String::from_utf8_lossy(bytes);
        let parsed = parse_at(bytes, offset);
        assert!(parsed.errors.is_empty(), "{shown:?}: {:?}", parsed.errors);
        let full = replay_record(&parsed.record, &parsed.errors);
        assert_eq!(full.games.len(), fast.len(), "{shown:?}");
        for ((fast, report), game) in fast.iter().zip(&full.games).zip(&parsed.record.games) {
            assert_eq!(&fast.report, report, "{shown:?}");
            let tags =
                |tags: &[hirp::hirp::syntax::Tag]| -> Vec<(String, String, hirp::core::Span)> {
                    tags.iter()
                        .map(|t| (t.name.clone(), t.value.clone(), t.span))
                        .collect()
                };
            assert_eq!(tags(&fast.tags), tags(&game.tags), "{shown:?}");
            let head = game
                .tags
                .first()
                .map(|t| t.span)
                .or_else(|| game.turns.first().map(|t| t.label.span));
            assert_eq!(Some(fast.at), head, "{shown:?}");
        }
    }
    assert_eq!(
        games.len(),
        hirp::hirp::replay::fast::games(bytes, 0).unwrap().len()
    );
    true
}

/// Checks a read piece: every problem and fix points into its text, which
/// starts at `base`.
fn check_piece(text: &str, parsed: &hirp::hirp::Parsed, base: usize) {
    let report = replay_record(&parsed.record, &parsed.errors);
    let problems = report
        .problems
        .iter()
        .chain(report.games.iter().flat_map(|g| &g.problems));
    for problem in problems {
        let span = problem.span;
        assert!(
            text.get(span.start - base..span.end - base).is_some(),
            "{problem:?}"
        );
        if let Some(fix) = &problem.fix {
            assert!(
                text.get(fix.span.start - base..fix.span.end - base)
                    .is_some()
            );
        }
    }
}

/// Checking any bytes, whole and cut into games within small limits: no
/// panic, and every problem and fix points into the text.
pub fn validate(data: &[u8]) {
    let (text, parsed) = hirp::hirp::parse_bytes(data);
    check_piece(&text, &parsed, 0);
    let limits = Limits {
        line: 64,
        game: 256,
        ..Limits::DEFAULT
    };
    for chunk in Games::with_limits(data, limits) {
        let chunk = chunk.expect("reading from memory");
        let (text, parsed) = parse_chunk(&chunk);
        check_piece(&text, &parsed, chunk.offset);
    }
}

/// Importing any JSON, of either family: no panic, and what is imported
/// exports and imports back to the same records.
pub fn json_import(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(records) = hirp::json::read_any_records(text) else {
        return;
    };
    let document = hirp::json::Document {
        files: records
            .iter()
            .map(|(path, record)| record.entry(path))
            .collect(),
    };
    let json = serde_json::to_string(&document).expect("a document serializes");
    let again = hirp::json::read_any_records(&json).expect("an exported document imports");
    let shown = |records: &[(String, hirp::json::AnyRecord)]| {
        records
            .iter()
            .map(|(path, record)| format!("{path}\n{record}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&again), shown(&records));
}

/// Reading any bytes as a tafl record of each form (a game file, an
/// archive, hnefatafl.org's PGN export and its archive), whole and cut
/// into games within small limits: no panic; every error and fix on the
/// decoded text's character boundaries, offsets those of the bytes (but
/// for UTF-16, read decoded), with a help line; and a record read with no
/// error in its own form prints a canonical form that reads with no error
/// and prints as itself (unless it holds a NUL, which only UTF-16 text may
/// hold).
/// Every form a tafl record is read in.
const TAFL_FORMS: [hirp::tafl::syntax::Form; 5] = {
    use hirp::tafl::syntax::Form;
    [
        Form::Otg,
        Form::Csv,
        Form::Pgn,
        Form::Ron,
        Form::OpenTaflJson,
    ]
};

pub fn tafl_parse(data: &[u8]) {
    use hirp::tafl::syntax::{Games, Record, parse, parse_bytes};

    let read = hirp::core::encoding::transcode(data);
    for form in TAFL_FORMS {
        let (text, parsed) = parse_bytes(data, form);
        assert_eq!(text.len(), read.len(), "decoding keeps offsets");
        check_tafl_errors(&text, &parsed.errors, 0);
        let spans: Vec<_> = match &parsed.record {
            Record::Otg(r) | Record::Ron(r) => r.games.iter().map(|g| g.span).collect(),
            Record::Csv(r) => r.games.iter().map(|g| g.span).collect(),
        };
        for span in spans {
            assert!(text.get(span.start..span.end).is_some(), "{span:?}");
        }
        let canonical = parsed.record.to_string();
        // Read decoded from UTF-16, a record may hold NUL characters, which
        // make its printing, in UTF-8, not text to the reader.
        // Games read as a game file's (the PGN export's, the games the
        // server sends) print as a game file's.
        let own = parsed.record.form() == form;
        if !parsed.has_errors() && !canonical.contains('\0') && own {
            let again = parse(&canonical, form);
            assert!(!again.has_errors(), "{canonical:?}: {:?}", again.errors);
            assert_eq!(again.record.to_string(), canonical);
        }
        let limits = Limits {
            line: 64,
            game: 256,
            ..Limits::DEFAULT
        };
        for chunk in Games::with_limits(data, form, limits) {
            let chunk = chunk.expect("reading from memory");
            let (text, parsed) = hirp::tafl::syntax::parse_chunk(&chunk);
            check_tafl_errors(&text, &parsed.errors, chunk.offset);
        }
    }
}

/// Checks the errors of a tafl record's text, which starts at `base`: each
/// and its fix point into it, and each has a help line.
fn check_tafl_errors(text: &str, errors: &[hirp::tafl::syntax::SyntaxError], base: usize) {
    for error in errors {
        let span = error.span;
        assert!(span.start >= base, "{error:?}");
        assert!(
            text.get(span.start - base..span.end - base).is_some(),
            "{error:?}"
        );
        assert!(error.help.is_some(), "no help: {error:?}");
        if let Some(fix) = &error.fix {
            assert!(fix.span.start >= base, "{error:?}");
            assert!(
                text.get(fix.span.start - base..fix.span.end - base)
                    .is_some(),
                "{error:?}"
            );
        }
    }
}

/// Replaying any bytes as a tafl record of each form but hnefatafl.org's
/// archive, under its rules tag and under a preset's rules: no panic, and
/// every problem and fix lies on the decoded text's character boundaries.
pub fn tafl_validate(data: &[u8]) {
    use hirp::tafl::replay::replay_record;
    use hirp::tafl::rules::RuleSet;
    use hirp::tafl::syntax::parse_bytes;

    let presets = [
        None,
        RuleSet::preset("brandub"),
        RuleSet::preset("copenhagen"),
    ];
    for form in TAFL_FORMS {
        let (text, parsed) = parse_bytes(data, form);
        for rules in &presets {
            let replays = replay_record(&parsed.record, &parsed.errors, rules.as_ref());
            // Each game written in every form, or refused: no panic, and
            // a text that ends its line.
            let games = hirp::tafl::replay::Game::all(&parsed.record);
            for (game, replay) in games.into_iter().zip(&replays) {
                for to in hirp::tafl::convert::TARGETS {
                    if let Ok(converted) = hirp::tafl::convert::convert(game, replay, to) {
                        assert!(converted.text.ends_with('\n'), "{converted:?}");
                    }
                }
            }
            for replay in replays {
                for problem in &replay.problems {
                    let span = problem.span;
                    assert!(text.get(span.start..span.end).is_some(), "{problem:?}");
                    if let Some(fix) = &problem.fix {
                        let span = fix.span;
                        assert!(text.get(span.start..span.end).is_some(), "{problem:?}");
                    }
                }
            }
        }
    }
}

/// Making the page of any bytes, as HIRP, as a tafl game file and as a
/// tafl archive: no panic; every step's marks lie on its line's character
/// boundaries; packed, each step's board is restored as drawn; and the
/// page written game by game is the page written whole.
pub fn page(data: &[u8]) {
    use hirp::core::page::{PageWriter, html::html, pack};
    use hirp::tafl::syntax::Form;

    let brandub = hirp::tafl::rules::RuleSet::preset("brandub");
    let pages = [
        hirp::hirp::page::page("fuzz.hirp", data),
        hirp::tafl::page::page("fuzz.otg", data, Form::Otg, None),
        hirp::tafl::page::page("fuzz.csv", data, Form::Csv, brandub.as_ref()),
        hirp::tafl::page::page("fuzz.ron", data, Form::Ron, None),
    ];
    for page in &pages {
        let packed = pack(page);
        for (g, game) in page.games.iter().enumerate() {
            for (s, step) in game.steps.iter().enumerate() {
                let ranges = step.marks.iter().map(|m| m.range).chain(step.played);
                for [start, end] in ranges {
                    assert!(step.line.get(start..end).is_some(), "{:?}", step.line);
                }
                for &d in &step.diagnostics {
                    assert!(d < game.diagnostics.len());
                }
                let drawn: Vec<&str> = step
                    .board
                    .lines()
                    .filter(|l| !l.starts_with("<?xml"))
                    .collect();
                assert_eq!(packed.board(g, s), Some(drawn.join("\n")));
            }
        }
        let mut writer =
            PageWriter::start(Vec::new(), &page.title, &page.legend).expect("in memory");
        for game in &page.games {
            writer.game(game).expect("in memory");
        }
        let written = writer.finish(&page.diagnostics).expect("in memory");
        assert!(
            written.out == html(page).as_bytes(),
            "the page written game by game"
        );
    }
}

/// Any bytes read as a position line, HIRP's and a tafl board's (the
/// line's first field, OpenTafl's record): no panic, an error's span on
/// the line's character boundaries, and a line that reads written back
/// as what it read, its canonical form the same as its mirror image's.
pub fn position(data: &[u8]) {
    use hirp::hirp::position::{board, canonical, mirror, read, write};
    let text = String::from_utf8_lossy(data);
    match read(&text) {
        Ok(position) => {
            let line = write(&position);
            let again = read(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(write(&again), line);
            assert!(again.alike(&position), "{line}");
            assert_eq!(
                board(&canonical(&mirror(&position))),
                board(&canonical(&position))
            );
        }
        Err(e) => {
            assert!(e.span.start <= e.span.end, "{e:?}");
            assert!(text.get(e.span.start..e.span.end).is_some(), "{e:?}");
        }
    }
    let record = text.split(' ').next().unwrap_or_default();
    match hirp::tafl::rules::Layout::from_opentafl(record) {
        Ok(layout) => {
            let written = layout.to_opentafl();
            let again = hirp::tafl::rules::Layout::from_opentafl(&written)
                .unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(again, layout);
            assert_eq!(again.canonical(), layout.canonical());
        }
        Err(e) => {
            assert!(record.get(e.span.clone()).is_some(), "{e:?}");
        }
    }
}

/// Reading any bytes as hnefatafl.org's archive: no panic, whole or cut
/// into games within small limits; every error on the decoded text's
/// character boundaries with a help line. The lines hirp writes for the
/// games read read back as the same games (with no error but a play of
/// the side not to move) and as the same lines; the games written to JSON,
/// as a document and a game a line, read back and are written as those
/// lines; each game replayed under its board's rules has every problem on
/// the text's boundaries.
pub fn ron(data: &[u8]) {
    use hirp::tafl::replay::replay_record;
    use hirp::tafl::syntax::{Form, Games, SyntaxErrorKind, parse, parse_bytes};

    let (text, parsed) = parse_bytes(data, Form::Ron);
    check_tafl_errors(&text, &parsed.errors, 0);
    let written = parsed.record.to_string();
    let again = parse(&written, Form::Ron);
    let refused = |e: &&hirp::tafl::syntax::SyntaxError| e.kind != SyntaxErrorKind::RonWrongSide;
    assert!(
        !again.errors.iter().any(|e| refused(&e)),
        "{written:?}: {:?}",
        again.errors
    );
    assert_eq!(again.record.len(), parsed.record.len(), "{written:?}");
    assert_eq!(again.record.to_string(), written);

    let entry = serde_json::to_string(&hirp::tafl::json::file("fuzz.ron", &parsed.record))
        .expect("JSON is written");
    let document = format!(r#"{{"files":[{entry}]}}"#);
    let back = hirp::json::read_any_records(&document).expect("the document reads back");
    assert_eq!(back[0].1.to_string(), written);
    if !parsed.record.is_empty() {
        let lines: String = (1..=parsed.record.len())
            .filter_map(|n| hirp::tafl::json::game_line("fuzz.ron", &parsed.record, n))
            .map(|line| serde_json::to_string(&line).expect("JSON is written") + "\n")
            .collect();
        let back = hirp::json::read_any_records(&lines).expect("the lines read back");
        assert_eq!(back[0].1.to_string(), written);
    }

    for replay in replay_record(&parsed.record, &parsed.errors, None) {
        for problem in &replay.problems {
            let span = problem.span;
            assert!(text.get(span.start..span.end).is_some(), "{problem:?}");
            assert!(problem.fix.is_none(), "{problem:?}");
        }
    }
    let limits = Limits {
        line: 256,
        game: 1024,
        ..Limits::DEFAULT
    };
    for chunk in Games::with_limits(data, Form::Ron, limits) {
        let chunk = chunk.expect("reading from memory");
        let (text, parsed) = hirp::tafl::syntax::parse_chunk(&chunk);
        check_tafl_errors(&text, &parsed.errors, chunk.offset);
    }
}
