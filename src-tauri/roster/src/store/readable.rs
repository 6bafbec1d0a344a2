//! A record that does not read, refused by name: the refusal offers the newest snapshot beside
//! the database that holds the record sound (`backups::sound`), so it is made here, above the
//! rows and the scan of a snapshot, never by the rows themselves.

use rusqlite::Connection;

use super::backups::newest_holding;
use super::damaged_record::{DamagedRecord, SoundCopy};
use super::rows::{CharacterRow, RosterRow};
use crate::error::{Result, RosterError};
use crate::model::{Character, Roster};

impl DamagedRecord {
    /// The refusal of this record, offering the newest snapshot beside `conn`'s database file
    /// that holds it sound.
    pub(crate) fn refused(self, conn: &Connection) -> RosterError {
        let offer = match conn.path().filter(|p| !p.is_empty()) {
            Some(db) => newest_holding(std::path::Path::new(db), &self),
            None => SoundCopy::NotLooked,
        };
        RosterError::DamagedRecord {
            record: Box::new(self),
            offer,
        }
    }
}

impl RosterRow {
    /// The roster, or its refusal by name (offering the newest snapshot that holds it sound).
    pub(crate) fn into_roster(self, conn: &Connection) -> Result<Roster> {
        self.read().map_err(|damaged| damaged.refused(conn))
    }
}

impl CharacterRow {
    /// The character, or its refusal by name (offering the newest snapshot that holds it sound).
    pub(crate) fn into_character(self, conn: &Connection) -> Result<Character> {
        self.read().map_err(|damaged| damaged.refused(conn))
    }
}

/// What a listing could read, and the refusal of each record it could not (the rest is whole).
#[derive(Debug)]
pub struct Readable<T> {
    pub read: Vec<T>,
    /// Each a `damaged_record` refusal, naming the record.
    pub damaged: Vec<RosterError>,
}

/// Every row of `rows` read with `read`, in order: what does not read is kept as what it is (no
/// snapshot is looked for until a caller refuses it, see [`Readable::of`]).
pub(crate) fn read_rows<T, R>(
    rows: impl Iterator<Item = rusqlite::Result<R>>,
    read: impl Fn(R) -> std::result::Result<T, DamagedRecord>,
) -> Result<Vec<std::result::Result<T, DamagedRecord>>> {
    rows.map(|row| Ok(read(row?))).collect()
}

impl<T> Readable<T> {
    /// What reads, and each damaged record refused by name (with its snapshot looked for).
    pub(crate) fn of(conn: &Connection, rows: Vec<std::result::Result<T, DamagedRecord>>) -> Self {
        let mut out = Readable {
            read: Vec::new(),
            damaged: Vec::new(),
        };
        for row in rows {
            match row {
                Ok(value) => out.read.push(value),
                Err(damaged) => out.damaged.push(damaged.refused(conn)),
            }
        }
        out
    }
}
