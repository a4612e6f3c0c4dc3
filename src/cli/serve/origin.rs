//! Who may use the server: a request must name it in its `Host` header as
//! the address its client reached (or `localhost`, over loopback), so that
//! a web page whose name is made to point at this machine (DNS rebinding)
//! is refused; a request a browser sends from a page must come from the
//! server's own page (its `Origin`), so that another site's page cannot
//! make it work.

use std::net::{IpAddr, SocketAddr};

use axum::http::{HeaderMap, Method, StatusCode, header};

use super::error::ApiError;

/// The name every machine has for itself.
const LOCALHOST: &str = "localhost";

/// The host and port of a `Host` header or of an origin's authority:
/// `None` if it does not read as one. The port is `None` when not given.
fn authority(text: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = match text.strip_prefix('[') {
        // An IPv6 address: `[::1]:8080`.
        Some(rest) => {
            let end = rest.find(']')?;
            let port = rest[end + 1..].strip_prefix(':');
            if port.is_none() && end + 1 != rest.len() {
                return None;
            }
            (&text[..end + 2], port)
        }
        None => match text.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (text, None),
        },
    };
    let port = match port {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Some(digits.parse().ok()?)
        }
        Some(_) => return None,
        None => None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// The address `name` writes: `127.0.0.1`, `[::1]`.
fn address(name: &str) -> Option<IpAddr> {
    match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse().ok().map(IpAddr::V6),
        None => name.parse().ok().map(IpAddr::V4),
    }
}

/// Whether `name:port` names the server as reached at `local`: `localhost`
/// over loopback, or the address reached, with its port (80 if none).
fn names_server(name: &str, port: Option<u16>, local: SocketAddr) -> bool {
    if port.unwrap_or(80) != local.port() {
        return false;
    }
    let reached = local.ip().to_canonical();
    if name.eq_ignore_ascii_case(LOCALHOST) {
        return reached.is_loopback();
    }
    address(name).is_some_and(|ip| ip.to_canonical() == reached)
}

/// The addresses a request may name, as it reached `local`, for a message.
fn allowed(local: SocketAddr) -> String {
    let reached = SocketAddr::new(local.ip().to_canonical(), local.port());
    if reached.ip().is_loopback() {
        format!("`{reached}` or `{LOCALHOST}:{}`", reached.port())
    } else {
        format!("`{reached}`")
    }
}

/// 421 unless the request's `Host` names the server as its client reached
/// it, at `local`.
pub fn check_host(headers: &HeaderMap, local: SocketAddr) -> Result<(), ApiError> {
    let host = headers.get(header::HOST).map(|h| h.to_str());
    let refused = |what: String| {
        ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "this server answers requests for {} only, and this one is for {what}: \
                 a page of another site may not use it",
                allowed(local)
            ),
        )
    };
    match host {
        None => Err(refused("no host (it has no `Host` header)".to_owned())),
        Some(Err(_)) => Err(refused("a host that is not text".to_owned())),
        Some(Ok(host)) => match authority(host) {
            Some((name, port)) if names_server(name, port, local) => Ok(()),
            _ => Err(refused(format!("`{}`", host.escape_debug()))),
        },
    }
}

/// 403 if a browser sends the request from a page other than the server's
/// own: its `Origin` is another (or `null`), or its `Sec-Fetch-Site` says
/// another site. A request with neither, as a program sends it, is taken.
/// `GET` and `HEAD` requests change nothing and are always taken.
pub fn check_origin(method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if method == Method::GET || method == Method::HEAD {
        return Ok(());
    }
    let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    let refused = |from: String| {
        ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "the server takes {method} requests from its own page only, \
                 and this one comes from {from}"
            ),
        )
    };
    if let Some(site) = text("sec-fetch-site")
        && !matches!(site, "same-origin" | "none")
    {
        return Err(refused(format!("another site (`Sec-Fetch-Site: {site}`)")));
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return Ok(());
    };
    let host = text(header::HOST.as_str()).and_then(authority);
    let same = origin
        .strip_prefix("http://")
        .and_then(authority)
        .zip(host)
        .is_some_and(|((name, port), (host, host_port))| {
            name.eq_ignore_ascii_case(host) && port.unwrap_or(80) == host_port.unwrap_or(80)
        });
    if same {
        Ok(())
    } else {
        Err(refused(format!("`{}`", origin.escape_debug())))
    }
}

/// Whether the server may listen on `ip` without `--public`: only on a
/// loopback address, which this machine alone reaches.
pub fn private(ip: IpAddr) -> bool {
    ip.to_canonical().is_loopback()
}
