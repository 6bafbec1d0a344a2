//! One damaged record in the window: with Vex's stored sheet broken and Pixel Vanguard's rules
//! system unknown (raw SQL, as a bad disk or a hand edit leaves them), `rosters` and
//! `character_summaries` answer what reads and name each damaged record apart, with the
//! refusal's own code and message and which record it is.

use std::path::PathBuf;

use rusqlite::Connection;
use serde_json::{json, Value};

use super::Window;

#[test]
fn the_lists_answer_what_reads_and_name_each_damaged_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let window = Window::on(&db);
    let fixture =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roster/tests/fixtures/all-systems.json");
    window.ok(
        "import_apply",
        json!({"path": fixture, "mode": "merge", "on_progress": "__CHANNEL__:1"}),
    );
    let rosters = window.rosters();
    let named = |name: &str| -> Value {
        rosters
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {rosters}"))
            .clone()
    };
    let (heroes, pixel) = (named("Friday Night Heroes"), named("Pixel Vanguard"));
    let conn = Connection::open(&db).unwrap();
    let vex: String = conn
        .query_row("SELECT id FROM characters WHERE name = 'Vex'", [], |r| {
            r.get(0)
        })
        .unwrap();
    conn.execute("UPDATE characters SET sheet = '{' WHERE id = ?1", [&vex])
        .unwrap();
    conn.pragma_update(None, "ignore_check_constraints", true)
        .unwrap();
    conn.execute(
        "UPDATE rosters SET system = 'chess' WHERE id = ?1",
        [pixel["id"].as_str().unwrap()],
    )
    .unwrap();

    let listed = window.ok("rosters", json!({}));
    let names: Vec<&str> = listed["rosters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 4, "{names:?}");
    assert!(!names.contains(&"Pixel Vanguard"), "{names:?}");
    let damaged = listed["damaged"].as_array().unwrap();
    assert_eq!(damaged.len(), 1, "{listed}");
    assert_eq!(damaged[0]["code"], "damaged_record");
    assert_eq!(damaged[0]["roster_id"], pixel["id"]);
    assert_eq!(damaged[0]["character_id"], Value::Null);
    let message = damaged[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("roster \"Pixel Vanguard\" (") && message.contains("\"chess\""),
        "{message}"
    );
    // What a command refusing it says, word for word.
    let refused = window.err("character_summaries", json!({"roster_id": pixel["id"]}));
    assert_eq!(refused["message"], damaged[0]["message"]);

    let characters = window.ok("character_summaries", json!({"roster_id": heroes["id"]}));
    let names: Vec<&str> = characters["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.get("name").and_then(Value::as_str).unwrap())
        .collect();
    assert_eq!(names, ["Juno Park", "Brick", "Overseer Kaan"]);
    let damaged = characters["damaged"].as_array().unwrap();
    assert_eq!(damaged.len(), 1, "{characters}");
    assert_eq!(damaged[0]["code"], "damaged_record");
    assert_eq!(damaged[0]["roster_id"], heroes["id"]);
    assert_eq!(damaged[0]["character_id"], vex.as_str());
    let opened = window.err("character", json!({"id": vex}));
    assert_eq!(opened["message"], damaged[0]["message"]);
    assert!(
        opened["message"]
            .as_str()
            .unwrap()
            .starts_with("the character \"Vex\" ("),
        "{opened}"
    );
}
