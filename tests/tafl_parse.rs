//! Reading tafl records: the fixtures of `fixtures/tafl/syntax` (valid
//! records, and one input per code), every line of the two archives, and
//! what the readers do with generated records and with any input.

mod common;

use common::examples::expand;

// The command's own rendering of diagnostics, so that the snapshots show
// them as users see them.
#[allow(dead_code)]
#[path = "../src/cli/color.rs"]
mod color;
#[path = "../src/cli/quote.rs"]
mod quote;
#[allow(dead_code)]
#[path = "../src/cli/report.rs"]
mod report;

use std::path::Path;

use hirp::Severity;
use hirp::tafl::syntax::{
    Form, Games, Info, MoveType, Parsed, PieceLetter, Record, SyntaxError, SyntaxErrorKind,
    WrittenMove, parse, parse_bytes, parse_csv,
};
use hirp::tafl::{Piece, Side};
use proptest::prelude::*;

/// The diagnostics of `text`, read from `path`, rendered as the command
/// renders them when piped: no colour, 100 columns, a blank line after each.
fn render(path: &str, text: &str, errors: &[SyntaxError]) -> String {
    let reporter = report::Reporter::new(color::ColorChoice::Never);
    let source = report::Source::excerpt(path, text, 0, 0);
    errors
        .iter()
        .map(|error| reporter.render_width(error, &source, 100) + "\n")
        .collect()
}

/// The form a fixture's extension names; a `.json` fixture is
/// hnefatafl.org's JSON.
fn form_of(path: &Path) -> Form {
    let extension = path.extension().unwrap().to_string_lossy();
    if extension == "json" {
        return Form::OpenTaflJson;
    }
    Form::from_extension(&extension).expect("a fixture is .otg, .csv, .ron, .json or .pgn")
}

/// The code a fixture named `err_<code>` or `err_<code>_<n>` is for.
fn code_of(stem: &str) -> Option<&str> {
    let name = stem.strip_prefix("err_")?;
    Some(match name.rsplit_once('_') {
        Some((code, n)) if n.chars().all(|c| c.is_ascii_digit()) => code,
        _ => name,
    })
}

#[test]
fn fixtures_read_as_their_names_say() {
    insta::glob!("../fixtures/tafl/syntax", "*.{otg,csv}", |path| {
        let relative = common::relative(path);
        let bytes = std::fs::read(path).unwrap();
        let (text, parsed) = parse_bytes(&bytes, form_of(path));
        let stem = path.file_stem().unwrap().to_string_lossy();
        let Some(code) = code_of(&stem) else {
            // A valid record: nothing to say, and its canonical form.
            assert_eq!(parsed.errors, [], "{relative}");
            assert!(!parsed.record.is_empty(), "{relative}");
            insta::assert_snapshot!(parsed.record.to_string());
            return;
        };
        assert_eq!(
            parsed.errors.first().map(|e| e.kind.name()),
            Some(code),
            "{relative} reports hirp::tafl::syntax::{code} first: {:?}",
            parsed.errors
        );
        for error in &parsed.errors {
            assert!(error.help.is_some(), "{relative}: no help for {error:?}");
            assert!(text.get(error.span.start..error.span.end).is_some());
        }
        insta::assert_snapshot!(render(&relative, &text, &parsed.errors));
    });
}

#[test]
fn every_code_has_a_fixture() {
    let dir = common::root().join("fixtures/tafl/syntax");
    let stems: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            path.file_stem().unwrap().to_string_lossy().into_owned()
        })
        .collect();
    for kind in SyntaxErrorKind::ALL {
        // Inputs beyond the size limits are too large to keep: their
        // documented examples stand for them.
        if matches!(
            kind,
            SyntaxErrorKind::LineTooLong
                | SyntaxErrorKind::GameTooLong
                | SyntaxErrorKind::TooManyErrors
                | SyntaxErrorKind::TooManyTurns
                | SyntaxErrorKind::TooManyGames
        ) {
            continue;
        }
        let name = format!("err_{}", kind.name());
        assert!(stems.contains(&name), "fixtures/tafl/syntax lacks {name}");
    }
    let codes: Vec<&str> = stems.iter().filter_map(|s| code_of(s)).collect();
    for code in codes {
        assert!(
            SyntaxErrorKind::ALL.iter().any(|k| k.name() == code),
            "err_{code} names no code"
        );
    }
}

/// Each kind's documented example, from the doc comments of
/// `src/tafl/syntax/error/kinds.rs`: its name, the form the doc names, and
/// the last `...` of the doc.
fn documented_examples() -> Vec<(String, Form, String)> {
    let source = common::fixture("src/tafl/syntax/error/kinds.rs");
    let body = &source[source.find("kinds! {").unwrap()..];
    let mut examples = Vec::new();
    let mut doc = String::new();
    for line in body.lines().map(str::trim) {
        if let Some(text) = line.strip_prefix("/// ") {
            doc.push_str(text);
            doc.push(' ');
        } else if let Some((_, rest)) = line.split_once(" = \"") {
            let name = rest[..rest.find('"').unwrap()].to_owned();
            let example = doc
                .rsplit('`')
                .nth(1)
                .expect("the doc ends with an example");
            let form = if doc.contains("hnefatafl.org's JSON") {
                Form::OpenTaflJson
            } else if doc.contains("RON archive") {
                Form::Ron
            } else if doc.contains("PGN export") {
                Form::Pgn
            } else if doc.contains("game file") {
                Form::Otg
            } else {
                assert!(doc.contains("archive"), "the doc of {name} names its form");
                Form::Csv
            };
            examples.push((name, form, example.to_owned()));
            doc.clear();
        }
    }
    examples
}

#[test]
fn documented_examples_trigger_their_error() {
    let examples = documented_examples();
    assert_eq!(examples.len(), SyntaxErrorKind::ALL.len());
    for (name, form, example) in examples {
        let bytes = expand(&example);
        let (text, parsed) = parse_bytes(&bytes, form);
        // Too many errors come after a thousand others: the example's error
        // is the last, where any other's is the first.
        let shown = if name == SyntaxErrorKind::TooManyErrors.name() {
            parsed.errors.last()
        } else {
            parsed.errors.first()
        };
        assert_eq!(
            shown.map(|e| e.kind.name()),
            Some(name.as_str()),
            "{example}"
        );
        for error in &parsed.errors {
            assert!(error.help.is_some(), "{example}: no help for {error:?}");
            assert!(text.get(error.span.start..error.span.end).is_some());
        }
    }
}

/// The row of a code in `docs/codes.md`: its cells after the code, trimmed.
fn codes_row<'a>(page: &'a str, code: &str) -> Vec<&'a str> {
    let start = format!("| `{code}` |");
    let line = page
        .lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("docs/codes.md lacks the row of {code}"));
    line[start.len()..]
        .trim_end_matches('|')
        .split(" | ")
        .map(str::trim)
        .collect()
}

/// The table in `docs/codes.md` of the readers' codes lists every code with its
/// severity and message, and each row's example, read in the form of the
/// file it links (else of the kind's documented example), gives its code.
#[test]
fn the_codes_page_lists_every_syntax_code_with_an_example_that_gives_it() {
    let codes = common::fixture("docs/codes.md");
    let forms: Vec<(String, Form)> = documented_examples()
        .into_iter()
        .map(|(name, form, _)| (name, form))
        .collect();
    for kind in SyntaxErrorKind::ALL {
        let code = format!("hirp::tafl::syntax::{}", kind.name());
        let cells = codes_row(&codes, &code);
        assert_eq!(cells[0], kind.severity().name(), "{code}");
        assert_eq!(cells[2].replace("\\|", "|"), kind.message(), "{code}");
        let example = cells[1].split('`').nth(1).expect("an example in backticks");
        let form = match cells[1].split_once("([file](") {
            Some((_, link)) => {
                let path = link.trim_end_matches(')');
                let linked = common::root().join("docs").join(path);
                assert!(linked.exists(), "{code} links {path}");
                assert!(
                    path.contains(&format!("err_{}.", kind.name())),
                    "{code} links {path}"
                );
                form_of(Path::new(path))
            }
            None => {
                forms
                    .iter()
                    .find(|(n, _)| n == kind.name())
                    .expect("documented")
                    .1
            }
        };
        let (_, parsed) = parse_bytes(&expand(example), form);
        assert!(
            parsed.errors.iter().any(|e| e.kind == *kind),
            "{code}: {example}"
        );
    }
}

/// The warnings of a record read with no error, by code.
fn warnings(parsed: &Parsed) -> Vec<(&'static str, usize)> {
    assert!(!parsed.has_errors(), "{:?}", parsed.errors);
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for error in &parsed.errors {
        assert_eq!(error.kind.severity(), Severity::Warning);
        match counts
            .iter_mut()
            .find(|(name, _)| *name == error.kind.name())
        {
            Some((_, n)) => *n += 1,
            None => counts.push((error.kind.name(), 1)),
        }
    }
    counts
}

/// What other tools write in an archive is told line by line, and nothing
/// is left out unsaid: every line is the header, a game, or has an error
/// of its own (a warning for a header read as the archive's).
#[test]
fn every_line_of_an_archive_of_other_columns_is_read_or_reported() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "moves,attackers,defenders,result\nd2-c2,0,0,Ongoing\n",
            &["other_header"],
        ),
        (
            "\"moves\",\"attacker_captures\",\"defender_captures\",\"result\"\nd2-c2,0,0,Ongoing\n",
            &["other_header"],
        ),
        (
            "id,moves,attacker_captures,defender_captures,result\n1,d2-c2,0,0,Ongoing\n2,d2-c2,0,0,Black\n",
            &["extra_fields", "extra_fields", "extra_fields"],
        ),
        (
            "moves,result\nd2-c2,Ongoing\n",
            &["missing_field", "expected_count", "missing_field"],
        ),
        (
            "d2-c2,0,0,Ongoing,\n\"d2-c2\",0,0,Ongoing\nd2-c2,0,0,Ongoing\n",
            &["extra_fields", "quoted_field"],
        ),
    ];
    for (text, codes) in cases {
        let parsed = parse_csv(text);
        let said: Vec<&str> = parsed.errors.iter().map(|e| e.kind.name()).collect();
        assert_eq!(said, codes, "{text:?}");
        let record = parsed.record.as_csv().unwrap();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let end = start + line.len();
            let on_line = |at: usize| start <= at && at < end;
            let header = record.header.is_some_and(|h| on_line(h.start));
            let game = record.games.iter().any(|g| on_line(g.span.start));
            let error = parsed.errors.iter().any(|e| on_line(e.span.start));
            assert!(
                header || game || error,
                "{text:?}: {line:?} is left out unsaid"
            );
            start = end;
        }
    }
    // A header read as the archive's is written as its own.
    let parsed = parse_csv("moves,attackers,defenders,result\nd2-c2,0,0,Ongoing\n");
    assert_eq!(
        parsed.record.to_string(),
        "moves,attacker_captures,defender_captures,result\nd2-c2,0,0,Ongoing\n"
    );
}

#[test]
fn every_line_of_the_archives_reads_as_written() {
    // Each archive, its games, and its warnings by code.
    type Archive = (&'static str, usize, &'static [(&'static str, usize)]);
    let archives: [Archive; 2] = [
        ("brandubh", 420, &[("empty_result", 2)]),
        ("copenhagen", 1402, &[]),
    ];
    for (name, games, expected) in archives {
        let path = format!("fixtures/tafl/archives/{name}.csv");
        let text = common::fixture(&path);
        let parsed = parse_csv(&text);
        assert_eq!(warnings(&parsed), expected, "{path}");
        let record = parsed.record.as_csv().unwrap();
        assert_eq!(record.games.len(), games, "{path}");
        // Each line is one game, read as written: its canonical form is
        // the line itself.
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), games, "{path}");
        for (game, line) in record.games.iter().zip(&lines) {
            assert_eq!(&game.to_string(), line, "{path}");
            assert_eq!(&text[game.span.start..game.span.end], *line);
            assert!(game.attacker_captures.value.is_some());
            assert!(game.defender_captures.value.is_some());
            let timeouts = game.plies.iter().filter(|p| p.ends_game()).count();
            assert!(
                timeouts <= 1
                    && game.plies[..game.plies.len() - timeouts]
                        .iter()
                        .all(|p| p.as_move().is_some())
            );
        }
        let empty = record.games.iter().filter(|g| g.result.is_none()).count();
        assert_eq!(empty, expected.iter().map(|(_, n)| n).sum::<usize>());
    }
}

/// Bytes read `times` times over, never held more than once.
struct Repeated {
    bytes: Vec<u8>,
    times: usize,
    at: usize,
}

impl std::io::Read for Repeated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.times == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.bytes.len() - self.at);
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        if self.at == self.bytes.len() {
            self.at = 0;
            self.times -= 1;
        }
        Ok(n)
    }
}

/// A large archive read from a `BufRead` game by game: each chunk is one
/// line, whatever the archive's size, and spans are offsets in the whole.
#[test]
fn a_large_archive_is_read_from_any_reader_in_flat_memory() {
    let times = 8;
    for (name, games, empty) in [("brandubh", 420, 2), ("copenhagen", 1402, 0)] {
        let bytes =
            std::fs::read(common::root().join(format!("fixtures/tafl/archives/{name}.csv")))
                .unwrap();
        let longest = bytes.split(|&b| b == b'\n').map(<[u8]>::len).max().unwrap();
        let reader = Repeated {
            bytes: bytes.clone(),
            times,
            at: 0,
        };
        let (mut read, mut warnings, mut last_end) = (0, 0, 0);
        for chunk in Games::new(std::io::BufReader::with_capacity(4096, reader), Form::Csv) {
            let chunk = chunk.unwrap();
            assert!(
                chunk.bytes.len() <= longest + 1,
                "{} bytes",
                chunk.bytes.len()
            );
            let (_, parsed) = hirp::tafl::syntax::parse_chunk(&chunk);
            assert!(!parsed.has_errors(), "{:?}", parsed.errors);
            warnings += parsed.errors.len();
            let record = parsed.record.as_csv().unwrap();
            assert_eq!(record.games.len(), 1);
            last_end = record.games[0].span.end;
            read += 1;
        }
        assert_eq!(read, games * times, "{name}");
        assert_eq!(warnings, empty * times, "{name}");
        // The last game ends before the last line end of the last copy.
        assert_eq!(last_end, bytes.len() * times - 1, "{name}");
    }
}

#[test]
fn a_capture_listed_twice_is_read_as_written() {
    let parsed = parse_csv("j6-k6xk5xk5 e5-e4,1,0,Ongoing\n");
    assert_eq!(parsed.errors, []);
    let game = &parsed.record.as_csv().unwrap().games[0];
    let captures: Vec<String> = game.plies[0]
        .as_move()
        .unwrap()
        .captures
        .iter()
        .map(|c| c.square.to_string())
        .collect();
    assert_eq!(captures, ["k5", "k5"]);
    assert_eq!(game.to_string(), "j6-k6xk5xk5 e5-e4,1,0,Ongoing");
}

#[test]
fn an_opentafl_move_reads_its_piece_captures_and_mark() {
    let m: WrittenMove = "Ne6^=e8xce7/ne9/f8/d8+".parse().unwrap();
    assert_eq!(
        m.piece,
        Some(PieceLetter {
            side: Side::Defenders,
            piece: Piece::Knight
        })
    );
    assert_eq!(
        (m.from.to_string(), m.kind, m.to.to_string()),
        ("e6".to_owned(), MoveType::BerserkJump, "e8".to_owned())
    );
    let captured: Vec<String> = m.captures.iter().map(ToString::to_string).collect();
    assert_eq!(captured, ["ce7", "ne9", "f8", "d8"]);
    assert_eq!(m.info, Some(Info::KingThreatened));
    assert_eq!(m.to_string(), "Ne6^=e8xce7/ne9/f8/d8+");
    for wrong in ["", "e6", "e6-", "e6-e8x", "E6-e8", "e6-e8!", "e6-e8xd8/"] {
        assert!(wrong.parse::<WrittenMove>().is_err(), "{wrong}");
    }
}

// ---- Generated records ----

#[path = "common/tafl_records.rs"]
mod tafl_records;

use tafl_records::{record, without_spans};

/// The games with no result: each is read with a warning.
fn empty_results(record: &Record) -> usize {
    record
        .as_csv()
        .map_or(0, |r| r.games.iter().filter(|g| g.result.is_none()).count())
}

/// What holds of reading any text: every error points into it, on its
/// characters' boundaries, with a help line; and a record read with no
/// error reads the same game by game and at once, and prints a canonical
/// form that reads with no error and prints as itself.
fn check_any(text: &str, form: Form) -> Result<(), TestCaseError> {
    let parsed = parse(text, form);
    for error in &parsed.errors {
        prop_assert!(
            text.get(error.span.start..error.span.end).is_some(),
            "{:?}",
            error
        );
        prop_assert!(error.help.is_some(), "no help: {:?}", error);
        if let Some(fix) = &error.fix {
            prop_assert!(
                text.get(fix.span.start..fix.span.end).is_some(),
                "{:?}",
                error
            );
        }
    }
    if !parsed.has_errors() {
        // Around a `[` that is not closed, the cut between games may fall
        // elsewhere.
        prop_assert_eq!(&parsed, &hirp::tafl::syntax::parse_unlimited(text, form));
        let canonical = parsed.record.to_string();
        let again = parse(&canonical, form);
        prop_assert!(!again.has_errors(), "{:?}: {:?}", canonical, again.errors);
        prop_assert_eq!(again.record.to_string(), canonical);
    }
    Ok(())
}

/// Text made of the notation's characters, likelier than any text to
/// reach deep into the grammar.
fn notation_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(
                "[]:|.-^=x/,+ \t\n\r0123456789adeksKTtcnN_!#timeoutBlackWhite"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            1 => any::<char>(),
        ],
        0..160,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// An edit of a text: at a fraction of its length, remove a character,
/// put one in, or both.
fn edits() -> impl Strategy<Value = Vec<(f64, bool, Option<char>)>> {
    let c = prop_oneof![
        8 => prop::sample::select("[]:|.-^=x/,+ \t\n\r019adKtT".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ];
    prop::collection::vec((0.0..1.0f64, any::<bool>(), prop::option::of(c)), 1..6)
}

/// `text` with `edits` made.
fn edited(text: &str, edits: &[(f64, bool, Option<char>)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, remove, put) in edits {
        let n = ((chars.len() as f64) * at) as usize;
        if remove && n < chars.len() {
            chars.remove(n);
        }
        if let Some(c) = put {
            chars.insert(n.min(chars.len()), c);
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A record printed reads back as the same tree, and its printing is
    /// canonical: printed again, it is the same text.
    #[test]
    fn printed_records_read_back(record in record()) {
        let text = record.to_string();
        let parsed = parse(&text, record.form());
        let kinds: Vec<_> = parsed.errors.iter().map(|e| e.kind).collect();
        prop_assert_eq!(kinds, vec![SyntaxErrorKind::EmptyResult; empty_results(&record)], "{}", text);
        prop_assert_eq!(parsed.record.to_string(), text.clone());
        prop_assert_eq!(without_spans(parsed.record), record, "{}", text);
    }

    /// Read game by game, as `parse` reads, a record gives what it gives
    /// read at once, whatever its line ends; so does each game on its own,
    /// read from a reader of any buffer size.
    #[test]
    fn reading_game_by_game_reads_the_same(
        record in record(),
        ends in 0..3usize,
        capacity in 1..64usize,
    ) {
        let mut text = record.to_string();
        match ends {
            1 => text = text.replace('\n', "\r\n"),
            2 => text = text.replace('\n', "\r"),
            _ => {}
        }
        let form = record.form();
        let whole = hirp::tafl::syntax::parse_unlimited(&text, form);
        prop_assert_eq!(&parse(&text, form), &whole);
        let mut games = Record::empty(form);
        let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        for chunk in Games::new(reader, form) {
            let (_, parsed) = hirp::tafl::syntax::parse_chunk(&chunk.unwrap());
            prop_assert!(parsed.record.len() <= 1, "{:?}", parsed.record);
            match (&mut games, parsed.record) {
                (Record::Otg(all), Record::Otg(one)) => all.games.extend(one.games),
                (Record::Csv(all), Record::Csv(one)) => {
                    all.header = all.header.or(one.header);
                    all.games.extend(one.games);
                }
                _ => prop_assert!(false, "a chunk of another form"),
            }
        }
        prop_assert_eq!(games, whole.record);
    }

    /// Records with a few characters changed: no panic, and what holds of
    /// any text.
    #[test]
    fn edited_records_read_without_panic(record in record(), edits in edits()) {
        let text = edited(&record.to_string(), &edits);
        check_any(&text, Form::Otg)?;
        check_any(&text, Form::Csv)?;
    }

    #[test]
    fn any_text_reads_without_panic(text in any::<String>()) {
        check_any(&text, Form::Otg)?;
        check_any(&text, Form::Csv)?;
    }

    #[test]
    fn notation_like_text_reads_without_panic(text in notation_like()) {
        check_any(&text, Form::Otg)?;
        check_any(&text, Form::Csv)?;
    }

    /// Any bytes: no panic, and every error points into the decoded text.
    #[test]
    fn any_bytes_read_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for form in [Form::Otg, Form::Csv] {
            let (text, parsed) = parse_bytes(&bytes, form);
            for error in &parsed.errors {
                prop_assert!(text.get(error.span.start..error.span.end).is_some(), "{:?}", error);
                prop_assert!(error.help.is_some(), "no help: {:?}", error);
            }
        }
    }
}
