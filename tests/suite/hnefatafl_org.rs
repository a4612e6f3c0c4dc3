//! hnefatafl.org's archive against its own engine: the games of
//! `fixtures/tafl/hnefatafl-org/` were played and judged by the engine of
//! `dcampbell24/hnefatafl` (`SOURCES.md` there says how), and each is held
//! to the engine's verdict: the archive's games, in both layouts, valid
//! with the engine's result, and each copy with one illegal play flagged
//! first at the play the engine refused.

use crate::common;
use crate::hnefatafl_engine as hnefatafl_org;

use hirp::tafl::Side;
use hirp::tafl::Square;
use hirp::tafl::rules::{End, Layout, Move, MoveError, Position, RuleSet};
use hirp::tafl::syntax::{Form, Ply, parse};
use hnefatafl_org::{FOLDER, compare, corpus, corpus_file, judge, lines};
use proptest::arbitrary::Arbitrary;

#[test]
fn every_archive_game_has_the_engines_result() {
    let compared = compare("archived-games.ron", Form::Ron, &[]);
    eprintln!("{} games agree with the engine", compared.agree);
    assert!(compared.disagree.is_empty(), "{:#?}", compared.disagree);
    if corpus().is_none() {
        assert_eq!(compared.agree, 36);
    }
}

#[test]
fn the_older_layout_reads_as_the_newer() {
    let compared = compare("legacy/archived-games-texts.ron", Form::Ron, &[]);
    assert!(compared.disagree.is_empty(), "{:#?}", compared.disagree);
    if corpus().is_none() {
        assert_eq!(compared.agree, 12);
    }
    let text = corpus_file("legacy/archived-games-texts.ron");
    let parsed = parse(&text, Form::Ron);
    for game in &parsed.record.as_otg().unwrap().games {
        assert!(game.tag("texts").is_some() && game.tag("messages").is_none());
    }
}

#[test]
fn every_illegal_play_is_flagged_first_where_the_engine_refused_it() {
    let verdicts = lines("mutations/verdicts.jsonl");
    let path = "mutations/archived-games-mutated.ron";
    let text = corpus_file(path);
    let parsed = parse(&text, Form::Ron);
    let games = &parsed.record.as_otg().unwrap().games;
    let judged = judge(path, Form::Ron);
    assert_eq!(games.len(), verdicts.len());
    let mut missed = Vec::new();
    for ((game, hirp), engine) in games.iter().zip(&judged).zip(&verdicts) {
        let refused = engine["refused_at_ply"].as_u64().expect("refused") as usize;
        // Record 0 is the server's leading `None`: the ply of record `n`
        // is the game's ply `n - 1`.
        let ply: &Ply = game.main_line().nth(refused - 1).expect("the ply");
        let at = ply.span();
        let flagged = hirp
            .first_error
            .as_ref()
            .is_some_and(|(_, span)| at.start <= span.start && span.end <= at.end);
        if !flagged {
            missed.push((engine["mutation"].clone(), hirp.first_error.clone()));
        }
    }
    assert!(missed.is_empty(), "{missed:#?}");
    eprintln!(
        "{} of {} illegal plays flagged first where the engine refused them",
        judged.len() - missed.len(),
        judged.len()
    );
    if corpus().is_none() {
        assert_eq!(judged.len(), 30);
    }
}

proptest::proptest! {
    /// Lines of the archive with a few characters deleted or changed.
    #[test]
    fn edited_archive_lines_read_without_panic(
        line in 0..36usize,
        edits in proptest::collection::vec(
            (proptest::sample::Index::arbitrary(), proptest::option::of("[\\[\\]()_,:\"0-9a-zA-Z ]")),
            1..6,
        ),
    ) {
        let text = common::fixture(&format!("{FOLDER}/archived-games.ron"));
        let mut chars: Vec<char> = text.lines().nth(line).unwrap().chars().collect();
        for (at, with) in edits {
            let at = at.index(chars.len());
            match with {
                Some(with) => chars[at] = with.chars().next().unwrap_or(' '),
                None => {
                    chars.remove(at);
                }
            }
        }
        let edited: String = chars.into_iter().collect();
        hnefatafl_org::read_and_replay(&format!("{edited}\n"), Form::Ron)?;
    }

    /// Any text.
    #[test]
    fn any_text_reads_as_the_archive_without_panic(text in "\\PC{0,200}") {
        hnefatafl_org::read_and_replay(&text, Form::Ron)?;
    }
}

/// Each game carries the rules its board size is played under, written
/// out as a rules string: `RuleSet::hnefatafl_org`'s.
#[test]
fn each_game_is_replayed_under_the_engines_rules_for_its_size() {
    let text = common::fixture(&format!("{FOLDER}/archived-games.ron"));
    let parsed = parse(&text, Form::Ron);
    let mut sizes = std::collections::BTreeSet::new();
    for game in &parsed.record.as_otg().unwrap().games {
        let size = &game.tag("board_size").unwrap().value;
        let dim: u8 = size.trim_start_matches('_').parse().unwrap();
        let (read, warnings) = RuleSet::from_opentafl(&game.rules().unwrap().value).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(Some(read), RuleSet::hnefatafl_org(dim), "{size}");
        sizes.insert(dim);
    }
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [7, 11, 13]);
}

/// Malformed lines each get their diagnostic at the place, and the lines
/// around them are read on.
#[test]
fn a_line_that_does_not_read_is_its_games_error_alone() {
    let archive = common::fixture(&format!("{FOLDER}/archived-games.ron"));
    let good = archive.lines().next().unwrap();
    let huge = good.replacen("x:", "x:99999999999999999999999", 1);
    let cases = [
        ("(id:1,plays:PlayRecords([None]", "ron_syntax", "("),
        (
            "(id:1,plays:PlayRecords([None)),status:Draw,board_size:_7)",
            "ron_syntax",
            ")",
        ),
        (
            "(id:1,plays:PlayRecords([None]),status:Won,board_size:_7)",
            "ron_unknown_variant",
            "Won",
        ),
        (
            "(id:1,plays:PlayRecords([None]),status:Draw,board_size:_9)",
            "ron_unknown_variant",
            "_9",
        ),
        (&huge[..], "number_too_large", "99999999999999999999999"),
    ];
    for (bad, code, at) in cases {
        let text = format!("{good}\n{bad}\n{good}\n");
        let parsed = parse(&text, Form::Ron);
        assert_eq!(parsed.record.len(), 2, "{bad}");
        assert_eq!(parsed.errors.len(), 1, "{bad}: {:?}", parsed.errors);
        let error = &parsed.errors[0];
        assert_eq!(error.kind.name(), code, "{bad}");
        let line = good.len() + 1;
        let shown = &text[error.span.start..error.span.end];
        assert!(
            error.span.start >= line && shown.starts_with(at),
            "{bad}: {shown}"
        );
    }
}

/// `hirp fmt` keeps the archive as its server writes it, and `hirp fix`
/// writes nothing into its lines: the commands that write a record leave
/// its text alone.
#[test]
fn the_commands_that_write_leave_the_archive_as_written() {
    let path = format!("{FOLDER}/archived-games.ron");
    let text = common::fixture(&path);
    common::hirp()
        .args(["fmt", "--check", &path])
        .assert()
        .success();
    let printed = common::hirp().args(["fmt", &path]).assert().success();
    assert_eq!(String::from_utf8_lossy(&printed.get_output().stdout), text);
    let mutated = format!("{FOLDER}/mutations/archived-games-mutated.ron");
    let fixed = common::hirp().args(["fix", &mutated]).assert();
    let output = String::from_utf8_lossy(&fixed.get_output().stdout).into_owned();
    assert_eq!(output, common::fixture(&mutated));
}

/// Each line of the archive that does not read, as `hirp validate` shows
/// it.
#[test]
fn malformed_lines_are_shown_at_the_place() {
    insta::glob!("../../fixtures/tafl/syntax", "err_ron_*.ron", |path| {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap();
        let relative = format!("fixtures/tafl/syntax/{name}");
        let run = common::hirp()
            .args(["validate", &relative])
            .assert()
            .code(1);
        let output = run.get_output();
        insta::assert_snapshot!(format!(
            "{}---\n{}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout)
        ));
    });
}

/// On standard input the archive is told by its first line.
#[test]
fn the_archive_is_told_by_its_first_line_on_standard_input() {
    let text = common::fixture(&format!("{FOLDER}/legacy/archived-games-texts.ron"));
    let run = common::hirp()
        .args(["validate", "-"])
        .write_stdin(text)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let words: Vec<&str> = out.split_whitespace().collect();
    assert!(words.windows(2).any(|w| w == ["games", "12"]), "{out}");
    assert!(words.windows(2).any(|w| w == ["errors", "0"]), "{out}");
}

/// A move of the first legal moves of `position` whose way back is legal
/// once it is played, and that touches no square of `clear`.
fn there_and_back(position: &Position, clear: &[Square]) -> (Move, Move) {
    position
        .legal_moves()
        .into_iter()
        .find_map(|mv| {
            let back = Move {
                from: mv.to,
                to: mv.from,
            };
            let mut after = position.clone();
            after.play(mv).ok()?;
            after.pass();
            // Legal but for bringing back a board, as it may be.
            let legal = matches!(
                after.check_move(back),
                Ok(()) | Err(MoveError::Repeats { .. })
            );
            let touches = clear.iter().any(|s| *s == mv.from || *s == mv.to);
            (!touches && legal).then_some((mv, back))
        })
        .expect("a move that can be taken back")
}

/// Each side moves a piece out and back: the board after the fourth move
/// is the start's, the attackers to move. The position before the
/// defenders' last move, that move, and what it meets.
fn out_and_back(dim: u8) -> (Position, Move, Result<(), MoveError>) {
    let rules = RuleSet::hnefatafl_org(dim).unwrap();
    let mut position = Position::new(&rules);
    assert!(rules.attackers_first);
    let (out, back) = there_and_back(&position, &[]);
    position.play(out).unwrap();
    let (theirs, theirs_back) = there_and_back(&position, &[out.from, out.to]);
    position.play(theirs).unwrap();
    position.play(back).unwrap();
    let before = position.clone();
    let refused = position.play(theirs_back).map(|_| ());
    (before, theirs_back, refused)
}

/// The defenders may not move into a position reached before, the start
/// among them on 11 × 11 (the server's list of boards starts with the
/// 11 × 11 start whatever the size); the attackers may.
#[test]
fn the_defenders_may_not_bring_back_a_position() {
    let (before, back, refused) = out_and_back(11);
    assert!(
        matches!(
            refused,
            Err(MoveError::Repeats {
                side: Side::Defenders,
                ..
            })
        ),
        "{refused:?}"
    );
    // The engine's list of moves leaves it out.
    assert!(!before.legal_moves().contains(&back));
    // On 13 × 13 the start is not among the boards: the same steps play.
    let (_, _, allowed) = out_and_back(13);
    assert_eq!(allowed, Ok(()));
    // Under Copenhagen as the archive plays it, nothing is barred.
    let mut copenhagen = Position::new(&RuleSet::preset("copenhagen").unwrap());
    let (out, back) = there_and_back(&copenhagen, &[]);
    copenhagen.play(out).unwrap();
    let (theirs, theirs_back) = there_and_back(&copenhagen, &[out.from, out.to]);
    for mv in [theirs, back, theirs_back] {
        copenhagen.play(mv).unwrap();
    }
}

/// Once a board is reached, the defenders' move back to it is refused
/// at the move, and the attackers' is not.
#[test]
fn only_the_defenders_are_barred() {
    let rules = RuleSet::hnefatafl_org(13).unwrap();
    let mut position = Position::new(&rules);
    let (out, back) = there_and_back(&position, &[]);
    position.play(out).unwrap();
    let (theirs, theirs_back) = there_and_back(&position, &[out.from, out.to]);
    position.play(theirs).unwrap();
    position.play(back).unwrap();
    position.play(theirs_back).unwrap();
    // The attackers bring back the board after their first move.
    position.play(out).unwrap();
    // The defenders may not bring back theirs.
    assert!(!position.is_legal(theirs));
    assert!(!position.legal_moves().contains(&theirs));
    let error = position.play(theirs).unwrap_err();
    assert!(
        error.to_string().contains("may not bring back a position"),
        "{error}"
    );
}

/// The engine's exit fort: each defender its search meets must have a
/// defender or the edge beside it across the way it was met, where the
/// reading of unbreakable walls asks only that no attacker can take it.
#[test]
fn hnefatafl_orgs_exit_fort_asks_flanked_walls() {
    // The king on g1 with h1 and h2 free; g2 has f2 (outside) and h2
    // (inside the fort) beside it. A defender comes from i5 to i2.
    let record = "/1t9/2t8/11/11/11/11/8T2/11/6TT3/6T4/5TK1T2/";
    let layout = Layout::from_opentafl_inverted(record).unwrap();
    let play = |rules: &RuleSet, moves: &[(&str, &str)]| {
        let mut position = Position::from_layout(rules, &layout, Side::Defenders).unwrap();
        let mut last = None;
        for (from, to) in moves {
            let mv = Move {
                from: from.parse().unwrap(),
                to: to.parse().unwrap(),
            };
            last = position.play(mv).unwrap().outcome.map(|o| o.end);
        }
        last
    };
    let org = RuleSet::hnefatafl_org(11).unwrap();
    let copenhagen = RuleSet::preset("copenhagen").unwrap();
    assert_eq!(play(&copenhagen, &[("i5", "i2")]), Some(End::ExitFort));
    assert_eq!(play(&org, &[("i5", "i2")]), None);
    // g2 steps aside to f2: both readings see a fort.
    let aside = [("i5", "i2"), ("c10", "c9"), ("g2", "f2")];
    assert_eq!(play(&org, &aside), Some(End::ExitFort));
}

/// A game no ply has ended is drawn by the ply its rules name (`plim:`;
/// hnefatafl.org's 133rd), unless the side to move has no piece left.
#[test]
fn a_game_is_drawn_by_its_last_ply() {
    assert_eq!(RuleSet::hnefatafl_org(11).unwrap().ply_limit, Some(133));
    let (rules, _) =
        RuleSet::from_opentafl("dim:7 atkf:n tfr:i plim:3 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            .unwrap();
    assert_eq!(rules.to_string().matches("plim:3").count(), 1);
    let mut position = Position::new(&rules);
    for ply in 1..=3 {
        let mv = position.legal_moves()[0];
        let played = position.play(mv).unwrap();
        let end = played.outcome.map(|o| (o.end, o.winner));
        assert_eq!(end, (ply == 3).then_some((End::PlyLimit, None)), "{ply}");
    }
    for bad in ["plim:0", "plim:x", "plim:70000"] {
        let text = format!("dim:7 {bad} start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert!(RuleSet::from_opentafl(&text).is_err(), "{bad}");
    }
}

/// The archive writes no mark of a game's end, so none is asked for, even
/// under `--pedantic`.
#[test]
fn no_mark_of_the_end_is_asked_for() {
    let path = format!("{FOLDER}/archived-games.ron");
    let run = common::hirp()
        .args(["validate", "--pedantic", &path])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let words: Vec<&str> = out.split_whitespace().collect();
    assert!(words.windows(2).any(|w| w == ["advice", "0"]), "{out}");
    assert!(out.contains("king-captured 4"), "{out}");
}

/// A short game of the archive as `hirp replay` and `hirp board` show it:
/// each move in the notation of the tafl games, its captures written as
/// hirp writes them, never the RON it is read from.
#[test]
fn a_game_of_the_archive_is_shown_in_the_notation() {
    let path = format!("{FOLDER}/archived-games.ron");
    let run = |args: &[&str]| {
        let run = common::hirp().args(args).assert().success();
        String::from_utf8_lossy(&run.get_output().stdout).into_owned()
    };
    let replay = run(&["replay", &path, "--game", "34"]);
    assert!(!replay.contains("Play(("), "{replay}");
    insta::assert_snapshot!("ron_replay_game_34", replay);
    let board = run(&["board", &path, "--game", "28", "--turn", "3b"]);
    insta::assert_snapshot!("ron_board_game_28_3b", board);
    let capture = run(&["replay", &path, "--game", "28", "--turn", "3b"]);
    assert!(capture.contains("\nAfter 3b: h9-d9xd8\n"), "{capture}");
}

/// The page of the archive shows each turn's moves in the notation, the
/// move played and the problems marked on them.
#[test]
fn the_page_of_the_archive_shows_its_moves_in_the_notation() {
    let path = format!("{FOLDER}/mutations/archived-games-mutated.ron");
    let bytes = common::fixture(&path);
    let page = hirp::tafl::page::page(
        "archived-games-mutated.ron",
        bytes.as_bytes(),
        Form::Ron,
        None,
    );
    let mut marked = 0;
    for game in &page.games {
        for step in game.steps.iter().skip(1) {
            assert!(!step.line.contains('('), "{}", step.line);
            let [start, end] = step.played.expect("a move played");
            let played = &step.line[start..end];
            assert!(
                played.len() >= 5 && played.contains('-'),
                "{}: {played}",
                step.line
            );
            for mark in &step.marks {
                let [start, end] = mark.range;
                assert!(step.line[start..end].contains('-'), "{}", step.line);
                marked += 1;
            }
        }
    }
    assert!(marked >= 27, "{marked} problems marked");
}

/// Two archives that differ by one play: `hirp diff` names the game and
/// the move, each side's written in the notation, and what the rules make
/// of them.
#[test]
fn hirp_diff_says_where_two_archives_differ_by_one_play() {
    let path = format!("{FOLDER}/archived-games.ron");
    let text = common::fixture(&path);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    // Game 34's third play, the defenders' c4-c1 on 7 × 7, made c4-c2.
    let third = "from:(size:_7,x:2,y:3),to:(size:_7,x:2,y:6)";
    assert_eq!(lines[33].matches(third).count(), 1);
    lines[33] = lines[33].replace(third, "from:(size:_7,x:2,y:3),to:(size:_7,x:2,y:5)");
    let edited = lines.join("\n") + "\n";
    let run = common::hirp()
        .args(["diff", &path, "-"])
        .write_stdin(edited)
        .assert()
        .code(1);
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    insta::assert_snapshot!("ron_diff_one_play", out);
}

/// A position drawn as the engine's tests draw one, its top row first:
/// `X` an attacker, `O` a defender, `K` the king, `.` an empty square.
fn drawn(rows: &[&str]) -> Layout {
    let mut record = String::from("/");
    for row in rows {
        let mut empty = 0;
        for c in row.chars() {
            let piece = match c {
                'X' => 't',
                'O' => 'T',
                'K' => 'K',
                _ => {
                    empty += 1;
                    continue;
                }
            };
            if empty > 0 {
                record.push_str(&empty.to_string());
                empty = 0;
            }
            record.push(piece);
        }
        if empty > 0 {
            record.push_str(&empty.to_string());
        }
        record.push('/');
    }
    Layout::from_opentafl_inverted(&record).expect("a drawn position reads")
}

/// How the move `from`-`to` of `side` on the drawn position ends the game
/// under `rules`, if it does.
fn play_drawn(
    rules: &RuleSet,
    rows: &[&str],
    side: Side,
    (from, to): (&str, &str),
) -> Option<(End, Option<Side>)> {
    let mut position = Position::from_layout(rules, &drawn(rows), side).unwrap();
    let mv = Move {
        from: from.parse().unwrap(),
        to: to.parse().unwrap(),
    };
    let played = position.play(mv).unwrap();
    played.outcome.map(|o| (o.end, o.winner))
}

/// Positions of the engine's own tests of its judgement that the king
/// cannot escape (`src/tests.rs`, `can_not_escape_1` to `_8`), each with
/// the attackers' move played on it and whether the engine then ends the
/// game so. Each is set up from its picture: the engine counts the pieces
/// left as those on the board, so that its one defender besides the king
/// is one left, not eleven lost of twelve.
const ENGINE_CASES: &[(&[&str], &str, &str, bool)] = &[
    // `can_not_escape_1`: the move takes d1; every corner shut off,
    // thirteen attackers and three defenders left.
    (
        &[
            "..X.....X..",
            ".X.......X.",
            "X.........X",
            "...........",
            "...........",
            "...........",
            "...........",
            "...........",
            "X.........X",
            ".X..XOO..X.",
            "..XO..KOX..",
        ],
        "e2",
        "e1",
        true,
    ),
    // `can_not_escape_2`: every corner shut off, and along the top edge a
    // run of three squares free of attackers (f11 to h11), too many with
    // eight defenders left; two once an attacker stands on f11.
    (
        &[
            "..XXX...X..",
            ".X.......X.",
            "X.........X",
            "........OOO",
            ".......O.KO",
            "X......OOOX",
            "X.........X",
            "X.........X",
            "X.........X",
            ".X.......X.",
            "..XXXX..X..",
        ],
        "f1",
        "h1",
        false,
    ),
    (
        &[
            "..XXXX..X..",
            ".X.......X.",
            "X.........X",
            "........OOO",
            ".......O.KO",
            "X......OOOX",
            "X.........X",
            "X.........X",
            "X.........X",
            ".X.......X.",
            "..XXXX..X..",
        ],
        "f1",
        "h1",
        true,
    ),
    // `can_not_escape_3`: two runs along the first file; then walls of
    // attackers shutting the corners off, runs of two left.
    (
        &[
            "..XXXX..X..",
            ".X.......X.",
            "X.........X",
            "........OOO",
            "X......O.KO",
            ".......OOOX",
            ".X........X",
            ".X........X",
            "X.........X",
            ".X.......X.",
            "..XXXX..X..",
        ],
        "a7",
        "a6",
        false,
    ),
    (
        &[
            ".....X..X..",
            "....X....X.",
            "...X......X",
            "..X.....OOO",
            "..X....O.KO",
            "..X....OOOX",
            "..X.......X",
            "..X.......X",
            "...X......X",
            "....X....X.",
            "....X...X..",
        ],
        "e1",
        "f1",
        true,
    ),
    // `can_not_escape_4`: the king hemmed in on the top edge, one
    // defender left; then a corner two squares from him counting as an
    // attacker.
    (
        &[
            ".XXKXX.....",
            "...X.......",
            "...X.......",
            "...........",
            "...........",
            "X.........O",
            "...........",
            "...........",
            "...........",
            "...........",
            "...........",
        ],
        "a6",
        "a7",
        true,
    ),
    (
        &[
            ".XKXX......",
            "..X........",
            "..X........",
            "...........",
            "...........",
            "X.........O",
            "...........",
            "...........",
            "...........",
            "...........",
            "...........",
        ],
        "a6",
        "a7",
        true,
    ),
    // `can_not_escape_4_more`: two defenders left, and no two attackers
    // inwards from a neighbour of the king along the edge; then two.
    (
        &[
            "......XXKX.",
            "........X..",
            ".......XX..",
            "...........",
            "...........",
            "X.........O",
            "..........O",
            "...........",
            "...........",
            "...........",
            "...........",
        ],
        "a6",
        "a7",
        false,
    ),
    (
        &[
            "......XXKX.",
            ".......XX..",
            ".......XX..",
            "...........",
            "...........",
            "X.........O",
            "..........O",
            "...........",
            "...........",
            "...........",
            "...........",
        ],
        "a6",
        "a7",
        true,
    ),
    // `can_not_escape_5` and `_5_more`: the first file.
    (
        &[
            "...........",
            "X..........",
            "X..........",
            "KXX........",
            "X..........",
            "X.........O",
            "...........",
            "...........",
            "...........",
            "...........",
            ".....X.....",
        ],
        "f1",
        "g1",
        true,
    ),
    (
        &[
            "...........",
            "X..........",
            "KXX........",
            "XX.........",
            "X..........",
            "..........O",
            "..........O",
            "...........",
            "...........",
            "...........",
            ".....X.....",
        ],
        "f1",
        "g1",
        false,
    ),
    // `can_not_escape_6`: the last file.
    (
        &[
            "......X....",
            "..........X",
            "..........X",
            "........XXK",
            "..........X",
            "..........X",
            "O..........",
            "...........",
            "...........",
            "...........",
            "...........",
        ],
        "g11",
        "h11",
        true,
    ),
    // `can_not_escape_7`: the bottom edge.
    (
        &[
            "......X....",
            "...........",
            "...........",
            "...........",
            "...........",
            "..........O",
            "...........",
            "...........",
            "........X..",
            "........X..",
            "......XXKX.",
        ],
        "g11",
        "h11",
        true,
    ),
    // `can_not_escape_8`: the king beside a corner is never hemmed in.
    (
        &[
            "......X....",
            "...........",
            "...........",
            "...........",
            "...........",
            "...........",
            "O..........",
            "X..........",
            "X..........",
            "KXX........",
            "...........",
        ],
        "g11",
        "h11",
        false,
    ),
];

/// The engine's own positions end, or go on, as its tests say, and
/// under Copenhagen as the archive plays it, with no such judgement,
/// none ends.
#[test]
fn the_king_cannot_escape_where_the_engines_tests_say() {
    let org = RuleSet::hnefatafl_org(11).unwrap();
    let copenhagen = RuleSet::preset("copenhagen").unwrap();
    assert!(org.cannot_escape && !copenhagen.cannot_escape);
    for (n, &(rows, from, to, ends)) in ENGINE_CASES.iter().enumerate() {
        let end = play_drawn(&org, rows, Side::Attackers, (from, to));
        let expected = ends.then_some((End::CannotEscape, Some(Side::Attackers)));
        assert_eq!(end, expected, "case {n}: {from}-{to}");
        let end = play_drawn(&copenhagen, rows, Side::Attackers, (from, to));
        assert_eq!(end, None, "case {n}");
    }
}

/// The judgement holds on every board the engine plays, after either
/// side's move, after the limit of plies and before a side's want of
/// moves; `cne:` reads and prints.
#[test]
fn the_king_cannot_escape_on_every_board_after_either_sides_move() {
    let cannot = Some((End::CannotEscape, Some(Side::Attackers)));
    // 7 × 7: the king on a4 hemmed in once c6 comes to c4.
    let brandubh = [
        ".......", "X.X....", "X......", "KX.....", "X......", "X.....O", ".......",
    ];
    let org7 = RuleSet::hnefatafl_org(7).unwrap();
    let play = |rules, side, mv| play_drawn(rules, &brandubh, side, mv);
    assert_eq!(play(&org7, Side::Attackers, ("c6", "c4")), cannot);
    assert_eq!(play(&org7, Side::Attackers, ("c6", "d6")), None);
    // 13 × 13: the king on g1, once b3 comes to g3.
    let thirteen = [
        ".............",
        ".............",
        ".............",
        ".............",
        ".............",
        ".............",
        ".............",
        ".............",
        ".............",
        "...........O.",
        ".X...........",
        "......X......",
        "....XXKXX....",
    ];
    let org13 = RuleSet::hnefatafl_org(13).unwrap();
    assert_eq!(
        play_drawn(&org13, &thirteen, Side::Attackers, ("b3", "g3")),
        cannot
    );
    // 11 × 11: the attackers' last move already made, a defenders' move
    // elsewhere ends the game.
    let (rows, ..) = ENGINE_CASES[5];
    let mut after: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    after[4].replace_range(0..1, "X");
    after[5].replace_range(0..1, ".");
    let after: Vec<&str> = after.iter().map(String::as_str).collect();
    let org = RuleSet::hnefatafl_org(11).unwrap();
    assert_eq!(
        play_drawn(&org, &after, Side::Defenders, ("k6", "k5")),
        cannot
    );
    // At the last ply allowed, the draw comes first.
    let limited = RuleSet {
        ply_limit: Some(1),
        ..org.clone()
    };
    assert_eq!(
        play_drawn(&limited, &after, Side::Defenders, ("k6", "k5")),
        Some((End::PlyLimit, None))
    );
    // Defenders left with no move: the attackers win by the judgement,
    // asked first.
    let stuck = [
        ".......", "X.X....", "X......", "KX.....", "X.....X", "X....XO", ".......",
    ];
    assert_eq!(
        play_drawn(&org7, &stuck, Side::Attackers, ("c6", "c4")),
        cannot
    );
    let without = RuleSet {
        cannot_escape: false,
        ..org7.clone()
    };
    assert_eq!(
        play_drawn(&without, &stuck, Side::Attackers, ("c6", "c4")),
        Some((End::NoMoves, Some(Side::Attackers)))
    );
    // The key reads and prints.
    for dim in [7, 11, 13] {
        let rules = RuleSet::hnefatafl_org(dim).unwrap();
        assert!(rules.cannot_escape, "{dim}");
        let text = rules.to_string();
        assert_eq!(text.matches(" cne:y").count(), 1, "{text}");
        let without = RuleSet::from_opentafl(&text.replace(" cne:y", ""))
            .unwrap()
            .0;
        assert_eq!(
            without,
            RuleSet {
                cannot_escape: false,
                ..rules
            }
        );
    }
    let brandubh = "dim:7 cne:x start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let error = RuleSet::from_opentafl(brandubh).unwrap_err();
    assert!(error.to_string().contains("cne"), "{error}");
}
