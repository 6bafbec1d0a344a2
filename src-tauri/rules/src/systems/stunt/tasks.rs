//! `stunt` running state (RULES.md section 1): HTK (Hits To Kill) taking damage and healing, and
//! Doubles Only / Double Six Only attempts kept open as running tasks.
//!
//! Every die here is rolled through the engine's own `stunt` kinds (`damage`, `doubles`,
//! `double_six`) with the given seed, so the dice of a move are the dice of a quick roll of the
//! same request and seed, and the roll log can show the request that made them.

use serde::{Deserialize, Serialize};

use super::kinds as stunt;
use crate::table::{Event, MoveDice, RulingId};
use crate::{HouseRules, RollRequest, RollResult, RulesError};

// Its rulings are the `Stunt…` ids of `RulingId` (`rulings.rs`), worded there once.

pub use super::sheet_limits::HTK_LIMIT;

/// Checks a request as the engine's own kind does, then hands it on.
fn engine_request(request: RollRequest, house: &HouseRules) -> Result<RollRequest, RulesError> {
    request.validate(house)?;
    Ok(request)
}

// ---------------------------------------------------------------------------------------------
// HTK

/// A character's Hits To Kill: `current` out of `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Htk {
    pub current: u32,
    pub max: u32,
}

/// A quick NPC's HTK until the GM sets it: a fresh sheet's (FORMAT.md gives NPCs no sheet).
pub const QUICK_NPC_HTK: Htk = Htk {
    current: 20,
    max: 20,
};

/// What happened to HTK, in numbers the window can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HtkEvent {
    /// Points rolled or given, before the clamp to 0..max.
    pub points: u32,
    pub htk: Htk,
}

/// `NdS+K` damage dice: the engine's `damage` request without the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DamageDice {
    pub dice: i64,
    pub sides: i64,
    #[serde(default)]
    pub bonus: i64,
}

impl DamageDice {
    /// Minor Damage: 6d6 summed [ruling], or the roster's house rule (`minor_damage_dice` d6).
    pub fn minor(house: &HouseRules) -> DamageDice {
        DamageDice {
            dice: house.minor_damage_dice,
            sides: 6,
            bonus: 0,
        }
    }
}

/// Dice damage as rolled: the engine's request and answer, and HTK after it.
#[derive(Debug, Clone, PartialEq)]
pub struct DamageRoll {
    pub request: RollRequest,
    pub result: RollResult,
    pub event: HtkEvent,
}

impl Htk {
    /// A validated HTK: refuses `current` above `max` and a max above [`HTK_LIMIT`].
    pub fn new(current: u32, max: u32) -> Result<Self, RulesError> {
        if max > HTK_LIMIT {
            return Err(RulesError::invalid(
                "htk.max",
                format!("{max} is over the limit of {HTK_LIMIT}"),
            ));
        }
        if current > max {
            return Err(RulesError::invalid(
                "htk.current",
                format!("current HTK {current} is above max {max}; lower it to {max} or less"),
            ));
        }
        Ok(Self { current, max })
    }

    /// Fixed points of damage, never below 0.
    pub fn damage(self, points: u32) -> HtkEvent {
        HtkEvent {
            points,
            htk: Htk {
                current: self.current.saturating_sub(points),
                max: self.max,
            },
        }
    }

    /// Points of healing, never above max.
    pub fn heal(self, points: u32) -> HtkEvent {
        HtkEvent {
            points,
            htk: Htk {
                current: self.current.saturating_add(points).min(self.max),
                max: self.max,
            },
        }
    }

    /// The engine's `damage` request for `dice` against this HTK (its `success` is P(the hit
    /// takes the target to 0)), checked by that kind: bad dice are refused naming the field.
    pub fn damage_request(
        self,
        dice: DamageDice,
        house: &HouseRules,
    ) -> Result<RollRequest, RulesError> {
        engine_request(
            RollRequest::StuntDamage(stunt::Damage {
                dice: dice.dice,
                sides: dice.sides,
                bonus: dice.bonus,
                htk: i64::from(self.current),
            }),
            house,
        )
    }

    /// `NdS+K` damage rolled through the engine's `damage` kind with `dice`: the points are the
    /// engine's total (never below 0) and HTK stops at 0.
    pub fn damage_dice(
        self,
        dice: DamageDice,
        house: &HouseRules,
        rolled: &MoveDice,
    ) -> Result<DamageRoll, RulesError> {
        let request = self.damage_request(dice, house)?;
        let result = rolled.roll(&request, house, 0)?;
        let points = result.total.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32;
        Ok(DamageRoll {
            request,
            result,
            event: self.damage(points),
        })
    }

    /// Minor Damage: 6d6 summed [ruling], or the roster's house rule.
    pub fn minor_damage(
        self,
        house: &HouseRules,
        dice: &MoveDice,
    ) -> Result<DamageRoll, RulesError> {
        self.damage_dice(DamageDice::minor(house), house, dice)
    }
}

// ---------------------------------------------------------------------------------------------
// Running tasks

/// Which roll a character without the skill attempts (RULES.md "No Active Level").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TaskKind {
    /// Success after `needed` doubles other than 1-1; 1-1 sets the task back to the start.
    DoublesOnly,
    /// Success on 6-6; 1-1 ends the task for good.
    DoubleSixOnly,
}

/// Where a task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TaskStatus {
    /// Still being thrown for.
    Running,
    /// The needed doubles, or the 6-6, came up.
    Succeeded,
    /// A Double Six Only task ended on 1-1: it can never be tried again by this character.
    Failed,
}

/// A Doubles Only or Double Six Only attempt kept open across the encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StuntTask {
    pub kind: TaskKind,
    /// Doubles the task takes (1 for Double Six Only: the one 6-6).
    pub needed: u32,
    /// Doubles counted in the current attempt.
    pub doubles: u32,
    /// Every 2d6 thrown since the task started, across attempts: one time step each.
    pub time_steps: u32,
    /// Times a 1-1 set a Doubles Only task back to the start.
    pub resets: u32,
    pub status: TaskStatus,
}

/// One throw at a task as rolled: the engine's request and answer, the task after it, and what
/// happened (a ruling as an event of its own, named by its id).
#[derive(Debug, Clone, PartialEq)]
pub struct TaskThrow {
    pub request: RollRequest,
    pub result: RollResult,
    pub task: StuntTask,
    pub events: Vec<Event>,
}

impl StuntTask {
    /// A fresh Doubles Only task; `needed` is checked by the engine's `doubles` kind (1..=60).
    pub fn doubles_only(needed: u32) -> Result<Self, RulesError> {
        engine_request(
            RollRequest::StuntDoubles(stunt::Doubles {
                needed: i64::from(needed),
            }),
            HouseRules::ruled(),
        )?;
        Ok(Self::fresh(TaskKind::DoublesOnly, needed))
    }

    /// A fresh Double Six Only task.
    pub fn double_six_only() -> Self {
        Self::fresh(TaskKind::DoubleSixOnly, 1)
    }

    fn fresh(kind: TaskKind, needed: u32) -> Self {
        Self {
            kind,
            needed,
            doubles: 0,
            time_steps: 0,
            resets: 0,
            status: TaskStatus::Running,
        }
    }

    /// The engine request the next throw rolls: for Doubles Only, `doubles` to the next counted
    /// double (or, `to_the_end`, all the doubles still needed); for Double Six Only,
    /// `double_six`. Refused once the task is over.
    pub fn throw_request(
        &self,
        to_the_end: bool,
        house: &HouseRules,
    ) -> Result<RollRequest, RulesError> {
        match self.status {
            TaskStatus::Running => {}
            TaskStatus::Succeeded => {
                return Err(RulesError::invalid(
                    "task",
                    "this task already succeeded; start a new task to throw again",
                ))
            }
            TaskStatus::Failed => {
                return Err(RulesError::invalid(
                    "task",
                    "this Double Six Only task ended on 1-1; the character can never try it again",
                ))
            }
        }
        let request = match self.kind {
            TaskKind::DoublesOnly => {
                let needed = if to_the_end {
                    self.needed.saturating_sub(self.doubles)
                } else {
                    1
                };
                RollRequest::StuntDoubles(stunt::Doubles {
                    needed: i64::from(needed),
                })
            }
            TaskKind::DoubleSixOnly => RollRequest::StuntDoubleSix(stunt::DoubleSix {}),
        };
        engine_request(request, house)
    }

    /// Throws at the task with `dice` through the engine: doubles counted, time steps added, the
    /// task set back to the start (Doubles Only) or ended for good (Double Six Only) on 1-1.
    pub fn throw(
        &self,
        to_the_end: bool,
        house: &HouseRules,
        dice: &MoveDice,
    ) -> Result<TaskThrow, RulesError> {
        let request = self.throw_request(to_the_end, house)?;
        if self.doubles >= self.needed || self.needed == 0 {
            return Err(RulesError::invalid(
                "task.doubles",
                format!(
                    "{} of {} doubles is not a running task",
                    self.doubles, self.needed
                ),
            ));
        }
        let result = dice.roll(&request, house, 0)?;
        let throws = result.total.unwrap_or(0).clamp(0, i64::from(u32::MAX)) as u32;
        let mut task = *self;
        task.time_steps = task.time_steps.saturating_add(throws);
        let steps = format!(
            "{throws} time step{} ({} in all)",
            if throws == 1 { "" } else { "s" },
            task.time_steps
        );
        let mut events = Vec::new();
        match (self.kind, result.success) {
            (TaskKind::DoublesOnly, true) => {
                task.doubles = if to_the_end {
                    self.needed
                } else {
                    self.doubles + 1
                };
                if task.doubles == task.needed {
                    task.status = TaskStatus::Succeeded;
                    events.push(Event::said(format!(
                        "{} of {} doubles after {steps}: the task succeeds.",
                        task.doubles, task.needed
                    )));
                } else {
                    events.push(Event::said(format!(
                        "{} of {} doubles after {steps}.",
                        task.doubles, task.needed
                    )));
                }
            }
            (TaskKind::DoublesOnly, false) => {
                task.doubles = 0;
                task.resets += 1;
                events.push(Event::said(format!(
                    "1-1 after {steps}: the task goes back to the start, 0 of {} doubles.",
                    task.needed
                )));
                events.push(Event::ruling(RulingId::StuntDoublesReset));
            }
            (TaskKind::DoubleSixOnly, true) => {
                task.doubles = 1;
                task.status = TaskStatus::Succeeded;
                events.push(Event::said(format!(
                    "6-6 after {steps}: the task succeeds."
                )));
            }
            (TaskKind::DoubleSixOnly, false) => {
                task.status = TaskStatus::Failed;
                events.push(Event::said(format!(
                    "1-1 after {steps}: the task fails and can never be tried again by this \
                     character."
                )));
            }
        }
        // The task's progress is the summary; the dice follow.
        events.push(Event::roll_detail(result.detail.clone()));
        Ok(TaskThrow {
            request,
            result,
            task,
            events,
        })
    }
}

#[cfg(test)]
#[path = "tasks_tests.rs"]
mod tests;
