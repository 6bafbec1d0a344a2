//! A system from a file (issue 31; `docs/system-files.md`): its sheet checked against the
//! file's declarations, the rolls the sheet offers, what the file derives from it, its table
//! (the trackers the file names) and its printed page. One folder for every file system: what
//! differs between them is the file, which [`FileSystem`] holds.

mod handle;
mod kept;
mod players;
mod roll_ask;
mod sheet;
mod system;
mod table;
mod table_rolls;
mod upgrade;
mod upgrade_words;
mod view;

pub use handle::FileSystem;
pub use kept::{KeptValue, KEPT_KEY};
pub(crate) use system::{house_numbers, LAYOUT};
pub use table::{FilePart, StoredFileTable, TrackerNow};
pub use upgrade_words::{declared_changes, ChangeKind, SheetChange};

// What the registry's dispatch names (`systems/registry.rs`): the sheet, the table and a move.
pub use sheet::FileSheet as Sheet;
pub use table::FileMove as Move;
pub use table::FileTable as Table;
