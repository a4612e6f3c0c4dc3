//! Which family of games a record belongs to: HIRP, or a tafl game in one
//! of its two forms, by the file's extension (`.hirp`, `.otg`, `.csv`), and
//! for standard input or any other file by how its text starts.

use std::io::Read as _;

use hirp::syntax::starts_record;
use hirp::tafl::replay::{RulesChoice, rules_choice};
use hirp::tafl::syntax::Form;

/// A family of records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// HIRP's notation, `.hirp`.
    Hirp,
    /// A tafl record.
    Tafl(Form),
}

/// `--rules`, shared by the commands that read records.
#[derive(Debug, Clone, clap::Args)]
pub struct RulesArg {
    /// Tafl: the rule set, a preset (brandub, hnefatafl-11, hnefatafl-13,
    /// brandubh-online, copenhagen)
    /// or an OpenTafl rules string ("dim:7 esc:c start:/3t3/..."); without
    /// it, a game file's [rules:] tag. A record whose name and first line
    /// say neither family is read as tafl when --rules is given.
    #[arg(long, value_name = "NAME|RULESTRING", value_parser = parse_rules)]
    pub rules: Option<RulesChoice>,
}

fn parse_rules(text: &str) -> Result<RulesChoice, String> {
    rules_choice(text)
}

/// The family of the record at `path`, from `head`, the start of its text:
/// by the extension when it names one (`.hirp`, `.otg`, `.csv`); else by
/// the first line that is not blank, as HIRP's or OpenTafl's (a tag, a
/// turn, a comment; an archive's header or line of plies); else, with
/// `--rules`, a tafl record (an archive if that line holds a comma); else
/// HIRP.
pub fn family(path: &str, rules: Option<&RulesChoice>, head: &[u8]) -> Family {
    let extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str());
    if let Some(form) = extension.and_then(Form::from_extension) {
        return Family::Tafl(form);
    }
    if extension.is_some_and(|e| e.eq_ignore_ascii_case("hirp")) {
        return Family::Hirp;
    }
    let first = first_line(head);
    if let Some(form) = Form::of_first_line(first) {
        return Family::Tafl(form);
    }
    if rules.is_none() || starts_record(first) {
        return Family::Hirp;
    }
    if first.contains(&b',') && !first.starts_with(b"[") {
        Family::Tafl(Form::Csv)
    } else {
        Family::Tafl(Form::Otg)
    }
}

/// The family of the record at `path` (`-` for standard input), reading
/// as much of it as [`family`] needs. `Err` with the message when it cannot
/// be read.
pub fn family_of(path: &str, rules: Option<&RulesChoice>) -> Result<Family, String> {
    let named = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("hirp") || Form::from_extension(e).is_some());
    if named {
        return Ok(family(path, rules, b""));
    }
    let head = if path == "-" {
        super::read_input(path)?.bytes
    } else {
        let mut head = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(HEAD).read_to_end(&mut head))
            .map_err(|e| format!("cannot read {path}: {}", super::io_reason(&e)))?;
        head
    };
    Ok(family(path, rules, &head))
}

/// The bytes of a file read to tell its family: enough for a first line.
const HEAD: u64 = 1 << 13;

/// The first line of `head` that is not blank, without its line end and a
/// byte order mark.
fn first_line(head: &[u8]) -> &[u8] {
    let head = head.strip_prefix("\u{feff}".as_bytes()).unwrap_or(head);
    head.split(|&b| b == b'\n' || b == b'\r')
        .find(|l| !l.trim_ascii().is_empty())
        .unwrap_or_default()
}
