//! Nothing answers without the token, and every way of spelling something else is the same 404.

use crate::common;

use common::*;

#[test]
fn every_path_trick_gets_the_identical_404() {
    let running = Running::start_unlimited_rate();
    let addr = running.addr();
    let t = running.token();
    let reference = without_date(&get(addr, "/"));
    assert_eq!(status(&reference), 404);
    assert_eq!(body(&reference), "Not found\n");
    assert_secured(&reference);

    // A token's letters in upper case, all of them and only the first (a token of digits only,
    // one in three million, has no other case to try).
    let upper = t.to_uppercase();
    let first_letter = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(0);
    let mut first_upper = t.clone();
    first_upper.replace_range(
        first_letter..=first_letter,
        &t[first_letter..=first_letter].to_uppercase(),
    );
    let short = &t[..t.len() - 1];
    let long = format!("{t}0");
    let encoded_first = format!("%{:02X}{}", t.as_bytes()[0], &t[1..]);
    let port = addr.port();
    let targets = [
        format!("/p/{t}/../x"),
        format!("/p/{t}/.."),
        format!("/p/{t}/."),
        format!("/p/{t}/%2e%2e/"),
        format!("/p/{t}/%2E%2E/state"),
        format!("/p/{t}/%73tate"),
        format!("/p/{t}/state%00"),
        format!("/p/{encoded_first}/"),
        format!("/p/{t}%2f"),
        format!("/p/{t}%2Fstate"),
        format!("/p/{t}//state"),
        format!("/p/{t}/./state"),
        format!("/p/{t}/x/../state"),
        format!("/p/{t}/state?x=1"),
        format!("/p/{t}/state?"),
        // A fragment never leaves a browser, but a raw client can send one.
        format!("/p/{t}/state#x"),
        format!("/p/{t}/state#"),
        format!("/p/{t}/#"),
        format!("/p/{t}/main.js#x"),
        format!("/p/{t}#/state"),
        format!("/p/{t}/?x"),
        format!("/p/{t}/state/"),
        format!("/p/{t}/events/"),
        format!("/p/{t}/STATE"),
        format!("/p/{t}/index.html/"),
        format!("/p/{t}/Main.js"),
        format!("/p/{t}/main.js."),
        format!("/p/{t}/.env"),
        format!("/p/{t}/main.js\\"),
        format!("/p/{t}\\state"),
        format!("/p/{t}/..\\x"),
        format!("/p/{t}"),
        format!("//p/{t}/"),
        format!("/p//{t}/"),
        format!("/x/p/{t}/"),
        format!("/P/{t}/"),
        format!("/p/{upper}/"),
        format!("/p/{first_upper}/"),
        format!("/p/{short}/"),
        format!("/p/{long}/"),
        format!("/p/{t}0/state"),
        format!("http://127.0.0.1:{port}/p/{t}/"),
        format!("http://127.0.0.1:{port}/p/{t}/state"),
        String::from("/p/WRONG/"),
        String::from("/p/00000000000000000000000000000000/"),
        String::from("/p/"),
        String::from("/p"),
        String::from("/favicon.ico"),
        String::from("/index.html"),
        String::from("/state"),
        String::from("*"),
    ];
    for target in &targets {
        let answer = without_date(&get(addr, target));
        assert_eq!(answer, reference, "GET {target}");
        let answer = without_date(&request(addr, "HEAD", target));
        assert_eq!(status(&answer), 404, "HEAD {target}");
        assert_secured(&answer);
    }
    // Every one of those was a near miss of something served.
    assert_eq!(status(&get(addr, &running.path(""))), 200);
    assert_eq!(status(&get(addr, &running.path("state"))), 200);
    assert_eq!(status(&get(addr, &running.path("main.js"))), 200);
}

#[test]
fn other_methods_get_405_with_allow_under_the_token_and_404_without() {
    let running = Running::start_unlimited_rate();
    let addr = running.addr();
    let not_found = without_date(&get(addr, "/"));
    for method in [
        "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "CONNECT", "BREW",
    ] {
        for rest in ["", "state", "events", "main.js"] {
            let answer = request(addr, method, &running.path(rest));
            assert_eq!(status(&answer), 405, "{method} {rest}: {answer}");
            assert_eq!(header(&answer, "allow").as_deref(), Some("GET, HEAD"));
            assert_secured(&answer);
        }
        for target in ["/p/WRONG/state", "/", "/p/"] {
            let answer = without_date(&request(addr, method, target));
            assert_eq!(answer, not_found, "{method} {target}");
        }
    }
}

#[test]
fn a_request_body_is_refused_with_413_under_the_token_405_with_another_method_and_404_without() {
    let running = Running::start_unlimited_rate();
    let addr = running.addr();
    let state = running.path("state");
    let with_length = |method: &str, target: &str| {
        raw(
            addr,
            format!(
                "{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
                 Content-Length: 5\r\n\r\nhello"
            )
            .as_bytes(),
        )
    };
    let chunked = |target: &str| {
        raw(
            addr,
            format!(
                "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
                 Transfer-Encoding: chunked\r\n\r\n\
                 5\r\nhello\r\n0\r\n\r\n"
            )
            .as_bytes(),
        )
    };
    for answer in [with_length("GET", &state), chunked(&state)] {
        assert_eq!(status(&answer), 413, "{answer}");
        assert_secured(&answer);
    }
    // Another method with a body is told what is served: the method is the first thing wrong.
    for answer in [
        with_length("POST", &state),
        with_length("PUT", &running.path("")),
    ] {
        assert_eq!(status(&answer), 405, "{answer}");
        assert_eq!(header(&answer, "allow").as_deref(), Some("GET, HEAD"));
        assert_eq!(header(&answer, "connection").as_deref(), Some("close"));
        assert_secured(&answer);
    }
    let not_found = without_date(&get(addr, "/"));
    for answer in [with_length("POST", "/p/WRONG/state"), chunked("/p/WRONG/")] {
        assert_eq!(status(&answer), 404, "{answer}");
        assert_eq!(without_date(&answer), not_found);
    }
}

#[test]
fn a_request_with_a_body_is_the_last_its_connection_answers() {
    let running = Running::start_unlimited_rate();
    let state = running.path("state");
    // The body is never read, so whatever follows it is not taken for a request: not even one
    // under the token, pipelined after a body that hides another.
    let hidden = format!("GET {state} HTTP/1.1\r\nHost: x\r\n\r\n");
    for target in ["/p/WRONG/", state.as_str()] {
        let answer = raw(
            running.addr(),
            format!(
                "POST {target} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{hidden}{hidden}",
                hidden.len()
            )
            .as_bytes(),
        );
        assert_eq!(answer.matches("HTTP/1.1 ").count(), 1, "{answer}");
        assert!([404, 405].contains(&status(&answer)), "{answer}");
        assert_eq!(header(&answer, "connection").as_deref(), Some("close"));
    }
}
