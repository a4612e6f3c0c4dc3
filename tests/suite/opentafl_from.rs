//! OpenTafl reads the games `hirp gen --from` writes:
//! `fixtures/tafl/opentafl-from/` holds a game hirp wrote from each of
//! thirty positions OpenTafl's engine reached mid-game, three in each of
//! its ten variants, under each game's own rules string, with OpenTafl's
//! verdict on each file (`SOURCES.md` there says how they were made).
//! Each file starts as OpenTafl writes a game from a position (its rules
//! string's start the position, `atkf:` the side to move); hirp finds each
//! valid; and OpenTafl's loader replays each to the end hirp finds, with
//! the same winner, on the same move. The files where it does not are
//! exactly the departures listed, each with its reason.

use crate::opentafl;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use hirp::tafl::rules::{PositionLine, RuleSet};
use opentafl::{Mismatch, hirp_judges, labels, opentafl_verdict};
use serde_json::Value;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tafl/opentafl-from")
}

/// The files OpenTafl's loader refuses a move of, and why: the move it
/// refuses, hirp's reading of the rules that allows it.
const DEPARTURES: &[(&str, &str, &str)] = &[
    (
        "foteviken_tablut_9-000-ply100.otg",
        "1a",
        "h4-h6 passes over the empty attackers' fort h5",
    ),
    (
        "foteviken_tablut_9-001-ply077.otg",
        "1b",
        "b1-b6 passes over the empty attackers' fort b5",
    ),
    (
        "foteviken_tablut_9-002-ply146.otg",
        "2b",
        "b1-g1 passes over the empty attackers' forts d1, e1 and f1",
    ),
];

/// Why OpenTafl refuses the departures: under `aforre:` (no piece may
/// come back into an attackers' fort), OpenTafl's engine lets no piece
/// from outside the forts pass over one (`GenericRules.canTaflmanMoveThrough`),
/// where hirp reads `re` as forbidding a piece to land there, not to pass
/// (`docs/rules.md`, "Tafl: reading Brandub's centre").
const WHY: &str = "OpenTafl lets no piece from outside a kind of square it may not come \
                   back into pass over one; hirp forbids it only to land there";

/// A line of a JSON Lines file of the folder.
fn lines(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(folder().join(name)).expect("the file");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// OpenTafl's verdict on each file, by file name.
fn verdicts() -> Vec<(String, Value)> {
    lines("opentafl.jsonl")
        .into_iter()
        .map(|line| {
            let file = line["file"].as_str().expect("a file");
            let name = file.trim_start_matches("./").to_owned();
            (name, line["opentafl"].clone())
        })
        .collect()
}

/// The rules tag of a game file.
fn rules_tag(text: &str) -> &str {
    text.lines()
        .find_map(|line| line.strip_prefix("[rules:")?.strip_suffix(']'))
        .expect("a rules tag")
}

/// The move written at `label` (`12b`) in `path`.
fn move_at(path: &Path, label: &str) -> String {
    let text = std::fs::read_to_string(path).expect("the record");
    let n = labels(path).iter().position(|l| l == label).expect(label);
    let moves = text
        .lines()
        .filter_map(|line| Some(line.split_once(". ")?.1))
        .flat_map(str::split_whitespace);
    moves.clone().nth(n).expect("the move").to_owned()
}

#[test]
fn each_game_starts_as_opentafl_writes_a_game_from_a_position() {
    let made = lines("positions.jsonl");
    assert_eq!(made.len(), 30, "three positions of each of ten variants");
    let variants: BTreeSet<&str> = made
        .iter()
        .map(|m| m["variant"].as_str().unwrap())
        .collect();
    assert_eq!(variants.len(), 10);
    let mut defenders = 0;
    for entry in &made {
        let file = entry["file"].as_str().unwrap();
        let text = std::fs::read_to_string(folder().join(file)).unwrap();
        let (written, _) = RuleSet::from_opentafl(rules_tag(&text)).unwrap();
        let (given, _) = RuleSet::from_opentafl(entry["rules"].as_str().unwrap()).unwrap();
        let line = PositionLine::read(entry["position"].as_str().unwrap()).unwrap();
        assert_eq!(written, line.rules(&given).unwrap(), "{file}");
        // The position and the side to move, as OpenTafl writes them.
        let tag = rules_tag(&text);
        assert!(
            tag.ends_with(&format!(" start:{}", line.layout.to_opentafl())),
            "{file}"
        );
        defenders += usize::from(tag.contains(" atkf:n "));
    }
    assert!(defenders > 3, "the defenders to move in {defenders} games");
}

#[test]
fn opentafl_replays_each_game_hirp_writes_from_a_position_to_hirp_s_end() {
    let mut departed = BTreeSet::new();
    let (mut agreed, mut kings) = (0, 0);
    for (name, opentafl) in verdicts() {
        let path = folder().join(&name);
        let hirp = hirp_judges(&path);
        assert_eq!(hirp.verdict.fault, None, "{name}: hirp wrote it valid");
        let (mut expected, mismatch) = opentafl_verdict(&path, &opentafl, &hirp);
        // A game the cap cut has no `[result:]` as hirp writes it, where
        // OpenTafl writes `[result:?]`: the notation makes the tag optional.
        let untagged = expected.winner == "ongoing" && opentafl["result_tag"].is_null();
        if untagged && expected.fault.as_deref() == Some("tag") {
            expected.fault = None;
        }
        // hirp writes a king's capture `++`, as the notation's example
        // does (`e3-e4++`); OpenTafl's engine counts the king among the
        // move's captures (its writer writes `xKe2`), and the harness finds
        // the written captures short of him there.
        let king_unlisted = |at: &str| {
            let engine = opentafl["record_capture_mismatch"]
                .as_str()
                .unwrap_or_default();
            let king = engine
                .strip_prefix("written [], engine [")
                .and_then(|k| k.strip_suffix(']'));
            expected
                .end
                .as_ref()
                .is_some_and(|(ply, how)| ply == at && how == "king-captured")
                && move_at(&path, at).ends_with("++")
                && king.is_some_and(|square| !square.contains(','))
        };
        match mismatch {
            None => {}
            Some(Mismatch::Wrong(at) | Mismatch::Departure(at, _)) if king_unlisted(&at) => {
                kings += 1;
            }
            Some(Mismatch::Departure(at, captures)) => {
                panic!("{name}: OpenTafl's engine departs from the record at {at}: {captures}")
            }
            Some(Mismatch::Wrong(at)) => expected.fault = Some(at),
            Some(Mismatch::Unwritten) => panic!("{name}: hirp writes every capture"),
        }
        match DEPARTURES.iter().find(|(file, ..)| *file == name) {
            None => {
                assert_eq!(hirp.verdict, expected, "{name}: hirp, then OpenTafl");
                agreed += 1;
            }
            Some((_, at, how)) => {
                assert_eq!(expected.fault.as_deref(), Some(*at), "{name}: {how}");
                assert_eq!(opentafl["fail_reason"], "Illegal move.", "{name}");
                let refused = move_at(&path, at);
                assert!(
                    how.starts_with(&refused),
                    "{name}: {refused} at {at}; {WHY}"
                );
                departed.insert(name);
            }
        }
    }
    let listed: BTreeSet<String> = DEPARTURES.iter().map(|(f, ..)| f.to_string()).collect();
    assert_eq!(departed, listed, "every departure listed is a file judged");
    // The figures, with `--nocapture`.
    eprintln!(
        "{agreed} games replayed by OpenTafl to hirp's end ({kings} with the king captured), \
         {} refused where the rules are read apart",
        departed.len()
    );
    assert_eq!(agreed, 27);
    assert!(kings > 0, "a king captured");
}

/// Every game of the folder has OpenTafl's verdict and its origin, and
/// every verdict its game.
#[test]
fn every_game_has_its_verdict_and_its_position() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(folder())
        .expect("the folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".otg"))
        .collect();
    let judged: BTreeSet<String> = verdicts().into_iter().map(|(name, _)| name).collect();
    assert_eq!(on_disk, judged);
    let made: BTreeSet<String> = lines("positions.jsonl")
        .iter()
        .map(|m| m["file"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(on_disk, made);
}
