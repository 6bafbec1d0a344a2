//! `marks` at the table: named running tasks per participant. A task's pool is one of the
//! character's sheet rolls (its attribute, skill and super dice as the sheet builds them) or dice
//! the GM enters for a quick NPC. Trying again takes one more die per failed attempt in the ruled
//! order, a contested task rolls against the defender's pool, and an extended task adds up Marks
//! one time step at a time toward its plateau. The rules are `rollbook_rules::table::marks_state`.

use rollbook_rules::table::marks_state::{DefenderPool, ExtendedStatus, ExtendedTask, MarksTask};
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;

use super::state::*;
use crate::table::{Outcome, SystemRules, TableContext, TableError};
use rollbook_rules::text::isolated;

impl SystemRules for MarksEncounter {
    type Move = MarksMove;

    fn empty(_system: crate::model::System) -> Self {
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
