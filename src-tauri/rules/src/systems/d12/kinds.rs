//! `d12` — d12 Ranks (RULES.md section 5): (1 + ranks) d12 + ranks, natural 12s rolled once
//! more, opposed margins read on the Damage table.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{check_pool, BoolField, ChoiceField, CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::{dice_word, numeric_odds};
use crate::tray::Tray;
use crate::{Dist, HouseRules, RulesError, MISS_MARGIN};

// ---------------------------------------------------------------------------------------------
// The table

/// One row of the d12 table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DamageRow {
    /// The margin (or difficulty) that reaches the row.
    pub roll: i64,
    pub difficulty: &'static str,
    pub damage_dice: i64,
    pub damage: i64,
    pub effect: &'static str,
    pub condition: &'static str,
}

const fn row(
    roll: i64,
    difficulty: &'static str,
    damage_dice: i64,
    effect: &'static str,
    condition: &'static str,
) -> DamageRow {
    DamageRow {
        roll,
        difficulty,
        damage_dice,
        damage: damage_dice - 1,
        effect,
        condition,
    }
}

/// The difficulty and damage table of RULES.md section 5.
pub const DAMAGE_TABLE: [DamageRow; 9] = [
    row(3, "Easy", 1, "No Effect", "No Effect"),
    row(
        6,
        "Average",
        2,
        "Dazed 1 turn",
        "Memory 1 day; Command 1 turn; Limb 1d12 turns",
    ),
    row(
        12,
        "Hard",
        3,
        "Stunned 1 turn",
        "Memory 1d12 weeks; Command 1d12 turns; Limb 2d12 turns",
    ),
    row(
        18,
        "Formidable",
        4,
        "Stunned 1d12 turns",
        "Memory 1d12 months; Command 2d12 turns; Limb 1 day",
    ),
    row(
        24,
        "Heroic",
        5,
        "Unconscious 1d12 turns",
        "Memory 1d12 years; Command 1 day; Limb 1d12 days",
    ),
    row(
        30,
        "Incredible",
        6,
        "Unconscious 1d12 hours",
        "Memory All; Command 1 week; Limb 1d12 weeks",
    ),
    row(
        36,
        "Ridiculous",
        7,
        "Unconscious 1d12 days",
        "Memory Alteration 1; Dominate 1 day; Limb 1d12 months",
    ),
    row(
        42,
        "Impossible",
        8,
        "Coma 1d12 weeks",
        "Memory Alteration 2; Dominate 1d12 days; Limb 1d12 years",
    ),
    row(
        48,
        "God-Like",
        9,
        "Coma 1d12 months",
        "Memory Alteration 3; Dominate 1d12 weeks; Limb Severed",
    ),
];

/// The Limb table, by d12 face (index 0 = face 1).
pub const LIMBS: [&str; 12] = [
    "Vocal Cords",
    "Left Hand",
    "Right Hand",
    "Left Leg",
    "Right Leg",
    "Left Arm",
    "Right Arm",
    "Left Ear",
    "Right Ear",
    "Nose",
    "Left Eye",
    "Right Eye",
];

/// The Damage Dice a margin reaches: the highest row whose Roll <= margin; 0 below
/// `miss_margin` (**[ruling]** 3, a miss; a roster's house rule `miss_margin`). A margin at or
/// above a miss margin set below 3 that reaches no row reaches the first (1 Damage Die).
pub fn damage_dice_for(margin: i64, miss_margin: i64) -> i64 {
    if margin < miss_margin {
        return 0;
    }
    DAMAGE_TABLE
        .iter()
        .rev()
        .find(|r| r.roll <= margin)
        .map_or(DAMAGE_TABLE[0].damage_dice, |r| r.damage_dice)
}

/// The ruling on margins that reach no row, in words under `house`; `what` is what such a
/// margin does ("the attack misses", "no damage").
fn miss_ruling(house: &HouseRules, what: &str) -> String {
    let ruled = MISS_MARGIN.default;
    let m = house.miss_margin;
    if m == ruled {
        return format!("A margin below {ruled} reaches no row: {what}.");
    }
    let first = DAMAGE_TABLE[0].roll;
    let gap = match first - m {
        gap if gap <= 0 => String::new(),
        1 => format!("; a margin of {m} reaches the first row (1 Damage Die)"),
        _ => format!(
            "; a margin of {m} to {} reaches the first row (1 Damage Die)",
            first - 1
        ),
    };
    format!(
        "House rule: a margin below {m} reaches no row: {what}{gap} (RULES.md's ruling: below {ruled})."
    )
}

// ---------------------------------------------------------------------------------------------
// Dice

/// One d12 with the Natural 12 rule: a 12 is rolled once more and added; a second 12 adds but
/// does not roll again. Values 1..=11 and 13..=24.
fn exploding_d12() -> Dist {
    let mut probs = vec![1.0 / 12.0; 24];
    probs[11] = 0.0;
    for p in &mut probs[12..] {
        *p = 1.0 / 144.0;
    }
    Dist::from_probs(1, probs)
}

/// How many d12 a roll throws: the base die, one per rank, the extra dice, one fewer when
/// Dazed, never below the base die.
fn dice_count(ranks: i64, extra: i64, dazed: bool) -> i64 {
    (1 + ranks + extra - i64::from(dazed)).max(1)
}

/// The total of `dice` d12 plus `bonus`.
fn total_dist(dice: i64, bonus: i64) -> Dist {
    exploding_d12().sum_of(dice as u32).shift(bonus)
}

/// Rolls `dice` d12 with the Natural 12 rule. Returns (sum, all first faces were natural 1s).
fn roll_d12s(tray: &mut Tray, dice: i64, label: String) -> (i64, bool, DiceGroup) {
    let mut group = DiceGroup::new(label);
    let mut sum = 0;
    let mut all_ones = true;
    for _ in 0..dice {
        let face = tray.roll(12);
        all_ones &= face == 1;
        sum += i64::from(face);
        if face == 12 {
            group.push(face, 12, DieState::Exploded);
            let again = tray.roll_earned(12, "the 12 explodes, roll it once more");
            group.push(again, 12, DieState::Bonus);
            sum += i64::from(again);
        } else {
            group.push(face, 12, DieState::Kept);
        }
    }
    (sum, all_ones, group)
}

/// Rolls an ability: returns the total and its dice.
fn roll_ability(
    tray: &mut Tray,
    label: &str,
    ranks: i64,
    extra: i64,
    dazed: bool,
) -> (i64, DiceGroup) {
    let dice = dice_count(ranks, extra, dazed);
    tray.aim(label);
    let (sum, _, group) = roll_d12s(tray, dice, format!("{label} {}d12 + {ranks}", dice));
    (sum + ranks, group)
}

const NATURAL_12_RULING: &str = "A natural 12 is rolled once more and added; a 12 on that second roll adds but does not roll again.";

// ---------------------------------------------------------------------------------------------
// Fields

const RANKS: IntField = IntField {
    name: "ranks",
    label: "Ranks",
    help: "Ranks in the ability: one more d12 each, and +1 each.",
    min: 0,
    max: 59,
    default: 0,
};
const EXTRA: IntField = IntField {
    name: "extra_dice",
    label: "Extra dice",
    help: "Equipment dice (Body Armor, Mental Implant): they roll and explode but add no +1.",
    min: 0,
    max: 59,
    default: 0,
};
const DAZED: BoolField = BoolField {
    name: "dazed",
    label: "Dazed",
    help: "One fewer d12 (never below the base die); the +ranks stay.",
    default: false,
};
const DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty",
    help: "Easy 3, Average 6, Hard 12, Formidable 18, Heroic 24, Incredible 30, Ridiculous 36, Impossible 42, God-Like 48.",
    min: 0,
    max: 1000,
    default: 6,
};

const fn renamed(field: IntField, name: &'static str, label: &'static str) -> IntField {
    IntField {
        name,
        label,
        ..field
    }
}

const A_RANKS: IntField = renamed(RANKS, "attacker_ranks", "Attacker ranks");
const A_EXTRA: IntField = renamed(EXTRA, "attacker_extra_dice", "Attacker extra dice");
const D_RANKS: IntField = renamed(RANKS, "defender_ranks", "Defender ranks");
const D_EXTRA: IntField = renamed(EXTRA, "defender_extra_dice", "Defender extra dice");
const A_DAZED: BoolField = BoolField {
    name: "attacker_dazed",
    label: "Attacker dazed",
    ..DAZED
};
const D_DAZED: BoolField = BoolField {
    name: "defender_dazed",
    label: "Defender dazed",
    ..DAZED
};

fn check_ability(
    prefix: &str,
    ranks: (IntField, i64),
    extra: (IntField, i64),
) -> Result<(), RulesError> {
    ranks.0.check(ranks.1)?;
    extra.0.check(extra.1)?;
    check_pool(
        &format!("{prefix}ranks + {prefix}extra_dice"),
        1 + ranks.1 + extra.1,
    )
}

fn row_outcomes(margin: &Dist, miss_margin: i64) -> IndexMap<String, f64> {
    let mut outcomes: IndexMap<String, f64> = (0..=9).map(|k| (k.to_string(), 0.0)).collect();
    for (m, p) in margin.iter() {
        outcomes[damage_dice_for(m, miss_margin) as usize] += p;
    }
    outcomes
}

fn row_odds(margin: &Dist, house: &HouseRules) -> Odds {
    Odds {
        success: margin.p_at_least(house.miss_margin),
        outcomes: row_outcomes(margin, house.miss_margin),
        mean: None,
        events: IndexMap::new(),
        // The first row's Damage Dice: a margin that reaches no row is 0.
        target: Some(DAMAGE_TABLE[0].damage_dice),
        succeeding: Vec::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// straight

/// `{"system":"d12","roll":"straight","ranks":0,"extra_dice":0,"dazed":false,"difficulty":6}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Straight {
    pub ranks: i64,
    pub extra_dice: i64,
    pub dazed: bool,
    pub difficulty: i64,
}

impl Default for Straight {
    fn default() -> Self {
        Self {
            ranks: RANKS.default,
            extra_dice: EXTRA.default,
            dazed: DAZED.default,
            difficulty: DIFFICULTY.default,
        }
    }
}

impl Kind for Straight {
    const SYSTEM: &'static str = "d12";
    const ROLL: &'static str = "straight";

    fn text() -> KindText {
        KindText {
            name: "Straight roll",
            summary: "(1 + ranks) d12 + ranks against a difficulty; equal or beat it.",
            rulings: &[NATURAL_12_RULING],
            contract: true,
            outcome: "Total",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![RANKS.into(), EXTRA.into(), DAZED.into(), DIFFICULTY.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            DAZED.compare("One d12 fewer while Dazed.", ["Not dazed", "Dazed"]),
            EXTRA.compare_at(
                "Equipment dice",
                "Body Armor or a Mental Implant: one more d12 that explodes but adds no +1.",
                &[(0, "No equipment"), (1, "+1d12"), (2, "+2d12")],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        check_ability("", (RANKS, self.ranks), (EXTRA, self.extra_dice))?;
        DIFFICULTY.check(self.difficulty).map(drop)
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let total = total_dist(
            dice_count(self.ranks, self.extra_dice, self.dazed),
            self.ranks,
        );
        numeric_odds(&total, self.difficulty)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (total, group) = roll_ability(tray, "Ability", self.ranks, self.extra_dice, self.dazed);
        let success = total >= self.difficulty;
        Rolled {
            outcome: total.to_string(),
            success,
            detail: format!(
                "{total} vs difficulty {}: {}",
                self.difficulty,
                if success { "success" } else { "failure" }
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// opposed

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

// ---------------------------------------------------------------------------------------------
// damage

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
    fn one_rank_against_hard_is_0_6875() {
        let straight = Straight {
            ranks: 1,
            difficulty: 12,
            ..Straight::default()
        };
        let odds = straight.odds(&HouseRules::default());
        assert!((odds.success - 0.6875).abs() < 1e-12, "{}", odds.success);
    }

    #[test]
    fn exploding_die_averages_seven_and_a_bit() {
        // 11 faces 1..11 average 6 at 11/12, plus 12 + 6.5 at 1/12.
        let mean = exploding_d12().mean();
        assert!((mean - (66.0 / 12.0 + 18.5 / 12.0)).abs() < 1e-12);
    }

    #[test]
    fn margins_read_the_table() {
        assert_eq!(damage_dice_for(2, 3), 0);
        assert_eq!(damage_dice_for(3, 3), 1);
        assert_eq!(damage_dice_for(11, 3), 2);
        assert_eq!(damage_dice_for(12, 3), 3);
        assert_eq!(damage_dice_for(100, 3), 9);
        assert_eq!(damage_dice_for(-40, 3), 0);
    }

    #[test]
    fn the_miss_margin_moves_the_bottom_of_the_table() {
        // Raised: margins 3 and 4 reach the first row by the table, but miss.
        assert_eq!(damage_dice_for(4, 5), 0);
        assert_eq!(damage_dice_for(5, 5), 1);
        assert_eq!(damage_dice_for(6, 5), 2);
        // Above a row's Roll: that row is skipped too.
        assert_eq!(damage_dice_for(9, 10), 0);
        assert_eq!(damage_dice_for(10, 10), 2);
        // Lowered: a margin at or above it but below 3 reaches the first row.
        assert_eq!(damage_dice_for(-1, 0), 0);
        assert_eq!(damage_dice_for(0, 0), 1);
        assert_eq!(damage_dice_for(2, 1), 1);
    }

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

    #[test]
    fn dazed_never_drops_the_base_die() {
        assert_eq!(dice_count(0, 0, true), 1);
        assert_eq!(dice_count(2, 1, true), 3);
    }

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
