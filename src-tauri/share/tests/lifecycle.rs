//! The port is held only while sharing; each start is a new secret; failures say what to do.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv6Addr, SocketAddr, TcpListener};
use std::sync::Arc;

use common::*;
use rollbook_share::{lan_address, Share};

fn port_is_free(addr: SocketAddr) -> bool {
    TcpListener::bind(addr).is_ok()
}

#[test]
fn the_port_is_free_once_stop_returns() {
    let mut running = Running::start();
    let addr = running.addr();
    assert!(
        !port_is_free(addr),
        "the server holds its port while running"
    );
    // A client that keeps a stream open does not keep the port.
    let stream = client().get(running.url("events")).call().unwrap();
    running.stop();
    assert!(port_is_free(addr));
    drop(stream);
}

#[test]
fn the_port_is_free_as_soon_as_the_share_is_dropped() {
    let mut running = Running::start();
    let addr = running.addr();
    let response = client().get(running.url("events")).call().unwrap();
    let mut events = BufReader::new(response.into_body().into_reader());
    let mut line = String::new();
    events.read_line(&mut line).unwrap();
    assert_eq!(line, "event: view\n");

    drop(running.share.take());
    assert!(port_is_free(addr));
    // The stream still hears that sharing stopped, then ends (bounded: the client's deadline).
    let rest: Vec<String> = events.lines().map(Result::unwrap).collect();
    assert!(rest.iter().any(|line| line == "event: stopped"), "{rest:?}");
}

#[test]
fn each_start_has_a_new_token_and_old_links_die_with_the_old_share() {
    let mut first = Running::start();
    let (addr, old_token) = (first.addr(), first.token());
    assert_eq!(old_token.len(), 32);
    first.stop();

    let share = first
        .rt
        .block_on(Share::start(addr, first.source.clone(), ASSETS))
        .expect("the same port again");
    let new_token = share.token().to_owned();
    assert_ne!(new_token, old_token);
    assert_eq!(status(&get(addr, &format!("/p/{old_token}/state"))), 404);
    assert_eq!(status(&get(addr, &format!("/p/{new_token}/state"))), 200);
    first.rt.block_on(share.stop());

    let other = Running::start();
    assert_ne!(other.token(), new_token);
}

#[test]
fn the_link_names_host_port_and_token() {
    let running = Running::start();
    let (port, token) = (running.addr().port(), running.token());
    assert_eq!(
        running.share().link(LOCALHOST),
        format!("http://127.0.0.1:{port}/p/{token}/")
    );
    assert_eq!(
        running.share().link(IpAddr::V6(Ipv6Addr::LOCALHOST)),
        format!("http://[::1]:{port}/p/{token}/")
    );
    // The link is what the server serves.
    assert_eq!(
        client()
            .get(running.share().link(LOCALHOST))
            .call()
            .unwrap()
            .status(),
        200
    );
}

#[test]
fn a_taken_port_or_a_foreign_address_is_an_error_the_gm_can_act_on() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let taken = TcpListener::bind((LOCALHOST, 0)).unwrap();
    let addr = taken.local_addr().unwrap();
    let source = Arc::new(TestSource(std::sync::Mutex::new(Ok(String::new()))));
    let error = rt
        .block_on(Share::start(addr, source.clone(), ASSETS))
        .err()
        .expect("the port is taken");
    assert_eq!(error.code(), "address_in_use");
    assert_eq!(
        error.to_string(),
        format!(
            "port {} is in use by another program; pick another or leave the port empty",
            addr.port()
        )
    );

    // 192.0.2.1 is reserved for documentation: never an address of this machine.
    let foreign: SocketAddr = "192.0.2.1:0".parse().unwrap();
    let error = rt
        .block_on(Share::start(foreign, source, ASSETS))
        .err()
        .expect("not our address");
    assert_eq!(error.code(), "invalid_address");
    assert!(error
        .to_string()
        .starts_with("192.0.2.1 is not an address of this computer"));
}

#[test]
fn the_lan_address_is_never_loopback() {
    // A machine with no network has none; one with a network gives an address phones can reach.
    if let Some(ip) = lan_address() {
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
    }
}
