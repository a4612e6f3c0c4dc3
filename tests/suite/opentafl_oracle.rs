//! hirp against OpenTafl on `fixtures/tafl/opentafl-oracle/`: random games
//! OpenTafl played and wrote in each of its ten built-in variants, and
//! copies of some with one mistake each, with what OpenTafl makes of every
//! file (`SOURCES.md` there says how they were made). In every variant
//! hirp plays, hirp's verdict on each file is OpenTafl's: a game valid,
//! with the same winner, and a copy wrong first at the mistake made. The
//! variants where it is not are exactly the known gaps, each with its
//! reason, so that closing one fails this test until it leaves the list.
//!
//! `HIRP_OPENTAFL_CORPUS=DIR` compares another corpus the harness made
//! (a fresh seed) instead; `--nocapture` prints the figures.

use crate::opentafl;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use opentafl::{Mismatch, Verdict, hirp_judges, opentafl_verdict};
use serde_json::Value;

const CORPUS: &str = "fixtures/tafl/opentafl-oracle";

/// The variants where hirp does not yet judge as OpenTafl does, and why.
const KNOWN_GAPS: &[(&str, &str)] = &[];

fn corpus() -> PathBuf {
    match std::env::var_os("HIRP_OPENTAFL_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS),
    }
}

/// The lines of one of the corpus's JSON Lines files.
fn lines(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(corpus().join(name)).expect("the verdicts");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// Where a verdict finds a record first wrong, in words.
fn place(fault: &Option<String>) -> &str {
    fault.as_deref().unwrap_or("no place (valid)")
}

/// How hirp and OpenTafl disagree on a record, if they do: a departure
/// when OpenTafl's engine made captures that neither its record nor hirp
/// makes (`docs/rules.md#tafl-reading-where-opentafls-engine-departs-from-its-notation`),
/// from which on the two cannot agree. `made` is the place of a copy's
/// mistake.
fn disagreement(file: &str, verdict: &Value, made: Option<&str>) -> Option<Outcome> {
    let path = corpus().join(file);
    let hirp = hirp_judges(&path);
    let (mut expected, mismatch) = opentafl_verdict(&path, verdict, &hirp);
    match mismatch {
        Some(Mismatch::Wrong(at)) => expected.fault = Some(at),
        // The harness reports the first mismatch only: after the writer's
        // omission, a copy is wrong first at its mistake.
        Some(Mismatch::Unwritten) => {
            expected.fault = made.map(str::to_owned).or(expected.fault);
        }
        Some(Mismatch::Departure(at, what)) => {
            return Some(Outcome::Departure(format!(
                "{file}: OpenTafl's engine departs from the record at {at} ({what}); \
                 hirp finds it wrong first at {}",
                place(&hirp.verdict.fault)
            )));
        }
        None => {}
    }
    if let Some(made) = made {
        assert_eq!(
            expected.fault.as_deref(),
            Some(made),
            "{file}: OpenTafl finds the mistake"
        );
    }
    differs(file, &expected, &hirp.verdict).map(Outcome::Disagrees)
}

/// The difference between OpenTafl's verdict and hirp's, if any: the place
/// first wrong, and in a record found valid, the winner.
fn differs(file: &str, opentafl: &Verdict, hirp: &Verdict) -> Option<String> {
    if hirp.fault != opentafl.fault {
        return Some(format!(
            "{file}: OpenTafl finds it wrong first at {}, hirp at {}",
            place(&opentafl.fault),
            place(&hirp.fault)
        ));
    }
    (opentafl.fault.is_none() && hirp.winner != opentafl.winner).then(|| {
        format!(
            "{file}: OpenTafl ends it `{}`, hirp `{}`",
            opentafl.winner, hirp.winner
        )
    })
}

/// A record on which hirp and OpenTafl do not agree.
enum Outcome {
    Disagrees(String),
    Departure(String),
}

/// A variant's records, and how hirp disagrees with OpenTafl on them.
#[derive(Default)]
struct Tally {
    games: usize,
    games_agreed: usize,
    mutants: usize,
    mutants_agreed: usize,
    disagreements: Vec<String>,
    departures: Vec<String>,
}

impl Tally {
    fn add(&mut self, mutant: bool, outcome: Option<Outcome>) {
        let (records, agreed) = if mutant {
            (&mut self.mutants, &mut self.mutants_agreed)
        } else {
            (&mut self.games, &mut self.games_agreed)
        };
        *records += 1;
        match outcome {
            None => *agreed += 1,
            Some(Outcome::Disagrees(how)) => self.disagreements.push(how),
            Some(Outcome::Departure(how)) => self.departures.push(how),
        }
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
        let outcome = disagreement(file, &game["opentafl_reload"], None);
        tally(&mut compared, &game).add(false, outcome);
    }
    for mutant in lines("mutants.jsonl") {
        let file = mutant["file"].as_str().expect("a file");
        let made = mutant["label"].as_str().expect("a label");
        let outcome = disagreement(file, &mutant["opentafl"], Some(made));
        tally(&mut compared, &mutant).add(true, outcome);
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
            "{variant:<22} games {:>3}/{:<3} mutants {:>3}/{:<3} OpenTafl's departures {}",
            t.games_agreed,
            t.games,
            t.mutants_agreed,
            t.mutants,
            t.departures.len()
        );
        t.departures.iter().for_each(|d| eprintln!("  {d}"));
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
