//! The GM's own system files (issue 31; `docs/system-files.md`): add one (every version kept
//! whole), list them, read one back, remove one no roster uses. One function per thing the GM
//! does, called alike by the window and `rollbook system add|list|show|remove`. A refused file
//! stores nothing; each stored version is made known to the request parser
//! ([`rollbook_rules::system_file::known`]) when the store opens and when it is added, so a
//! request of it is answered wherever one of the five is.

use std::sync::Arc;

use rollbook_rules::system_file::{self, known, shipped, SystemFile};
use rusqlite::{params, Connection, OptionalExtension};

use super::{Reason, Store};
use crate::error::{Result, RosterError};
use crate::model::{file_problem, from_millis, now, AddedSystem, Declares, StoredSystem, System};

/// How many versions of system files the store keeps, every id together: far past what a GM
/// keeps, so that a runaway script cannot fill the database with them.
pub const MAX_SYSTEM_FILES: usize = 1_000;

/// A system file's text and what it reads as: only a text that reads whole is one, so the
/// store never holds a text apart from the file it was read as.
#[derive(Debug)]
pub struct ReadSystemFile {
    text: String,
    file: SystemFile,
}

impl ReadSystemFile {
    /// Reads `text` whole, refused with every problem at its line and column
    /// (`invalid_system_file`).
    pub fn read(text: String) -> Result<Self> {
        match system_file::read(&text) {
            Ok(file) => Ok(Self { text, file }),
            Err(problems) => Err(invalid(&problems)),
        }
    }

    /// What the text reads as.
    pub fn file(&self) -> &SystemFile {
        &self.file
    }

    /// The text as read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A text already read as `file` (by [`crate::operations::system_file::check`]).
    pub(crate) fn of(text: String, file: SystemFile) -> Self {
        Self { text, file }
    }
}

/// A file's problems as the store's refusal.
pub(crate) fn invalid(problems: &[system_file::FileProblem]) -> RosterError {
    RosterError::InvalidSystemFile {
        problems: problems.iter().map(file_problem).collect(),
    }
}

impl Store {
    /// Adds a system file from its text: checked whole (every problem with its line and
    /// column, nothing stored), refused when its id is one Rollbook ships or when its version
    /// is held with other text (a changed file is a new version). The same text again changes
    /// nothing (`added: false`).
    pub fn add_system_file(&mut self, text: &str) -> Result<AddedSystem> {
        self.add_read_system_file(ReadSystemFile::read(text.to_string())?)
    }

    /// [`Self::add_system_file`] of a file already read (the command line and the window
    /// check a file before they add it): a large file is read once, not again by the store.
    pub fn add_read_system_file(&mut self, read: ReadSystemFile) -> Result<AddedSystem> {
        let ReadSystemFile { text, file } = read;
        if shipped::find(&file.id).is_some() || System::ALL.iter().any(|s| s.as_str() == file.id) {
            return Err(RosterError::SystemIdTaken {
                id: file.id,
                version: None,
            });
        }
        let (added, earlier_versions) = self.write(|tx| {
            let held: Option<String> = tx
                .query_row(
                    "SELECT source FROM system_files WHERE id = ?1 AND version = ?2",
                    params![file.id, file.version],
                    |r| r.get(0),
                )
                .optional()?;
            let earlier = versions(tx, &file.id)?
                .into_iter()
                .filter(|v| *v != file.version)
                .collect::<Vec<_>>();
            match held {
                Some(source) if source == text => return Ok((false, earlier)),
                Some(_) => {
                    return Err(RosterError::SystemIdTaken {
                        id: file.id.clone(),
                        version: Some(file.version),
                    })
                }
                None => {}
            }
            let count: i64 = tx.query_row("SELECT count(*) FROM system_files", [], |r| r.get(0))?;
            if count as usize >= MAX_SYSTEM_FILES {
                return Err(RosterError::LimitReached {
                    what: "system file versions",
                    limit: MAX_SYSTEM_FILES,
                    held: count as usize,
                });
            }
            insert(tx, &file.id, file.version, &file.name, &text)?;
            Ok((true, earlier))
        })?;
        // What is stored is the file in hand: described from it, not read back.
        let added_at: i64 = self.conn().query_row(
            "SELECT added_at FROM system_files WHERE id = ?1 AND version = ?2",
            params![file.id, file.version],
            |r| r.get(0),
        )?;
        let system = self.described(&file, added_at)?;
        known::register(Arc::new(file));
        Ok(AddedSystem {
            system,
            added,
            earlier_versions,
        })
    }

    /// Every stored version, by id, newest version first.
    pub fn system_files(&self) -> Result<Vec<StoredSystem>> {
        let mut stmt = self.conn().prepare(
            "SELECT id, version, source, added_at FROM system_files ORDER BY id, version DESC",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<Vec<(String, u32, String, i64)>>>()?;
        rows.into_iter()
            .map(|(id, version, source, added_at)| {
                self.stored(&id, version, &source, added_at)
                    .map(|(stored, _)| stored)
            })
            .collect()
    }

    /// One system file by id, at `version` or its newest, with its text as added.
    pub fn system_file(&self, id: &str, version: Option<u32>) -> Result<(StoredSystem, String)> {
        let versions = versions(self.conn(), id)?;
        let Some(newest) = versions.last().copied() else {
            return Err(self.not_found(id));
        };
        let version = version.unwrap_or(newest);
        if !versions.contains(&version) {
            return Err(RosterError::SystemFileNotFound(format!(
                "{id} version {version}; it has {}",
                joined(&versions)
            )));
        }
        let (source, added_at): (String, i64) = self.conn().query_row(
            "SELECT source, added_at FROM system_files WHERE id = ?1 AND version = ?2",
            params![id, version],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let (stored, _) = self.stored(id, version, &source, added_at)?;
        Ok((stored, source))
    }

    /// The versions of `id` held, ascending.
    pub(crate) fn system_versions(&self, id: &str) -> Result<Vec<u32>> {
        versions(self.conn(), id)
    }

    /// Removes every version of the system `id`, refused while a roster (the trash included)
    /// uses one; a snapshot is taken first, as for every removal for good.
    pub fn remove_system_file(&mut self, id: &str) -> Result<Vec<StoredSystem>> {
        let gone = self
            .system_files()?
            .into_iter()
            .filter(|s| s.id == id)
            .collect::<Vec<_>>();
        if gone.is_empty() {
            return Err(self.not_found(id));
        }
        let (rosters, trashed) = rosters_using(self.conn(), id)?;
        if !rosters.is_empty() || !trashed.is_empty() {
            return Err(RosterError::SystemInUse {
                id: id.to_string(),
                rosters,
                trashed,
            });
        }
        self.back_up_before(Reason::System)?;
        self.write(|tx| {
            tx.execute("DELETE FROM system_files WHERE id = ?1", [id])?;
            Ok(())
        })?;
        known::forget(id);
        Ok(gone)
    }

    /// Makes every stored version known to the request parser (at open), each text read when
    /// first asked for: a store holding large files opens without reading them. A stored text
    /// that no longer reads (a later build reads the format more strictly) is left unknown:
    /// its rosters are refused where they are read, naming it.
    pub(crate) fn register_system_files(&self) -> Result<()> {
        let mut stmt = self
            .conn()
            .prepare("SELECT id, version, source FROM system_files")?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<Vec<(String, u32, String)>>>()?;
        for (id, version, source) in rows {
            known::register_source(&id, version, source);
        }
        Ok(())
    }

    fn stored(
        &self,
        id: &str,
        version: u32,
        source: &str,
        added_at: i64,
    ) -> Result<(StoredSystem, SystemFile)> {
        let file = system_file::read(source).map_err(|problems| {
            let first = problems
                .first()
                .map(|p| format!("{}:{}: {}", p.line, p.column, p.message))
                .unwrap_or_default();
            crate::store::corrupt(format!(
                "the stored system file {id} version {version} no longer reads ({first})"
            ))
        })?;
        Ok((self.described(&file, added_at)?, file))
    }

    /// A stored version as listed: what `file` declares and how many rosters use it.
    fn described(&self, file: &SystemFile, added_at: i64) -> Result<StoredSystem> {
        let rosters: u32 = self.conn().query_row(
            "SELECT count(*) FROM rosters WHERE system = ?1 AND system_version = ?2",
            params![file.id, file.version],
            |r| r.get(0),
        )?;
        Ok(StoredSystem {
            id: file.id.clone(),
            version: file.version,
            name: file.name.clone(),
            summary: file.summary.clone(),
            added_at: from_millis(added_at),
            rosters,
            declares: Declares::of(file),
        })
    }

    fn not_found(&self, id: &str) -> RosterError {
        let ids: Vec<String> = self
            .system_files()
            .unwrap_or_default()
            .into_iter()
            .map(|s| s.id)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        RosterError::SystemFileNotFound(if ids.is_empty() {
            format!("\"{id}\"; no system file has been added yet (`rollbook system add FILE`)")
        } else {
            format!("\"{id}\"; the added systems are {}", ids.join(", "))
        })
    }
}

/// Keeps the text of a shipped system a roster is made with (an added one is there already),
/// so that the roster's system is held like any other: exported with it, and kept should a
/// later build ship another version.
pub(crate) fn keep_shipped(conn: &Connection, system: System) -> Result<()> {
    let System::File(file) = system else {
        return Ok(());
    };
    let Some(text) = shipped::source_of(file.id()) else {
        return Ok(());
    };
    insert(conn, file.id(), file.version(), file.name(), text)
}

/// The text of `id` at `version` as stored, if it is.
pub(crate) fn held_source(conn: &Connection, id: &str, version: u32) -> Result<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT source FROM system_files WHERE id = ?1 AND version = ?2",
            params![id, version],
            |r| r.get(0),
        )
        .optional()?)
}

/// Stores a system a roster file carries (checked when the file was read; not held yet).
pub(crate) fn keep_imported(conn: &Connection, system: &crate::import::ImportSystem) -> Result<()> {
    let name = known::find_version(&system.id, system.version)
        .map(|f| f.name.clone())
        .unwrap_or_default();
    insert(conn, &system.id, system.version, &name, &system.source)
}

/// Stores one version's text, added now; a version already held is left as it is (every caller
/// has checked that a held one holds the same text).
fn insert(conn: &Connection, id: &str, version: u32, name: &str, text: &str) -> Result<()> {
    conn.execute(
        "INSERT INTO system_files (id, version, name, source, added_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (id, version) DO NOTHING",
        params![id, version, name, text, now().as_millisecond()],
    )?;
    Ok(())
}

/// The stored versions of `id`, ascending.
fn versions(conn: &Connection, id: &str) -> Result<Vec<u32>> {
    let mut stmt =
        conn.prepare_cached("SELECT version FROM system_files WHERE id = ?1 ORDER BY version")?;
    let versions = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<u32>>>()?;
    Ok(versions)
}

/// The names of the rosters of system `id`: those in use, then those in the trash.
fn rosters_using(conn: &Connection, id: &str) -> Result<(Vec<String>, Vec<String>)> {
    let mut stmt = conn.prepare_cached(
        "SELECT name, deleted_at IS NOT NULL FROM rosters
         WHERE system = ?1 AND system_version IS NOT NULL ORDER BY position, created_at",
    )?;
    let rows = stmt
        .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let (trashed, rosters): (Vec<_>, Vec<_>) = rows.into_iter().partition(|(_, gone)| *gone);
    let names = |rows: Vec<(String, bool)>| rows.into_iter().map(|(n, _)| n).collect();
    Ok((names(rosters), names(trashed)))
}

fn joined(versions: &[u32]) -> String {
    versions
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
