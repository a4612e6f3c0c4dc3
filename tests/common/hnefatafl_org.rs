//! hirp's verdicts on hnefatafl.org's records against its engine's, for
//! the differential tests of its records: the corpus they read, the
//! engine's verdicts keyed by the games' ids, and each game of a record
//! held to them.

// Each test of hnefatafl.org's records uses a part of this.
#![allow(dead_code)]

use std::collections::BTreeMap;

use hirp::core::{CheckOptions, Severity, Span};
use hirp::tafl::Side;
use hirp::tafl::check::check;
use hirp::tafl::rules::End;
use hirp::tafl::syntax::{Form, parse};
use serde_json::Value;

/// The folder of the fixtures made by the engine.
pub const FOLDER: &str = "fixtures/tafl/hnefatafl-org";

/// The corpus the differential tests read: the fixtures', or one made on
/// another seed, whose folder `HIRP_HNEFATAFL_ORG_CORPUS` names (then
/// every game and copy is held to the engine, and the fixtures' own counts
/// are not checked).
pub fn corpus() -> Option<String> {
    std::env::var("HIRP_HNEFATAFL_ORG_CORPUS")
        .ok()
        .filter(|folder| !folder.is_empty())
}

/// The folder the tests read: the corpus named, else the fixtures'.
pub fn folder() -> std::path::PathBuf {
    match corpus() {
        Some(folder) => std::path::PathBuf::from(folder),
        None => crate::common::root().join(FOLDER),
    }
}

/// A file of the corpus.
pub fn corpus_file(path: &str) -> String {
    std::fs::read_to_string(folder().join(path)).expect("the corpus holds the file")
}

/// The lines of a JSON Lines file of the corpus.
pub fn lines(path: &str) -> Vec<Value> {
    corpus_file(path)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a verdict reads"))
        .collect()
}

/// What hirp makes of a game: its id, its first error's code and span,
/// its winner and how it ended, if it did.
#[derive(Debug)]
pub struct Judged {
    /// Its `id` tag.
    pub id: String,
    /// Its first error.
    pub first_error: Option<(String, Span)>,
    /// Its winner (none in a draw) and how it ended.
    pub ended: Option<(Option<Side>, End)>,
}

/// Each game of a record of `form`, judged, in file order.
pub fn judge(path: &str, form: Form) -> Vec<Judged> {
    let text = corpus_file(path);
    let parsed = parse(&text, form);
    let ids: Vec<String> = parsed
        .record
        .as_otg()
        .expect("read as game files' games")
        .games
        .iter()
        .map(|g| g.tag("id").expect("every game has its id").value.clone())
        .collect();
    let mut judged = Vec::new();
    check(
        text.as_bytes(),
        form,
        None,
        CheckOptions::default(),
        |checked| {
            let replay = checked.replay;
            let first_error = replay
                .problems
                .iter()
                .find(|p| p.severity == Severity::Error)
                .map(|p| (p.code.to_string(), p.span));
            judged.push(Judged {
                id: ids.get(judged.len()).cloned().unwrap_or_default(),
                first_error,
                ended: replay.outcome.map(|o| (o.winner, o.end)),
            });
            true
        },
    )
    .expect("reading from memory");
    assert_eq!(judged.len(), ids.len(), "{path}: every value is a game");
    judged
}

/// The winner the engine's status names.
pub fn winner(status: &str) -> Option<Side> {
    match status {
        "AttackerWins" => Some(Side::Attackers),
        "DefenderWins" => Some(Side::Defenders),
        _ => None,
    }
}

/// The end hirp decides on the board for an ending the engine names, when
/// hirp's rules decide it there (the draw at the 133rd ply, the defenders
/// left with no move and the engine's judgement that the king cannot
/// escape among them); `None` for an ending the record declares (a
/// resignation, a timeout).
pub fn board_end(ending: &str) -> Option<End> {
    match ending {
        "king_escaped" => Some(End::KingEscaped),
        "king_captured" => Some(End::KingCaptured),
        "exit_fort" => Some(End::ExitFort),
        "encircled" => Some(End::Encircled),
        "no_attackers_left" => Some(End::AllCaptured),
        "no_legal_moves" => Some(End::NoMoves),
        "max_turns_draw" => Some(End::PlyLimit),
        "king_cannot_escape" => Some(End::CannotEscape),
        _ => None,
    }
}

/// The end a record declares for an ending the engine names: a
/// resignation, a loss on time.
pub fn declared_end(ending: &str) -> Option<End> {
    if ending.ends_with("_resigns") {
        Some(End::Resigned)
    } else if ending.ends_with("_timeout") {
        Some(End::Timeout)
    } else {
        None
    }
}

/// How the games of a record fare against the engine.
#[derive(Debug, Default)]
pub struct Compared {
    /// The games with the engine's result.
    pub agree: usize,
    /// By ending, the games the record leaves with no end, their ending
    /// one it does not say (`unsaid`), and the rules do not decide.
    pub no_end: BTreeMap<String, usize>,
    /// By id, each other game with why it does not agree.
    pub disagree: BTreeMap<String, String>,
}

/// How each game of a record of `form` fares: agreeing, or the reason it
/// does not. A game whose engine's ending is among `unsaid` (endings the
/// record cannot say) may end with no result; it may not end with another
/// result than the engine's.
pub fn compare(path: &str, form: Form, unsaid: &[&str]) -> Compared {
    let verdicts: BTreeMap<String, Value> = lines("verdicts.jsonl")
        .into_iter()
        .map(|v| (v["id"].to_string(), v))
        .collect();
    let mut compared = Compared::default();
    for game in judge(path, form) {
        let engine = &verdicts[&game.id];
        let status = engine["status"].as_str().expect("a status");
        let ending = engine["ending"].as_str().expect("an ending");
        let expected_winner = winner(status);
        let fault = if let Some((code, _)) = &game.first_error {
            Some(format!("{code} ({ending})"))
        } else {
            match (game.ended, board_end(ending)) {
                (None, _) if unsaid.contains(&ending) => {
                    *compared.no_end.entry(ending.to_owned()).or_default() += 1;
                    continue;
                }
                (None, _) => Some(format!("no end, the engine's {status} ({ending})")),
                (Some((w, _)), _) if w != expected_winner => {
                    Some(format!("{w:?}, the engine's {status} ({ending})"))
                }
                // A move that takes the last attacker and closes an exit
                // fort: the engine names the first, hirp the second, the
                // same win at the same move.
                (Some((_, End::ExitFort)), Some(End::AllCaptured)) => None,
                (Some((_, end)), Some(board)) if end != board => {
                    Some(format!("{end:?}, the engine's {ending}"))
                }
                // The board ends no game the record declares ended, and
                // the record says how: a resignation, or a loss on time.
                (Some((_, end)), None) if !end.is_declared() => {
                    Some(format!("{end:?}, the engine's {ending}"))
                }
                (Some((_, end)), None) if declared_end(ending).is_some_and(|d| d != end) => {
                    Some(format!("{end:?}, the engine's {ending}"))
                }
                _ => None,
            }
        };
        match fault {
            None => compared.agree += 1,
            Some(fault) => {
                compared.disagree.insert(game.id, fault);
            }
        }
    }
    compared
}

/// What holds of reading any text as a record of `form`: no panic, reading
/// or replaying; every error and problem inside the text, on its
/// characters' boundaries, each error with a help line.
pub fn read_and_replay(text: &str, form: Form) -> Result<(), proptest::test_runner::TestCaseError> {
    let parsed = parse(text, form);
    for error in &parsed.errors {
        proptest::prop_assert!(
            text.get(error.span.start..error.span.end).is_some(),
            "{error:?}"
        );
        proptest::prop_assert!(error.help.is_some(), "no help: {error:?}");
    }
    check(
        text.as_bytes(),
        form,
        None,
        CheckOptions::default(),
        |checked| {
            for problem in &checked.replay.problems {
                assert!(
                    text.get(problem.span.start..problem.span.end).is_some(),
                    "{problem:?}"
                );
            }
            true
        },
    )
    .expect("reading from memory");
    Ok(())
}

/// A quoted field of an archive's line, `attacker:"ragnar"`, read with no
/// reader of hirp's: for counts of the archive made apart from hirp.
pub fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let start = line.find(&format!("{name}:\""))? + name.len() + 2;
    let rest = &line[start..];
    Some(&rest[..rest.find('"')?])
}
