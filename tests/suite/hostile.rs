//! Hostile input: whatever the bytes, reading and checking end, without a
//! panic, in memory bounded by the limits and not by the input.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{self, BufReader, Read};

use hirp::hirp::replay::replay_record;
use hirp::hirp::syntax::{Games, parse_chunk};

/// Counts the bytes each thread has allocated and not freed, and the most
/// it had at once, so that a test measures its own memory whatever runs
/// beside it.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(by: isize) {
    // A thread being torn down has no counters left; it is not measured.
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + by);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: every call is passed to the system allocator unchanged; the
// counting only reads the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        grow(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            grow(size as isize - layout.size() as isize);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns what it gave with the most bytes it had allocated
/// at once on this thread.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(start));
    let value = f();
    let peak = PEAK.with(Cell::get) - start;
    (value, peak.max(0) as usize)
}

/// `pattern` again and again, `times` times, made as it is read.
struct Repeat {
    pattern: Vec<u8>,
    at: usize,
    times: usize,
}

fn repeat(pattern: &str, times: usize) -> Repeat {
    repeat_bytes(pattern.as_bytes().to_vec(), times)
}

fn repeat_bytes(pattern: Vec<u8>, times: usize) -> Repeat {
    Repeat {
        pattern,
        at: 0,
        times,
    }
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.times > 0 {
            let take = (self.pattern.len() - self.at).min(buf.len() - n);
            buf[n..n + take].copy_from_slice(&self.pattern[self.at..self.at + take]);
            n += take;
            self.at += take;
            if self.at == self.pattern.len() {
                self.at = 0;
                self.times -= 1;
            }
        }
        Ok(n)
    }
}

/// What checking a stream gives: for each piece read, its syntax error
/// codes and the number of games and of problems.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    chunks: usize,
    games: usize,
    codes: Vec<String>,
    problems: usize,
}

/// Reads and checks `input` game by game, as `hirp validate` does.
fn check(input: impl Read) -> Seen {
    let mut seen = Seen::default();
    for chunk in Games::new(BufReader::new(input)) {
        let chunk = chunk.expect("reading from memory");
        let (_, parsed) = parse_chunk(&chunk);
        let report = replay_record(&parsed.record, &parsed.errors);
        seen.chunks += 1;
        seen.games += parsed.record.games.len();
        seen.codes.extend(
            parsed
                .errors
                .iter()
                .map(|e| format!("hirp::syntax::{}", e.kind.name())),
        );
        seen.problems += report.games.iter().map(|g| g.problems.len()).sum::<usize>();
    }
    seen
}

/// Memory allowed to read any input: what the limits allow, a game of
/// 256 KiB read, decoded and parsed (its syntax tree takes about forty
/// times its text) with at most a thousand errors, with room to spare.
const BOUND: usize = 16 << 20;

#[test]
fn a_line_of_100_mb_is_cut_and_the_next_game_read() {
    let input = io::Cursor::new("G1 ")
        .chain(repeat("He", 50_000_000))
        .chain(io::Cursor::new(" /\nS1 He7He8He /\n\nG1 KeHeiHei /\n"));
    let (seen, peak) = peak_of(|| check(input));
    // The first game's first line is the long one: no game is read before
    // the next.
    assert_eq!((seen.chunks, seen.games), (2, 1), "{seen:?}");
    assert_eq!(seen.codes, ["hirp::syntax::line_too_long"]);
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn a_game_of_a_million_turns_is_cut_and_the_next_game_read() {
    let input = io::Cursor::new("G1 KeHeiHei /\n")
        .chain(repeat("S1 He7He8He /\nG2 He8He9He /\n", 500_000))
        .chain(io::Cursor::new("\n[Game \"2\"]\nG1 KeHeiHei /\n"));
    let (seen, peak) = peak_of(|| check(input));
    assert_eq!(seen.games, 2, "{seen:?}");
    // Read up to its ten thousandth turn; cut at 256 KiB.
    assert_eq!(
        seen.codes,
        [
            "hirp::syntax::too_many_turns",
            "hirp::syntax::game_too_long"
        ]
    );
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn four_hundred_thousand_turns_in_many_games_take_flat_memory() {
    let game = "G1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\nS2 Ke6KeHi /\n";
    let (seen, peak) = peak_of(|| check(repeat(game, 100_000)));
    assert_eq!(seen.games, 100_000);
    assert_eq!(seen.problems, 0);
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn reading_stops_after_a_hundred_thousand_games() {
    let game = "G1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\nS2 Ke6KeHi /\n";
    let input = repeat(game, 100_000)
        .chain(io::Cursor::new("\n\n[Game \"next\"]\n"))
        .chain(repeat(game, 1000));
    let (seen, peak) = peak_of(|| check(input));
    assert_eq!(seen.games, 100_000);
    assert_eq!(seen.codes, ["hirp::syntax::too_many_games"]);
    // Nothing after it is read.
    assert_eq!(seen.chunks, 100_001);
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn four_hundred_thousand_turns_in_utf16_take_flat_memory() {
    let game = "G1 KeHeiHei /\nS1 He7He8He /\nG2 L01HeiKhhh03 /\nS2 Ke6KeHi /\n";
    let utf16: Vec<u8> = game.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let input = io::Cursor::new(b"\xff\xfe").chain(repeat_bytes(utf16, 100_000));
    let (seen, peak) = peak_of(|| check(input));
    assert_eq!(seen.games, 100_000);
    assert_eq!(seen.codes, ["hirp::syntax::utf16"]);
    assert_eq!(seen.problems, 1, "the warning");
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn a_binary_input_is_one_error_and_is_not_read_on() {
    // A gigabyte is not read: the first bytes tell it is binary.
    let input = repeat_bytes((0..=255u8).collect(), 4_000_000);
    let (seen, peak) = peak_of(|| check(input));
    assert_eq!(seen.codes, ["hirp::syntax::binary"]);
    assert_eq!((seen.chunks, seen.games), (1, 0));
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn a_thousand_nested_comments_are_one_comment() {
    let nested = format!(
        "{}\n{}\nG1 KeHeiHei /\n",
        "{".repeat(1000),
        "}".repeat(1000)
    );
    let parsed = hirp::hirp::parse(&nested);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.record.games.len(), 1);
    // Never closed: one error, and nothing after it is a game.
    let unclosed = format!("{}\nG1 KeHeiHei /\n", "{".repeat(1000));
    let parsed = hirp::hirp::parse(&unclosed);
    let codes: Vec<&str> = parsed.errors.iter().map(|e| e.kind.name()).collect();
    assert_eq!(codes, ["unterminated_comment"]);
    // A hundred thousand, a line each: cut at the game limit.
    let (seen, peak) = peak_of(|| {
        check(
            repeat("{\n", 100_000)
                .chain(repeat("}\n", 100_000))
                .chain(io::Cursor::new("G1 KeHeiHei /\n")),
        )
    });
    // Once a comment is found never closed, a comment ends with its line:
    // each `{` is reported, up to a thousand errors; the game is cut at its
    // limit.
    let count = |code: &str| seen.codes.iter().filter(|c| *c == code).count();
    assert_eq!(count("hirp::syntax::unterminated_comment"), 1000);
    assert_eq!(
        seen.codes[1000..],
        [
            "hirp::syntax::too_many_errors",
            "hirp::syntax::game_too_long"
        ]
    );
    assert!(peak < BOUND, "{peak} bytes");
}

/// The error codes and game count of a record.
fn codes(bytes: &[u8]) -> (Vec<String>, usize) {
    let (_, parsed) = hirp::hirp::parse_bytes(bytes);
    let report = replay_record(&parsed.record, &parsed.errors);
    let codes = report
        .games
        .iter()
        .flat_map(|g| &g.problems)
        .chain(&report.problems)
        .filter(|p| p.severity == hirp::Severity::Error)
        .map(|p| p.code.to_string())
        .collect();
    (codes, parsed.record.games.len())
}

#[test]
fn line_ends_a_bom_and_tabs_read_as_plain_text() {
    let game = common::fixture("fixtures/rulebook/corrected.hirp");
    let plain = hirp::hirp::parse(&game).record.to_string();
    let variants = [
        game.replace('\n', "\r\n"),
        game.replace('\n', "\r"),
        format!("\u{feff}{game}"),
        game.replace(' ', "\t"),
        format!("\u{feff}{}", game.replace('\n', "\r").replace(' ', "\t")),
    ];
    for variant in variants {
        let parsed = hirp::hirp::parse(&variant);
        assert!(parsed.errors.is_empty(), "{variant:?}: {:?}", parsed.errors);
        assert_eq!(parsed.record.to_string(), plain, "{variant:?}");
        assert_eq!(codes(variant.as_bytes()), (Vec::new(), 1), "{variant:?}");
    }
}

#[test]
fn bad_bytes_are_reported_where_they_are() {
    let cases: [(&[u8], &[&str]); 6] = [
        (b"G1 Ke\x1bHeiHei /\n", &["hirp::syntax::expected_piece"]),
        // A NUL: the file is not text, and nothing more is said of it.
        (b"G1 Ke\0HeiHei /\nS1 Kx /\n", &["hirp::syntax::binary"]),
        (
            b"G1 KeHeiHei /\nS1 He7\xffHe8He /\n",
            &["hirp::syntax::invalid_utf8"],
        ),
        // A BOM after the start is a character like any other.
        (
            b"G1 KeHeiHei /\n\xef\xbb\xbfS1 He7He8He /\n",
            &["hirp::syntax::unexpected_line"],
        ),
        (
            b"G123456789012345678901234567890 KeHeiHei /\n",
            &["hirp::syntax::round_too_large"],
        ),
        // UTF-16 LE read decoded: its first unit `\0G` is U+4700, and
        // the odd byte at the end U+FFFD.
        (b"\xff\xfe\0G\x001\0", &["hirp::syntax::unexpected_line"]),
    ];
    for (bytes, expected) in cases {
        let (found, _) = codes(bytes);
        assert_eq!(found, expected, "{}", String::from_utf8_lossy(bytes));
    }
}

#[test]
fn long_lines_of_tokens_are_bounded() {
    // Ten thousand battle groups, a crew of a thousand, a step of a
    // thousand digits (`He7`, then a digit where a piece starts): each
    // reported, none read token by token for ever.
    let battles = format!("G1 KeHeiHei {}\n", ">6GHx".repeat(10_000));
    let crew = format!("G1 K{}e /\n", "h".repeat(1000));
    let digits = format!("G1 He{} /\n", "7".repeat(1000));
    for (text, expected) in [
        (battles, "hirp::syntax::too_many_tokens"),
        (crew, "hirp::step::manned_karve_enters"),
        (digits, "hirp::syntax::expected_piece"),
    ] {
        let (found, _) = codes(text.as_bytes());
        assert_eq!(
            found.first().map(String::as_str),
            Some(expected),
            "{found:?}"
        );
    }
}

#[test]
fn every_command_survives_every_hostile_file() {
    let dir = std::env::temp_dir().join(format!("hirp-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: [(&str, Vec<u8>); 8] = [
        ("nul", b"G1 Ke\0HeiHei /\nS1 He7He8He /\n".to_vec()),
        ("utf8", b"G1 KeHeiHei /\nS1 \xff\xfe /\n".to_vec()),
        ("cr", b"G1 KeHeiHei /\rS1 He7He8He /\r".to_vec()),
        (
            "nested",
            format!("{}G1 KeHeiHei /\n", "{".repeat(1000)).into_bytes(),
        ),
        (
            "long",
            format!("G1 {} /\n", "He".repeat(40_000)).into_bytes(),
        ),
        (
            "battles",
            format!("G1 KeHeiHei {}\n", ">6GHx".repeat(10_000)).into_bytes(),
        ),
        ("empty", Vec::new()),
        ("binary", (0..=255u8).cycle().take(4096).collect()),
    ];
    let commands: [&[&str]; 9] = [
        &["validate"],
        &["json"],
        &["fmt"],
        &["fix"],
        &["replay"],
        &["board"],
        &["position", "--all"],
        &["replay", "--continue"],
        &["diff", "fixtures/rulebook/corrected.hirp"],
    ];
    for (name, bytes) in &files {
        let path = dir.join(format!("{name}.hirp"));
        std::fs::write(&path, bytes).unwrap();
        for command in commands {
            let output = common::hirp().args(command).arg(&path).output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let code = output.status.code();
            // 2 when there is no game to show; never a panic (101) or a
            // signal.
            assert!(
                matches!(code, Some(0..=2)),
                "hirp {command:?} {name}: exit {code:?}\n{stderr}"
            );
            assert!(
                !stderr.contains("panicked"),
                "hirp {command:?} {name}\n{stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_of_nothing_but_mistakes_stops_after_a_thousand_errors() {
    // Every turn wrong: a Hirþ enters from an empty supply.
    let mut text = String::from("G1 KeHeiHei /\n");
    for _ in 0..4000 {
        text.push_str("S1 He7He8He /\nG2 He8He9He /\n");
    }
    let (seen, peak) = peak_of(|| check(io::Cursor::new(text.as_bytes())));
    assert_eq!(seen.games, 1);
    let parsed = hirp::hirp::parse(&text);
    let report = replay_record(&parsed.record, &parsed.errors);
    let problems = &report.games[0].problems;
    let errors = problems
        .iter()
        .filter(|p| p.severity == hirp::Severity::Error)
        .count();
    assert!((1000..1010).contains(&errors), "{errors} errors");
    let last = problems.last().unwrap();
    assert_eq!(last.code.to_string(), "hirp::turn::unread");
    assert!(last.label.starts_with("the game has 100"), "{}", last.label);
    assert!(!report.games[0].is_valid());
    assert!(peak < BOUND, "{peak} bytes");
}

#[test]
fn a_long_token_is_quoted_short() {
    let text = format!("G1 He{} /\n", "7".repeat(1000));
    let parsed = hirp::hirp::parse(&text);
    let report = replay_record(&parsed.record, &parsed.errors);
    let labels: Vec<&str> = report.games[0]
        .problems
        .iter()
        .filter(|p| p.code.to_string() == "hirp::turn::unread")
        .map(|p| p.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["`He7777777777777777777777…` could not be read; the rest of the game is not checked"]
    );
}

/// What a command gave on `bytes`, written to a file named `name` (or, with
/// `-` among `args`, on standard input): its exit status and standard
/// error.
fn command_on(name: &str, bytes: &[u8], args: &[&str]) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("hirp-hostile-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let mut command = common::hirp();
    command.args(args);
    if args.contains(&"-") {
        command.write_stdin(bytes.to_vec());
    } else {
        command.arg(&path);
    }
    let output = command.output().unwrap();
    let _ = std::fs::remove_file(&path);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Checks that `args` on `bytes` ends with exit status 1 and no panic,
/// writing at most `most` bytes, in lines of at most a window's width, on
/// standard error; returns standard error.
fn ends_bounded(name: &str, bytes: &[u8], args: &[&str], most: usize) -> String {
    let (code, stderr) = command_on(name, bytes, args);
    assert_eq!(
        code,
        Some(1),
        "hirp {args:?} {name}:\n{}",
        &stderr[..stderr.len().min(2000)]
    );
    assert!(!stderr.contains("panicked"), "hirp {args:?} {name}");
    assert!(
        stderr.len() <= most,
        "hirp {args:?} {name}: {} bytes",
        stderr.len()
    );
    // A line quoted is at most 200 bytes either side of a label and 200 of
    // it, with the gutter and marks; a label's line as long.
    let longest = stderr.lines().map(str::len).max().unwrap_or(0);
    assert!(
        longest < 1000,
        "hirp {args:?} {name}: a line of {longest} bytes"
    );
    stderr
}

#[test]
fn a_label_at_the_end_of_a_line_of_exactly_the_limit_is_shown() {
    // `G1 ` and 65,533 letters: one line of exactly 64 KiB, read like any
    // other; its last error points at its end.
    let hirp = format!("G1 {}\n", "Z".repeat(65_533)).into_bytes();
    assert_eq!(hirp.len(), 64 * 1024 + 1);
    let (codes, _) = codes(&hirp);
    assert_eq!(
        codes,
        [
            "hirp::syntax::expected_piece",
            "hirp::syntax::missing_outcome"
        ]
    );
    for args in [
        &["validate"][..],
        &["validate", "--syntax-only"],
        &["json"],
        &["fix"],
        &["fmt", "--check"],
        &["validate", "-"],
    ] {
        let stderr = ends_bounded("line.hirp", &hirp, args, 20_000);
        if args != ["json"] && args != ["fmt", "--check"] {
            assert!(stderr.contains("line.hirp:1:65537]") || stderr.contains("[-:1:65537]"));
        }
    }
    // An archive's line of exactly 64 KiB, a move cut short at its end.
    let mut csv = "d2-e2 e2-d2 ".repeat(5462).into_bytes();
    csv.truncate(64 * 1024 - 1);
    csv.extend_from_slice(b"x\n");
    assert_eq!(csv.len(), 64 * 1024 + 1);
    for args in [
        &["json", "--rules", "brandub"][..],
        &["fmt", "--check", "--rules", "brandub"],
        &["validate", "--rules", "brandub"],
        &["fix", "--rules", "brandub"],
    ] {
        let stderr = ends_bounded("line.csv", &csv, args, 2_000_000);
        assert!(
            stderr.contains("hirp::tafl::syntax::expected_square"),
            "{args:?}"
        );
    }
}

#[test]
fn a_long_archive_line_of_errors_writes_a_bounded_report() {
    // Every move from an empty square: one error a move, each quoting its
    // line. 32 KB wrote 342 MB when each quoted the whole line.
    let line = format!("{}\n", "d2-e2 e2-d2 ".repeat(2666));
    let stderr = ends_bounded(
        "moves.csv",
        line.as_bytes(),
        &["validate", "--rules", "copenhagen"],
        2_000_000,
    );
    // The replay stops after a thousand errors.
    assert_eq!(stderr.matches("hirp::tafl::move::no_piece\n").count(), 999);
    assert!(stderr.contains("the game has 1000 errors before this move"));
    assert!(stderr.contains(" │ …"), "the quoted line is cut");
}

#[test]
fn an_archive_line_stops_after_a_thousand_syntax_errors() {
    use hirp::tafl::syntax::{Form, SyntaxErrorKind, parse_bytes};
    // A move run on into one token of 64 KB: two errors every two bytes.
    let line = format!(
        "d1-d3 f4-c4 e1-e2{} e7-e10,1,1,White\n",
        "e2".repeat(32_700)
    );
    let ((_, parsed), peak) = peak_of(|| parse_bytes(line.as_bytes(), Form::Csv));
    let errors = &parsed.errors;
    assert!(
        (1000..1003).contains(&errors.len()),
        "{} errors",
        errors.len()
    );
    let last = errors.last().unwrap();
    assert_eq!(last.kind, SyntaxErrorKind::TooManyErrors);
    assert_eq!(last.span.end, line.len() - 1, "over the rest of the line");
    assert!(peak < BOUND, "{peak} bytes");
    // Read and replayed to the stop, where the replay stops too.
    let stderr = ends_bounded(
        "token.csv",
        line.as_bytes(),
        &["json", "--rules", "copenhagen"],
        2_000_000,
    );
    assert!(stderr.contains("hirp::tafl::syntax::too_many_errors"));
    // In a game file's turn, too.
    let turn = format!(
        "[rules:dim:7]\n\n1. d2-c2{}\n2. d2-c2 c5-c4\n",
        " e2".repeat(5000)
    );
    let (_, parsed) = parse_bytes(turn.as_bytes(), Form::Otg);
    let kinds: Vec<SyntaxErrorKind> = parsed.errors.iter().map(|e| e.kind).collect();
    assert_eq!(kinds.len(), 1001);
    assert_eq!(kinds[1000], SyntaxErrorKind::TooManyErrors);
    let game = &parsed.record.as_otg().unwrap().games[0];
    assert_eq!(game.turns.len(), 1, "the turn after is not read");
}

#[test]
fn a_file_shows_at_most_ten_thousand_diagnostics() {
    // Twelve thousand games of a match, none with a result: an error each.
    let record = "G1 KeHeiHei /\n\n".repeat(12_000);
    let output = common::hirp()
        .args(["validate", "-q", "-"])
        .write_stdin(record)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.matches("hirp::match::unfinished\n").count(), 10_000);
    assert_eq!(stderr.matches("note: ").count(), 1);
    assert!(stderr.contains("note: -: the first 10000 diagnostics are shown, and no more\n"));
    // Counted all the same.
    let summary = String::from_utf8(output.stdout).unwrap();
    assert!(
        summary.contains("errors    11999  hirp::match::unfinished 11999"),
        "{summary}"
    );
}
