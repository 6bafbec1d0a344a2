//! `rollbook roster …`, `character …`, `search`, `trash` and `undo` against a temp database.

use crate::common;

use common::Sandbox;

fn names(sandbox: &Sandbox) -> Vec<String> {
    sandbox
        .run(&["--json", "roster", "list"])
        .ok()
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn create_rename_delete_restore_and_undo() {
    let sandbox = Sandbox::new();
    let empty = sandbox.run(&["roster", "list"]).ok();
    assert!(empty.stdout.starts_with("No rosters yet."));
    assert!(!sandbox.db.exists(), "listing must not create the database");

    let created = sandbox
        .run(&[
            "roster",
            "create",
            "Saturday Stunts",
            "--system",
            "stunt",
            "--notes",
            "Weekly",
        ])
        .ok();
    assert!(created
        .stdout
        .starts_with("Created roster \"Saturday Stunts\" (stunt), id "));
    assert!(sandbox.db.exists());
    let shown = sandbox
        .run(&["--json", "roster", "show", "saturday stunts"])
        .ok()
        .json();
    assert_eq!(shown["roster"]["notes"], "Weekly");
    assert_eq!(shown["roster"]["system"], "stunt");
    assert_eq!(shown["characters"], serde_json::json!([]));

    sandbox
        .run(&["roster", "rename", "Saturday Stunts", "Sunday Stunts"])
        .ok();
    assert_eq!(names(&sandbox), ["Sunday Stunts"]);

    let deleted = sandbox.run(&["roster", "delete", "sunday stunts"]).ok();
    assert!(
        deleted.stdout.contains("to the trash"),
        "{}",
        deleted.stdout
    );
    assert!(names(&sandbox).is_empty());
    let trash = sandbox.run(&["trash"]).ok();
    assert!(trash.stdout.contains("Sunday Stunts"), "{}", trash.stdout);

    sandbox.run(&["roster", "restore", "Sunday Stunts"]).ok();
    assert_eq!(names(&sandbox), ["Sunday Stunts"]);

    sandbox.run(&["roster", "delete", "Sunday Stunts"]).ok();
    let undone = sandbox.run(&["undo"]).ok();
    assert_eq!(undone.stdout, "Restored roster \"Sunday Stunts\"\n");
    assert_eq!(names(&sandbox), ["Sunday Stunts"]);
    let err = sandbox.run(&["undo"]).fails(2);
    assert!(err.contains("nothing to undo"), "{err}");
}

#[test]
fn bad_roster_input_exits_2_and_names_the_problem() {
    let sandbox = Sandbox::new();
    let err = sandbox.run(&["roster", "show", "Nope"]).fails(2);
    assert_eq!(err, "rollbook: no roster named \"Nope\"");
    assert!(!sandbox.db.exists());
    let err = sandbox
        .run(&["roster", "create", "   ", "--system", "d12"])
        .fails(2);
    assert!(err.contains("name: is empty"), "{err}");
    sandbox
        .run(&["roster", "create", "Twins", "--system", "d12"])
        .ok();
    sandbox
        .run(&["roster", "create", "twins", "--system", "genre"])
        .ok();
    let err = sandbox.run(&["roster", "delete", "TWINS"]).fails(2);
    assert!(err.contains("matches 2 rosters"), "{err}");
    assert_eq!(names(&sandbox).len(), 2);
}

#[test]
fn emptying_the_trash_needs_yes() {
    let sandbox = Sandbox::seeded();
    sandbox.run(&["roster", "delete", "Pixel Vanguard"]).ok();
    let genre = ["--roster", "Neon Genre Nights", "Rooftop"];
    sandbox
        .run(&[&["encounter", "new"][..], &genre].concat())
        .ok();
    sandbox
        .run(&[&["encounter", "delete"][..], &genre].concat())
        .ok();
    let listed = sandbox.run(&["trash"]).ok().stdout;
    let row = listed
        .lines()
        .find(|l| l.contains("Rooftop"))
        .unwrap_or_default();
    assert!(row.contains("encounter, round 1"), "{listed}");
    let before = sandbox.db_bytes();
    let err = sandbox.run(&["trash", "empty"]).fails(2);
    assert!(
        err.contains("deletes 1 roster, 0 characters and 1 encounter for good"),
        "{err}"
    );
    assert_eq!(sandbox.db_bytes(), before);
    let gone = sandbox
        .run(&["--json", "trash", "empty", "--yes"])
        .ok()
        .json();
    assert_eq!(
        gone,
        serde_json::json!({"rosters": 1, "characters": 4, "encounters": 1})
    );
    assert_eq!(sandbox.run(&["trash"]).ok().stdout, "The trash is empty.\n");
}

#[test]
fn characters_list_show_delete_and_search() {
    let sandbox = Sandbox::seeded();
    let all = sandbox.run(&["--json", "character", "list"]).ok().json();
    assert_eq!(all.as_array().unwrap().len(), 20);
    let heroes = sandbox
        .run(&["character", "list", "--roster", "Friday Night Heroes"])
        .ok();
    assert_eq!(heroes.stdout.lines().count(), 5, "{}", heroes.stdout);

    let vex = sandbox.run(&["character", "show", "vex"]).ok();
    assert!(
        vex.stdout
            .starts_with("Vex\nroster  Friday Night Heroes (d12)\n"),
        "{}",
        vex.stdout
    );
    assert!(
        vex.stdout.contains("Guns        ability  2"),
        "{}",
        vex.stdout
    );
    let vex = sandbox
        .run(&["character", "show", "Vex", "--json"])
        .ok()
        .json();
    assert_eq!(vex["sheet"]["health"]["max"], 12);

    let hits = sandbox
        .run(&["--json", "search", "tag:party", "player:sam"])
        .ok()
        .json();
    assert_eq!(hits.as_array().unwrap().len(), 1);
    assert_eq!(hits[0]["name"], "Vex");
    let none = sandbox.run(&["search", "zzz"]).ok();
    assert_eq!(none.stdout, "No character matches.\n");

    sandbox.run(&["character", "delete", "Vex"]).ok();
    let err = sandbox.run(&["character", "show", "Vex"]).fails(2);
    assert_eq!(err, "rollbook: no character named \"Vex\"");
    sandbox.run(&["undo"]).ok();
    sandbox.run(&["character", "show", "Vex"]).ok();
}

#[test]
#[cfg(target_os = "linux")] // XDG_DATA_HOME is where Linux keeps per-user data
fn the_default_database_is_the_windows_file_in_the_data_directory() {
    let sandbox = Sandbox::new();
    sandbox
        .run_bare(&["roster", "create", "Home", "--system", "marks"])
        .ok();
    let file = sandbox
        .path("home")
        .join(".local/share/app.rollbook.desktop/rollbook.sqlite3");
    assert!(file.exists(), "{}", file.display());
    let listed = sandbox
        .run_bare(&["--db", file.to_str().unwrap(), "--json", "roster", "list"])
        .ok()
        .json();
    assert_eq!(listed[0]["name"], "Home");
}
