//! The one error type of the roster crate. Every variant has a stable [`RosterError::code`] for the
//! IPC boundary (`{code, message}`) and a message a game master can act on without a manual.

use std::fmt;
use std::path::PathBuf;

use rollbook_rules::grouped;

use crate::problem::{Listed, Problem};

/// Why a roster operation was refused. Nothing was written when one of these is returned.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// The file exists but is not a Rollbook database (another program's SQLite file, or not SQLite
    /// at all). It was not opened for writing and nothing in it was changed.
    #[error("{} is not a Rollbook database ({reason}); it was left untouched. Pick another file with --db, or move this one away", path.display())]
    NotARollbookDatabase { path: PathBuf, reason: String },

    /// A Rollbook database that SQLite reports as damaged. It was left untouched. `snapshot`:
    /// the newest snapshot beside it that reads back sound (its file and id), offered in the
    /// message.
    #[error("{} is a damaged Rollbook database ({detail}); it was left untouched. Restore it from a backup (rollbook keeps one beside the file before each upgrade){}", path.display(), Offer(snapshot.as_ref()))]
    CorruptDatabase {
        path: PathBuf,
        detail: String,
        snapshot: Option<(PathBuf, String)>,
    },

    /// One stored roster or character does not read (its sheet's JSON is broken, its rules
    /// system is unknown…): that record is refused by name; the rest of the database is not
    /// damaged and reads as usual. `offer`: the newest snapshot that holds it sound, if any.
    #[error("{record} cannot be read ({}), so it was refused; nothing was changed, and the rest of the database reads as usual{offer}", record.detail)]
    DamagedRecord {
        // Boxed: every `Result` of the crate carries the size of its largest error.
        record: Box<crate::store::damaged_record::DamagedRecord>,
        offer: crate::store::damaged_record::SoundCopy,
    },

    /// Written by a newer Rollbook: its schema is unknown to this build, so it is not touched.
    #[error("{} was written by a newer Rollbook (database version {found}; this Rollbook knows up to version {supported}); it was left untouched. Update Rollbook to open it", path.display())]
    NewerDatabase {
        path: PathBuf,
        found: i64,
        supported: i64,
    },

    /// An encounter's stored state (or a logged table action) does not read as any version this
    /// build knows: that encounter is refused, the rest of the database is not damaged.
    #[error("this encounter's stored {what} cannot be read ({detail}); nothing was changed, and the rest of the database (other encounters, rosters, the roll log) opens as usual")]
    EncounterStateUnreadable { what: String, detail: String },

    /// An encounter saved by a newer Rollbook, in a state version this build does not know.
    #[error("this encounter was saved by a newer Rollbook (encounter state version {found}; this Rollbook knows up to version {supported}); it was left untouched. Update Rollbook to play it")]
    EncounterStateNewer { found: u64, supported: u64 },

    /// The schema upgrade failed; the transaction was rolled back and the file is as it was.
    #[error("upgrading {} failed and was rolled back, the file is unchanged: {detail}", path.display())]
    MigrationFailed { path: PathBuf, detail: String },

    /// A character (its name, tags, notes or sheet) breaks a limit of FORMAT.md / RULES.md.
    #[error("the character was not saved{}", Listed(.problems))]
    InvalidSheet { problems: Vec<Problem> },

    /// A roster (its name, notes or house rules) breaks a limit.
    #[error("the roster was not saved{}", Listed(.problems))]
    InvalidRoster { problems: Vec<Problem> },

    /// A saved roll (its name, notation, values, target or notes) was refused: nothing was saved.
    #[error("the saved roll was not saved{}", Listed(.problems))]
    InvalidSavedRoll { problems: Vec<Problem> },

    /// A system file was refused: each problem's path is `LINE:COLUMN` in the file; nothing
    /// was stored.
    #[error("the system file was not added{}", Listed(.problems))]
    InvalidSystemFile { problems: Vec<Problem> },

    /// A system file's id is one Rollbook ships, or its version is held with other text.
    #[error("{}", SystemIdWords(.id, *.version))]
    SystemIdTaken { id: String, version: Option<u32> },

    #[error("no system file {0}")]
    SystemFileNotFound(String),

    /// A system file still used by rosters cannot be removed: those in use, then those in the
    /// trash (which still hold their characters' sheets of it).
    #[error("{}", in_use(.id, .rosters, .trashed))]
    SystemInUse {
        id: String,
        rosters: Vec<String>,
        trashed: Vec<String>,
    },

    /// A roster of one of the five has no versions to upgrade to (`rollbook system upgrade`).
    #[error("\"{roster}\" is a {system} roster; only a roster of a system from a file has versions to upgrade to. Nothing was changed")]
    NotAFileSystem { roster: String, system: String },

    /// An upgrade to the version the roster already uses.
    #[error("\"{roster}\" already uses {id} version {version}; nothing was changed{}", Versions(.versions))]
    AlreadyAtVersion {
        roster: String,
        id: String,
        version: u32,
        versions: Vec<u32>,
    },

    /// An import file was refused: nothing was imported.
    #[error("the file was not imported{}", Listed(.problems))]
    ImportRefused { problems: Vec<Problem> },

    /// Adding would take Rollbook past what it keeps (`rollbook_rules::MAX_ROSTERS`,
    /// `MAX_CHARACTERS`, the trash included), so that everything it holds fits in one roster
    /// file it can import again.
    #[error("Rollbook keeps at most {} {what}, the trash included, and holds {} now; nothing was added. Empty the trash or delete some {what} first", grouped(*.limit), grouped(*.held))]
    LimitReached {
        what: &'static str,
        limit: usize,
        held: usize,
    },

    #[error("no roster {0}")]
    RosterNotFound(String),

    #[error("no saved roll {0}")]
    SavedRollNotFound(String),

    #[error("no character {0}")]
    CharacterNotFound(String),

    /// A name matches several rosters or characters; the ids tell them apart.
    #[error("\"{name}\" matches {} {what}s ({}); use the id instead", ids.len(), ids.join(", "))]
    Ambiguous {
        what: &'static str,
        name: String,
        ids: Vec<String>,
    },

    /// Characters move only between rosters of the same rules system (their sheets differ).
    #[error("\"{character}\" is a {from} character and \"{roster}\" is a {to} roster; characters move only between rosters of the same system")]
    SystemMismatch {
        character: String,
        roster: String,
        from: String,
        to: String,
    },

    /// The item is in the trash: restore it first.
    #[error("{what} \"{name}\" is in the trash; restore it first")]
    InTrash { what: &'static str, name: String },

    #[error("nothing to undo: no deletion is waiting in the trash")]
    NothingToUndo,

    #[error("no encounter {0}")]
    EncounterNotFound(String),

    /// No plan of that name or id (or it was deleted).
    #[error("no plan {0}")]
    PlanNotFound(String),

    /// A table action the encounter's state refuses (the message says what to change).
    #[error("{0}; nothing was changed")]
    InvalidTableAction(String),

    /// A system move the encounter's rules refuse; its code is the [`crate::table::TableError`]'s
    /// (`out_of_range`, `wrong_stage`, `participant_not_found`, …).
    #[error("{0}; nothing was changed")]
    Table(#[from] crate::table::TableError),

    #[error("nothing to undo: no table action of this encounter is left to undo")]
    NoTableActionToUndo,

    /// A roll for a roster must be of the roster's system (its house rules and sheets are).
    #[error("a {system} {roll} roll cannot be made for {who}, a {roster_system} roster; use a {roster_system} request")]
    RollOfOtherSystem {
        system: String,
        roll: String,
        who: String,
        roster_system: String,
    },

    /// A roll for a character names a roster the character is not in.
    #[error("{character} is not in roster \"{roster}\"; give the character's own roster, or none")]
    NotInRoster { character: String, roster: String },

    /// A roll request the rules refuse (its `code` is the rules engine's).
    #[error(transparent)]
    Rules(#[from] rollbook_rules::RulesError),

    /// A roll-log entry whose request or result is not what the rules engine produces.
    #[error("the roll was not logged: {0}")]
    InvalidLogEntry(String),

    /// An output (an export, a roll log, sheets) named the open database or a file Rollbook
    /// keeps beside it (`-wal`, `-shm`, a backup): writing it would replace the campaign.
    #[error("{} is the open Rollbook database or one of its own files ({}); writing there would replace your rosters, so nothing was written. Pick another file name", path.display(), database.display())]
    OutputIsDatabase { path: PathBuf, database: PathBuf },

    /// A folder, a FIFO, a socket or a device where a file to read or replace was expected.
    #[error("{} is {kind}, not a regular file; nothing was read or written there. Pick a file", path.display())]
    NotARegularFile { path: PathBuf, kind: &'static str },

    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// No per-user data directory is known on this system (no `$HOME`).
    #[error("no per-user data directory is known here (is $HOME set?); pass --db PATH")]
    NoDataDir,

    #[error("writing the export failed: {0}")]
    Export(String),

    /// Another Rollbook (the window, the command line) held the file longer than the wait.
    #[error("{} is busy: another Rollbook (the window or the command line) is writing to it; nothing was changed. Try again in a moment", Shown(path))]
    Busy { path: PathBuf },

    /// SQLite or the system said the disk is full (`SQLITE_FULL`, `ENOSPC`) while writing `path`.
    #[error("the disk is full: {} could not be written; nothing was changed. Free some space and try again", Shown(path))]
    DiskFull { path: PathBuf },

    /// The file or its folder cannot be written (permissions, a read-only disk).
    #[error("{} is read-only (the file, its folder or the disk cannot be written); nothing was changed. Make it writable, or copy it to a writable folder and pass that with --db", Shown(path))]
    ReadOnly { path: PathBuf },

    /// `rollbook backup restore ID` named no snapshot of this database.
    #[error("no snapshot {0}; `rollbook backup list` shows them (the id is the first column). Nothing was changed")]
    BackupNotFound(String),

    /// A snapshot that is damaged or not a Rollbook database cannot be gone back to.
    #[error(
        "snapshot {id} cannot be restored: {detail}. Nothing was changed; pick another snapshot"
    )]
    BackupDamaged { id: String, detail: String },

    /// A snapshot written by a newer Rollbook (copied in by hand, say).
    #[error("snapshot {id} was written by a newer Rollbook (database version {found}; this Rollbook knows up to version {supported}). Nothing was changed; update Rollbook to restore it")]
    BackupNewer {
        id: String,
        found: i64,
        supported: i64,
    },

    /// Asked to put a snapshot over a damaged database that is not damaged.
    #[error("{} is not damaged, so it was not replaced; restore a snapshot into it with `rollbook backup restore ID` (or Backups… in the window), which keeps a snapshot of it first", .0.display())]
    NotDamaged(PathBuf),

    /// A rotation policy that would keep nothing, or is past a limit.
    #[error("the backup policy was not saved: {0}")]
    InvalidBackupPolicy(String),

    /// A snapshot of a database that is not a file (none there yet, or one in memory).
    #[error("there is no database file to back up yet (nothing has been saved); create a roster or import one first")]
    NoDatabaseFile,

    #[error("database error: {0}")]
    Database(rusqlite::Error),
}

/// Why a system file's id cannot be added: shipped (`None`), or that version held with other
/// text.
struct SystemIdWords<'a>(&'a str, Option<u32>);

impl fmt::Display for SystemIdWords<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            None => write!(
                f,
                "\"{}\" is a system Rollbook ships; give your file another `id`",
                self.0
            ),
            Some(version) => write!(
                f,
                "{} version {version} is already added with other text; a changed file is a new version: raise `version` in the file (to {} or more)",
                self.0,
                version.saturating_add(1)
            ),
        }
    }
}

/// The versions held, when there is another to go to: "; the versions held are 1, 2".
struct Versions<'a>(&'a [u32]);

impl fmt::Display for Versions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() < 2 {
            return Ok(());
        }
        let listed: Vec<String> = self.0.iter().map(u32::to_string).collect();
        write!(f, " (the versions held are {})", listed.join(", "))
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The sentence offering a sound snapshot of a damaged database, or nothing.
struct Offer<'a>(Option<&'a (PathBuf, String)>);

impl fmt::Display for Offer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some((path, id)) => write!(
                f,
                ". Its newest sound snapshot is {}: `rollbook backup restore {id}` puts it in place (the damaged file is kept in the backups folder)",
                path.display(),
            ),
            None => Ok(()),
        }
    }
}

/// A path in a message; an error made where the path is not known (see [`RosterError::at`])
/// says "the database".
struct Shown<'a>(&'a std::path::Path);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.as_os_str().is_empty() {
            f.write_str("the database")
        } else {
            write!(f, "{}", self.0.display())
        }
    }
}

impl From<rusqlite::Error> for RosterError {
    /// SQLite failures a GM can do something about get their own message; the rest stay as is.
    /// The path is not known here: the store adds it ([`RosterError::at`]).
    fn from(e: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::*;
        let path = PathBuf::new();
        match e.sqlite_error_code() {
            Some(DatabaseBusy | DatabaseLocked) => RosterError::Busy { path },
            Some(DiskFull) => RosterError::DiskFull { path },
            Some(ReadOnly | CannotOpen | PermissionDenied) => RosterError::ReadOnly { path },
            _ => RosterError::Database(e),
        }
    }
}

/// `{"code", "message", "problems"}`: what the window receives for an error.
impl serde::Serialize for RosterError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("RosterError", 3)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("message", &self.to_string())?;
        s.serialize_field("problems", self.problems())?;
        s.end()
    }
}

impl RosterError {
    /// A stable, machine-readable code; the front end and scripts match on it, never on messages.
    pub fn code(&self) -> &'static str {
        match self {
            Self::NotARollbookDatabase { .. } => "not_a_rollbook_database",
            Self::CorruptDatabase { .. } => "corrupt_database",
            Self::DamagedRecord { .. } => "damaged_record",
            Self::NewerDatabase { .. } => "newer_database",
            Self::MigrationFailed { .. } => "migration_failed",
            Self::EncounterStateUnreadable { .. } => "encounter_unreadable",
            Self::EncounterStateNewer { .. } => "encounter_newer",
            Self::InvalidSheet { .. } => "invalid_sheet",
            Self::InvalidRoster { .. } => "invalid_roster",
            Self::InvalidSavedRoll { .. } => "invalid_saved_roll",
            Self::SavedRollNotFound(_) => "saved_roll_not_found",
            Self::ImportRefused { .. } => "import_refused",
            Self::InvalidSystemFile { .. } => "invalid_system_file",
            Self::SystemIdTaken { .. } => "system_id_taken",
            Self::SystemFileNotFound(_) => "system_not_found",
            Self::SystemInUse { .. } => "system_in_use",
            Self::NotAFileSystem { .. } => "not_a_file_system",
            Self::AlreadyAtVersion { .. } => "already_at_version",
            Self::LimitReached { .. } => "limit_reached",
            Self::RosterNotFound(_) => "roster_not_found",
            Self::CharacterNotFound(_) => "character_not_found",
            Self::Ambiguous { .. } => "ambiguous_name",
            Self::SystemMismatch { .. } | Self::RollOfOtherSystem { .. } => "system_mismatch",
            Self::NotInRoster { .. } => "not_in_roster",
            Self::Rules(e) => e.code(),
            Self::InTrash { .. } => "in_trash",
            Self::NothingToUndo | Self::NoTableActionToUndo => "nothing_to_undo",
            Self::EncounterNotFound(_) => "encounter_not_found",
            Self::PlanNotFound(_) => "plan_not_found",
            Self::InvalidTableAction(_) => "invalid_table_action",
            Self::Table(e) => e.code(),
            Self::InvalidLogEntry(_) => "invalid_log_entry",
            Self::OutputIsDatabase { .. } => "output_is_database",
            Self::NotARegularFile { .. } => "not_a_regular_file",
            Self::Io { .. } => "io_error",
            Self::NoDataDir => "no_data_dir",
            Self::Export(_) => "export_failed",
            Self::Busy { .. } => "database_busy",
            Self::DiskFull { .. } => "disk_full",
            Self::ReadOnly { .. } => "read_only",
            Self::BackupNotFound(_) => "backup_not_found",
            Self::BackupDamaged { .. } => "backup_damaged",
            Self::BackupNewer { .. } => "backup_newer",
            Self::InvalidBackupPolicy(_) => "invalid_backup_policy",
            Self::NoDatabaseFile => "no_database_file",
            Self::NotDamaged(_) => "not_damaged",
            Self::Database(_) => "database_error",
        }
    }

    /// Every problem behind an `invalid_*` or `import_refused` error (the message lists at most
    /// [`crate::LISTED_PROBLEMS`]).
    pub fn problems(&self) -> &[Problem] {
        match self {
            Self::InvalidSheet { problems }
            | Self::InvalidRoster { problems }
            | Self::InvalidSavedRoll { problems }
            | Self::InvalidSystemFile { problems }
            | Self::ImportRefused { problems } => problems,
            _ => &[],
        }
    }

    /// A failed file operation on `path`; a full disk is told as such.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        let path = path.into();
        if source.kind() == std::io::ErrorKind::StorageFull {
            return Self::DiskFull { path };
        }
        let source = crate::os_words::worded(&path, source);
        Self::Io { path, source }
    }

    /// The error with the database's path put in where it was not known (errors converted from
    /// SQLite's name no file); other errors are returned as they are.
    pub fn at(mut self, file: &std::path::Path) -> Self {
        if let Self::Busy { path } | Self::DiskFull { path } | Self::ReadOnly { path } = &mut self {
            if path.as_os_str().is_empty() {
                *path = file.to_path_buf();
            }
        }
        self
    }

    pub(crate) fn refused(problems: Vec<Problem>) -> Self {
        Self::ImportRefused { problems }
    }
}

/// `Result` with [`RosterError`].
pub type Result<T, E = RosterError> = std::result::Result<T, E>;

/// Why a system file in use is not removed, and what to do first: delete the rosters in use,
/// empty the trash of those in it.
fn in_use(id: &str, rosters: &[String], trashed: &[String]) -> String {
    let named = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("\"{n}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let count = plural(rosters.len() + trashed.len(), "roster");
    match (rosters.is_empty(), trashed.is_empty()) {
        (_, true) => format!(
            "{id} is used by {count}: {}; delete them (and empty the trash) before removing it",
            named(rosters)
        ),
        (true, false) => format!(
            "{id} is used by {count} in the trash: {}; empty the trash (or delete them from \
             it) before removing it",
            named(trashed)
        ),
        (false, false) => format!(
            "{id} is used by {count}: {}, and in the trash {}; delete them and empty the trash \
             before removing it",
            named(rosters),
            named(trashed)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_problem_reads_as_one_line_and_many_as_a_list() {
        let one = RosterError::refused(vec![Problem::new("version", "is 2")]);
        assert_eq!(one.to_string(), "the file was not imported: version: is 2");
        let many: Vec<Problem> = (0..25)
            .map(|i| Problem::new(format!("a[{i}]"), "bad"))
            .collect();
        let text = RosterError::refused(many).to_string();
        assert!(text.starts_with("the file was not imported (25 problems):\n  a[0]: bad\n"));
        assert!(text.ends_with("\n  a[24]: bad"), "{text}");
    }

    #[test]
    fn past_fifty_problems_the_rest_are_counted_not_listed() {
        let many: Vec<Problem> = (0..180_000)
            .map(|i| Problem::new(format!("a[{i}]"), "bad"))
            .collect();
        let error = RosterError::refused(many);
        let text = error.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 50 + 1);
        assert_eq!(lines[0], "the file was not imported (180,000 problems):");
        assert_eq!(lines[50], "  a[49]: bad");
        assert_eq!(lines[51], "  … and 179,950 more like these");
        // Every one of them is still there for the window and for --json.
        assert_eq!(error.problems().len(), 180_000);
    }

    #[test]
    fn codes_are_stable() {
        assert_eq!(RosterError::NothingToUndo.code(), "nothing_to_undo");
        let e = RosterError::NewerDatabase {
            path: "x".into(),
            found: 9,
            supported: 2,
        };
        assert_eq!(e.code(), "newer_database");
        assert!(e.to_string().contains("database version 9"));
    }

    #[test]
    fn errors_serialise_for_the_window() {
        let e = RosterError::refused(vec![Problem::new("version", "is 2")]);
        assert_eq!(
            serde_json::to_value(&e).unwrap(),
            serde_json::json!({"code": "import_refused",
                               "message": "the file was not imported: version: is 2",
                               "problems": [{"path": "version", "message": "is 2"}]})
        );
    }

    #[test]
    fn a_full_disk_while_writing_a_file_is_a_full_disk() {
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let e = RosterError::io("/games/backup.json", full);
        assert_eq!(e.code(), "disk_full");
        assert!(
            e.to_string().starts_with(
                "the disk is full: /games/backup.json could not be written; nothing was changed"
            ),
            "{e}"
        );
        let other = RosterError::io("/games/x", std::io::ErrorKind::NotFound.into());
        assert_eq!(other.code(), "io_error");
    }

    #[test]
    fn busy_and_full_disks_are_told_apart() {
        let sqlite = |code| rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None);
        assert_eq!(
            RosterError::from(sqlite(rusqlite::ffi::SQLITE_BUSY)).code(),
            "database_busy"
        );
        assert_eq!(
            RosterError::from(sqlite(rusqlite::ffi::SQLITE_FULL)).code(),
            "disk_full"
        );
        assert_eq!(
            RosterError::from(sqlite(rusqlite::ffi::SQLITE_READONLY)).code(),
            "read_only"
        );
        assert_eq!(
            RosterError::from(sqlite(rusqlite::ffi::SQLITE_ERROR)).code(),
            "database_error"
        );
    }
}
