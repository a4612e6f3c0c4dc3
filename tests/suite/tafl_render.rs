//! Tafl boards drawn for people: snapshots of each preset's start as text,
//! of a Brandub position after a capture as text and as SVG, lines that fit
//! in 80 columns on every board up to 19 × 19, and pictures that read back
//! as XML with their caption escaped.

use hirp::tafl::render::{Board, Glyphs, MAX_COLUMNS, TextOptions};
use hirp::tafl::rules::{Layout, Move, Played, Position, RuleSet};
use hirp::tafl::{Piece, Side, Square};

const UNICODE: TextOptions = TextOptions {
    glyphs: Glyphs::Unicode,
    color: false,
};

const ASCII: TextOptions = TextOptions {
    glyphs: Glyphs::Ascii,
    color: false,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(text: &str) -> Move {
    let (from, to) = text.split_once('-').unwrap();
    Move {
        from: sq(from),
        to: sq(to),
    }
}

/// A Brandub game in which the attackers close on the guard in front of
/// the king: `f5-e5` takes `d5`, between `c5` and `e5`.
const CAPTURE_GAME: [&str; 7] = [
    "b4-b5", "c4-c2", "b5-c5", "c2-b2", "f4-f5", "b2-b3", "f5-e5",
];

/// The position after [`CAPTURE_GAME`], its last move and what it did.
fn after_capture(rules: &RuleSet) -> (Position, Move, Played) {
    let mut position = Position::new(rules);
    let mut last = None;
    for text in CAPTURE_GAME {
        let played = position.play(mv(text)).unwrap();
        last = Some((mv(text), played));
    }
    let (mv, played) = last.unwrap();
    (position, mv, played)
}

/// `text` without its ANSI escape sequences.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

/// The columns a terminal gives a line of these boards: one a character,
/// none of them being wide.
fn columns(line: &str) -> usize {
    for c in line.chars() {
        let code = u32::from(c);
        let wide = (0x1100..=0x115F).contains(&code)
            || (0x2E80..=0xA4CF).contains(&code)
            || (0xAC00..=0xD7A3).contains(&code)
            || (0xF900..=0xFAFF).contains(&code)
            || (0xFE30..=0xFE4F).contains(&code)
            || (0xFF00..=0xFF60).contains(&code)
            || (0xFFE0..=0xFFE6).contains(&code)
            || code >= 0x1F300;
        assert!(!wide, "`{c}` takes two columns: {line}");
        assert!(!c.is_control(), "a control character in {line:?}");
    }
    line.chars().count()
}

fn assert_fits(name: &str, text: &str) {
    for line in strip_ansi(text).lines() {
        let width = columns(line);
        assert!(
            width <= MAX_COLUMNS && width <= 80,
            "{name}: a line of {width} columns:\n{line}"
        );
    }
}

/// A 19 × 19 rule set read from an OpenTafl rules string: attackers along
/// the edges, defenders around the king, fortresses of both sides.
fn nineteen() -> RuleSet {
    let mut layout = Layout::empty(19).unwrap();
    for n in 5..14 {
        for (file, rank) in [(n, 0), (n, 18), (0, n), (18, n)] {
            layout.set(
                Square::new(file, rank).unwrap(),
                Some((Side::Attackers, Piece::Taflman)),
            );
        }
    }
    for (file, rank) in [
        (9, 7),
        (9, 8),
        (9, 10),
        (9, 11),
        (7, 9),
        (8, 9),
        (10, 9),
        (11, 9),
    ] {
        layout.set(
            Square::new(file, rank).unwrap(),
            Some((Side::Defenders, Piece::Taflman)),
        );
    }
    layout.set(sq("j10"), Some((Side::Defenders, Piece::King)));
    let text = format!(
        "dim:19 afor:j3,c10 dfor:h8,l12 start:{}",
        layout.to_opentafl()
    );
    let (mut rules, _) = RuleSet::from_opentafl(&text).unwrap();
    assert_eq!(rules.dim, 19);
    // A commander, drawn though the engine does not move it (a rules
    // string with one is refused).
    rules
        .start
        .set(sq("j2"), Some((Side::Attackers, Piece::Commander)));
    rules
}

#[test]
fn each_presets_start_as_text() {
    for name in RuleSet::PRESETS {
        let rules = RuleSet::preset(name).unwrap();
        let board = Board::start(&rules);
        insta::assert_snapshot!(format!("start_{name}"), board.text(UNICODE));
    }
    let rules = RuleSet::preset("brandub").unwrap();
    insta::assert_snapshot!("start_brandub_ascii", Board::start(&rules).text(ASCII));
}

#[test]
fn a_brandub_capture_as_text() {
    let rules = RuleSet::preset("brandub").unwrap();
    let (position, mv, played) = after_capture(&rules);
    assert_eq!(played.captures.iter().collect::<Vec<_>>(), [sq("d5")]);
    let board = Board::of(&position)
        .after(mv, &played)
        .with_caption("Brandub after 4. f5-e5, which takes d5");
    let unicode = board.text(UNICODE);
    assert!(unicode.contains(" ●  × [●](·) · "), "{unicode}");
    assert!(unicode.contains("× captured on d5"), "{unicode}");
    insta::assert_snapshot!("brandub_capture", unicode);
    insta::assert_snapshot!("brandub_capture_ascii", board.text(ASCII));
}

#[test]
fn a_nineteen_by_nineteen_board_as_text() {
    let rules = nineteen();
    let text = Board::start(&rules).text(UNICODE);
    for mark in [
        "⊟ attackers' fortress",
        "⊞ defenders' fortress",
        "c attackers' commander",
    ] {
        assert!(text.contains(mark), "{mark}:\n{text}");
    }
    insta::assert_snapshot!("start_nineteen", text);
}

#[test]
fn every_line_fits_in_80_columns() {
    let caption = "A caption long enough to be wrapped: it names the game, the players, \
                   the place and the date, and the move, and says it again, and again.";
    let mut rule_sets: Vec<(String, RuleSet)> = RuleSet::PRESETS
        .iter()
        .map(|&name| (name.to_owned(), RuleSet::preset(name).unwrap()))
        .collect();
    rule_sets.push(("19 × 19".to_owned(), nineteen()));
    for (name, rules) in &rule_sets {
        let mut position = Position::new(rules);
        let first = position.legal_moves()[0];
        let played = position.play(first).unwrap();
        let boards = [
            Board::start(rules),
            Board::of(&position)
                .after(first, &played)
                .with_caption(caption),
        ];
        for board in &boards {
            for glyphs in [Glyphs::Unicode, Glyphs::Ascii] {
                for color in [false, true] {
                    let text = board.text(TextOptions { glyphs, color });
                    assert_fits(name, &text);
                }
            }
        }
    }
}

#[test]
fn ascii_boards_are_ascii_and_colours_only_add_escapes() {
    let rules = RuleSet::preset("hnefatafl-13").unwrap();
    let (position, mv, played) = after_capture(&RuleSet::preset("brandub").unwrap());
    let boards = [
        Board::start(&rules),
        Board::of(&position).after(mv, &played),
    ];
    for board in &boards {
        assert!(board.text(ASCII).is_ascii());
        for glyphs in [Glyphs::Unicode, Glyphs::Ascii] {
            let plain = board.text(TextOptions {
                glyphs,
                color: false,
            });
            let colored = board.text(TextOptions {
                glyphs,
                color: true,
            });
            assert_ne!(plain, colored);
            assert!(colored.contains("\u{1b}["));
            assert_eq!(strip_ansi(&colored), plain);
        }
    }
}

#[test]
fn captions_hold_no_control_characters() {
    let rules = RuleSet::preset("brandub").unwrap();
    let text = Board::start(&rules)
        .with_caption("red \u{1b}[31m text\u{7}")
        .text(UNICODE);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        text.starts_with("red \u{FFFD}[31m text\u{FFFD}\n"),
        "{text:?}"
    );
}

#[test]
fn a_brandub_capture_as_svg() {
    let rules = RuleSet::preset("brandub").unwrap();
    let (position, mv, played) = after_capture(&rules);
    let svg = Board::of(&position)
        .after(mv, &played)
        .with_caption("Brandub after 4. f5-e5, which takes d5")
        .svg();
    insta::assert_snapshot!("brandub_capture_svg", svg);
}

/// The elements of `doc` whose class list holds `class`.
fn with_class<'a, 'i>(
    doc: &'a roxmltree::Document<'i>,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|c| c == class))
        })
        .collect()
}

#[test]
fn pictures_are_well_formed_and_escape_their_caption() {
    let caption = "<script>alert(1)</script> & \"more\"";
    let mut rule_sets: Vec<RuleSet> = RuleSet::PRESETS
        .iter()
        .map(|name| RuleSet::preset(name).unwrap())
        .collect();
    rule_sets.push(nineteen());
    for rules in &rule_sets {
        let svg = Board::start(rules).with_caption(caption).svg();
        assert!(!svg.contains("<script>"), "{svg}");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let side = 2 * 28 + 40 * u32::from(rules.dim);
        assert!(
            root.attribute("viewBox")
                .unwrap()
                .starts_with(&format!("0 0 {side} ")),
        );
        let title = root.children().find(|n| n.has_tag_name("title")).unwrap();
        assert_eq!(title.text(), Some(caption));
        let lines: Vec<&str> = with_class(&doc, "caption")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(lines.join(" "), caption);
        let pieces = rules.start.pieces().count();
        assert_eq!(with_class(&doc, "piece").len(), pieces);
        assert_eq!(
            with_class(&doc, "corner").len(),
            rules.corners.squares.len()
        );
    }
}

#[test]
fn pictures_mark_the_last_move_and_its_captures() {
    let rules = RuleSet::preset("brandub").unwrap();
    let (position, mv, played) = after_capture(&rules);
    let svg = Board::of(&position).after(mv, &played).svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let id = |id: &str| doc.descendants().find(|n| n.attribute("id") == Some(id));
    for present in [
        "move-from",
        "move-to",
        "move-arrow",
        "capture-d5",
        "piece-e5",
        "special-d4",
    ] {
        assert!(id(present).is_some(), "{present}");
    }
    assert!(id("piece-d5").is_none() && id("piece-f5").is_none());
    assert_eq!(with_class(&doc, "capture").len(), 1);
    assert_eq!(with_class(&doc, "attacker").len(), 8);
    assert_eq!(with_class(&doc, "defender").len(), 3);
    assert_eq!(with_class(&doc, "king").len(), 1);
    let start = Board::start(&rules).svg();
    assert!(!start.contains("move-") && !start.contains("capture") && !start.contains("caption"));
}

#[test]
fn commanders_and_knights_are_drawn_with_their_letter_and_class() {
    let rules = RuleSet::preset("berserk").unwrap();
    let svg = Board::start(&rules).svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let piece = |id: &str| {
        let node = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id))
            .unwrap_or_else(|| panic!("{id}"));
        let letter = node
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .and_then(|n| n.text())
            .map(str::to_owned);
        (node.attribute("class").unwrap().to_owned(), letter)
    };
    assert_eq!(
        piece("piece-b6"),
        ("piece commander attackers".to_owned(), Some("C".to_owned()))
    );
    assert_eq!(
        piece("piece-e5"),
        ("piece knight defenders".to_owned(), Some("N".to_owned()))
    );
    assert_eq!(with_class(&doc, "commander").len(), 4);
    assert_eq!(with_class(&doc, "knight").len(), 1);
}

#[test]
fn a_layout_of_another_size_is_refused() {
    let rules = RuleSet::preset("brandub").unwrap();
    let eleven = RuleSet::preset("hnefatafl-11").unwrap();
    assert!(Board::new(&rules, eleven.start.clone()).is_err());
    let board = Board::new(&rules, rules.start.clone()).unwrap();
    assert_eq!(board, Board::start(&rules));
}
