//! `attack`: d20 + bonus against AC, a fate card played on it or kept for AC.

use serde::{Deserialize, Serialize};

use super::dice::{roll_d20, ADVANTAGE};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::plan::PlanSpec;
use crate::spec::{CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::{d20_natural, keyed_outcomes};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// A fate card played on a roll, by what it adds (RULES.md: its value, a face card +10).
const FATE_CARDS: &[(i64, &str)] = &[
    (0, "No card"),
    (2, "A 2 (+2)"),
    (5, "A 5 (+5)"),
    (8, "An 8 (+8)"),
    (10, "A face card (+10)"),
];

const ATTACK_BONUS: IntField = IntField {
    name: "bonus",
    label: "Attack bonus",
    help: "Combat skill + attack bonus (+ a fate card's value), added to the d20.",
    min: -50,
    max: 100,
    default: 0,
};
const AC: IntField = IntField {
    name: "ac",
    label: "Target AC",
    help: "The attack hits when the total equals or beats it.",
    min: 0,
    max: 100,
    default: 10,
};

/// `{"system":"universe","roll":"attack","bonus":0,"ac":10,"advantage":false}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Attack {
    pub bonus: i64,
    pub ac: i64,
    pub advantage: bool,
}

impl Default for Attack {
    fn default() -> Self {
        Self {
            bonus: ATTACK_BONUS.default,
            ac: AC.default,
            advantage: ADVANTAGE.default,
        }
    }
}

impl Attack {
    /// The index into [`ATTACK_KEYS`] of a natural face.
    fn read(&self, natural: i64) -> usize {
        match natural {
            1 => 0,
            20 => 3,
            n if n + self.bonus >= self.ac => 2,
            _ => 1,
        }
    }
}

const ATTACK_KEYS: [&str; 4] = ["fumble", "miss", "hit", "critical"];

impl Kind for Attack {
    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "attack";

    fn text() -> KindText {
        KindText {
            name: "Attack",
            summary: "1d20 + bonus against AC. A natural 1 misses with a complication; a \
                      natural 20 hits and grants positive fate.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn plans() -> Vec<PlanSpec> {
        vec![super::super::plan_specs::fate_card_spec()]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![ATTACK_BONUS.into(), AC.into(), ADVANTAGE.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            ADVANTAGE.compare(
                "Two d20, the higher kept, against one.",
                ["No advantage", "Advantage"],
            ),
            ATTACK_BONUS.compare_by(
                "fate",
                "A fate card on the attack",
                "Keeping the card, or playing it: a numbered card adds its value, a face card +10.",
                FATE_CARDS,
            ),
            AC.compare_by(
                "target_fate",
                "The target's fate card on AC",
                "The target keeping its card, or playing it on its AC (its value, a face card +10).",
                FATE_CARDS,
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        ATTACK_BONUS.check(self.bonus)?;
        AC.check(self.ac)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut tally = [0.0; 4];
        for (natural, p) in d20_natural(self.advantage).iter() {
            tally[self.read(natural)] += p;
        }
        Odds::from_outcomes(keyed_outcomes(&ATTACK_KEYS, &tally), &["hit", "critical"])
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (natural, group) = roll_d20(tray, self.advantage);
        let total = i64::from(natural) + self.bonus;
        let outcome = ATTACK_KEYS[self.read(i64::from(natural))];
        let words = match outcome {
            "fumble" => "natural 1: miss, and a complication",
            "critical" => "natural 20: hit, and positive fate",
            "hit" => "hit",
            _ => "miss",
        };
        Rolled {
            outcome: outcome.into(),
            success: matches!(outcome, "hit" | "critical"),
            detail: format!(
                "d20 {natural} {:+} = {total} vs AC {}: {words}",
                self.bonus, self.ac
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_needs_10_on_d20() {
        let odds = Attack::default().odds(&HouseRules::default());
        assert!((odds.outcomes["fumble"] - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["critical"] - 0.05).abs() < 1e-12);
        // naturals 10..19 hit: 10 faces.
        assert!((odds.outcomes["hit"] - 0.5).abs() < 1e-12);
        assert!((odds.success - 0.55).abs() < 1e-12);
    }
}
