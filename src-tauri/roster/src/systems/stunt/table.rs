//! `stunt` at the table: each participant's HTK (taken from the sheet when they join, 20/20 for
//! a quick NPC until the GM sets it), damage in points, dice or Minor Damage, healing, chart
//! checks under the roster's house rules, and Doubles Only / Double Six Only attempts kept
//! open as running tasks. Every die is rolled through the engine's own stunt kinds
//! (`rollbook_rules::table::stunt_tasks`), so a move's dice are a quick roll's with the same seed.

use rollbook_rules::table::stunt_tasks::{DamageDice, Htk, TaskStatus};
use rollbook_rules::table::{ranges, Event, RulingId};
use rollbook_rules::{RollRequest, MINOR_DAMAGE_DICE};
use serde_json::{json, Value};
use uuid::Uuid;

use super::state::*;
use crate::sheet::Sheet;
use crate::table::track::{self, Adjustment, Tracked};
use crate::table::{seated_parts, Outcome, SystemRules, TableContext, TableError};
use rollbook_rules::text::isolated;

impl SystemRules for StuntEncounter {
    type Move = StuntMove;

    fn empty(_system: crate::model::System) -> Self {
        Self::default()
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        let parts = seated_parts(&self.parts, ctx, |seat| StuntPart {
            htk: htk_from(seat.sheet()),
        });
        let tasks = self
            .tasks
            .iter()
            .filter(|t| parts.contains_key(&t.participant_id))
            .cloned()
            .collect();
        Ok(StuntEncounter {
            parts,
            tasks,
            next_task_id: self.next_task_id,
        })
    }

    fn apply(&self, action: &StuntMove, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        match action {
            StuntMove::TaskStart {
                participant_id,
                label,
                kind,
                needed,
            } => self.start(ctx, *participant_id, label, *kind, *needed),
            StuntMove::TaskThrow {
                task_id,
                to_the_end,
            } => self.throw(ctx, *task_id, *to_the_end),
            StuntMove::TaskClose { task_id } => {
                let task = self.task(*task_id)?;
                let (_, name) = self.part(ctx, task.participant_id)?;
                let mut next = self.clone();
                for t in next.tasks.iter_mut().filter(|t| t.id == *task_id) {
                    t.closed = true;
                }
                let how = match task.task.status {
                    TaskStatus::Running => format!(
                        "given up at {} of {} doubles after {} time steps",
                        task.task.doubles, task.task.needed, task.task.time_steps
                    ),
                    TaskStatus::Succeeded => "succeeded".into(),
                    TaskStatus::Failed => "failed for good".into(),
                };
                Ok(Outcome::said(
                    next,
                    vec![format!(
                        "{name} puts \"{}\" away ({how}).",
                        isolated(&task.label)
                    )],
                ))
            }
            StuntMove::Damage {
                participant_id,
                points,
                dice,
            } => match (points, dice) {
                (Some(points), None) => {
                    TableError::check_range(&ranges::STUNT_DAMAGE_POINTS, i64::from(*points))?;
                    let (htk, name) = self.part(ctx, *participant_id)?;
                    let event = htk.damage(*points);
                    let mut events = vec![Event::said(format!(
                        "{name} takes {points} damage: HTK {} of {}.",
                        event.htk.current, event.htk.max
                    ))];
                    if event.htk.current == 0 && *points > htk.current {
                        events.push(Event::ruling(RulingId::StuntHtkBounds));
                    }
                    Ok(Outcome::said(
                        self.with_htk(*participant_id, event.htk),
                        events,
                    ))
                }
                (None, Some(dice)) => self.rolled_damage(ctx, *participant_id, *dice, None),
                _ => Err(TableError::invalid(
                    "damage is either fixed points or dice (NdS+K), one of the two",
                )),
            },
            StuntMove::MinorDamage { participant_id } => self.rolled_damage(
                ctx,
                *participant_id,
                DamageDice::minor(ctx.house_rules),
                Some(Event::ruling(
                    if ctx.house_rules.minor_damage_dice == MINOR_DAMAGE_DICE.default {
                        RulingId::StuntMinorDamage
                    } else {
                        RulingId::StuntMinorDamageHouseRule
                    },
                )),
            ),
            StuntMove::Heal {
                participant_id,
                points,
            } => {
                TableError::check_range(&ranges::STUNT_HEAL_POINTS, i64::from(*points))?;
                let (htk, name) = self.part(ctx, *participant_id)?;
                let event = htk.heal(*points);
                let mut events = vec![Event::said(format!(
                    "{name} heals {points}: HTK {} of {}.",
                    event.htk.current, event.htk.max
                ))];
                if htk.current.saturating_add(*points) > htk.max {
                    events.push(Event::ruling(RulingId::StuntHtkBounds));
                }
                Ok(Outcome::said(
                    self.with_htk(*participant_id, event.htk),
                    events,
                ))
            }
            StuntMove::SetHtk {
                participant_id,
                current,
                max,
            } => {
                TableError::check_range(&ranges::STUNT_HTK_CURRENT, i64::from(*current))?;
                TableError::check_range(&ranges::STUNT_HTK_MAX, i64::from(*max))?;
                let (_, name) = self.part(ctx, *participant_id)?;
                let htk = Htk::new(*current, *max)
                    .map_err(|e| TableError::invalid(format!("{name}: {e}")))?;
                Ok(Outcome::said(
                    self.with_htk(*participant_id, htk),
                    vec![format!("{name}'s HTK is set to {current} of {max}.")],
                ))
            }
            StuntMove::Adjust(Adjustment {
                participant_id,
                track,
                by,
                to,
            }) => {
                let (htk, name) = self.part(ctx, *participant_id)?;
                if *track != Tracked::Htk {
                    return Err(track.not_kept("stunt", &[Tracked::Htk]));
                }
                let from = i64::from(htk.current);
                let value =
                    track::adjusted(*track, &name, from, *by, *to, (0, i64::from(htk.max)))?;
                let htk = Htk {
                    current: value as u32,
                    max: htk.max,
                };
                Ok(Outcome::said(
                    self.with_htk(*participant_id, htk),
                    vec![track::said(*track, &name, from, value)],
                ))
            }
            StuntMove::Check {
                participant_id,
                active,
                defending,
            } => {
                let (_, name) = self.part(ctx, *participant_id)?;
                let request = self.check_request(active, defending)?;
                let result = ctx
                    .dice
                    .roll(&request, ctx.house_rules, 0)
                    .map_err(TableError::from)?;
                let events = vec![Event::roll_detail(format!(
                    "{name} rolled: {}",
                    result.detail
                ))];
                Ok(rolled(
                    self.clone(),
                    events,
                    *participant_id,
                    request,
                    result,
                ))
            }
        }
    }

    fn new_round(&self, _ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        // Stunt time is counted in throws, not rounds: a new round changes nothing here.
        Ok(Outcome::said(self.clone(), Vec::<Event>::new()))
    }

    /// HTK as it stands at the table, for each stored character (a quick NPC has no sheet).
    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter(|seat| matches!(seat.sheet(), Some(Sheet::Stunt(_))))
            .filter_map(|seat| {
                let part = self.parts.get(&seat.participant.id)?;
                let mut fields = serde_json::Map::new();
                fields.insert(
                    "htk".into(),
                    json!({"current": part.htk.current, "max": part.htk.max}),
                );
                Some((seat.participant.id, fields))
            })
            .collect()
    }

    fn preview(
        &self,
        action: &StuntMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match action {
            StuntMove::TaskThrow {
                task_id,
                to_the_end,
            } => {
                let running = self.task(*task_id)?;
                running
                    .task
                    .throw_request(*to_the_end, ctx.house_rules)
                    .map(Some)
                    .map_err(TableError::from)
            }
            StuntMove::Damage {
                participant_id,
                dice: Some(dice),
                points: None,
            } => self.damage_request(ctx, *participant_id, *dice).map(Some),
            StuntMove::MinorDamage { participant_id } => self
                .damage_request(ctx, *participant_id, DamageDice::minor(ctx.house_rules))
                .map(Some),
            StuntMove::Check {
                active, defending, ..
            } => {
                let request = self.check_request(active, defending)?;
                rollbook_rules::odds_with(&request, ctx.house_rules).map_err(TableError::from)?;
                Ok(Some(request))
            }
            _ => Ok(None),
        }
    }
}
