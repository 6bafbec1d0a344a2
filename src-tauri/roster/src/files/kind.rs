//! What a path is, in words for a refusal that names it.

use std::fs::FileType;

/// What a path is when it is not a regular file, in words for a refusal.
pub(super) fn kind_of(file_type: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_symlink() {
        "a link"
    } else if file_type.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}
