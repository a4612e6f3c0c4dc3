//! Accepting connections and serving each on a task of its own: its place
//! taken in the table of connections, its head read within the time limit
//! (hyper's), its requests told which connection they came on, and the
//! connection closed as soon as it is to make room or its client takes an
//! answer too slowly.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use super::connections::{Connections, Slot};
use super::guard::Link;

/// How long the connections open when the server is stopped have to end.
const GRACE: Duration = Duration::from_secs(5);

/// The most a connection holds of what it reads and of an answer not yet
/// written: a request's head is at most this long.
const BUFFER: usize = 64 * 1024;

/// Accepts connections and serves each on a task of its own, until `stop`;
/// then lets those open end, for a while. A connection's head must come
/// in within `head` (or its connection is closed), the next one's too.
pub async fn accept(
    listener: TcpListener,
    app: axum::Router,
    connections: Arc<Connections>,
    head: Duration,
    stop: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        tokio::select! {
            () = connections.room() => {}
            () = &mut stop => break,
        }
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let Ok((stream, peer)) = accepted else {
            // Out of file descriptors, or the like: wait, then go on.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        // No room after all: the connection is closed at once.
        let Some(registered) = connections.open(peer.ip()) else {
            continue;
        };
        let Ok(local) = stream.local_addr() else {
            continue;
        };
        let slot = registered.slot.clone();
        let link = Link {
            slot: slot.clone(),
            local,
        };
        let app = TowerToHyperService::new(app.clone());
        let service = hyper::service::service_fn(move |mut request| {
            request.extensions_mut().insert(link.clone());
            app.call(request)
        });
        let io = TokioIo::new(Counted {
            stream,
            slot: slot.clone(),
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(head)
            .max_buf_size(BUFFER)
            .serve_connection(io, service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection that fails (reset, head too slow) is the
            // client's affair.
            tokio::select! {
                _ = connection => {}
                () = slot.watch() => {}
            }
            drop(registered);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(GRACE, graceful.shutdown()).await;
}

/// A connection that counts the bytes written to its client.
struct Counted {
    stream: TcpStream,
    slot: Arc<Slot>,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = written {
            this.slot.wrote(n);
        }
        written
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = written {
            this.slot.wrote(n);
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
