//! Stunt HTK (Hits To Kill) tracking, RULES.md section 1 "Damage": pure state in -> action -> new state.
//! Running Doubles Only / Double Six Only tasks are not here yet (see the report of issue 6).

use serde::{Deserialize, Serialize};

use crate::tray::Tray;
use crate::RulesError;

/// RULES.md's rulings this module implements, shown to the GM as rulings.
pub const RULINGS: &[&str] = &[
    "Minor Damage is 6d6 summed (the Minor Damage Chart is lost).",
    "HTK never falls below 0 nor rises above its max.",
];

/// A character's Hits To Kill: `current` out of `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Htk {
    pub current: u32,
    pub max: u32,
}

/// What happened to HTK, in numbers the window can show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HtkEvent {
    /// The dice thrown for this damage (empty for fixed points).
    pub faces: Vec<u32>,
    /// Points rolled or given before clamping.
    pub points: u32,
    pub htk: Htk,
}

impl Htk {
    /// A validated HTK: refuses `current` above `max`.
    pub fn new(current: u32, max: u32) -> Result<Self, RulesError> {
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
        let htk = Htk {
            current: self.current.saturating_sub(points),
            max: self.max,
        };
        HtkEvent {
            faces: Vec::new(),
            points,
            htk,
        }
    }

    /// `NdS+K` damage rolled on a seeded tray; refuses N = 0 or S < 2.
    pub fn damage_dice(
        self,
        n: u32,
        sides: u32,
        plus: u32,
        seed: u64,
    ) -> Result<HtkEvent, RulesError> {
        if n == 0 || n > 100 {
            return Err(RulesError::invalid(
                "damage.n",
                "roll between 1 and 100 dice",
            ));
        }
        if sides < 2 {
            return Err(RulesError::invalid(
                "damage.sides",
                "dice need at least 2 sides",
            ));
        }
        let faces = Tray::new(seed).roll_many(n as usize, sides);
        let points = faces.iter().sum::<u32>().saturating_add(plus);
        Ok(HtkEvent {
            faces,
            ..self.damage(points)
        })
    }

    /// Minor Damage: 6d6 summed [ruling].
    pub fn minor_damage(self, seed: u64) -> HtkEvent {
        self.damage_dice(6, 6, 0, seed)
            .expect("6d6 is always a valid roll")
    }
}

#[cfg(test)]
#[path = "stunt_tasks_tests.rs"]
mod tests;
