//! A database the user may only read — a read-only file, or a file in a read-only folder —
//! answers the commands that only read (`roster list`, `export`, `log`, …) without writing a
//! byte or leaving a -wal or -shm beside it; a command that writes says "read-only" with the
//! path, exit status 1.
//!
//! Root writes through permission bits, so when the tests run as root the commands run as the
//! unprivileged user `nobody` (uid 65534), who owns the sandbox: the permissions are real for it.

#![cfg(unix)]

use crate::common;

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{fixture_str, Run, Sandbox};

const NOBODY: u32 = 65534;

/// The user the commands run as: this one (`None`), or `nobody` when this one is root.
fn reader_ids() -> Option<(u32, u32)> {
    // A new folder belongs to whoever runs the tests.
    let probe = tempfile::tempdir().unwrap();
    let root = fs::metadata(probe.path()).unwrap().uid() == 0;
    root.then_some((NOBODY, NOBODY))
}

/// `rollbook --db DB ARGS` as the reader.
fn run_as_reader(sandbox: &Sandbox, db: &Path, args: &[&str]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rollbook"));
    command
        .arg("--db")
        .arg(db)
        .args(args)
        .current_dir(sandbox.dir.path())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("HOME", sandbox.dir.path())
        .env("XDG_DATA_HOME", sandbox.dir.path())
        .env("TZ", "UTC");
    if let Some((uid, gid)) = reader_ids() {
        command.uid(uid).gid(gid);
    }
    let out = command.output().expect("the rollbook binary runs");
    Run {
        code: out.status.code().expect("rollbook exited by itself"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Hands the sandbox to the reader (when that is `nobody`), so that only the modes below stop it.
fn give_to_reader(sandbox: &Sandbox) {
    let Some((uid, gid)) = reader_ids() else {
        return;
    };
    fn walk(path: &Path, uid: u32, gid: u32) {
        std::os::unix::fs::chown(path, Some(uid), Some(gid)).unwrap();
        if path.is_dir() {
            for entry in fs::read_dir(path).unwrap() {
                walk(&entry.unwrap().path(), uid, gid);
            }
        }
    }
    walk(sandbox.dir.path(), uid, gid);
}

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// Every file in the folder with its length and a hash of its bytes.
fn folder(dir: &Path) -> Vec<(PathBuf, usize, u64)> {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let bytes = fs::read(&p).unwrap();
            let mut hasher = DefaultHasher::new();
            bytes.hash(&mut hasher);
            (p, bytes.len(), hasher.finish())
        })
        .collect();
    files.sort();
    files
}

/// A seeded database with one logged roll, in `sandbox/<sub>/rollbook.sqlite3`.
fn seeded_in(sandbox: &Sandbox, sub: &str) -> PathBuf {
    let dir = sandbox.path(sub);
    fs::create_dir(&dir).unwrap();
    let db = dir.join("rollbook.sqlite3");
    let db_arg = db.to_str().unwrap();
    let all = fixture_str("all-systems.json");
    sandbox.run_bare(&["--db", db_arg, "import", &all]).ok();
    sandbox
        .run_bare(&[
            "--db",
            db_arg,
            "roll",
            r#"{"system":"d12","roll":"straight","ranks":2}"#,
            "--character",
            "Vex",
            "--seed",
            "7",
        ])
        .ok();
    db
}

fn reads_and_refuses_writes(sandbox: &Sandbox, db: &Path) {
    let dir = db.parent().unwrap();
    let before = folder(dir);
    assert_eq!(before.len(), 1, "{before:?}");

    let listed = run_as_reader(sandbox, db, &["roster", "list"]).ok();
    assert_eq!(listed.stdout.lines().count(), 6, "{}", listed.stdout);
    let exported = run_as_reader(sandbox, db, &["export", "--out", "-"]).ok();
    assert_eq!(exported.json()["rosters"].as_array().unwrap().len(), 5);
    let log = run_as_reader(sandbox, db, &["log", "--json"]).ok();
    assert_eq!(
        log.json()["rolls"].as_array().unwrap().len(),
        1,
        "{}",
        log.stdout
    );
    run_as_reader(sandbox, db, &["search", "vex"]).ok();
    run_as_reader(sandbox, db, &["character", "show", "Vex"]).ok();
    assert_eq!(folder(dir), before, "reading changed the folder");

    for write in [
        vec!["roster", "create", "New", "--system", "d12"],
        vec!["roster", "delete", "Friday Night Heroes"],
        vec!["import", &fixture_str("d12.json"), "--mode", "copy"],
        vec![
            "roll",
            r#"{"system":"d12","roll":"straight"}"#,
            "--character",
            "Vex",
        ],
    ] {
        let err = run_as_reader(sandbox, db, &write).fails(1);
        assert_eq!(
            err,
            format!(
                "rollbook: {} is read-only (the file, its folder or the disk cannot be written); nothing was changed. Make it writable, or copy it to a writable folder and pass that with --db",
                db.display()
            ),
            "{write:?}"
        );
        assert_eq!(folder(dir), before, "{write:?} changed the folder");
    }
    let json = run_as_reader(
        sandbox,
        db,
        &["--json", "roster", "delete", "Friday Night Heroes"],
    );
    assert_eq!(json.code, 1);
    let error: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    assert_eq!(error["error"]["code"], "read_only");
}

#[test]
fn a_read_only_file_is_read_and_never_written() {
    let sandbox = Sandbox::new();
    let db = seeded_in(&sandbox, "games");
    give_to_reader(&sandbox);
    chmod(&db, 0o444);
    reads_and_refuses_writes(&sandbox, &db);
}

#[test]
fn a_file_in_a_read_only_folder_is_read_and_never_written() {
    let sandbox = Sandbox::new();
    let db = seeded_in(&sandbox, "games");
    give_to_reader(&sandbox);
    chmod(db.parent().unwrap(), 0o555);
    reads_and_refuses_writes(&sandbox, &db);
    chmod(db.parent().unwrap(), 0o755); // so the sandbox can be removed
}
