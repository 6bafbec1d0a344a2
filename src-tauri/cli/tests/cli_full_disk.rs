//! A database on a disk with no room left: the commands that only read answer as ever (reading
//! needs no room), a command that writes says "the disk is full" with the file, exit 1, and
//! nothing changes; once there is room again, everything works.
//!
//! The full disk is a small tmpfs mounted for the test, which needs root and Linux: elsewhere
//! the test says why it did not run and passes without asserting anything.

#![cfg(target_os = "linux")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Sandbox;

/// A 2 MiB tmpfs mounted on a folder of its own, unmounted when dropped.
struct SmallDisk {
    mount: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmallDisk {
    /// `None` (with the reason printed) where this machine will not mount one.
    fn mount() -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let mount = dir.path().join("disk");
        std::fs::create_dir(&mount).unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"])
            .arg(&mount)
            .output();
        match out {
            Ok(out) if out.status.success() => Some(SmallDisk { mount, _dir: dir }),
            Ok(out) => {
                println!(
                    "skipped: no tmpfs could be mounted here (root is needed): {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                None
            }
            Err(e) => {
                println!("skipped: `mount` cannot run here: {e}");
                None
            }
        }
    }

    /// Fills the disk to the last byte.
    fn fill(&self) -> PathBuf {
        let filler = self.mount.join("filler");
        let status = Command::new("dd")
            .args(["if=/dev/zero", "bs=4k"])
            .arg(format!("of={}", filler.display()))
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(!status.success(), "dd stopped before the disk was full");
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.mount).status();
    }
}

fn run(sandbox: &Sandbox, db: &Path, args: &[&str]) -> common::Run {
    let mut all = vec!["--db", db.to_str().unwrap()];
    all.extend_from_slice(args);
    sandbox.run_bare(&all)
}

#[test]
fn a_full_disk_reads_as_ever_and_refuses_writes_as_a_full_disk() {
    let Some(disk) = SmallDisk::mount() else {
        return;
    };
    let sandbox = Sandbox::new();
    let db = disk.mount.join("rollbook.sqlite3");
    let file = common::fixture_str("d12.json");
    run(&sandbox, &db, &["import", &file]).ok();
    let listed = run(&sandbox, &db, &["roster", "list"]).ok().stdout;
    let exported = run(&sandbox, &db, &["export", "--out", "-"]).ok().stdout;
    let filler = disk.fill();
    let before = std::fs::read(&db).unwrap();

    // Reads: as before the disk filled.
    assert_eq!(run(&sandbox, &db, &["roster", "list"]).ok().stdout, listed);
    let again = run(&sandbox, &db, &["export", "--out", "-"]).ok().stdout;
    assert_eq!(
        common::without_exported_at(&again),
        common::without_exported_at(&exported)
    );
    // Writes: a full disk, said as such; nothing changed.
    for args in [
        &["roster", "create", "Villains", "--system", "d12"][..],
        &["import", &file, "--mode", "copy"][..],
    ] {
        let err = run(&sandbox, &db, args).fails(1);
        assert!(
            err.starts_with("rollbook: the disk is full: "),
            "{args:?}: {err}"
        );
        assert!(err.contains("rollbook.sqlite3"), "{err}");
    }
    assert_eq!(std::fs::read(&db).unwrap(), before);

    // Room again: everything works.
    std::fs::remove_file(filler).unwrap();
    run(
        &sandbox,
        &db,
        &["roster", "create", "Villains", "--system", "d12"],
    )
    .ok();
    let listed = run(&sandbox, &db, &["roster", "list"]).ok().stdout;
    assert!(listed.contains("Villains"), "{listed}");
}
