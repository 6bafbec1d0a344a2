//! Making what was written survive a power cut, the same way on every system.
//!
//! Windows differs from Unix in two ways that matter here: flushing a file
//! (`FlushFileBuffers`, what `File::sync_all` calls) needs a handle opened for writing, and a
//! folder cannot be opened as a `File` at all (that takes `FILE_FLAG_BACKUP_SEMANTICS`). A
//! `File::open(path)?.sync_all()` that works on Linux fails there with "Access denied".

use std::fs::OpenOptions;
use std::io;
use std::path::Path;

/// Syncs the file at `path` (written and closed already) to disk: opened for writing, which
/// Windows needs to flush it; nothing is truncated or written.
pub(crate) fn sync_file(path: &Path) -> io::Result<()> {
    OpenOptions::new().write(true).open(path)?.sync_all()
}

/// Makes the names in the folder at `dir` durable (a file created or renamed into it). On Unix
/// that is a sync of the folder itself. On Windows it is nothing: NTFS journals its metadata (a
/// rename is logged before it returns, and the log is replayed after a power cut), and a folder
/// would open only with `FILE_FLAG_BACKUP_SEMANTICS`.
pub(crate) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_and_its_folder_sync() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("snapshot.partial");
        std::fs::write(&path, "bytes").unwrap();
        sync_file(&path).unwrap();
        sync_dir(dir.path()).unwrap();
        // Syncing wrote nothing and truncated nothing.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "bytes");
    }

    #[test]
    fn a_missing_file_is_an_error_and_is_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing");
        assert_eq!(
            sync_file(&path).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
        assert!(!path.exists());
    }
}
