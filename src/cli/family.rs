//! Which family of games a record belongs to: HIRP, or a tafl game in one
//! of its two forms, by the file's extension (`.otg`, `.csv`); standard
//! input is HIRP unless `--rules` is given, and then an archive if its
//! first line holds a comma.

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
    /// it, a game file's [rules:] tag. Standard input given --rules is read
    /// as a tafl record.
    #[arg(long, value_name = "NAME|RULESTRING", value_parser = parse_rules)]
    pub rules: Option<RulesChoice>,
}

fn parse_rules(text: &str) -> Result<RulesChoice, String> {
    rules_choice(text)
}

/// The family of the record at `path`; `head` is the start of standard
/// input's text when `path` is `-`.
pub fn family(path: &str, rules: Option<&RulesChoice>, head: &[u8]) -> Family {
    let extension = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str());
    if let Some(form) = extension.and_then(Form::from_extension) {
        return Family::Tafl(form);
    }
    if path != "-" || rules.is_none() {
        return Family::Hirp;
    }
    let first = head
        .split(|&b| b == b'\n')
        .map(|l| l.trim_ascii())
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    if first.contains(&b',') && !first.starts_with(b"[") {
        Family::Tafl(Form::Csv)
    } else {
        Family::Tafl(Form::Otg)
    }
}
