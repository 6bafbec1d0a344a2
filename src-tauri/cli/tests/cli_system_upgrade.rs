//! `rollbook system upgrade --roster R`: without --yes it prints what changes for each
//! character and changes nothing; with --yes the roster moves to the newest version, a value
//! the new version refuses kept on the sheet, marked, and carried by export to a fresh database.

use crate::common;

use common::Sandbox;
use serde_json::{json, Value};

/// Version 1 takes Grit 0 to 9; version 2 takes 0 to 5 and adds Luck (default 1).
fn text(version: u32) -> String {
    let (grit_max, luck) = match version {
        1 => (9, ""),
        _ => (
            5,
            "[sheet.luck]\ntype = \"number\"\nlabel = \"Luck\"\nmin = 0\nmax = 3\ndefault = 1\n",
        ),
    };
    format!(
        "format = 1\nid = \"cli-upgrade\"\nversion = {version}\nname = \"Grit\"\n\n\
         [sheet.grit]\ntype = \"number\"\nlabel = \"Grit\"\nmin = 0\nmax = {grit_max}\ndefault = 3\n\n{luck}\n\
         [rolls.go]\nname = \"Go\"\nvalue = \"d6 + @grit\"\ntarget = \"6\"\n"
    )
}

/// A roster file carrying version 1, with Ada at Grit 7.
fn roster_file() -> Value {
    json!({
        "format": "rollbook-roster",
        "version": 1,
        "exported_at": "2026-11-29T00:00:00Z",
        "systems": [{"id": "cli-upgrade", "version": 1, "source": text(1)}],
        "rosters": [{
            "id": "6f1d3a52-3c1e-4d8e-9a43-2b7f1e0c5d11",
            "name": "Gritty",
            "system": "cli-upgrade",
            "system_version": 1,
            "notes": "",
            "house_rules": {},
            "characters": [{
                "id": "0b7e54c6-58d4-4f0e-8f0a-7d1c2b3a4e5f",
                "name": "Ada", "player": "", "kind": "pc", "tags": [], "notes": "",
                "sheet": {"grit": 7}
            }]
        }]
    })
}

fn ada(sandbox: &Sandbox) -> Value {
    sandbox
        .run(&["--json", "character", "show", "Ada"])
        .ok()
        .json()["sheet"]
        .clone()
}

#[test]
fn an_upgrade_is_previewed_then_made_and_its_kept_value_survives_export() {
    let sandbox = Sandbox::new();
    let file = sandbox.path("gritty.json");
    std::fs::write(&file, roster_file().to_string()).unwrap();
    sandbox.run(&["import", &file.display().to_string()]).ok();
    let v2 = sandbox.path("grit-2.toml");
    std::fs::write(&v2, text(2)).unwrap();
    sandbox
        .run(&["system", "add", &v2.display().to_string()])
        .ok();

    sandbox
        .run(&["encounter", "new", "--roster", "Gritty", "Crypt"])
        .ok();

    // The preview: every change told, nothing written.
    let before = sandbox.db_bytes();
    let told = sandbox
        .run(&["system", "upgrade", "--roster", "gritty"])
        .ok()
        .stdout;
    assert!(
        told.starts_with("Gritty: cli-upgrade version 1 → 2 (Grit)\n"),
        "{told}"
    );
    assert!(
        told.contains("  refused  Grit 7: version 2 takes 0 to 5; now 5; kept aside\n"),
        "{told}"
    );
    assert!(told.contains("  added    Luck"), "{told}");
    assert!(
        told.contains("Encounters, each moved to version 2 at its next action (trackers kept within the new maxima): Crypt\n"),
        "{told}"
    );
    assert!(told.contains("Nothing was changed: add --yes"), "{told}");
    let preview = sandbox
        .run(&["--json", "system", "upgrade", "--roster", "Gritty"])
        .ok()
        .json();
    assert_eq!(
        (preview["from"].clone(), preview["to"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(preview["characters"][0]["changes"][0]["kind"], "refused");
    assert_eq!(sandbox.db_bytes(), before, "the preview wrote nothing");
    assert_eq!(ada(&sandbox)["grit"], 7);

    let done = sandbox
        .run(&["--json", "system", "upgrade", "--roster", "Gritty", "--yes"])
        .ok()
        .json();
    assert_eq!(done["roster"]["system_version"], 2);
    let sheet = ada(&sandbox);
    assert_eq!(sheet["grit"], 5);
    assert_eq!(sheet["luck"], 1);
    assert_eq!(sheet["kept-by-upgrade"][0]["value"], 7);
    let again = sandbox
        .run(&["system", "upgrade", "--roster", "Gritty", "--yes"])
        .fails(2);
    assert!(
        again.contains("already uses cli-upgrade version 2"),
        "{again}"
    );
    assert!(sandbox
        .run(&["system", "upgrade", "--roster", "Gritty", "--to", "9"])
        .fails(2)
        .contains("cli-upgrade version 9; it has 1, 2"));
    assert!(sandbox
        .run(&["system", "upgrade", "--roster", "nobody"])
        .fails(2)
        .contains("no roster named \"nobody\""));

    // Another machine: the roster file carries version 2 and the marked value with the sheet.
    let out = sandbox.path("upgraded.json");
    sandbox
        .run(&["export", "--out", &out.display().to_string()])
        .ok();
    let fresh = Sandbox::new();
    fresh.run(&["import", &out.display().to_string()]).ok();
    let carried = ada(&fresh);
    assert_eq!(carried, sheet);
    let rosters = fresh.run(&["--json", "roster", "list"]).ok().json();
    assert_eq!(rosters[0]["system_version"], 2);
}
