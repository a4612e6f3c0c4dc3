//! The fast path of a check (`hirp::replay::fast`) held to the full replay:
//! whenever it replays a chunk, the full reader and replay find no problem
//! in it, and the same games, tags, turns, results and final positions.
//! Checked on every fixture and each of its chunks, on generated games
//! (nearly all of which it must replay), on generated games with comments
//! and `\r\n` line ends, on each of them with one byte changed, and on
//! `hirp validate`'s whole output for the fixtures, read both ways.

use crate::checks;

use crate::common;

use hirp::hirp::syntax::Games;
use proptest::prelude::*;

/// The chunks `Games` cuts `bytes` into, as bytes.
fn chunks(bytes: &[u8]) -> Vec<Vec<u8>> {
    Games::new(bytes)
        .map(|chunk| chunk.expect("reading from memory").bytes)
        .collect()
}

/// Whether the full reader and replay find nothing to report in `bytes`,
/// read as a chunk written the usual way.
fn clean_and_usual(bytes: &[u8]) -> bool {
    if hirp::hirp::syntax::scan::usual_games(bytes).is_none() {
        return false;
    }
    let (_, parsed) = hirp::hirp::parse_bytes(bytes);
    let report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    parsed.errors.is_empty() && report.games.iter().all(|g| g.problems.is_empty())
}

#[test]
fn fixtures_replayed_fast_are_replayed_so_in_full() {
    let (mut files, mut chunks_seen, mut clean, mut fast) = (0, 0, 0, 0);
    for path in common::files_under(&common::root().join("fixtures"), "hirp") {
        let bytes = std::fs::read(&path).expect("a fixture");
        files += 1;
        checks::fast_piece(&bytes);
        for chunk in chunks(&bytes) {
            chunks_seen += 1;
            clean += usize::from(clean_and_usual(&chunk));
            fast += usize::from(checks::fast_piece(&chunk));
        }
    }
    eprintln!(
        "fixtures: of {chunks_seen} chunks, {clean} written the usual way with nothing \
         to report, {fast} replayed fast"
    );
    assert!(files > 100, "{files} fixtures");
    // Only an attack that the record places on another of its shortest
    // walks is left to the full replay.
    assert!(fast + 1 >= clean, "{fast} of {clean}");
}

#[test]
fn nearly_every_generated_game_is_replayed_fast_as_in_full() {
    let text = common::generated(5, 2_000);
    let all = chunks(text.as_bytes());
    assert_eq!(all.len(), 2_000);
    let fast = all.iter().filter(|chunk| checks::fast_piece(chunk)).count();
    eprintln!("generated: {fast} of {} games replayed fast", all.len());
    // The rest, if any, hold a step the record cannot tell from another,
    // which the full replay settles by reading ahead, or an attack the
    // record puts on another of its walks.
    assert!(fast * 1000 >= all.len() * 999, "{fast} of {}", all.len());
}

#[test]
fn games_one_after_another_are_replayed_fast_together_as_alone() {
    // Without tags, each game begins at its `G1`, after the last turn of
    // the game before.
    let text = common::generated(8, 60);
    let bare: Vec<Vec<u8>> = chunks(text.as_bytes())
        .iter()
        .map(|chunk| {
            let text = String::from_utf8_lossy(chunk);
            let turns = text.lines().filter(|line| line.starts_with(['G', 'S']));
            turns
                .map(|line| format!("{line}\n"))
                .collect::<String>()
                .into_bytes()
        })
        .filter(|game| checks::fast_piece(game))
        .collect();
    assert!(bare.len() > 50, "{} games replayed fast alone", bare.len());
    let together = bare.concat();
    assert!(checks::fast_piece(&together));
    let games = hirp::hirp::replay::fast::games(&together, 0).expect("replayed fast");
    assert_eq!(games.len(), bare.len());
}

#[test]
fn a_beaten_lofdungr_written_where_it_retreats_is_replayed_fast_as_in_full() {
    // `L2>3` could have attacked from 4 as well as from where the walk put
    // it. Beaten, the Lofðungr is written where it retreats to, 4, which
    // the full replay reads as where it attacked from: either way it ends
    // on 4 and the game goes on from the same position.
    let game = "\
G1 Ke1L02HeKe /\n\
S1 L97HeKeHeHe GdSa/\n\
G2 K10KeK02K21L21 /\n\
S2 K98HeL75HeKe /\n\
G3 L12H01H12K12K21 /\n\
S3 HiH97HeL53Kh97 /\n\
G4 K01H24K12L2>3 >3SL3GL4\n\
";
    assert!(checks::fast_piece(game.as_bytes()));
}

#[test]
fn an_attacker_written_where_one_stands_is_replayed_fast_as_in_full() {
    // `H5>4` walks through 3, and could have walked through m. The
    // record's `GHm` is the Hirþ of `Hm>4`, which stands on the line from
    // m: the full replay moves no attack there, and the fast path follows.
    let game = "\
G1 L02KeHe2He /\n\
S1 L97KeHeHe7 /\n\
G2 HeL21H01HiHv0 /\n\
S2 L78HeK98H98H98 /\n\
G3 K02H20H01H14 /\n\
S3 H79L89K89KeH89 /\n\
G4 H02H13L12L21K20 /\n\
S4 K98L97K98H97K89 /\n\
G5 H20H43HiL13Kh02 /\n\
S5 K86KeH86H97H64 /\n\
G6 H35L31Kh20H3>4Ke >4SH4GHx\n\
S6 H46H64HeK97H78 /\n\
G7 L10K01Kh02L01L12 /\n\
S7 K98K79HeH78K97 SdGa/\n\
G8 L20K10Kh20K01H53 /\n\
S8 H86H89K78HeK89 /\n\
G9 K13K31Kh02KeL01 /\n\
S9 H98H65H89K64K86 /\n\
G10 K02L12H3mKh2>4K20 >4SK^SHxGKh4\n\
S10 K65H98L75K56H5>m >mGHmSHx\n\
G11 Hm3HeK12Kh4>6K01 >6SK^GKh6\n\
S11 H98H89H8>6L5mH98 >6GKh6SHx\n\
G12 K20H01K10HeL20 /\n\
S12 Lm4HiH8>6H97Kh98 >6GKh6SHx\n\
G13 H35H02L01Kh65Hv5 /\n\
S13 Kh89H79KeL4>2Hv9 >2GHxSL2\n\
G14 K5mL13H15K0>2 >2SL2GK^\n\
S14 L24HeHe7Hi /\n\
G15 K02H5>4H5mHm>4 >4SL6GH4GHm\n\
";
    assert!(checks::fast_piece(game.as_bytes()));
}

#[test]
fn decorated_games_are_replayed_fast_as_in_full() {
    let text = common::decorated(&common::generated(6, 200));
    let all = chunks(text.as_bytes());
    let fast = all.iter().filter(|chunk| checks::fast_piece(chunk)).count();
    assert!(fast * 100 >= all.len() * 95, "{fast} of {}", all.len());
    // The whole text at once: several games to a piece.
    assert!(checks::fast(text.as_bytes()) > 0);
}

/// A game as it is judged: its number, turns, result, final position,
/// problems and place in its match, written out.
type Judged = Vec<String>;

/// What `check` hands over for `bytes`: fast where it can be.
fn checked(bytes: &[u8]) -> Judged {
    let mut seen = Vec::new();
    hirp::hirp::check::check(bytes, Default::default(), |c| {
        seen.push(format!(
            "{} {} {:?} {:?} {:?} {:?}",
            c.number, c.report.turns, c.report.result, c.report.position, c.report.problems, c.view
        ));
        true
    })
    .expect("reading from memory");
    seen
}

/// What the full reader and replay say of `bytes` read whole, game by
/// game, with the checks of matches.
fn replayed_in_full(bytes: &[u8]) -> Judged {
    let (_, parsed) = hirp::hirp::parse_bytes(bytes);
    let mut report = hirp::hirp::replay::replay_record(&parsed.record, &parsed.errors);
    let mut matches = hirp::hirp::replay::Matches::default();
    let mut seen = Vec::new();
    if !report.problems.is_empty() {
        seen.push(format!(
            "0 0 None {:?} {:?} None",
            hirp::hirp::rules::Position::new(),
            report.problems
        ));
    }
    for (n, (game, r)) in parsed
        .record
        .games
        .iter()
        .zip(&mut report.games)
        .enumerate()
    {
        let view = matches.game(game, r);
        r.problems.sort_by_key(|p| (p.span.start, p.span.end));
        seen.push(format!(
            "{} {} {:?} {:?} {:?} {:?}",
            n + 1,
            r.turns,
            r.result,
            r.position,
            r.problems,
            view
        ));
    }
    seen
}

#[test]
fn a_check_says_of_every_fixture_what_the_full_replay_says() {
    let mut files = 0;
    for path in common::files_under(&common::root().join("fixtures"), "hirp") {
        let bytes = std::fs::read(&path).expect("a fixture");
        files += 1;
        assert_eq!(
            checked(&bytes),
            replayed_in_full(&bytes),
            "{}",
            common::relative(&path)
        );
    }
    assert!(files > 100, "{files} fixtures");
}

#[test]
fn a_check_says_of_matches_with_games_changed_what_the_full_replay_says() {
    // Tagged as matches, results written; one game in three changed, so
    // that one file mixes games replayed fast and in full.
    let text = common::generated(7, 90);
    let mut changed = String::new();
    for (n, game) in text.split("\n\n").enumerate() {
        let game = game.replace("[Game", &format!("[Match \"m{}\"]\n[Game", n / 10));
        let game = match n % 3 {
            0 => game.replacen(" /\n", "He /\n", 1),
            1 => game.replacen("[Result \"*\"]", "[Result \"1-0\"]", 1),
            _ => game,
        };
        changed.push_str(&game);
        changed.push_str("\n\n");
    }
    let bytes = changed.as_bytes();
    let fast = checked(bytes);
    assert_eq!(fast.len(), 90);
    assert_eq!(fast, replayed_in_full(bytes));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_games_changed_at_one_byte_agree(
        seed in 0u64..1_000_000,
        at in any::<prop::sample::Index>(),
        byte in prop::sample::select(b"GSHKLhevi0123456789m>/^x \n".to_vec()),
        change in 0..3usize,
    ) {
        let text = common::generated(seed, 2).into_bytes();
        let n = at.index(text.len());
        let mut bytes = text.clone();
        match change {
            0 => bytes[n] = byte,
            1 => bytes.insert(n, byte),
            _ => {
                bytes.remove(n);
            }
        }
        checks::fast(&bytes);
    }
}
