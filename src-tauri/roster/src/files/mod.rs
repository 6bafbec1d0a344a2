//! Files the GM names on the command line or in a file dialog.
//!
//! - [`write_whole`]: an export, a roll log or printed sheets are written whole or not at all,
//!   never over the open database or a file Rollbook keeps beside it ([`Protected`]), never over
//!   something that is not a regular file, through a temporary file nobody can guess or plant.
//! - [`open_regular_file`]: an import is read only from a regular file; a FIFO, a device or a
//!   folder is refused at once instead of hanging or reading forever.
//! - [`sync_file`], [`sync_dir`]: what was written reaches the disk, on Windows as on Unix.

mod input;
mod kind;
mod output;
mod protected;
mod sync;
mod temp;

pub use input::open_regular_file;
pub use output::{write_whole, write_whole_with};
pub use protected::{Protected, BACKUPS_DIR};
pub(crate) use sync::{sync_dir, sync_file};
