//! `hirp serve` run for a test, and a plain HTTP/1.1 client to talk to it
//! over loopback.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// A server on a free port of 127.0.0.1, stopped when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// Its port.
    pub port: u16,
    /// The rest of its standard output.
    pub stdout: BufReader<ChildStdout>,
}

impl Server {
    /// Starts `hirp serve --port 0` with `args`, and waits for it to say
    /// where it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hirp"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("hirp serve starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let port = line
            .strip_prefix("hirp serve: http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("the server says where it listens: {line:?}"));
        Server {
            child,
            port,
            stdout,
        }
    }

    /// Sends SIGINT, as Ctrl-C does, and waits for the server to end:
    /// its exit status and the rest of its standard output.
    pub fn interrupt(mut self) -> (Option<i32>, String) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        let status = self.child.wait().unwrap();
        (status.code(), rest)
    }

    /// What a request names the server as in its `Host` header.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// A connection to the server.
    pub fn connect(&self) -> TcpStream {
        self.connect_from(Ipv4Addr::LOCALHOST)
    }

    /// A connection to the server from `source`, a loopback address of
    /// this machine (127.0.0.2 is another client than 127.0.0.1).
    pub fn connect_from(&self, source: Ipv4Addr) -> TcpStream {
        self.connect_with(source, None)
    }

    /// A connection to the server from `source` that holds at most about
    /// `buffer` bytes of what it is sent and has not read, if given.
    pub fn connect_with(&self, source: Ipv4Addr, buffer: Option<usize>) -> TcpStream {
        self.try_connect(source, buffer)
            .expect("the server takes a connection")
    }

    /// [`Server::connect_with`], or why not.
    pub fn try_connect(&self, source: Ipv4Addr, buffer: Option<usize>) -> io::Result<TcpStream> {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
        if let Some(buffer) = buffer {
            socket.set_recv_buffer_size(buffer)?;
        }
        socket.bind(&SocketAddr::new(IpAddr::V4(source), 0).into())?;
        let server = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), self.port);
        socket.connect(&server.into())?;
        let stream = TcpStream::from(socket);
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        Ok(stream)
    }

    /// One request on a connection of its own: `method`, `path`, the
    /// content type and the body, if any.
    pub fn request(&self, method: &str, path: &str, body: Option<(&str, &[u8])>) -> Response {
        self.request_with(self.connect(), method, path, &[], body)
    }

    /// One request on `stream`, with `headers` (`Name: value`); its `Host`
    /// names the server unless they give one.
    pub fn request_with(
        &self,
        mut stream: TcpStream,
        method: &str,
        path: &str,
        headers: &[&str],
        body: Option<(&str, &[u8])>,
    ) -> Response {
        let host = self.host();
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers
            .iter()
            .any(|h| h.to_ascii_lowercase().starts_with("host:"))
        {
            head.push_str(&format!("Host: {host}\r\n"));
        }
        for header in headers {
            head.push_str(&format!("{header}\r\n"));
        }
        if let Some((kind, bytes)) = body {
            if !kind.is_empty() {
                head.push_str(&format!("Content-Type: {kind}\r\n"));
            }
            head.push_str(&format!("Content-Length: {}\r\n", bytes.len()));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        if let Some((_, body)) = body {
            bytes.extend_from_slice(body);
        }
        // The server may answer before it reads all of a body it refuses.
        let _ = stream.write_all(&bytes);
        read_response(&mut stream)
    }

    /// `POST path` with a record as `text/plain`.
    pub fn post(&self, path: &str, record: &[u8]) -> Response {
        self.request("POST", path, Some(("text/plain; charset=utf-8", record)))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer.
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("the body is JSON")
    }
}

/// Reads an answer whose body has a `Content-Length`, as the server's do
/// (it sends `100 Continue` to none: the client asks for none).
pub fn read_response(stream: &mut TcpStream) -> Response {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {line:?}"));
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            break;
        }
        let (name, value) = trimmed.split_once(':').unwrap();
        headers.push((name.to_ascii_lowercase(), value.trim().to_owned()));
    }
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .expect("a Content-Length");
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    Response {
        status,
        headers,
        body,
    }
}
