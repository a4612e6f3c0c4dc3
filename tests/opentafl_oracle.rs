//! hirp against OpenTafl on `fixtures/tafl/opentafl-oracle/`: random games
//! OpenTafl played and wrote in each of its ten built-in variants, and
//! copies of some with one mistake each, with what OpenTafl makes of every
//! file (`SOURCES.md` there says how they were made). In every variant
//! hirp plays, hirp's verdict on each file is OpenTafl's: a game valid,
//! with the same winner, and a copy wrong first at the mistake made. The
//! variants where it is not are exactly the known gaps, each with its
//! reason, so that closing one fails this test until it leaves the list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use hirp::Severity;
use hirp::core::CheckOptions;
use hirp::tafl::check::check;
use hirp::tafl::syntax::Form;
use serde_json::Value;

const CORPUS: &str = "fixtures/tafl/opentafl-oracle";

/// The variants where hirp does not yet judge as OpenTafl does, and why.
const KNOWN_GAPS: &[(&str, &str)] = &[];

fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS)
}

/// The lines of one of the corpus's JSON Lines files.
fn lines(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(corpus().join(name)).expect("the verdicts");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// What hirp makes of a record: the first place it finds wrong (a turn,
/// `11a`; `tag` for the `[result:]` tag; else the code of the error), and
/// the game's winner (`attackers`, `defenders`, `draw` or `ongoing`).
struct Judged {
    fault: Option<String>,
    winner: String,
}

fn hirp_judges(file: &str) -> Judged {
    let bytes = std::fs::read(corpus().join(file)).expect("the record");
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
        judged.push(Judged { fault, winner });
        true
    })
    .expect("reading from memory");
    assert_eq!(judged.len(), 1, "{file}: one game");
    judged.pop().expect("one game")
}

/// The label of each ply of a record, as OpenTafl numbers them: its turn
/// and a letter for each ply in it, `1a`, `1b`, `2a`... (a berserk turn
/// runs on to `c` and beyond).
fn labels(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(corpus().join(file)).expect("the record");
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

/// The first place OpenTafl finds wrong in a record, from its verdict: the
/// move its loader refuses, else the first move whose written captures are
/// not the ones its engine makes, else the result tag when it is not the
/// end its engine reaches. Its loader reads neither captures nor the
/// result tag; its engine computes both.
fn opentafl_fault(file: &str, verdict: &Value) -> Option<String> {
    assert_eq!(verdict["parsed"], true, "{file}");
    let labels = labels(file);
    let label = |ply: usize| labels.get(ply).cloned().expect("a ply of the record");
    let ply = |key: &str| verdict[key].as_u64().map(|p| p as usize);
    if let Some(refused) = ply("fail_ply") {
        assert_eq!(verdict["replay_accepted"], false, "{file}");
        return Some(label(refused));
    }
    assert_eq!(verdict["replay_accepted"], true, "{file}");
    if let Some(miscounted) = ply("record_capture_mismatch_ply") {
        return Some(label(miscounted));
    }
    let status = verdict["status"].as_str().expect("a status");
    (verdict["result_tag"] != result_tag(status)).then(|| "tag".to_owned())
}

/// Where a verdict finds a record first wrong, in words.
fn place(fault: &Option<String>) -> &str {
    fault.as_deref().unwrap_or("no place (valid)")
}

/// How hirp and OpenTafl disagree on a record, if they do.
fn disagreement(file: &str, expected_fault: Option<String>, status: &str) -> Option<String> {
    let judged = hirp_judges(file);
    if judged.fault != expected_fault {
        return Some(format!(
            "{file}: OpenTafl finds it wrong first at {}, hirp at {}",
            place(&expected_fault),
            place(&judged.fault)
        ));
    }
    (expected_fault.is_none() && judged.winner != status).then(|| {
        format!(
            "{file}: OpenTafl ends it `{status}`, hirp `{}`",
            judged.winner
        )
    })
}

/// A variant's records, and how hirp disagrees with OpenTafl on them.
#[derive(Default)]
struct Tally {
    games: usize,
    games_agreed: usize,
    mutants: usize,
    mutants_agreed: usize,
    disagreements: Vec<String>,
}

impl Tally {
    fn add(&mut self, mutant: bool, disagreement: Option<String>) {
        let (records, agreed) = if mutant {
            (&mut self.mutants, &mut self.mutants_agreed)
        } else {
            (&mut self.games, &mut self.games_agreed)
        };
        *records += 1;
        *agreed += usize::from(disagreement.is_none());
        self.disagreements.extend(disagreement);
    }
}

/// The tally of a line's variant.
fn tally<'a>(compared: &'a mut BTreeMap<String, Tally>, line: &Value) -> &'a mut Tally {
    let variant = line["variant"].as_str().expect("a variant");
    compared.get_mut(variant).expect("a listed variant")
}

/// Every record of the corpus compared, by variant.
fn compare() -> BTreeMap<String, Tally> {
    let mut compared = BTreeMap::new();
    for variant in lines("variants.jsonl") {
        let name = variant["variant"].as_str().expect("a name").to_owned();
        compared.insert(name, Tally::default());
    }
    for game in lines("games.jsonl") {
        let file = game["file"].as_str().expect("a file");
        let verdict = &game["opentafl_reload"];
        let status = verdict["status"].as_str().expect("a status");
        let fault = opentafl_fault(file, verdict);
        tally(&mut compared, &game).add(false, disagreement(file, fault, status));
    }
    for mutant in lines("mutants.jsonl") {
        let file = mutant["file"].as_str().expect("a file");
        let fault = opentafl_fault(file, &mutant["opentafl"]);
        let made = mutant["label"].as_str().expect("a label");
        assert_eq!(
            fault.as_deref(),
            Some(made),
            "{file}: OpenTafl finds the mistake"
        );
        let status = mutant["opentafl"]["status"].as_str().expect("a status");
        tally(&mut compared, &mutant).add(true, disagreement(file, fault, status));
    }
    compared
}

#[test]
fn hirp_judges_every_variant_it_plays_as_opentafl_does() {
    let compared = compare();
    assert_eq!(compared.len(), 10, "OpenTafl's ten built-in variants");
    for (variant, t) in &compared {
        assert!(
            t.games > 0 && t.mutants > 0,
            "{variant}: no game or no mutant"
        );
        // The figures, with `--nocapture`.
        eprintln!(
            "{variant:<22} games {:>3}/{:<3} mutants {:>3}/{:<3}",
            t.games_agreed, t.games, t.mutants_agreed, t.mutants
        );
    }
    let gaps: BTreeMap<&str, &str> = KNOWN_GAPS.iter().copied().collect();
    for gap in gaps.keys() {
        assert!(
            compared.contains_key(*gap),
            "{gap} is no variant of the corpus"
        );
    }
    let mut unexpected = Vec::new();
    let mut closed = Vec::new();
    for (variant, t) in &compared {
        match (
            gaps.contains_key(variant.as_str()),
            t.disagreements.is_empty(),
        ) {
            (false, false) => unexpected.extend(t.disagreements.iter().cloned()),
            (true, true) => closed.push(variant.as_str()),
            (true, false) => t.disagreements.iter().for_each(|d| eprintln!("  {d}")),
            (false, true) => {}
        }
    }
    assert!(
        unexpected.is_empty(),
        "hirp disagrees with OpenTafl:\n{}",
        unexpected.join("\n")
    );
    assert!(
        closed.is_empty(),
        "hirp now agrees with OpenTafl on every record of {closed:?}: take them off KNOWN_GAPS"
    );
}

/// Every record in the corpus's folders has OpenTafl's verdict, and every
/// verdict its record, so that none is left unchecked.
#[test]
fn every_record_of_the_corpus_has_its_verdict() {
    let mut on_disk = BTreeSet::new();
    for folder in ["games", "mutants"] {
        for variant in std::fs::read_dir(corpus().join(folder)).expect("the folder") {
            let variant = variant.expect("a variant folder").path();
            for file in std::fs::read_dir(&variant).expect("the variant's folder") {
                let path = file.expect("a record").path();
                let relative = path.strip_prefix(corpus()).expect("below the corpus");
                on_disk.insert(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let judged: BTreeSet<String> = ["games.jsonl", "mutants.jsonl"]
        .into_iter()
        .flat_map(lines)
        .map(|line| line["file"].as_str().expect("a file").to_owned())
        .collect();
    assert_eq!(on_disk, judged);
}
