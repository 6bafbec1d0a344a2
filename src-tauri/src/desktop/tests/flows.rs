//! What a GM does in the window, command by command, against a real database file: rosters of
//! every system, a character refused an over-limit value, rolls found in the log, an import with
//! its preview, an export compared with what went in.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::Window;

const SYSTEMS: [&str; 5] = ["stunt", "genre", "universe", "marks", "d12"];

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("roster/tests/fixtures")
        .join(name)
}

fn ids(list: &Value) -> Vec<Value> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].clone())
        .collect()
}

/// A roster of each system, in that order.
fn five_rosters(window: &Window) -> Vec<Value> {
    SYSTEMS
        .iter()
        .map(|system| {
            window.ok(
                "roster_create",
                json!({"roster": {"name": format!("Table {system}"), "system": system}}),
            )
        })
        .collect()
}

fn d12_vex(window: &Window, roster: &Value) -> Value {
    window.ok(
        "character_create",
        json!({"roster_id": roster["id"], "character": {
            "name": "Vex", "player": "Sam", "tags": ["party"],
            "sheet": {"abilities": [{"name": "Guns", "ranks": 2}]}
        }}),
    )
}

#[test]
fn a_roster_of_each_system_and_a_character_refused_an_over_limit_value() {
    let window = Window::new();
    let rosters = five_rosters(&window);
    for (roster, system) in rosters.iter().zip(SYSTEMS) {
        assert_eq!(roster["system"], system);
        assert_eq!(roster["character_count"], 0);
        // Every system's blank sheet is a valid new character.
        let blank = window.ok(
            "character_create",
            json!({"roster_id": roster["id"], "character": {"name": "Blank"}}),
        );
        assert!(blank["sheet"].is_object(), "{system}: {blank}");
    }
    let listed = window.rosters();
    assert_eq!(ids(&listed), ids(&Value::from(rosters.clone())));
    assert!(listed
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["character_count"] == 1));

    let vex = d12_vex(&window, &rosters[4]);
    assert_eq!(vex["sheet"]["abilities"][0]["ranks"], 2);
    let refused = window.err(
        "character_update",
        json!({"id": vex["id"], "patch": {"sheet": {"abilities": [{"name": "Guns", "ranks": 5}]}}}),
    );
    assert_eq!(refused["code"], "invalid_sheet");
    assert_eq!(
        refused["problems"],
        json!([{"path": "sheet.abilities[0].ranks", "message": "5 is over the limit of 4"}])
    );
    assert_eq!(window.ok("character", json!({"id": vex["id"]})), vex);

    let renamed = window.ok(
        "character_update",
        json!({"id": vex["id"], "patch": {"name": "Vex Prime", "kind": "npc"}}),
    );
    assert_eq!(renamed["name"], "Vex Prime");
    assert_eq!(renamed["sheet"], vex["sheet"]);
}

#[test]
fn a_roll_for_a_character_is_logged_with_it() {
    let window = Window::new();
    let rosters = five_rosters(&window);
    let vex = d12_vex(&window, &rosters[4]);
    let request = json!({"system": "d12", "roll": "straight", "ranks": 2, "difficulty": 12});
    let rolled = window.ok(
        "roll",
        json!({"request": request, "seed": 7, "character_id": vex["id"]}),
    );
    let quick = window.ok("roll", json!({"request": request, "seed": 7}));
    assert_eq!(rolled["result"], quick["result"], "same seed, same dice");

    let listed = window.ok("roll_log", json!({"query": {"character_id": vex["id"]}}));
    assert_eq!(listed["damaged"], json!([]));
    let log = listed["entries"].clone();
    assert_eq!(log.as_array().unwrap().len(), 1);
    let entry = &log[0];
    assert_eq!(entry["id"], rolled["log_id"]);
    assert_eq!(entry["character_name"], "Vex");
    assert_eq!(entry["roster_id"], rosters[4]["id"]);
    assert_eq!(entry["result"], rolled["result"]);
    let everything = window.ok("roll_log", json!({"query": {}}))["entries"].clone();
    assert_eq!(
        ids(&everything),
        [quick["log_id"].clone(), rolled["log_id"].clone()]
    );

    let mismatch = window.err(
        "roll",
        json!({"request": {"system": "marks", "roll": "pool"}, "character_id": vex["id"]}),
    );
    assert_eq!(mismatch["code"], "system_mismatch");
    assert!(mismatch["message"]
        .as_str()
        .unwrap()
        .contains("Vex of \"Table d12\""));
    let elsewhere = window.err(
        "roll",
        json!({"request": request, "character_id": vex["id"], "roster_id": rosters[0]["id"]}),
    );
    assert_eq!(elsewhere["code"], "not_in_roster");

    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("log.csv");
    let written = window.ok(
        "roll_log_export",
        json!({"path": csv, "format": "csv", "query": {"roster_id": rosters[4]["id"]}}),
    );
    assert_eq!(written, 1);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .contains(",Table d12,Vex,d12,straight,"),
        "{text}"
    );
    assert_eq!(window.ok("roll_log_clear", json!({"query": {}})), 2);
    assert_eq!(
        window.ok("roll_log", json!({"query": {}})),
        json!({"entries": [], "damaged": []})
    );
}

#[test]
fn a_file_is_previewed_then_imported_and_exported_back_the_same() {
    let window = Window::new();
    let own = window.ok(
        "roster_create",
        json!({"roster": {"name": "Mine", "system": "d12"}}),
    );
    let file = fixture("all-systems.json");
    let preview = window.ok("import_preview", json!({"path": file, "mode": "merge"}));
    assert_eq!(preview["roster_counts"]["added"], 5);
    assert_eq!(preview["character_counts"]["added"], 20);
    assert_eq!(window.rosters().as_array().unwrap().len(), 1);

    let applied = window.ok(
        "import_apply",
        json!({"path": file, "mode": "merge", "on_progress": "__CHANNEL__:1"}),
    );
    assert_eq!(applied, preview, "the import did what the preview said");
    let rosters = window.rosters();
    assert_eq!(rosters.as_array().unwrap().len(), 6);
    assert_eq!(rosters[0]["id"], own["id"]);

    let original: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let imported: Vec<Value> = ids(&original["rosters"]);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("back.json");
    let written = window.ok(
        "export_file",
        json!({"path": out, "selection": {"rosters": imported}, "format": "json"}),
    );
    assert_eq!(written, 20);
    let exported: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(exported["format"], original["format"]);
    for (back, sent) in exported["rosters"]
        .as_array()
        .unwrap()
        .iter()
        .zip(original["rosters"].as_array().unwrap())
    {
        assert_eq!(back["id"], sent["id"]);
        assert_eq!(back["name"], sent["name"]);
        assert_eq!(ids(&back["characters"]), ids(&sent["characters"]));
    }
    // Everything the file said is stored as it said: importing the export changes nothing.
    let again = window.ok("import_preview", json!({"path": out, "mode": "merge"}));
    assert_eq!(again["roster_counts"]["skipped"], 5, "{again}");
    assert_eq!(again["character_counts"]["skipped"], 20, "{again}");

    let vex = &exported["rosters"][4]["characters"][0];
    let csv = dir.path().join("one.csv");
    let one = window.ok(
        "export_file",
        json!({"path": csv, "selection": {"characters": [vex["id"]]}, "format": "csv"}),
    );
    assert_eq!(one, 1);
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 2);

    let refused = window.err(
        "import_preview",
        json!({"path": fixture("malformed").join("does-not-exist.json"), "mode": "merge"}),
    );
    assert_eq!(refused["code"], "io_error", "{refused}");
    let unwritable = window.err(
        "export_file",
        json!({"path": dir.path().join("no/such/folder.json"), "selection": "all", "format": "json"}),
    );
    assert_eq!(unwritable["code"], "io_error");
    assert!(unwritable["message"]
        .as_str()
        .unwrap()
        .contains("Pick another folder"));
}

#[test]
fn bulk_actions_tag_move_delete_and_undo() {
    let window = Window::new();
    let rosters = five_rosters(&window);
    let other_d12 = window.ok(
        "roster_create",
        json!({"roster": {"name": "Other", "system": "d12"}}),
    );
    let vex = d12_vex(&window, &rosters[4]);
    let copy = window.ok("character_duplicate", json!({"id": vex["id"]}));
    assert_eq!(copy["name"], "Vex (copy)");
    let both = json!([vex["id"], copy["id"]]);

    let tagged = window.ok(
        "characters_tag",
        json!({"ids": both, "add": ["ally"], "remove": ["PARTY"]}),
    );
    assert_eq!(tagged[0]["tags"], json!(["ally"]));
    assert_eq!(tagged[1]["tags"], json!(["ally"]));
    let hits = window.ok("search", json!({"query": "tag:ally"}));
    assert_eq!(hits.as_array().unwrap().len(), 2);

    let wrong = window.err(
        "characters_move",
        json!({"ids": both, "roster_id": rosters[3]["id"]}),
    );
    assert_eq!(wrong["code"], "system_mismatch");
    let moved = window.ok(
        "characters_move",
        json!({"ids": both, "roster_id": other_d12["id"]}),
    );
    assert!(moved
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["roster_id"] == other_d12["id"]));

    assert_eq!(window.ok("characters_delete", json!({"ids": both})), 2);
    assert_eq!(
        window.ok("character_summaries", json!({"roster_id": other_d12["id"]}))["characters"],
        json!([])
    );
    let restored = window.ok("undo_delete", json!({}));
    assert_eq!(restored["characters"].as_array().unwrap().len(), 2);

    let gone = window.ok("roster_delete", json!({"id": rosters[0]["id"]}));
    assert!(gone["deleted_at"].is_string());
    assert_eq!(window.rosters().as_array().unwrap().len(), 5);
    assert_eq!(
        window.ok("undo_delete", json!({}))["rosters"],
        json!([rosters[0]["id"]])
    );
    assert_eq!(
        window.err("undo_delete", json!({}))["code"],
        "nothing_to_undo"
    );

    let order: Vec<Value> = ids(&window.rosters()).into_iter().rev().collect();
    let reversed = window.ok("rosters_reorder", json!({"ids": order}));
    assert_eq!(ids(&reversed), order);
}

#[test]
fn house_rules_reach_the_catalog_and_the_odds() {
    let window = Window::new();
    let squad = window.ok(
        "roster_create",
        json!({"roster": {"name": "Squad", "system": "stunt"}}),
    );
    let house = json!({"stunt": {"levels": ["Low", "High"], "chart": [[12, 2], [36, 12]]}});
    let updated = window.ok(
        "roster_update",
        json!({"id": squad["id"], "patch": {"house_rules": house}}),
    );
    assert_eq!(updated["house_rules"]["stunt"], house["stunt"]);
    // The numbers left out are RULES.md's rulings.
    assert_eq!(updated["house_rules"]["minor_damage_dice"], 6);
    assert_eq!(updated["house_rules"]["miss_margin"], 3);
    let catalog = window.ok("catalog", json!({"roster_id": squad["id"]}));
    let stunt = catalog["systems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "stunt")
        .unwrap();
    let check = stunt["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["id"] == "check")
        .unwrap();
    assert_eq!(check["fields"][0]["choices"], json!(["Low", "High"]));

    let request = json!({"system": "stunt", "roll": "check", "active": "High", "defending": "Low"});
    let house_odds = window.ok(
        "odds",
        json!({"request": request, "roster_id": squad["id"]}),
    );
    let house_rules: rollbook_rules::HouseRules = serde_json::from_value(house).unwrap();
    let parsed = rollbook_rules::request_from_value(request.clone()).unwrap();
    let expected = rollbook_rules::odds_with(&parsed, &house_rules).unwrap();
    assert_eq!(house_odds, serde_json::to_value(expected).unwrap());
    let ruled = window.err("odds", json!({"request": request}));
    assert_eq!(ruled["code"], "invalid_request", "High is no ruled level");

    let refused = window.err(
        "roster_update",
        json!({"id": squad["id"], "patch": {"house_rules": {"stunt": {"levels": ["Low"], "chart": [[1, 2]]}}}}),
    );
    assert_eq!(refused["code"], "invalid_roster", "{refused}");
    assert!(!refused["problems"].as_array().unwrap().is_empty());
}

#[test]
fn app_info_and_settings_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let roster_id = {
        let window = Window::on(&db);
        let info = window.ok("app_info", json!({}));
        assert_eq!(info["db_path"], db.display().to_string());
        assert_eq!(info["created"], true);
        assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(
            window.ok("settings", json!({})),
            json!({"last_roster_id": null, "last_view": null})
        );
        let roster = window.ok(
            "roster_create",
            json!({"roster": {"name": "Heroes", "system": "d12"}}),
        );
        let saved = window.ok(
            "settings_save",
            json!({"settings": {"last_roster_id": roster["id"], "last_view": "rosters"}}),
        );
        assert_eq!(saved["last_view"], "rosters");
        roster["id"].clone()
    };
    let window = Window::on(&db);
    assert_eq!(window.ok("app_info", json!({}))["created"], false);
    assert_eq!(
        window.ok("settings", json!({})),
        json!({"last_roster_id": roster_id, "last_view": "rosters"})
    );
    let bad = window.err("settings_save", json!({"settings": {"theme": "dark"}}));
    assert_eq!(bad["code"], "invalid_argument");
    assert!(
        bad["message"].as_str().unwrap().starts_with("settings"),
        "{bad}"
    );
}

#[test]
fn a_sheet_is_checked_without_saving_and_offers_its_rolls() {
    let window = Window::new();
    let rosters = five_rosters(&window);
    let vex = d12_vex(&window, &rosters[4]);
    let over = json!({"abilities": [{"name": "Guns", "ranks": 5}]});
    let report = window.ok(
        "sheet_check",
        json!({"roster_id": rosters[4]["id"], "sheet": over}),
    );
    assert_eq!(
        report["problems"],
        json!([{"path": "sheet.abilities[0].ranks", "message": "5 is over the limit of 4"}])
    );
    assert!(report["derived"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["path"] == "abilities"));
    assert_eq!(window.ok("character", json!({"id": vex["id"]})), vex);

    let rolls = window.ok("sheet_rolls", json!({"character_id": vex["id"]}));
    let guns = rolls
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == "abilities[0]")
        .expect("a roll for Guns");
    // What the sheet offers, the window can roll as it is, for the character.
    let rolled = window.ok(
        "roll",
        json!({"request": guns["request"], "seed": 3, "character_id": vex["id"]}),
    );
    assert!(rolled["result"]["outcome"].is_string());
    let unknown = window.err("sheet_rolls", json!({"character_id": rosters[0]["id"]}));
    assert_eq!(unknown["code"], "character_not_found");
}

#[test]
fn the_save_dialogs_refuse_the_open_database_and_what_is_not_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let window = Window::on(&db);
    window.ok(
        "roster_create",
        json!({"roster": {"name": "Mine", "system": "d12"}}),
    );
    let before = std::fs::read(&db).unwrap();
    let wal = dir.path().join("rollbook.sqlite3-wal");
    for path in [&db, &wal] {
        let export = window.err(
            "export_file",
            json!({"path": path, "selection": "all", "format": "json"}),
        );
        assert_eq!(export["code"], "output_is_database", "{export}");
        let log = window.err(
            "roll_log_export",
            json!({"path": path, "format": "csv", "query": {}}),
        );
        assert_eq!(log["code"], "output_is_database", "{log}");
    }
    let folder = window.err(
        "export_file",
        json!({"path": dir.path(), "selection": "all", "format": "json"}),
    );
    assert_eq!(folder["code"], "not_a_regular_file", "{folder}");
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert_eq!(window.rosters().as_array().unwrap().len(), 1);
}

#[test]
fn a_d12_miss_margin_reaches_the_catalog_s_rulings_and_the_odds_and_is_refused_out_of_range() {
    let window = Window::new();
    let heroes = window.ok(
        "roster_create",
        json!({"roster": {"name": "Heroes", "system": "d12"}}),
    );
    let stunt = heroes["house_rules"]["stunt"].clone();
    let served = window.ok("catalog", json!({}))["house_rule_numbers"].clone();
    assert_eq!(served[1]["name"], "miss_margin");
    assert_eq!(
        (served[1]["min"].as_i64(), served[1]["max"].as_i64()),
        (Some(0), Some(10))
    );

    let refused = window.err(
        "roster_update",
        json!({"id": heroes["id"], "patch": {"house_rules": {"stunt": stunt, "miss_margin": 11}}}),
    );
    assert_eq!(refused["code"], "invalid_roster");
    assert_eq!(refused["problems"][0]["path"], "house_rules.miss_margin");

    window.ok(
        "roster_update",
        json!({"id": heroes["id"], "patch": {"house_rules": {"stunt": stunt, "miss_margin": 5}}}),
    );
    let catalog = window.ok("catalog", json!({"roster_id": heroes["id"]}));
    let opposed = catalog["systems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "d12")
        .unwrap()["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["id"] == "opposed")
        .unwrap()
        .clone();
    assert!(
        opposed["rulings"][0]
            .as_str()
            .unwrap()
            .starts_with("House rule: a margin below 5 reaches no row"),
        "{opposed}"
    );
    let request =
        json!({"system": "d12", "roll": "opposed", "attacker_ranks": 1, "defender_ranks": 1});
    let odds = window.ok(
        "odds",
        json!({"request": request, "roster_id": heroes["id"]}),
    );
    let house = rollbook_rules::HouseRules {
        miss_margin: 5,
        ..rollbook_rules::HouseRules::default()
    };
    let parsed = rollbook_rules::request_from_value(request.clone()).unwrap();
    let exact = rollbook_rules::odds_with(&parsed, &house).unwrap();
    assert_eq!(odds["success"].as_f64().unwrap(), exact.success);
    let ruled = window.ok("odds", json!({"request": request}));
    assert!(odds["success"].as_f64().unwrap() < ruled["success"].as_f64().unwrap());
}
