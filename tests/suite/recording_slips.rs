//! `hirp fix` on slips of recording, one a record, each restoring the
//! record as written where the rest of the game leaves one repair, and
//! listing the repairs where it leaves several: a line written twice (in
//! a game and as a game's first line), a move after the end (one, or a
//! whole turn), a blank inside a tafl move, a tafl move written in the
//! neighbouring turn, steps of two HIRP turns exchanged, and a Penningr
//! offer written where a double would play as well.

use crate::common;

use common::hirp;

/// What `hirp fix -` writes of `text`, with `args` before it, and its
/// standard error.
fn fixed(args: &[&str], text: &str) -> (String, String) {
    let (_, out, err) = common::fix_stdin(args, text);
    (out, err)
}

/// A generated game of `rules` (`hirp` for a HIRP game) of seed `seed`,
/// at most `turns` turns.
fn game(rules: &str, seed: &str, turns: &str) -> String {
    let mut command = hirp();
    command.args(["gen", "--seed", seed, "--max-turns", turns]);
    if rules != "hirp" {
        command.args(["--rules", rules]);
    }
    let output = command.output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// `text` with the line starting `start` written twice.
fn twice(text: &str, start: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        out.push_str(line);
        if line.starts_with(start) {
            out.push_str(line);
        }
    }
    out
}

#[test]
fn a_hirp_line_written_twice_is_taken_out() {
    let original = game("hirp", "3", "40");
    for label in ["G1 ", "S1 ", "G5 ", "S6 ", "S12 "] {
        let variant = twice(&original, label);
        assert_ne!(variant, original);
        let (out, err) = fixed(&[], &variant);
        assert_eq!(out, original, "{label}: {err}");
        assert!(err.contains("1 problem fixed; 0 errors left"), "{err}");
    }
    // Without tags, the first line written twice still reads two games.
    let bare: String = original
        .lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let (out, err) = fixed(&[], &twice(&bare, "G1 "));
    assert_eq!(out, bare, "{err}");
}

#[test]
fn tafl_moves_after_the_end_are_taken_out() {
    // Brandub seed 1 ends at turn 43 with `--`; Copenhagen seed 4 at 169.
    for (rules, seed, turns, extra) in [
        ("brandub", "1", "60", "44. g4-g5 e7-e6\n"),
        ("copenhagen", "4", "200", "170. c9-c10\n"),
    ] {
        let original = game(rules, seed, turns);
        assert!(original.trim_end().ends_with("--"), "{original}");
        let variant = format!("{original}{extra}");
        let (out, err) = fixed(&[], &variant);
        assert_eq!(out, original, "{rules}: {err}");
    }
}

#[test]
fn a_blank_inside_a_tafl_move_is_taken_out() {
    let original = game("brandub", "7", "40");
    let line = original.lines().find(|l| l.starts_with("5. ")).unwrap();
    let last = line.rsplit(' ').next().unwrap();
    for at in 1..last.len() {
        let spaced = format!("{} {}", &last[..at], &last[at..]);
        let variant = original.replacen(last, &spaced, 1);
        let (out, err) = fixed(&[], &variant);
        assert_eq!(out, original, "`{spaced}`: {err}");
    }
}

#[test]
fn a_tafl_move_in_the_neighbouring_turn_is_moved_back_or_listed() {
    let original = game("brandub", "7", "40");
    let lines: Vec<&str> = original.lines().collect();
    let four = lines.iter().position(|l| l.starts_with("4. ")).unwrap();
    let moves = |l: &str| l.split(' ').skip(1).map(str::to_owned).collect::<Vec<_>>();
    let (a, b) = (moves(lines[four]), moves(lines[four + 1]));
    // Turn 4's first move written first in turn 5: the only order that
    // plays, here.
    let mut variant: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    variant[four] = format!("4. {}", a[1]);
    variant[four + 1] = format!("5. {} {} {}", b[0], a[0], b[1]);
    let variant = variant.join("\n") + "\n";
    let (out, err) = fixed(&[], &variant);
    assert_eq!(out, original, "{err}");
    // A repair that plays another game than one of its ties is never
    // applied: what `fix` writes is the record or the variant.
    let mut later: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    later[four] = format!("4. {}", a[0]);
    later[four + 1] = format!("5. {} {} {}", b[0], b[1], a[1]);
    let later = later.join("\n") + "\n";
    let (out, err) = fixed(&[], &later);
    assert!(out == original || out == later, "{err}\n{out}");
}

#[test]
fn hirp_steps_of_two_turns_exchanged_are_exchanged_back() {
    let original = game("hirp", "11", "40");
    let g2 = original.lines().find(|l| l.starts_with("G2 ")).unwrap();
    let s2 = original.lines().find(|l| l.starts_with("S2 ")).unwrap();
    // `G2 H10KeL21K10Ke /` and `S2 HiKh87L75Kh78Ke /`: `L21` and `L75`.
    let variant = original
        .replacen(g2, &g2.replacen("L21", "L75", 1), 1)
        .replacen(s2, &s2.replacen("L75", "L21", 1), 1);
    assert_ne!(variant, original);
    let (out, err) = fixed(&[], &variant);
    assert_eq!(out, original, "{err}");
}

#[test]
fn an_offer_where_a_double_would_play_as_well_is_listed() {
    let original = game("hirp", "3", "40");
    // The game's one offer is its last turn's; a triple offered earlier,
    // with no double before it, plays as a double or taken out.
    let cut: String = original
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with("S12"))
        .map(|l| format!("{l}\n"))
        .collect();
    let g4 = cut.lines().find(|l| l.starts_with("G4 ")).unwrap();
    let variant = cut.replacen(g4, &g4.replacen(" /", " GtSa/", 1), 1);
    let (out, err) = fixed(&[], &variant);
    assert_eq!(out, variant, "{err}");
    assert!(err.contains("several repairs fit equally well"), "{err}");
}

/// The rulebook's corrected example: S4 fights two battles, `>3…` and
/// `>6…`; its last battle leaves the advance out (an advice, on which the
/// search's judge stops).
fn rulebook() -> String {
    std::fs::read_to_string("fixtures/rulebook/corrected.hirp").unwrap()
}

#[test]
fn a_battle_record_on_the_neighbouring_line_is_moved_back() {
    let original = rulebook();
    let s4 = "S4 H75Khh7>3L8>6H8>6 >3GKh^SKhh3 >6GHxSL6SH6";
    let moved = "S4 H75Khh7>3L8>6H8>6 >6GHxSL6SH6";
    // Written on the next line, over its `/`; on the line before, after
    // its record; and with S4's other record, leaving G4 with nothing.
    let variants = [
        original
            .replacen(s4, moved, 1)
            .replacen("G5 KeHeiHei /", "G5 KeHeiHei >3GKh^SKhh3", 1),
        original.replacen(s4, moved, 1).replacen(
            "G4 L1>6Hm>6He >6SL8GH6GLm",
            "G4 L1>6Hm>6He >6SL8GH6GLm >3GKh^SKhh3",
            1,
        ),
        original
            .replacen("G4 L1>6Hm>6He >6SL8GH6GLm", "G4 L1>6Hm>6He", 1)
            .replacen(
                "S3 L9>6HeiKhh97 SdGa>6GHxSL6",
                "S3 L9>6HeiKhh97 SdGa>6GHxSL6 >6SL8GH6GLm",
                1,
            ),
    ];
    for variant in variants {
        assert_ne!(variant, original);
        let (out, err) = fixed(&[], &variant);
        assert_eq!(out, original, "{variant}\n{err}");
        assert!(err.contains("0 errors left"), "{err}");
    }
}

#[test]
fn a_fighter_in_another_battle_is_moved_back() {
    let original = rulebook();
    let s4 = ">3GKh^SKhh3 >6GHxSL6SH6";
    // An attacker of 6 written in the battle on 3; a defender of 3 in the
    // battle on 6.
    for moved in [">3GKh^SKhh3SH6 >6GHxSL6", ">3SKhh3 >6GKh^GHxSL6SH6"] {
        let variant = original.replacen(s4, moved, 1);
        assert_ne!(variant, original);
        let (out, err) = fixed(&[], &variant);
        assert_eq!(out, original, "{moved}\n{err}");
    }
}

#[test]
fn an_offer_before_a_real_one_is_listed_with_it() {
    // Seed 1's one offer is G5's `GdSa`; a double written at G2 makes
    // G5's refused, and either taken out plays.
    let original: String = game("hirp", "1", "40")
        .lines()
        .filter(|l| !l.starts_with('[') && !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        original.contains("\nG5 H35Lm3Kh02K13H02 GdSa/\n"),
        "{original}"
    );
    let variant = original.replacen("G2 KeKeK01L13H13 /", "G2 KeKeK01L13H13 GdSa/", 1);
    assert_ne!(variant, original);
    let (out, err) = fixed(&[], &variant);
    assert_eq!(out, variant, "{err}");
    assert!(err.contains("several repairs fit equally well"), "{err}");
    assert!(err.contains("`G2 KeKeK01L13H13 /`"), "{err}");
}
