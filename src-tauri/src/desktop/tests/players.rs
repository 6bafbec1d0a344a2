//! The players' view through the window's commands (issue 14): the players' window may read the
//! view and nothing else; it shows the encounter the GM opened it on; set_visibility changes what
//! it holds; "Share with the table" serves the same view on loopback and stops.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{json, Value};

use super::Window;

/// A d12 roster with Vex (a PC with notes and a player) and two quick NPCs at the table.
fn table(window: &Window) -> Value {
    let roster = window.ok(
        "roster_create",
        json!({"roster": {"name": "Friday", "system": "d12"}}),
    );
    let vex = window.ok(
        "character_create",
        json!({"roster_id": roster["id"], "character": {
            "name": "Vex", "player": "Sam Okafor", "notes": "Owes the Syndicate a favour"
        }}),
    );
    let encounter = window.ok(
        "encounter_create",
        json!({"roster_id": roster["id"], "name": "Dockside"}),
    );
    for action in [
        json!({"action": "add_characters", "character_ids": [vex["id"]]}),
        json!({"action": "add_npcs", "label": "Thug", "count": 2}),
    ] {
        window.ok(
            "encounter_play",
            json!({"encounter_id": encounter["id"], "action": action}),
        );
    }
    window.ok("encounter", json!({"encounter_id": encounter["id"]}))
}

fn id_of(encounter: &Value, name: &str) -> Value {
    encounter["state"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap()["id"]
        .clone()
}

fn names(view: &Value) -> Vec<&str> {
    view["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect()
}

#[test]
fn the_players_window_reads_the_view_and_may_call_nothing_else() {
    let window = Window::new();
    let encounter = table(&window);
    assert_eq!(
        window.invoke_from("players", "players_view", json!({})),
        Ok(Value::Null),
        "no encounter is shown before the GM opens the window"
    );
    window.ok(
        "players_window_open",
        json!({"encounter_id": encounter["id"]}),
    );
    let view = window
        .invoke_from("players", "players_view", json!({}))
        .unwrap();
    assert_eq!(view["encounter"], "Dockside");
    assert_eq!(names(&view), ["Vex", "Thug 1", "Thug 2"]);
    let text = view.to_string();
    assert!(!text.contains("Sam Okafor") && !text.contains("Syndicate"));

    for (command, args) in [
        ("rosters", json!({})),
        ("encounter", json!({"encounter_id": encounter["id"]})),
        (
            "encounter_play",
            json!({"encounter_id": encounter["id"], "action": {"action": "next_turn"}}),
        ),
        ("share_start", json!({"encounter_id": encounter["id"]})),
        ("plugin:dialog|open", json!({})),
    ] {
        let refused = window
            .invoke_from("players", command, args)
            .expect_err(command);
        assert!(
            refused.as_str().unwrap_or_default().contains("not allowed"),
            "{command}: {refused}"
        );
    }

    // The GM hides Thug 2 and masks Thug 1: the window's view follows.
    window.ok(
        "encounter_play",
        json!({"encounter_id": encounter["id"], "action": {
            "action": "set_visibility", "participant_id": id_of(&encounter, "Thug 2"),
            "visibility": {"hidden": true, "alias": null, "health": null}}}),
    );
    window.ok(
        "encounter_play",
        json!({"encounter_id": encounter["id"], "action": {
            "action": "set_visibility", "participant_id": id_of(&encounter, "Thug 1"),
            "visibility": {"hidden": false, "alias": "Masked figure", "health": "hidden"}}}),
    );
    let view = window
        .invoke_from("players", "players_view", json!({}))
        .unwrap();
    assert_eq!(names(&view), ["Vex", "Masked figure"]);
    assert!(!view.to_string().contains("Thug"));
}

#[test]
fn a_trashed_encounter_is_refused_for_the_players() {
    let window = Window::new();
    let encounter = table(&window);
    window.ok("encounter_delete", json!({"encounter_id": encounter["id"]}));
    let refused = window.err(
        "players_window_open",
        json!({"encounter_id": encounter["id"]}),
    );
    assert_eq!(refused["code"], "in_trash", "{refused}");
    let refused = window.err("share_start", json!({"encounter_id": encounter["id"]}));
    assert_eq!(refused["code"], "in_trash", "{refused}");
}

/// GET `path` on 127.0.0.1: status and body.
fn get(link: &str, path: &str) -> std::io::Result<(u16, String)> {
    let rest = link.strip_prefix("http://").unwrap();
    let (host, tail) = rest.split_once('/').unwrap();
    let mut stream = TcpStream::connect(host)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET /{tail}{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    Ok((status, body.to_string()))
}

#[test]
fn sharing_serves_the_same_view_on_loopback_until_stopped() {
    // Only this test shares; loopback keeps it off every network.
    std::env::set_var(crate::desktop::players::LISTEN_VARIABLE, "127.0.0.1:0");
    let window = Window::new();
    let encounter = table(&window);
    assert_eq!(window.ok("share_status", json!({})), Value::Null);
    let shared = window.ok("share_start", json!({"encounter_id": encounter["id"]}));
    let link = shared["link"].as_str().unwrap().to_string();
    assert!(link.starts_with("http://127.0.0.1:"), "{link}");
    assert!(shared["qr_svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(window.ok("share_status", json!({})), shared);
    // Starting again while sharing keeps the link (and its token).
    assert_eq!(
        window.ok("share_start", json!({"encounter_id": encounter["id"]}))["link"],
        link.as_str()
    );

    let (status, body) = get(&link, "state").unwrap();
    assert_eq!(status, 200, "{body}");
    let view: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(names(&view), ["Vex", "Thug 1", "Thug 2"]);
    let (status, _) = get(&link.replace("/p/", "/p/0"), "state").unwrap();
    assert_eq!(status, 404, "a wrong token");

    window.ok("share_stop", json!({}));
    assert_eq!(window.ok("share_status", json!({})), Value::Null);
    assert!(get(&link, "state").is_err(), "the port is closed");
}
