//! What a tafl game file says of its game beside its moves, as a person
//! reads it in `hirp replay`: the heading that names the game (its
//! players, event, round, site, date, time control, rules and annotator),
//! the start-comment before the first move, and each move's commentary
//! after the move's board, a variation's under its line where the
//! variation is listed and after its boards when it is shown; long values
//! cut, prose wrapped to the width, the record's text escaped.

use crate::common;

use common::{fixture, hirp};
use hirp::tafl::syntax::{Annotations, Form, OtgGame, parse};

/// A game in the shape OpenTafl saves an annotated replay.
const ANNOTATED: &str = "fixtures/tafl/opentafl/brandub-club-annotated.otg";

/// A game in the same shape with variations, commentary on their moves.
const VARIATIONS: &str = "fixtures/tafl/opentafl/brandub-annotated-variations.otg";

/// The addresses of the moves of the main line of `game` that `about`
/// has commentary on, `1b`.
fn commented(game: &OtgGame, about: &Annotations) -> Vec<String> {
    let mut commented = Vec::new();
    for turn in &game.turns {
        for (n, ply) in turn.plies.iter().enumerate() {
            if !about.comment(ply.span()).is_empty() {
                commented.push(format!("{}{}", turn.number, ["a", "b"][n]));
            }
        }
    }
    commented
}

/// Runs `hirp replay --color never ARGS` in a terminal of `columns`
/// columns (as `COLUMNS` says when standard output is not one), `stdin`
/// on standard input: its exit status and standard output.
fn replay(args: &[&str], columns: usize, stdin: Option<&str>) -> (Option<i32>, String) {
    let mut command = hirp();
    command
        .args(["replay", "--color", "never"])
        .args(args)
        .env("COLUMNS", columns.to_string());
    if let Some(text) = stdin {
        command.write_stdin(text);
    }
    let out = command.output().expect("hirp runs");
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

#[test]
fn the_game_file_says_who_played_where_when_and_under_which_rules() {
    let parsed = parse(&fixture(ANNOTATED), Form::Otg);
    let game = &parsed.record.as_otg().expect("a game file").games[0];
    let about = game.annotations();
    assert_eq!(
        about.players.as_deref(),
        Some("Ask (attackers) against Embla (defenders)")
    );
    let details: Vec<(&str, &str)> = about
        .details
        .iter()
        .map(|d| (d.label, d.value.as_str()))
        .collect();
    assert_eq!(
        details,
        [
            ("Event", "Club evening"),
            ("Round", "2"),
            ("Site", "Reykjavik, Iceland"),
            ("Date", "2026.11.27"),
            ("Rules", "Brandub Club"),
            ("Annotator", "Embla"),
        ]
    );
    assert_eq!(about.start_comment.len(), 2, "two paragraphs");
    assert_eq!(
        commented(game, &about),
        ["1a", "1b", "2b", "8b", "9a", "9b", "14b"]
    );
    assert_eq!(about.comments.len(), 7);
    let king = game.turns[7].plies[1].span();
    assert_eq!(
        about.comment(king),
        [
            "The king leaves the centre for the top edge.",
            "From d7 he looks at both top corners."
        ]
    );
    assert!(about.comment(game.turns[2].plies[0].span()).is_empty());
}

/// A variation's moves have their commentary as the main line's have
/// theirs; a `.....` has none, even where the text before its `|` says
/// something.
#[test]
fn the_commentary_on_a_variation_s_moves_is_read() {
    let parsed = parse(&fixture(VARIATIONS), Form::Otg);
    let game = &parsed.record.as_otg().expect("a game file").games[0];
    let about = game.annotations();
    assert_eq!(commented(game, &about), ["1a", "1b", "2b", "3b"]);
    let said = |turn: usize, line: usize, ply: usize| {
        about.comment(game.turns[turn].variations[line].plies[ply].span())
    };
    assert_eq!(said(0, 0, 0), ["The other wing first."]);
    assert_eq!(said(0, 0, 1), ["A capture against the corner."]);
    assert_eq!(said(0, 1, 1), ["A quieter answer."]);
    assert!(said(0, 2, 0).is_empty());
    assert_eq!(said(0, 4, 0), ["Or along the bottom edge."]);
    assert_eq!(said(2, 0, 1), ["A slower way to the same corner."]);
    assert_eq!(about.comments.len(), 9);
    let written: Vec<usize> = about.comments.iter().map(|c| c.ply.start).collect();
    assert!(written.is_sorted(), "in the order written");
    let shared = "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
                  1. d2-c2 d3-c3\n1a.1.1a. ..... d3-d2\n[Said of the dots.|Said of d3-d2.]\n";
    let parsed = parse(shared, Form::Otg);
    let game = &parsed.record.as_otg().expect("a game file").games[0];
    let about = game.annotations();
    let paragraphs: Vec<&[String]> = about.comments.iter().map(|c| &c.paragraphs[..]).collect();
    assert_eq!(paragraphs, [["Said of d3-d2."]]);
}

/// The whole replay of a game with a heading, a start-comment, commentary
/// and variations: the heading and the start-comment first, each move's
/// commentary after its board, and under a move the variations that
/// replace it, each line with the commentary on its moves under it.
#[test]
fn a_replay_shows_the_commentary_of_the_main_line_and_of_the_variations() {
    let (status, out) = replay(&[VARIATIONS], 80, None);
    assert_eq!(status, Some(0));
    assert!(out.starts_with(
        "fixtures/tafl/opentafl/brandub-annotated-variations.otg: \
         Ask (attackers) against Embla (defenders)\nEvent: Club evening\n"
    ));
    let at = |text: &str| common::replay::at(&out, text);
    // In the order a person reads them.
    let order = [
        "The attackers try three openings.",
        "After 1a: b4-b7",
        "1a: The attackers open towards the corner.",
        "Variation 1a.1, instead of 1a: b4-b7",
        "  1a.1.1a. f4-f7 e4-e7xf7",
        "    1a.1.1a: The other wing first.",
        "    1a.1.1b: A capture against the corner.",
        "    Variation 1a.1.1a.1, instead of 1a.1.1b: e4-e7xf7",
        "        1a.1.1a.1.1b: A quieter answer.",
        "Variation 1a.2, instead of 1a: b4-b7",
        "    1a.2.1a: Or along the bottom edge.",
        "After 1b: c4-c3",
        "1b: The defenders open the king's row.",
        "After 3b: Ka4-a7 — the defenders win: the king escaped",
        "3b: The king escapes to a7.",
        "Variation 3b.1, instead of 3b: Ka4-a7",
        "    3b.1.1b: A slower way to the same corner.",
    ];
    for pair in order.windows(2) {
        assert!(at(pair[0]) < at(pair[1]), "{pair:?} in\n{out}");
    }
    insta::assert_snapshot!("variations_annotated", out);
}

/// A variation shown with `--turn` has the commentary on its moves after
/// their boards, led by their labels; the start-comment is said before a
/// variation that starts the game, not before one that branches later.
#[test]
fn a_variation_shown_has_its_commentary_after_its_boards() {
    let (status, out) = replay(&[VARIATIONS, "--turn", "1a.1"], 80, None);
    assert_eq!(status, Some(0));
    assert!(
        out.contains("\n\nThe attackers try three openings.\n"),
        "{out}"
    );
    let first = common::replay::at(&out, "After 1a.1.1a: f4-f7");
    let comment = common::replay::at(&out, "\n1a.1.1a: The other wing first.\n");
    let second = common::replay::at(&out, "After 1a.1.1b: e4-e7xf7");
    assert!(first < comment && comment < second, "{out}");
    assert!(
        out.contains("\n1a.1.1b: A capture against the corner.\n"),
        "{out}"
    );
    assert!(
        out.contains("\n    1a.1.1a.1.1b: A quieter answer.\n"),
        "{out}"
    );
    let (_, later) = replay(&[VARIATIONS, "--turn", "3b.1"], 80, None);
    assert!(
        !later.contains("The attackers try three openings."),
        "{later}"
    );
    assert!(
        later.contains("\n3b.1.1b: A slower way to the same corner.\n"),
        "{later}"
    );
}

/// The heading, the start-comment and the first move's board and
/// commentary, as a person sees them in 80 columns.
#[test]
fn the_replay_heads_the_game_with_its_tags_and_its_start_comment() {
    let (status, out) = replay(&[ANNOTATED, "--turn", "1a"], 80, None);
    assert_eq!(status, Some(0));
    insta::assert_snapshot!("annotated_first_move", out);
}

/// Each move's commentary comes after its board, before the next move's;
/// a move with none has none.
#[test]
fn each_comment_follows_the_board_of_its_move() {
    let (status, out) = replay(&[ANNOTATED], 80, None);
    assert_eq!(status, Some(0));
    let moves: Vec<&str> = out.split("After ").skip(1).collect();
    assert_eq!(moves.len(), 28, "{out}");
    for shown in &moves {
        let address = &shown[..shown.find(':').expect("the caption")];
        let lead = format!("\n{address}: ");
        let commented = ["1a", "1b", "2b", "8b", "9a", "9b", "14b"].contains(&address);
        assert_eq!(shown.contains(&lead), commented, "{address}:\n{shown}");
    }
    assert!(moves[27].ends_with("14b: The king reaches the corner a7, and the game is over.\n"));
    let (_, king) = replay(&[ANNOTATED, "--turn", "8b"], 80, None);
    insta::assert_snapshot!("annotated_two_paragraphs", king);
}

/// In a narrow terminal, a long detail is cut and prose is wrapped at its
/// words to the width (the title stays one line); what the record holds is
/// shown escaped.
#[test]
fn long_values_are_cut_prose_is_wrapped_and_the_text_escaped() {
    let event = "The long and winding annual tournament of the club, held in the old hall";
    let game = format!(
        "[event:{event}]\n[time-control:300 30/3 3i]\n[attackers:Ann \x1b[31m]\n\
         [start-comment:A start-comment long enough to be wrapped in a narrow terminal.]\n\
         [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n\
         1. d2-c2 d3-c3\n[|A comment \x07 long enough to be wrapped, with \
         averyveryveryveryveryverylongword in it.]\n"
    );
    let (status, out) = replay(&["-", "--turn", "1b"], 40, Some(&game));
    assert_eq!(status, Some(0));
    assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out}");
    // The title is a line, as written; what follows it is cut or wrapped.
    let prose = out
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("After 1b"))
        .chain(out.lines().skip_while(|l| !l.starts_with("1b: ")));
    for line in prose {
        assert!(line.chars().count() <= 40, "{line:?} in\n{out}");
    }
    insta::assert_snapshot!("annotated_narrow", out);
}

/// A game of no moves is still named and its start-comment said.
#[test]
fn a_game_of_no_moves_has_its_heading_and_start_comment() {
    let game = "[attackers:Ann]\n[event:Puzzle night]\n[start-comment:A position to study.]\n\
                [rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n";
    let (status, out) = replay(&["-"], 80, Some(game));
    assert_eq!(status, Some(0));
    assert_eq!(
        out,
        "-: Ann (attackers) against defenders\nEvent: Puzzle night\n\nA position to study.\n\
         game 1 of standard input has no moves: there is no board to show\n"
    );
}
