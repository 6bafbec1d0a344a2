//! Windows' own file errors in words a GM can act on. Rust's standard library tells a file held
//! open by another program as "The process cannot access the file because it is being used by
//! another process. (os error 32)", and a name with `?` in it as "The filename, directory name, or
//! volume label syntax is incorrect. (os error 123)"; neither says what to do. This module knows
//! Windows' error numbers (winerror.h) and nothing of the crate, so every file error passes through
//! it on its way into [`crate::RosterError::io`].

use std::io;
use std::path::{Component, Path, Prefix};

/// `error`, reworded when it is one of Windows' errors that [`words`] knows; otherwise as it is.
/// Only on Windows: elsewhere the same numbers mean other things.
pub(crate) fn worded(path: &Path, error: io::Error) -> io::Error {
    if !cfg!(windows) {
        return error;
    }
    match error.raw_os_error().and_then(|code| words(code, path)) {
        Some(text) => io::Error::new(error.kind(), text),
        None => error,
    }
}

/// What Windows' error `code` means for `path`, in words, or `None` for an error that is clear
/// enough as Windows words it.
pub(crate) fn words(code: i32, path: &Path) -> Option<String> {
    // winerror.h
    const FILE_NOT_FOUND: i32 = 2;
    const PATH_NOT_FOUND: i32 = 3;
    const ACCESS_DENIED: i32 = 5;
    const INVALID_DRIVE: i32 = 15;
    const NOT_READY: i32 = 21;
    const SHARING_VIOLATION: i32 = 32;
    const LOCK_VIOLATION: i32 = 33;
    const BAD_NETPATH: i32 = 53;
    const INVALID_NAME: i32 = 123;
    const BAD_PATHNAME: i32 = 161;
    const FILENAME_TOO_LONG: i32 = 206;
    const USER_MAPPED_FILE: i32 = 1224;
    let drive = drive_of(path);
    Some(match code {
        SHARING_VIOLATION | LOCK_VIOLATION | USER_MAPPED_FILE => {
            "another program has this file open; close it there (or pick another file name) and try again".into()
        }
        // Replacing a file that another program holds open is refused as "access denied".
        ACCESS_DENIED => "Windows denied access: another program may have this file open, or it is read-only; close it there (or pick another file name) and try again".into(),
        INVALID_NAME | BAD_PATHNAME => format!(
            "Windows does not allow this name: a file or folder name cannot hold any of {} nor end with a space or a dot, and names such as CON, PRN, AUX, NUL, COM1 or LPT1 are taken; pick another name",
            r#"\ / : * ? " < > |"#
        ),
        INVALID_DRIVE => match drive {
            Some(letter) => no_drive(letter),
            None => "that drive does not exist on this computer; pick a folder on a drive that exists".into(),
        },
        NOT_READY => match drive {
            Some(letter) => format!("drive {letter}: is not ready (is its disk in, or the network drive connected?); try again when it is"),
            None => "that drive is not ready (is its disk in, or the network drive connected?); try again when it is".into(),
        },
        // Wine answers "file not found" where Windows says "path not found" for a missing drive.
        FILE_NOT_FOUND => return missing_drive(path),
        PATH_NOT_FOUND => missing_drive(path).unwrap_or_else(|| {
            "a folder on that path does not exist; create it first or pick another".into()
        }),
        BAD_NETPATH => "the network path cannot be reached; check that the computer sharing it is on, then try again".into(),
        FILENAME_TOO_LONG => "the path is too long for Windows; pick a shorter folder or file name".into(),
        _ => return None,
    })
}

/// The drive letter a path starts with (`D` of `D:\games`), if it names one.
fn drive_of(path: &Path) -> Option<char> {
    match path.components().next()? {
        Component::Prefix(prefix) => match prefix.kind() {
            Prefix::Disk(letter) | Prefix::VerbatimDisk(letter) => {
                Some(char::from(letter).to_ascii_uppercase())
            }
            _ => None,
        },
        _ => None,
    }
}

/// The words for a path on a drive this computer does not have (`Q:\\games` with no Q:), if it
/// is on one.
pub(crate) fn missing_drive(path: &Path) -> Option<String> {
    drive_of(path)
        .filter(|&letter| !drive_exists(letter))
        .map(no_drive)
}

fn no_drive(letter: char) -> String {
    format!("there is no drive {letter}: on this computer; pick a folder on a drive that exists")
}

/// Whether drive `letter`'s root can be looked at (it exists and is ready).
fn drive_exists(letter: char) -> bool {
    Path::new(&format!("{letter}:\\")).metadata().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_held_open_elsewhere_says_to_close_it() {
        for code in [32, 33, 1224] {
            let text = words(code, Path::new("out.json")).unwrap();
            assert!(
                text.starts_with("another program has this file open; close it"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_forbidden_name_lists_what_windows_refuses() {
        let text = words(123, Path::new("a?b.json")).unwrap();
        assert!(text.contains(r#"\ / : * ? " < > |"#), "{text}");
        assert!(text.contains("CON"), "{text}");
        assert!(text.ends_with("pick another name"), "{text}");
    }

    #[test]
    fn a_missing_or_unready_drive_is_named_on_windows() {
        // Paths only parse drive letters on Windows; elsewhere the words stay general.
        let text = words(15, Path::new(r"q:\games\rollbook.sqlite3")).unwrap();
        let expected = if cfg!(windows) {
            "there is no drive Q: on this computer"
        } else {
            "that drive does not exist on this computer"
        };
        assert!(text.starts_with(expected), "{text}");
        let text = words(21, Path::new(r"E:\x")).unwrap();
        assert!(text.contains("not ready"), "{text}");
    }

    #[test]
    fn other_errors_keep_windows_words() {
        assert_eq!(
            words(2, Path::new("x")),
            None,
            "a file not found on a drive that exists"
        );
        assert_eq!(words(112, Path::new("x")), None);
    }

    #[test]
    #[cfg(not(windows))]
    fn off_windows_nothing_is_reworded() {
        let error = io::Error::from_raw_os_error(32);
        let before = error.to_string();
        assert_eq!(worded(Path::new("x"), error).to_string(), before);
    }
}
