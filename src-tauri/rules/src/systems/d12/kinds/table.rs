//! The d12 difficulty and damage table (RULES.md section 5), the Limb table, and how a margin
//! reads on them under the roster's miss margin.

use crate::answer::Keyed;
use serde::Serialize;

use crate::answer::Odds;
use crate::{Dist, HouseRules, MISS_MARGIN};

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
pub(super) fn miss_ruling(house: &HouseRules, what: &str) -> String {
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

fn row_outcomes(margin: &Dist, miss_margin: i64) -> Keyed {
    let mut outcomes: Keyed = (0..=9).map(|k| (k.to_string(), 0.0)).collect();
    for (m, p) in margin.iter() {
        outcomes[damage_dice_for(m, miss_margin) as usize] += p;
    }
    outcomes
}

pub(super) fn row_odds(margin: &Dist, house: &HouseRules) -> Odds {
    Odds {
        success: margin.p_at_least(house.miss_margin),
        outcomes: row_outcomes(margin, house.miss_margin),
        mean: None,
        events: Keyed::default(),
        // The first row's Damage Dice: a margin that reaches no row is 0.
        target: Some(DAMAGE_TABLE[0].damage_dice),
        succeeding: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
