//! Checks every game of every record given, of any family, through the
//! library's neutral API ([`hirp::any`]): the family and form of each file
//! are told from its name and first line, and each game's verdict is
//! printed on a line.
//!
//! ```text
//! cargo run --example check -- [--rules NAME|STRING] FILE...
//! ```
//!
//! `--rules` is the rule set for the records of a family that plays
//! several (a preset's name or an OpenTafl rules string); a record of a
//! family that plays one leaves it aside. `-` reads standard input.
//!
//! Exit status: 0 when no game has an error, 1 when one has, 2 on a usage
//! error, a file that cannot be read, rules that do not read, or a game
//! whose rules are not played (no verdict may rest on them).

use std::io::{self, Read, Write};
use std::process::ExitCode;

use hirp::any::{AnyFamily, RulesChoice, rules_choice};
use hirp::core::family::Judged;
use hirp::core::{CheckOptions, Severity};
use hirp::json::report::{LineIndex, diagnostic};

/// What a check of the files found, worst last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// No game has an error.
    Valid = 0,
    /// A game has an error.
    Invalid = 1,
    /// A usage error, a file unread, rules unread or not played.
    Failure = 2,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = run(&args, &mut io::stdout().lock(), &mut io::stderr().lock());
    ExitCode::from(outcome as u8)
}

/// Checks the records that `args` name, writing a line a game to `out`
/// and what goes wrong to `err`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Outcome {
    let (rules, files) = match arguments(args) {
        Ok(parsed) => parsed,
        Err(message) => {
            let _ = writeln!(err, "check: {message}");
            let _ = writeln!(err, "usage: check [--rules NAME|STRING] FILE...");
            return Outcome::Failure;
        }
    };
    let mut outcome = Outcome::Valid;
    for path in files {
        let file = check_file(path, rules.as_ref(), out, err).unwrap_or_else(|message| {
            let _ = writeln!(err, "check: {message}");
            Outcome::Failure
        });
        outcome = outcome.max(file);
    }
    outcome
}

/// The rules given, if any, and the files.
fn arguments(args: &[String]) -> Result<(Option<RulesChoice>, &[String]), String> {
    match args {
        [flag, text, files @ ..] if flag == "--rules" => {
            let rules = rules_choice(text).map_err(|e| format!("--rules: {e}"))?;
            non_empty(files).map(|files| (Some(rules), files))
        }
        [flag] if flag == "--rules" => Err("--rules needs a value".to_owned()),
        files => non_empty(files).map(|files| (None, files)),
    }
}

fn non_empty(files: &[String]) -> Result<&[String], String> {
    match files.iter().find(|f| f.starts_with("--")) {
        Some(flag) => Err(format!("unknown option {flag}")),
        None if files.is_empty() => Err("no file given".to_owned()),
        None => Ok(files),
    }
}

/// Checks one file, a line a game.
fn check_file(
    path: &str,
    rules: Option<&RulesChoice>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Outcome, String> {
    let bytes = read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let family = AnyFamily::recognise(path, &bytes, rules.is_some());
    if family.needs_rules() && rules.is_none() {
        return Err(format!("{path} names no rule set of its own: give --rules"));
    }
    let mut outcome = Outcome::Valid;
    let mut written = Ok(());
    let on_game = |game: Judged<'_>| {
        outcome = outcome.max(verdict_of(&game));
        written = writeln!(out, "{path}: {}", line(&game));
        written.is_ok()
    };
    // Reading from memory cannot fail.
    let _ = family.check(&bytes[..], rules, CheckOptions::default(), on_game);
    written.map_err(|e| format!("cannot write: {e}"))?;
    if outcome == Outcome::Failure {
        let _ = writeln!(err, "check: {path}: rules that are not played");
    }
    Ok(outcome)
}

/// The whole of a file, or of standard input for `-`.
fn read(path: &str) -> io::Result<Vec<u8>> {
    if path == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// What a game's verdict makes of the run.
fn verdict_of(game: &Judged<'_>) -> Outcome {
    if !game.verdict.judged {
        Outcome::Failure
    } else if game.verdict.is_valid() {
        Outcome::Valid
    } else {
        Outcome::Invalid
    }
}

/// `game 2: 1 error (hirp::turn::step_count, line 2): no result`; problems
/// that lie in no game are `record: ...`.
fn line(game: &Judged<'_>) -> String {
    let verdict = &game.verdict;
    let errors = verdict.count(Severity::Error);
    let first = verdict
        .problems
        .iter()
        .find(|p| p.severity == Severity::Error);
    let judged = match first {
        None if !verdict.judged => "not judged".to_owned(),
        None => "valid".to_owned(),
        Some(problem) => {
            let lines = LineIndex::excerpt(game.text, game.offset, game.line);
            let line = diagnostic(problem, &lines).line;
            let plural = if errors == 1 { "" } else { "s" };
            format!("{errors} error{plural} ({}, line {line})", problem.code)
        }
    };
    let ending = verdict
        .result
        .as_ref()
        .map_or("no result", |ending| &ending.text);
    if game.in_game {
        format!("game {}: {judged}: {ending}", game.number)
    } else {
        format!("record: {judged}")
    }
}
