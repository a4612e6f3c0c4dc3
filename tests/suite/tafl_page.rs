//! The page of a tafl record (`hirp html`): a board at the start and after
//! every move, each move marked in its turn's text, every problem on the
//! step of its move.

use hirp::tafl::page::page;
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::Form;

fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).expect("the fixture")
}

#[test]
fn every_move_has_its_board_and_is_marked_in_its_turn() {
    let path = "fixtures/tafl/valid/brandub/king_captured_corner.otg";
    let page = page(path, &read(path), Form::Otg, None);
    assert_eq!(page.games.len(), 1);
    let game = &page.games[0];
    assert_eq!(game.steps.len(), 12, "the start and 11 moves");
    assert!(game.diagnostics.is_empty());
    assert_eq!(
        game.result.as_deref(),
        Some("the attackers win: the king is captured")
    );
    let played: Vec<&str> = game.steps[1..]
        .iter()
        .map(|s| {
            let [a, b] = s.played.expect("a move is marked");
            &s.line[a..b]
        })
        .collect();
    assert_eq!(played[0], "f4-f2");
    assert_eq!(played[1], "c4-c1");
    assert_eq!(played[10], "d7-c7++");
    assert_eq!(game.steps[11].line, "6. d7-c7++");
    assert!(game.steps.iter().all(|s| s.board.starts_with("<?xml")));
}

#[test]
fn a_problem_is_shown_on_its_move_with_its_token_marked() {
    let path = "fixtures/tafl/invalid/brandub/err_capture_spurious.otg";
    let rules = RuleSet::preset("brandub").expect("the preset");
    let page = page(path, &read(path), Form::Otg, Some(&rules));
    let game = &page.games[0];
    assert_eq!(game.diagnostics.len(), 1);
    assert_eq!(game.diagnostics[0].code, "hirp::tafl::capture::spurious");
    let step = &game.steps[1];
    assert_eq!(step.diagnostics, [0]);
    let [a, b] = step.marks[0].range;
    assert_eq!(&step.line[a..b], "c3");
    assert_eq!(step.marks[0].severity, "error");
}

#[test]
fn an_archive_is_one_game_a_line() {
    let text = b"d2-c2 d3-c3,0,0,Ongoing\nd2-d2,0,0,Ongoing\n";
    let rules = RuleSet::preset("brandub").expect("the preset");
    let page = page("two.csv", text, Form::Csv, Some(&rules));
    assert_eq!(page.games.len(), 2);
    assert_eq!(page.games[0].steps.len(), 3);
    assert_eq!(page.games[0].steps[2].line, "1. d2-c2 d3-c3");
    assert_eq!(
        page.games[1].diagnostics[0].code,
        "hirp::tafl::move::zero_distance"
    );
    assert_eq!(page.games[1].steps[1].diagnostics, [0]);
}

#[test]
fn a_record_text_is_escaped_in_the_page() {
    let text = b"d2-c2 d3-c3,0,0,<script>alert(1)</script>\n";
    let rules = RuleSet::preset("brandub").expect("the preset");
    let page = page("x.csv", text, Form::Csv, Some(&rules));
    let shown = serde_json::to_string(&page.games[0].diagnostics).expect("JSON");
    assert!(
        shown.contains("<script>"),
        "the record's text is in the page's data: {shown}"
    );
    let html = hirp::page::html::html(&page);
    assert!(!html.contains("<script>alert(1)"));
}

/// A game file's page names the game by its players, lists what its tags
/// say under the name, shows its start-comment on the first board and each
/// move's commentary on the move's board; the advice `--pedantic` gives is
/// not on it.
#[test]
fn a_game_file_s_annotations_are_on_its_page() {
    let path = "fixtures/tafl/opentafl/brandub-club-annotated.otg";
    let annotated = page(path, &read(path), Form::Otg, None);
    let game = &annotated.games[0];
    assert_eq!(game.name, "Ask (attackers) against Embla (defenders)");
    let about: Vec<(&str, &str)> = game
        .about
        .iter()
        .map(|f| (f.label.as_str(), f.value.as_str()))
        .collect();
    assert_eq!(
        about,
        [
            ("Event", "Club evening"),
            ("Round", "2"),
            ("Site", "Reykjavik, Iceland"),
            ("Date", "2026.11.27"),
            ("Rules", "Brandub Club"),
            ("Annotator", "Embla"),
        ]
    );
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.steps[0].comment.len(), 2);
    assert!(game.steps[0].comment[1].starts_with("The defenders play for a corner"));
    let commented: Vec<&str> = game
        .steps
        .iter()
        .filter(|s| !s.comment.is_empty())
        .filter_map(|s| s.turn.as_deref())
        .collect();
    assert_eq!(commented, ["1a", "1b", "2b", "8b", "9a", "9b", "14b"]);
    let king = game.steps.iter().find(|s| s.turn.as_deref() == Some("8b"));
    assert_eq!(
        king.expect("the king's move").comment,
        [
            "The king leaves the centre for the top edge.",
            "From d7 he looks at both top corners."
        ]
    );
    // Packed, the page keeps them; a game that says nothing has none.
    let packed = hirp::page::pack(&annotated);
    assert_eq!(packed.games[0].about.len(), 6);
    assert_eq!(packed.games[0].steps[16].comment.len(), 2);
    let plain = "fixtures/tafl/valid/brandub/king_escaped.otg";
    let plain = page(plain, &read(plain), Form::Otg, None);
    // Its rules tag names no variant: the page names the preset they are.
    let about: Vec<(&str, &str)> = plain.games[0]
        .about
        .iter()
        .map(|f| (f.label.as_str(), f.value.as_str()))
        .collect();
    assert_eq!(about, [("Rules", "brandub")]);
    assert_eq!(plain.games[0].length, "6 moves");
    assert!(plain.games[0].steps.iter().all(|s| s.comment.is_empty()));
    assert_eq!(plain.games[0].name, "game 1");
}

/// What the tags and the commentary say is text on the page, never markup.
#[test]
fn annotations_are_escaped_in_the_page() {
    let record = "[event:<b>Cup</b>]\n[attackers:</script><img src=x onerror=alert(1)>]\n\
                  [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\
                  [start-comment:<script>alert(1)</script>]\n\n\
                  1. d2-c2 d3-c3\n[<i>first</i>|\x1b[2J]\n";
    let page = page("x.otg", record.as_bytes(), Form::Otg, None);
    let game = &page.games[0];
    assert_eq!(game.about[0].value, "<b>Cup</b>");
    assert_eq!(game.steps[0].comment, ["<script>alert(1)</script>"]);
    assert_eq!(game.steps[1].comment, ["<i>first</i>"]);
    assert_eq!(game.steps[2].comment, ["\\u{1b}[2J"]);
    let html = hirp::page::html::html(&page);
    assert_eq!(html.matches("<script").count(), 2, "the page's own");
    for markup in ["<b>", "<img", "<i>"] {
        assert!(!html.contains(markup), "{markup}");
    }
}

#[test]
fn variations_are_branches_with_their_boards_after_the_main_line() {
    let path = "fixtures/tafl/valid/brandub/king_escaped_with_variations.otg";
    let page = page(path, &read(path), Form::Otg, None);
    let game = &page.games[0];
    assert!(game.diagnostics.is_empty());
    // The start and 6 moves, then the variations' 4 + 4 + 2 + 2 moves.
    assert_eq!(game.steps.len(), 7 + 12);
    let branches: Vec<(&str, &str, usize, usize, [usize; 2])> = game
        .branches
        .iter()
        .map(|b| (b.label.as_str(), b.moves.as_str(), b.at, b.from, b.steps))
        .collect();
    assert_eq!(
        branches,
        [
            ("1a.1", "f4-f7 e4-e7xf7 b4-b6 Kd4-e4", 1, 0, [7, 11]),
            ("1a.1.1a.1", "e4-e6 b4-b6 Kd4-e4", 8, 7, [11, 14]),
            ("1a.2", "d2-c2 d3-d2", 1, 0, [14, 16]),
            ("3b.1", "Ka4-a6 g4-g6 Ka6-a7--", 6, 5, [16, 19]),
        ]
    );
    // Each step of a branch shows its line, its move marked.
    let step = &game.steps[12];
    assert_eq!(step.heading, "After 1a.1.1a.1.2a");
    assert_eq!(step.turn.as_deref(), Some("1a.1.1a.1.2a"));
    assert_eq!(step.line, "1a.1.1a.1.2a. b4-b6 Kd4-e4");
    let [a, b] = step.played.expect("the move is marked");
    assert_eq!(&step.line[a..b], "b4-b6");
    assert!(step.board.starts_with("<?xml"));
    // The packed page keeps them for the script.
    let packed = hirp::page::pack(&page);
    assert_eq!(packed.games[0].branches, game.branches);
    let board = packed.board(0, 12).expect("the board packed");
    assert_eq!(
        Some(board.trim_end()),
        step.board.trim_end().split_once('\n').map(|(_, svg)| svg)
    );
}

#[test]
fn a_problem_in_a_variation_is_shown_on_its_step() {
    let path = "fixtures/tafl/invalid/brandub/err_move_not_orthogonal_in_a_variation.otg";
    let page = page(path, &read(path), Form::Otg, None);
    let game = &page.games[0];
    assert_eq!(game.diagnostics.len(), 1);
    let problem = &game.diagnostics[0];
    assert_eq!(problem.code, "hirp::tafl::move::not_orthogonal");
    assert_eq!(problem.turn.as_deref(), Some("1a.1.1a.1.2b"));
    let shown: Vec<usize> = (0..game.steps.len())
        .filter(|&n| !game.steps[n].diagnostics.is_empty())
        .collect();
    assert_eq!(shown, [13]);
    let step = &game.steps[13];
    assert_eq!(step.heading, "After 1a.1.1a.1.2b");
    let [a, b] = step.marks[0].range;
    assert_eq!(&step.line[a..b], "d4-e5");
}

/// A game file with a heading, commentary and variations: its page names
/// the game and lists its details, and each step, of the main line or of a
/// branch, has the commentary on its move.
#[test]
fn the_steps_of_a_branch_have_the_commentary_on_their_moves() {
    let path = "fixtures/tafl/opentafl/brandub-annotated-variations.otg";
    let annotated = page(path, &read(path), Form::Otg, None);
    let game = &annotated.games[0];
    assert!(game.diagnostics.is_empty(), "{:?}", game.diagnostics);
    assert_eq!(game.name, "Ask (attackers) against Embla (defenders)");
    assert_eq!(game.about[0].value, "Club evening");
    assert_eq!(game.steps[0].comment.len(), 2, "the start-comment");
    let labels: Vec<&str> = game.branches.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["1a.1", "1a.1.1a.1", "1a.2", "3b.1"]);
    let commented: Vec<(&str, &str)> = game
        .steps
        .iter()
        .filter_map(|s| Some((s.turn.as_deref()?, s.comment.first()?.as_str())))
        .collect();
    assert_eq!(
        commented,
        [
            ("1a", "The attackers open towards the corner."),
            ("1b", "The defenders open the king's row."),
            ("2b", "The king runs for the a file."),
            ("3b", "The king escapes to a7."),
            ("1a.1.1a", "The other wing first."),
            ("1a.1.1b", "A capture against the corner."),
            ("1a.1.1a.1.1b", "A quieter answer."),
            ("1a.2.1a", "Or along the bottom edge."),
            ("3b.1.1b", "A slower way to the same corner."),
        ]
    );
    // A branch's first step is after the main line's, with its commentary.
    let first = game.branches[0].steps[0];
    assert_eq!(game.steps[first].turn.as_deref(), Some("1a.1.1a"));
    assert_eq!(game.steps[first].comment, ["The other wing first."]);
    let packed = hirp::page::pack(&annotated);
    assert_eq!(
        packed.games[0].steps[first].comment,
        game.steps[first].comment
    );
}

#[test]
fn turns_numbered_alike_each_show_their_own_text() {
    // Brandub: an attacker and a defender step out and back, the turns
    // numbered 1, 2, 1, 2, ... as a careless record numbers them (no
    // repetition rule: `tfr:i`). Each
    // step's line is its own turn, not every turn of that number: the page
    // grows with the game, not with its square.
    let mut text = String::from("[rules:dim:7 tfr:i start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n");
    for _ in 0..100 {
        text.push_str("1. a4-a5 d3-c3\n2. a5-a4 c3-d3\n");
    }
    let page = page("alike.otg", text.as_bytes(), Form::Otg, None);
    let game = &page.games[0];
    assert_eq!(game.steps.len(), 401, "the start and 400 moves");
    assert_eq!(game.steps[1].line, "1. a4-a5 d3-c3");
    assert_eq!(game.steps[400].line, "2. a5-a4 c3-d3");
    let [a, b] = game.steps[399].played.expect("a move is marked");
    assert_eq!(&game.steps[399].line[a..b], "a5-a4");
    assert!(
        game.steps.iter().all(|s| s.line.len() <= 14),
        "a line holds one turn"
    );
}
