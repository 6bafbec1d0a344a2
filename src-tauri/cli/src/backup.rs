//! `rollbook backup now|list|restore ID|prune|policy`: snapshots of the database in the
//! `backups` folder beside it (the roster crate takes, checks, rotates and restores them).

use clap::Subcommand;
use rollbook_roster::backups::{Policy, Reason, Snapshot};
use rollbook_roster::{RosterError, Store};

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook backup now                      take a snapshot now
  rollbook backup list                     every snapshot, newest first
  rollbook --json backup list              [{\"id\", \"at\", \"size\", \"reason\"}, …]
  rollbook backup restore 20261125T194501.123Z-trash
                                           go back to it (what is there now is snapshotted first)
  rollbook backup prune                    delete what the policy no longer keeps
  rollbook backup policy --keep-last 20 --days 60 --months 24";

#[derive(Debug, Subcommand)]
pub enum BackupCommand {
    /// Take a snapshot of the database now (checked after writing; rotation runs after it).
    #[command(after_help = EXAMPLES)]
    Now,
    /// List the snapshots, newest first: id, when, why, size.
    #[command(after_help = EXAMPLES)]
    List,
    /// Put a snapshot in place of the database, after a snapshot of the database as it is
    /// (restoring that one undoes this). A damaged or foreign snapshot is refused (exit 1), an
    /// unknown id too (exit 2); either way nothing changes.
    #[command(after_help = EXAMPLES)]
    Restore {
        /// The snapshot's id, as `rollbook backup list` shows it.
        id: String,
    },
    /// Delete the snapshots the policy no longer keeps (it also runs after every snapshot).
    #[command(after_help = EXAMPLES)]
    Prune,
    /// Show how many snapshots rotation keeps, or change it (the counts not given stay).
    #[command(after_help = EXAMPLES)]
    Policy {
        /// Keep the newest N snapshots, whenever they were taken (at least 1).
        #[arg(long, value_name = "N")]
        keep_last: Option<u32>,
        /// And the newest of each of the last N days.
        #[arg(long, value_name = "N")]
        days: Option<u32>,
        /// And the newest of each of the last N months.
        #[arg(long, value_name = "N")]
        months: Option<u32>,
    },
}

pub fn run(command: BackupCommand, global: &Global) -> Result<(), Failure> {
    match command {
        BackupCommand::Now => {
            let store = store::open(global, Open::Existing)?;
            let taken = store.back_up_checked(Reason::Manual)?;
            let snapshot = &taken.snapshot;
            if global.json {
                output::json(snapshot)?;
            } else {
                output::text(&format!(
                    "Snapshot {} taken ({}): {}\n",
                    snapshot.id,
                    size(snapshot.size),
                    snapshot.path.display()
                ))?;
            }
            // Taken all the same; what in it does not read is named, each with the newest
            // snapshot that holds it sound.
            Failure::unless_damaged(taken.damaged)
        }
        BackupCommand::List => list(global),
        BackupCommand::Restore { id } => {
            let done = match store::open(global, Open::Existing) {
                Ok(mut store) => store.restore_backup(&id)?,
                // A damaged database (or one damaged past recognising) cannot be opened to copy
                // into: the snapshot replaces the file, which is kept in the backups folder.
                Err(Failure::Store(
                    RosterError::CorruptDatabase { .. } | RosterError::NotARollbookDatabase { .. },
                )) => Store::restore_damaged(store::path(global)?, &id)?,
                Err(other) => return Err(other),
            };
            if global.json {
                return output::json(&done);
            }
            let before = match done.saved.reason {
                Reason::Damaged => format!(
                    "The damaged file is kept as {}.",
                    done.saved.path.display()
                ),
                _ => format!(
                    "What was there before is snapshot {0}: `rollbook backup restore {0}` goes back to it.",
                    done.saved.id
                ),
            };
            output::text(&format!(
                "Restored snapshot {} (taken {}).\n{before}\n",
                done.restored.id,
                text_table::local_time(done.restored.at),
            ))
        }
        BackupCommand::Prune => {
            let store = store::open(global, Open::Existing)?;
            let deleted = store.prune_backups()?;
            if global.json {
                return output::json(&deleted);
            }
            if deleted.is_empty() {
                return output::text("Nothing to prune: every snapshot is one the policy keeps.\n");
            }
            let mut text = format!(
                "Deleted {}:\n",
                text_table::count(deleted.len(), "snapshot")
            );
            for snapshot in &deleted {
                text.push_str(&format!("  {}\n", snapshot.id));
            }
            output::text(&text)
        }
        BackupCommand::Policy {
            keep_last,
            days,
            months,
        } => {
            let mut store = store::open(global, Open::Existing)?;
            let mut policy = store.backup_policy()?;
            if keep_last.is_some() || days.is_some() || months.is_some() {
                policy = store.set_backup_policy(Policy {
                    keep_last: keep_last.unwrap_or(policy.keep_last),
                    days: days.unwrap_or(policy.days),
                    months: months.unwrap_or(policy.months),
                })?;
            }
            if global.json {
                return output::json(&policy);
            }
            output::text(&format!(
                "Rotation keeps the newest {}, the newest of each of the last {} and of each of the last {}.\n",
                text_table::count(policy.keep_last as usize, "snapshot"),
                text_table::count(policy.days as usize, "day"),
                text_table::count(policy.months as usize, "month"),
            ))
        }
    }
}

fn list(global: &Global) -> Result<(), Failure> {
    let snapshots = match store::open(global, Open::Read) {
        Ok(store) => store.backups()?,
        // A damaged database lists what it could go back to (`backup restore` puts it in place),
        // whatever state it is in: that is when a GM needs the list.
        Err(Failure::Store(
            RosterError::CorruptDatabase { .. } | RosterError::NotARollbookDatabase { .. },
        )) => Store::backups_beside(store::path(global)?),
        Err(other) => return Err(other),
    };
    if global.json {
        return output::json(&snapshots);
    }
    if snapshots.is_empty() {
        return output::text("No snapshots yet; `rollbook backup now` takes one.\n");
    }
    let mut table = Table::new(["ID", "TAKEN", "REASON", "SIZE"]);
    for s in &snapshots {
        table.row([
            s.id.clone(),
            text_table::local_time(s.at),
            s.reason.as_str().to_string(),
            size(s.size),
        ]);
    }
    let mut text = table.render();
    if let Some(folder) = snapshots.iter().find_map(in_folder) {
        text.push_str(&format!("In {}\n", folder.display()));
    }
    output::text(&text)
}

/// The folder of a snapshot in the backups folder (not of an upgrade copy beside the file).
fn in_folder(snapshot: &Snapshot) -> Option<&std::path::Path> {
    (snapshot.reason != Reason::Upgrade)
        .then(|| snapshot.path.parent())
        .flatten()
}

/// `812 bytes`, `48.0 KB`, `9.7 MB`.
fn size(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{:.1} KB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size(812), "812 bytes");
        assert_eq!(size(48_000), "48.0 KB");
        assert_eq!(size(9_712_345), "9.7 MB");
    }
}
