//! The stunt table's steps: a participant's part and HTK, the damage and chart-check requests,
//! rolled damage, starting a task and throwing for it.

use rollbook_rules::kinds;
use rollbook_rules::table::stunt_tasks::{
    DamageDice, DamageRoll, Htk, StuntTask, TaskKind, TaskStatus,
};
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;
use uuid::Uuid;

use super::state::*;
use crate::table::{Outcome, TableContext, TableError};
use rollbook_rules::text::isolated;

impl StuntEncounter {
    /// A participant's HTK and name, or a refusal naming who is missing.
    pub(super) fn part(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
    ) -> Result<(Htk, String), TableError> {
        let seat = ctx.seat(participant_id)?;
        let name = seat.name().into_owned();
        let part = self
            .parts
            .get(&participant_id)
            .ok_or_else(|| TableError::invalid(format!("{name} has no HTK at this table yet")))?;
        Ok((part.htk, name))
    }

    pub(super) fn with_htk(&self, participant_id: Uuid, htk: Htk) -> Self {
        let mut next = self.clone();
        next.parts.insert(participant_id, StuntPart { htk });
        next
    }

    /// A task still on the table (not put away), or a refusal naming the id.
    pub(super) fn task(&self, task_id: u32) -> Result<&RunningTask, TableError> {
        self.tasks
            .iter()
            .find(|t| t.id == task_id && !t.closed)
            .ok_or_else(|| {
                TableError::invalid(format!("there is no open task {task_id} at this table"))
            })
    }

    pub(super) fn damage_request(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        dice: DamageDice,
    ) -> Result<RollRequest, TableError> {
        let (htk, _) = self.part(ctx, participant_id)?;
        htk.damage_request(dice, ctx.house_rules)
            .map_err(|e| TableError::invalid(format!("damage {e}")))
    }

    pub(super) fn check_request(
        &self,
        active: &str,
        defending: &str,
    ) -> Result<RollRequest, TableError> {
        Ok(RollRequest::StuntCheck(kinds::stunt::Check {
            active: active.to_string(),
            defending: defending.to_string(),
        }))
    }

    pub(super) fn rolled_damage(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        dice: DamageDice,
        why: Option<Event>,
    ) -> Result<Outcome<Self>, TableError> {
        let (htk, name) = self.part(ctx, participant_id)?;
        let DamageRoll {
            request,
            result,
            event,
        } = htk
            .damage_dice(dice, ctx.house_rules, ctx.dice)
            .map_err(|e| TableError::invalid(format!("damage {e}")))?;
        let mut events = vec![
            Event::said(format!(
                "{name} takes {} damage: HTK {} of {}.",
                event.points, event.htk.current, event.htk.max
            )),
            Event::roll_detail(format!("{name}: {}", result.detail)),
        ];
        events.extend(why);
        if event.htk.current == 0 && event.points > htk.current {
            events.push(Event::ruling(RulingId::StuntHtkBounds));
        }
        Ok(rolled(
            self.with_htk(participant_id, event.htk),
            events,
            participant_id,
            request,
            result,
        ))
    }

    pub(super) fn start(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        label: &str,
        kind: TaskKind,
        needed: Option<u32>,
    ) -> Result<Outcome<Self>, TableError> {
        let (_, name) = self.part(ctx, participant_id)?;
        let label = label.trim();
        if label.is_empty() || label.chars().count() > LABEL_MAX {
            return Err(TableError::invalid(format!(
                "a task needs a label of 1 to {LABEL_MAX} characters, such as \"Pick the lock\""
            )));
        }
        let task = match (kind, needed) {
            (TaskKind::DoublesOnly, Some(needed)) => StuntTask::doubles_only(needed)
                .map_err(|e| TableError::invalid(format!("a Doubles Only task: {e}")))?,
            (TaskKind::DoublesOnly, None) => {
                return Err(TableError::invalid(
                    "a Doubles Only task needs the doubles it takes (needed)",
                ))
            }
            (TaskKind::DoubleSixOnly, None) => StuntTask::double_six_only(),
            (TaskKind::DoubleSixOnly, Some(_)) => {
                return Err(TableError::invalid(
                    "a Double Six Only task takes one 6-6; leave needed out",
                ))
            }
        };
        if kind == TaskKind::DoubleSixOnly && self.failed_for_good(participant_id, label) {
            return Err(TableError::invalid(format!(
                "{name} rolled 1-1 at \"{label}\" as a Double Six Only task and can never try \
                 it again (ruling: {})",
                RulingId::StuntDoubleSixBarred.text().trim_end_matches('.')
            )));
        }
        let mut next = self.clone();
        let id = self.next_task_id.max(1);
        next.next_task_id = id + 1;
        next.tasks.push(RunningTask {
            id,
            participant_id,
            label: label.to_string(),
            task,
            closed: false,
        });
        let what = match kind {
            TaskKind::DoublesOnly => format!("Doubles Only, {} doubles needed", task.needed),
            TaskKind::DoubleSixOnly => "Double Six Only".to_string(),
        };
        Ok(Outcome::said(
            next,
            vec![format!("{name} starts \"{}\" ({what}).", isolated(label))],
        ))
    }

    /// Whether the participant already failed this Double Six Only task for good.
    pub(super) fn failed_for_good(&self, participant_id: Uuid, label: &str) -> bool {
        self.tasks.iter().any(|t| {
            t.participant_id == participant_id
                && t.task.kind == TaskKind::DoubleSixOnly
                && t.task.status == TaskStatus::Failed
                && t.label.to_lowercase() == label.to_lowercase()
        })
    }

    pub(super) fn throw(
        &self,
        ctx: &TableContext,
        task_id: u32,
        to_the_end: bool,
    ) -> Result<Outcome<Self>, TableError> {
        let running = self.task(task_id)?;
        let (_, name) = self.part(ctx, running.participant_id)?;
        let thrown = running
            .task
            .throw(to_the_end, ctx.house_rules, ctx.dice)
            .map_err(|e| {
                TableError::invalid(format!("{name}'s \"{}\": {e}", isolated(&running.label)))
            })?;
        let mut next = self.clone();
        let slot = next
            .tasks
            .iter_mut()
            .find(|t| t.id == task_id)
            .expect("found above");
        slot.task = thrown.task;
        let about = format!("{name}, \"{}\": ", isolated(&running.label));
        let events = thrown
            .events
            .into_iter()
            .map(|e| e.prefixed(&about))
            .collect();
        Ok(rolled(
            next,
            events,
            running.participant_id,
            thrown.request,
            thrown.result,
        ))
    }
}
