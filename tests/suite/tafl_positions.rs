//! Tafl positions as OpenTafl writes them: after every move of a game of
//! each of OpenTafl's ten variants, the position record `hirp` gives for
//! the board (`Position::to_opentafl`, the first rank first) and the side to
//! move are those OpenTafl's engine printed (`GameState.getOTNPositionString()`),
//! recorded in `fixtures/tafl/opentafl-positions/positions.jsonl`
//! (`SOURCES.md` beside it says how), and `hirp position` prints them; and
//! the same games started from their positions by the notation's
//! `[position:]` tag replay the rest as the whole game does.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use hirp::tafl::Side;
use hirp::tafl::replay::{replay_record, replay_record_seen};
use hirp::tafl::rules::{End, Layout, Position};
use hirp::tafl::syntax::{Form, parse, parse_bytes};

const DIR: &str = "fixtures/tafl/opentafl-positions";

/// What OpenTafl printed after one ply of a game.
#[derive(Debug, serde::Deserialize)]
struct Printed {
    file: String,
    ply: usize,
    turn: Option<String>,
    side_to_move: String,
    position: String,
    berserker: Option<String>,
}

fn printed() -> BTreeMap<String, Vec<Printed>> {
    let text = std::fs::read_to_string(Path::new(DIR).join("positions.jsonl")).unwrap();
    let mut games: BTreeMap<String, Vec<Printed>> = BTreeMap::new();
    for line in text.lines() {
        let printed: Printed = serde_json::from_str(line).unwrap();
        games.entry(printed.file.clone()).or_default().push(printed);
    }
    games
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attackers => "attackers",
        Side::Defenders => "defenders",
    }
}

#[test]
fn every_position_of_every_variant_is_opentafl_s() {
    let games = printed();
    assert_eq!(
        games.len(),
        11,
        "a game of each variant, and one the king loses"
    );
    let (mut berserk_turns, mut kings_captured) = (0, 0);
    for (file, plies) in &games {
        let text = std::fs::read_to_string(Path::new(DIR).join(file)).unwrap();
        let parsed = parse(&text, Form::Otg);
        assert!(parsed.errors.is_empty(), "{file}: {:?}", parsed.errors);
        let replay = &replay_record(&parsed.record, &parsed.errors, None)[0];
        assert!(replay.is_valid(), "{file}: {:?}", replay.problems);
        let positions = replay.positions();
        assert_eq!(
            positions.len(),
            plies.len(),
            "{file}: one position a ply and the start"
        );
        for (n, (position, printed)) in positions.iter().zip(plies).enumerate() {
            assert_eq!(printed.ply, n, "{file}");
            let at = printed.turn.as_deref().unwrap_or("the start");
            if n > 0 {
                let address = replay.steps[n - 1].address.to_string();
                assert_eq!(Some(address.as_str()), printed.turn.as_deref(), "{file}");
            }
            assert_eq!(
                position.to_opentafl(),
                printed.position,
                "{file} after {at}"
            );
            assert_eq!(
                side_name(position.turn()),
                printed.side_to_move,
                "{file}: the side to move after {at}"
            );
            let berserker = position.berserker().map(|square| square.to_string());
            assert_eq!(berserker, printed.berserker, "{file} after {at}");
            berserk_turns += usize::from(berserker.is_some());
            let captured = position.outcome().map(|o| o.end) == Some(End::KingCaptured);
            kings_captured += usize::from(captured);
        }
    }
    assert!(berserk_turns > 0, "a Berserk turn of more than one move");
    assert!(
        kings_captured > 0,
        "a king captured, whom OpenTafl takes off"
    );
}

/// `hirp position FILE --turn T` after every ply of each game (`--turn 0`
/// the start) prints OpenTafl's position record and side to move first,
/// and the line `--all` prints for that position.
#[test]
fn hirp_position_prints_opentafl_s_position_after_every_ply() {
    let games = printed();
    let runs: Vec<(&String, &Printed)> = games
        .iter()
        .flat_map(|(file, plies)| plies.iter().map(move |printed| (file, printed)))
        .collect();
    let run = |args: &[&str]| {
        let output = common::hirp().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let all: BTreeMap<&String, Vec<String>> = games
        .keys()
        .map(|file| {
            let path = format!("{DIR}/{file}");
            let lines = run(&["position", &path, "--all"]);
            (file, lines.lines().map(str::to_owned).collect())
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let checked = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for share in runs.chunks(runs.len().div_ceil(threads)) {
            let (run, all, checked) = (&run, &all, &checked);
            scope.spawn(move || {
                for (file, printed) in share {
                    let path = format!("{DIR}/{file}");
                    let turn = printed.turn.as_deref().unwrap_or("0");
                    let line = run(&["position", &path, "--turn", turn]);
                    let fields: Vec<&str> = line.trim_end().split(' ').collect();
                    assert_eq!(fields.len(), 3, "{file} after {turn}: {line}");
                    assert_eq!(
                        fields[..2],
                        [printed.position.as_str(), printed.side_to_move.as_str()],
                        "{file} after {turn}"
                    );
                    assert_eq!(
                        line.trim_end(),
                        all[file][printed.ply],
                        "{file} after {turn}"
                    );
                    checked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    assert_eq!(
        checked.into_inner(),
        999,
        "every ply of the eleven games, and their starts"
    );
}

/// A game started from any of its positions replays the rest of the game
/// as the whole game does (the same positions after each move, and the
/// same end): as OpenTafl writes a game from a position, the position the
/// start of its rules string and `atkf:` naming the side to move; and by
/// the notation's `[position:]` tag, when the side its rules move first is
/// to move.
#[test]
fn a_game_from_a_position_replays_as_the_whole_game() {
    let mut started = 0;
    for file in printed().keys() {
        let text = std::fs::read_to_string(Path::new(DIR).join(file)).unwrap();
        let parsed = parse(&text, Form::Otg);
        let whole = &replay_record(&parsed.record, &parsed.errors, None)[0];
        let rules_tag = text
            .lines()
            .find(|line| line.starts_with("[rules:"))
            .unwrap();
        // Two moves a turn: Berserk's turns of three are left out.
        let plies: Vec<&str> = whole
            .steps
            .iter()
            .map(|step| &text[step.span.start..step.span.end])
            .collect();
        let two_a_turn = whole.steps.iter().enumerate().all(|(n, step)| {
            step.address == format!("{}{}", n / 2 + 1, ["a", "b"][n % 2]).as_str()
        });
        if !two_a_turn {
            continue;
        }
        let positions = whole.positions();
        let first = positions[0].turn();
        for from in (2..plies.len()).step_by(7) {
            let position = &positions[from];
            // A piece that must move again is not in the position record.
            if position.berserker().is_some() {
                continue;
            }
            // As OpenTafl writes a game from a position: in its rules.
            let mut rules = whole.rules.clone().unwrap();
            rules.start = Layout::from_opentafl(&position.to_opentafl()).unwrap();
            rules.attackers_first = position.turn() == Side::Attackers;
            let mut heads = vec![format!("[rules:{rules}]\n\n")];
            // As the notation's tag says it, the rules' side to move.
            if position.turn() == first {
                let tag = format!("[position:{}]", position.to_opentafl());
                heads.push(format!("{tag}\n{rules_tag}\n\n"));
            }
            for head in heads {
                let record = head + &turns(&plies[from..]);
                let part = replayed(&record);
                assert!(
                    part.is_valid(),
                    "{file} from ply {from}: {:?}\n{record}",
                    part.problems
                );
                let rest: Vec<String> = part.positions().iter().map(|p| p.to_opentafl()).collect();
                let expected: Vec<String> =
                    positions[from..].iter().map(|p| p.to_opentafl()).collect();
                assert_eq!(rest, expected, "{file} from ply {from}\n{record}");
                assert_eq!(part.outcome, whole.outcome, "{file} from ply {from}");
                started += 1;
            }
        }
    }
    assert!(started > 20, "{started} games started from a position");
}

/// Plies written two a turn, `1. d2-c2 d3-c3`, numbered from 1.
fn turns(plies: &[&str]) -> String {
    let mut out = String::new();
    for (n, pair) in plies.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", n + 1, pair.join(" ")));
    }
    out
}

/// The game of a game file, read and replayed.
fn replayed(record: &str) -> hirp::tafl::replay::Replay {
    let parsed = parse(record, Form::Otg);
    assert!(parsed.errors.is_empty(), "{:?}\n{record}", parsed.errors);
    replay_record(&parsed.record, &parsed.errors, None).remove(0)
}

/// The preset of an archive of the fixtures: its folder's, or its own.
fn archive_rules(path: &Path) -> &'static str {
    let folder = path.parent().and_then(Path::file_name);
    let folder = folder.and_then(|f| f.to_str()).unwrap_or("");
    let name = path.file_stem().and_then(|f| f.to_str()).unwrap_or("");
    match (folder, name) {
        (_, "brandubh") => "brandubh-online",
        (_, "copenhagen") => "copenhagen",
        ("hnefatafl-11", _) => "hnefatafl-11",
        ("hnefatafl-13", _) => "hnefatafl-13",
        _ => "brandub",
    }
}

/// The positions a replay hands over as it reaches them, each game's last
/// reading (a game with an error is read again, looking ahead), are those
/// its replay lists, on every tafl record of the fixtures.
#[test]
fn the_positions_seen_as_the_replay_reaches_them_are_the_replay_s() {
    let (mut positions, mut read_again) = (0, 0);
    let mut records = Vec::new();
    for extension in ["otg", "csv"] {
        records.extend(common::files_under(Path::new("fixtures/tafl"), extension));
    }
    for path in records {
        let bytes = std::fs::read(&path).unwrap();
        let csv = path.extension().is_some_and(|e| e == "csv");
        let form = if csv { Form::Csv } else { Form::Otg };
        let rules = csv.then(|| hirp::tafl::rules::RuleSet::preset(archive_rules(&path)).unwrap());
        let (_, parsed) = parse_bytes(&bytes, form);
        let mut seen: Vec<Vec<Position>> = Vec::new();
        let replays = replay_record_seen(
            &parsed.record,
            &parsed.errors,
            rules.as_ref(),
            |game, moves, position| {
                seen.resize_with(seen.len().max(game + 1), Vec::new);
                if moves == 0 {
                    read_again += usize::from(!seen[game].is_empty());
                    seen[game].clear();
                }
                assert_eq!(moves, seen[game].len(), "{}", path.display());
                seen[game].push(position.clone());
            },
        );
        for (game, replay) in replays.iter().enumerate() {
            let listed = replay.positions();
            let seen = seen.get(game).map_or(&[][..], Vec::as_slice);
            assert_eq!(seen, listed, "{}, game {}", path.display(), game + 1);
            positions += listed.len();
        }
    }
    assert!(positions > 50_000, "{positions} positions");
    assert!(read_again > 10, "{read_again} games read again");
}
