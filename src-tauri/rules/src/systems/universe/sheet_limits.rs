//! The limits of the numbers on a universe sheet (see `crate::sheet_limits`).

use crate::sheet_limits::limit::{current, items, value, SheetLimit};

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

/// Every limit above, in the order the catalog serves them.
pub(crate) const UNIVERSE_SHEET_LIMITS: &[SheetLimit] = &[
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
];
