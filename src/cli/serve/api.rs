//! The routes: the page, its style and scripts, and the JSON API. Each
//! call of the API takes a record as its body and keeps nothing of it.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hirp::json::report::{FileValidation, LineIndex, Validation, diagnostic, game_validation};
use hirp::page::{self, html};
use serde::{Deserialize, Serialize};

use super::guard::{self, ApiError, Shared, record, work};

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

/// The server's routes, guarded.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/page.js", get(|| asset(html::SCRIPT, "text/javascript")))
        .route(
            "/editor.js",
            get(|| asset(html::EDITOR_SCRIPT, "text/javascript")),
        )
        .route("/page.css", get(|| asset(html::STYLE, "text/css")))
        // No icon: nothing, rather than a 404 the browser reports.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/example", get(example))
        .route("/api/validate", post(validate))
        .route("/api/page", post(page))
        .route("/api/board", post(board))
        .route("/api/fix", post(fix))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "there is nothing here") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this address takes another method: GET for pages, POST for the API",
            )
        })
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            guard::guard,
        ))
        .with_state(shared)
}

async fn index() -> Response {
    asset_owned(html::served(), "text/html")
}

async fn asset(text: &'static str, kind: &'static str) -> Response {
    asset_owned(text.to_owned(), kind)
}

fn asset_owned(text: String, kind: &str) -> Response {
    let kind = format!("{kind}; charset=utf-8");
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

async fn example() -> Response {
    asset(super::super::replay::EXAMPLE, "text/plain").await
}

/// What a call of the API may say besides its body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The record's file name, as reports and pages name it.
    name: Option<String>,
    /// Which game, from 1 (`/api/board`).
    game: Option<usize>,
    /// Which step, from 0, the start (`/api/board`).
    step: Option<usize>,
}

impl Params {
    fn name(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| "record.hirp".to_owned())
    }
}

/// The parameters and the record of a call.
async fn call(
    query: Result<Query<Params>, impl std::fmt::Display>,
    request: Request,
) -> Result<(Params, Bytes), ApiError> {
    let Query(params) =
        query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("{e}")))?;
    Ok((params, record(request).await?))
}

/// A JSON answer.
fn json(value: &impl Serialize) -> Response {
    let body = serde_json::to_string(value).expect("the API's types are JSON");
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// 422 when a problem says the record goes beyond the reader's limits.
fn within_limits<'a>(
    diagnostics: impl IntoIterator<Item = &'a hirp::json::report::Diagnostic>,
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

/// `POST /api/validate`: the report `hirp validate --format json` writes.
async fn validate(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes) = call(query, request).await?;
    let name = params.name();
    let file = work(&shared, move || validation(&name, &bytes)).await??;
    Ok(json(&Validation { files: vec![file] }))
}

/// The validation of one record.
fn validation(name: &str, bytes: &[u8]) -> Result<FileValidation, ApiError> {
    let mut file = FileValidation {
        path: name.to_owned(),
        games: Vec::new(),
        diagnostics: Vec::new(),
        error: None,
    };
    // Reading from memory cannot fail.
    let _ = hirp::check::check(bytes, |checked| {
        let lines = LineIndex::excerpt(checked.text, checked.offset, checked.line);
        if checked.number > 0 {
            let view = checked.view.as_ref();
            let verdict = checked.report.into();
            file.games.push(game_validation(&verdict, view, &lines));
        } else {
            let problems = checked.report.problems.iter();
            file.diagnostics
                .extend(problems.map(|p| diagnostic(p, &lines)));
        }
        true
    });
    let all = file.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&file.diagnostics))?;
    if file.games.is_empty() && file.diagnostics.is_empty() {
        return Err(no_game(name));
    }
    Ok(file)
}

/// A record's page, within the limits of the reader and of a page.
fn page_of(name: &str, bytes: &[u8]) -> Result<page::Page, ApiError> {
    let (_, parsed) = hirp::parse_bytes(bytes);
    let turns: usize = parsed.record.games.iter().map(|g| g.turns.len()).sum();
    if turns > MAX_PAGE_TURNS {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "a page shows at most {MAX_PAGE_TURNS} turns, and this record has {turns}: \
                 validate it instead"
            ),
        ));
    }
    let page = page::hirp::page(name, bytes);
    let all = page.games.iter().flat_map(|g| &g.diagnostics);
    within_limits(all.chain(&page.diagnostics))?;
    if page.games.is_empty() && page.diagnostics.is_empty() {
        return Err(no_game(name));
    }
    Ok(page)
}

/// `POST /api/page`: the data of the record's page.
async fn page(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes) = call(query, request).await?;
    let name = params.name();
    let packed = work(&shared, move || {
        page_of(&name, &bytes).map(|p| page::pack(&p))
    })
    .await??;
    Ok(json(&packed))
}

/// `POST /api/board?game=G&step=S`: the board of step S (from 0, the
/// start) of game G (from 1), as SVG.
async fn board(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes) = call(query, request).await?;
    let name = params.name();
    let (game, step) = (params.game.unwrap_or(1), params.step.unwrap_or(0));
    let page = work(&shared, move || page_of(&name, &bytes)).await??;
    let found = game
        .checked_sub(1)
        .and_then(|g| page.games.get(g))
        .ok_or_else(|| {
            let games = page.games.len();
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!(
                    "the record has {games} game{}; there is no game {game}",
                    plural(games)
                ),
            )
        })?;
    let board = found.steps.get(step).ok_or_else(|| {
        let steps = found.steps.len();
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "game {game} has steps 0 to {}; there is no step {step}",
                steps - 1
            ),
        )
    })?;
    let kind = "image/svg+xml; charset=utf-8";
    Ok(([(header::CONTENT_TYPE, kind)], board.board.clone()).into_response())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// What `/api/fix` answers.
#[derive(Debug, Serialize)]
pub struct Fixed {
    /// The record with every fix that is a problem's only one applied, as
    /// `hirp fix` writes it.
    record: String,
    /// The fixed record in canonical form, as `hirp fmt` writes it; `null`
    /// while it has a syntax error.
    canonical: Option<String>,
    /// How many fixes were applied.
    fixed: usize,
    /// How many errors are left.
    errors: usize,
}

/// `POST /api/fix`: the fixed record, and its canonical form.
async fn fix(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes) = call(query, request).await?;
    let name = params.name();
    let fixed = work(&shared, move || {
        // The limits and an empty record are said as validation says them.
        validation(&name, &bytes)?;
        let (record, fixed, errors) = super::super::fix::fix_bytes(&bytes);
        let canonical = super::super::fmt::canonical(&record);
        Ok::<_, ApiError>(Fixed {
            record: String::from_utf8_lossy(&record).into_owned(),
            canonical,
            fixed,
            errors,
        })
    })
    .await??;
    Ok(json(&fixed))
}
