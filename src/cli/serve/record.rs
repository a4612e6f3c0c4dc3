//! A record sent to the API, as its family reads it: HIRP's notation or a
//! tafl record (an OpenTafl game file or an archive), told from its name
//! when it has one and else from its first line, as the commands tell it.

use axum::http::StatusCode;
use hirp::any::AnyFamily;
use hirp::any::{RulesChoice, rules_choice};
use hirp::core::CheckOptions;
use hirp::core::limits::Bound;
use hirp::json::report::{Diagnostic, FileValidation, LineIndex, diagnostic, game_validation};
use hirp::page;

use super::super::family::family;
use super::error::ApiError;

/// A page shows at most this many turns: a longer record is validated,
/// not shown.
pub const MAX_PAGE_TURNS: usize = 2000;

/// Whether a problem says the record goes beyond the reader's limits, in
/// either family (`hirp::syntax::line_too_long`,
/// `hirp::tafl::syntax::too_many_turns`): what lies beyond them is not read.
fn beyond_limits(problem: &Diagnostic) -> bool {
    problem.code.contains("::syntax::") && Bound::ALL.iter().any(|b| problem.message == b.message())
}

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
    pub family: AnyFamily,
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
        let name = name.map_or_else(|| format!("record.{}", family.extension()), str::to_owned);
        Ok(Subject {
            name,
            path,
            family,
            rules,
        })
    }
}

/// 422 when a problem says the record goes beyond the reader's limits.
fn within_limits<'a>(
    diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
) -> Result<(), ApiError> {
    match diagnostics.into_iter().find(|d| beyond_limits(d)) {
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
    let rules = subject.rules.as_ref();
    let options = CheckOptions::default();
    // Reading from memory cannot fail.
    let _ = subject.family.check(bytes, rules, options, |mut judged| {
        // As `hirp validate` reports, without --pedantic.
        judged.verdict.problems.retain(|p| !p.code.is_pedantic());
        let lines = LineIndex::excerpt(judged.text, judged.offset, judged.line);
        if judged.in_game {
            let view = judged.standing.as_ref();
            file.games
                .push(game_validation(&judged.verdict, view, &lines));
        } else {
            let problems = judged.verdict.problems.iter();
            file.diagnostics
                .extend(problems.map(|p| diagnostic(p, &lines)));
        }
        true
    });
    let all = file.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&file.diagnostics))?;
    if file.games.is_empty() && file.diagnostics.is_empty() {
        return Err(no_game(&subject.name));
    }
    Ok(file)
}

/// A record's page, packed for its script, within the limits of the
/// reader and of a page, and the name of its rules when they are a
/// preset's. The page is packed game by game: the boards of one game at a
/// time are held.
pub fn packed_of(
    subject: &Subject,
    bytes: &[u8],
) -> Result<(page::Packed, Option<String>), ApiError> {
    let (turns, rules) = subject.family.page_turns(bytes, subject.rules.as_ref());
    if turns > MAX_PAGE_TURNS {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "a page shows at most {MAX_PAGE_TURNS} turns, and this record has {turns}: \
                 validate it instead"
            ),
        ));
    }
    let page = subject
        .family
        .packed(&subject.name, bytes, subject.rules.as_ref());
    let all = page.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&page.diagnostics))?;
    if page.games.is_empty() && page.diagnostics.is_empty() {
        return Err(no_game(&subject.name));
    }
    Ok((page, rules))
}
