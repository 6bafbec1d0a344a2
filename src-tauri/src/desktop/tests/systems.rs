//! The Systems dialog's commands: a file previewed (what it declares, or every problem with its
//! line's text), added, listed, shown with its text, offered by the catalog, and removed, refused
//! while a roster uses it (naming the roster).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::Window;

/// The example `three-bands.toml` under another id, so that tests running side by side in this
/// process (the known systems are the process's) do not meet.
fn three_bands_as(dir: &Path, id: &str) -> PathBuf {
    let example =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../systems/examples/three-bands.toml");
    let text = std::fs::read_to_string(example)
        .unwrap()
        .replace("id = \"three-bands\"", &format!("id = \"{id}\""));
    let path = dir.join(format!("{id}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

fn file_ids(catalog: &Value) -> Vec<String> {
    catalog["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_system_file_is_previewed_added_listed_shown_offered_and_removed() {
    let window = Window::new();
    let dir = tempfile::tempdir().unwrap();
    let id = "window-three-bands";
    let path = three_bands_as(dir.path(), id);
    assert_eq!(window.ok("systems", json!({})), json!([]));

    let preview = window.ok("system_preview", json!({"path": path}));
    assert_eq!(preview["problems"], json!([]));
    assert_eq!(preview["system"]["id"], id);
    assert_eq!(
        preview["system"]["declares"]["sheet"],
        json!(["Stat (number)"])
    );
    assert_eq!(
        window.ok("systems", json!({})),
        json!([]),
        "a preview adds nothing"
    );
    assert!(!file_ids(&window.ok("catalog", json!({}))).contains(&id.to_string()));

    let added = window.ok("system_add", json!({"path": path}));
    assert_eq!(added["added"], true);
    assert_eq!(added["system"]["declares"], preview["system"]["declares"]);
    let listed = window.ok("systems", json!({}));
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], id);
    assert_eq!(listed[0]["rosters"], 0);
    // Quick roll finds it once it reads the catalog again, and its odds are answered.
    assert!(file_ids(&window.ok("catalog", json!({}))).contains(&id.to_string()));
    let odds = window.ok(
        "odds",
        json!({"request": {"system": id, "roll": "move", "bonus": 0}}),
    );
    // 2d6 of 7 or more: 21 of 36.
    assert_eq!(odds["success"], 21.0 / 36.0);

    let shown = window.ok("system_show", json!({"id": id}));
    assert_eq!(shown["system"], listed[0]);
    assert_eq!(shown["source"], std::fs::read_to_string(&path).unwrap());

    let again = window.ok("system_add", json!({"path": path}));
    assert_eq!(again["added"], false, "the same text again changes nothing");

    let gone = window.ok("system_remove", json!({"id": id}));
    assert_eq!(gone[0]["version"], 1);
    assert_eq!(window.ok("systems", json!({})), json!([]));
    assert!(!file_ids(&window.ok("catalog", json!({}))).contains(&id.to_string()));
    let missing = window.err("system_show", json!({"id": id}));
    assert_eq!(missing["code"], "system_not_found");
}

#[test]
fn a_bad_file_previews_every_problem_and_is_refused_with_them() {
    let window = Window::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(
        &path,
        "format = 1\nid = \"window-bad\"\nversion = 1\nname = \"X\"\n[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\nlable = \"M\"\n",
    )
    .unwrap();
    let preview = window.ok("system_preview", json!({"path": path}));
    assert_eq!(preview["system"], Value::Null);
    let problem = &preview["problems"][0];
    assert_eq!(
        (problem["line"].clone(), problem["column"].clone()),
        (json!(9), json!(1))
    );
    assert_eq!(problem["text"], "lable = \"M\"");
    assert_eq!(problem["caret"], 0);
    assert!(problem["message"].as_str().unwrap().contains("`label`"));

    let refused = window.err("system_add", json!({"path": path}));
    assert_eq!(refused["code"], "invalid_system_file");
    let problems = refused["problems"].as_array().unwrap();
    assert_eq!(
        problems.len(),
        preview["problems"].as_array().unwrap().len()
    );
    assert_eq!(problems[0]["path"], "9:1");
    assert_eq!(problems[0]["message"], problem["message"]);
    assert_eq!(window.ok("systems", json!({})), json!([]));

    let nowhere = window.err(
        "system_preview",
        json!({"path": dir.path().join("gone.toml")}),
    );
    assert_eq!(nowhere["code"], "io_error");
    let folder = window.err("system_add", json!({"path": dir.path()}));
    assert_eq!(folder["code"], "not_a_regular_file");
}

#[test]
fn a_system_a_roster_uses_is_not_removed_and_the_roster_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let window = Window::on(&db);
    let id = "window-used";
    window.ok(
        "system_add",
        json!({"path": three_bands_as(dir.path(), id)}),
    );
    // Until the window makes rosters of file systems, one is written as the store keeps it.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "INSERT INTO rosters (id, name, system, system_version, house_rules, position, created_at, updated_at)
         VALUES (?1, 'Friday table', ?2, 1, '{}', 9, 0, 0)",
        rusqlite::params![uuid::Uuid::new_v4().to_string(), id],
    )
    .unwrap();
    drop(conn);
    assert_eq!(window.ok("systems", json!({}))[0]["rosters"], 1);
    let refused = window.err("system_remove", json!({"id": id}));
    assert_eq!(refused["code"], "system_in_use");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("\"Friday table\""),
        "{refused}"
    );
    assert_eq!(window.ok("systems", json!({})).as_array().unwrap().len(), 1);
}
