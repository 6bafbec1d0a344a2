//! A database the window must not touch (written by a newer Rollbook): the window still opens,
//! every command answers the refusal, and the file is left byte for byte as it was.

use std::collections::BTreeMap;
use std::path::Path;

use rollbook_roster::{NewRoster, Store, System, SCHEMA_VERSION};
use serde_json::{json, Value};
use uuid::Uuid;

use super::Window;

/// One call of every command the capability grants, with arguments of the right shape.
fn every_command(dir: &Path) -> Vec<(&'static str, Value)> {
    let id = Uuid::new_v4();
    let request = json!({"system": "d12", "roll": "straight", "ranks": 1});
    let file = dir.join("out.json").display().to_string();
    vec![
        ("app_info", json!({})),
        ("settings", json!({})),
        (
            "settings_save",
            json!({"settings": {"last_view": "rosters"}}),
        ),
        ("backups", json!({})),
        ("backup_now", json!({})),
        (
            "backup_policy_save",
            json!({"policy": {"keep_last": 5, "days": 7, "months": 3}}),
        ),
        (
            "backup_restore",
            json!({"id": "20261125T194501.123Z-manual"}),
        ),
        ("systems", json!({})),
        ("system_preview", json!({"path": file})),
        ("system_add", json!({"path": file})),
        ("system_show", json!({"id": "my-game"})),
        ("system_remove", json!({"id": "my-game"})),
        (
            "system_upgrade_preview",
            json!({"roster_id": "6f1d3a52-3c1e-4d8e-9a43-2b7f1e0c5d11"}),
        ),
        (
            "system_upgrade",
            json!({"roster_id": "6f1d3a52-3c1e-4d8e-9a43-2b7f1e0c5d11", "to": 2}),
        ),
        ("catalog", json!({})),
        ("odds", json!({"request": request})),
        (
            "odds_compare",
            json!({"request": request, "field": "ranks", "values": [0, 1]}),
        ),
        (
            "odds_plan",
            json!({"plan": {"plan": "augmentation", "this": {"system": "universe", "roll": "augmented_save", "pool": 8}}}),
        ),
        (
            "dice_check",
            json!({"expr": "d20+@bonus", "values": {"bonus": 2}}),
        ),
        ("roll", json!({"request": request, "seed": 1})),
        ("roll_dice_asked", json!({"request": request, "dice": [3]})),
        ("saved_rolls", json!({"roster_id": id})),
        ("saved_rolls_search", json!({"query": "fire"})),
        (
            "saved_roll_create",
            json!({"roster_id": id, "roll": {"name": "Fireball", "expr": "8d6"}}),
        ),
        ("saved_roll_update", json!({"id": id, "patch": {}})),
        ("saved_roll_move", json!({"id": id, "index": 0})),
        ("saved_roll_delete", json!({"id": id})),
        ("saved_roll_roll", json!({"id": id})),
        ("rosters", json!({})),
        (
            "roster_create",
            json!({"roster": {"name": "A", "system": "d12"}}),
        ),
        ("roster_update", json!({"id": id, "patch": {"name": "B"}})),
        ("roster_delete", json!({"id": id})),
        ("rosters_reorder", json!({"ids": [id]})),
        ("undo_delete", json!({})),
        ("character_summaries", json!({"roster_id": id})),
        ("character", json!({"id": id})),
        (
            "character_create",
            json!({"roster_id": id, "character": {"name": "Vex"}}),
        ),
        (
            "character_update",
            json!({"id": id, "patch": {"name": "Vex"}}),
        ),
        ("character_duplicate", json!({"id": id})),
        ("characters_delete", json!({"ids": [id]})),
        ("characters_move", json!({"ids": [id], "roster_id": id})),
        (
            "characters_tag",
            json!({"ids": [id], "add": ["party"], "remove": []}),
        ),
        ("search", json!({"query": "vex"})),
        ("sheet_check", json!({"roster_id": id, "sheet": {}})),
        ("sheet_blank", json!({"roster_id": id})),
        ("sheet_rolls", json!({"character_id": id})),
        ("encounters", json!({"roster_id": id})),
        ("encounter", json!({"encounter_id": id})),
        (
            "encounter_create",
            json!({"roster_id": id, "name": "Ambush"}),
        ),
        (
            "encounter_play",
            json!({"encounter_id": id, "action": {"action": "next_turn"}}),
        ),
        (
            "encounter_preview",
            json!({"encounter_id": id, "move": {"system": "genre", "move": "rest"}}),
        ),
        (
            "encounter_dice_asked",
            json!({"encounter_id": id, "action": {"action": "next_turn"}, "dice": []}),
        ),
        ("encounter_undo", json!({"encounter_id": id})),
        ("encounter_log", json!({"encounter_id": id})),
        ("encounter_delete", json!({"encounter_id": id})),
        ("encounter_restore", json!({"encounter_id": id})),
        ("encounter_save_to_sheets", json!({"encounter_id": id})),
        (
            "encounter_keep_as_character",
            json!({"encounter_id": id, "participant_id": id}),
        ),
        ("plans", json!({"roster_id": id})),
        ("plan_save", json!({"encounter_id": id})),
        ("plan_start", json!({"plan_id": id})),
        ("plan_delete", json!({"plan_id": id})),
        ("plan_restore", json!({"plan_id": id})),
        ("encounter_duplicate", json!({"encounter_id": id})),
        ("players_view", json!({})),
        ("players_window_open", json!({"encounter_id": id})),
        ("share_start", json!({"encounter_id": id})),
        ("share_status", json!({})),
        ("share_stop", json!({})),
        ("roll_log", json!({"query": {}})),
        ("roll_log_luck", json!({"query": {}})),
        ("roll_log_clear", json!({"query": {}})),
        (
            "roll_log_export",
            json!({"path": file, "format": "csv", "query": {}}),
        ),
        ("import_preview", json!({"path": file, "mode": "merge"})),
        (
            "import_apply",
            json!({"path": file, "mode": "merge", "on_progress": "__CHANNEL__:1"}),
        ),
        (
            "export_file",
            json!({"path": file, "selection": "all", "format": "json"}),
        ),
        (
            "print_preview",
            json!({"roster_id": id, "character_ids": [], "paper": "a4"}),
        ),
        ("print_preview_print", json!({})),
        ("print_preview_close", json!({})),
    ]
}

/// Every file in `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(entry.path()).unwrap())
        })
        .collect()
}

#[test]
fn every_command_is_listed_here() {
    let capability: Value = serde_json::from_str(include_str!(concat!(
        env!("OUT_DIR"),
        "/capabilities/default.json"
    )))
    .unwrap();
    let granted: Vec<String> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str()?.strip_prefix("allow-"))
        .map(|name| name.replace('-', "_"))
        .collect();
    let listed: Vec<String> = every_command(Path::new("/tmp"))
        .into_iter()
        .map(|(name, _)| name.to_string())
        .collect();
    assert_eq!(granted, listed);
}

#[test]
fn a_newer_database_is_answered_by_every_command_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    {
        let mut store = Store::open(&db).unwrap();
        store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
    }
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    let before = snapshot(dir.path());
    assert_eq!(before.len(), 1, "{:?}", before.keys());

    let window = Window::on(&db);
    for (command, args) in every_command(dir.path()) {
        let error = window.err(command, args);
        assert_eq!(error["code"], "newer_database", "{command}: {error}");
        let message = error["message"].as_str().unwrap();
        assert!(
            message.contains("was written by a newer Rollbook")
                && message.contains("Update Rollbook"),
            "{command}: {message}"
        );
    }
    drop(window);
    assert_eq!(snapshot(dir.path()), before, "the folder changed");
}

#[cfg(unix)]
#[test]
fn a_read_only_database_is_shown_and_a_change_says_read_only() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    if std::fs::metadata(dir.path()).unwrap().uid() == 0 {
        // Root writes through permission bits; the command line's read-only tests run their
        // commands as `nobody` instead (tests/cli_read_only.rs).
        println!("skipped: running as root, a read-only mode does not stop writes");
        return;
    }
    let db = dir.path().join("rollbook.sqlite3");
    {
        let mut store = Store::open(&db).unwrap();
        store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
    }
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = snapshot(dir.path());

    let window = Window::on(&db);
    let rosters = window.rosters();
    assert_eq!(rosters[0]["name"], "Heroes", "{rosters}");
    let error = window.err(
        "roster_create",
        json!({"roster": {"name": "A", "system": "d12"}}),
    );
    assert_eq!(error["code"], "read_only", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("{} is read-only", db.display())),
        "{message}"
    );
    drop(window);
    assert_eq!(snapshot(dir.path()), before, "the folder changed");
}

#[test]
fn the_capability_grants_the_file_dialogs_and_nothing_else_of_the_plugins() {
    let window = Window::new();
    for (command, args) in [
        ("plugin:dialog|message", json!({"message": "hi"})),
        ("plugin:dialog|ask", json!({"message": "hi"})),
        ("plugin:window-state|save_window_state", json!({"flags": 1})),
        (
            "plugin:window-state|restore_state",
            json!({"label": "main", "flags": 1}),
        ),
    ] {
        let error = window.err(command, args);
        let text = error.as_str().unwrap_or_default();
        assert!(text.contains("not allowed"), "{command}: {error}");
    }
}
