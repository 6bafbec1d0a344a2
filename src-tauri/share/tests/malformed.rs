//! Requests hyper cannot parse, or whose heads are too big, are answered by hyper itself before
//! any route sees them: a bare 400 or 431 that says nothing (no body, no token, nothing of the
//! view, none of the request echoed back) but the security headers every answer carries, after which the connection is closed and nothing
//! more sent on it is read.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::*;

/// Sends `request` and reads until the server closes the connection, failing if it has not
/// within 30 s (the only bound: a connection left open after a refusal).
fn refused(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => {}
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => panic!(
            "still open 30 s after {:?}: {:?}",
            String::from_utf8_lossy(&request[..request.len().min(80)]),
            String::from_utf8_lossy(&answer)
        ),
        // Closed with the request's rest unread: a reset, after what was answered.
        Err(_) => {}
    }
    String::from_utf8_lossy(&answer).into_owned()
}

/// `answer` is hyper's bare refusal with `code`, and nothing else.
#[track_caller]
fn assert_bare(answer: &str, code: u16, token: &str) {
    assert_eq!(status(answer), code, "{answer}");
    assert_eq!(
        answer.matches("HTTP/1.1 ").count(),
        1,
        "one answer only, nothing sent after it read: {answer}"
    );
    let (head, body) = answer.split_once("\r\n\r\n").expect("a whole head");
    assert_eq!(body, "", "{answer}");
    let mut names: Vec<String> = head
        .lines()
        .skip(1)
        .map(|line| line.split(':').next().unwrap().to_ascii_lowercase())
        .collect();
    names.sort();
    let mut expected: Vec<String> = ["connection", "content-length", "date"]
        .into_iter()
        .chain(SECURITY_HEADERS.iter().map(|(name, _)| *name))
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(names, expected, "{answer}");
    // hyper answers these itself, before any route: they carry the same headers as the rest.
    assert_secured(answer);
    assert_eq!(header(answer, "connection").as_deref(), Some("close"));
    assert_eq!(header(answer, "content-length").as_deref(), Some("0"));
    assert!(!answer.contains(token), "{answer}");
}

#[test]
fn a_request_hyper_cannot_parse_is_a_bare_400_and_the_end_of_its_connection() {
    let running = Running::start_unlimited_rate();
    let (state, token) = (running.path("state"), running.token());
    // Each is followed by a good request under the token, which must never be answered.
    let good = format!("GET {state} HTTP/1.1\r\nHost: x\r\n\r\n");
    let bad = [
        String::from("GARBAGE\r\n\r\n"),
        format!("GET {state}\r\n\r\n"),
        format!("GET {state} x HTTP/1.1\r\nHost: x\r\n\r\n"),
        format!("GET {state} HTTP/9.9\r\nHost: x\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n"),
        format!(
            "GET {state} HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"
        ),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"),
    ];
    for bad in &bad {
        let answer = refused(running.addr(), format!("{bad}{good}").as_bytes());
        assert_bare(&answer, 400, &token);
    }
    // After a good answer on a kept-alive connection, a bad request still ends it bare.
    let answer = refused(
        running.addr(),
        format!("{good}GARBAGE\r\n\r\n{good}").as_bytes(),
    );
    let (first, second) = answer.split_at(answer.find("HTTP/1.1 400").expect(&answer));
    assert_eq!(status(first), 200, "{answer}");
    assert_bare(second, 400, &token);
}

#[test]
fn an_oversized_head_is_a_bare_431_and_the_end_of_its_connection() {
    let running = Running::start_unlimited_rate();
    let (state, token) = (running.path("state"), running.token());
    let good = format!("GET {state} HTTP/1.1\r\nHost: x\r\n\r\n");
    let big = "a".repeat(16 * 1024);
    let many: String = (0..100).map(|i| format!("X-{i}: x\r\n")).collect();
    let oversized = [
        format!("GET {state}/{big} HTTP/1.1\r\nHost: x\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\n\r\n"),
        format!("GET {state} HTTP/1.1\r\nHost: x\r\n{many}\r\n"),
    ];
    for oversized in &oversized {
        let answer = refused(running.addr(), format!("{oversized}{good}").as_bytes());
        assert_bare(&answer, 431, &token);
    }
}
