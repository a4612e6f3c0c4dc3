//! hirp's verdict on a record against OpenTafl's, as the project's OpenTafl
//! harness gives it (`Gen --judge`, one JSON object a record): for
//! `tests/suite/opentafl_oracle.rs` and `tests/suite/opentafl_rare.rs`.

use std::path::Path;

use hirp::Severity;
use hirp::core::CheckOptions;
use hirp::tafl::check::check;
use hirp::tafl::syntax::Form;
use serde_json::Value;

/// The code of the warning on the captures OpenTafl's writer leaves out.
const UNWRITTEN: &str = "hirp::tafl::capture::unwritten_special";

/// A verdict on a record: the first place found wrong (a ply, `11a`; `tag`
/// for the `[result:]` tag; else the code of the error), the winner
/// (`attackers`, `defenders`, `draw` or `ongoing`), and the ply after
/// which the rules ended the game, with how, when they did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub fault: Option<String>,
    pub winner: String,
    pub end: Option<(String, String)>,
}

/// What hirp makes of a record, and the plies at which it warns that
/// captures are left out as OpenTafl's writer leaves them out, with the
/// squares it names.
pub struct Judged {
    pub verdict: Verdict,
    pub unwritten: Vec<(String, String)>,
    /// The squares each ply captured, as hirp played it, sorted as text.
    pub captures: Vec<Vec<String>>,
}

pub fn hirp_judges(path: &Path) -> Judged {
    let bytes = std::fs::read(path).expect("the record");
    let mut judged = Vec::new();
    check(&bytes[..], Form::Otg, None, CheckOptions::default(), |c| {
        let errors: Vec<_> = c
            .replay
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .collect();
        // Problems come in file order, the tags first: a move's error is
        // looked for before an error in a tag, which may be its consequence.
        let on_a_move = errors.iter().find_map(|p| p.turn.clone());
        let fault = on_a_move.or_else(|| {
            errors.first().map(|p| {
                let tag = c.text[..p.span.start - c.offset].rfind('[');
                let in_result = tag.is_some_and(|at| c.text[at..].starts_with("[result:"));
                if in_result {
                    "tag".to_owned()
                } else {
                    p.code.to_string()
                }
            })
        });
        let winner = match c.replay.outcome {
            None => "ongoing".to_owned(),
            Some(outcome) => outcome
                .winner
                .map_or_else(|| "draw".to_owned(), |side| side.to_string()),
        };
        // The rules' end falls on the last move played: any after it is an
        // error.
        let end = c
            .replay
            .outcome
            .filter(|o| !o.end.is_declared())
            .zip(c.replay.steps.last())
            .map(|(o, step)| (step.address.to_string(), o.end.code().to_owned()));
        let unwritten = c
            .replay
            .problems
            .iter()
            .filter(|p| p.code.to_string() == UNWRITTEN)
            .filter_map(|p| Some((p.turn.clone()?, p.label.clone())))
            .collect();
        let captures = c
            .replay
            .steps
            .iter()
            .map(|step| {
                let mut squares: Vec<String> =
                    step.captures.iter().map(|s| s.to_string()).collect();
                squares.sort();
                squares
            })
            .collect();
        let verdict = Verdict { fault, winner, end };
        judged.push(Judged {
            verdict,
            unwritten,
            captures,
        });
        true
    })
    .expect("reading from memory");
    assert_eq!(judged.len(), 1, "{}: one game", path.display());
    judged.pop().expect("one game")
}

/// The label of each ply of a record, as OpenTafl numbers them: its turn
/// and a letter for each ply in it, `1a`, `1b`, `2a`...
pub fn labels(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the record");
    let mut labels = Vec::new();
    for line in text.lines() {
        let Some((turn, plies)) = line.split_once(". ") else {
            continue;
        };
        if turn.is_empty() || !turn.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let letters = ('a'..='z').take(plies.split_whitespace().count());
        labels.extend(letters.map(|letter| format!("{turn}{letter}")));
    }
    labels
}

/// The `[result:]` value OpenTafl writes for an end status.
fn result_tag(status: &str) -> &'static str {
    match status {
        "attackers" => "1",
        "defenders" => "-1",
        "draw" => "0",
        _ => "?",
    }
}

/// hirp's name of the end the harness names (after the order of
/// OpenTafl's `checkVictoryInternal`).
fn end_name(reason: &str) -> &str {
    match reason {
        "threefold_repetition" => "repetition",
        "king_escaped_edge" | "king_escaped_corner" => "king-escaped",
        "king_captured" => "king-captured",
        "defenders_immobile" => "no-moves",
        "edge_fort" => "exit-fort",
        "all_attackers_captured" | "all_defenders_captured" => "all-captured",
        other => other,
    }
}

/// A capture list as the harness writes it, `[a5, a6]`.
fn squares(list: &str) -> Vec<String> {
    let mut squares: Vec<String> = list
        .trim_matches(['[', ']'])
        .split(", ")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    squares.sort();
    squares
}

/// How a record's written captures differ from what OpenTafl's engine
/// made, at the first ply where they do.
pub enum Mismatch {
    /// The engine's captures are the written ones and more, and hirp warns
    /// there that the more are left out as OpenTafl's writer leaves out the
    /// shieldwall and Linnaean captures: the record is valid.
    Unwritten,
    /// The written captures are the ones hirp computes, and the engine
    /// made others: OpenTafl's engine departs from the notation there.
    Departure(String, String),
    /// Any other: a capture wrong in the record.
    Wrong(String),
}

/// OpenTafl's verdict on a record, from the harness's: the first place it
/// finds wrong is the move its loader refuses, else the first move whose
/// written captures are not its engine's, else the result tag when it is
/// not the end its engine reaches (its loader reads neither captures nor
/// the result tag; its engine computes both). The first capture mismatch
/// is returned apart, classified against hirp's reading of the record; the
/// verdict's fault is then the result tag's, the harness saying nothing of
/// the moves after the mismatch.
pub fn opentafl_verdict(
    path: &Path,
    verdict: &Value,
    hirp: &Judged,
) -> (Verdict, Option<Mismatch>) {
    let file = path.display();
    assert_eq!(verdict["parsed"], true, "{file}");
    let labels = labels(path);
    let label = |ply: usize| labels.get(ply).cloned().expect("a ply of the record");
    let ply = |key: &str| verdict[key].as_u64().map(|p| p as usize);
    let status = verdict["status"].as_str().expect("a status").to_owned();
    let reason = verdict["reason"].as_str().unwrap_or_default();
    let end = ply("end_ply").map(|p| (label(p), end_name(reason).to_owned()));
    let tag = (verdict["result_tag"] != result_tag(&status)).then(|| "tag".to_owned());
    let mut judged = Verdict {
        fault: tag,
        winner: status,
        end,
    };
    if let Some(refused) = ply("fail_ply") {
        assert_eq!(verdict["replay_accepted"], false, "{file}");
        judged.fault = Some(label(refused));
        return (judged, None);
    }
    assert_eq!(verdict["replay_accepted"], true, "{file}");
    let mismatch = ply("record_capture_mismatch_ply").map(|at| {
        let text = verdict["record_capture_mismatch"]
            .as_str()
            .expect("a mismatch");
        mismatch(label(at), at, text, hirp)
    });
    (judged, mismatch)
}

/// The capture mismatch `text` (`written [...], engine [...]`) at the
/// ply `at`, labelled `place`, against hirp's reading.
fn mismatch(place: String, at: usize, text: &str, hirp: &Judged) -> Mismatch {
    let (written, engine) = text
        .strip_prefix("written ")
        .and_then(|rest| rest.split_once(", engine "))
        .expect("`written [...], engine [...]`");
    let (written, engine) = (squares(written), squares(engine));
    let extra: Vec<&String> = engine.iter().filter(|s| !written.contains(s)).collect();
    let named = hirp
        .unwritten
        .iter()
        .any(|(turn, label)| *turn == place && extra.iter().all(|s| label.contains(s.as_str())));
    if written.iter().all(|s| engine.contains(s)) && !extra.is_empty() && named {
        Mismatch::Unwritten
    } else if hirp.captures.get(at) == Some(&written) {
        Mismatch::Departure(place, text.to_owned())
    } else {
        Mismatch::Wrong(place)
    }
}
