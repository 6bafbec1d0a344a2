//! What a Windows GM meets with file names and drives, told in words they can act on (run under
//! Wine by scripts/windows.sh; there is nothing of this on Unix, whose file names allow `?`).
#![cfg(windows)]

use std::fs::OpenOptions;
use std::os::windows::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use rollbook_roster::files::{write_whole, Protected};
use rollbook_roster::Store;

/// A drive letter this computer does not have.
fn missing_drive() -> char {
    ('D'..='Y')
        .rev()
        .find(|letter| !Path::new(&format!("{letter}:\\")).exists())
        .expect("some drive letter is free")
}

#[test]
fn an_output_another_program_holds_open_is_told_so_and_left_whole() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("every roster.json");
    std::fs::write(&out, "the spreadsheet's copy").unwrap();
    // Share nothing, as a spreadsheet or an editor holding the file does.
    let held = OpenOptions::new()
        .read(true)
        .share_mode(0)
        .open(&out)
        .unwrap();
    let error = write_whole(&out, b"new", &Protected::nothing()).unwrap_err();
    let message = error.to_string();
    assert_eq!(error.code(), "io_error", "{message}");
    assert!(message.contains("close it there"), "{message}");
    drop(held);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "the spreadsheet's copy"
    );
    let left: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(left, [out], "no temporary file is left behind");
}

#[test]
fn a_name_windows_refuses_says_which_characters() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["who? what.json", "a|b.json", "x<y>.json"] {
        let error = write_whole(&dir.path().join(name), b"{}", &Protected::nothing()).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("Windows does not allow this name"),
            "{name}: {message}"
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_database_or_an_output_on_a_missing_drive_names_the_drive() {
    let letter = missing_drive();
    let words = format!("there is no drive {letter}: on this computer");
    let db = PathBuf::from(format!(r"{letter}:\games\rollbook.sqlite3"));
    let message = Store::open(&db).err().expect("no such drive").to_string();
    assert!(message.contains(&words), "{message}");
    let out = PathBuf::from(format!(r"{letter}:\every roster.json"));
    let message = write_whole(&out, b"{}", &Protected::nothing())
        .unwrap_err()
        .to_string();
    assert!(message.contains(&words), "{message}");
}

#[test]
fn a_folder_with_spaces_and_accents_holds_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir
        .path()
        .join("Game Night — Année 2")
        .join("rollbook.sqlite3");
    let store = Store::open(&db).unwrap();
    drop(store);
    assert!(db.exists());
}
