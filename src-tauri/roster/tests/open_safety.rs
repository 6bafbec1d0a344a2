//! A file that is not a healthy Rollbook database of this version or older is refused and left
//! byte-for-byte as it was; an older one is backed up, then upgraded in one transaction.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{db_hashes, seeded_db, version_1_db};
use rollbook_roster::{NewRoster, Store, System, APPLICATION_ID, SCHEMA_VERSION};
use rusqlite::Connection;

/// The files in a directory, with their hashes: the whole picture before and after. An `-shm`
/// file is SQLite's shared-memory index of a WAL that already exists (every reader updates it;
/// it holds no data): it must not appear, but its bytes are not compared.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<String>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let hash = match p.to_str().unwrap().ends_with("-shm") {
                true => None,
                false => common::hash(&p),
            };
            (p, hash)
        })
        .collect();
    files.sort();
    files
}

fn assert_refused_untouched(path: &Path, code: &str) -> String {
    let dir = path.parent().unwrap();
    let before = snapshot(dir);
    let err = Store::open(path).expect_err("the file was opened");
    assert_eq!(err.code(), code, "{err}");
    assert_eq!(snapshot(dir), before, "opening changed the folder: {err}");
    // Refused twice the same way: the first attempt left nothing behind that changes the answer.
    assert_eq!(Store::open(path).unwrap_err().code(), code);
    err.to_string()
}

#[test]
fn nothing_there_is_created_with_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new/folder/rollbook.sqlite3");
    let store = Store::open(&path).unwrap();
    assert!(store.opened().created);
    assert!(store.rosters().unwrap().is_empty());
    drop(store);
    let conn = Connection::open(&path).unwrap();
    let app: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(
        (app, version, mode.as_str()),
        (APPLICATION_ID, SCHEMA_VERSION, "wal")
    );
}

#[test]
fn an_empty_file_or_empty_sqlite_database_is_adopted() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.sqlite3");
    fs::write(&empty, b"").unwrap();
    assert!(Store::open(&empty).unwrap().opened().created);
    let blank = dir.path().join("blank.sqlite3");
    Connection::open(&blank)
        .unwrap()
        .execute_batch("VACUUM")
        .unwrap();
    assert!(fs::metadata(&blank).unwrap().len() > 0);
    assert!(Store::open(&blank).unwrap().opened().created);
}

#[test]
fn a_database_from_a_newer_rollbook_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    drop(store);
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 7)
        .unwrap();
    // Leave data in the WAL too, as a newer Rollbook still running might.
    conn.pragma_update(None, "wal_autocheckpoint", 0).unwrap();
    conn.execute("UPDATE rosters SET notes = 'written by the future'", [])
        .unwrap();
    std::mem::forget(conn); // no checkpoint on close: the -wal file stays as it is
    assert!(db_hashes(&path).1.is_some(), "the test wants a -wal file");
    let message = assert_refused_untouched(&path, "newer_database");
    assert!(
        message.contains(&format!(
            "database version {}; this Rollbook knows up to version {SCHEMA_VERSION}",
            SCHEMA_VERSION + 7
        )),
        "{message}"
    );
    assert!(
        message.contains("left untouched. Update Rollbook"),
        "{message}"
    );
}

#[test]
fn another_programs_sqlite_file_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campaign.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
         INSERT INTO notes (body) VALUES ('the real campaign');",
    )
    .unwrap();
    drop(conn);
    let message = assert_refused_untouched(&path, "not_a_rollbook_database");
    assert!(
        message.contains("an SQLite database of another program"),
        "{message}"
    );
    // In WAL mode too.
    let wal = dir.path().join("wal.db");
    let conn = Connection::open(&wal).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    drop(conn);
    assert_refused_untouched(&wal, "not_a_rollbook_database");
    // Another program's application id is named.
    let other = dir.path().join("other.db");
    let conn = Connection::open(&other).unwrap();
    conn.pragma_update(None, "application_id", 42).unwrap();
    drop(conn);
    let message = assert_refused_untouched(&other, "not_a_rollbook_database");
    assert!(message.contains("application id 42"), "{message}");
}

#[test]
fn random_bytes_and_text_are_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let noise = dir.path().join("noise.sqlite3");
    // A fixed pseudo-random stream (xorshift): no dependency, same bytes every run.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let bytes: Vec<u8> = (0..65_536)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect();
    fs::write(&noise, &bytes).unwrap();
    let message = assert_refused_untouched(&noise, "not_a_rollbook_database");
    assert!(message.ends_with("is not a Rollbook database (not an SQLite database); it was left untouched. Pick another file with --db, or move this one away"), "{message}");
    let text = dir.path().join("notes.txt");
    fs::write(&text, "Session 12: the party met the Magpie.\n").unwrap();
    assert_refused_untouched(&text, "not_a_rollbook_database");
    let folder = dir.path().join("a-folder");
    fs::create_dir(&folder).unwrap();
    assert_eq!(
        Store::open(&folder).unwrap_err().code(),
        "not_a_rollbook_database"
    );
}

#[test]
fn a_sqlite_header_with_garbage_after_it_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fake.sqlite3");
    let mut bytes = b"SQLite format 3\0".to_vec();
    bytes.extend(std::iter::repeat_n(0xA5u8, 8192));
    fs::write(&path, &bytes).unwrap();
    assert_refused_untouched(&path, "not_a_rollbook_database");
}

#[test]
fn a_damaged_rollbook_database_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    drop(store); // checkpoints: everything is in the main file now
    assert!(
        db_hashes(&path).1.is_none(),
        "closing should have removed the -wal file"
    );
    let mut bytes = fs::read(&path).unwrap();
    let page = 4096;
    assert!(bytes.len() > 4 * page);
    // Scribble over the b-tree pages after the schema (page 1 stays valid, so it is still
    // recognisably Rollbook's: the damage must be caught by the integrity check).
    for b in &mut bytes[page + 8..3 * page] {
        *b = 0x5A;
    }
    fs::write(&path, &bytes).unwrap();
    let message = assert_refused_untouched(&path, "corrupt_database");
    assert!(
        message.contains("is a damaged Rollbook database"),
        "{message}"
    );
}

#[test]
fn an_older_database_is_backed_up_then_upgraded_in_one_go() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    version_1_db(&path);
    let store = Store::open(&path).unwrap();
    let opened = store.opened().clone();
    assert_eq!(opened.migrated_from, Some(1));
    assert!(!opened.created);
    let backup = opened.backup.expect("no backup was taken");
    assert!(backup
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("rollbook.sqlite3.v1-backup-"));
    // The upgraded file kept its data and has the new table.
    assert_eq!(
        store.find_roster("old friends").unwrap().system,
        System::D12
    );
    assert!(store.roll_log(&Default::default()).unwrap().is_empty());
    drop(store);
    // The backup is the old database, whole.
    let old = Connection::open(&backup).unwrap();
    let version: i64 = old
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let name: String = old
        .query_row("SELECT name FROM rosters", [], |r| r.get(0))
        .unwrap();
    assert_eq!((version, name.as_str()), (1, "Old Friends"));
    // Opening again: nothing more to migrate, no second backup.
    let again = Store::open(&path).unwrap();
    assert_eq!(again.opened().migrated_from, None);
    assert_eq!(again.opened().backup, None);
    let backups = fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_str()
                .unwrap()
                .contains("backup")
        })
        .count();
    assert_eq!(backups, 1);
}

#[test]
fn a_failed_upgrade_rolls_back_every_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    version_1_db(&path);
    // Something already holds the name the next migration creates: that step must fail.
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE roll_log (x)").unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap_err();
    assert_eq!(err.code(), "migration_failed", "{err}");
    assert!(
        err.to_string()
            .contains("rolled back, the file is unchanged"),
        "{err}"
    );
    let conn = Connection::open(&path).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let rosters: i64 = conn
        .query_row("SELECT count(*) FROM rosters", [], |r| r.get(0))
        .unwrap();
    assert_eq!((version, rosters), (1, 1));
}

#[test]
fn the_window_and_the_command_line_can_share_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    let mut window = Store::open(&path).unwrap();
    let mut cli = Store::open(&path).unwrap();
    let a = window
        .create_roster(NewRoster::new("From the window", System::Genre))
        .unwrap();
    let b = cli
        .create_roster(NewRoster::new("From the command line", System::Marks))
        .unwrap();
    assert_eq!(window.rosters().unwrap().len(), 2);
    assert_eq!(cli.roster(a.id).unwrap().name, "From the window");
    assert!(b.position > a.position);
}

#[test]
fn a_roll_logged_by_an_older_database_keeps_its_character_s_name_after_the_trash_is_emptied() {
    // The roll log has copied the roster's and the character's names into each entry since it
    // came (schema 2): purging the character clears only the id, upgrade or not.
    let dir = tempfile::tempdir().unwrap();
    let (path, mut store) = seeded_db(dir.path());
    let vex = store.find_character(None, "Vex").unwrap();
    let request = rollbook_rules::parse_request(
        r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#,
    )
    .unwrap();
    let result = rollbook_rules::roll(&request, 7).unwrap();
    store
        .log_roll(rollbook_roster::NewLogEntry::new(&request, &result).by(vex.id))
        .unwrap();
    drop(store);
    {
        // Back to schema 2, as a build before settings and encounters left it: the roll log
        // as schema 2 made it (without the later columns), then the later tables gone.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP INDEX roll_log_by_table_action; DROP INDEX roll_log_by_time;
             DROP INDEX roll_log_by_roster; DROP INDEX roll_log_by_character;
             ALTER TABLE roll_log RENAME TO roll_log_later;",
        )
        .unwrap();
        conn.execute_batch(include_str!("../src/store/migrations/02-roll-log.sql"))
            .unwrap();
        conn.execute_batch(
            "INSERT INTO roll_log SELECT id, at, roster_id, character_id, roster_name,
                 character_name, system, roll, outcome, success, seed, request, result
             FROM roll_log_later;
             DROP TABLE roll_log_later;
             DROP TABLE system_files; DROP TABLE saved_rolls; DROP TABLE encounter_plans; DROP TABLE table_actions;
             DROP TABLE encounters;
             DROP TABLE settings; PRAGMA user_version = 2;",
        )
        .unwrap();
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.opened().migrated_from, Some(2));
    store.delete_character(vex.id).unwrap();
    store.empty_trash().unwrap();
    let log = store.roll_log(&Default::default()).unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].character_id, None);
    assert_eq!(log[0].character_name.as_deref(), Some("Vex"));
    assert_eq!(log[0].roster_name.as_deref(), Some("Friday Night Heroes"));
    let mut csv = Vec::new();
    store.export_log_csv(&Default::default(), &mut csv).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.contains(",Friday Night Heroes,Vex,d12,straight,"),
        "{csv}"
    );
}

#[test]
fn a_failed_upgrade_tried_again_keeps_one_backup_copy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rollbook.sqlite3");
    version_1_db(&path);
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE roll_log (x)").unwrap();
    drop(conn);
    let backups = || {
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.contains("-backup-"))
            .collect();
        names.sort();
        names
    };
    for attempt in 1..=3 {
        let err = Store::open(&path).unwrap_err();
        assert_eq!(err.code(), "migration_failed", "attempt {attempt}: {err}");
        assert_eq!(backups().len(), 1, "attempt {attempt}: {:?}", backups());
    }
    // The one copy is the file as it was before every attempt.
    let copy = Connection::open(dir.path().join(&backups()[0])).unwrap();
    let (version, rosters): (i64, i64) = copy
        .query_row(
            "SELECT (SELECT user_version FROM pragma_user_version), count(*) FROM rosters",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((version, rosters), (1, 1));
}

#[test]
fn rollbooks_upgrading_the_same_file_at_once_all_open_it() {
    // The window and the command line started together on an older file: each looks at the
    // version, then one upgrades while the others wait for its lock. Those must then find the
    // upgrade done, not run it again and report it failed.
    let mut refused = Vec::new();
    for round in 0..20 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rollbook.sqlite3");
        version_1_db(&path);
        let start = std::sync::Arc::new(std::sync::Barrier::new(4));
        let openers: Vec<_> = (0..4)
            .map(|_| {
                let (start, path) = (start.clone(), path.clone());
                std::thread::spawn(move || {
                    start.wait();
                    Store::open(&path)
                        .map(|_| ())
                        .map_err(|e| format!("{e} ({})", e.code()))
                })
            })
            .collect();
        for opener in openers {
            if let Err(code) = opener.join().unwrap() {
                refused.push((round, code));
            }
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.find_roster("old friends").unwrap().system,
            System::D12
        );
    }
    assert!(
        refused.is_empty(),
        "{} opens refused: {refused:?}",
        refused.len()
    );
}
