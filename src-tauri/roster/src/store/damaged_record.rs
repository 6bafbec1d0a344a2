//! A stored record that does not read, named as the GM knows it, and where a sound copy of it
//! may be had: the data of the `damaged_record` refusal (`error.rs`), below both the store that
//! finds such records (`damaged.rs`) and the error that words them.

use std::fmt;

use rollbook_rules::text::{excerpt, excerpt_quoted, isolated};

/// A roster, a character, a roll-log entry or a plan whose stored fields do not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedRecord {
    /// The roster's name and id, as stored (the roster itself, or the character's, the entry's
    /// or the plan's); both empty for a roll-log entry made in no roster.
    pub roster_name: String,
    pub roster_id: String,
    /// The character's name and id, when the damage is in one of its fields.
    pub character: Option<(String, String)>,
    /// The roll-log entry or the plan, when the damage is in one of its fields (boxed: every
    /// `Result` that may hold this record carries its size).
    pub entry: Option<Box<DamagedEntry>>,
    /// What does not read (`its sheet: expected value at line 1 column 1`); boxed text keeps
    /// the record small enough to ride in a `Result`.
    pub detail: Box<str>,
}

impl DamagedRecord {
    pub(crate) fn roster(name: &str, id: &str, detail: String) -> DamagedRecord {
        DamagedRecord {
            roster_name: name.to_string(),
            roster_id: id.to_string(),
            character: None,
            entry: None,
            detail: excerpt_quoted(&detail).into(),
        }
    }

    /// A roll-log entry or a plan of the roster `(name, id)` (both empty: of no roster).
    pub(crate) fn entry(
        (roster_name, roster_id): (&str, &str),
        entry: DamagedEntry,
        detail: String,
    ) -> DamagedRecord {
        DamagedRecord {
            entry: Some(Box::new(entry)),
            ..DamagedRecord::roster(roster_name, roster_id, detail)
        }
    }

    pub(crate) fn character(
        (roster_name, roster_id): (&str, &str),
        (name, id): (&str, &str),
        detail: String,
    ) -> DamagedRecord {
        DamagedRecord {
            character: Some((name.to_string(), id.to_string())),
            ..DamagedRecord::roster(roster_name, roster_id, detail)
        }
    }

    /// Whether this is the roster (or a character of the roster) named `name`, as `--roster
    /// NAME` matches names.
    pub(crate) fn in_roster_named(&self, name: &str) -> bool {
        self.roster_name.trim().to_lowercase() == name.trim().to_lowercase()
    }
}

/// A stored record that is not a roster or a character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DamagedEntry {
    /// A roll-log entry, by its id.
    LogEntry(i64),
    /// An encounter plan: its name and id, as stored.
    Plan { name: String, id: String },
    /// An encounter whose stored state does not read: its id, and its name when what is stored
    /// still says one (empty when not).
    Encounter { name: String, id: String },
}

/// `the character "Vex" (ID) in roster "Heroes" (ID)`, `the roll-log entry 12 in roster …`,
/// `the plan "Ambush" (ID) in roster …`, or `roster "Heroes" (ID)`: names as the GM knows
/// them, ids to tell two of one name apart. Quoted short and isolated, since a damaged row's
/// text is whatever is in the file.
impl fmt::Display for DamagedRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |text: &str| isolated(&excerpt(text)).into_owned();
        if let Some((name, id)) = &self.character {
            write!(f, "the character \"{}\" ({}) in ", shown(name), shown(id))?;
        }
        match self.entry.as_deref() {
            Some(DamagedEntry::LogEntry(id)) => write!(f, "the roll-log entry {id}")?,
            Some(DamagedEntry::Plan { name, id }) => {
                write!(f, "the plan \"{}\" ({})", shown(name), shown(id))?
            }
            Some(DamagedEntry::Encounter { name, id }) if name.is_empty() => {
                write!(f, "the encounter {}", shown(id))?
            }
            Some(DamagedEntry::Encounter { name, id }) => {
                write!(f, "the encounter \"{}\" ({})", shown(name), shown(id))?
            }
            None => {}
        }
        if self.entry.is_some() {
            if self.roster_id.is_empty() {
                return Ok(());
            }
            f.write_str(" in ")?;
        }
        write!(
            f,
            "roster \"{}\" ({})",
            shown(&self.roster_name),
            shown(&self.roster_id)
        )
    }
}

/// Where a damaged record can be had whole again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundCopy {
    /// The newest snapshot that holds the record and reads it: its id.
    Snapshot(String),
    /// No snapshot beside the database holds it sound.
    None,
    /// Not looked for (a database in memory has no snapshots).
    NotLooked,
}

impl fmt::Display for SoundCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoundCopy::Snapshot(id) => write!(
                f,
                ". The newest snapshot that holds it sound is {id}: `rollbook backup restore {id}` puts the whole database back as it was then (what is there now is snapshotted first)"
            ),
            SoundCopy::None => f.write_str(". No snapshot beside the database holds it sound"),
            SoundCopy::NotLooked => Ok(()),
        }
    }
}
