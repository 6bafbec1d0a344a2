//! `marks` running state (RULES.md section 4), trying again at the same task: each failed
//! attempt removes one more die, in the ruled order, from the next `pool` request.
//!
//! The task state turns into the next `pool` request ([`MarksTask::next_request`]); an attempt
//! rolls that request through the engine's own `pool` kind with the given seed, so its dice are
//! the dice of a quick roll with the same seed.

use serde::{Deserialize, Serialize};

use super::kinds as marks;
use super::pool_dice::PoolDice;
use crate::table::{Event, MoveDice, RulingId};
use crate::{RollRequest, RollResult, RulesError};

// Its rulings are the `Marks…` ids of `RulingId` (`rulings.rs`), worded there once.

/// Checks a request as the engine's own kind does (field ranges, pool size).
fn checked(request: &RollRequest) -> Result<(), RulesError> {
    request.validate(crate::HouseRules::ruled())
}

/// Rolls a request through the engine's own kind with `dice`, as a quick roll would.
fn rolled(request: RollRequest, dice: &MoveDice) -> Result<(RollRequest, RollResult), RulesError> {
    let result = dice.roll(&request, crate::HouseRules::ruled(), 0)?;
    Ok((request, result))
}

/// `[attribute, skill, super, super skill]` after `penalty` dice come off in the ruled order
/// (the engine's `PoolDice::after_penalty`).
fn after_penalty(pool: [i64; 4], penalty: i64) -> [i64; 4] {
    let [attribute, skill, super_dice, super_skill] = pool;
    let d = PoolDice {
        attribute,
        skill,
        super_dice,
        super_skill,
    }
    .after_penalty(penalty);
    [d.attribute, d.skill, d.super_dice, d.super_skill]
}

/// What one roll at a task did: the task after it, the events to show the GM, and the roll
/// itself (request and result) for the roll log.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled<T> {
    pub task: T,
    pub events: Vec<Event>,
    pub request: RollRequest,
    pub result: RollResult,
}

/// A task the character keeps trying: its pool before penalties and how it has gone so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MarksTask {
    pub attribute_dice: i64,
    pub skill_dice: i64,
    pub super_dice: i64,
    pub super_skill_dice: i64,
    /// The task's difficulty in penalty dice (Challenging 1, Difficult 2, Expert 3, Super 4+).
    pub difficulty: i64,
    /// Marks needed to succeed.
    pub needed: i64,
    /// Failed attempts so far: one extra penalty die each.
    pub failed_attempts: i64,
    /// The task succeeded.
    pub done: bool,
    /// The other character, when the task is contested: each attempt is a `contested` roll
    /// (ties favour the defender) instead of a `pool` roll against `needed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<DefenderPool>,
}

/// The opposing character's pool in a contested task; its penalty does not grow with the
/// attacker's failures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DefenderPool {
    pub attribute_dice: i64,
    pub skill_dice: i64,
    pub super_dice: i64,
    pub super_skill_dice: i64,
    pub penalty: i64,
}

/// One change to the task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MarksTaskAction {
    /// The character tries the task again, rolling the next pool with this seed.
    Attempt { seed: u64 },
}

impl MarksTask {
    /// A fresh task with no attempts made.
    pub fn new(pool: [i64; 4], difficulty: i64, needed: i64) -> Self {
        let [attribute_dice, skill_dice, super_dice, super_skill_dice] = pool;
        Self {
            attribute_dice,
            skill_dice,
            super_dice,
            super_skill_dice,
            difficulty,
            needed,
            failed_attempts: 0,
            done: false,
            defender: None,
        }
    }

    /// The same task contested by another character.
    pub fn against(self, defender: DefenderPool) -> Self {
        Self {
            defender: Some(defender),
            ..self
        }
    }

    /// Penalty dice on the next attempt: the difficulty plus one per failed attempt.
    pub fn penalty(&self) -> i64 {
        self.difficulty + self.failed_attempts
    }

    /// Dice left on the next attempt: (attribute, skill, super, super skill).
    pub fn dice_left(&self) -> [i64; 4] {
        let pool = [
            self.attribute_dice,
            self.skill_dice,
            self.super_dice,
            self.super_skill_dice,
        ];
        after_penalty(pool, self.penalty())
    }

    /// The next attempt as a `marks` `pool` request, or `contested` against the defender.
    pub fn next_request(&self) -> RollRequest {
        if let Some(d) = self.defender {
            return RollRequest::MarksContested(marks::Contested {
                attribute_dice: self.attribute_dice,
                skill_dice: self.skill_dice,
                super_dice: self.super_dice,
                super_skill_dice: self.super_skill_dice,
                penalty: self.penalty(),
                defender_attribute_dice: d.attribute_dice,
                defender_skill_dice: d.skill_dice,
                defender_super_dice: d.super_dice,
                defender_super_skill_dice: d.super_skill_dice,
                defender_penalty: d.penalty,
            });
        }
        RollRequest::MarksPool(marks::Pool {
            attribute_dice: self.attribute_dice,
            skill_dice: self.skill_dice,
            super_dice: self.super_dice,
            super_skill_dice: self.super_skill_dice,
            penalty: self.penalty(),
            needed: self.needed,
        })
    }

    /// Refuses a state no sequence of actions can reach (e.g. hand-edited JSON).
    pub fn validate(&self) -> Result<(), RulesError> {
        for (name, value) in [
            ("difficulty", self.difficulty),
            ("failed_attempts", self.failed_attempts),
        ] {
            if value < 0 {
                return Err(RulesError::invalid(name, "cannot be negative"));
            }
        }
        checked(&self.next_request())
    }

    /// Applies an action: the new task plus the events to show the GM.
    pub fn apply(&self, action: &MarksTaskAction) -> Result<(MarksTask, Vec<Event>), RulesError> {
        let MarksTaskAction::Attempt { seed } = action;
        let rolled = self.attempt(&MoveDice::seeded(*seed))?;
        Ok((rolled.task, rolled.events))
    }

    /// Why the task cannot be attempted now (it succeeded, or no dice are left), if so.
    pub fn ready(&self) -> Result<(), RulesError> {
        self.validate()?;
        if self.done {
            return Err(RulesError::invalid(
                "action",
                "this task already succeeded; start a new task to roll again",
            ));
        }
        if self.dice_left().iter().sum::<i64>() == 0 {
            return Err(RulesError::invalid(
                "failed_attempts",
                "the penalties leave no dice to roll; this task cannot be tried again",
            ));
        }
        Ok(())
    }

    /// One attempt rolled with `dice`: the task after it, the events and the roll made.
    pub fn attempt(&self, dice: &MoveDice) -> Result<Rolled<MarksTask>, RulesError> {
        self.ready()?;
        let (request, result) = rolled(self.next_request(), dice)?;
        let mut next = self.clone();
        let mut events = vec![Event::roll_detail(format!(
            "Attempt {}: {}",
            self.failed_attempts + 1,
            result.detail
        ))];
        if result.success {
            next.done = true;
            events.push(Event::said("The task succeeded."));
        } else {
            next.failed_attempts += 1;
            events.push(Event::said(format!(
                "Failed: the next attempt is at -{} dice.",
                next.penalty()
            )));
            events.push(Event::ruling(RulingId::MarksPenaltyPerFailure));
        }
        Ok(Rolled {
            task: next,
            events,
            request,
            result,
        })
    }
}

/// Where an extended task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ExtendedStatus {
    Running,
    /// The plateau was reached; the task completes on this step (never before the minimum).
    Completed {
        on_step: i64,
    },
    /// The maximum steps passed without reaching the plateau.
    Failed,
}

/// An extended task rolled at the table one time step at a time: the `extended` request it is
/// (its pool, plateau and steps, the kind's own fields, flattened so the stored JSON stays flat)
/// and how far it has got.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExtendedTask {
    #[serde(flatten)]
    pub task: marks::Extended,
    /// Steps rolled so far.
    pub steps: i64,
    /// Marks added up so far.
    pub marks: i64,
    pub status: ExtendedStatus,
}

/// One change to an extended task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ExtendedAction {
    /// One time step passes: the pool is rolled with this seed.
    Step { seed: u64 },
}

impl ExtendedTask {
    /// A fresh task: `pool` is (attribute, skill, super, super skill) dice.
    pub fn new(pool: [i64; 4], penalty: i64, plateau: i64, steps: (i64, i64)) -> Self {
        let [attribute_dice, skill_dice, super_dice, super_skill_dice] = pool;
        Self {
            task: marks::Extended {
                attribute_dice,
                skill_dice,
                super_dice,
                super_skill_dice,
                penalty,
                plateau,
                min_steps: steps.0,
                max_steps: steps.1,
            },
            steps: 0,
            marks: 0,
            status: ExtendedStatus::Running,
        }
    }

    /// The task as the engine's `extended` request (its fields are checked by that kind).
    pub fn extended_request(&self) -> RollRequest {
        RollRequest::MarksExtended(self.task.clone())
    }

    /// Dice each step rolls after the penalty: (attribute, skill, super, super skill).
    pub fn dice_left(&self) -> [i64; 4] {
        let pool = [
            self.task.attribute_dice,
            self.task.skill_dice,
            self.task.super_dice,
            self.task.super_skill_dice,
        ];
        after_penalty(pool, self.task.penalty)
    }

    /// One step's roll as a `marks` `pool` request.
    pub fn step_request(&self) -> RollRequest {
        RollRequest::MarksPool(marks::Pool {
            attribute_dice: self.task.attribute_dice,
            skill_dice: self.task.skill_dice,
            super_dice: self.task.super_dice,
            super_skill_dice: self.task.super_skill_dice,
            penalty: self.task.penalty,
            needed: 0,
        })
    }

    /// Refuses a state no sequence of steps can reach.
    pub fn validate(&self) -> Result<(), RulesError> {
        checked(&self.extended_request())?;
        if !(0..=self.task.max_steps).contains(&self.steps) {
            return Err(RulesError::invalid(
                "steps",
                format!(
                    "must be between 0 and the maximum ({})",
                    self.task.max_steps
                ),
            ));
        }
        if self.marks < 0 {
            return Err(RulesError::invalid("marks", "cannot be negative"));
        }
        Ok(())
    }

    /// Applies a step: the new task plus the events to show the GM.
    pub fn apply(&self, action: &ExtendedAction) -> Result<(ExtendedTask, Vec<Event>), RulesError> {
        let ExtendedAction::Step { seed } = action;
        let rolled = self.step(&MoveDice::seeded(*seed))?;
        Ok((rolled.task, rolled.events))
    }

    /// Why no step can be rolled now (the task is over), if so.
    pub fn ready(&self) -> Result<(), RulesError> {
        self.validate()?;
        if self.status != ExtendedStatus::Running {
            return Err(RulesError::invalid(
                "status",
                "this extended task is over; start a new one to roll again",
            ));
        }
        Ok(())
    }

    /// One time step rolled with `dice`: the task after it, the events and the roll made.
    pub fn step(&self, dice: &MoveDice) -> Result<Rolled<ExtendedTask>, RulesError> {
        self.ready()?;
        let (request, result) = rolled(self.step_request(), dice)?;
        let mut next = self.clone();
        next.steps += 1;
        next.marks += result.total.unwrap_or(0);
        let mut events = vec![Event::roll_detail(format!(
            "Step {}: {}; {} of {} Marks",
            next.steps, result.detail, next.marks, self.task.plateau
        ))];
        if next.marks >= self.task.plateau {
            let on_step = next.steps.max(self.task.min_steps);
            next.status = ExtendedStatus::Completed { on_step };
            if on_step > next.steps {
                events.push(Event::said(format!(
                    "The plateau is reached: the task completes on step {on_step}, its minimum."
                )));
                events.push(Event::ruling(RulingId::MarksExtendedSteps));
            } else {
                events.push(Event::said(format!(
                    "The plateau is reached: the task completes on step {on_step}."
                )));
            }
        } else if next.steps == self.task.max_steps {
            next.status = ExtendedStatus::Failed;
            events.push(Event::said(
                "The maximum steps have passed short of the plateau: failure.",
            ));
        }
        Ok(Rolled {
            task: next,
            events,
            request,
            result,
        })
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
