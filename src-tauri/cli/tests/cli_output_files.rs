//! `--out` never replaces the campaign or what is not a regular file, and an import reads only
//! regular files (issue: "Nothing lost, nothing wrong").

use crate::common;

use common::Sandbox;

#[test]
fn export_and_sheet_refuse_the_open_database_under_any_spelling() {
    let sandbox = Sandbox::seeded();
    let before = sandbox.db_bytes();
    let db = sandbox.db.to_str().unwrap().to_owned();
    let wal = format!("{db}-wal");
    let hard = sandbox.path("hard.json");
    std::fs::hard_link(&sandbox.db, &hard).unwrap();
    // The sandbox folder is the working directory: `./rollbook.sqlite3` is the database too.
    for out in [
        db.as_str(),
        "./rollbook.sqlite3",
        wal.as_str(),
        hard.to_str().unwrap(),
    ] {
        let err = sandbox.run(&["export", "--out", out]).fails(2);
        assert!(err.contains(out), "{err}");
        assert!(err.contains("open Rollbook database"), "{err}");
        let err = sandbox
            .run(&["sheet", "--roster", "Friday Night Heroes", "--out", out])
            .fails(2);
        assert!(err.contains("nothing was written"), "{err}");
    }
    assert_eq!(sandbox.db_bytes(), before);
    sandbox.run(&["roster", "list"]).ok();
}

#[test]
fn export_refuses_a_folder_and_a_fifo_and_writes_to_stdout_with_a_dash() {
    let sandbox = Sandbox::seeded();
    let folder = sandbox.path("exports");
    std::fs::create_dir(&folder).unwrap();
    let err = sandbox
        .run(&["export", "--out", folder.to_str().unwrap()])
        .fails(2);
    assert!(err.contains("is a folder, not a regular file"), "{err}");
    assert!(folder.is_dir());

    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let fifo = sandbox.path("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = sandbox
                .run(&[
                    "sheet",
                    "--roster",
                    "Friday Night Heroes",
                    "--out",
                    fifo.to_str().unwrap(),
                ])
                .fails(2);
            assert!(err.contains("FIFO"), "{err}");
            assert!(std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo());
        }
    }

    let piped = sandbox.run(&["export", "--out", "-"]).ok();
    assert!(piped.stdout.starts_with('{'), "{}", piped.stdout);
}

#[test]
fn an_import_of_a_folder_or_a_device_is_refused_at_once() {
    let sandbox = Sandbox::new();
    let err = sandbox
        .run(&["import", sandbox.dir.path().to_str().unwrap()])
        .fails(2);
    assert!(err.contains("is a folder, not a regular file"), "{err}");
    #[cfg(unix)]
    {
        let err = sandbox.run(&["import", "/dev/zero"]).fails(2);
        assert!(err.contains("/dev/zero is a device"), "{err}");
        // Opening a FIFO to read used to wait for a writer forever.
        let fifo = sandbox.path("roster.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = sandbox.run(&["import", fifo.to_str().unwrap()]).fails(2);
            assert!(err.contains("named pipe (FIFO)"), "{err}");
        }
    }
}
