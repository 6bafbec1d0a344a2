//! `rollbook import` and `rollbook export` with the roster crate's fixtures: the dry run writes
//! nothing, a round trip gives the fixture back, every malformed file is refused with its own
//! message and exit status 2, leaving the database byte-for-byte as it was.

use crate::common;

use std::collections::HashSet;

use common::{fixture, fixture_str, without_exported_at, Sandbox};

const FIXTURES: [&str; 6] = [
    "stunt.json",
    "genre.json",
    "universe.json",
    "marks.json",
    "d12.json",
    "all-systems.json",
];

#[test]
fn a_dry_run_previews_and_writes_nothing() {
    // No database yet: the preview must not create one.
    let fresh = Sandbox::new();
    let preview = fresh
        .run(&["import", &fixture_str("d12.json"), "--dry-run"])
        .ok();
    assert!(
        preview.stdout.starts_with("Dry run, nothing was written."),
        "{}",
        preview.stdout
    );
    assert!(preview
        .stdout
        .contains("merge: 1 roster (1 added, 0 updated, 0 skipped), 4 characters (4 added, 0 updated, 0 skipped)"));
    assert!(!fresh.db.exists());

    // An existing database: byte-for-byte unchanged, whatever the mode.
    let sandbox = Sandbox::seeded();
    sandbox.run(&["character", "delete", "Vex"]).ok();
    let before = sandbox.db_bytes();
    for mode in ["merge", "replace", "copy"] {
        let plan = sandbox
            .run(&[
                "--json",
                "import",
                &fixture_str("all-systems.json"),
                "--mode",
                mode,
                "--dry-run",
            ])
            .ok()
            .json();
        assert_eq!(plan["dry_run"], true);
        assert_eq!(plan["mode"], mode);
        assert_eq!(sandbox.db_bytes(), before, "{mode}");
        match mode {
            "copy" => assert_eq!(plan["character_counts"]["added"], 20),
            _ => {
                // Vex is in the trash: the file brings it back.
                assert_eq!(plan["character_counts"]["updated"], 1, "{mode}");
                assert_eq!(plan["character_counts"]["skipped"], 19, "{mode}");
            }
        }
    }
    let text = sandbox
        .run(&["import", &fixture_str("all-systems.json"), "--dry-run"])
        .ok()
        .stdout;
    assert!(text.contains("update  Vex"), "{text}");
    assert_eq!(sandbox.db_bytes(), before);
}

#[test]
fn import_then_export_gives_each_fixture_back() {
    for name in FIXTURES {
        let sandbox = Sandbox::new();
        let imported = sandbox.run(&["import", &fixture_str(name)]).ok();
        assert!(
            imported.stdout.starts_with("Imported "),
            "{}",
            imported.stdout
        );
        let out = sandbox.path("out.json");
        sandbox
            .run(&["export", "--out", out.to_str().unwrap()])
            .ok();
        let exported = std::fs::read_to_string(&out).unwrap();
        let original = std::fs::read_to_string(fixture(name)).unwrap();
        assert_eq!(
            without_exported_at(&exported),
            without_exported_at(&original),
            "{name}"
        );
        // Importing it again changes nothing.
        let again = sandbox
            .run(&["--json", "import", out.to_str().unwrap()])
            .ok()
            .json();
        assert_eq!(again["roster_counts"]["added"], 0);
        assert_eq!(again["character_counts"]["updated"], 0);
    }
}

#[test]
fn export_picks_rosters_by_name_and_writes_to_stdout() {
    let sandbox = Sandbox::seeded();
    let out = sandbox.path("two.json");
    let done = sandbox
        .run(&[
            "export",
            "--roster",
            "friday night heroes",
            "--roster",
            "Pixel Vanguard",
            "--out",
            out.to_str().unwrap(),
        ])
        .ok();
    assert_eq!(
        done.stdout,
        format!(
            "Exported 2 rosters, 8 characters to {} (json)\n",
            out.display()
        )
    );
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    // In their stored order, whatever the order given.
    assert_eq!(file["rosters"][0]["name"], "Pixel Vanguard");
    assert_eq!(file["rosters"][1]["name"], "Friday Night Heroes");

    let piped = sandbox.run(&["export", "--out", "-"]).ok();
    let file: serde_json::Value = serde_json::from_str(&piped.stdout).unwrap();
    assert_eq!(file["rosters"].as_array().unwrap().len(), 5);

    let err = sandbox
        .run(&["export", "--roster", "Nope", "--out", out.to_str().unwrap()])
        .fails(2);
    assert_eq!(err, "rollbook: no roster named \"Nope\"");
}

#[test]
fn csv_export_has_a_header_and_one_row_per_character() {
    let sandbox = Sandbox::seeded();
    let out = sandbox.path("characters.csv");
    let done = sandbox
        .run(&["--json", "export", "--out", out.to_str().unwrap()])
        .ok()
        .json();
    assert_eq!(done["format"], "csv");
    assert_eq!(done["characters"], 20);
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("roster,roster_id,system,id,name,player,kind,tags,notes,sheet."));
    assert_eq!(lines.count(), 20);

    let one = sandbox
        .run(&[
            "export",
            "--roster",
            "Friday Night Heroes",
            "--format",
            "csv",
            "--out",
            "-",
        ])
        .ok();
    assert_eq!(one.stdout.lines().count(), 5);
    assert!(one.stdout.contains("sheet.abilities.Guns.ranks"));
}

#[test]
fn every_malformed_file_exits_2_with_its_message_and_changes_nothing() {
    let sandbox = Sandbox::seeded();
    let before = sandbox.db_bytes();
    let dir = fixture("malformed");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 30);
    let mut messages = HashSet::new();
    for file in &files {
        for dry_run in [true, false] {
            let mut args = vec!["import", file.to_str().unwrap()];
            if dry_run {
                args.push("--dry-run");
            }
            let err = sandbox.run(&args).fails(2);
            assert!(
                err.starts_with("rollbook: the file was not imported"),
                "{}: {err}",
                file.display()
            );
            // One problem: one line. Several: a headline, then one line per problem.
            let lines: Vec<&str> = err.lines().collect();
            if lines.len() > 1 {
                assert!(lines[0].ends_with("problems):"), "{err}");
                assert!(lines[1..].iter().all(|l| l.starts_with("  ")), "{err}");
            }
            messages.insert(err);
            assert_eq!(sandbox.db_bytes(), before, "{}", file.display());
        }
    }
    // Each file has its own message (dry run or not, the message is the same).
    assert_eq!(messages.len(), files.len());

    let many = sandbox
        .run(&["import", &fixture_str("malformed/41-many-problems.json")])
        .fails(2);
    assert!(
        many.contains(
            "\n  rosters[0].characters[0].sheet.abilities[0].ranks: 9 is over the limit of 4"
        ),
        "{many}"
    );

    let json = sandbox.run(&[
        "--json",
        "import",
        &fixture_str("malformed/31-d12-ranks-over-4.json"),
    ]);
    assert_eq!(json.code, 2);
    let error: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    assert_eq!(error["error"]["code"], "import_refused");
    assert_eq!(
        error["error"]["problems"][0]["path"],
        "rosters[0].characters[0].sheet.abilities[0].ranks"
    );
    assert_eq!(sandbox.db_bytes(), before);
}

#[test]
fn a_missing_file_is_bad_input_and_creates_no_database() {
    let sandbox = Sandbox::new();
    let err = sandbox.run(&["import", "nowhere.json"]).fails(2);
    assert!(err.starts_with("rollbook: nowhere.json: "), "{err}");
    assert!(!sandbox.db.exists());
}

#[test]
fn replace_sends_left_out_characters_to_the_trash() {
    let sandbox = Sandbox::seeded();
    let d12 = sandbox.path("d12-smaller.json");
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("d12.json")).unwrap()).unwrap();
    file["rosters"][0]["characters"]
        .as_array_mut()
        .unwrap()
        .retain(|c| c["name"] != "Brick");
    std::fs::write(&d12, file.to_string()).unwrap();
    let preview = sandbox
        .run(&[
            "import",
            d12.to_str().unwrap(),
            "--mode",
            "replace",
            "--dry-run",
        ])
        .ok();
    assert!(
        preview.stdout.contains("trash   Brick"),
        "{}",
        preview.stdout
    );
    sandbox
        .run(&["import", d12.to_str().unwrap(), "--mode", "replace"])
        .ok();
    let trash = sandbox.run(&["--json", "trash"]).ok().json();
    assert_eq!(trash["characters"][0]["name"], "Brick");
}

#[test]
fn a_large_import_is_quiet_when_stderr_is_not_a_terminal() {
    let sandbox = Sandbox::new();
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("d12.json")).unwrap()).unwrap();
    let vex = file["rosters"][0]["characters"][0].clone();
    let many: Vec<serde_json::Value> = (0..800)
        .map(|i| {
            let mut c = vex.clone();
            c.as_object_mut().unwrap().remove("id");
            c["name"] = format!("Vex {i}").into();
            c
        })
        .collect();
    file["rosters"][0]["characters"] = many.into();
    let big = sandbox.path("big.json");
    std::fs::write(&big, file.to_string()).unwrap();
    let done = sandbox.run(&["import", big.to_str().unwrap()]).ok();
    assert_eq!(done.stderr, "");
    assert!(
        done.stdout.contains("800 characters (800 added"),
        "{}",
        done.stdout
    );
}

#[test]
fn a_file_with_thousands_of_problems_lists_the_first_fifty_and_json_lists_all() {
    let sandbox = Sandbox::new();
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("d12.json")).unwrap()).unwrap();
    let vex = file["rosters"][0]["characters"][0].clone();
    let bad: Vec<serde_json::Value> = (0..2000)
        .map(|_| {
            let mut c = vex.clone();
            c.as_object_mut().unwrap().remove("id");
            c["name"] = "".into();
            c["colour"] = "red".into();
            c["sheet"]["abilities"][0]["ranks"] = 9.into();
            c
        })
        .collect();
    file["rosters"][0]["characters"] = bad.into();
    let path = sandbox.path("bad.json");
    std::fs::write(&path, file.to_string()).unwrap();

    let json = sandbox.run(&["--json", "import", path.to_str().unwrap()]);
    assert_eq!(json.code, 2);
    let error: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    let all = error["error"]["problems"].as_array().unwrap().len();
    assert!(all >= 6000, "{all} problems");

    let err = sandbox.run(&["import", path.to_str().unwrap()]).fails(2);
    let lines: Vec<&str> = err.lines().collect();
    let grouped = |n: usize| {
        let s = n.to_string();
        let (head, tail) = s.split_at(s.len() - 3);
        format!("{head},{tail}")
    };
    assert_eq!(
        lines[0],
        format!(
            "rollbook: the file was not imported ({} problems):",
            grouped(all)
        )
    );
    assert_eq!(lines.len(), 1 + 50 + 1, "{err}");
    assert_eq!(
        lines[1],
        format!(
            "  {}: unknown field; expected one of id, name, player, kind, tags, notes, sheet",
            "rosters[0].characters[0].colour"
        )
    );
    assert_eq!(
        lines[51],
        format!("  … and {} more like these", grouped(all - 50))
    );
}
