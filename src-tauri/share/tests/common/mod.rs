//! A real server on 127.0.0.1 (port 0) with a source the test controls, and a raw HTTP/1.1
//! client for requests no well-behaved client would send.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rollbook_share::{Asset, Limits, Share, ViewSource};
use tokio::runtime::Runtime;

pub const LOCALHOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

pub const INDEX: &[u8] = b"<!doctype html><title>Players</title><script src=\"main.js\"></script>";
pub const MAIN_JS: &[u8] = b"console.log('players');";

/// The test's own page (never `PLAYERS_PAGE`, whose contents another engineer is writing). The
/// hidden file is one a careless caller might pass: it must not be served all the same.
pub static ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        content_type: "text/html; charset=utf-8",
        bytes: INDEX,
    },
    Asset {
        name: "main.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: MAIN_JS,
    },
    Asset {
        name: ".env",
        content_type: "text/plain",
        bytes: b"SECRET=1",
    },
];

/// A view the test sets; `Err` makes the source fail.
pub struct TestSource(pub Mutex<Result<String, String>>);

impl TestSource {
    pub fn set(&self, view: Result<&str, &str>) {
        *self.0.lock().unwrap() = view.map(str::to_owned).map_err(str::to_owned);
    }
}

impl ViewSource for TestSource {
    fn view_json(&self) -> Result<String, String> {
        self.0.lock().unwrap().clone()
    }
}

/// A share running on its own runtime, so the test's own thread can be a blocking client.
pub struct Running {
    pub rt: Runtime,
    pub share: Option<Share>,
    pub source: Arc<TestSource>,
}

impl Running {
    pub fn start() -> Running {
        Running::start_with(Limits::default())
    }

    /// Limits generous enough that a test sending many requests is not rate-limited.
    pub fn start_unlimited_rate() -> Running {
        let mut limits = Limits::default();
        limits.requests_per_second = 10_000;
        limits.request_burst = 10_000;
        Running::start_with(limits)
    }

    pub fn start_with(limits: Limits) -> Running {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let source = Arc::new(TestSource(Mutex::new(Ok(String::from(r#"{"round":1}"#)))));
        let listen = SocketAddr::new(LOCALHOST, 0);
        let share = rt
            .block_on(Share::start_with(listen, source.clone(), ASSETS, limits))
            .unwrap();
        Running {
            rt,
            share: Some(share),
            source,
        }
    }

    pub fn share(&self) -> &Share {
        self.share.as_ref().unwrap()
    }

    pub fn addr(&self) -> SocketAddr {
        self.share().local_addr()
    }

    pub fn token(&self) -> String {
        self.share().token().to_owned()
    }

    /// `/p/TOKEN/` followed by `rest`.
    pub fn path(&self, rest: &str) -> String {
        format!("/p/{}/{rest}", self.token())
    }

    pub fn url(&self, rest: &str) -> String {
        format!("http://{}{}", self.addr(), self.path(rest))
    }

    pub fn stop(&mut self) {
        let share = self.share.take().unwrap();
        self.rt.block_on(share.stop());
    }
}

/// Sends `request` as it is on a new connection and reads until the server closes it.
pub fn raw(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    // A server that closes without reading what was sent may reset the connection; what it
    // answered before that is kept.
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

pub fn request(addr: SocketAddr, method: &str, target: &str) -> String {
    raw(
        addr,
        format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )
}

pub fn get(addr: SocketAddr, target: &str) -> String {
    request(addr, "GET", target)
}

pub fn status(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"))
}

/// A header's value (names compared without case).
pub fn header(answer: &str, name: &str) -> Option<String> {
    let head = answer.split("\r\n\r\n").next().unwrap();
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim().to_owned())
    })
}

pub fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, body)| body)
}

/// The answer without its `Date` header, the one part that may differ between two answers.
pub fn without_date(answer: &str) -> String {
    answer
        .split("\r\n")
        .filter(|line| !line.to_ascii_lowercase().starts_with("date:"))
        .collect::<Vec<_>>()
        .join("\r\n")
}

pub const SECURITY_HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-store"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
];

#[track_caller]
pub fn assert_secured(answer: &str) {
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(
            header(answer, name).as_deref(),
            Some(value),
            "{name} in {answer:?}"
        );
    }
}

/// A real HTTP client for the paths a browser takes: no proxy (whatever the environment says,
/// every request stays on 127.0.0.1), statuses as answers rather than errors, and a deadline so
/// no test can hang.
pub fn client() -> ureq::Agent {
    ureq::Agent::config_builder()
        .proxy(None)
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}
