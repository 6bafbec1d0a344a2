//! A system from a file at the table: each participant's trackers the file names in
//! `[table] trackers` (hp, stress, ammo), taken from the sheet when they join (a quick NPC's
//! from a blank sheet), changed in place by a move (logged and undone like every move), and
//! written back to the sheets by "Save to sheets".

use indexmap::IndexMap;
use rollbook_rules::system_file::SheetFieldKind;
use rollbook_rules::table::Event;
use rollbook_rules::HouseRules;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::handle::FileSystem;
use super::roll_ask::RollAsk;
use super::sheet::FileSheet;
use super::system::house_numbers;
use crate::model::System;
use crate::sheet::Sheet;
use crate::table::{seated_parts, Outcome, Seat, SystemRules, TableContext, TableError};

/// One tracker at the table: its value now and its maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TrackerNow {
    pub value: i64,
    pub max: i64,
}

/// One participant's trackers, by the sheet part's name, in the file's order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FilePart {
    pub trackers: IndexMap<String, TrackerNow>,
}

/// The table of a system from a file: which system (its id and version, as stored) and every
/// participant's part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(try_from = "StoredFileTable", into = "StoredFileTable")]
#[cfg_attr(feature = "ts", ts(as = "StoredFileTable"))]
pub struct FileTable {
    pub system: FileSystem,
    pub parts: IndexMap<Uuid, FilePart>,
}

/// [`FileTable`] as stored: the system named by id and version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StoredFileTable {
    pub id: String,
    pub version: u32,
    pub parts: IndexMap<Uuid, FilePart>,
}

impl TryFrom<StoredFileTable> for FileTable {
    type Error = String;

    fn try_from(stored: StoredFileTable) -> Result<Self, String> {
        let system = FileSystem::find(&stored.id, Some(stored.version)).ok_or_else(|| {
            format!(
                "the system {} version {} is not held here: add its file again",
                stored.id, stored.version
            )
        })?;
        Ok(FileTable {
            system,
            parts: stored.parts,
        })
    }
}

impl From<FileTable> for StoredFileTable {
    fn from(table: FileTable) -> Self {
        StoredFileTable {
            id: table.system.id().to_string(),
            version: table.system.version(),
            parts: table.parts,
        }
    }
}

/// A move of a system from a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum FileMove {
    /// A tracker changed by `by` (damage taken: negative), kept within 0 and its maximum.
    Adjust {
        participant_id: Uuid,
        tracker: String,
        by: i64,
    },
    /// A tracker set to `value` (0 to its maximum).
    Set {
        participant_id: Uuid,
        tracker: String,
        value: i64,
    },
    /// A participant rolls the file's kind `roll`: its fields filled from their sheet
    /// (`from_sheet`; `rating` names the rating of a ratings list), from the sheet of the
    /// participant rolled `against` (`from_opponent`), then `fields` as the GM gives them (a
    /// target, a mode). Logged as the participant's roll.
    Roll {
        participant_id: Uuid,
        roll: String,
        #[serde(default)]
        rating: Option<String>,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown>"))]
        fields: Map<String, Value>,
        #[serde(default)]
        against: Option<Uuid>,
    },
    /// Every participant rolls the initiative the file declares (`[table] initiative`); the
    /// turn order becomes highest first. A file without one is refused: the GM types the order.
    Initiative,
}

impl FileMove {
    /// What a `Roll` asks.
    fn ask(&self) -> Option<RollAsk<'_>> {
        let FileMove::Roll {
            participant_id,
            roll,
            rating,
            fields,
            against,
        } = self
        else {
            return None;
        };
        Some(RollAsk {
            participant_id: *participant_id,
            roll,
            rating: rating.as_deref(),
            fields,
            against: *against,
        })
    }
}

impl FileTable {
    /// A participant's part: from its sheet, or a blank sheet's for a quick NPC, its trackers'
    /// maxima under the roster's house-rule numbers.
    fn part_of(&self, seat: &Seat, house: &HouseRules) -> FilePart {
        let blank;
        let sheet = match seat.sheet() {
            Some(Sheet::File(sheet)) => sheet,
            _ => {
                blank = FileSheet::blank(self.system);
                &blank
            }
        };
        let file = self.system.file();
        let worked = file.sheet_values(&sheet.numbers(), &house_numbers(house));
        let trackers = file
            .table
            .trackers
            .iter()
            .filter_map(|name| {
                let max = worked.tracker_max.get(name).copied()?;
                let value = worked.values.get(name).copied().unwrap_or(max);
                Some((name.clone(), TrackerNow { value, max }))
            })
            .collect();
        FilePart { trackers }
    }

    /// This table at `system`, another version of its system (the roster was upgraded while
    /// the encounter ran): each seated participant's part worked out anew from their sheet
    /// under that version, keeping the value of every tracker both versions track (within its
    /// maximum now); a tracker the version adds starts from the sheet, one it no longer tracks
    /// is left (the sheet keeps its own value). Participants without a part get theirs when
    /// the table is synced.
    pub(crate) fn moved_to(&self, system: FileSystem, ctx: &TableContext) -> FileTable {
        let mut moved = FileTable {
            system,
            parts: IndexMap::new(),
        };
        let parts = ctx
            .seats
            .iter()
            .filter_map(|seat| {
                let was = self.parts.get(&seat.participant.id)?;
                let mut part = moved.part_of(seat, ctx.house_rules);
                for (name, now) in part.trackers.iter_mut() {
                    if let Some(before) = was.trackers.get(name) {
                        now.value = before.value.clamp(0, now.max.max(0));
                    }
                }
                Some((seat.participant.id, part))
            })
            .collect();
        moved.parts = parts;
        moved
    }

    fn label_of(&self, tracker: &str) -> &'static str {
        self.system
            .file()
            .sheet
            .iter()
            .find(|p| p.name == tracker && matches!(p.kind, SheetFieldKind::Tracker { .. }))
            .map_or("", |p| p.label.as_str())
    }

    fn changed(
        &self,
        participant_id: Uuid,
        tracker: &str,
        ctx: &TableContext,
        to: impl FnOnce(TrackerNow) -> Result<i64, TableError>,
    ) -> Result<Outcome<Self>, TableError> {
        let seat = ctx.seat(participant_id)?;
        let part = self
            .parts
            .get(&participant_id)
            .ok_or(TableError::ParticipantNotFound(participant_id))?;
        let Some(&now) = part.trackers.get(tracker) else {
            let names: Vec<&str> = part.trackers.keys().map(String::as_str).collect();
            return Err(TableError::Invalid(format!(
                "{} tracks no `{tracker}` at the table; it tracks {}",
                self.system.name(),
                if names.is_empty() {
                    "nothing".into()
                } else {
                    names.join(", ")
                }
            )));
        };
        let value = to(now)?;
        let mut table = self.clone();
        if let Some(part) = table.parts.get_mut(&participant_id) {
            part.trackers
                .insert(tracker.to_string(), TrackerNow { value, ..now });
        }
        let label = self.label_of(tracker);
        let said = format!(
            "{}: {label} {} → {value} of {}",
            seat.name(),
            now.value,
            now.max
        );
        Ok(Outcome::said(table, vec![Event::from(said)]))
    }
}

impl SystemRules for FileTable {
    type Move = FileMove;

    fn empty(system: System) -> Self {
        let System::File(system) = system else {
            unreachable!("the registry makes a file table only for a system from a file")
        };
        FileTable {
            system,
            parts: IndexMap::new(),
        }
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        Ok(FileTable {
            system: self.system,
            parts: seated_parts(&self.parts, ctx, |seat| self.part_of(seat, ctx.house_rules)),
        })
    }

    fn apply(&self, action: &FileMove, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        match action {
            FileMove::Adjust {
                participant_id,
                tracker,
                by,
            } => self.changed(*participant_id, tracker, ctx, |now| {
                Ok(now.value.saturating_add(*by).clamp(0, now.max.max(0)))
            }),
            FileMove::Set {
                participant_id,
                tracker,
                value,
            } => self.changed(*participant_id, tracker, ctx, |now| {
                if *value < 0 || *value > now.max {
                    return Err(TableError::OutOfRange {
                        field: "value".into(),
                        what: tracker.clone(),
                        value: *value,
                        min: 0,
                        max: now.max,
                    });
                }
                Ok(*value)
            }),
            FileMove::Roll { .. } => match action.ask() {
                Some(ask) => self.roll(&ask, ctx),
                None => unreachable!("a roll move asks a roll"),
            },
            FileMove::Initiative => self.initiative(ctx),
        }
    }

    /// A roll's request as it would be made, for its exact odds before the GM rolls (the same
    /// request the move logs).
    fn preview(
        &self,
        action: &FileMove,
        ctx: &TableContext,
    ) -> Result<Option<rollbook_rules::RollRequest>, TableError> {
        action
            .ask()
            .map(|ask| self.request_for(&ask, ctx))
            .transpose()
    }

    fn new_round(&self, _ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        Ok(Outcome::said(self.clone(), Vec::<Event>::new()))
    }

    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter(|seat| seat.character.is_some())
            .filter_map(|seat| {
                let part = self.parts.get(&seat.participant.id)?;
                let fields: Map<String, Value> = part
                    .trackers
                    .iter()
                    .map(|(name, t)| (name.clone(), t.value.into()))
                    .collect();
                Some((seat.participant.id, fields))
            })
            .collect()
    }
}
