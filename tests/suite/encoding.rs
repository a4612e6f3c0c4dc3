//! What a record is written in: UTF-16 with a byte order mark is read
//! decoded, with a warning; a file that is not text (binary, UTF-16 with no
//! byte order mark, Latin-1) has one error that says what it looks like, and
//! nothing of it is read; a UTF-8 file with stray bad bytes is reported line
//! by line and read, as before.

use crate::common;

use common::hirp;
use hirp::hirp::syntax::{Games, SyntaxErrorKind, parse_chunk};

/// `text` in UTF-16, with a byte order mark or not.
fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let bom = bom.then_some('\u{feff}');
    bom.into_iter()
        .chain(text.chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(|unit| {
            if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            }
        })
        .collect()
}

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hirp-encoding-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn utf16_with_a_byte_order_mark_reads_as_its_text_in_utf8() {
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    // The same text in UTF-8, byte order mark and all: offsets are its.
    let utf8 = format!("\u{feff}{edition}");
    let expected = hirp::hirp::parse(&utf8);
    for big_endian in [false, true] {
        let bytes = utf16(&edition, big_endian, true);
        let (text, parsed) = hirp::hirp::parse_bytes(&bytes);
        assert_eq!(text, utf8);
        assert_eq!(parsed.record, expected.record);
        assert_eq!(parsed.errors[0].kind, SyntaxErrorKind::Utf16);
        assert_eq!(parsed.errors[1..], expected.errors[..]);
        assert!(parsed.has_errors(), "the crew letter");
        // Read from a stream a byte at a time, the same.
        let reader = std::io::BufReader::with_capacity(1, &bytes[..]);
        let mut streamed = Vec::new();
        for chunk in Games::new(reader) {
            let chunk = chunk.unwrap();
            let (_, part) = parse_chunk(&chunk);
            streamed.extend(part.errors);
        }
        assert_eq!(streamed, parsed.errors);
    }
    let (_, warned) = hirp::hirp::parse_bytes(&utf16("G1 KeHeiHei /\n", false, true));
    assert!(!warned.has_errors(), "a warning alone is no error");
}

#[test]
fn validate_reads_utf16_with_a_warning_and_offsets_of_the_decoded_text() {
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    let dir = scratch("validate");
    std::fs::write(dir.join("le.hirp"), utf16(&edition, false, true)).unwrap();
    std::fs::write(dir.join("be.hirp"), utf16(&edition, true, true)).unwrap();
    let output = hirp()
        .args(["validate", "le.hirp"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let shown =
        String::from_utf8(output.stderr).unwrap() + &String::from_utf8(output.stdout).unwrap();
    insta::assert_snapshot!(shown);
    let output = hirp()
        .args(["validate", "be.hirp"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let big =
        String::from_utf8(output.stderr).unwrap() + &String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        big.replace("UTF-16 BE", "UTF-16 LE")
            .replace("be.hirp", "le.hirp"),
        shown
    );
    // In JSON, the crew letter's offset is the UTF-8 file's, after the
    // three bytes of the byte order mark.
    let output = hirp()
        .args(["validate", "--format", "json", "le.hirp"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let json = String::from_utf8(output.stdout).unwrap();
    let offset = edition.find("kh03").unwrap() + 3;
    assert!(
        json.contains(&format!("\"line\":3,\"column\":12,\"offset\":{offset},")),
        "{json}"
    );
    assert!(json.contains("\"code\":\"hirp::syntax::utf16\""), "{json}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_and_fix_write_a_utf16_record_in_utf8() {
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    let edition = common::fixture("fixtures/rulebook/en.hirp");
    let output = hirp()
        .args(["fmt", "-"])
        .write_stdin(utf16(&corrected, false, true))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), corrected);
    let warned = String::from_utf8(output.stderr).unwrap();
    assert!(warned.starts_with("hirp::syntax::utf16\n"), "{warned}");
    let output = hirp()
        .args(["fix", "-"])
        .write_stdin(utf16(&edition, true, true))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("\u{feff}{corrected}")
    );
}

#[test]
fn a_file_that_is_not_text_has_one_error_and_no_game() {
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    let latin1: Vec<u8> = format!("[Site \"Besançon\"]\n; première partie\n{corrected}")
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    let mut elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
    elf.extend((0..=255u8).cycle().take(100_000));
    let cases = [
        (elf, "hirp::syntax::binary"),
        (
            utf16(&corrected, false, false),
            "hirp::syntax::utf16_without_bom",
        ),
        (
            utf16(&corrected, true, false),
            "hirp::syntax::utf16_without_bom",
        ),
        (latin1, "hirp::syntax::latin1"),
    ];
    for (bytes, code) in cases {
        let output = hirp()
            .args(["validate", "--format", "json", "-"])
            .write_stdin(bytes.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{code}");
        let json = String::from_utf8(output.stdout).unwrap();
        assert_eq!(json.matches("\"code\"").count(), 1, "{json}");
        assert!(json.contains(&format!("\"code\":\"{code}\"")), "{json}");
        assert!(json.contains("\"games\":[]"), "{json}");
        let (_, parsed) = hirp::hirp::parse_bytes(&bytes);
        assert_eq!(parsed.errors.len(), 1, "{code}");
        assert!(parsed.record.games.is_empty());
    }
}

#[test]
fn validate_of_a_binary_file_is_one_error() {
    let mut bytes = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0".to_vec();
    bytes.extend((0..=255u8).cycle().take(100_000));
    let output = hirp()
        .args(["validate", "-"])
        .write_stdin(bytes)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let shown =
        String::from_utf8(output.stderr).unwrap() + &String::from_utf8(output.stdout).unwrap();
    insta::assert_snapshot!(shown);
}

#[test]
fn stray_bad_bytes_in_utf8_are_reported_on_their_lines() {
    let corrected = common::fixture("fixtures/rulebook/corrected.hirp");
    let cases: [(Vec<u8>, usize); 3] = [
        // One line with a byte that is not UTF-8: one error, the game read.
        (format!("; caf\u{e9}\n{corrected}").into_bytes(), 0),
        (
            [b"; caf\xe9\n".as_slice(), corrected.as_bytes()].concat(),
            1,
        ),
        // Two such lines, and UTF-8 beyond ASCII: a UTF-8 file damaged.
        (
            [
                b"; Hir\xc3\xbe \xff\n; \xfe\n".as_slice(),
                corrected.as_bytes(),
            ]
            .concat(),
            2,
        ),
    ];
    for (bytes, bad) in cases {
        let (_, parsed) = hirp::hirp::parse_bytes(&bytes);
        let codes: Vec<&str> = parsed.errors.iter().map(|e| e.kind.name()).collect();
        assert_eq!(codes, vec!["invalid_utf8"; bad]);
        assert_eq!(parsed.record.games.len(), 1);
        assert_eq!(parsed.record.games[0].turns.len(), 10);
    }
}
