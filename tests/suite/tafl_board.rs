//! `hirp board` on tafl records: the position after a move, as a user sees
//! it, as text and as SVG.

use crate::common;

use common::hirp;

#[test]
fn the_board_after_a_capture_marks_the_move_and_the_captured_square() {
    let out = hirp()
        .args([
            "board",
            "fixtures/tafl/valid/brandub/captured_against_corner.otg",
        ])
        .output()
        .expect("hirp runs");
    assert!(out.status.success());
    insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout));
}

#[test]
fn an_archive_board_at_a_move_under_rules() {
    let out = hirp()
        .args(["board", "fixtures/tafl/valid/hnefatafl-11/timeout.csv"])
        .args(["--rules", "hnefatafl-11", "--turn", "1a"])
        .output()
        .expect("hirp runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    insta::assert_snapshot!(String::from_utf8_lossy(&out.stdout));
}

#[test]
fn a_move_the_game_does_not_have_is_an_error() {
    let out = hirp()
        .args([
            "board",
            "fixtures/tafl/valid/brandub/king_escaped.otg",
            "--turn",
            "9a",
        ])
        .output()
        .expect("hirp runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no move 9a"));
}

#[test]
fn the_svg_board_is_a_picture_of_the_position() {
    let out = hirp()
        .args([
            "board",
            "--svg",
            "-",
            "fixtures/tafl/valid/brandub/king_escaped.otg",
        ])
        .output()
        .expect("hirp runs");
    assert!(out.status.success());
    let svg = String::from_utf8_lossy(&out.stdout);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(
        svg.contains("piece-a7"),
        "the king on the corner he escaped to"
    );
}

/// `hirp replay` shows a game file's start-comment before its first move,
/// a paragraph a line, escaped; not when it starts at a later move.
#[test]
fn the_replay_shows_the_start_comment_before_the_first_move() {
    let game = "[attackers:Ann]\n[start-comment:Played at the club,\n  on a Tuesday.\n\n\
                A rematch \x1b[2J follows.]\n\
                [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n1. d2-c2 d3-c3\n";
    let out = hirp()
        .args(["replay", "--color", "never", "-"])
        .write_stdin(game)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "-: Ann (attackers) against defenders\n\n\
             Played at the club, on a Tuesday.\n\n\
             A rematch \\u{1b}[2J follows.\n\nAfter 1a: d2-c2\n"
        ),
        "{text}"
    );
    let later = hirp()
        .args(["replay", "--color", "never", "--turn", "1b", "-"])
        .write_stdin(game)
        .output()
        .unwrap();
    let text = String::from_utf8(later.stdout).unwrap();
    assert!(!text.contains("Played at the club"), "{text}");
}

#[test]
fn a_picture_caption_names_the_file_and_at_the_end_the_result() {
    let path = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let out = hirp().args(["board", "--svg", "-", path]).output().unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    let caption: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains(r#"class="caption""#))
        .filter_map(|l| l.split('>').nth(1)?.split('<').next())
        .collect();
    assert_eq!(
        caption,
        [
            "king_escaped.otg, game 1: after 3b —",
            "the defenders win: the king escaped"
        ]
    );
    // Before the end, no result.
    let early = hirp()
        .args(["board", "--svg", "-", "--turn", "1a", path])
        .output()
        .unwrap();
    let early = String::from_utf8(early.stdout).unwrap();
    assert!(
        early.contains("king_escaped.otg, game 1: after 1a<"),
        "{early}"
    );
    assert!(!early.contains("defenders win"));
}
