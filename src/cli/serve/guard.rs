//! What keeps the server standing: a bound on the requests at once, a
//! time limit on each, the body's size and type checked, the work done on
//! a bounded number of threads, and errors as JSON with a 4xx or 5xx
//! status.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

/// The largest body read: a record of 1 MiB.
pub const MAX_BODY: usize = 1024 * 1024;

/// The content types a record is sent as.
const RECORD_TYPES: [&str; 2] = ["text/plain", "application/octet-stream"];

/// What every request shares.
pub struct Shared {
    /// Requests worked on or waiting at once.
    admitted: Arc<Semaphore>,
    /// How many `admitted` holds.
    max_requests: usize,
    /// Records read and checked at once: one a core.
    work: Arc<Semaphore>,
    /// How long a request may take.
    timeout: Duration,
}

impl Shared {
    /// Room for `max_requests` at once, each for `timeout`.
    pub fn new(max_requests: usize, timeout: Duration) -> Shared {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Shared {
            admitted: Arc::new(Semaphore::new(max_requests)),
            max_requests,
            work: Arc::new(Semaphore::new(cores)),
            timeout,
        }
    }
}

/// An error answered as JSON: `{"error": "...", "status": 413}`.
#[derive(Debug)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// An error of `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message, "status": self.status.as_u16() });
        let mut response = (
            self.status,
            [(header::CONTENT_TYPE, "application/json")],
            body.to_string(),
        )
            .into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            let headers = response.headers_mut();
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// Admits a request if there is room (else 503), answers it within the
/// time limit (else 408), and sets the headers every answer carries.
pub async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let Ok(permit) = shared.admitted.clone().try_acquire_owned() else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy with {} requests; try again in a moment",
                shared.max_requests
            ),
        )
        .into_response();
    };
    let mut response = match tokio::time::timeout(shared.timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request took more than {} seconds, its reading included",
                shared.timeout.as_secs()
            ),
        )
        .into_response(),
    };
    drop(permit);
    let headers = response.headers_mut();
    let policy = hirp::page::html::SERVED_POLICY;
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The record a request sends: its body, sent as text (415 otherwise), of
/// at most [`MAX_BODY`] bytes (413 otherwise).
pub async fn record(request: Request) -> Result<Bytes, ApiError> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .map(|value| {
            let essence = value.split(';').next().unwrap_or("");
            essence.trim().to_ascii_lowercase()
        });
    if !content_type
        .as_deref()
        .is_some_and(|t| RECORD_TYPES.contains(&t))
    {
        let found = content_type.map_or_else(|| "none".to_owned(), |t| format!("`{t}`"));
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("send the record as `text/plain`; the request's content type is {found}"),
        ));
    }
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a record of at most {} MiB is read", MAX_BODY / 1024 / 1024),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY as u64) {
        return Err(too_large());
    }
    axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|e| {
            let over = std::error::Error::source(&e)
                .is_some_and(|e| e.is::<http_body_util::LengthLimitError>());
            if over {
                too_large()
            } else {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the request's body could not be read: {e}"),
                )
            }
        })
}

/// Runs `job` on a thread of its own once a core is free for it: the
/// server's tasks go on meanwhile.
pub async fn work<T: Send + 'static>(
    shared: &Shared,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit =
        shared.work.clone().acquire_owned().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
    tokio::task::spawn_blocking(move || {
        let done = job();
        drop(permit);
        done
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the record could not be checked",
        )
    })
}
