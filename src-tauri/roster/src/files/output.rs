//! Writing a file the GM asked for (an export, a roll log, printed sheets) whole or not at all.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::kind::kind_of;
use super::{sync_dir, temp, Protected};
use crate::error::{Result, RosterError};

/// Writes `bytes` to `path`: into a new temporary file beside it, synced, then renamed over it,
/// so a full disk, an error or a crash never leaves half a file where a whole one was. Refused,
/// with nothing written: a path that is one of the `protected` files (the open database and its
/// companions, by identity), and anything that is not a regular file (a folder, a FIFO, a
/// socket, a device). A link is followed: the file it points to is replaced and the link kept.
/// The replaced file keeps its permission bits; the temporary file is removed on every failure.
pub fn write_whole(path: &Path, bytes: &[u8], protected: &Protected) -> Result<()> {
    write_whole_with(path, protected, |out| {
        out.write_all(bytes)
            .map_err(|e| RosterError::Export(e.to_string()))
    })
}

/// [`write_whole`] of what `write` writes, as it writes it (an export of any size is never
/// held in memory whole). The file is only replaced once `write` has succeeded; a failure to
/// write is told as the file's (a full disk as `disk_full`), whatever `write` made of it.
pub fn write_whole_with<T>(
    path: &Path,
    protected: &Protected,
    write: impl FnOnce(&mut dyn Write) -> Result<T>,
) -> Result<T> {
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
    let mut out = Recorded {
        inner: std::io::BufWriter::new(file.as_file_mut()),
        failed: None,
    };
    let written = write(&mut out).and_then(|value| {
        out.flush()
            .map_err(|e| RosterError::Export(e.to_string()))?;
        Ok(value)
    });
    let written = match (written, out.failed.take()) {
        (Ok(value), None) => value,
        (_, Some(e)) => return Err(io(e)),
        (Err(e), None) => return Err(e),
    };
    drop(out);
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
    Ok(written)
}

/// A writer that keeps its first error, so that the file's own failure is told whatever the
/// writing side made of it.
struct Recorded<W> {
    inner: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> Write for Recorded<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.inner.write(bytes).inspect_err(|e| {
            self.failed
                .get_or_insert_with(|| std::io::Error::new(e.kind(), e.to_string()));
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().inspect_err(|e| {
            self.failed
                .get_or_insert_with(|| std::io::Error::new(e.kind(), e.to_string()));
        })
    }
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
