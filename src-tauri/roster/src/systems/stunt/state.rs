//! The stunt table's state: each participant's HTK, the running Doubles Only and Double Six
//! Only tasks, the moves; and what a throw's roll says.

use indexmap::IndexMap;
use rollbook_rules::table::stunt_tasks::{DamageDice, Htk, StuntTask, TaskKind, HTK_LIMIT};
use rollbook_rules::table::Event;
use rollbook_rules::{RollRequest, RollResult};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use rollbook_rules::table::stunt_tasks::QUICK_NPC_HTK;

use crate::sheet::Sheet;
use crate::table::track::Adjustment;
use crate::table::{Outcome, TableRoll};

/// A task's label longer than this is surely pasted by mistake (served with the catalog).
pub(super) const LABEL_MAX: usize = rollbook_rules::TextLimits::FORMAT.task_label;

/// One participant's running state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StuntPart {
    pub htk: Htk,
}

/// A Doubles Only / Double Six Only attempt a participant keeps throwing for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunningTask {
    /// Numbered from 1 in the encounter, never reused.
    pub id: u32,
    pub participant_id: Uuid,
    pub label: String,
    pub task: StuntTask,
    /// The GM put the task away; it stays so a Double Six Only task failed for good is
    /// remembered.
    pub closed: bool,
}

/// Every participant's HTK, by participant id, and the running tasks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StuntEncounter {
    pub parts: IndexMap<Uuid, StuntPart>,
    pub tasks: Vec<RunningTask>,
    /// The id the next task takes.
    pub next_task_id: u32,
}

/// A `stunt` move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum StuntMove {
    /// A Doubles Only (`needed` doubles) or Double Six Only attempt starts.
    TaskStart {
        participant_id: Uuid,
        label: String,
        kind: TaskKind,
        #[serde(default)]
        needed: Option<u32>,
    },
    /// The next throw at a task: to the next counted double (Doubles Only; `to_the_end` rolls
    /// all the doubles still needed) or until 6-6 / 1-1 (Double Six Only).
    TaskThrow {
        task_id: u32,
        #[serde(default)]
        to_the_end: bool,
    },
    /// The GM puts a task away.
    TaskClose {
        task_id: u32,
    },
    /// Damage in fixed `points` or rolled `dice` (`NdS+K`), one of the two.
    Damage {
        participant_id: Uuid,
        #[serde(default)]
        points: Option<u32>,
        #[serde(default)]
        dice: Option<DamageDice>,
    },
    /// Minor Damage: 6d6 [ruling], or the roster's house rule (`minor_damage_dice` d6).
    MinorDamage {
        participant_id: Uuid,
    },
    Heal {
        participant_id: Uuid,
        points: u32,
    },
    /// The GM sets HTK outright (a quick NPC's, or a correction).
    SetHtk {
        participant_id: Uuid,
        current: u32,
        max: u32,
    },
    /// HTK changed by hand: `by` points (negative to take away) or `to` a number, one of the
    /// two, within 0 and the max (`track` is `htk`).
    Adjust(Adjustment),
    /// A stunt check on the roster's chart: Active Level against Defending Level.
    Check {
        participant_id: Uuid,
        active: String,
        defending: String,
    },
}

/// HTK from the sheet, within the ruled bounds.
pub(super) fn htk_from(sheet: Option<&Sheet>) -> Htk {
    match sheet {
        Some(Sheet::Stunt(s)) => {
            let max = s.htk.max.clamp(0, i64::from(HTK_LIMIT)) as u32;
            let current = s.htk.current.clamp(0, i64::from(max)) as u32;
            Htk { current, max }
        }
        _ => QUICK_NPC_HTK,
    }
}

/// An outcome with one roll for a participant.
pub(super) fn rolled(
    table: StuntEncounter,
    events: Vec<Event>,
    participant_id: Uuid,
    request: RollRequest,
    result: RollResult,
) -> Outcome<StuntEncounter> {
    Outcome {
        table,
        order: None,
        events,
        rolls: vec![TableRoll {
            participant_id: Some(participant_id),
            request,
            result,
        }],
    }
}
