//! Slow clients do not lock the table out: connections that never finish a request's head, from
//! a few addresses or from more than the server has places for, leave a phone room to get its
//! page, and the ones that gave way for it were the longest idle.
//!
//! Linux only: 127.0.0.2, 127.0.0.3… are loopback addresses there (one per misbehaving device),
//! and `/proc/net/tcp` shows when the server has taken every connection it was offered.
#![cfg(target_os = "linux")]

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::thread::sleep;
use std::time::{Duration, Instant};

use common::*;
use rollbook_share::Limits;

/// The server's own bounds, with a header timeout far past the test's length: whatever lets the
/// phone in, it is not slow connections timing out.
fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.header_read_timeout = Duration::from_secs(600);
    limits
}

/// A connection from `from` that has sent the start of a request line and nothing more.
fn slow_connection(running: &Running, from: Ipv4Addr) -> TcpStream {
    let to = running.addr();
    let stream = running.rt.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::new(IpAddr::V4(from), 0)).unwrap();
        socket.connect(to).await.unwrap().into_std().unwrap()
    });
    stream.set_nonblocking(false).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    (&stream).write_all(b"GET /p/").unwrap();
    stream
}

/// `count` slow connections from each of `addresses` (127.0.0.2 on), oldest first, once the
/// server has taken every one of them off its listening socket, in that order.
fn slow_connections(running: &Running, addresses: u8, count: usize) -> Vec<TcpStream> {
    let slow: Vec<TcpStream> = (0..addresses)
        .flat_map(|address| std::iter::repeat_n(Ipv4Addr::new(127, 0, 0, 2 + address), count))
        .map(|from| {
            let stream = slow_connection(running, from);
            // In the listening socket's queue before the next one: the order the server sees.
            wait_until(running.addr(), |_, half_open| half_open == 0);
            stream
        })
        .collect();
    // The one accept loop has taken all of them, in order: a connection made now comes after.
    wait_until(running.addr(), |queued, half_open| {
        queued == 0 && half_open == 0
    });
    slow
}

/// Waits until `done(queued, half_open)` holds for the server's side of `addr`: the
/// connections waiting in its listening socket's queue, and those whose handshake's last step
/// is not in yet.
fn wait_until(addr: SocketAddr, done: impl Fn(usize, usize) -> bool) {
    let IpAddr::V4(ip) = addr.ip() else {
        unreachable!()
    };
    let local = format!(
        "{:08X}:{:04X}",
        u32::from_ne_bytes(ip.octets()),
        addr.port()
    );
    let started = Instant::now();
    loop {
        let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
        let mut listening = None;
        let mut half_open = 0;
        for line in table.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields[1] != local {
                continue;
            }
            match fields[3] {
                // LISTEN: its `rx_queue` is the accept queue's length.
                "0A" => {
                    let queue = fields[4].split(':').nth(1).unwrap();
                    listening = Some(usize::from_str_radix(queue, 16).unwrap());
                }
                // SYN_RECV.
                "03" => half_open += 1,
                _ => {}
            }
        }
        let queued = listening.expect("the listening socket in /proc/net/tcp");
        if done(queued, half_open) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "after 30 s, {queued} connections still queued and {half_open} half-open"
        );
        sleep(Duration::from_millis(5));
    }
}

/// The phone: a real HTTP client from 127.0.0.1 with the link, which must get the page. Its
/// deadline (`client`, 30 s) only turns "never" into a failure; the time taken is printed.
fn phone_gets_the_page(running: &Running) {
    let started = Instant::now();
    let mut page = client()
        .get(running.url(""))
        .call()
        .expect("the phone got no answer");
    assert_eq!(page.status(), 200);
    assert_eq!(page.body_mut().read_to_vec().unwrap(), INDEX);
    println!("the phone had its page in {:?}", started.elapsed());
}

/// Whether the server still holds `stream`: it finishes its request (a 404, no token) and reads
/// the answer. A connection that gave way reads nothing: the server closed it.
fn still_held(mut stream: TcpStream) -> bool {
    // A closed connection may refuse the write; what it reads says the same.
    let _ = stream.write_all(b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => {}
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            panic!("neither answered nor closed in 30 s")
        }
        Err(_) => {} // reset: closed with our bytes unread
    }
    if answer.is_empty() {
        return false;
    }
    assert!(
        answer.starts_with(b"HTTP/1.1 404"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    true
}

#[test]
fn sixty_four_slow_connections_from_four_addresses_leave_room_for_a_phone() {
    let running = Running::start_with(limits());
    // As many as the server has places, 16 from each address (its bound per address).
    let slow = slow_connections(&running, 4, 16);
    phone_gets_the_page(&running);
    // Each address kept only its newest idle connections (8, `max_idle_per_client`): its own
    // older ones gave way as it opened more.
    let held: Vec<bool> = slow.into_iter().map(still_held).collect();
    for (address, held) in held.chunks(16).enumerate() {
        assert_eq!(
            held,
            [[false; 8], [true; 8]].concat(),
            "127.0.0.{}",
            address + 2
        );
    }
}

#[test]
fn more_slow_connections_than_places_leave_room_for_a_phone() {
    let running = Running::start_with(limits());
    // 80 from 10 addresses, 8 each (within the bound per address): 16 more than the 64 places.
    let slow = slow_connections(&running, 10, 8);
    phone_gets_the_page(&running);
    // The 16 past the places and the phone each took the place of the longest idle: the 17
    // oldest gave way, the 63 newest are held.
    let held: Vec<bool> = slow.into_iter().map(still_held).collect();
    let given_way: Vec<usize> = (0..held.len()).filter(|&i| !held[i]).collect();
    assert_eq!(given_way, (0..17).collect::<Vec<_>>());
}
