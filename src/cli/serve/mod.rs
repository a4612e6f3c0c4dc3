//! `hirp serve`: a local web application to paste a record in and see it
//! checked, on axum (tokio and hyper): a page ([`hirp::page::html::served`])
//! and a small JSON API behind it ([`api`]). Nothing is stored.
//!
//! The server holds up under misuse, and no one client can shut the
//! others out: it answers only requests that name it ([`origin`]), reads
//! each at a pace and within a time, bounds the connections open at once,
//! those of one client too ([`connections`]), and works on the API's
//! requests one a core behind a bounded queue ([`guard`]); Ctrl-C (or
//! SIGTERM) stops it cleanly.

mod accept;
mod api;
mod connections;
mod error;
mod guard;
mod origin;
mod pages;
mod record;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{TcpListener, TcpSocket};

use super::{report::Reporter, status::Status, stdout::write_stdout};
use connections::Connections;

/// Serve a page on which to paste a record and see it checked.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Open the address printed in a browser: paste or drop a record (or load the
rulebook's example), see its problems in its text with their help and
repair, step through its boards, and download the report, the canonical
record and the fixed record. Nothing is stored on the server.

A record is HIRP's or tafl's (an OpenTafl game file, an archive of one
game a line, or hnefatafl.org's archive, one RON value a line), told by
the extension of a file opened, else by its first line; the page gives an archive its rules from the presets of --rules.

The page reads a small JSON API, which other programs may use too (each
takes the record as the body of a POST, `Content-Type: text/plain`, with
?name= its file's name and ?rules= tafl rules, a preset or a rules string):
  POST /api/validate   the report of `hirp validate --format json`
  POST /api/page       the page's data (`hirp html --schema`)
  POST /api/board      ?game=1&step=0: the board of a step, as SVG
  POST /api/fix        the fixed record, its canonical form, and counts
  GET  /api/example    the rulebook's example game

Who may use it: a request must name the server in its Host header as its
client reached it (`localhost` or the address, with the port), else it is
answered 421, so that a web page cannot reach the server under a name of
its own (DNS rebinding); a POST sent from another site's page (its Origin)
is answered 403. The server listens on an address other machines reach
(0.0.0.0, ::, a network's) only with --public.

No one client can shut the others out:
  - a request's head must come in within --timeout, its body at 32 KiB a
    second at least once 2 seconds are over (else 408), and its answer be
    taken at that pace too (else the connection is closed);
  - a connection whose request is not in whole is idle: when
    --max-connections are open, the one idle longest is closed to make
    room (one answered before, or open for half a second at least), and a
    client's own when it has --max-client-connections open; a client
    whose connections all work on requests is answered 503;
  - the API's requests are worked on one a core, the others wait in turn,
    --max-requests at most (503 with Retry-After beyond them); one that
    waits and works longer than --timeout is answered 503.

Ctrl-C stops the server.

Examples:
  hirp serve                              on http://127.0.0.1:8080/
  hirp serve --port 9000
  hirp serve --bind 0.0.0.0 --public      reachable from other machines")]
pub struct Args {
    /// The port to listen on (0: any free port, printed at the start).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,

    /// The address to listen on; 127.0.0.1, this machine only, by default.
    /// An address other machines reach needs --public.
    #[arg(
        long,
        visible_alias = "host",
        value_name = "ADDR",
        default_value = "127.0.0.1"
    )]
    bind: IpAddr,

    /// Let --bind be an address other machines reach (0.0.0.0, ::, a
    /// network's): anyone who can reach it can use the server.
    #[arg(long)]
    public: bool,

    /// API requests worked on, waiting for a core or being answered at
    /// once, at most; more are answered 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
    max_requests: u32,

    /// Seconds a request's head may take to come in, and its answer to be
    /// ready once its head is in; a slower one is answered 408 (503 if it
    /// waited for the server).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,

    /// Connections open at once, at most; beyond them the one idle longest
    /// is closed, and with none that may be, a new one waits to be
    /// accepted.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_connections: u32,

    /// Connections of one client (one address) open at once, at most;
    /// beyond them its own idle longest is closed, and with all of them at
    /// work, its request is answered 503.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_client_connections: u32,
}

/// Runs `hirp serve` until Ctrl-C.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    if !origin::private(args.bind) && !args.public {
        reporter.error(&format!(
            "{} is an address other machines can reach, and anyone who can reach it could use \
             the server; add --public to listen on it all the same",
            args.bind
        ));
        return Status::Failure;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            reporter.error(&format!(
                "cannot start the server: {}",
                super::input::io_reason(&e)
            ));
            return Status::Failure;
        }
    };
    runtime.block_on(serve(args, reporter))
}

/// Listens, then serves until a signal to stop.
async fn serve(args: Args, reporter: &Reporter) -> Status {
    let address = SocketAddr::new(args.bind, args.port);
    let listener = match listen(address) {
        Ok(listener) => listener,
        Err(e) => {
            reporter.error(&format!(
                "cannot listen on {address}: {}",
                super::input::io_reason(&e)
            ));
            return Status::Failure;
        }
    };
    let local = listener.local_addr().unwrap_or(address);
    let timeout = Duration::from_secs(args.timeout);
    let shared = Arc::new(guard::Shared::new(args.max_requests as usize, timeout));
    let app = api::router(shared);
    let connections = Arc::new(Connections::new(
        args.max_connections as usize,
        args.max_client_connections as usize,
    ));
    let stop = stop_signal();
    let said = write_stdout(&format!("hirp serve: http://{local}/ (Ctrl-C stops it)\n"));
    if let Err(message) = said {
        reporter.error(&message);
    }
    if !origin::private(args.bind) {
        reporter.note(&format!(
            "hirp serve: listening on {}: anyone who can reach this machine can use it",
            args.bind
        ));
    }
    accept::accept(listener, app, connections, timeout, stop).await;
    // Standard output may be closed by now; the server stopped all the same.
    let _ = write_stdout("hirp serve: stopped\n");
    Status::Ok
}

/// The most the system holds of an answer a client has not taken yet, for
/// each connection: what the client takes is measured by what leaves the
/// server, so the system should not take much of it off the server's
/// hands.
const SEND_BUFFER: u32 = 64 * 1024;

/// A listener on `address`, whose connections send through a buffer of
/// [`SEND_BUFFER`].
fn listen(address: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // As `TcpListener::bind` does: a port just left is taken again at once.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.set_send_buffer_size(SEND_BUFFER)?;
    socket.bind(address)?;
    socket.listen(1024)
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
