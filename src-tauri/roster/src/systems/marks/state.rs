//! The marks table's state: running tasks with their pools, the moves; and the pools' dice and
//! labels the moves share.

use rollbook_rules::table::marks_state::{ExtendedTask, MarksTask};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::check::NAME_MAX;
use crate::sheet::pick_roll;
use crate::table::{Seat, TableContext, TableError};
use rollbook_rules::text::isolated;

/// Where a task's dice come from: `roll`, the label of one of the character's sheet rolls
/// ("Stealth", "Agility"), or the dice entered by hand (a quick NPC has no sheet).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct TaskPool {
    #[cfg_attr(feature = "ts", ts(optional))]
    pub roll: Option<String>,
    #[cfg_attr(feature = "ts", ts(as = "Option<i64>", optional))]
    pub attribute_dice: i64,
    #[cfg_attr(feature = "ts", ts(as = "Option<i64>", optional))]
    pub skill_dice: i64,
    #[cfg_attr(feature = "ts", ts(as = "Option<i64>", optional))]
    pub super_dice: i64,
    #[cfg_attr(feature = "ts", ts(as = "Option<i64>", optional))]
    pub super_skill_dice: i64,
}

/// What a running task is: tried again until it succeeds, or rolled step by step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "MarksTaskKind"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TaskKind {
    /// A static or contested task (contested when `task.defender` is set).
    Task {
        task: MarksTask,
        /// Attempts rolled so far.
        attempts: i64,
        /// The defender of a contested task.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defender_id: Option<Uuid>,
    },
    Extended {
        task: ExtendedTask,
    },
}

/// One named task of one participant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "MarksRunningTask"))]
pub struct RunningTask {
    /// Unique within the encounter (1, 2, …; never reused).
    pub id: i64,
    pub participant_id: Uuid,
    pub label: String,
    /// What the pool was taken from ("Stealth on the sheet", "entered dice").
    pub source: String,
    pub kind: TaskKind,
}

/// The running marks state of an encounter: its open tasks, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MarksEncounter {
    pub tasks: Vec<RunningTask>,
    /// The id the next task gets.
    pub next_id: i64,
}

/// A `marks` move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum MarksMove {
    /// A task the participant keeps trying; `difficulty` in penalty dice, `needed` Marks.
    TaskStart {
        participant_id: Uuid,
        label: String,
        pool: TaskPool,
        #[serde(default)]
        difficulty: i64,
        #[serde(default = "one")]
        needed: i64,
    },
    /// A task contested by another participant (more Marks wins, ties favour the defender).
    TaskContest {
        participant_id: Uuid,
        label: String,
        pool: TaskPool,
        #[serde(default)]
        difficulty: i64,
        defender_id: Uuid,
        defender_pool: TaskPool,
        #[serde(default)]
        defender_penalty: i64,
    },
    /// Trying the task (again).
    TaskAttempt { task_id: i64 },
    /// An extended task: Marks add up one time step at a time toward the plateau.
    ExtendedStart {
        participant_id: Uuid,
        label: String,
        pool: TaskPool,
        #[serde(default)]
        penalty: i64,
        plateau: i64,
        min_steps: i64,
        max_steps: i64,
    },
    /// One time step of an extended task.
    ExtendedStep { task_id: i64 },
    /// The task is put away (done, given up, or no longer relevant).
    TaskClose { task_id: i64 },
}

pub(super) fn one() -> i64 {
    1
}

/// The dice of a pool: from the seat's sheet roll named `pool.roll`, or as entered.
/// `([attribute, skill, super, super skill], where they came from)`.
pub(super) fn dice_of(
    seat: &Seat,
    pool: &TaskPool,
    ctx: &TableContext,
) -> Result<([i64; 4], String), TableError> {
    let entered = [
        pool.attribute_dice,
        pool.skill_dice,
        pool.super_dice,
        pool.super_skill_dice,
    ];
    let name = seat.name();
    let Some(label) = &pool.roll else {
        return Ok((entered, "entered dice".into()));
    };
    let shown = isolated(label);
    if entered != [0; 4] {
        return Err(TableError::invalid(format!(
            "give either a roll of {name}'s sheet or the dice, not both"
        )));
    }
    let Some(sheet) = seat.sheet() else {
        return Err(TableError::invalid(format!(
            "{name} has no sheet to take \"{shown}\" from; enter the dice instead"
        )));
    };
    let rolls = sheet.rolls(ctx.house_rules);
    let roll = pick_roll(&rolls, label).map_err(|candidates| match candidates.as_slice() {
        [] => TableError::invalid(format!("{name}'s sheet has no roll named \"{shown}\"")),
        _ => TableError::invalid(format!(
            "\"{shown}\" names several of {name}'s rolls ({}); pick one",
            candidates
                .iter()
                .map(|r| isolated(&r.label))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    })?;
    let r = &roll.request;
    if r["system"] != "marks" || r["roll"] != "pool" {
        return Err(TableError::invalid(format!(
            "\"{}\" is not a dice pool roll of a marks sheet",
            isolated(&roll.label)
        )));
    }
    let field = |f: &str| r.get(f).and_then(Value::as_i64).unwrap_or(0);
    Ok((
        [
            field("attribute_dice"),
            field("skill_dice"),
            field("super_dice"),
            field("super_skill_dice"),
        ],
        format!("{} on the sheet", isolated(&roll.label)),
    ))
}

pub(super) fn checked_label(label: &str) -> Result<String, TableError> {
    let label = label.trim();
    if label.is_empty() {
        return Err(TableError::invalid(
            "name the task (e.g. \"Pick the lock\")",
        ));
    }
    if label.chars().count() > NAME_MAX {
        return Err(TableError::invalid(format!(
            "a task's name is at most {NAME_MAX} characters"
        )));
    }
    Ok(label.to_string())
}

pub(super) fn dice_words([a, s, sup, ss]: [i64; 4]) -> String {
    let mut words = format!("{a} attribute + {s} skill dice");
    if sup + ss > 0 {
        words.push_str(&format!(", {sup} super + {ss} super skill dice"));
    }
    words
}
