//! The command line is its own binary: it links nothing of the window, and with no subcommand it
//! hands over to the window's binary, `rollbook-app`, installed beside it.

use std::path::Path;
use std::process::Command;

/// Runs `command`, again while Linux says the program is busy: a binary these tests just wrote
/// can be held open for writing a moment longer by a child another test thread forked meanwhile
/// (ETXTBSY), which says nothing about the program.
fn output(command: &mut Command) -> std::process::Output {
    for _ in 0..100 {
        match command.output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            done => return done.unwrap(),
        }
    }
    panic!("the program stayed busy for 2 s");
}

/// A copy of the command line alone in a folder of its own (so what sits beside it is ours).
fn lone_copy(dir: &Path) -> std::path::PathBuf {
    let copy = dir.join(format!("rollbook{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_rollbook"), &copy).unwrap();
    copy
}

#[cfg(target_os = "linux")]
#[test]
fn the_command_line_links_no_gui_library() {
    let out = Command::new("ldd")
        .arg(env!("CARGO_BIN_EXE_rollbook"))
        .output()
        .expect("ldd runs");
    let libraries = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{libraries}");
    for gui in [
        "gtk",
        "gdk",
        "webkit",
        "javascriptcore",
        "soup",
        "cairo",
        "glib",
    ] {
        assert!(
            !libraries.to_lowercase().contains(gui),
            "the command line links {gui}:\n{libraries}"
        );
    }
}

#[test]
fn with_no_subcommand_and_no_window_beside_it_it_says_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let out = output(Command::new(lone_copy(dir.path())).env_remove("DISPLAY"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("rollbook-app"), "{stderr}");
    assert!(stderr.starts_with("rollbook: "), "{stderr}");
}

/// `rollbook --db PATH` becomes `rollbook-app --db PATH`, and the app's exit status is ours.
#[cfg(unix)]
#[test]
fn with_no_subcommand_it_starts_the_window_binary_beside_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let rollbook = lone_copy(dir.path());
    let app = dir.path().join("rollbook-app");
    let said = dir.path().join("said");
    std::fs::write(
        &app,
        format!("#!/bin/sh\necho \"$@\" > '{}'\nexit 7\n", said.display()),
    )
    .unwrap();
    std::fs::set_permissions(&app, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = output(Command::new(&rollbook).args(["--db", "games.sqlite3"]));
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(
        std::fs::read_to_string(&said).unwrap().trim(),
        "--db games.sqlite3"
    );
    // A subcommand never looks for the window.
    std::fs::remove_file(&said).unwrap();
    let kinds = output(Command::new(&rollbook).arg("kinds"));
    assert!(kinds.status.success());
    assert!(!said.exists());
}
