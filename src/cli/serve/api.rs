//! The routes: the page, its style and scripts, and the JSON API. Each
//! call of the API takes a record as its body and keeps nothing of it.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hirp::json::report::Validation;
use hirp::page::{Packed, html};
use serde::{Deserialize, Serialize};

use super::super::mend::mend;
use super::error::ApiError;
use super::guard::{self, Link, Shared, record, work};
use super::pages::{Key, Page};
use super::record::{Subject, packed_of, validation};

/// The first line of an SVG file, as the boards are drawn.
const XML_DECLARATION: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;

/// The header of `/api/page`'s answer that names the record's family:
/// `HIRP` or `tafl`.
const FAMILY_HEADER: &str = "hirp-family";

/// The header of `/api/page`'s answer that names a tafl record's rules,
/// when they are a preset's.
const RULES_HEADER: &str = "hirp-rules";

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
        .route(API.example, get(example))
        .route(API.validate, post(validate))
        .route(API.page, post(page))
        .route("/api/board", post(board))
        .route(API.fix, post(fix))
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

/// The routes of the API the served page's editor asks.
const API: html::Api<'static> = html::Api {
    example: "/api/example",
    validate: "/api/validate",
    page: "/api/page",
    fix: "/api/fix",
};

async fn index() -> Response {
    asset_owned(html::served(&API), "text/html")
}

async fn asset(text: &'static str, kind: &'static str) -> Response {
    asset_owned(text.to_owned(), kind)
}

fn asset_owned(text: String, kind: &str) -> Response {
    let kind = format!("{kind}; charset=utf-8");
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

async fn example() -> Response {
    asset(super::super::game::EXAMPLE, "text/plain").await
}

/// What a call of the API may say besides its body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The record's file name, as reports and pages name it; its extension
    /// (`.hirp`, `.otg`, `.csv`) says its family, else its first line does.
    name: Option<String>,
    /// Tafl rules: a preset's name or an OpenTafl rules string; without
    /// them, a game file's rules tag.
    rules: Option<String>,
    /// Which game, from 1 (`/api/board`).
    game: Option<usize>,
    /// Which step, from 0, the start (`/api/board`).
    step: Option<usize>,
}

impl Params {
    /// The record sent, as its family reads it.
    fn subject(&self, bytes: &[u8]) -> Result<Subject, ApiError> {
        Subject::of(self.name.as_deref(), self.rules.as_deref(), bytes)
    }
}

/// The parameters and the record of a call, and the connection it came on.
async fn call(
    query: Result<Query<Params>, impl std::fmt::Display>,
    request: Request,
) -> Result<(Params, Bytes, Link), ApiError> {
    let Query(params) =
        query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("{e}")))?;
    let (bytes, link) = record(request).await?;
    Ok((params, bytes, link))
}

/// A JSON answer.
fn json(value: &impl Serialize) -> Response {
    let body = serde_json::to_string(value).expect("the API's types are JSON");
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `POST /api/validate`: the report `hirp validate --format json` writes.
async fn validate(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes, link) = call(query, request).await?;
    let file = work(&shared, &link, move || {
        validation(&params.subject(&bytes)?, &bytes)
    })
    .await??;
    Ok(json(&Validation { files: vec![file] }))
}

/// The page of the record a call sends: the one kept if it was made
/// lately, else made now and kept, given then as it is made too.
async fn made(
    shared: &Arc<Shared>,
    params: Params,
    record: Bytes,
    link: &Link,
) -> Result<(Arc<Page>, Option<Packed>), ApiError> {
    let key = Key {
        name: params.name.clone(),
        rules: params.rules.clone(),
        record: record.clone(),
    };
    if let Some(page) = shared.pages.get(&key) {
        return Ok((page, None));
    }
    let kept = shared.clone();
    work(shared, link, move || {
        // A request before this one may have made it meanwhile.
        if let Some(page) = kept.pages.get(&key) {
            return Ok((page, None));
        }
        let subject = params.subject(&record)?;
        let (packed, rules) = packed_of(&subject, &record)?;
        let page = Page::new(key, &packed, subject.family, rules);
        Ok((kept.pages.keep(page), Some(packed)))
    })
    .await?
}

/// `POST /api/page`: the data of the record's page.
async fn page(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes, link) = call(query, request).await?;
    let (page, _) = made(&shared, params, bytes, &link).await?;
    let kind = [(header::CONTENT_TYPE, "application/json")];
    let mut answer = (kind, page.json.clone()).into_response();
    let headers = answer.headers_mut();
    headers.insert(FAMILY_HEADER, HeaderValue::from_static(page.family.name()));
    // A preset's name is a header's text.
    let rules = page.rules.as_deref();
    if let Some(value) = rules.and_then(|r| HeaderValue::from_str(r).ok()) {
        headers.insert(RULES_HEADER, value);
    }
    Ok(answer)
}

/// `POST /api/board?game=G&step=S`: the board of step S (from 0, the
/// start) of game G (from 1), as SVG.
async fn board(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes, link) = call(query, request).await?;
    let (game, step) = (params.game.unwrap_or(1), params.step.unwrap_or(0));
    let (page, packed) = made(&shared, params, bytes, &link).await?;
    let page = match packed {
        Some(packed) => packed,
        None => work(&shared, &link, move || page.packed())
            .await?
            .ok_or_else(|| {
                let error = "the page kept could not be read again";
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
            })?,
    };
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
    let board = page.board(game - 1, step).ok_or_else(|| {
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
    // A page holds its boards without the XML declaration a file of one
    // starts with.
    let file = format!("{XML_DECLARATION}\n{board}\n");
    Ok(([(header::CONTENT_TYPE, kind)], file).into_response())
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
    /// The fixed record in canonical form, as `hirp fmt` writes it (a tafl
    /// record as tafl's); `null` while it has a syntax error.
    canonical: Option<String>,
    /// How many fixes were applied.
    fixed: usize,
    /// How many errors are left.
    errors: usize,
    /// The extension of the record's family, for a file's name: `hirp`,
    /// `otg`, `csv` or `ron`.
    extension: &'static str,
}

/// `POST /api/fix`: the fixed record, and its canonical form; a record is
/// fixed by its own family's fixes, never read as the other family.
async fn fix(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<Params>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Response, ApiError> {
    let (params, bytes, link) = call(query, request).await?;
    let fixed = work(&shared, &link, move || {
        let subject = params.subject(&bytes)?;
        // The limits and an empty record are said as validation says them.
        validation(&subject, &bytes)?;
        let mended = mend(&subject.path, &bytes, subject.rules.as_ref());
        Ok::<_, ApiError>(Fixed {
            record: String::from_utf8_lossy(&mended.record).into_owned(),
            canonical: mended.canonical,
            fixed: mended.fixed,
            errors: mended.errors,
            extension: mended.family.extension(),
        })
    })
    .await??;
    Ok(json(&fixed))
}
