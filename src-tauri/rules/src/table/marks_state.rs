//! `marks` running state (RULES.md section 4), trying again at the same task: each failed
//! attempt removes one more die, in the ruled order, from the next `pool` request.
//!
//! The task state turns into the next `pool` request ([`MarksTask::next_request`]); an attempt
//! rolls that request through the engine's own `pool` kind with the given seed, so its dice are
//! the dice of a quick roll with the same seed.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::systems::marks::PoolDice;
use crate::RulesError;

/// The rulings this module decides where RULES.md is silent (shown to the GM as rulings).
pub const RULINGS: &[&str] = &[
    "Each failed attempt at the same task adds one penalty die on top of the task's difficulty; \
     the dice come off in the order human skill, human attribute, super skill, super dice.",
    "An attempt is refused once penalties leave no dice to roll: the task cannot be tried again.",
    "A task that succeeded is done: it cannot be attempted again.",
];

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
        }
    }

    /// Penalty dice on the next attempt: the difficulty plus one per failed attempt.
    pub fn penalty(&self) -> i64 {
        self.difficulty + self.failed_attempts
    }

    /// Dice left on the next attempt: (attribute, skill, super, super skill).
    pub fn dice_left(&self) -> [i64; 4] {
        let d = PoolDice {
            attribute: self.attribute_dice,
            skill: self.skill_dice,
            super_dice: self.super_dice,
            super_skill: self.super_skill_dice,
        }
        .after_penalty(self.penalty());
        [d.attribute, d.skill, d.super_dice, d.super_skill]
    }

    /// The next attempt as a `marks` `pool` request.
    pub fn next_request(&self) -> Value {
        json!({
            "system": "marks",
            "roll": "pool",
            "attribute_dice": self.attribute_dice,
            "skill_dice": self.skill_dice,
            "super_dice": self.super_dice,
            "super_skill_dice": self.super_skill_dice,
            "penalty": self.penalty(),
            "needed": self.needed,
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
        crate::request_from_value(self.next_request()).map(drop)
    }

    /// Applies an action: the new task plus the events to show the GM.
    pub fn apply(&self, action: &MarksTaskAction) -> Result<(MarksTask, Vec<String>), RulesError> {
        self.validate()?;
        let MarksTaskAction::Attempt { seed } = action;
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
        let request = crate::request_from_value(self.next_request())?;
        let result = crate::roll(&request, *seed)?;
        let mut next = self.clone();
        let mut events = vec![format!(
            "Attempt {}: {}",
            self.failed_attempts + 1,
            result.detail
        )];
        if result.success {
            next.done = true;
            events.push("The task succeeded.".into());
        } else {
            next.failed_attempts += 1;
            events.push(format!(
                "Failed: the next attempt is at -{} dice (ruling: one more die per failed attempt).",
                next.penalty()
            ));
        }
        Ok((next, events))
    }
}

#[cfg(test)]
#[path = "marks_state_tests.rs"]
mod tests;
