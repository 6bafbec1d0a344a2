//! A database that may only be read: `Store::open_read_only` reads it without writing a byte or
//! leaving a -wal or -shm beside it, and a write says "read-only" with the path;
//! `Store::open` refuses a file it cannot write as read-only, before anything is read.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{hash, seeded_db};
use rollbook_roster::{NewRoster, Store, System};

/// Every file in the folder with its hash.
fn files(dir: &Path) -> Vec<(PathBuf, Option<String>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let h = hash(&p);
            (p, h)
        })
        .collect();
    files.sort();
    files
}

/// Root writes through any permission: a chmod'ed file is not read-only to it.
#[cfg(unix)]
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::tempdir().unwrap();
    fs::metadata(probe.path()).unwrap().uid() == 0
}

fn assert_write_refused(store: &mut Store, path: &Path) {
    let err = store
        .create_roster(NewRoster::new("New", System::D12))
        .unwrap_err();
    assert_eq!(err.code(), "read_only", "{err}");
    assert!(
        err.to_string()
            .starts_with(&format!("{} is read-only", path.display())),
        "{err}"
    );
}

#[test]
fn reading_only_writes_nothing_and_leaves_nothing_beside_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    drop(store);
    let before = files(dir.path());
    assert_eq!(before.len(), 1, "{before:?}");
    let mut store = Store::open_read_only(&path).unwrap();
    assert_eq!(store.rosters().unwrap().len(), 5);
    assert!(store.roll_log(&Default::default()).unwrap().is_empty());
    assert_write_refused(&mut store, &path);
    drop(store);
    assert_eq!(files(dir.path()), before);
}

#[test]
fn reading_only_sees_what_another_rollbook_writes_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut writer) = seeded_db(dir.path());
    let reader = Store::open_read_only(&path).unwrap();
    assert_eq!(reader.rosters().unwrap().len(), 5);
    writer
        .create_roster(NewRoster::new("Late", System::Genre))
        .unwrap();
    assert_eq!(reader.rosters().unwrap().len(), 6);
    drop(reader);
    drop(writer);
    assert_eq!(
        files(dir.path()).len(),
        1,
        "the -wal and -shm were not removed"
    );
}

#[test]
fn reading_only_refuses_what_opening_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    fs::write(&notes, "Session 12\n").unwrap();
    assert_eq!(
        Store::open_read_only(&notes).unwrap_err().code(),
        "not_a_rollbook_database"
    );
    // Nothing in it: an empty database, still read-only.
    let empty = dir.path().join("empty.sqlite3");
    fs::write(&empty, b"").unwrap();
    let mut store = Store::open_read_only(&empty).unwrap();
    assert!(store.rosters().unwrap().is_empty());
    assert_write_refused(&mut store, &empty);
    assert_eq!(fs::metadata(&empty).unwrap().len(), 0);
}

#[cfg(unix)]
#[test]
fn a_file_this_user_cannot_write_is_refused_as_read_only_and_read_without_a_trace() {
    use std::os::unix::fs::PermissionsExt;
    if running_as_root() {
        // Root writes through any permission bits; the command-line test runs this case as
        // an unprivileged user (tests/cli_read_only.rs).
        println!("skipped: running as root, a read-only mode does not stop writes");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (path, store) = seeded_db(dir.path());
    drop(store);
    // The file, then (on a copy) its folder.
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let folder = dir.path().join("locked");
    fs::create_dir(&folder).unwrap();
    let in_folder = folder.join("rollbook.sqlite3");
    fs::copy(&path, &in_folder).unwrap();
    fs::set_permissions(&in_folder, fs::Permissions::from_mode(0o644)).unwrap();
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o555)).unwrap();
    for path in [&path, &in_folder] {
        let dir = path.parent().unwrap();
        let before = files(dir);
        let err = Store::open(path).unwrap_err();
        assert_eq!(err.code(), "read_only", "{err}");
        assert!(
            err.to_string()
                .starts_with(&format!("{} is read-only", path.display())),
            "{err}"
        );
        assert_eq!(files(dir), before, "opening left something behind");
        let mut store = Store::open_read_only(path).unwrap();
        assert_eq!(store.rosters().unwrap().len(), 5);
        assert_write_refused(&mut store, path);
        drop(store);
        assert_eq!(files(dir), before, "reading left something behind");
    }
    fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).unwrap();
}
