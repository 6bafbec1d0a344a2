//! Files the GM names on the command line or in a file dialog.
//!
//! - [`write_whole`]: an export, a roll log or printed sheets are written whole or not at all,
//!   never over the open database or a file Rollbook keeps beside it ([`Protected`]), never over
//!   something that is not a regular file, through a temporary file nobody can guess or plant.
//! - [`open_regular_file`]: an import is read only from a regular file; a FIFO, a device or a
//!   folder is refused at once instead of hanging or reading forever.
//! - [`sync_file`], [`sync_dir`]: what was written reaches the disk, on Windows as on Unix.

mod input;
mod output;
mod protected;
mod sync;
mod temp;

pub use input::open_regular_file;
pub use output::{write_whole, write_whole_with};
pub use protected::{Protected, BACKUPS_DIR};
pub(crate) use sync::{sync_dir, sync_file};

use std::fs::FileType;

/// What a path is when it is not a regular file, in words for a refusal.
pub(crate) fn kind_of(file_type: FileType) -> &'static str {
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
