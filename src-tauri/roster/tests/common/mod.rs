//! Helpers shared by the integration tests.
#![allow(dead_code)] // import_memory, a binary of its own, uses only a few of them

pub mod table;
pub mod wine;

use std::path::{Path, PathBuf};

use rollbook_roster::{ImportMode, Store};
use sha2::{Digest, Sha256};

/// `target/<profile>/examples/NAME`, built by `cargo test` with the other targets.
pub fn example(name: &str) -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let profile_dir = deps.parent().unwrap().parent().unwrap();
    let exe = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        exe.exists(),
        "{} is missing: run the whole `cargo test -p rollbook-roster` (it builds the examples)",
        exe.display()
    );
    exe
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// SHA-256 of a file, or `None` when it does not exist.
pub fn hash(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    Some(format!("{:x}", Sha256::digest(bytes)))
}

/// The hashes of a database file and its `-wal`: equal before and after means byte-for-byte
/// unchanged (the `-shm` index is shared memory, rebuilt from the WAL, and holds no data).
pub fn db_hashes(path: &Path) -> (Option<String>, Option<String>) {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    (hash(path), hash(Path::new(&wal)))
}

/// A database file in `dir` holding every roster of `all-systems.json`.
pub fn seeded_db(dir: &Path) -> (PathBuf, Store) {
    let path = dir.join("rollbook.sqlite3");
    let mut store = Store::open(&path).unwrap();
    store
        .import_file(fixture("all-systems.json"), ImportMode::Merge, |_, _| {})
        .unwrap();
    (path, store)
}

/// The file with its `exported_at` line blanked, for comparing two exports.
pub fn without_exported_at(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.trim_start().starts_with("\"exported_at\"") {
                "  \"exported_at\": \"…\","
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A database as a build with only the first migration left it, holding one roster.
pub fn version_1_db(path: &Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.execute_batch(include_str!(
        "../../src/store/migrations/01-rosters-and-characters.sql"
    ))
    .unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    conn.execute(
        "INSERT INTO rosters (id, name, system, notes, house_rules, position, created_at, updated_at)
         VALUES ('0b8f6c1e-5d2a-4c4e-9a51-8f0f3b1d2c77', 'Old Friends', 'd12', '', ?1, 0, 0, 0)",
        [serde_json::to_string(&rollbook_rules::HouseRules::default()).unwrap()],
    )
    .unwrap();
}
