//! `damage`: the Damage Dice the weapon lets roll against Toughness or Will Power, read in the
//! weapon's column.

use serde::{Deserialize, Serialize};

use super::dice::{dice_count, roll_d12s, total_dist, NATURAL_12_RULING};
use super::fields::{check_ability, renamed, D_EXTRA, D_RANKS};
use super::table::{damage_dice_for, miss_ruling, row_odds, DAMAGE_TABLE, LIMBS};
use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{ChoiceField, CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::dice_word;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const DAMAGE_ARMOR: IntField = renamed(D_EXTRA, "defender_extra_dice", "Armor / implant dice");
const DAMAGE_DICE: IntField = IntField {
    name: "damage_dice",
    label: "Damage Dice",
    help: "The Damage Dice the attack reached (1 to 9).",
    min: 1,
    max: 9,
    default: 2,
};
const CAP: IntField = IntField {
    name: "cap",
    label: "Weapon cap",
    help: "Laser Pistol/Rifle 2; Stun Gun 1; Sword 2 + Strength ranks; Knife 1 + Strength ranks; Unarmed = Strength ranks; Grenade 2.",
    min: 0,
    max: 20,
    default: 2,
};
const COLUMN: ChoiceField = ChoiceField {
    name: "column",
    label: "Weapon column",
    help: "What the weapon deals: Damage (health), a Damage Effect or a Damage Condition.",
    choices: &["damage", "effect", "condition"],
    default: "damage",
};

/// The table column a weapon reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    #[default]
    Damage,
    Effect,
    Condition,
}

/// `{"system":"d12","roll":"damage","damage_dice":2,"cap":2,"column":"damage",
/// "defender_ranks":0,"defender_extra_dice":0}` — the damage roll against Toughness / Will Power.
/// Outcomes: the row reached, `"0"` (nothing) to `"9"`; `events.all_ones`: the defence showed
/// only natural 1s (a Damage Condition whatever the attack).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Damage {
    pub damage_dice: i64,
    pub cap: i64,
    pub column: Column,
    pub defender_ranks: i64,
    pub defender_extra_dice: i64,
}

impl Default for Damage {
    fn default() -> Self {
        Self {
            damage_dice: DAMAGE_DICE.default,
            cap: CAP.default,
            column: Column::Damage,
            defender_ranks: D_RANKS.default,
            defender_extra_dice: D_EXTRA.default,
        }
    }
}

impl Damage {
    /// The Damage Dice the weapon lets roll: min(Damage Dice, cap).
    pub fn capped_dice(&self) -> i64 {
        self.damage_dice.min(self.cap)
    }

    /// The base d12 plus the capped Damage Dice.
    fn attack_dice(&self) -> i64 {
        1 + self.capped_dice()
    }

    fn defence_dice(&self) -> i64 {
        dice_count(self.defender_ranks, self.defender_extra_dice, false)
    }

    fn reads(&self, row_dice: i64) -> String {
        let Some(row) = DAMAGE_TABLE
            .get((row_dice - 1).max(0) as usize)
            .filter(|_| row_dice > 0)
        else {
            return "nothing".into();
        };
        match self.column {
            Column::Damage => format!("Damage {}", row.damage),
            Column::Effect => row.effect.into(),
            Column::Condition => row.condition.into(),
        }
    }
}

impl Kind for Damage {
    const SYSTEM: &'static str = "d12";
    const ROLL: &'static str = "damage";

    fn text() -> KindText {
        KindText {
            name: "Damage roll",
            summary: "The base d12 plus min(Damage Dice, weapon cap) d12 (no +1s) against \
                      Toughness or Will Power; the margin's row gives Damage, an Effect or a \
                      Condition by the weapon's column. The attacker may choose any lower row.",
            rulings: &[
                "A margin below 3 reaches no row: no damage.",
                NATURAL_12_RULING,
            ],
            contract: false,
            outcome: "Table row (by Damage Dice)",
        }
    }

    fn rulings(house: &HouseRules) -> Vec<String> {
        vec![miss_ruling(house, "no damage"), NATURAL_12_RULING.into()]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![
            DAMAGE_DICE.into(),
            CAP.into(),
            COLUMN.into(),
            renamed(D_RANKS, "defender_ranks", "Toughness / Will Power ranks").into(),
            DAMAGE_ARMOR.into(),
        ]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![DAMAGE_ARMOR.compare_at(
            "Armour",
            "Body Armor on Toughness or a Mental Implant on Will Power: one more d12.",
            &[(0, "No armour"), (1, "+1d12 armour"), (2, "+2d12 armour")],
        )]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DAMAGE_DICE.check(self.damage_dice)?;
        CAP.check(self.cap)?;
        check_ability(
            "defender_",
            (D_RANKS, self.defender_ranks),
            (D_EXTRA, self.defender_extra_dice),
        )
    }

    fn odds(&self, house: &HouseRules) -> Odds {
        let attack = total_dist(self.attack_dice(), 0);
        let defend = total_dist(self.defence_dice(), self.defender_ranks);
        let mut odds = row_odds(&attack.sub(&defend), house);
        let all_ones = (1.0f64 / 12.0).powi(self.defence_dice() as i32);
        odds.events.insert("all_ones".into(), all_ones);
        odds
    }

    fn roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled {
        self.roll_reading(house, tray).0
    }
}

impl Damage {
    /// The roll, with the face of the limb die when the defence showed only natural 1s (what the
    /// attack chain reads, typed instead of found by a group's label).
    pub(crate) fn roll_reading(
        &self,
        house: &HouseRules,
        tray: &mut Tray,
    ) -> (Rolled, Option<u32>) {
        tray.aim("Damage");
        let (attack, _, a_group) = roll_d12s(
            tray,
            self.attack_dice(),
            format!("Damage {}d12", self.attack_dice()),
        );
        tray.aim("Defence");
        let (d_sum, all_ones, d_group) = roll_d12s(
            tray,
            self.defence_dice(),
            format!(
                "Defence {}d12 + {}",
                self.defence_dice(),
                self.defender_ranks
            ),
        );
        let defend = d_sum + self.defender_ranks;
        let margin = attack - defend;
        let row_dice = damage_dice_for(margin, house.miss_margin);
        let mut detail = format!(
            "Damage {attack} vs defence {defend}: margin {margin}, {} (the attacker may choose any lower row)",
            self.reads(row_dice)
        );
        let mut groups = vec![a_group];
        let mut limb_face = None;
        if all_ones {
            let limb = tray.roll_earned(12, "only natural 1s, roll for the limb");
            limb_face = Some(limb);
            let mut limb_group = DiceGroup::new("Limb d12");
            limb_group.push(limb, 12, DieState::Kept);
            groups.push(d_group);
            groups.push(limb_group);
            detail.push_str(&format!(
                "; the defence showed only natural 1s on {}: Damage Condition, Limb {limb} {}",
                dice_word(self.defence_dice()),
                LIMBS[limb as usize - 1]
            ));
        } else {
            groups.push(d_group);
        }
        let rolled = Rolled {
            outcome: row_dice.to_string(),
            success: row_dice > 0,
            detail,
            total: Some(margin),
            groups,
        };
        (rolled, limb_face)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_roll_caps_the_dice() {
        let damage = Damage {
            damage_dice: 5,
            cap: 2,
            ..Damage::default()
        };
        assert_eq!(damage.attack_dice(), 3);
        let odds = damage.odds(&HouseRules::default());
        assert!((odds.events["all_ones"] - 1.0 / 12.0).abs() < 1e-15);
        assert!((odds.total() - 1.0).abs() < 1e-12);
    }
}
