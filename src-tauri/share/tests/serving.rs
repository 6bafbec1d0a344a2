//! What a phone gets under the right link: the page, the view, and the view's changes as they
//! happen, each with the security headers.

use crate::common;

use std::io::{BufRead, BufReader, Read};

use common::*;

#[test]
fn the_page_its_files_and_the_state_are_served_with_their_types() {
    let running = Running::start();
    let agent = client();

    let mut page = agent.get(running.url("")).call().unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(page.body_mut().read_to_vec().unwrap(), INDEX);

    let mut script = agent.get(running.url("main.js")).call().unwrap();
    assert_eq!(script.status(), 200);
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(script.body_mut().read_to_vec().unwrap(), MAIN_JS);

    let mut index = agent.get(running.url("index.html")).call().unwrap();
    assert_eq!(index.body_mut().read_to_vec().unwrap(), INDEX);

    running.source.set(Ok(r#"{"round":7,"participants":[]}"#));
    let mut state = agent.get(running.url("state")).call().unwrap();
    assert_eq!(state.status(), 200);
    assert_eq!(
        state.headers()["content-type"],
        "application/json; charset=utf-8"
    );
    assert_eq!(
        state.body_mut().read_to_string().unwrap(),
        r#"{"round":7,"participants":[]}"#
    );
}

#[test]
fn a_failing_source_is_a_503_with_its_sentence() {
    let running = Running::start();
    running.source.set(Err("No encounter is open."));
    let answer = get(running.addr(), &running.path("state"));
    assert_eq!(status(&answer), 503);
    assert_eq!(body(&answer), "No encounter is open.\n");
    assert_secured(&answer);
}

#[test]
fn head_answers_the_headers_without_a_body() {
    let running = Running::start();
    let page = request(running.addr(), "HEAD", &running.path(""));
    assert_eq!(status(&page), 200);
    assert_eq!(
        header(&page, "content-length"),
        Some(INDEX.len().to_string())
    );
    assert_eq!(body(&page), "");
    assert_secured(&page);

    let events = request(running.addr(), "HEAD", &running.path("events"));
    assert_eq!(status(&events), 200);
    assert_eq!(
        header(&events, "content-type").as_deref(),
        Some("text/event-stream")
    );
    assert_eq!(body(&events), "");
    assert_secured(&events);

    let agent = client();
    let state = agent.head(running.url("state")).call().unwrap();
    assert_eq!(state.status(), 200);
}

#[test]
fn every_kind_of_answer_carries_the_security_headers() {
    let mut limits = rollbook_share::Limits::default();
    limits.requests_per_second = 1;
    limits.request_burst = 12;
    let running = Running::start_with(limits);
    let addr = running.addr();
    let mut answers = vec![
        get(addr, &running.path("")),
        get(addr, &running.path("main.js")),
        get(addr, &running.path("state")),
        request(addr, "HEAD", &running.path("events")),
        get(addr, "/"),
        get(addr, "/p/WRONG/"),
        request(addr, "POST", &running.path("state")),
        raw(
            addr,
            format!(
                "GET {} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 1\r\n\r\nx",
                running.path("state")
            )
            .as_bytes(),
        ),
    ];
    // The event stream, whose own Cache-Control the server replaces.
    let stream = client().get(running.url("events")).call().unwrap();
    assert_eq!(stream.status(), 200);
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(stream.headers()[name], value, "{name}");
    }
    drop(stream);
    running.source.set(Err("No encounter is open."));
    answers.push(get(addr, &running.path("state")));
    // Past the burst: a 429.
    let limited = (0..20)
        .map(|_| get(addr, &running.path("")))
        .find(|answer| status(answer) == 429)
        .expect("the rate limit answers 429 past the burst");
    answers.push(limited);
    let statuses: Vec<u16> = answers.iter().map(|answer| status(answer)).collect();
    assert_eq!(statuses, [200, 200, 200, 200, 404, 404, 405, 413, 503, 429]);
    for answer in &answers {
        assert_secured(answer);
    }
}

/// The next server-sent event (type, data) on `reader`, skipping keep-alive comments; `None` at
/// the end of the stream.
fn next_event(reader: &mut impl BufRead) -> Option<(String, String)> {
    let (mut kind, mut data) = (String::new(), String::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 {
            return None;
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if !kind.is_empty() || !data.is_empty() {
                return Some((kind, data));
            }
        } else if let Some(value) = line.strip_prefix("event:") {
            kind = value.trim_start().to_owned();
        } else if let Some(value) = line.strip_prefix("data:") {
            data = value.trim_start().to_owned();
        }
    }
}

#[test]
fn the_event_stream_sends_the_view_at_once_then_each_change_then_stopped() {
    let mut running = Running::start();
    running.source.set(Ok(r#"{"round":1}"#));
    let response = client().get(running.url("events")).call().unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut events = BufReader::new(response.into_body().into_reader());

    assert_eq!(
        next_event(&mut events),
        Some(("view".into(), r#"{"round":1}"#.into()))
    );
    // Nudges with nothing changed send nothing: the next event is the change itself.
    for _ in 0..3 {
        running.share().changed();
    }
    running.source.set(Ok(r#"{"round":2}"#));
    running.share().changed();
    assert_eq!(
        next_event(&mut events),
        Some(("view".into(), r#"{"round":2}"#.into()))
    );

    // Stopping sends `stopped`, then ends the stream.
    let share = running.share.take().unwrap();
    let stopping = running.rt.spawn(share.stop());
    assert_eq!(
        next_event(&mut events),
        Some(("stopped".into(), "stopped".into()))
    );
    let mut rest = Vec::new();
    events.read_to_end(&mut rest).unwrap();
    assert!(rest.is_empty(), "{rest:?}");
    running.rt.block_on(stopping).unwrap();
}

#[test]
fn streams_share_one_view_and_a_new_one_starts_from_the_current_view() {
    let running = Running::start();
    let agent = client();
    let open = || {
        let response = agent.get(running.url("events")).call().unwrap();
        BufReader::new(response.into_body().into_reader())
    };
    let mut first = open();
    assert_eq!(next_event(&mut first).unwrap().1, r#"{"round":1}"#);
    running.source.set(Ok(r#"{"round":3}"#));
    running.share().changed();
    assert_eq!(next_event(&mut first).unwrap().1, r#"{"round":3}"#);
    let mut second = open();
    assert_eq!(next_event(&mut second).unwrap().1, r#"{"round":3}"#);
    // Without a nudge the poller finds the change on its own.
    running.source.set(Ok(r#"{"round":4}"#));
    assert_eq!(next_event(&mut first).unwrap().1, r#"{"round":4}"#);
    assert_eq!(next_event(&mut second).unwrap().1, r#"{"round":4}"#);
}
