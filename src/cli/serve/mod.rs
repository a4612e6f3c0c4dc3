//! `hirp serve`: a local web application to paste a record in and see it
//! checked, on axum (tokio and hyper): a page ([`hirp::page::html::served`])
//! and a small JSON API behind it ([`api`]). Nothing is stored.
//!
//! The server holds up under misuse: a bound on the requests worked on at
//! once (503 beyond it), on a request's body (413), its content type
//! (415), its time, the reading of its headers included (408), and on the
//! connections open at once; Ctrl-C (or SIGTERM) stops it cleanly.

mod api;
mod guard;
mod record;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::{Reporter, Status, write_stdout};

/// Connections open at once, at most; more wait to be accepted.
const MAX_CONNECTIONS: usize = 256;

/// How long the connections open when the server is stopped have to end.
const GRACE: Duration = Duration::from_secs(5);

/// Serve a page on which to paste a record and see it checked.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Open the address printed in a browser: paste or drop a record (or load the
rulebook's example), see its problems in its text with their help and
repair, step through its boards, and download the report, the canonical
record and the fixed record. Nothing is stored on the server.

A record is HIRP's or tafl's (an OpenTafl game file, or an archive of one
game a line), told by the extension of a file opened, else by its first
line; the page gives an archive its rules from the presets of --rules.

The page reads a small JSON API, which other programs may use too (each
takes the record as the body of a POST, `Content-Type: text/plain`, with
?name= its file's name and ?rules= tafl rules, a preset or a rules string):
  POST /api/validate   the report of `hirp validate --format json`
  POST /api/page       the page's data (`hirp html --schema`)
  POST /api/board      ?game=1&step=0: the board of a step, as SVG
  POST /api/fix        the fixed record, its canonical form, and counts
  GET  /api/example    the rulebook's example game

Ctrl-C stops the server.

Examples:
  hirp serve                          on http://127.0.0.1:8080/
  hirp serve --port 9000
  hirp serve --bind 0.0.0.0           reachable from other machines")]
pub struct Args {
    /// The port to listen on (0: any free port, printed at the start).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,

    /// The address to listen on; 127.0.0.1, this machine only, by default.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,

    /// Requests worked on or waiting at once, at most; more are answered
    /// 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
    max_requests: u32,

    /// Seconds a request may take, from its first byte to its answer,
    /// reading included; a slower one is answered 408.
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,
}

/// Runs `hirp serve` until Ctrl-C.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            reporter.error(&format!(
                "cannot start the server: {}",
                super::io_reason(&e)
            ));
            return Status::Failure;
        }
    };
    runtime.block_on(serve(args, reporter))
}

/// Listens, then serves until a signal to stop.
async fn serve(args: Args, reporter: &Reporter) -> Status {
    let address = SocketAddr::new(args.bind, args.port);
    let listener = match TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(e) => {
            reporter.error(&format!(
                "cannot listen on {address}: {}",
                super::io_reason(&e)
            ));
            return Status::Failure;
        }
    };
    let local = listener.local_addr().unwrap_or(address);
    let timeout = Duration::from_secs(args.timeout);
    let shared = Arc::new(guard::Shared::new(args.max_requests as usize, timeout));
    let app = api::router(shared);
    let stop = stop_signal();
    let said = write_stdout(&format!("hirp serve: http://{local}/ (Ctrl-C stops it)\n"));
    if let Err(message) = said {
        reporter.error(&message);
    }
    if !args.bind.is_loopback() {
        reporter.note(&format!(
            "hirp serve: listening on {}: anyone who can reach this machine can use it",
            args.bind
        ));
    }
    accept(listener, app, timeout, stop).await;
    // Standard output may be closed by now; the server stopped all the same.
    let _ = write_stdout("hirp serve: stopped\n");
    Status::Ok
}

/// Accepts connections and serves each on a task of its own, until a
/// signal to stop; then lets those open end, for a while.
async fn accept(
    listener: TcpListener,
    app: axum::Router,
    timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut stop = std::pin::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit,
            () = &mut stop => break,
        };
        let Ok(permit) = permit else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let Ok((stream, _)) = stream else {
            // Out of file descriptors, or the like: wait, then go on.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(timeout)
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that fails (reset, headers too slow) is the
            // client's affair.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(GRACE, graceful.shutdown()).await;
}

/// Ctrl-C, or SIGTERM where there is one. The handlers are set when it is
/// called, not when it is first awaited: a signal sent as soon as the server
/// says it listens stops it, whichever connection it is serving.
fn stop_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        let received = |handler: std::io::Result<Signal>| async move {
            match handler {
                Ok(mut handler) => {
                    handler.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        let interrupt = received(signal(SignalKind::interrupt()));
        let terminate = received(signal(SignalKind::terminate()));
        async move {
            tokio::select! {
                () = interrupt => {}
                () = terminate => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
