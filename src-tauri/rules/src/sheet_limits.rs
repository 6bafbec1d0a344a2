//! The limits of every number on a character sheet (FORMAT.md "Sheets", RULES.md), declared once
//! here: the roster crate's sheet checks read them, and the catalog serves them (`sheet_limits`,
//! also `rollbook kinds`) so the window's sheet forms take their ranges from here instead of
//! writing numbers of their own.
//!
//! A limit is found by its system and its path in the sheet, written the way the window's sheet
//! models walk a sheet: `health.max` (a field of an object), `abilities[].ranks` (a field of
//! every item of a list), `attributes.*` (every value of a map), `trackers.grunt_penalties[]`
//! (every item of a list of numbers). Fields of an inline group sit at the sheet's level.

use serde::Serialize;

use crate::table::ranges::{CHARACTER_LEVEL_MAX, GLORY_MAX, HTK_LIMIT, LEVEL_MAX, RANKS_MAX};
use crate::MAX_POOL;

/// What a limit bounds.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "SheetMeasure"))]
pub enum Measure {
    /// The number at the path.
    Value,
    /// How many items the list at the path holds.
    Items,
    /// The sum of the numbers at the path (a d12 sheet's ranks in all).
    Total,
}

/// One number (or list length, or sum) of one system's sheet and the values it takes.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetLimit {
    /// The system id of FORMAT.md (`d12`, `genre`, …).
    pub system: &'static str,
    /// Where in the sheet (see the module's comment).
    pub path: &'static str,
    pub measure: Measure,
    pub min: i64,
    /// `None` when the bound is another value of the same sheet: a track's `current` is at
    /// most its `max`.
    pub max: Option<i64>,
}

impl SheetLimit {
    /// The upper bound, or `at_most` (the sheet's own bound) when the limit names none.
    pub const fn max_or(&self, at_most: i64) -> i64 {
        match self.max {
            Some(max) => max,
            None => at_most,
        }
    }
}

const fn value(system: &'static str, path: &'static str, min: i64, max: i64) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Value,
        min,
        max: Some(max),
    }
}

/// A track's current value: 0 up to its own max.
const fn current(system: &'static str, path: &'static str) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Value,
        min: 0,
        max: None,
    }
}

const fn items(system: &'static str, path: &'static str, max: usize) -> SheetLimit {
    SheetLimit {
        system,
        path,
        measure: Measure::Items,
        min: 0,
        max: Some(max as i64),
    }
}

// Uniform Stunt Chart: levels come from the roster's house rules; only HTK is a number.
pub const STUNT_HTK_CURRENT: SheetLimit = current("stunt", "htk.current");
pub const STUNT_HTK_MAX: SheetLimit = value("stunt", "htk.max", 1, HTK_LIMIT as i64);

// GENRE Action Roll.
pub const GENRE_LEVEL: SheetLimit = value("genre", "level", 1, CHARACTER_LEVEL_MAX);
pub const GENRE_GLORY: SheetLimit = value("genre", "glory", 0, GLORY_MAX);
pub const GENRE_ATTRIBUTE: SheetLimit = value("genre", "attributes.*", 0, LEVEL_MAX);
pub const GENRE_POWER: SheetLimit = value("genre", "powers[].level", 0, LEVEL_MAX);
pub const GENRE_SKILL_MODIFIER: SheetLimit = value("genre", "skills[].modifier", -10, 10);
/// A Grunt of +N leaves -N, -(N-1), …, -1 (N at most 3).
pub const GENRE_GRUNT_PENALTIES: SheetLimit = items("genre", "trackers.grunt_penalties", 3);
pub const GENRE_GRUNT_PENALTY: SheetLimit = value("genre", "trackers.grunt_penalties[]", -3, -1);
/// At most Stamina (an attribute's level) Grunts before a rest; the check also holds it to the
/// sheet's Stamina.
pub const GENRE_GRUNTS_SINCE_REST: SheetLimit =
    value("genre", "trackers.grunts_since_rest", 0, LEVEL_MAX);
/// Level uses, then one Glory Point each: at most a level's and a Glory purse's worth.
pub const GENRE_NUTS_USED: SheetLimit = value(
    "genre",
    "trackers.nuts_used",
    0,
    CHARACTER_LEVEL_MAX + GLORY_MAX,
);
/// Bust A Nut's two rounds of -1 die.
pub const GENRE_NUT_ROUNDS_LEFT: SheetLimit = value("genre", "trackers.nut_rounds_left", 0, 2);

// Universe Deck d20.
pub const UNIVERSE_COMBAT_SKILL: SheetLimit = value("universe", "combat_skill", 0, 20);
pub const UNIVERSE_ATTACK_BONUS: SheetLimit = value("universe", "attack_bonus", -20, 20);
pub const UNIVERSE_AC: SheetLimit = value("universe", "ac", 0, 40);
pub const UNIVERSE_SKILL: SheetLimit = value("universe", "skills[].level", 0, 20);
pub const UNIVERSE_SAVE_PHYSICAL: SheetLimit = value("universe", "saves.physical", 1, 30);
pub const UNIVERSE_SAVE_MENTAL: SheetLimit = value("universe", "saves.mental", 1, 30);
pub const UNIVERSE_SAVE_LUCK: SheetLimit = value("universe", "saves.luck", 1, 30);
pub const UNIVERSE_HP_CURRENT: SheetLimit = current("universe", "hp.current");
pub const UNIVERSE_HP_MAX: SheetLimit = value("universe", "hp.max", 1, 999);
pub const UNIVERSE_SANITY_CURRENT: SheetLimit = current("universe", "sanity.current");
pub const UNIVERSE_SANITY_MAX: SheetLimit = value("universe", "sanity.max", 1, 999);
/// One fate card, two when the character is lucky.
pub const UNIVERSE_FATE: SheetLimit = items("universe", "fate", 2);
/// The fate cards an unlucky character may hold.
pub const UNIVERSE_FATE_UNLUCKY: usize = 1;

// 64 Bit Heroes Marks.
pub const MARKS_ATTRIBUTE: SheetLimit = value("marks", "attributes.*", 1, 6);
pub const MARKS_SUPER_ATTRIBUTE: SheetLimit = value("marks", "super_attributes.*", 0, MAX_POOL);
pub const MARKS_SKILL: SheetLimit = value("marks", "skills[].rank", 0, MAX_POOL);
pub const MARKS_STYLE: SheetLimit = value("marks", "styles[].rank", 0, MAX_POOL);
pub const MARKS_SUPERPOWER: SheetLimit = value("marks", "superpowers[].rank", 0, MAX_POOL);

// d12 Ranks.
pub const D12_RANKS: SheetLimit = value("d12", "abilities[].ranks", 0, RANKS_MAX);
/// RULES.md section 5: 10 ranks in total at creation.
pub const D12_RANKS_TOTAL: SheetLimit = SheetLimit {
    system: "d12",
    path: "abilities[].ranks",
    measure: Measure::Total,
    min: 0,
    max: Some(10),
};
pub const D12_HEALTH_CURRENT: SheetLimit = current("d12", "health.current");
pub const D12_HEALTH_MAX: SheetLimit = value("d12", "health.max", 1, 99);

/// Every limit above, in the order the catalog serves them.
pub const SHEET_LIMITS: &[SheetLimit] = &[
    STUNT_HTK_CURRENT,
    STUNT_HTK_MAX,
    GENRE_LEVEL,
    GENRE_GLORY,
    GENRE_ATTRIBUTE,
    GENRE_POWER,
    GENRE_SKILL_MODIFIER,
    GENRE_GRUNT_PENALTIES,
    GENRE_GRUNT_PENALTY,
    GENRE_GRUNTS_SINCE_REST,
    GENRE_NUTS_USED,
    GENRE_NUT_ROUNDS_LEFT,
    UNIVERSE_COMBAT_SKILL,
    UNIVERSE_ATTACK_BONUS,
    UNIVERSE_AC,
    UNIVERSE_SKILL,
    UNIVERSE_SAVE_PHYSICAL,
    UNIVERSE_SAVE_MENTAL,
    UNIVERSE_SAVE_LUCK,
    UNIVERSE_HP_CURRENT,
    UNIVERSE_HP_MAX,
    UNIVERSE_SANITY_CURRENT,
    UNIVERSE_SANITY_MAX,
    UNIVERSE_FATE,
    MARKS_ATTRIBUTE,
    MARKS_SUPER_ATTRIBUTE,
    MARKS_SKILL,
    MARKS_STYLE,
    MARKS_SUPERPOWER,
    D12_RANKS,
    D12_RANKS_TOTAL,
    D12_HEALTH_CURRENT,
    D12_HEALTH_MAX,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_is_declared_once_and_holds_something() {
        let mut seen = std::collections::HashSet::new();
        for l in SHEET_LIMITS {
            assert!(
                seen.insert((l.system, l.path, l.measure as u8)),
                "{}.{} is declared twice",
                l.system,
                l.path
            );
            assert!(l.max.is_none_or(|max| l.min <= max), "{l:?}");
        }
    }
}
