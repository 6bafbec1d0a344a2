//! The marks table's steps on a task: finding it, starting it, a roll's result and the next
//! request.

use rollbook_rules::table::marks_state::Rolled;
use rollbook_rules::table::Event;
use rollbook_rules::RollRequest;
use uuid::Uuid;

use super::state::*;
use crate::table::{Outcome, TableContext, TableError, TableRoll};
use rollbook_rules::text::isolated;

impl MarksEncounter {
    pub(super) fn task(&self, task_id: i64) -> Result<&RunningTask, TableError> {
        self.tasks.iter().find(|t| t.id == task_id).ok_or_else(|| {
            TableError::invalid(format!("there is no open task {task_id} in this encounter"))
        })
    }

    /// The table with `task` added under the next id.
    pub(super) fn started(
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
    pub(super) fn rolled(
        &self,
        ctx: &TableContext,
        task_id: i64,
    ) -> Result<Outcome<Self>, TableError> {
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
    pub(super) fn next_request(&self, task_id: i64) -> Result<RollRequest, TableError> {
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
