//! `usual_games` held to the full reader: whenever it counts the games of a
//! chunk, `parse_chunk` reads a chunk of the same bytes, at any offset, with
//! no error and no warning, into as many games of as many turns. Checked on
//! every fixture and each of its chunks, on generated games (all of which
//! it must count), and on text near them, random or changed at one byte.

use crate::common;

use hirp::hirp::generate::{Options, record};
use hirp::hirp::syntax::scan::usual_games;
use hirp::hirp::syntax::{Chunk, Games, parse_chunk};
use proptest::prelude::*;

/// Checks the contract on `bytes`: when `usual_games` counts them, the full
/// reader agrees, at offsets 0 and beyond. Returns whether it counted them.
fn agrees(bytes: &[u8]) -> bool {
    let Some(counts) = usual_games(bytes) else {
        return false;
    };
    for offset in [0, 1, 70_000] {
        let chunk = Chunk {
            bytes: bytes.to_vec(),
            offset,
            line: 0,
            cut: None,
            note: None,
        };
        let (_, parsed) = parse_chunk(&chunk);
        let shown = String::from_utf8_lossy(bytes);
        assert_eq!(parsed.errors, [], "{shown:?} at {offset}");
        let turns: Vec<u32> = parsed
            .record
            .games
            .iter()
            .map(|game| u32::try_from(game.turns.len()).unwrap())
            .collect();
        assert_eq!(turns, &counts[..], "{shown:?} at {offset}");
    }
    true
}

/// The chunks `Games` cuts `bytes` into.
fn chunks(bytes: &[u8]) -> Vec<Chunk> {
    Games::new(bytes)
        .map(|chunk| chunk.expect("reading from memory"))
        .collect()
}

#[test]
fn fixtures_counted_are_read_so_by_the_parser() {
    let (mut files, mut counted, mut chunks_seen, mut chunks_counted) = (0, 0, 0, 0);
    for path in common::files_under(&common::root().join("fixtures"), "hirp") {
        let bytes = std::fs::read(&path).expect("a fixture");
        files += 1;
        counted += usize::from(agrees(&bytes));
        for chunk in chunks(&bytes) {
            chunks_seen += 1;
            chunks_counted += usize::from(agrees(&chunk.bytes));
        }
    }
    eprintln!(
        "fixtures: {counted} of {files} files and {chunks_counted} of {chunks_seen} chunks counted"
    );
    assert!(files > 100, "{files} fixtures");
    // The valid and rulebook fixtures are written the usual way.
    assert!(counted > files / 4, "{counted} of {files} files counted");
    assert!(
        chunks_counted > chunks_seen / 4,
        "{chunks_counted} of {chunks_seen} chunks"
    );
}

#[test]
fn every_generated_game_is_counted_as_the_parser_reads_it() {
    let text = common::generated(3, 2_000);
    let all = chunks(text.as_bytes());
    assert_eq!(all.len(), 2_000);
    let counted = all.iter().filter(|chunk| agrees(&chunk.bytes)).count();
    assert_eq!(
        counted,
        all.len(),
        "every chunk of generated games is counted"
    );
    let whole = usual_games(text.as_bytes()).expect("the whole record is counted");
    assert_eq!(whole.len(), 2_000);
    assert!(agrees(text.as_bytes()));
}

#[test]
fn generated_games_with_comments_and_crlf_are_counted() {
    let text = common::decorated(&common::generated(4, 300));
    let all = chunks(text.as_bytes());
    assert_eq!(all.len(), 300);
    for chunk in &all {
        assert!(
            agrees(&chunk.bytes),
            "{:?}",
            String::from_utf8_lossy(&chunk.bytes)
        );
    }
    assert!(agrees(text.as_bytes()));
}

#[test]
fn games_begin_where_the_parser_begins_them() {
    for (text, counts) in [
        ("G1 He /\nS1 He /\nG2 He /\nG1 He /\n", &[3, 1][..]),
        ("G1 He /\nG01 He /\nG001 He /\nS1 He /\n", &[1, 1, 2]),
        ("S1 He /\nS1 He /\nG10 He /\n", &[3]),
        (
            "[A \"1\"]\n[B \"2\"]\nG1 He /\n[C \"3\"]\n\n; end\n",
            &[1, 0],
        ),
        ("; nothing but comments\n\n", &[]),
    ] {
        assert_eq!(
            usual_games(text.as_bytes()).as_deref(),
            Some(counts),
            "{text:?}"
        );
        assert!(agrees(text.as_bytes()));
    }
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

/// Lines near the usual way, joined at random: whole turns and tags, and
/// pieces of them.
fn usual_like() -> impl Strategy<Value = String> {
    const PIECES: &[&str] = &[
        "G1 KeHeiHei /",
        "S1 He GdSa/",
        "G2 K3>5L42 >5SK5SH5GK^",
        "G01 He /",
        "S12 Hm>3H98 >3GK3GH3SHx >4SK4GK^",
        "[Event \"Jarl's Cup\"]",
        "[Result \"*\"]",
        "; a comment",
        " ; after",
        "\n",
        "\r\n",
        "\r",
        " ",
        "\t",
        "{c}",
        "}",
        "\\",
        "\"",
        "G",
        "S",
        "He",
        ">",
        "/",
        "\u{feff}",
    ];
    prop::collection::vec(prop::sample::select(PIECES), 0..24).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn notation_like_text_counted_is_read_so(text in notation_like()) {
        agrees(text.as_bytes());
    }

    #[test]
    fn usual_like_text_counted_is_read_so(text in usual_like()) {
        agrees(text.as_bytes());
    }

    #[test]
    fn generated_games_changed_at_one_byte_counted_are_read_so(
        seed in 0u64..1_000,
        at in any::<prop::sample::Index>(),
        byte in prop_oneof![
            4 => prop::sample::select(b"GSHKLhevim>/^x0123456789 \t\n\r[]\";{}\\".to_vec()),
            1 => 0x80..=0xffu8,
            1 => any::<u8>(),
        ],
        change in 0..3u8,
        decorate in any::<bool>(),
    ) {
        let mut text = record(Options { seed, games: 2, max_turns: 12 }).to_string();
        if decorate {
            text = common::decorated(&text);
        }
        let mut bytes = text.into_bytes();
        let n = at.index(bytes.len() + 1);
        match change {
            0 if n < bytes.len() => bytes[n] = byte,
            1 if n < bytes.len() => {
                bytes.remove(n);
            }
            _ => bytes.insert(n, byte),
        }
        agrees(&bytes);
        for chunk in chunks(&bytes) {
            agrees(&chunk.bytes);
        }
    }
}
