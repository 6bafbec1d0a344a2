//! Writing a file the GM asked for (an export, a roll log, printed sheets) whole or not at all.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{kind_of, sync_dir, temp, Protected};
use crate::error::{Result, RosterError};

/// Writes `bytes` to `path`: into a new temporary file beside it, synced, then renamed over it,
/// so a full disk, an error or a crash never leaves half a file where a whole one was. Refused,
/// with nothing written: a path that is one of the `protected` files (the open database and its
/// companions, by identity), and anything that is not a regular file (a folder, a FIFO, a
/// socket, a device). A link is followed: the file it points to is replaced and the link kept.
/// The replaced file keeps its permission bits; the temporary file is removed on every failure.
pub fn write_whole(path: &Path, bytes: &[u8], protected: &Protected) -> Result<()> {
    let target = resolve(path)?;
    let existing = match fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => {
            return Err(RosterError::NotARegularFile {
                path: path.to_path_buf(),
                kind: kind_of(meta.file_type()),
            })
        }
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(RosterError::io(path, e)),
    };
    protected.check(&target, path)?;
    let (Some(dir), Some(name)) = (target.parent(), target.file_name()) else {
        return Err(RosterError::io(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file"),
        ));
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    temp::sweep_stale(dir, name);
    let mode = existing.as_ref().map(permission_bits);
    // A full disk is `disk_full`, naming the file (`RosterError::io` tells it apart).
    let io = |e: std::io::Error| RosterError::io(path, e);
    // Dropping the temporary file on any error below removes it.
    let mut file = temp::create(dir, name, mode).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    if let Some(meta) = &existing {
        // Exactly the old bits: the creation mode was cut by the umask.
        file.as_file()
            .set_permissions(meta.permissions())
            .map_err(io)?;
    }
    file.as_file().sync_all().map_err(io)?;
    file.persist(&target).map_err(|e| io(e.error))?;
    // Best effort: the file is whole either way; this makes the new name outlive a power cut.
    let _ = sync_dir(dir);
    Ok(())
}

/// The path to replace: `path`, or where the link at `path` points.
fn resolve(path: &Path) -> Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(path).map_err(|e| RosterError::io(path, e))
        }
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(unix)]
fn permission_bits(meta: &fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn permission_bits(_: &fs::Metadata) -> u32 {
    0o666
}
