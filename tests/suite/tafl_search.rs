//! `hirp fix` searching a tafl game's repair among the records one edit
//! away around its first error (`docs/rules.md#tafl-repair-as-a-search`):
//! the one candidate that makes the game valid is applied; when several
//! do and none ranks first, none is, and the help lists them.

use crate::common;

use common::fix_stdin as fix;

/// A generated Brandub game, as a game file writes it.
fn game() -> String {
    let options = hirp::tafl::generate::Options {
        rules: hirp::tafl::rules::RuleSet::preset("brandub").unwrap(),
        seed: 5,
        games: 1,
        max_moves: 60,
    };
    hirp::tafl::generate::games(&options).next().unwrap()
}

/// The line of turn `n` of a game file.
fn turn(text: &str, n: u32) -> &str {
    let prefix = format!("{n}. ");
    text.lines().find(|l| l.starts_with(&prefix)).unwrap()
}

/// `text` with each line's blanks one space, none at its ends.
fn plain(text: &str) -> String {
    let lines = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "));
    lines.collect::<Vec<_>>().join("\n")
}

/// `text` with turn `n`'s plies written `plies`.
fn with_turn(text: &str, n: u32, plies: &str) -> String {
    let line = turn(text, n);
    text.replacen(line, &format!("{n}. {plies}"), 1)
}

#[test]
fn a_move_written_twice_is_taken_out() {
    let original = game();
    let line = turn(&original, 7).to_owned();
    let plies: Vec<&str> = line.split_whitespace().skip(1).collect();
    let variant = with_turn(
        &original,
        7,
        &format!("{} {} {}", plies[0], plies[0], plies[1]),
    );
    let (code, fixed, stderr) = fix(&[], &variant);
    assert_eq!(plain(&fixed), plain(&original), "{stderr}");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("1 problem fixed; 0 errors left"),
        "{stderr}"
    );
}

#[test]
fn a_character_put_into_a_move_is_taken_out() {
    let original = game();
    let line = turn(&original, 8).to_owned();
    let plies: Vec<&str> = line.split_whitespace().skip(1).collect();
    // `e1-d1` written `e1-dq1`: the move cannot be read.
    let broken = format!("{}q{}", &plies[1][..4], &plies[1][4..]);
    let variant = with_turn(&original, 8, &format!("{} {broken}", plies[0]));
    let (code, fixed, stderr) = fix(&["--diff"], &variant);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        fixed.contains(&format!("-8. {} {broken}", plies[0])),
        "{fixed}"
    );
    assert!(fixed.contains(&format!("+{line}")), "{fixed}");
}

#[test]
fn a_legal_move_written_wrong_is_repaired_where_the_rest_of_the_game_shows_it() {
    // `d1-d3` written `d1-d2` is legal; the game shows it wrong only at the
    // move that leaves `d3`, and only `d1-d3` there lets it play.
    let original = game();
    let line = turn(&original, 7).to_owned();
    assert!(line.starts_with("7. d1-d3 "), "{line}");
    let variant = original.replacen("7. d1-d3 ", "7. d1-d2 ", 1);
    let (code, fixed, stderr) = fix(&[], &variant);
    assert_eq!(plain(&fixed), plain(&original), "{stderr}");
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_last_move_of_the_wrong_side_is_left_when_several_moves_fit() {
    // Turn 3's second move, the game's last, replaced by a move of the
    // attackers: any move of the defenders there, or none, makes the game
    // valid, and nothing tells which.
    let original = game();
    let plies: Vec<&str> = (1..=3)
        .flat_map(|n| turn(&original, n).split_whitespace().skip(1))
        .collect();
    let mut moves = plies.clone();
    moves[5] = "g4-g3";
    let archive = format!("{},0,0,Ongoing\n", moves.join(" "));
    let (code, fixed, stderr) = fix(&["--rules", "brandub"], &archive);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(fixed, archive, "{stderr}");
    assert!(
        stderr.contains("0 problems fixed; 1 error left"),
        "{stderr}"
    );
}

#[test]
fn a_move_left_out_that_several_moves_could_fill_is_listed_and_none_applied() {
    // Turn 26's first move left out: `f2-f4` and `a4-f4` both let the rest
    // of the game play, and nothing tells which was written.
    let original = game();
    let line = turn(&original, 26).to_owned();
    let plies: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(plies[0], "f2-f4", "{line}");
    let variant = with_turn(&original, 26, plies[1]);
    let (code, fixed, stderr) = fix(&["--color", "never"], &variant);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(fixed, variant, "{stderr}");
    // The help is wrapped where the terminal's width falls, within a move
    // or not: it is compared with its blanks taken out.
    let compact = |s: &str| s.split_whitespace().collect::<String>();
    let listed = "help: several repairs make the game play on: write \
                  `d3-c3xc2 f2-f4 f1-d1` or `d3-c3xc2 a4-f4 f1-d1`";
    assert!(compact(&stderr).contains(&compact(listed)), "{stderr}");
    assert!(
        stderr.contains("several repairs fit equally well: none was applied"),
        "{stderr}"
    );
}

#[test]
fn a_tie_of_more_repairs_than_a_help_lists_says_how_many_more() {
    // Turn 24's first move left out: nine moves let the game play on; the
    // help lists six, the original among them, and says how many more.
    let original = game();
    let line = turn(&original, 24).to_owned();
    let plies: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(plies[0], "a5-d5", "{line}");
    let variant = with_turn(&original, 24, plies[1]);
    let (code, fixed, stderr) = fix(&["--color", "never"], &variant);
    assert_eq!((code, &fixed), (1, &variant), "{stderr}");
    let compact: String = stderr.split_whitespace().collect();
    assert!(compact.contains("`d5-d3a5-d5e1-f1`(and3more)"), "{stderr}");
    assert_eq!(compact.matches("`d5-d3").count(), 6, "{stderr}");
}

#[test]
fn an_unreadable_move_near_the_end_gets_its_one_character_repair() {
    // Near a game's end few moves are left to tell candidates apart: many
    // legal moves let them play. An unreadable move (its first two
    // characters swapped, `4i-i7`) still has one edit of one character
    // that makes the game valid.
    for seed in 1..=3 {
        let options = hirp::tafl::generate::Options {
            rules: hirp::tafl::rules::RuleSet::preset("copenhagen").unwrap(),
            seed,
            games: 1,
            max_moves: 120,
        };
        let original = hirp::tafl::generate::games(&options).next().unwrap();
        let last = original.lines().filter(|l| l.contains(". ")).count() as u32;
        for n in last - 3..last {
            let line = turn(&original, n).to_owned();
            let plies: Vec<&str> = line.split_whitespace().skip(1).collect();
            let mut swapped: Vec<char> = plies[0].chars().collect();
            swapped.swap(0, 1);
            let swapped: String = swapped.into_iter().collect();
            let variant = with_turn(&original, n, &format!("{swapped} {}", plies[1..].join(" ")));
            let (code, fixed, stderr) = fix(&[], &variant);
            assert_eq!(plain(&fixed), plain(&original), "{seed} {n}: {stderr}");
            assert_eq!(code, 0, "{stderr}");
        }
    }
}
