//! The copy taken before a schema upgrade: `NAME.v1-backup-20261122T193000Z`, beside the file.
//! Made with `VACUUM INTO` from a read-only connection (a consistent copy, WAL included) and
//! synced to disk before the upgrade may start.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use crate::error::{Result, RosterError};

pub(super) fn backup_copy(path: &Path, version: i64) -> Result<PathBuf> {
    let stamp = jiff::Timestamp::now()
        .strftime("%Y%m%dT%H%M%SZ")
        .to_string();
    let mut target = sibling(path, &format!("v{version}-backup-{stamp}"));
    let mut n = 1;
    while target.exists() {
        n += 1;
        target = sibling(path, &format!("v{version}-backup-{stamp}-{n}"));
    }
    let source = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let Some(target_text) = target.to_str() else {
        return Err(RosterError::io(
            &target,
            std::io::Error::other("the backup path is not valid UTF-8"),
        ));
    };
    source.execute("VACUUM INTO ?1", [target_text])?;
    drop(source);
    File::open(&target)
        .and_then(|f| f.sync_all())
        .map_err(|e| RosterError::io(&target, e))?;
    Ok(target)
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}
