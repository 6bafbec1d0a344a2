//! Snapshots the GM can go back to (`backups/` beside the database): taken on demand, when the
//! window opens a database whose last one is over a day old, and before every destructive
//! operation (emptying the trash, a `replace` import, a restore; an upgrade keeps its own copy
//! beside the file, listed here too). The window and the command line call these methods; they
//! only read their arguments and present the answers.
//!
//! One idea per file: `names` (where snapshots are, their names, the listing), `take`, `check`,
//! `sound` (which holds a damaged record sound, which has none), `rotation` (which to keep: a
//! pure function), `restore` (the swap).

mod check;
mod names;
mod restore;
mod rotation;
mod sound;
mod take;

use std::path::{Path, PathBuf};

use serde::Serialize;

pub use check::Holdings;
pub use names::{Reason, Snapshot};
pub use rotation::{to_delete, to_delete_sparing, to_keep, Policy, MAX_POLICY_COUNT};
pub(crate) use sound::newest_holding;

use super::Store;
use crate::error::{Result, RosterError};
use crate::model::Timestamp;

/// A daily snapshot is due once the newest is older than this.
const DAY: i64 = 24 * 60 * 60;

/// The window's Backups dialog: what the database holds now, every snapshot with what it holds,
/// and the rotation policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BackupsOverview {
    /// The database file.
    pub db_path: String,
    /// The backups folder beside it.
    pub folder: String,
    /// What the database holds now (rosters, characters, encounters not in the trash; rolls).
    pub now: Holdings,
    /// Newest first.
    pub snapshots: Vec<SnapshotEntry>,
    pub policy: Policy,
}

/// One snapshot in the overview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SnapshotEntry {
    #[serde(flatten)]
    pub snapshot: Snapshot,
    /// What it holds; `null` when it cannot be read (then `problem` says why).
    pub holds: Option<Holdings>,
    /// Why it could not be read (it is damaged, or not a Rollbook database).
    pub problem: Option<String>,
}

/// What a restore did: the snapshot put in place, and the snapshot of the database as it was
/// just before (restoring that one undoes the restore).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RestoreDone {
    pub restored: Snapshot,
    pub saved: Snapshot,
}

/// A snapshot taken, and the records in it that do not read.
#[derive(Debug)]
pub struct BackedUp {
    pub snapshot: Snapshot,
    /// The refusal (`damaged_record`) of each roster or character in the snapshot that does not
    /// read, offering the newest snapshot that holds it sound: the snapshot was taken all the
    /// same, and rotation keeps the newest one with none.
    pub damaged: Vec<RosterError>,
}

impl Store {
    /// Every snapshot of this database, newest first (none for a database in memory).
    pub fn backups(&self) -> Result<Vec<Snapshot>> {
        Ok(self.path.as_deref().map(names::list).unwrap_or_default())
    }

    /// Every snapshot of the database file at `db`, newest first, without opening it (a damaged
    /// database can still list what it could go back to).
    pub fn backups_beside(db: impl AsRef<Path>) -> Vec<Snapshot> {
        names::list(db.as_ref())
    }

    /// The snapshots with what each holds, what the database holds now, and the policy.
    pub fn backups_overview(&self) -> Result<BackupsOverview> {
        let db = self.file()?;
        let snapshots = names::list(db)
            .into_iter()
            .map(|snapshot| {
                // Not the whole integrity_check (a restore runs it): the dialog lists every
                // snapshot while the window waits, and counting what each holds is enough to
                // show which cannot be read.
                let read = check::identify(&snapshot).and_then(|sound| {
                    check::holdings(&sound.conn).map_err(|e| RosterError::BackupDamaged {
                        id: snapshot.id.clone(),
                        detail: e.to_string(),
                    })
                });
                let (holds, problem) = match read {
                    Ok(holds) => (Some(holds), None),
                    Err(e) => (None, Some(e.to_string())),
                };
                SnapshotEntry {
                    snapshot,
                    holds,
                    problem,
                }
            })
            .collect();
        Ok(BackupsOverview {
            db_path: db.display().to_string(),
            folder: names::folder(db).display().to_string(),
            now: check::holdings(self.conn())?,
            snapshots,
            policy: self.backup_policy()?,
        })
    }

    /// Takes a snapshot now (checked, then rotation runs).
    pub fn back_up(&self, reason: Reason) -> Result<Snapshot> {
        Ok(self.back_up_checked(reason)?.snapshot)
    }

    /// Takes a snapshot now, as [`Store::back_up`], and names the records in it that do not
    /// read (`rollbook backup now` tells them).
    pub fn back_up_checked(&self, reason: Reason) -> Result<BackedUp> {
        let db = self.writable_file()?;
        let (snapshot, damaged) = take::take(self.conn(), db, reason)?;
        self.prune(Some((&snapshot.id, damaged.is_empty())))?;
        // After rotation, so that no refusal offers a snapshot it deleted.
        let damaged = damaged
            .into_iter()
            .map(|record| record.refused(self.conn()))
            .collect();
        Ok(BackedUp { snapshot, damaged })
    }

    /// Takes a `daily` snapshot when the newest is older than a day (or there is none); what the
    /// window does when it opens a database.
    pub fn back_up_if_due(&self) -> Result<Option<Snapshot>> {
        let newest = self.backups()?.into_iter().map(|s| s.at).max();
        let now = Timestamp::now();
        match newest {
            Some(at) if now.as_second() - at.as_second() < DAY => Ok(None),
            _ => self.back_up(Reason::Daily).map(Some),
        }
    }

    /// Deletes the snapshots in the backups folder that the policy no longer keeps, sparing
    /// the newest one in which every record reads; answers them. (The copies upgrades keep
    /// beside the file are left alone.)
    pub fn prune_backups(&self) -> Result<Vec<Snapshot>> {
        self.prune(None)
    }

    /// [`Store::prune_backups`]; `fresh` is a snapshot just taken and whether it is whole
    /// (known from taking it, so it is not read again).
    fn prune(&self, fresh: Option<(&str, bool)>) -> Result<Vec<Snapshot>> {
        let Some(db) = self.path.as_deref() else {
            return Ok(Vec::new());
        };
        let policy = self.backup_policy()?;
        // Oldest first: rotation reads a later index as the newer of two equal times.
        let rotating: Vec<Snapshot> = names::list(db)
            .into_iter()
            .rev()
            .filter(|s| s.reason != Reason::Upgrade)
            .collect();
        let times: Vec<Timestamp> = rotating.iter().map(|s| s.at).collect();
        let whole = |i: usize| match fresh {
            Some((id, whole)) if rotating[i].id == id => whole,
            _ => sound::is_whole(&rotating[i].path),
        };
        let mut deleted = Vec::new();
        for i in rotation::to_delete_sparing(&times, Timestamp::now(), &policy, whole) {
            let snapshot = &rotating[i];
            match std::fs::remove_file(&snapshot.path) {
                Ok(()) => deleted.push(snapshot.clone()),
                // Another Rollbook pruned it first.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(RosterError::io(&snapshot.path, e)),
            }
        }
        Ok(deleted)
    }

    /// Puts snapshot `id` in place of the database: it is checked whole first (a damaged,
    /// foreign or newer one is refused and nothing changes), the database as it is now is
    /// snapshotted, then the snapshot is copied in as one transaction.
    pub fn restore_backup(&mut self, id: &str) -> Result<RestoreDone> {
        let db = self.writable_file()?.to_path_buf();
        let snapshot = names::list(&db)
            .into_iter()
            .find(|s| s.id == id)
            .ok_or_else(|| RosterError::BackupNotFound(id.to_string()))?;
        let sound = check::check(&snapshot)?;
        let source = restore::source(sound, &names::folder(&db))?;
        let (saved, damaged) = take::take(self.conn(), &db, Reason::Restore)?;
        restore::swap_in(&source, &mut self.conn).map_err(|e| e.at(&db))?;
        drop(source);
        self.prune(Some((&saved.id, damaged.is_empty())))?;
        Ok(RestoreDone {
            restored: snapshot,
            saved,
        })
    }

    /// Puts snapshot `id` in place of the database at `db` that [`Store::open`] refuses as
    /// damaged (`corrupt_database`): the snapshot is checked whole, the damaged file is set aside
    /// in the backups folder as it is (reason `damaged`; `saved` in the answer), and the snapshot
    /// is written beside it and renamed over it. A database that is not damaged is refused with
    /// what opening it says (or, when it opens, told to use [`Store::restore_backup`]).
    pub fn restore_damaged(db: impl AsRef<Path>, id: &str) -> Result<RestoreDone> {
        let db = db.as_ref();
        match Store::open_read_only(db) {
            // Damaged, or damaged past recognising (its header overwritten): the GM names the
            // snapshot to put in its place, and the file is set aside, not lost.
            Err(RosterError::CorruptDatabase { .. } | RosterError::NotARollbookDatabase { .. })
                if db.is_file() => {}
            Err(other) => return Err(other),
            Ok(_) => return Err(RosterError::NotDamaged(db.to_path_buf())),
        }
        let snapshot = names::list(db)
            .into_iter()
            .find(|s| s.id == id)
            .ok_or_else(|| RosterError::BackupNotFound(id.to_string()))?;
        let sound = check::check(&snapshot)?;
        let source = restore::source(sound, &names::folder(db))?;
        let saved = take::set_aside(db)?;
        restore::replace_damaged(&source, db)?;
        Ok(RestoreDone {
            restored: snapshot,
            saved,
        })
    }

    /// A snapshot before a destructive operation; nothing for a database in memory.
    pub(crate) fn back_up_before(&self, reason: Reason) -> Result<()> {
        if self.path.is_some() {
            self.back_up(reason)?;
        }
        Ok(())
    }

    fn file(&self) -> Result<&Path> {
        self.path.as_deref().ok_or(RosterError::NoDatabaseFile)
    }

    /// The file, when this store may write it (a store opened read-only may not, and a
    /// snapshot of it would be taken for a change that cannot happen).
    fn writable_file(&self) -> Result<&Path> {
        let db = self.file()?;
        let query_only: bool = self
            .conn()
            .pragma_query_value(None, "query_only", |r| r.get(0))?;
        if query_only {
            return Err(RosterError::ReadOnly {
                path: db.to_path_buf(),
            });
        }
        Ok(db)
    }
}

/// The newest snapshot of the database at `db` that reads back sound (offered when the database
/// itself is found damaged).
pub(crate) fn newest_sound(db: &Path) -> Option<(PathBuf, String)> {
    names::list(db)
        .into_iter()
        .find(|s| check::is_sound(&s.path))
        .map(|s| (s.path, s.id))
}
