//! What a tafl game file says of its game beside its moves, as a person
//! reads it in `hirp replay`: the heading that names the game (its
//! players, event, round, site, date, time control, rules and annotator),
//! the start-comment before the first move, and each move's commentary
//! after the move's board; long values cut, prose wrapped to the width,
//! the record's text escaped.

mod common;

use common::{fixture, hirp};
use hirp::tafl::syntax::{Form, MoveAddress, parse};

/// A game in the shape OpenTafl saves an annotated replay.
const ANNOTATED: &str = "fixtures/tafl/opentafl/brandub-club-annotated.otg";

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
    let about = parsed.record.as_otg().expect("a game file").games[0].annotations();
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
    let commented: Vec<String> = about.comments.iter().map(|(a, _)| a.to_string()).collect();
    assert_eq!(commented, ["1a", "1b", "2b", "8b", "9a", "9b", "14b"]);
    let king = MoveAddress { turn: 8, ply: 1 };
    assert_eq!(
        about.comment(king),
        [
            "The king leaves the centre for the top edge.",
            "From d7 he looks at both top corners."
        ]
    );
    assert!(about.comment(MoveAddress { turn: 3, ply: 0 }).is_empty());
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
         game 1 of - has no moves: there is no board to show\n"
    );
}
