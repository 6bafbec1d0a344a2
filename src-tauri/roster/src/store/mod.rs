//! The SQLite store: one [`Store`] per open database file. Reads take `&self`; every write takes
//! `&mut self` and runs in one IMMEDIATE transaction that commits only when the whole operation
//! succeeded (so an error, or a crash, leaves the file as it was).

pub mod backups;
mod character_rows;
mod character_summaries;
pub(crate) mod characters;
mod connection;
mod corrupt;
mod damaged;
pub(crate) mod damaged_record;
mod encounter_sheets;
mod encounter_state;
mod encounters;
mod export;
mod handle;
mod import;
mod inspect;
mod luck;
mod migrations;
mod open;
mod packed;
pub(crate) mod plans;
mod players;
mod readable;
mod roll_for;
pub(crate) mod roll_log;
pub(crate) mod room;
pub(crate) mod rosters;
mod rows;
pub(crate) mod saved_rolls;
mod search;
mod settings;
mod sheets;
mod state_patch;
pub(crate) mod system_files;
mod system_upgrade;
mod table_events;
mod table_history;
mod table_play;
mod tags;
mod undo;
mod upgrade_copy;

pub(crate) use backups::Reason;
pub use characters::{Purged, Trash, TrashListed};
pub(crate) use corrupt::{corrupt, parse_id};
pub(crate) use damaged::damaged_records;
pub use damaged_record::{DamagedEntry, DamagedRecord, SoundCopy};
pub use handle::{Opened, Store};
pub use luck::LuckRolls;
pub use migrations::{APPLICATION_ID, SCHEMA_VERSION};
pub use readable::Readable;
pub use roll_for::{LogOptions, RollPlace, RollsRefused};
pub use roll_log::{LogCursor, LogQuery, NewLogEntry};
pub use rows::LogEntry;
pub(crate) use rows::{
    character_row, roster_row, CharacterRow, RosterRow, CHARACTER_COLUMNS, ROSTER_COLUMNS,
};
pub use saved_rolls::SavedRollHit;
pub use settings::Settings;
pub use system_files::{ReadSystemFile, MAX_SYSTEM_FILES};
pub use table_history::TableStates;
pub use table_play::{DealtTo, PlayOptions, TableActionEntry, TableDiceAsked, TablePlay};
pub(crate) use undo::next_delete_batch;
pub use undo::Restored;
