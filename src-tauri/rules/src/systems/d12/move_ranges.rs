//! The ranges of the numbers d12 table moves take (see `crate::move_ranges`).

use super::sheet_limits::{D12_HEALTH_MAX, RANKS_MAX};
use crate::move_ranges::range::{range, MoveRange};

/// The most days of rest one d12 `heal_days` move takes: a year.
pub const HEAL_DAYS_MAX: i64 = 365;
/// The most units of time one d12 `elapse` move lets pass.
pub const ELAPSE_MAX: i64 = 10_000;

pub const D12_HEAL_DAYS: MoveRange =
    range("d12", "heal_days", "days", "Days of rest", 1, HEAL_DAYS_MAX);
pub const D12_ELAPSE: MoveRange = range("d12", "elapse", "amount", "Time passing", 1, ELAPSE_MAX);
/// An NPC's health is a sheet's health max.
pub const D12_NPC_HEALTH: MoveRange = range(
    "d12",
    "set_npc",
    "health",
    "An NPC's health",
    D12_HEALTH_MAX.min,
    D12_HEALTH_MAX.max_or(i64::MAX),
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

/// Every range above, in the order the catalog serves them.
pub(crate) const D12_MOVE_RANGES: &[MoveRange] = &[
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
];
