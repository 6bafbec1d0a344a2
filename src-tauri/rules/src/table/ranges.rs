//! The range of every number a table move takes that no roll request checks (a roll request's
//! fields have theirs in the catalog's kinds): declared once here, checked by the table through
//! [`MoveRange::contains`], and served with the catalog (`table_ranges`, `rollbook kinds`) so the
//! window's inputs and scripts know them before they ask. From RULES.md where the rules give a
//! range, a sane cap where they don't (issue 19: a Glory award of 2^63-1 once wrapped negative).

use serde::Serialize;

/// The most Glory Points a genre character holds (the sheet's limit too).
pub const GLORY_MAX: i64 = 9_999;
/// The most days of rest one d12 `heal_days` move takes: a year.
pub const HEAL_DAYS_MAX: i64 = 365;
/// The most units of time one d12 `elapse` move lets pass.
pub const ELAPSE_MAX: i64 = 10_000;
/// The most HTK a stunt character has, and so the most one hit or one heal can change.
pub const HTK_LIMIT: u32 = 9_999;
/// The most nameless NPCs one "Add NPCs" adds.
pub const NPC_BATCH_MAX: u32 = 50;
/// A genre character's level (the sheet's limit too).
pub const CHARACTER_LEVEL_MAX: i64 = 100;
/// A genre attribute's level, Stamina among them (the sheet's limit too).
pub const LEVEL_MAX: i64 = 10;
/// A d12 ability's ranks (RULES.md: 0 to 4).
pub const RANKS_MAX: i64 = 4;

/// One number of one table move and the values it takes.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveRange {
    /// The system whose move takes it, or `table` for the actions every encounter has.
    pub system: &'static str,
    /// The move (`gain_glory`) or table action (`add_npcs`) as the request names it.
    #[serde(rename = "move")]
    pub r#move: &'static str,
    /// The field's path in the move (`plan.grunt`), as a refusal names it.
    pub field: &'static str,
    /// What the number is, in the GM's words.
    pub label: &'static str,
    pub min: i64,
    pub max: i64,
}

impl MoveRange {
    pub const fn contains(&self, value: i64) -> bool {
        self.min <= value && value <= self.max
    }
}

const fn range(
    system: &'static str,
    r#move: &'static str,
    field: &'static str,
    label: &'static str,
    min: i64,
    max: i64,
) -> MoveRange {
    MoveRange {
        system,
        r#move,
        field,
        label,
        min,
        max,
    }
}

pub const ADD_NPCS_COUNT: MoveRange = range(
    "table",
    "add_npcs",
    "count",
    "NPCs added at once",
    1,
    NPC_BATCH_MAX as i64,
);

/// "Add ×N" of a roster character: the same batch as quick NPCs.
pub const ADD_COPIES_COUNT: MoveRange = range(
    "table",
    "add_copies",
    "count",
    "copies added at once",
    1,
    NPC_BATCH_MAX as i64,
);

pub const GENRE_GLORY_GAINED: MoveRange = range(
    "genre",
    "gain_glory",
    "points",
    "Glory Points gained",
    0,
    GLORY_MAX,
);
pub const GENRE_GLORY_SPENT: MoveRange = range(
    "genre",
    "spend_opposing_glory",
    "points",
    "Glory Points spent",
    0,
    GLORY_MAX,
);
pub const GENRE_NPC_LEVEL: MoveRange = range(
    "genre",
    "set_stats",
    "level",
    "An NPC's level",
    1,
    CHARACTER_LEVEL_MAX,
);
pub const GENRE_NPC_STAMINA: MoveRange = range(
    "genre",
    "set_stats",
    "stamina",
    "An NPC's Stamina",
    0,
    LEVEL_MAX,
);
pub const GENRE_GRUNT: MoveRange = range("genre", "act", "plan.grunt", "A Grunt", 0, 3);

pub const D12_HEAL_DAYS: MoveRange =
    range("d12", "heal_days", "days", "Days of rest", 1, HEAL_DAYS_MAX);
pub const D12_ELAPSE: MoveRange = range("d12", "elapse", "amount", "Time passing", 1, ELAPSE_MAX);
/// An NPC's health is a sheet's health max.
pub const D12_NPC_HEALTH: MoveRange = range(
    "d12",
    "set_npc",
    "health",
    "An NPC's health",
    crate::sheet_limits::D12_HEALTH_MAX.min,
    crate::sheet_limits::D12_HEALTH_MAX.max_or(i64::MAX),
);
pub const D12_NPC_DODGE: MoveRange = range(
    "d12",
    "set_npc",
    "dodge",
    "An NPC's Dodge ranks",
    0,
    RANKS_MAX,
);
pub const D12_NPC_MIND: MoveRange = range(
    "d12",
    "set_npc",
    "mind",
    "An NPC's Mind ranks",
    0,
    RANKS_MAX,
);
pub const D12_NPC_TOUGHNESS: MoveRange = range(
    "d12",
    "set_npc",
    "toughness",
    "An NPC's Toughness ranks",
    0,
    RANKS_MAX,
);
pub const D12_NPC_WILL_POWER: MoveRange = range(
    "d12",
    "set_npc",
    "will_power",
    "An NPC's Will Power ranks",
    0,
    RANKS_MAX,
);
pub const D12_ATTACK_RANKS: MoveRange = range(
    "d12",
    "attack_start",
    "ranks",
    "The attacking ability's ranks",
    0,
    RANKS_MAX,
);
pub const D12_REMOVE_RANKS: MoveRange = range(
    "d12",
    "remove",
    "ranks",
    "The checking ability's ranks",
    0,
    RANKS_MAX,
);
pub const D12_WEAPON_CAP: MoveRange = range(
    "d12",
    "attack_start",
    "cap",
    "A weapon's cap on the Damage Dice",
    0,
    20,
);

pub const STUNT_DAMAGE_POINTS: MoveRange = range(
    "stunt",
    "damage",
    "points",
    "Damage in points",
    0,
    HTK_LIMIT as i64,
);
pub const STUNT_HEAL_POINTS: MoveRange =
    range("stunt", "heal", "points", "HTK healed", 0, HTK_LIMIT as i64);
pub const STUNT_HTK_CURRENT: MoveRange = range(
    "stunt",
    "set_htk",
    "current",
    "HTK now",
    0,
    HTK_LIMIT as i64,
);
pub const STUNT_HTK_MAX: MoveRange =
    range("stunt", "set_htk", "max", "Max HTK", 1, HTK_LIMIT as i64);

pub const UNIVERSE_FIRST_MOVE: MoveRange = range(
    "universe",
    "chase_round",
    "first_move_feet",
    "The first runner's move in feet",
    0,
    1000,
);
pub const UNIVERSE_SECOND_MOVE: MoveRange = range(
    "universe",
    "chase_round",
    "second_move_feet",
    "The second runner's move in feet",
    0,
    1000,
);
/// A hit's damage typed by the GM (hp stops at 0, so more than anyone's hp is allowed).
pub const UNIVERSE_DAMAGE_POINTS: MoveRange =
    range("universe", "damage", "points", "Damage points", 0, 9999);

/// Every range above, in the order the catalog serves them.
pub const TABLE_RANGES: &[MoveRange] = &[
    ADD_NPCS_COUNT,
    ADD_COPIES_COUNT,
    GENRE_GLORY_GAINED,
    GENRE_GLORY_SPENT,
    GENRE_NPC_LEVEL,
    GENRE_NPC_STAMINA,
    GENRE_GRUNT,
    D12_HEAL_DAYS,
    D12_ELAPSE,
    D12_NPC_HEALTH,
    D12_NPC_DODGE,
    D12_NPC_MIND,
    D12_NPC_TOUGHNESS,
    D12_NPC_WILL_POWER,
    D12_ATTACK_RANKS,
    D12_REMOVE_RANKS,
    D12_WEAPON_CAP,
    STUNT_DAMAGE_POINTS,
    STUNT_HEAL_POINTS,
    STUNT_HTK_CURRENT,
    STUNT_HTK_MAX,
    UNIVERSE_FIRST_MOVE,
    UNIVERSE_SECOND_MOVE,
    UNIVERSE_DAMAGE_POINTS,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_of_each_move_is_declared_once_with_a_range_that_holds_something() {
        let mut seen = std::collections::HashSet::new();
        for r in TABLE_RANGES {
            assert!(
                seen.insert((r.system, r.r#move, r.field)),
                "{}.{}.{} is declared twice",
                r.system,
                r.r#move,
                r.field
            );
            assert!(r.min <= r.max, "{r:?}");
            assert!(r.contains(r.min) && r.contains(r.max));
            assert!(!r.contains(r.min - 1) && !r.contains(r.max + 1));
        }
    }
}
