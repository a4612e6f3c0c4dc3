//! `hirp serve` against clients that would shut the others out (slow
//! bodies, idle connections, answers not taken, more requests than it
//! works on) and requests from where they should not come (another host,
//! another site's page, an address other machines reach). Each runs in a
//! few seconds; the long runs whose figures the README gives are
//! `serve_load.rs`'s.

mod common;

use std::io::{BufRead as _, BufReader, ErrorKind, Read as _, Write as _};
use std::net::{Ipv4Addr, TcpStream};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::hirp;
use common::server::{Response, Server, read_response};

/// A record every request may send: one legal turn.
const RECORD: &[u8] = b"G1 KeHeiHei /\n";

/// The loopback address `127.0.0.n`: a client of its own.
fn client(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

/// A validation of [`RECORD`] from `source`, and how long it took.
fn validate_from(server: &Server, source: Ipv4Addr) -> (Response, Duration) {
    let started = Instant::now();
    let stream = server.connect_from(source);
    let body = Some(("text/plain", RECORD));
    let answer = server.request_with(stream, "POST", "/api/validate", &[], body);
    (answer, started.elapsed())
}

/// The head of a POST of `length` bytes of record to `path`.
fn post_head(server: &Server, path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\n\
         Content-Length: {length}\r\n\r\n",
        server.host()
    )
}

/// Whether the server closed `stream` within `within`: all it sent read,
/// then the end (or a reset).
fn closed_within(stream: &mut TcpStream, within: Duration) -> (bool, Vec<u8>) {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut seen = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return (true, seen),
            Ok(n) => seen.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return (false, seen);
            }
            Err(_) => return (true, seen),
        }
    }
}

#[test]
fn a_body_that_stops_coming_is_answered_408_long_before_the_time_limit() {
    let server = Server::start(&["--timeout", "30"]);
    let mut slow = server.connect();
    let head = post_head(&server, "/api/validate", 100);
    slow.write_all(format!("{head}G1 KeHei").as_bytes())
        .unwrap();
    let started = Instant::now();
    let answer = read_response(&mut slow);
    assert_eq!(answer.status, 408);
    assert_eq!(
        answer.json()["error"],
        "the request's body came in slower than 32 KiB a second"
    );
    let took = started.elapsed();
    assert!(
        took > Duration::from_millis(1500) && took < Duration::from_secs(5),
        "{took:?}"
    );
}

#[test]
fn bodies_sent_a_byte_at_a_time_are_cut_off_while_other_clients_are_served() {
    let server = Server::start(&[]);
    // 24 connections of one client, more than it may hold (16), each
    // sending its body a byte every 100 ms.
    let mut slow: Vec<TcpStream> = (0..24)
        .map(|_| {
            let mut stream = server.connect();
            let head = post_head(&server, "/api/validate", 1000);
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect();
    let started = Instant::now();
    let trickle = slow
        .iter()
        .map(|s| s.try_clone().unwrap())
        .collect::<Vec<_>>();
    let sender = std::thread::spawn(move || {
        let mut open = trickle;
        while !open.is_empty() {
            std::thread::sleep(Duration::from_millis(100));
            open.retain_mut(|s| s.write_all(b"G").is_ok());
        }
    });
    // Meanwhile, that client and another are answered at once.
    for round in 0..4 {
        for source in [client(1), client(2)] {
            let (answer, took) = validate_from(&server, source);
            assert_eq!(answer.status, 200, "round {round}, from {source}");
            assert!(took < Duration::from_secs(1), "{took:?}");
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    // Each slow one is cut off: answered 408, or closed to make room.
    for stream in &mut slow {
        let (closed, seen) = closed_within(stream, Duration::from_secs(5));
        assert!(closed, "still open after {:?}", started.elapsed());
        assert!(
            seen.is_empty() || seen.starts_with(b"HTTP/1.1 408"),
            "{}",
            String::from_utf8_lossy(&seen)
        );
    }
    assert!(started.elapsed() < Duration::from_secs(5));
    sender.join().unwrap();
}

#[test]
fn idle_connections_are_closed_to_make_room() {
    let server = Server::start(&["--max-connections", "8"]);
    // Eight clients hold a connection each and send nothing: all the room,
    // none of it young any more.
    let mut idle: Vec<TcpStream> = (2..10).map(|n| server.connect_from(client(n))).collect();
    std::thread::sleep(Duration::from_millis(800));
    let (answer, took) = validate_from(&server, client(1));
    assert_eq!(answer.status, 200);
    assert!(took < Duration::from_secs(1), "{took:?}");
    // The connection idle longest made room; the others are open.
    let (closed, _) = closed_within(&mut idle[0], Duration::from_secs(2));
    assert!(closed, "the oldest idle connection is closed");
    for stream in &mut idle[1..] {
        let (closed, _) = closed_within(stream, Duration::from_millis(50));
        assert!(!closed, "a newer idle connection is left open");
    }
}

#[test]
fn a_client_at_its_cap_loses_its_own_idle_connection_not_anothers() {
    let server = Server::start(&["--max-client-connections", "3"]);
    let mut other = server.connect_from(client(2));
    let mut own: Vec<TcpStream> = (0..3).map(|_| server.connect_from(client(1))).collect();
    std::thread::sleep(Duration::from_millis(800));
    let (answer, took) = validate_from(&server, client(1));
    assert_eq!(answer.status, 200);
    assert!(took < Duration::from_secs(1), "{took:?}");
    let (closed, _) = closed_within(&mut own[0], Duration::from_secs(2));
    assert!(closed, "the client's oldest idle connection is closed");
    for stream in own[1..].iter_mut().chain([&mut other]) {
        let (closed, _) = closed_within(stream, Duration::from_millis(50));
        assert!(!closed, "another connection is left open");
    }
}

/// A record whose fixed form is about 1.3 MB, quick to fix: seven games of
/// one turn and 1,500 comment lines.
fn long_record() -> Vec<u8> {
    let mut record = String::new();
    for game in 1..=7 {
        record.push_str(&format!("[Game \"{game}\"]\n\nG1 KeHeiHei /\n"));
        for _ in 0..1500 {
            record.push_str(&format!("; {}\n", "x".repeat(60)));
        }
        record.push('\n');
    }
    record.into_bytes()
}

/// A connection from `source` that asks to fix [`long_record`] and takes
/// none of the answer: it stays busy, its answer not written.
fn busy_from(server: &Server, source: Ipv4Addr) -> TcpStream {
    let mut stream = server.connect_with(source, Some(4096));
    let record = long_record();
    let head = post_head(server, "/api/fix", record.len());
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&record).unwrap();
    stream
}

/// Waits until `stream`'s answer has begun to come.
fn answer_begun(stream: &TcpStream) {
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).unwrap();
    assert_eq!(line, "HTTP/1.1 200 OK\r\n");
}

#[test]
fn api_requests_beyond_the_queue_are_answered_503_and_taken_again_once_it_moves() {
    let server = Server::start(&["--max-requests", "1"]);
    let mut held = busy_from(&server, client(2));
    answer_begun(&held);
    let (busy, _) = validate_from(&server, client(1));
    assert_eq!(busy.status, 503);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert_eq!(
        busy.json()["error"],
        "the server is busy with 1 requests; try again in a moment"
    );
    // Pages and scripts are not in the queue.
    assert_eq!(server.request("GET", "/", None).status, 200);
    // Once the answer is taken, the queue has room again.
    let (closed, rest) = closed_within(&mut held, Duration::from_secs(30));
    assert!(closed && rest.len() > 1_000_000, "{}", rest.len());
    let (answer, _) = validate_from(&server, client(1));
    assert_eq!(answer.status, 200);
}

#[test]
fn a_client_whose_connections_all_work_is_answered_503_and_another_is_not() {
    let server = Server::start(&["--max-client-connections", "2"]);
    let held: Vec<TcpStream> = (0..2).map(|_| busy_from(&server, client(1))).collect();
    for stream in &held {
        answer_begun(stream);
    }
    let (refused, took) = validate_from(&server, client(1));
    assert_eq!(refused.status, 503);
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(
        refused.json()["error"],
        "the client has 2 connections to the server working on requests already; \
         try again once one is answered"
    );
    let (answer, _) = validate_from(&server, client(2));
    assert_eq!(answer.status, 200);
}

#[test]
fn a_client_that_does_not_take_its_answer_is_cut_off() {
    let server = Server::start(&[]);
    let mut held = busy_from(&server, client(1));
    answer_begun(&held);
    let started = Instant::now();
    // Nothing more is read for a while: the server gives up on it.
    std::thread::sleep(Duration::from_secs(7));
    let (closed, rest) = closed_within(&mut held, Duration::from_secs(30));
    assert!(closed);
    assert!(rest.len() < 1_000_000, "{} bytes taken", rest.len());
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_request_for_another_host_is_answered_421() {
    let server = Server::start(&[]);
    let port = server.port;
    let cases = [
        (format!("Host: 127.0.0.1:{port}"), 200),
        (format!("Host: localhost:{port}"), 200),
        (format!("Host: LocalHost:{port}"), 200),
        (format!("Host: evil.example:{port}"), 421),
        (format!("Host: 127.0.0.1:{}", port.wrapping_add(1)), 421),
        ("Host: 127.0.0.1".to_owned(), 421),
        ("Host: localhost".to_owned(), 421),
        (format!("Host: [::1]:{port}"), 421),
        (format!("Host: 127.0.0.2:{port}"), 421),
    ];
    for (host, status) in cases {
        let answer = server.request_with(server.connect(), "GET", "/", &[&host], None);
        assert_eq!(answer.status, status, "{host}");
    }
    let refused = server.request_with(
        server.connect(),
        "POST",
        "/api/validate",
        &[&format!("Host: rebound.example:{port}")],
        Some(("text/plain", RECORD)),
    );
    assert_eq!(refused.status, 421);
    assert_eq!(
        refused.json()["error"],
        format!(
            "this server answers requests for `127.0.0.1:{port}` or `localhost:{port}` only, \
             and this one is for `rebound.example:{port}`: a page of another site may not use it"
        )
    );
    // Without a Host at all (HTTP/1.0 has none).
    let mut stream = server.connect();
    stream.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    assert_eq!(read_response(&mut stream).status, 421);
}

#[test]
fn a_post_from_another_sites_page_is_answered_403() {
    let server = Server::start(&[]);
    let port = server.port;
    let own = format!("Origin: http://127.0.0.1:{port}");
    let cases: [(&[&str], u16); 7] = [
        (&[], 200),
        (&[&own], 200),
        (&[&own, "Sec-Fetch-Site: same-origin"], 200),
        (&["Origin: http://evil.example"], 403),
        (&[&format!("Origin: https://127.0.0.1:{port}")], 403),
        (&["Origin: null"], 403),
        (&[&own, "Sec-Fetch-Site: cross-site"], 403),
    ];
    for (headers, status) in cases {
        let body = Some(("text/plain", RECORD));
        let answer = server.request_with(server.connect(), "POST", "/api/validate", headers, body);
        assert_eq!(answer.status, status, "{headers:?}");
    }
    // Under the other name the server has, its own page's origin is that.
    let by_name = [
        format!("Host: localhost:{port}"),
        format!("Origin: http://localhost:{port}"),
    ];
    let headers: Vec<&str> = by_name.iter().map(String::as_str).collect();
    let body = Some(("text/plain", RECORD));
    let answer = server.request_with(server.connect(), "POST", "/api/fix", &headers, body);
    assert_eq!(answer.status, 200);
    let refused = server.request_with(
        server.connect(),
        "POST",
        "/api/page",
        &["Origin: http://evil.example"],
        body,
    );
    assert_eq!(
        refused.json()["error"],
        "the server takes POST requests from its own page only, \
         and this one comes from `http://evil.example`"
    );
    // A page of another site may still link to the server's page.
    let linked = server.request_with(
        server.connect(),
        "GET",
        "/",
        &["Origin: http://evil.example"],
        None,
    );
    assert_eq!(linked.status, 200);
}

#[test]
fn an_address_other_machines_reach_needs_public() {
    for address in ["0.0.0.0", "::", "192.0.2.1"] {
        for flag in ["--bind", "--host"] {
            let output = hirp()
                .args(["serve", "--port", "0", flag, address])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{flag} {address}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert_eq!(
                stderr,
                format!(
                    "error: {address} is an address other machines can reach, and anyone who \
                     can reach it could use the server; add --public to listen on it all the same\n"
                )
            );
        }
    }
    // With --public, it listens there, and says so.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hirp"))
        .args(["serve", "--port", "0", "--bind", "0.0.0.0", "--public"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let mut note = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut note)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(line.starts_with("hirp serve: http://0.0.0.0:"), "{line}");
    assert_eq!(
        note,
        "hirp serve: listening on 0.0.0.0: anyone who can reach this machine can use it\n"
    );
}
