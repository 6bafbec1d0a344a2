//! `marks` at the table: named running tasks per participant. A task's pool is one of the
//! character's sheet rolls (its attribute, skill and super dice as the sheet builds them) or dice
//! the GM enters for a quick NPC. Trying again takes one more die per failed attempt in the ruled
//! order, a contested task rolls against the defender's pool, and an extended task adds up Marks
//! one time step at a time toward its plateau. The rules are `rollbook_rules::table::marks_state`.

use rollbook_rules::table::marks_state::{
    DefenderPool, ExtendedStatus, ExtendedTask, MarksTask, Rolled,
};
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::check::NAME_MAX;
use crate::sheet::pick_roll;
use crate::table::{Outcome, Seat, SystemRules, TableContext, TableError, TableRoll};
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

fn one() -> i64 {
    1
}

/// The dice of a pool: from the seat's sheet roll named `pool.roll`, or as entered.
/// `([attribute, skill, super, super skill], where they came from)`.
fn dice_of(
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

fn checked_label(label: &str) -> Result<String, TableError> {
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

fn dice_words([a, s, sup, ss]: [i64; 4]) -> String {
    let mut words = format!("{a} attribute + {s} skill dice");
    if sup + ss > 0 {
        words.push_str(&format!(", {sup} super + {ss} super skill dice"));
    }
    words
}

impl MarksEncounter {
    fn task(&self, task_id: i64) -> Result<&RunningTask, TableError> {
        self.tasks.iter().find(|t| t.id == task_id).ok_or_else(|| {
            TableError::invalid(format!("there is no open task {task_id} in this encounter"))
        })
    }

    /// The table with `task` added under the next id.
    fn started(
        &self,
        participant_id: Uuid,
        label: String,
        source: String,
        kind: TaskKind,
        events: Vec<Event>,
    ) -> Outcome<Self> {
        let mut next = self.clone();
        let id = self.next_id.max(1);
        next.next_id = id + 1;
        next.tasks.push(RunningTask {
            id,
            participant_id,
            label,
            source,
            kind,
        });
        Outcome::said(next, events)
    }

    /// The table with the task rolled once (an attempt or a step).
    fn rolled(&self, ctx: &TableContext, task_id: i64) -> Result<Outcome<Self>, TableError> {
        let running = self.task(task_id)?;
        let name = ctx.seat(running.participant_id)?.name();
        let prefix = format!("{name}, {}", isolated(&running.label));
        let (kind, rolled) = match &running.kind {
            TaskKind::Task {
                task,
                attempts,
                defender_id,
            } => {
                let Rolled {
                    task,
                    events,
                    request,
                    result,
                } = task
                    .attempt(ctx.dice)
                    .map_err(|e| TableError::invalid(format!("{prefix}: {e}")))?;
                let kind = TaskKind::Task {
                    task,
                    attempts: attempts + 1,
                    defender_id: *defender_id,
                };
                (kind, (events, request, result))
            }
            TaskKind::Extended { task } => {
                let Rolled {
                    task,
                    events,
                    request,
                    result,
                } = task
                    .step(ctx.dice)
                    .map_err(|e| TableError::invalid(format!("{prefix}: {e}")))?;
                (TaskKind::Extended { task }, (events, request, result))
            }
        };
        let (events, request, result) = rolled;
        let mut next = self.clone();
        let participant_id = running.participant_id;
        if let Some(t) = next.tasks.iter_mut().find(|t| t.id == task_id) {
            t.kind = kind;
        }
        Ok(Outcome {
            table: next,
            order: None,
            events: events
                .into_iter()
                .map(|e| e.prefixed(&format!("{prefix}: ")))
                .collect(),
            // The roll the rules made, as made.
            rolls: vec![TableRoll {
                participant_id: Some(participant_id),
                request,
                result,
            }],
        })
    }

    /// The request the task's next roll makes, or why it cannot be rolled.
    fn next_request(&self, task_id: i64) -> Result<RollRequest, TableError> {
        let running = self.task(task_id)?;
        Ok(match &running.kind {
            TaskKind::Task { task, .. } => {
                task.ready().map_err(TableError::from)?;
                task.next_request()
            }
            TaskKind::Extended { task } => {
                task.ready().map_err(TableError::from)?;
                task.step_request()
            }
        })
    }
}

impl SystemRules for MarksEncounter {
    type Move = MarksMove;

    fn empty() -> Self {
        MarksEncounter {
            tasks: Vec::new(),
            next_id: 1,
        }
    }

    /// Tasks of participants who left go with them; a contested task whose defender left stays
    /// (the defender's dice were copied when it started).
    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        let mut next = self.clone();
        next.tasks.retain(|t| {
            ctx.seats
                .iter()
                .any(|s| s.participant.id == t.participant_id)
        });
        Ok(next)
    }

    fn apply(&self, action: &MarksMove, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        match action {
            MarksMove::TaskStart {
                participant_id,
                label,
                pool,
                difficulty,
                needed,
            } => {
                let seat = ctx.seat(*participant_id)?;
                let label = checked_label(label)?;
                let shown = isolated(&label);
                let (dice, source) = dice_of(seat, pool, ctx)?;
                let task = MarksTask::new(dice, *difficulty, *needed);
                task.validate().map_err(TableError::from)?;
                let event = format!(
                    "{}, {shown}: task started ({}, {} of difficulty, {} needed)",
                    seat.name(),
                    dice_words(dice),
                    if *difficulty == 1 {
                        "1 penalty die".to_string()
                    } else {
                        format!("{difficulty} penalty dice")
                    },
                    if *needed == 1 {
                        "1 Mark".to_string()
                    } else {
                        format!("{needed} Marks")
                    }
                );
                let kind = TaskKind::Task {
                    task,
                    attempts: 0,
                    defender_id: None,
                };
                Ok(self.started(
                    *participant_id,
                    label,
                    source,
                    kind,
                    vec![Event::said(event)],
                ))
            }
            MarksMove::TaskContest {
                participant_id,
                label,
                pool,
                difficulty,
                defender_id,
                defender_pool,
                defender_penalty,
            } => {
                let seat = ctx.seat(*participant_id)?;
                let defender = ctx.seat(*defender_id)?;
                if defender_id == participant_id {
                    return Err(TableError::invalid(
                        "a task is contested by another participant",
                    ));
                }
                let label = checked_label(label)?;
                let shown = isolated(&label);
                let (dice, source) = dice_of(seat, pool, ctx)?;
                let (d, defender_source) = dice_of(defender, defender_pool, ctx)?;
                let task = MarksTask::new(dice, *difficulty, 1).against(DefenderPool {
                    attribute_dice: d[0],
                    skill_dice: d[1],
                    super_dice: d[2],
                    super_skill_dice: d[3],
                    penalty: *defender_penalty,
                });
                task.validate().map_err(TableError::from)?;
                let event = format!(
                    "{}, {shown}: contested by {} ({} against {}, {defender_source}; ties favour the defender, a ruling)",
                    seat.name(),
                    defender.name(),
                    dice_words(dice),
                    dice_words(d)
                );
                let kind = TaskKind::Task {
                    task,
                    attempts: 0,
                    defender_id: Some(*defender_id),
                };
                Ok(self.started(
                    *participant_id,
                    label,
                    source,
                    kind,
                    vec![Event::said(event)],
                ))
            }
            MarksMove::ExtendedStart {
                participant_id,
                label,
                pool,
                penalty,
                plateau,
                min_steps,
                max_steps,
            } => {
                let seat = ctx.seat(*participant_id)?;
                let label = checked_label(label)?;
                let shown = isolated(&label);
                let (dice, source) = dice_of(seat, pool, ctx)?;
                let task = ExtendedTask::new(dice, *penalty, *plateau, (*min_steps, *max_steps));
                task.validate().map_err(TableError::from)?;
                let events = vec![
                    Event::said(format!(
                        "{}, {shown}: extended task started ({}, {plateau} Marks to reach in {min_steps} to {max_steps} steps)",
                        seat.name(),
                        dice_words(dice)
                    )),
                    Event::ruling(RulingId::MarksStepIsTimeStep),
                ];
                let kind = TaskKind::Extended { task };
                Ok(self.started(*participant_id, label, source, kind, events))
            }
            MarksMove::TaskAttempt { task_id } => match self.task(*task_id)?.kind {
                TaskKind::Task { .. } => self.rolled(ctx, *task_id),
                TaskKind::Extended { .. } => Err(TableError::invalid(format!(
                    "task {task_id} is an extended task: roll its next step instead"
                ))),
            },
            MarksMove::ExtendedStep { task_id } => match self.task(*task_id)?.kind {
                TaskKind::Extended { .. } => self.rolled(ctx, *task_id),
                TaskKind::Task { .. } => Err(TableError::invalid(format!(
                    "task {task_id} is not an extended task: attempt it instead"
                ))),
            },
            MarksMove::TaskClose { task_id } => {
                let running = self.task(*task_id)?;
                let name = ctx
                    .seat(running.participant_id)
                    .map(|s| s.name().into_owned())
                    .unwrap_or_default();
                let how = match &running.kind {
                    TaskKind::Task { task, .. } if task.done => "succeeded",
                    TaskKind::Extended { task } => match task.status {
                        ExtendedStatus::Completed { .. } => "completed",
                        ExtendedStatus::Failed => "failed",
                        ExtendedStatus::Running => "left unfinished",
                    },
                    TaskKind::Task { .. } => "left unfinished",
                };
                let mut next = self.clone();
                next.tasks.retain(|t| t.id != *task_id);
                Ok(Outcome::said(
                    next,
                    vec![format!(
                        "{name}, {}: task closed ({how})",
                        isolated(&running.label)
                    )],
                ))
            }
        }
    }

    fn new_round(&self, _ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        // Extended tasks count their own time steps (minutes, hours, days), not rounds.
        Ok(Outcome::said(self.clone(), Vec::<Event>::new()))
    }

    fn preview(
        &self,
        action: &MarksMove,
        _ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match action {
            MarksMove::TaskAttempt { task_id } | MarksMove::ExtendedStep { task_id } => {
                self.next_request(*task_id).map(Some)
            }
            _ => Ok(None),
        }
    }
}
