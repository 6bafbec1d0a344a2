//! The copy taken before a schema upgrade: `NAME.v1-backup-20261122T193000Z`, beside the file.
//! Made with `VACUUM INTO` from a read-only connection (a consistent copy, WAL included) and
//! synced to disk before the upgrade may start. An upgrade that failed (and was rolled back) and
//! is tried again finds its copy already there: one copy is kept, not one per attempt.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use crate::error::{Result, RosterError};
use crate::files::sync_file;

pub(super) fn upgrade_copy(path: &Path, version: i64) -> Result<PathBuf> {
    let stamp = jiff::Timestamp::now()
        .strftime("%Y%m%dT%H%M%SZ")
        .to_string();
    if path.to_str().is_none() {
        return Err(RosterError::io(
            path,
            std::io::Error::other("the path is not valid UTF-8, so no backup copy can be named"),
        ));
    }
    // The name is taken by creating the (empty) file: two Rollbooks upgrading at once in the
    // same second must not write into one copy. `VACUUM INTO` fills an empty file.
    let mut n = 1;
    let target = loop {
        let suffix = match n {
            1 => format!("v{version}-backup-{stamp}"),
            n => format!("v{version}-backup-{stamp}-{n}"),
        };
        let target = sibling(path, &suffix);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
        {
            Ok(_) => break target,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
            Err(e) => return Err(RosterError::io(&target, e)),
        }
    };
    let target_text = target.to_str().unwrap_or_default();
    let source = match Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    ) {
        Ok(source) => source,
        Err(e) => {
            let _ = fs::remove_file(&target);
            return Err(e.into());
        }
    };
    let made = source
        .execute("VACUUM INTO ?1", [target_text])
        .map_err(|e| RosterError::from(e).at(&target))
        .and_then(|_| sync_file(&target).map_err(|e| RosterError::io(&target, e)));
    drop(source);
    if let Err(e) = made {
        // A half-written copy (a full disk, say) is no copy: leave nothing behind.
        let _ = fs::remove_file(&target);
        return Err(e);
    }
    // `VACUUM INTO` writes the same bytes for the same content, so an earlier copy of this
    // version that equals the new one is the file as it still is.
    for earlier in earlier_copies(path, version, &target) {
        if same_bytes(&earlier, &target).unwrap_or(false) {
            fs::remove_file(&target).map_err(|e| RosterError::io(&target, e))?;
            return Ok(earlier);
        }
    }
    Ok(target)
}

/// The copies of `path` at `version` already beside it (not `new`), newest first.
fn earlier_copies(path: &Path, version: i64, new: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let mut prefix = name.to_os_string();
    prefix.push(format!(".v{version}-backup-"));
    let prefix = prefix.to_string_lossy().into_owned();
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut copies: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .filter(|p| p.file_name() != new.file_name())
        .collect();
    copies.sort();
    copies.reverse();
    copies
}

fn same_bytes(a: &Path, b: &Path) -> std::io::Result<bool> {
    if fs::metadata(a)?.len() != fs::metadata(b)?.len() {
        return Ok(false);
    }
    let (mut a, mut b) = (File::open(a)?, File::open(b)?);
    let (mut x, mut y) = (vec![0u8; 64 * 1024], vec![0u8; 64 * 1024]);
    loop {
        let n = a.read(&mut x)?;
        if n == 0 {
            return Ok(true);
        }
        b.read_exact(&mut y[..n])?;
        if x[..n] != y[..n] {
            return Ok(false);
        }
    }
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}
