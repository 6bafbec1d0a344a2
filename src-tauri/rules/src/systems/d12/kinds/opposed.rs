//! `opposed`: the attacker's total minus the defender's, read on the table.

use serde::{Deserialize, Serialize};

use super::dice::{dice_count, roll_ability, total_dist, NATURAL_12_RULING};
use super::fields::{check_ability, A_DAZED, A_EXTRA, A_RANKS, D_DAZED, D_EXTRA, D_RANKS};
use super::table::{damage_dice_for, miss_ruling, row_odds};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{CompareSpec, FieldSpec, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

/// `{"system":"d12","roll":"opposed","attacker_ranks":0,"attacker_extra_dice":0,
/// "defender_ranks":0,"defender_extra_dice":0}` (+ `attacker_dazed`, `defender_dazed`).
/// Outcomes: the Damage Dice the margin reaches, `"0"` (a miss) to `"9"`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Opposed {
    pub attacker_ranks: i64,
    pub attacker_extra_dice: i64,
    pub defender_ranks: i64,
    pub defender_extra_dice: i64,
    pub attacker_dazed: bool,
    pub defender_dazed: bool,
}

impl Kind for Opposed {
    const SYSTEM: &'static str = "d12";
    const ROLL: &'static str = "opposed";

    fn text() -> KindText {
        KindText {
            name: "Opposed roll",
            summary: "Attacker's total minus defender's, read on the table: the highest row \
                      whose Roll is at most the margin gives the Damage Dice.",
            rulings: &[
                "A margin below 3 reaches no row: the attack misses.",
                NATURAL_12_RULING,
            ],
            contract: true,
            outcome: "Damage Dice",
        }
    }

    fn rulings(house: &HouseRules) -> Vec<String> {
        vec![
            miss_ruling(house, "the attack misses"),
            NATURAL_12_RULING.into(),
        ]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![
            A_RANKS.into(),
            A_EXTRA.into(),
            A_DAZED.into(),
            D_RANKS.into(),
            D_EXTRA.into(),
            D_DAZED.into(),
        ]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            A_DAZED.compare(
                "The attacker one d12 fewer while Dazed.",
                ["Attacker not dazed", "Attacker dazed"],
            ),
            D_DAZED.compare(
                "The defender one d12 fewer while Dazed.",
                ["Defender not dazed", "Defender dazed"],
            ),
            D_EXTRA.compare_at(
                "The defender's armour",
                "Body Armor or a Mental Implant on the defence: one more d12 that explodes.",
                &[(0, "No armour"), (1, "+1d12 armour"), (2, "+2d12 armour")],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        check_ability(
            "attacker_",
            (A_RANKS, self.attacker_ranks),
            (A_EXTRA, self.attacker_extra_dice),
        )?;
        check_ability(
            "defender_",
            (D_RANKS, self.defender_ranks),
            (D_EXTRA, self.defender_extra_dice),
        )
    }

    fn odds(&self, house: &HouseRules) -> Odds {
        let attack = total_dist(
            dice_count(
                self.attacker_ranks,
                self.attacker_extra_dice,
                self.attacker_dazed,
            ),
            self.attacker_ranks,
        );
        let defend = total_dist(
            dice_count(
                self.defender_ranks,
                self.defender_extra_dice,
                self.defender_dazed,
            ),
            self.defender_ranks,
        );
        row_odds(&attack.sub(&defend), house)
    }

    fn roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled {
        let (attack, a_group) = roll_ability(
            tray,
            "Attacker",
            self.attacker_ranks,
            self.attacker_extra_dice,
            self.attacker_dazed,
        );
        let (defend, d_group) = roll_ability(
            tray,
            "Defender",
            self.defender_ranks,
            self.defender_extra_dice,
            self.defender_dazed,
        );
        let margin = attack - defend;
        let dice = damage_dice_for(margin, house.miss_margin);
        let verdict = if dice == 0 {
            "a miss".to_string()
        } else {
            format!("{} Damage {}", dice, if dice == 1 { "Die" } else { "Dice" })
        };
        Rolled {
            outcome: dice.to_string(),
            success: dice > 0,
            detail: format!("Attacker {attack} vs defender {defend}: margin {margin}, {verdict}"),
            total: Some(margin),
            groups: vec![a_group, d_group],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Damage;
    use super::*;

    #[test]
    fn the_rulings_read_as_a_house_rule_when_the_margin_differs() {
        let ruled = HouseRules::default();
        assert_eq!(
            Opposed::rulings(&ruled)[0],
            "A margin below 3 reaches no row: the attack misses."
        );
        let mut house = HouseRules {
            miss_margin: 5,
            ..HouseRules::default()
        };
        assert_eq!(
            Opposed::rulings(&house)[0],
            "House rule: a margin below 5 reaches no row: the attack misses (RULES.md's ruling: below 3)."
        );
        house.miss_margin = 0;
        assert_eq!(
            Damage::rulings(&house)[0],
            "House rule: a margin below 0 reaches no row: no damage; a margin of 0 to 2 reaches the first row (1 Damage Die) (RULES.md's ruling: below 3)."
        );
    }
}
