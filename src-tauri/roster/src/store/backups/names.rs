//! Where snapshots are and what their names say. A snapshot is `backups/STAMP-REASON.sqlite3`
//! beside the database (`20261125T194501.123Z-trash.sqlite3`, to the millisecond so that the
//! snapshots of one busy second still sort in the order they were taken; `-2`, `-3`… when two
//! are taken in the same millisecond), its id the name without `.sqlite3`. The copies an upgrade takes beside the file
//! (`NAME.vN-backup-STAMP`, see `store/upgrade_copy.rs`) are listed too, as reason `upgrade`: they are
//! snapshots the GM can go back to, though rotation leaves them alone.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::BACKUPS_DIR;
use crate::model::Timestamp;

/// The extension of a snapshot in the backups folder.
pub(super) const EXTENSION: &str = "sqlite3";

/// Why a snapshot was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Asked for (`rollbook backup now`, "Back up now").
    Manual,
    /// The window opened a database whose last snapshot was more than a day old.
    Daily,
    /// Before the trash was emptied.
    Trash,
    /// Before an import in `replace` mode.
    Import,
    /// Before a restore put another snapshot in place.
    Restore,
    /// Before a schema upgrade (the copy beside the file).
    Upgrade,
    /// A damaged database, set aside (bytes as they were) when a snapshot was put in its place.
    Damaged,
    /// Before a system file was removed, or a roster moved to another version of its system.
    System,
}

impl Reason {
    pub const ALL: [Reason; 8] = [
        Reason::Manual,
        Reason::Daily,
        Reason::Trash,
        Reason::Import,
        Reason::Restore,
        Reason::Upgrade,
        Reason::Damaged,
        Reason::System,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Manual => "manual",
            Reason::Daily => "daily",
            Reason::Trash => "trash",
            Reason::Import => "import",
            Reason::Restore => "restore",
            Reason::Upgrade => "upgrade",
            Reason::Damaged => "damaged",
            Reason::System => "system",
        }
    }

    fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// One snapshot on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Snapshot {
    /// What `rollbook backup restore ID` takes: the file name without `.sqlite3`.
    pub id: String,
    /// When it was taken (to the second, UTC).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub at: Timestamp,
    /// Its size in bytes.
    pub size: u64,
    pub reason: Reason,
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub path: PathBuf,
}

/// `20261125T194501.123Z`: sorts as it reads, and is a valid file name everywhere.
pub(super) fn stamp(at: Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%S%.3fZ").to_string()
}

/// A snapshot's stamp (to the millisecond) or an upgrade copy's (to the second).
fn parse_stamp(text: &str) -> Option<Timestamp> {
    let format = match text.contains('.') {
        true => "%Y%m%dT%H%M%S%.fZ",
        false => "%Y%m%dT%H%M%SZ",
    };
    let civil = jiff::civil::DateTime::strptime(format, text).ok()?;
    civil
        .to_zoned(jiff::tz::TimeZone::UTC)
        .ok()
        .map(|z| z.timestamp())
}

/// The backups folder of the database at `db`.
pub(super) fn folder(db: &Path) -> PathBuf {
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty());
    dir.unwrap_or(Path::new(".")).join(BACKUPS_DIR)
}

/// The id of the `n`th snapshot taken for `reason` in the second of `stamp` (n from 1).
pub(super) fn id(stamp: &str, reason: Reason, n: u32) -> String {
    match n {
        1 => format!("{stamp}-{}", reason.as_str()),
        n => format!("{stamp}-{}-{n}", reason.as_str()),
    }
}

/// `STAMP-REASON[-N]` → its time, reason and N (1 when there is none).
fn parse_id(id: &str) -> Option<(Timestamp, Reason, u32)> {
    let (stamp, rest) = id.split_once('-')?;
    let (reason, n) = match rest.split_once('-') {
        Some((reason, n)) => match n.parse::<u32>() {
            Ok(n) if n > 1 => (reason, n),
            _ => return None,
        },
        None => (rest, 1),
    };
    Some((parse_stamp(stamp)?, Reason::parse(reason)?, n))
}

/// Every snapshot of the database at `db`, newest first: those in the backups folder and the
/// pre-upgrade copies beside the file. A file being written (still empty, or a `.partial`), or
/// named otherwise, is not one.
pub(super) fn list(db: &Path) -> Vec<Snapshot> {
    let mut all = Vec::new();
    if let Ok(entries) = fs::read_dir(folder(db)) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
                continue;
            }
            let Some(id) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .map(str::to_string)
            else {
                continue;
            };
            let Some((at, reason, n)) = parse_id(&id) else {
                continue;
            };
            if let Some(size) = size(&path) {
                let snapshot = Snapshot {
                    id,
                    at,
                    size,
                    reason,
                    path,
                };
                all.push((snapshot, n));
            }
        }
    }
    all.extend(upgrade_copies(db).into_iter().map(|s| (s, 0)));
    // Newest first: by time, then by the number given to a name already taken.
    all.sort_by(|(a, an), (b, bn)| (b.at, bn).cmp(&(a.at, an)));
    all.into_iter().map(|(s, _)| s).collect()
}

/// The pre-upgrade copies `NAME.vN-backup-STAMP[-N]` beside the database, as snapshots with
/// the id `STAMP-upgrade-vN[-N]`.
fn upgrade_copies(db: &Path) -> Vec<Snapshot> {
    let (Some(name), Some(dir)) = (db.file_name().and_then(|n| n.to_str()), db.parent()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!("{name}.v");
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut copies = Vec::new();
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let Some((version, stamp_n)) = rest.split_once("-backup-") else {
            continue;
        };
        let (stamp, n) = match stamp_n.split_once('-') {
            Some((stamp, n)) => (stamp, Some(n)),
            None => (stamp_n, None),
        };
        let (Ok(version), Some(at)) = (version.parse::<u32>(), parse_stamp(stamp)) else {
            continue;
        };
        let path = entry.path();
        let Some(size) = size(&path) else { continue };
        let id = match n {
            Some(n) => format!("{stamp}-upgrade-v{version}-{n}"),
            None => format!("{stamp}-upgrade-v{version}"),
        };
        copies.push(Snapshot {
            id,
            at,
            size,
            reason: Reason::Upgrade,
            path,
        });
    }
    copies
}

/// The size of a finished snapshot file; `None` for anything else (a folder, a name reserved by a
/// snapshot still being written).
fn size(path: &Path) -> Option<u64> {
    let meta = fs::metadata(path).ok()?;
    (meta.is_file() && meta.len() > 0).then_some(meta.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_say_when_and_why() {
        let at: Timestamp = "2026-11-25T19:45:01.042Z".parse().unwrap();
        let s = stamp(at);
        assert_eq!(s, "20261125T194501.042Z");
        assert_eq!(id(&s, Reason::Trash, 1), "20261125T194501.042Z-trash");
        assert_eq!(id(&s, Reason::Trash, 3), "20261125T194501.042Z-trash-3");
        assert_eq!(
            parse_id("20261125T194501.042Z-trash-3"),
            Some((at, Reason::Trash, 3))
        );
        assert_eq!(
            parse_id("20261125T194501Z-daily"),
            Some(("2026-11-25T19:45:01Z".parse().unwrap(), Reason::Daily, 1))
        );
        for bad in [
            "20261125T194501Z-nap",
            "20261125-trash",
            "20261125T194501Z-trash-1",
            "20261125T194501Z-trash-x",
            "x",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn listing_finds_snapshots_and_upgrade_copies_newest_first_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("rollbook.sqlite3");
        let backups = folder(&db);
        fs::create_dir(&backups).unwrap();
        for name in [
            "20261101T000000Z-daily.sqlite3",
            "20261102T000000Z-manual.sqlite3",
            "20261102T000000Z-manual-2.sqlite3",
            "20261102T000000Z-manual-10.sqlite3",
            "20261103T000000Z-trash.sqlite3.partial",
            "notes.txt",
            "20261104T000000Z-daily.sqlite3-wal",
        ] {
            fs::write(backups.join(name), b"x").unwrap();
        }
        fs::write(backups.join("20261105T000000Z-daily.sqlite3"), b"").unwrap();
        fs::write(
            dir.path()
                .join("rollbook.sqlite3.v2-backup-20261001T120000Z"),
            b"xy",
        )
        .unwrap();
        let ids: Vec<String> = list(&db).into_iter().map(|s| s.id).collect();
        assert_eq!(
            ids,
            [
                "20261102T000000Z-manual-10",
                "20261102T000000Z-manual-2",
                "20261102T000000Z-manual",
                "20261101T000000Z-daily",
                "20261001T120000Z-upgrade-v2"
            ]
        );
    }
}
