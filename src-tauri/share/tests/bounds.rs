//! What one client, or all of them, can make the server hold: connections, requests, time.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::*;
use rollbook_share::Limits;

/// A connection that has had one answer and stays open (keep-alive), so the server holds it.
fn held_connection(addr: SocketAddr, target: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(stream, "HEAD {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(
            stream.read(&mut byte).unwrap(),
            1,
            "answer cut short: {head:?}"
        );
        head.push(byte[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    stream
}

/// An event stream under way: its connection is busy answering for as long as it is open.
fn open_stream(addr: SocketAddr, target: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(stream, "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(stream.read(&mut byte).unwrap(), 1, "no stream: {head:?}");
        head.push(byte[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    stream
}

/// Whether the server has closed `stream` (read to its end, within the stream's read timeout).
fn closed_by_server(stream: &mut TcpStream) -> bool {
    let mut rest = Vec::new();
    match stream.read_to_end(&mut rest) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

/// Whether the server answers a request on a new connection (false: it closed it unanswered).
fn answered(addr: SocketAddr, target: &str) -> bool {
    !get(addr, target).is_empty()
}

/// Tries `attempt` every 20 ms until it holds; gives up after 30 s (a server that never lets the
/// client in again), however slow the machine.
fn eventually(mut attempt: impl FnMut() -> bool) -> bool {
    (0..1500).any(|_| {
        attempt() || {
            sleep(Duration::from_millis(20));
            false
        }
    })
}

#[test]
fn a_seventeenth_connection_from_a_client_with_sixteen_streams_is_closed_unanswered() {
    let running = Running::start();
    let (addr, state) = (running.addr(), running.path("state"));
    let mut streams: Vec<TcpStream> = (0..16)
        .map(|_| open_stream(addr, &running.path("events")))
        .collect();
    assert!(!answered(addr, &state), "a 17th connection was answered");
    // A stream closed gives its place back.
    streams.pop();
    assert!(eventually(|| answered(addr, &state)));
}

#[test]
fn a_seventeenth_connection_from_a_client_takes_the_place_of_its_longest_idle_one() {
    let mut limits = Limits::default();
    limits.max_idle_per_client = 16;
    let running = Running::start_with(limits);
    let (addr, state) = (running.addr(), running.path("state"));
    let mut held: Vec<TcpStream> = (0..16).map(|_| held_connection(addr, &state)).collect();
    assert!(answered(addr, &state), "a 17th connection was refused");
    assert!(closed_by_server(&mut held[0]), "the longest idle is closed");
    // The others are still open: each answers on the connection it has.
    for stream in &mut held[1..] {
        write!(stream, "HEAD {state} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut answer = [0u8; 12];
        stream.read_exact(&mut answer).unwrap();
        assert_eq!(&answer, b"HTTP/1.1 200");
    }
}

#[test]
fn connections_in_all_are_bounded() {
    let mut limits = Limits::default();
    limits.max_connections = 4;
    let running = Running::start_with(limits);
    let (addr, state) = (running.addr(), running.path("state"));
    let mut streams: Vec<TcpStream> = (0..4)
        .map(|_| open_stream(addr, &running.path("events")))
        .collect();
    assert!(!answered(addr, &state), "a 5th connection was answered");
    streams.pop();
    assert!(eventually(|| answered(addr, &state)));
}

#[test]
fn the_rate_limit_answers_429_after_the_burst() {
    let running = Running::start();
    let (addr, state) = (running.addr(), running.path("state"));
    // Requests until the first 429: the burst of 40, plus what trickled in (20 a second) while
    // sending them, however long that took on this machine.
    let started = Instant::now();
    let mut statuses = Vec::new();
    let mut answer = String::new();
    while statuses.last() != Some(&429) {
        assert!(statuses.len() < 2_000, "no 429 in 2,000 requests");
        answer = get(addr, &state);
        statuses.push(status(&answer));
    }
    let first_429 = statuses.len() - 1;
    let refilled = (started.elapsed().as_secs_f64() * 20.0).ceil() as usize;
    assert!(
        (40..=40 + refilled).contains(&first_429),
        "first 429 at {first_429} ({refilled} refilled meanwhile): {statuses:?}"
    );
    assert!(statuses[..first_429].iter().all(|&status| status == 200));
    // A 429 says when to come back.
    assert!(
        answer
            .to_ascii_lowercase()
            .contains("\r\nretry-after: 1\r\n"),
        "{answer}"
    );
    // Wrong paths count too: guessing costs as much as asking.
    assert_eq!(status(&get(addr, "/p/WRONG/")), 429);
    // The bucket refills: a pause lets requests through again.
    assert!(eventually(|| status(&get(addr, &state)) == 200));
}

/// How long until the server closes `stream`, sending `trickle` every 50 ms meanwhile; `None`
/// when it was still open after 30 s.
fn closed_after(stream: &mut TcpStream, trickle: &[u8]) -> Option<Duration> {
    let start = Instant::now();
    stream
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let mut buf = [0u8; 1024];
    while start.elapsed() < Duration::from_secs(30) {
        if !trickle.is_empty() && stream.write_all(trickle).is_err() {
            return Some(start.elapsed());
        }
        match stream.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => {} // whatever the server says before closing
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Some(start.elapsed()),
        }
    }
    None
}

#[test]
fn clients_that_trickle_headers_or_idle_are_dropped_after_the_header_timeout() {
    let mut limits = Limits::default();
    limits.header_read_timeout = Duration::from_millis(400);
    let running = Running::start_with(limits);
    let addr = running.addr();
    // Never before the timeout (less a little for the clocks' rounding); after it, as soon as
    // the server gets to it, which a loaded machine may delay: 30 s is only the bound that turns
    // "never dropped" into a clear failure.
    let bounds = Duration::from_millis(300)..Duration::from_secs(30);

    // Slowloris: a request line, then a header line every 50 ms, never the blank line.
    let mut slow = TcpStream::connect(addr).unwrap();
    write!(
        slow,
        "GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        running.path("state")
    )
    .unwrap();
    let after = closed_after(&mut slow, b"X-A: b\r\n").expect("slowloris still connected");
    assert!(bounds.contains(&after), "{after:?}");

    // A connection that never says anything.
    let mut idle = TcpStream::connect(addr).unwrap();
    let after = closed_after(&mut idle, b"").expect("idle connection still open");
    assert!(bounds.contains(&after), "{after:?}");

    // A kept-alive connection, idle after its answer.
    let mut kept = held_connection(addr, &running.path("state"));
    let after = closed_after(&mut kept, b"").expect("kept-alive connection still open");
    assert!(bounds.contains(&after), "{after:?}");
}
