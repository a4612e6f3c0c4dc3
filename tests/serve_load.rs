//! `hirp serve` under load on loopback: a bounded number of clients at
//! once validate the rulebook's example, and every answer must be the
//! report. The ordinary test is small; the figures in `docs/guide.md` come from
//! the long one, on a release build:
//!
//! ```text
//! cargo test --release --test serve_load -- --ignored --nocapture
//! ```

mod common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::server::Server;

/// What a run measured.
struct Run {
    elapsed: Duration,
    latencies: Vec<Duration>,
    wrong: Vec<String>,
}

/// Sends `total` validations of the rulebook's example, `at_once` at a
/// time, each on a connection of its own.
fn run(server: &Server, total: usize, at_once: usize) -> Run {
    let record = common::fixture("fixtures/rulebook/corrected.hirp");
    let expected = server.post("/api/validate?name=corrected.hirp", record.as_bytes());
    assert_eq!(expected.status, 200);
    let next = AtomicUsize::new(0);
    let latencies = Mutex::new(Vec::with_capacity(total));
    let wrong = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..at_once {
            scope.spawn(|| {
                while next.fetch_add(1, Ordering::Relaxed) < total {
                    let sent = Instant::now();
                    let answer =
                        server.post("/api/validate?name=corrected.hirp", record.as_bytes());
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
    let run = run(&server, 200, 16);
    assert!(run.wrong.is_empty(), "{:?}", run.wrong);
    assert_eq!(run.latencies.len(), 200);
}

#[test]
#[ignore = "the long run whose figures docs/guide.md gives; run it on a release build"]
fn load_figures() {
    let server = Server::start(&[]);
    let (total, at_once) = (1000, 32);
    let run = run(&server, total, at_once);
    assert!(run.wrong.is_empty(), "{:?}", run.wrong);
    let seconds = run.elapsed.as_secs_f64();
    println!(
        "{total} validations of the rulebook example, {at_once} at a time, on {} cores",
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
