//! What keeps the server standing: each request checked for whom it is
//! for and where it comes from, its body's size, type and pace, its answer
//! within a time limit and handed out at the client's pace, the work done
//! on a bounded number of threads behind a bounded queue, and errors as
//! JSON with a 4xx or 5xx status.

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt as _;
use hyper::body::{Frame, SizeHint};
use tokio::sync::Semaphore;
use tokio::time::Instant;

use super::connections::{GRACE, MIN_RATE, Slot};
use super::error::ApiError;
use super::origin;
use super::pages::Pages;

/// The largest body read: a record of 1 MiB.
pub const MAX_BODY: usize = 1024 * 1024;

/// The content types a record is sent as.
const RECORD_TYPES: [&str; 2] = ["text/plain", "application/octet-stream"];

/// What every request shares.
pub struct Shared {
    /// Requests worked on, waiting for work or being answered at once.
    admitted: Arc<Semaphore>,
    /// How many `admitted` holds.
    max_requests: usize,
    /// Records read and checked at once: one a core.
    work: Arc<Semaphore>,
    /// How long a request may take.
    timeout: Duration,
    /// The pages made last.
    pub pages: Pages,
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
            pages: Pages::default(),
        }
    }
}

/// What the server knows of the connection a request came on.
#[derive(Clone)]
pub struct Link {
    /// The connection's place in the table of connections.
    pub slot: Arc<Slot>,
    /// The address the client reached: what its `Host` must name.
    pub local: SocketAddr,
}

/// The connection `request` came on.
fn link(request: &Request) -> Result<Link, ApiError> {
    request.extensions().get::<Link>().cloned().ok_or_else(|| {
        let error = "the request came on no connection the server knows";
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    })
}

/// Answers a request: 503 on a connection its client may not have, 421
/// for another host, 403 from another site's page; else within the time
/// limit (408 while the request is still coming in, 503 once it waits for
/// or is in work), with the headers every answer carries, its body handed
/// out as it is taken.
pub async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let link = match link(&request) {
        Ok(link) => link,
        Err(error) => return error.into_response(),
    };
    let (response, refused) = match admit(&request, &link) {
        Err(error) => {
            // The body is read all the same (within its limits), so that
            // the client reads the answer rather than a reset connection.
            let _ = body(request.into_body()).await;
            (error.into_response(), true)
        }
        Ok(()) => (answer(&shared, &link.slot, request, next).await, false),
    };
    let mut response = secured(response);
    if refused {
        let close = HeaderValue::from_static("close");
        response.headers_mut().insert(header::CONNECTION, close);
    }
    handed_out(response, link.slot).await
}

/// Whether the request may be answered at all: its client may have its
/// connection, it is for this server, from its own page.
fn admit(request: &Request, link: &Link) -> Result<(), ApiError> {
    if link.slot.refused() {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the client has {} connections to the server working on requests already; \
                 try again once one is answered",
                link.slot.max_client()
            ),
        ));
    }
    origin::check_host(request.headers(), link.local)?;
    origin::check_origin(request.method(), request.headers())
}

/// The answer to a request, within the time limit.
async fn answer(shared: &Shared, slot: &Slot, request: Request, next: Next) -> Response {
    if request.method() == Method::GET || request.method() == Method::HEAD {
        // Its body, if any, is not read.
        slot.busy();
    }
    match tokio::time::timeout(shared.timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) if slot.is_busy() => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: the request waited for it, and was not answered \
                 within {} seconds",
                shared.timeout.as_secs()
            ),
        )
        .into_response(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request did not come in within {} seconds",
                shared.timeout.as_secs()
            ),
        )
        .into_response(),
    }
}

/// `response` with the headers every answer carries.
fn secured(mut response: Response) -> Response {
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

/// `response` with its body handed out a piece at a time, as the client
/// takes it, so that the client's pace is watched to the end; the
/// connection is idle again once it is all handed out (or given up).
async fn handed_out(response: Response, slot: Arc<Slot>) -> Response {
    let (parts, body) = response.into_parts();
    // Every answer is already whole in memory.
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    slot.answering();
    Response::from_parts(parts, Body::new(Pieces { rest: bytes, slot }))
}

/// How much of an answer is handed out at a time.
const PIECE: usize = 64 * 1024;

/// An answer's body, handed out [`PIECE`] bytes at a time.
struct Pieces {
    rest: Bytes,
    slot: Arc<Slot>,
}

impl hyper::body::Body for Pieces {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if self.rest.is_empty() {
            return Poll::Ready(None);
        }
        let at = self.rest.len().min(PIECE);
        let piece = self.rest.split_to(at);
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.rest.len() as u64)
    }
}

impl Drop for Pieces {
    fn drop(&mut self) {
        self.slot.answered();
    }
}

/// The record a request sends: its body, sent as text (415 otherwise), of
/// at most [`MAX_BODY`] bytes (413 otherwise), coming in at [`MIN_RATE`]
/// at least once [`GRACE`] is over (408 otherwise). The connection is busy
/// once it is in.
pub async fn record(request: Request) -> Result<(Bytes, Link), ApiError> {
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
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY as u64) {
        return Err(too_large());
    }
    let link = link(&request)?;
    let bytes = body(request.into_body()).await?;
    link.slot.busy();
    Ok((bytes, link))
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("a record of at most {} MiB is read", MAX_BODY / 1024 / 1024),
    )
}

/// Reads `body` whole: 408 as soon as it comes in slower than
/// [`MIN_RATE`] after [`GRACE`], however it is sent.
async fn body(mut body: Body) -> Result<Bytes, ApiError> {
    let started = Instant::now();
    let mut bytes = Vec::new();
    loop {
        let due = started + GRACE + Duration::from_secs_f64(bytes.len() as f64 / MIN_RATE as f64);
        let frame = match tokio::time::timeout_at(due, body.frame()).await {
            Ok(Some(Ok(frame))) => frame,
            Ok(None) => return Ok(Bytes::from(bytes)),
            Ok(Some(Err(e))) => {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the request's body could not be read: {e}"),
                ));
            }
            Err(_) => {
                return Err(ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the request's body came in slower than {} KiB a second",
                        MIN_RATE / 1024
                    ),
                ));
            }
        };
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > MAX_BODY {
                return Err(too_large());
            }
            bytes.extend_from_slice(&data);
        }
    }
}

/// Runs `job` on a thread of its own once a core is free for it, the
/// requests before it first (the server's tasks go on meanwhile): 503 at
/// once if `max_requests` wait or are worked on already. The room taken
/// in the queue is held until the answer is written.
pub async fn work<T: Send + 'static>(
    shared: &Shared,
    link: &Link,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let admission = shared.admitted.clone().try_acquire_owned().map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy with {} requests; try again in a moment",
                shared.max_requests
            ),
        )
    })?;
    link.slot.hold(admission);
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
