//! # rollbook-roster
//!
//! The game master's data: rosters of characters for the five rules systems, their house rules,
//! and the log of every roll, in one local SQLite file that must never lose or corrupt anything.
//! Import and export of the roster file format (`shared/FORMAT.md`), CSV for spreadsheets.
//! No Tauri here: the window's commands and the command line are thin layers over [`Store`].
//!
//! ```
//! use rollbook_roster::{Store, NewRoster, NewCharacter, System, ImportMode, Import};
//!
//! let mut store = Store::open_in_memory()?;           // Store::open(path) / open_default()
//! let roster = store.create_roster(NewRoster::new("Friday Night Heroes", System::D12))?;
//! let vex = store.create_character(roster.id, NewCharacter {
//!     sheet: Some(serde_json::json!({"abilities": [{"name": "Guns", "ranks": 2}]})),
//!     ..NewCharacter::named("Vex")
//! })?;
//! assert_eq!(store.search("vex", 10)?[0].id, vex.id);
//!
//! // Every problem, with its path:
//! let err = store
//!     .create_character(roster.id, NewCharacter {
//!         sheet: Some(serde_json::json!({"abilities": [{"name": "Guns", "ranks": 5}]})),
//!         ..NewCharacter::named("Bad")
//!     })
//!     .unwrap_err();
//! assert_eq!(err.code(), "invalid_sheet");
//! assert_eq!(err.problems()[0].to_string(), "sheet.abilities[0].ranks: 5 is over the limit of 4");
//!
//! // Export, then import the file elsewhere: preview first, then all or nothing.
//! let file = store.export(&rollbook_roster::ExportSelection::All)?.to_json();
//! let import = Import::from_bytes(file.as_bytes())?;
//! let mut other = Store::open_in_memory()?;
//! let preview = other.plan_import(&import, ImportMode::Merge)?;
//! assert_eq!(preview.character_counts.added, 1);
//! other.apply_import(&import, ImportMode::Merge, |done, total| { let _ = (done, total); })?;
//! # Ok::<(), rollbook_roster::RosterError>(())
//! ```
//!
//! ## The API, by task (for the CLI and the Tauri commands)
//!
//! Open: [`Store::open`] (`--db PATH`), [`Store::open_default`] ([`default_db_path`], the same
//! file as Tauri's `app_data_dir()`), [`Store::open_in_memory`]; [`Store::opened`] tells whether
//! the file was created or migrated and where the backup went.
//!
//! Rosters: [`Store::rosters`], [`Store::roster`], [`Store::find_roster`] (id or name, for
//! `--roster NAME`), [`Store::create_roster`], [`Store::update_roster`] / [`Store::rename_roster`]
//! (house rules included: renamed stunt levels follow into the sheets),
//! [`Store::delete_roster`] (to the trash), [`Store::restore_roster`], [`Store::reorder_rosters`].
//!
//! Characters: [`Store::characters`], [`Store::character_summaries`] (for lists: no sheets; a
//! damaged one named apart), [`Store::characters_readable`],
//! [`Store::character`], [`Store::find_character`],
//! [`Store::create_character`], [`Store::update_character`], [`Store::duplicate_character`],
//! [`Store::move_characters`] (same system only), [`Store::reorder_characters`],
//! [`Store::delete_character`] / [`Store::delete_characters`], [`Store::restore_character`].
//! Trash: [`Store::trash`], [`Store::undo_delete`] (the latest deletion), [`Store::empty_trash`].
//! Search: [`Store::search`] (`name:`, `player:`, `tag:` prefixes, phrases in quotes).
//!
//! Sheets: [`Sheet`] (one typed struct per system, exactly FORMAT.md's), [`Sheet::blank`],
//! [`Sheet::from_json`] (validation per RULES.md, every problem with its path), [`Sheet::rating`]
//! (a named ability / attribute / skill, to fill a roll request from a stored character).
//! [`Store::check_sheet`] validates a sheet for a roster without saving and adds what the rules
//! derive from it ([`Sheet::derived`]: budgets, defenses, pools, chart targets); [`Store::sheet_rolls`]
//! lists every roll a character's sheet offers as a full prefilled request ([`Sheet::rolls`],
//! [`pick_roll`] finds one by name for `rollbook roll --rating`).
//!
//! Roll log: [`Store::log_roll`] with [`NewLogEntry::new`]`(&request, &result)` and
//! [`NewLogEntry::by`]`(character_id)`, [`Store::roll_log`] with a [`LogQuery`] (roster, character,
//! time range, limit; newest first), [`Store::clear_roll_log`], [`Store::export_log_csv`],
//! [`Store::export_log_json`]. Rolling for someone: [`Store::roll_place`] (the roster, and the
//! character), then [`Store::roll_logged`] or, for a batch logged whole or not at all,
//! [`Store::roll_all_logged`] — the check, the house rules and the log in one place.
//!
//! Encounters (at the table): [`Store::create_encounter`], [`Store::encounters`],
//! [`Store::encounter`] (an [`EncounterState`]: round, participants in turn order, whose turn, the
//! per-system state), [`Store::play`] / [`Store::play_all`] with a [`TableAction`] (logged with
//! the patch back to the state before), [`Store::undo_table_action`] (the last action),
//! [`Store::table_actions`]
//! (the log), [`Store::delete_encounter`] / [`Store::restore_encounter`] /
//! [`Store::deleted_encounters`] (the trash).
//!
//! Import: [`Import::from_path`] / [`Import::from_bytes`] (parse + validate everything),
//! [`Store::plan_import`] (the preview, `--dry-run`), [`Store::apply_import`] (one transaction,
//! progress callback), [`Store::import_file`] (both in one call); modes [`ImportMode`].
//! Export: [`Store::export_file`] (a whole file's bytes in a [`FileFormat`], with its counts: what
//! the window and the command line write), [`Store::export`] → [`RosterFile::to_json`],
//! [`Store::export_json`], [`Store::export_characters_csv`], with an [`ExportSelection`];
//! [`Store::export_log`] for the roll log.
//!
//! Backups: [`Store::back_up`] (a checked snapshot in `backups/` beside the file, then rotation),
//! [`Store::back_up_if_due`] (the window's daily one), [`Store::backups`] /
//! [`Store::backups_overview`] (with what each holds), [`Store::restore_backup`] (a snapshot of
//! now first, then the snapshot copied in as one transaction), [`Store::prune_backups`],
//! [`Store::backup_policy`] / [`Store::set_backup_policy`]; rotation itself is the pure
//! [`backups::to_delete`]. Emptying the trash and a `replace` import take one first.
//!
//! Print: [`print::render`] lays characters' sheets out as one self-contained HTML document, a
//! page per character on A4 or Letter ([`print::Paper`]).
//!
//! Errors: one [`RosterError`]; [`RosterError::code`] is stable (`not_a_rollbook_database`,
//! `newer_database`, `corrupt_database`, `invalid_sheet`, `import_refused`, …) and
//! [`RosterError::problems`] lists every [`Problem`] behind a refusal.
//!
//! A [`Store`] is one SQLite connection: `Send` but not `Sync`, so the window keeps it in a
//! `Mutex` (or opens one per command); several stores, in one process or several, may share a
//! file (WAL lets readers and one writer work side by side; a writer waits up to 5 s for another).
//!
//! ## Safety of the file
//! WAL, foreign keys on, `synchronous = FULL`, every write in one IMMEDIATE transaction. A file
//! is inspected read-only before anything writes to it: not SQLite, another program's SQLite
//! (no Rollbook `application_id`), damaged, or written by a newer Rollbook → refused and left
//! byte-for-byte as it was; another Rollbook writing meanwhile is never taken for damage (a failed
//! look is repeated under SQLite's locks). Schema upgrades (`rusqlite_migration`, one SQL file per
//! step) run all pending steps in one transaction, after a backup copy `NAME.vN-backup-TIME`
//! beside the file (one copy, however often a failed upgrade is tried again). A file, folder or
//! disk that cannot be written is refused by [`Store::open`] as `read_only` before anything is
//! read; [`Store::open_read_only`] reads it without writing or leaving a `-wal`/`-shm` beside it.

mod check;
mod error;
mod export;
pub mod files;
mod import;
pub mod luck;
mod model;
pub mod operations;
mod os_words;
mod paths;
pub mod players;
pub mod print;
mod problem;
mod search;
pub mod sheet;
mod store;
mod systems;
pub mod table;

pub use error::{Result, RosterError};
pub use export::{
    ExportSelection, Exported, FileCharacter, FileFormat, FileHouseRules, FileRoster, RollLogFile,
    RosterFile,
};
pub use import::{
    Action, Counts, Import, ImportCharacter, ImportMode, ImportPlan, ImportRoster,
    PlannedCharacter, PlannedRoster, PlannedSystem, FORMAT_NAME, FORMAT_VERSION, KEPT_PROBLEMS,
};
pub use luck::LuckReport;
pub use model::{
    AddedSystem, Character, CharacterKind, CharacterPatch, CharacterSummary, Declares, Encounter,
    EncounterPlan, EncounterState, HealthShown, NewCharacter, NewRoster, NewSavedRoll, Participant,
    PlanContents, PlannedParticipant, Roster, RosterPatch, SavedRoll, SavedRollPatch, StoredSystem,
    System, TableAction, Timestamp, Visibility,
};
pub use paths::{default_db_path, APP_IDENTIFIER, DB_FILE_NAME};
pub use problem::{Listed, Problem, LISTED_PROBLEMS};
pub use search::SearchHit;
pub use sheet::{pick_roll, Derived, Sheet, SheetReport, SheetRoll};
/// A system from a file at one version (what `System::File` holds), its sheet and its table.
pub use systems::file::{
    ChangeKind, FilePart, FileSystem, KeptValue, Move as FileMove, Sheet as FileSheet, SheetChange,
    StoredFileTable, Table as FileTable, TrackerNow, KEPT_KEY,
};
/// Snapshots the GM can go back to: the types, and rotation as a pure function.
pub mod backups {
    pub use crate::store::backups::{
        to_delete, to_delete_sparing, to_keep, BackedUp, BackupsOverview, Holdings, Policy, Reason,
        RestoreDone, Snapshot, SnapshotEntry, MAX_POLICY_COUNT,
    };
}
pub use store::{
    DamagedEntry, DamagedRecord, DealtTo, LogCursor, LogEntry, LogOptions, LogQuery, LuckRolls,
    NewLogEntry, Opened, PlayOptions, Purged, ReadSystemFile, Readable, Restored, RollPlace,
    RollsRefused, SavedRollHit, Settings, SoundCopy, Store, TableActionEntry, TableDiceAsked,
    TablePlay, TableStates, Trash, TrashListed, APPLICATION_ID, MAX_SYSTEM_FILES, SCHEMA_VERSION,
};
