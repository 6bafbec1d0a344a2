//! Runs the built `rollbook` binary as a user would, with no display, a temp database and a
//! temp home (so no test can reach the real per-user database).

#[path = "../../../roster/tests/common/wine.rs"]
pub mod wine;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Success, or a panic that shows what the command said.
    #[track_caller]
    pub fn ok(self) -> Run {
        assert_eq!(
            self.code, 0,
            "stdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self
    }

    /// The given exit status with one line `rollbook: …` on stderr, which is returned.
    #[track_caller]
    pub fn fails(self, code: i32) -> String {
        assert_eq!(
            self.code, code,
            "stdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        assert!(self.stderr.starts_with("rollbook: "), "{}", self.stderr);
        assert!(self.stdout.is_empty(), "stdout: {}", self.stdout);
        self.stderr.trim_end().to_string()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
    }
}

/// A sandbox: a temp folder holding the home directory and `rollbook.sqlite3`.
pub struct Sandbox {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
}

impl Sandbox {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("rollbook.sqlite3");
        Sandbox { dir, db }
    }

    /// `rollbook --db <sandbox db> ARGS`.
    pub fn run(&self, args: &[&str]) -> Run {
        let mut all = vec!["--db", self.db.to_str().unwrap()];
        all.extend_from_slice(args);
        self.run_bare(&all)
    }

    /// `rollbook ARGS` with the sandbox as home and data directory, and no display.
    pub fn run_bare(&self, args: &[&str]) -> Run {
        self.run_with_stdin(args, "")
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        use std::io::Write;
        let home = self.dir.path().join("home");
        let mut command = Command::new(env!("CARGO_BIN_EXE_rollbook"));
        command
            .args(args)
            .current_dir(self.dir.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", &home)
            .env("XDG_DATA_HOME", home.join(".local/share"))
            .env("TZ", "UTC")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let out = wine::until_ran("rollbook", || {
            let mut child = wine::spawn(&mut command)?;
            // A command may refuse its input before reading all of it (a closed pipe, not a
            // failure).
            match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
            child.wait_with_output()
        })
        .expect("the rollbook binary runs");
        Run {
            code: out.status.code().expect("rollbook exited by itself"),
            stdout: String::from_utf8(out.stdout).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// The database with every roster of `all-systems.json`.
    pub fn seeded() -> Self {
        let sandbox = Sandbox::new();
        sandbox
            .run(&["import", fixture("all-systems.json").to_str().unwrap()])
            .ok();
        sandbox
    }

    /// The bytes of the database file and of its `-wal`: equal before and after means
    /// byte-for-byte unchanged (`-shm` is a shared-memory index rebuilt from the WAL).
    pub fn db_bytes(&self) -> (Option<Vec<u8>>, Option<Vec<u8>>) {
        snapshot(&self.db)
    }
}

pub fn snapshot(path: &Path) -> (Option<Vec<u8>>, Option<Vec<u8>>) {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    (
        std::fs::read(path).ok(),
        std::fs::read(Path::new(&wal)).ok(),
    )
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../roster/tests/fixtures")
        .join(name)
}

pub fn fixture_str(name: &str) -> String {
    fixture(name).to_str().unwrap().to_string()
}

/// A roster file with its `exported_at` line blanked, for comparing two exports.
pub fn without_exported_at(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("\"exported_at\""))
        .collect::<Vec<_>>()
        .join("\n")
}
