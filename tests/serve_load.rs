//! `hirp serve` under load on loopback: a bounded number of clients at
//! once validate the rulebook's example, and every answer must be the
//! report; and clients that would shut the others out (bodies sent a byte
//! a second, idle connections, a burst of pages) do not. The ordinary test
//! is small; the figures in `docs/guide.md` come from the long ones, on a
//! release build:
//!
//! ```text
//! cargo test --release --test serve_load -- --ignored --nocapture --test-threads 1
//! ```

mod common;

use std::io::{ErrorKind, Read as _, Write as _};
use std::net::Ipv4Addr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::server::Server;

/// What a run measured.
struct Run {
    elapsed: Duration,
    latencies: Vec<Duration>,
    wrong: Vec<String>,
}

/// Sends `total` validations of the rulebook's example, `at_once` at a
/// time, each on a connection of its own, each client from an address of
/// its own (`127.0.0.2`...) if `apart`, else all from `127.0.0.1`.
fn run(server: &Server, total: usize, at_once: usize, apart: bool) -> Run {
    let record = common::fixture("fixtures/rulebook/corrected.hirp");
    let expected = server.post("/api/validate?name=corrected.hirp", record.as_bytes());
    assert_eq!(expected.status, 200);
    let next = AtomicUsize::new(0);
    let latencies = Mutex::new(Vec::with_capacity(total));
    let wrong = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for n in 0..at_once {
            let source = if apart {
                Ipv4Addr::new(127, 0, 0, 2 + u8::try_from(n).unwrap())
            } else {
                Ipv4Addr::LOCALHOST
            };
            let (next, latencies, wrong) = (&next, &latencies, &wrong);
            let (record, expected) = (&record, &expected);
            scope.spawn(move || {
                while next.fetch_add(1, Ordering::Relaxed) < total {
                    let sent = Instant::now();
                    let answer = server.request_with(
                        server.connect_from(source),
                        "POST",
                        "/api/validate?name=corrected.hirp",
                        &[],
                        Some(("text/plain", record.as_bytes())),
                    );
                    let took = sent.elapsed();
                    if answer.status != 200 || answer.body != expected.body {
                        let text = String::from_utf8_lossy(&answer.body).into_owned();
                        wrong
                            .lock()
                            .unwrap()
                            .push(format!("{}: {text}", answer.status));
                    }
                    latencies.lock().unwrap().push(took);
                }
            });
        }
    });
    let mut latencies = latencies.into_inner().unwrap();
    latencies.sort();
    Run {
        elapsed: started.elapsed(),
        latencies,
        wrong: wrong.into_inner().unwrap(),
    }
}

/// The latency below which `part` of the requests were answered.
fn percentile(sorted: &[Duration], part: f64) -> Duration {
    let at = ((sorted.len() as f64 * part).ceil() as usize).clamp(1, sorted.len());
    sorted[at - 1]
}

fn milliseconds(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

#[test]
fn every_answer_under_load_is_the_report() {
    let server = Server::start(&[]);
    let run = run(&server, 200, 16, false);
    assert!(run.wrong.is_empty(), "{:?}", run.wrong);
    assert_eq!(run.latencies.len(), 200);
}

#[test]
#[ignore = "the long run whose figures docs/guide.md gives; run it on a release build"]
fn load_figures() {
    let server = Server::start(&[]);
    let (total, at_once) = (1000, 32);
    let run = run(&server, total, at_once, true);
    assert!(run.wrong.is_empty(), "{:?}", run.wrong);
    let seconds = run.elapsed.as_secs_f64();
    println!(
        "{total} validations of the rulebook example, {at_once} clients at a time, on {} cores",
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    println!(
        "{seconds:.2} s, {:.0} requests a second; every answer the report",
        total as f64 / seconds
    );
    let l = &run.latencies;
    println!(
        "latency: p50 {}, p90 {}, p99 {}, max {}",
        milliseconds(percentile(l, 0.5)),
        milliseconds(percentile(l, 0.9)),
        milliseconds(percentile(l, 0.99)),
        milliseconds(percentile(l, 1.0)),
    );
}

/// What the clients of a siege do.
#[derive(Clone, Copy)]
enum Siege {
    /// Send a head, then the body a byte a second.
    SlowBody,
    /// Send nothing.
    Idle,
}

/// One client of a siege from `source`: a connection that does what
/// `siege` says until it is cut off, then another, until `stop`. Counts
/// the connections it opened in `opened`.
fn besiege(
    server: &Server,
    source: Ipv4Addr,
    siege: Siege,
    stop: &AtomicBool,
    opened: &AtomicUsize,
) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = server.try_connect(source, None) else {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        opened.fetch_add(1, Ordering::Relaxed);
        stream
            .set_read_timeout(Some(Duration::from_secs(1)))
            .unwrap();
        if let Siege::SlowBody = siege {
            let head = format!(
                "POST /api/validate HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\n\
                 Content-Length: 100000\r\n\r\n",
                server.host()
            );
            if stream.write_all(head.as_bytes()).is_err() {
                continue;
            }
        }
        let mut buffer = [0; 1024];
        while !stop.load(Ordering::Relaxed) {
            if matches!(siege, Siege::SlowBody) && stream.write_all(b"G").is_err() {
                break;
            }
            match stream.read(&mut buffer) {
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                // Answered (408) or closed: cut off.
                _ => break,
            }
        }
    }
}

/// A validation of one turn from `source`: its status and how long it took.
fn probe(server: &Server, source: Ipv4Addr) -> (u16, Duration) {
    let started = Instant::now();
    let stream = server.connect_from(source);
    let body = Some(("text/plain", b"G1 KeHeiHei /\n".as_slice()));
    let answer = server.request_with(stream, "POST", "/api/validate", &[], body);
    (answer.status, started.elapsed())
}

/// `clients` clients from 127.0.0.1 besiege the server as `siege` says,
/// while a client of their address and one of another (127.0.0.2) each
/// validate a turn every half second, 40 times: every answer must be 200
/// within a second.
fn under_siege(clients: usize, siege: Siege, what: &str) {
    let server = Server::start(&[]);
    let (stop, opened) = (AtomicBool::new(false), AtomicUsize::new(0));
    let probes = std::thread::scope(|scope| {
        for _ in 0..clients {
            let (server, stop, opened) = (&server, &stop, &opened);
            scope.spawn(move || besiege(server, Ipv4Addr::LOCALHOST, siege, stop, opened));
        }
        std::thread::sleep(Duration::from_secs(2));
        let mut probes = Vec::new();
        for _ in 0..40 {
            for source in [Ipv4Addr::LOCALHOST, Ipv4Addr::new(127, 0, 0, 2)] {
                probes.push((source, probe(&server, source)));
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        stop.store(true, Ordering::Relaxed);
        probes
    });
    let mut latencies: Vec<Duration> = probes.iter().map(|(_, (_, took))| *took).collect();
    latencies.sort();
    println!(
        "{clients} clients {what} from 127.0.0.1 ({} connections in all); \
         {} validations, from 127.0.0.1 and 127.0.0.2: p50 {}, max {}",
        opened.load(Ordering::Relaxed),
        probes.len(),
        milliseconds(percentile(&latencies, 0.5)),
        milliseconds(percentile(&latencies, 1.0)),
    );
    for (source, (status, took)) in probes {
        assert_eq!(status, 200, "from {source}");
        assert!(took < Duration::from_secs(1), "from {source}: {took:?}");
    }
}

#[test]
#[ignore = "a siege of 20 seconds, whose figures the guide gives; run it on a release build"]
fn sixty_bodies_sent_a_byte_a_second_delay_no_one() {
    under_siege(60, Siege::SlowBody, "sending their bodies a byte a second");
}

#[test]
#[ignore = "a siege of 20 seconds, whose figures the guide gives; run it on a release build"]
fn three_hundred_idle_connections_delay_no_one() {
    under_siege(300, Siege::Idle, "holding idle connections");
}

/// The memory the server holds, in MB: now and at its peak.
fn memory(server: &Server) -> (f64, f64) {
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap_or_default();
    let field = |name: &str| {
        let line = status.lines().find(|l| l.starts_with(name));
        let kb: f64 = line
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(f64::NAN);
        kb / 1024.0
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
#[ignore = "a burst of pages, whose figures the guide gives; run it on a release build"]
fn a_burst_of_pages_is_answered_or_told_to_wait_in_bounded_memory() {
    // A record of about 50 KB: 25 games, 1,995 turns, its page 2.2 MB.
    let record = common::hirp()
        .args(["gen", "--seed", "1", "--games", "25"])
        .output()
        .unwrap()
        .stdout;
    let server = Server::start(&[]);
    let (before, _) = memory(&server);
    let started = Instant::now();
    // 64 at once, from 8 clients, each a record of its own.
    let answers: Vec<(u16, Option<String>)> = std::thread::scope(|scope| {
        let sent: Vec<_> = (0..64u8)
            .map(|n| {
                let (server, record) = (&server, &record);
                scope.spawn(move || {
                    let mut record = record.clone();
                    record.extend_from_slice(format!("; {n}\n").as_bytes());
                    let stream = server.connect_from(Ipv4Addr::new(127, 0, 0, 1 + n % 8));
                    let body = Some(("text/plain", record.as_slice()));
                    let answer = server.request_with(stream, "POST", "/api/page", &[], body);
                    let retry = answer.header("retry-after").map(str::to_owned);
                    (answer.status, retry)
                })
            })
            .collect();
        sent.into_iter().map(|s| s.join().unwrap()).collect()
    });
    let took = started.elapsed();
    let (_, peak) = memory(&server);
    std::thread::sleep(Duration::from_secs(5));
    let (after, _) = memory(&server);
    let answered = answers.iter().filter(|(status, _)| *status == 200).count();
    println!(
        "64 pages at once (each of its own record of {} KB): {answered} answered, \
         {} told to try again, in {:.1} s; memory {before:.0} MB before, {peak:.0} MB at the \
         peak, {after:.0} MB 5 s after",
        record.len() / 1000,
        answers.len() - answered,
        took.as_secs_f64(),
    );
    for (status, retry) in answers {
        assert!(
            status == 200 || (status == 503 && retry.as_deref() == Some("1")),
            "{status}"
        );
    }
}
