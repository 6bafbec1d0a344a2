//! The temporary file an output is written to before it replaces the target:
//! `.NAME.rollbook-PID-RANDOM.tmp` in the target's folder, created exclusively (`O_EXCL`: a file
//! or link planted under that name makes the creation fail, it is never followed) with a name
//! nobody can guess. One left behind by a process that was killed mid-write is swept away by the
//! next write to the same target, once its process is gone.

use std::ffi::OsStr;
use std::path::Path;

use tempfile::NamedTempFile;

/// Creates the temporary file for `name` in `dir`. On Unix its mode is `mode` (before the umask).
pub(super) fn create(
    dir: &Path,
    name: &OsStr,
    mode: Option<u32>,
) -> std::io::Result<NamedTempFile> {
    let prefix = format!("{}{}-", prefix_of(name), std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(12);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Readable by what the target allowed (or the umask's default for a new file), and never
        // more while the bytes go in.
        builder.permissions(std::fs::Permissions::from_mode(
            mode.unwrap_or(0o666) & 0o777,
        ));
    }
    #[cfg(not(unix))]
    let _ = mode;
    builder.tempfile_in(dir).map_err(|e| plain(e, dir))
}

/// The error in words about the target's folder: `tempfile` names its temporary file in the
/// message ("… at path /x/.out.rollbook-…"), which the GM never asked for and cannot act on.
fn plain(error: std::io::Error, dir: &Path) -> std::io::Error {
    use std::io::ErrorKind::*;
    if error.kind() == NotFound {
        if let Some(words) = crate::os_words::missing_drive(dir) {
            return std::io::Error::new(NotFound, words);
        }
    }
    let words = match error.kind() {
        NotFound => "the folder does not exist",
        PermissionDenied => "no permission to write in that folder",
        ReadOnlyFilesystem => "the disk is read-only",
        StorageFull => "the disk is full",
        NotADirectory => "a part of the path is not a folder",
        _ => return error,
    };
    std::io::Error::new(error.kind(), words)
}

/// `.NAME.rollbook-`: what every temporary file for `name` starts with.
fn prefix_of(name: &OsStr) -> String {
    format!(".{}.rollbook-", name.to_string_lossy())
}

/// Removes the temporary files for `name` in `dir` whose writer is no longer running.
pub(super) fn sweep_stale(dir: &Path, name: &OsStr) {
    let prefix = prefix_of(name);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        if !rest.ends_with(".tmp") {
            continue;
        }
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let Ok(pid) = digits.parse::<u32>() else {
            continue;
        };
        if pid != std::process::id() && !is_running(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs. Only Linux answers cheaply (`/proc`); elsewhere every
/// writer counts as running, so nothing that may still be written is ever removed.
fn is_running(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new("/proc").join(pid.to_string()).exists()
    } else {
        true
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Makes a named pipe at `path` (test helper).
    #[cfg(unix)]
    pub(in crate::files) fn mkfifo(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
        assert_eq!(
            unsafe { libc::mkfifo(c.as_ptr(), 0o600) },
            0,
            "mkfifo {path:?}"
        );
    }

    #[test]
    fn names_cannot_be_guessed() {
        let dir = tempfile::tempdir().unwrap();
        let a = create(dir.path(), OsStr::new("out.json"), None).unwrap();
        let b = create(dir.path(), OsStr::new("out.json"), None).unwrap();
        assert_ne!(a.path(), b.path());
        let name = a.path().file_name().unwrap().to_str().unwrap().to_owned();
        assert!(name.starts_with(".out.json.rollbook-"), "{name}");
        assert!(
            name.len() > ".out.json.rollbook-1-.tmp".len() + 10,
            "{name}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_dead_writer_s_file_is_swept_and_a_living_one_s_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        // No process has a pid this high (the kernel's limit is 2^22).
        let dead = dir.path().join(".out.json.rollbook-999999999-abc.tmp");
        let old_style = dir.path().join(".out.json.rollbook-999999998.tmp");
        let living = dir
            .path()
            .join(format!(".out.json.rollbook-{}-abc.tmp", std::process::id()));
        let other = dir.path().join(".other.json.rollbook-999999999-abc.tmp");
        for path in [&dead, &old_style, &living, &other] {
            std::fs::write(path, "half").unwrap();
        }
        sweep_stale(dir.path(), OsStr::new("out.json"));
        assert!(!dead.exists());
        assert!(!old_style.exists());
        assert!(living.exists());
        assert!(other.exists());
    }
}
