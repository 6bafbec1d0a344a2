//! A `--db` that is not a Rollbook database, is damaged or was written by a newer Rollbook is
//! refused with the store's message, exit status 1, and left byte-for-byte as it was, whatever
//! the command.

use crate::common;

use std::path::Path;

use common::{fixture_str, snapshot, Sandbox};

/// Every command that opens the database, reading or writing.
fn commands() -> Vec<Vec<String>> {
    let d12 = r#"{"system":"d12","roll":"straight","ranks":2}"#;
    [
        vec!["roster", "list"],
        vec!["roster", "create", "New", "--system", "d12"],
        vec!["roster", "delete", "Friday Night Heroes"],
        vec!["character", "list"],
        vec!["search", "vex"],
        vec!["import", "FIXTURE"],
        vec!["import", "FIXTURE", "--dry-run"],
        vec!["export", "--out", "-"],
        vec!["log"],
        vec!["trash", "empty", "--yes"],
        vec!["undo"],
        vec!["roll", d12, "--character", "Vex"],
    ]
    .into_iter()
    .map(|c| {
        c.into_iter()
            .map(|a| {
                if a == "FIXTURE" {
                    fixture_str("d12.json")
                } else {
                    a.to_string()
                }
            })
            .collect()
    })
    .collect()
}

fn refused_by_every_command(sandbox: &Sandbox, file: &Path, needle: &str) {
    let before = snapshot(file);
    for command in commands() {
        let mut args = vec!["--db", file.to_str().unwrap()];
        args.extend(command.iter().map(String::as_str));
        let err = sandbox.run_bare(&args).fails(1);
        assert!(err.contains(needle), "{command:?}: {err}");
        assert!(err.contains("left untouched"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(
            snapshot(file),
            before,
            "{command:?} changed {}",
            file.display()
        );
    }
    let json = sandbox.run_bare(&["--db", file.to_str().unwrap(), "--json", "roster", "list"]);
    assert_eq!(json.code, 1);
    let error: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    assert!(error["error"]["code"].is_string());
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_and_unchanged() {
    let sandbox = Sandbox::new();
    let notes = sandbox.path("campaign-notes.txt");
    std::fs::write(&notes, "Session 12: the heist goes wrong.\n".repeat(10)).unwrap();
    refused_by_every_command(
        &sandbox,
        &notes,
        "is not a Rollbook database (not an SQLite database)",
    );
}

#[test]
fn another_programs_sqlite_file_is_refused_and_unchanged() {
    let sandbox = Sandbox::new();
    let other = sandbox.path("other.sqlite3");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE campaign (name TEXT); INSERT INTO campaign VALUES ('x');")
            .unwrap();
    }
    refused_by_every_command(&sandbox, &other, "an SQLite database of another program");
}

#[test]
fn a_database_from_a_newer_rollbook_is_refused_and_unchanged() {
    let sandbox = Sandbox::seeded();
    {
        let conn = rusqlite::Connection::open(&sandbox.db).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
    }
    refused_by_every_command(
        &sandbox,
        &sandbox.db,
        "written by a newer Rollbook (database version 99",
    );
}

#[test]
fn a_damaged_database_is_refused_and_unchanged() {
    let sandbox = Sandbox::seeded();
    // Overwrite the middle of the file (past the header) with garbage.
    let mut bytes = std::fs::read(&sandbox.db).unwrap();
    assert!(bytes.len() > 8192);
    let page = 4096;
    for b in &mut bytes[page..page * 2] {
        *b = 0x5A;
    }
    std::fs::write(&sandbox.db, &bytes).unwrap();
    let err = sandbox.run(&["roster", "list"]).fails(1);
    assert!(
        err.contains("damaged Rollbook database") || err.contains("not a Rollbook database"),
        "{err}"
    );
    assert_eq!(std::fs::read(&sandbox.db).unwrap(), bytes);
}

#[test]
fn a_folder_is_refused() {
    let sandbox = Sandbox::new();
    let folder = sandbox.path("folder");
    std::fs::create_dir(&folder).unwrap();
    let err = sandbox
        .run_bare(&["--db", folder.to_str().unwrap(), "roster", "list"])
        .fails(1);
    assert!(err.contains("it is a folder"), "{err}");
}

#[test]
fn an_older_database_is_upgraded_after_a_backup_and_says_so() {
    let sandbox = Sandbox::seeded();
    {
        // Back to schema 1: the roll log came with schema 2, the settings with 3, encounters with 4.
        let conn = rusqlite::Connection::open(&sandbox.db).unwrap();
        conn.execute_batch(
            "DROP TABLE system_files; DROP TABLE saved_rolls; DROP TABLE encounter_plans; DROP TABLE table_actions; DROP TABLE encounters;
             DROP TABLE roll_log; DROP TABLE settings; PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let listed = sandbox.run(&["roster", "list"]).ok();
    assert_eq!(listed.stdout.lines().count(), 6, "{}", listed.stdout);
    assert!(
        listed.stderr.starts_with(&format!(
            "Upgraded {} from database version 1; the old file was copied to ",
            sandbox.db.display()
        )),
        "{}",
        listed.stderr
    );
    let backup = listed
        .stderr
        .trim_end()
        .rsplit(" copied to ")
        .next()
        .unwrap();
    assert!(Path::new(backup).exists(), "{backup}");
    // Upgraded once: the log works and nothing more is said.
    sandbox
        .run(&[
            "roll",
            r#"{"system":"d12","roll":"straight"}"#,
            "--character",
            "Vex",
        ])
        .ok();
    let again = sandbox.run(&["roster", "list"]).ok();
    assert_eq!(again.stderr, "");
}
