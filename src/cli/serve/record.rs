//! A record sent to the API, as its family reads it: HIRP's notation or a
//! tafl record (an OpenTafl game file or an archive), told from its name
//! when it has one and else from its first line, as the commands tell it.

use axum::http::StatusCode;
use hirp::json::report::{Diagnostic, FileValidation, LineIndex, diagnostic, game_validation};
use hirp::page;
use hirp::tafl::replay::{RulesChoice, rules_choice};
use hirp::tafl::rules::RuleSet;
use hirp::tafl::syntax::{Form, Record};

use super::super::family::{Family, family};
use super::guard::ApiError;

/// A page shows at most this many turns: a longer record is validated,
/// not shown.
pub const MAX_PAGE_TURNS: usize = 2000;

/// The codes of the problems that say a record goes beyond the reader's
/// limits: what lies beyond them is not read.
const BEYOND_LIMITS: [&str; 3] = [
    "hirp::syntax::line_too_long",
    "hirp::syntax::game_too_long",
    "hirp::syntax::too_many_errors",
];

/// What a call says of its record: its name, its family and the rules of
/// a tafl one.
pub struct Subject {
    /// The name reports and pages give it: the name sent, else `record`
    /// with its family's extension.
    pub name: String,
    /// The name sent, else `-`: what the family is told from with the
    /// record's first line.
    pub path: String,
    /// The record's family.
    pub family: Family,
    /// The tafl rules sent, if any.
    pub rules: Option<RulesChoice>,
}

impl Subject {
    /// The record `bytes` sent under `name` with `rules` (a preset's name
    /// or an OpenTafl rules string; empty is none): 400 when the rules do
    /// not read.
    pub fn of(name: Option<&str>, rules: Option<&str>, bytes: &[u8]) -> Result<Subject, ApiError> {
        let rules = rules
            .filter(|r| !r.trim().is_empty())
            .map(|r| rules_choice(r.trim()))
            .transpose()
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("rules: {e}")))?;
        let path = name.unwrap_or("-").to_owned();
        let family = family(&path, rules.as_ref(), bytes);
        let name = name.map_or_else(|| format!("record.{}", extension(family)), str::to_owned);
        Ok(Subject {
            name,
            path,
            family,
            rules,
        })
    }

    /// The rule set given for a tafl record.
    fn rule_set(&self) -> Option<&RuleSet> {
        self.rules.as_ref().map(|r| &r.rules)
    }
}

/// The extension of a family's files: `hirp`, `otg` or `csv`.
pub fn extension(family: Family) -> &'static str {
    match family {
        Family::Hirp => "hirp",
        Family::Tafl(form) => form.extension(),
    }
}

/// 422 when a problem says the record goes beyond the reader's limits.
fn within_limits<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
) -> Result<(), ApiError> {
    match diagnostics
        .into_iter()
        .find(|d| BEYOND_LIMITS.contains(&d.code.as_str()))
    {
        Some(d) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the record goes beyond the reader's limits: {} (line {}: {})",
                d.message, d.line, d.label
            ),
        )),
        None => Ok(()),
    }
}

/// 422 for a record that holds no game.
fn no_game(name: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!("{name} holds no game: a record starts with a tag or a turn"),
    )
}

/// The validation of one record, as `hirp validate --format json` reports
/// it.
pub fn validation(subject: &Subject, bytes: &[u8]) -> Result<FileValidation, ApiError> {
    let mut file = FileValidation {
        path: subject.name.clone(),
        games: Vec::new(),
        diagnostics: Vec::new(),
        error: None,
    };
    // Reading from memory cannot fail.
    let _ = match subject.family {
        Family::Hirp => hirp::check::check(bytes, |checked| {
            let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
            if checked.number > 0 {
                let verdict = checked.report.into();
                let view = checked.view.as_ref();
                file.games.push(game_validation(&verdict, view, &lines));
            } else {
                let problems = checked.report.problems.iter();
                file.diagnostics
                    .extend(problems.map(|p| diagnostic(p, &lines)));
            }
            true
        }),
        Family::Tafl(form) => {
            hirp::tafl::check::check(bytes, form, subject.rule_set(), |checked| {
                let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
                let verdict: hirp::check::Verdict = checked.replay.into();
                if checked.game.is_some() {
                    file.games.push(game_validation(&verdict, None, &lines));
                } else {
                    let problems = verdict.problems.iter();
                    file.diagnostics
                        .extend(problems.map(|p| diagnostic(p, &lines)));
                }
                true
            })
        }
    };
    let all = file.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&file.diagnostics))?;
    if file.games.is_empty() && file.diagnostics.is_empty() {
        return Err(no_game(&subject.name));
    }
    Ok(file)
}

/// A record's page, within the limits of the reader and of a page, and
/// the name of its rules when they are a preset's.
pub fn page_of(subject: &Subject, bytes: &[u8]) -> Result<(page::Page, Option<String>), ApiError> {
    let (turns, rules) = match subject.family {
        Family::Hirp => {
            let (_, parsed) = hirp::parse_bytes(bytes);
            let turns = parsed.record.games.iter().map(|g| g.turns.len()).sum();
            (turns, None)
        }
        Family::Tafl(form) => tafl_turns(subject, bytes, form),
    };
    if turns > MAX_PAGE_TURNS {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "a page shows at most {MAX_PAGE_TURNS} turns, and this record has {turns}: \
                 validate it instead"
            ),
        ));
    }
    let page = match subject.family {
        Family::Hirp => page::hirp::page(&subject.name, bytes),
        Family::Tafl(form) => page::tafl::page(&subject.name, bytes, form, subject.rule_set()),
    };
    let all = page.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&page.diagnostics))?;
    if page.games.is_empty() && page.diagnostics.is_empty() {
        return Err(no_game(&subject.name));
    }
    Ok((page, rules))
}

/// The turns of a tafl record (an archive's: its plies, two a turn), and
/// the name of the preset its rules are: those given, else its first
/// game's rules tag's.
fn tafl_turns(subject: &Subject, bytes: &[u8], form: Form) -> (usize, Option<String>) {
    let (_, parsed) = hirp::tafl::syntax::parse_bytes(bytes, form);
    let (turns, tag) = match &parsed.record {
        Record::Otg(record) => (
            record.games.iter().map(|g| g.turns.len()).sum(),
            record.games.first().and_then(|g| g.rules()),
        ),
        Record::Csv(record) => (
            record.games.iter().map(|g| g.plies.len().div_ceil(2)).sum(),
            None,
        ),
    };
    let rules = match (&subject.rules, tag) {
        (Some(choice), _) => Some(choice.rules.clone()),
        (None, Some(tag)) => RuleSet::from_opentafl(&tag.value).ok().map(|(r, _)| r),
        (None, None) => None,
    };
    (turns, rules.as_ref().and_then(preset_of))
}

/// The name of the preset whose rules are `rules`, if one's are.
fn preset_of(rules: &RuleSet) -> Option<String> {
    RuleSet::PRESETS
        .iter()
        .find(|name| RuleSet::preset(name).as_ref() == Some(rules))
        .map(|name| (*name).to_owned())
}
