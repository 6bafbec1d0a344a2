//! `stunt` at the table: each participant's HTK (taken from the sheet when they join, 20/20 for
//! a quick NPC until the GM sets it), damage in points, dice or Minor Damage, healing, chart
//! checks under the roster's house rules, and Doubles Only / Double Six Only attempts kept
//! open as running tasks. Every die is rolled through the engine's own stunt kinds
//! (`rollbook_rules::table::stunt_tasks`), so a move's dice are a quick roll's with the same seed.

use indexmap::IndexMap;
use rollbook_rules::kinds;
use rollbook_rules::table::stunt_tasks::{
    DamageDice, DamageRoll, Htk, StuntTask, TaskKind, TaskStatus, HTK_LIMIT,
};
use rollbook_rules::table::{ranges, Event, RulingId};
use rollbook_rules::{RollRequest, RollResult, MINOR_DAMAGE_DICE};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use uuid::Uuid;

use rollbook_rules::table::stunt_tasks::QUICK_NPC_HTK;

use crate::sheet::Sheet;
use crate::table::track::{self, Adjustment, Tracked};
use crate::table::{seated_parts, Outcome, SystemRules, TableContext, TableError, TableRoll};
use rollbook_rules::text::isolated;

/// A task's label longer than this is surely pasted by mistake (served with the catalog).
const LABEL_MAX: usize = rollbook_rules::TextLimits::FORMAT.task_label;

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
fn htk_from(sheet: Option<&Sheet>) -> Htk {
    match sheet {
        Some(Sheet::Stunt(s)) => {
            let max = s.htk.max.clamp(0, i64::from(HTK_LIMIT)) as u32;
            let current = s.htk.current.clamp(0, i64::from(max)) as u32;
            Htk { current, max }
        }
        _ => QUICK_NPC_HTK,
    }
}

impl StuntEncounter {
    /// A participant's HTK and name, or a refusal naming who is missing.
    fn part(&self, ctx: &TableContext, participant_id: Uuid) -> Result<(Htk, String), TableError> {
        let seat = ctx.seat(participant_id)?;
        let name = seat.name().into_owned();
        let part = self
            .parts
            .get(&participant_id)
            .ok_or_else(|| TableError::invalid(format!("{name} has no HTK at this table yet")))?;
        Ok((part.htk, name))
    }

    fn with_htk(&self, participant_id: Uuid, htk: Htk) -> Self {
        let mut next = self.clone();
        next.parts.insert(participant_id, StuntPart { htk });
        next
    }

    /// A task still on the table (not put away), or a refusal naming the id.
    fn task(&self, task_id: u32) -> Result<&RunningTask, TableError> {
        self.tasks
            .iter()
            .find(|t| t.id == task_id && !t.closed)
            .ok_or_else(|| {
                TableError::invalid(format!("there is no open task {task_id} at this table"))
            })
    }

    fn damage_request(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        dice: DamageDice,
    ) -> Result<RollRequest, TableError> {
        let (htk, _) = self.part(ctx, participant_id)?;
        htk.damage_request(dice, ctx.house_rules)
            .map_err(|e| TableError::invalid(format!("damage {e}")))
    }

    fn check_request(&self, active: &str, defending: &str) -> Result<RollRequest, TableError> {
        Ok(RollRequest::StuntCheck(kinds::stunt::Check {
            active: active.to_string(),
            defending: defending.to_string(),
        }))
    }

    fn rolled_damage(
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

    fn start(
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
    fn failed_for_good(&self, participant_id: Uuid, label: &str) -> bool {
        self.tasks.iter().any(|t| {
            t.participant_id == participant_id
                && t.task.kind == TaskKind::DoubleSixOnly
                && t.task.status == TaskStatus::Failed
                && t.label.to_lowercase() == label.to_lowercase()
        })
    }

    fn throw(
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

/// An outcome with one roll for a participant.
fn rolled(
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

impl SystemRules for StuntEncounter {
    type Move = StuntMove;

    fn empty() -> Self {
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
