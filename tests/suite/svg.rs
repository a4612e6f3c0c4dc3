//! SVG pictures of positions: snapshots of the start, the rulebook example's
//! end and a turn in the middle of its attacks, read back as XML to check
//! what is drawn where.

use crate::common;

use hirp::hirp::Side;
use hirp::hirp::render::svg::svg;
use hirp::hirp::replay::{Observer, StepView, replay_game, replay_game_with};
use hirp::hirp::rules::Position;
use hirp::hirp::syntax::Game;
use roxmltree::{Document, Node};

const FINAL_CAPTION: &str =
    "The rulebook's example after S5, the battles fought: Silfr wins by Drepið, doubled: 10 points";
const S4_CAPTION: &str = "S4 after H8>6: Silfr attacks 3 from 5, and 6 from 8";

/// The rulebook's example game, corrected.
fn corrected_game() -> Game {
    let parsed = hirp::hirp::parse(&common::fixture("fixtures/rulebook/corrected.hirp"));
    parsed.record.games.into_iter().next().expect("one game")
}

/// The position at the end of the corrected example: Silfr has won.
fn final_position() -> Position {
    replay_game(&corrected_game(), &[]).position
}

/// Keeps the position after one written step.
struct KeepStep {
    turn: usize,
    token: usize,
    position: Option<Position>,
}

impl Observer for KeepStep {
    fn step(&mut self, step: &StepView<'_>) {
        if step.index == self.turn && step.token == self.token {
            self.position = Some(*step.position);
        }
    }
}

/// Turn S4 of the corrected example after `H8>6`, before its battles:
/// Silfr's Karve stands on the line from 5 to 3, its Lofðungr and a Hirþ on
/// the line from 8 to 6.
fn s4_position() -> Position {
    let mut keep = KeepStep {
        turn: 7,
        token: 3,
        position: None,
    };
    replay_game_with(&corrected_game(), &[], &mut keep);
    keep.position.expect("S4 has a fourth step")
}

/// The three pictures the tests look at.
fn pictures() -> [(Position, String); 3] {
    [
        (
            Position::new(),
            svg(&Position::new(), "The start of a game"),
        ),
        (final_position(), svg(&final_position(), FINAL_CAPTION)),
        (s4_position(), svg(&s4_position(), S4_CAPTION)),
    ]
}

/// The class list of a node, or "".
fn class<'a>(node: Node<'a, '_>) -> &'a str {
    node.attribute("class").unwrap_or("")
}

fn has_class(node: Node<'_, '_>, name: &str) -> bool {
    class(node).split(' ').any(|c| c == name)
}

/// The elements of class `name` drawn for `side`.
fn count_for(doc: &Document<'_>, side: Side, name: &str) -> usize {
    let side = side.name().to_lowercase();
    doc.descendants()
        .filter(|n| has_class(*n, name))
        .filter(|n| n.ancestors().any(|a| has_class(a, &side)))
        .count()
}

/// The text of an element, its `<tspan>`s included.
fn text_of(node: Node<'_, '_>) -> String {
    node.descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect()
}

/// The numbers in an attribute such as `translate(12 34.5)` or `M1 2L3 4`.
fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect()
}

fn by_id<'a, 'i>(doc: &'a Document<'i>, id: &str) -> Node<'a, 'i> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no element with id {id}"))
}

/// The middles of two spaces, read from the land bridge between them.
fn route(doc: &Document<'_>, a: char, b: char) -> ((f64, f64), (f64, f64)) {
    let (line, swapped) = doc
        .descendants()
        .find_map(|n| match n.attribute("id") {
            Some(id) if id == format!("route-{a}-{b}") => Some((n, false)),
            Some(id) if id == format!("route-{b}-{a}") => Some((n, true)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no route between {a} and {b}"));
    let number = |name: &str| -> f64 { line.attribute(name).unwrap().parse().unwrap() };
    let (p, q) = ((number("x1"), number("y1")), (number("x2"), number("y2")));
    if swapped { (q, p) } else { (p, q) }
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[test]
fn start_position() {
    insta::assert_snapshot!("start", svg(&Position::new(), "The start of a game"));
}

#[test]
fn rulebook_final_position() {
    insta::assert_snapshot!("rulebook_final", svg(&final_position(), FINAL_CAPTION));
}

#[test]
fn s4_with_attackers_on_lines() {
    insta::assert_snapshot!("s4_attackers_on_lines", svg(&s4_position(), S4_CAPTION));
}

#[test]
fn pictures_are_svg_with_a_view_box_a_title_and_every_space_labelled() {
    for (_, picture) in pictures() {
        let doc = Document::parse(&picture).expect("well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(
            root.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        let view_box = numbers(root.attribute("viewBox").expect("a viewBox"));
        assert_eq!(view_box.len(), 4);
        assert!(view_box[2] > 0.0 && view_box[3] > 0.0);
        assert!(root.children().any(|n| n.has_tag_name("title")));
        let texts: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(text_of)
            .collect();
        for code in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "m"] {
            assert!(texts.iter().any(|t| t == code), "no label {code}");
        }
        assert!(!picture.contains("href"), "nothing external");
    }
}

#[test]
fn captions_are_escaped_and_titled() {
    let picture = svg(&Position::new(), "Gull & Silfr <draft>");
    let doc = Document::parse(&picture).expect("well-formed XML");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("Gull & Silfr <draft>"));
    let caption = doc
        .descendants()
        .find(|n| has_class(*n, "caption"))
        .unwrap();
    assert_eq!(text_of(caption), "Gull & Silfr <draft>");
}

#[test]
fn the_same_position_gives_the_same_text() {
    assert_eq!(
        svg(&s4_position(), S4_CAPTION),
        svg(&s4_position(), S4_CAPTION)
    );
}

#[test]
fn one_disc_per_lofdungr_on_the_board() {
    let [start, end, s4] = pictures();
    for ((_, picture), (gull, silfr)) in [(start, (1, 1)), (end, (0, 1)), (s4, (1, 1))] {
        let doc = Document::parse(&picture).unwrap();
        assert_eq!(count_for(&doc, Side::Gull, "lofdungr"), gull);
        assert_eq!(count_for(&doc, Side::Silfr, "lofdungr"), silfr);
    }
}

#[test]
fn every_hirth_and_karve_on_the_board_is_drawn() {
    for (position, picture) in pictures() {
        let doc = Document::parse(&picture).unwrap();
        for side in Side::ALL {
            let army = position.army(side);
            let hirths = count_for(&doc, side, "hirth") + count_for(&doc, side, "crew");
            assert_eq!(hirths, usize::from(army.hirths_on_board()), "{side:?}");
            let karves = 3 - usize::from(army.karve_supply());
            assert_eq!(count_for(&doc, side, "karve"), karves, "{side:?}");
        }
    }
}

#[test]
fn many_loose_hirths_are_shown_as_a_few_and_a_count() {
    let parsed = hirp::hirp::parse("G1 HeHeHeHeHe /\nS1 HeHeHeHeHe /\nG2 HeHeHeHeHe /\n");
    let report = replay_game(&parsed.record.games[0], &[]);
    assert!(report.is_valid(), "{:?}", report.problems);
    let doc_text = svg(&report.position, "");
    let doc = Document::parse(&doc_text).unwrap();
    assert_eq!(count_for(&doc, Side::Gull, "hirth"), 3);
    let count = doc
        .descendants()
        .find(|n| has_class(*n, "count"))
        .expect("a count");
    assert_eq!(text_of(count), "×10");
    assert!(count.ancestors().any(|a| has_class(a, "gull")));
    assert_eq!(count_for(&doc, Side::Silfr, "hirth"), 5);
}

#[test]
fn attackers_stand_on_their_line_and_point_at_the_space_they_attack() {
    let picture = svg(&s4_position(), S4_CAPTION);
    let doc = Document::parse(&picture).unwrap();
    let attacks: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "attack"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(attacks, ["attack-S-5-3", "attack-S-8-6"]);
    for (id, from, to, lofdungr, hirths, crews) in [
        ("attack-S-5-3", '5', '3', 0, 0, vec![2]),
        ("attack-S-8-6", '8', '6', 1, 1, vec![]),
    ] {
        let group = by_id(&doc, id);
        let count = |name: &str| group.descendants().filter(|n| has_class(*n, name)).count();
        assert_eq!(count("lofdungr"), lofdungr, "{id}");
        assert_eq!(count("hirth"), hirths, "{id}");
        assert_eq!(count("karve"), crews.len(), "{id}");
        assert_eq!(count("crew"), crews.iter().sum::<usize>(), "{id}");

        let at = numbers(group.attribute("transform").unwrap());
        let at = (at[0], at[1]);
        let (a, b) = route(&doc, from, to);
        let along = distance(a, at) + distance(at, b) - distance(a, b);
        assert!(along.abs() < 0.5, "{id} is not on the line {from}–{to}");
        assert!(distance(a, at) > 20.0 && distance(at, b) > 20.0, "{id}");

        let head = group
            .descendants()
            .find(|n| has_class(*n, "arrowhead"))
            .expect("an arrowhead");
        let tip = numbers(head.attribute("d").unwrap());
        let tip = (at.0 + tip[0], at.1 + tip[1]);
        assert!(
            distance(tip, b) < distance(at, b),
            "{id} points away from {to}"
        );
    }
    // The pieces on lines are not drawn again on the spaces they attack from.
    assert_eq!(count_for(&doc, Side::Silfr, "lofdungr"), 1);
}

#[test]
fn the_result_or_the_side_to_move_is_shown() {
    let [start, end, s4] = pictures();
    let shown = |picture: &str, name: &str| {
        let doc = Document::parse(picture).unwrap();
        doc.descendants().find(|n| has_class(*n, name)).map(text_of)
    };
    assert_eq!(shown(&start.1, "turn").as_deref(), Some("Gull to move"));
    assert_eq!(shown(&s4.1, "turn").as_deref(), Some("Silfr to move"));
    assert_eq!(shown(&start.1, "result"), None);
    assert_eq!(
        shown(&end.1, "result").as_deref(),
        Some("Game over. Silfr wins by Drepið, doubled: 10 points")
    );
    assert_eq!(shown(&end.1, "turn"), None);
}

/// `docs/rulebook-final.svg` is this picture; `HIRP_UPDATE_DOCS=1 cargo test`
/// writes it anew.
#[test]
fn docs_picture_is_up_to_date() {
    let path = common::root().join("docs/rulebook-final.svg");
    let picture = svg(&final_position(), FINAL_CAPTION);
    if std::env::var_os("HIRP_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &picture).expect("docs/ is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == picture,
        "docs/rulebook-final.svg is out of date: run `HIRP_UPDATE_DOCS=1 cargo test --test suite svg::`"
    );
}

#[test]
fn svg_refuses_to_write_over_a_record_it_names() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("svg-over-a-record");
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["game.hirp", "GAME.OTG", "archive.csv", "game.json"] {
        let record = dir.join(name);
        std::fs::write(&record, "G1 KeHeiHei /\n").unwrap();
        let output = common::hirp()
            .args(["board", "--svg"])
            .arg(&record)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("--svg OUT.svg"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&record).unwrap(), "G1 KeHeiHei /\n");
    }
}
