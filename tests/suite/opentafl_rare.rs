//! hirp against OpenTafl on `fixtures/tafl/opentafl-rare/`: short games,
//! each set up by its rules tag's `starti:` to reach in a move or a few a
//! rule that random games never reach (repetition under each `tfr:`, exit
//! forts, encirclement, a side with no move, shieldwalls closed by a
//! corner, Linnaean captures), with OpenTafl's verdict on each file
//! (`opentafl.jsonl`; `SOURCES.md` there says how it was made). hirp's
//! verdict on each is OpenTafl's: the place first wrong, the winner, and
//! the move that ends the game and how. The files where it is not are
//! exactly the departures listed, each with hirp's verdict and the reading
//! of `docs/rules.md` that gives it.

use crate::opentafl;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use opentafl::{Mismatch, Verdict, hirp_judges, opentafl_verdict};
use serde_json::Value;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tafl/opentafl-rare")
}

/// hirp's verdict: the place first wrong, the winner, and the move that
/// ends the game, with how.
type Expected = (
    Option<&'static str>,
    &'static str,
    Option<(&'static str, &'static str)>,
);

/// The files on which hirp does not judge as OpenTafl does: hirp's
/// verdict, and why (the heading of `docs/rules.md` that says so).
const DEPARTURES: &[(&str, Expected, &str)] = &[
    (
        "repetition_ignored.otg",
        (None, "ongoing", None),
        "`tfr:i` ignores a repeated position, as the specification says; \
         OpenTafl's reader reads `i` as `d` (Tafl: reading OpenTafl's repetition rule)",
    ),
    (
        "exit_fort_king_off_edge.otg",
        (None, "defenders", Some(("2b", "exit-fort"))),
        "the king must stand on the edge; OpenTafl's engine wins as soon as he can \
         reach it (Tafl: reading encirclement and exit forts)",
    ),
    (
        "no_moves_attackers.otg",
        (None, "defenders", Some(("1b", "no-moves"))),
        "a side that must move and cannot loses, as OpenTafl's rules text says; its \
         engine ends nothing when the attackers cannot move (Tafl: reading a side \
         that cannot move under OpenTafl's rules)",
    ),
    (
        "no_moves_beside_a_corner.otg",
        (None, "attackers", Some(("1a", "no-moves"))),
        "a guard beside an empty corner he may not enter has no move; OpenTafl's \
         engine counts any empty square beside a defender as a move (Tafl: reading a \
         side that cannot move under OpenTafl's rules)",
    ),
    (
        "shieldwall_first_move.otg",
        (None, "ongoing", None),
        "a piece's first move closes a shieldwall as any move does; OpenTafl's engine \
         misses it under `swf:y` (Tafl: reading where OpenTafl's engine departs from \
         its notation)",
    ),
    (
        "shieldwall_one_on_edge.otg",
        (None, "ongoing", None),
        "a wall closed by a corner and one attacker on the edge falls; OpenTafl's \
         engine looks for walls only with two pieces of each side on the edges (Tafl: \
         reading where OpenTafl's engine departs from its notation)",
    ),
    (
        "shieldwall_relaxed_own_wall.otg",
        (Some("2a"), "ongoing", None),
        "no piece is captured at 1b, as the record writes; OpenTafl's engine takes \
         two attackers faced by attackers, and 2a passes where they stood (Tafl: \
         reading where OpenTafl's engine departs from its notation)",
    ),
];

/// OpenTafl's verdict on each file of the folder, by file name.
fn verdicts() -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(folder().join("opentafl.jsonl")).expect("the verdicts");
    text.lines()
        .map(|line| {
            let line: Value = serde_json::from_str(line).expect("a JSON line");
            let file = line["file"].as_str().expect("a file");
            let name = file.trim_start_matches("./").to_owned();
            (name, line["opentafl"].clone())
        })
        .collect()
}

fn verdict(expected: Expected) -> Verdict {
    let (fault, winner, end) = expected;
    Verdict {
        fault: fault.map(str::to_owned),
        winner: winner.to_owned(),
        end: end.map(|(ply, how)| (ply.to_owned(), how.to_owned())),
    }
}

#[test]
fn hirp_judges_the_rare_rules_as_opentafl_does_or_says_why() {
    let mut departed = BTreeSet::new();
    for (name, opentafl) in verdicts() {
        let path = folder().join(&name);
        let hirp = hirp_judges(&path);
        let (mut expected, mismatch) = opentafl_verdict(&path, &opentafl, &hirp);
        let mut engine = String::new();
        match mismatch {
            Some(Mismatch::Wrong(at)) => expected.fault = Some(at),
            Some(Mismatch::Departure(at, captures)) => {
                expected.fault = Some(at);
                engine = format!(" (OpenTafl's record and engine: {captures})");
            }
            // OpenTafl's writer leaves these captures out: hirp warns, and
            // the record is valid.
            Some(Mismatch::Unwritten) | None => {}
        }
        match DEPARTURES.iter().find(|(file, ..)| *file == name) {
            None => assert_eq!(
                hirp.verdict, expected,
                "{name}: hirp, then OpenTafl{engine}"
            ),
            Some((_, own, why)) => {
                assert_eq!(hirp.verdict, verdict(*own), "{name}: {why}{engine}");
                assert_ne!(
                    hirp.verdict, expected,
                    "{name}: hirp now judges as OpenTafl"
                );
                departed.insert(name);
            }
        }
    }
    let listed: BTreeSet<String> = DEPARTURES.iter().map(|(f, ..)| f.to_string()).collect();
    assert_eq!(departed, listed, "every departure listed is a file judged");
}

/// The captures OpenTafl's writer leaves out are warned of, and only
/// warned of, at the move that makes them.
#[test]
fn the_captures_opentafls_writer_leaves_out_are_a_warning() {
    let cases = [
        (
            "shieldwall_unwritten.otg",
            "2a",
            "b1, c1, taken in a shieldwall",
        ),
        (
            "linnaean_unwritten.otg",
            "1a",
            "e4, taken by the Linnaean rule",
        ),
    ];
    for (name, at, how) in cases {
        let hirp = hirp_judges(&folder().join(name));
        assert_eq!(hirp.verdict.fault, None, "{name}");
        assert_eq!(hirp.unwritten.len(), 1, "{name}");
        let (turn, label) = &hirp.unwritten[0];
        assert_eq!(turn, at, "{name}");
        assert!(
            label.ends_with(&format!("OpenTafl's writer leaves out {how}")),
            "{label}"
        );
    }
}

/// Every record of the folder has OpenTafl's verdict, and every verdict
/// its record.
#[test]
fn every_rare_fixture_has_its_verdict() {
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
}
