//! Opening a file to read (an import) without hanging on what is not a file.

use std::fs::File;
use std::path::Path;

use super::kind::kind_of;
use crate::error::{Result, RosterError};

/// Opens `path` for reading when it is a regular file (a link to one is followed). A FIFO, a
/// socket, a device or a folder is refused with [`RosterError::NotARegularFile`] before a byte
/// is read: opening a FIFO would wait for a writer forever, `/dev/zero` never ends.
pub fn open_regular_file(path: &Path) -> Result<File> {
    // Windows opens no folder as a file ("Access denied"): its kind is read from the path first.
    #[cfg(not(unix))]
    refuse_unless_regular(path, std::fs::metadata(path))?;
    let file = open_without_waiting(path).map_err(|e| RosterError::io(path, e))?;
    refuse_unless_regular(path, file.metadata())?;
    Ok(file)
}

/// [`RosterError::NotARegularFile`] naming what `path` is, unless `meta` is a regular file's.
fn refuse_unless_regular(path: &Path, meta: std::io::Result<std::fs::Metadata>) -> Result<()> {
    let file_type = meta.map_err(|e| RosterError::io(path, e))?.file_type();
    if file_type.is_file() {
        return Ok(());
    }
    Err(RosterError::NotARegularFile {
        path: path.to_path_buf(),
        kind: kind_of(file_type),
    })
}

/// `O_NONBLOCK` makes opening a FIFO return at once (it means nothing for a regular file), so the
/// type is checked on the file actually opened: nothing can be swapped in between.
#[cfg(unix)]
fn open_without_waiting(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn a_regular_file_and_a_link_to_one_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("roster.json");
        std::fs::write(&path, "{}").unwrap();
        let mut text = String::new();
        open_regular_file(&path)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, "{}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.json");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            assert!(open_regular_file(&link).is_ok());
        }
    }

    #[test]
    fn a_folder_is_refused_by_its_kind() {
        let dir = tempfile::tempdir().unwrap();
        let error = open_regular_file(dir.path()).unwrap_err();
        assert_eq!(error.code(), "not_a_regular_file");
        assert!(error.to_string().contains("a folder"), "{error}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_device_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        super::super::temp::tests::mkfifo(&fifo);
        // Without O_NONBLOCK this open would wait for a writer forever.
        let error = open_regular_file(&fifo).unwrap_err();
        assert_eq!(error.code(), "not_a_regular_file");
        assert!(error.to_string().contains("FIFO"), "{error}");
        let error = open_regular_file(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(error.code(), "not_a_regular_file");
        assert!(error.to_string().contains("a device"), "{error}");
    }
}
