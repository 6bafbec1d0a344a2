//! The range of every number a table move takes that no roll request checks (a roll request's
//! fields have theirs in the catalog's kinds): declared once, checked by the table through
//! [`MoveRange::contains`], and served with the catalog (`table_ranges`, `rollbook kinds`) so the
//! window's inputs and scripts know them before they ask. From RULES.md where the rules give a
//! range, a sane cap where they don't (issue 19: a Glory award of 2^63-1 once wrapped negative).
//!
//! Each system declares its moves' ranges in `systems/<name>/move_ranges.rs`; the actions every
//! encounter has are declared here. The other crates find them all here (and at the old path,
//! `table::ranges`).

pub(crate) mod range;

pub use crate::systems::d12::move_ranges::*;
pub use crate::systems::d12::sheet_limits::RANKS_MAX;
pub use crate::systems::genre::move_ranges::*;
pub use crate::systems::genre::sheet_limits::{CHARACTER_LEVEL_MAX, GLORY_MAX, LEVEL_MAX};
pub use crate::systems::stunt::move_ranges::*;
pub use crate::systems::stunt::sheet_limits::HTK_LIMIT;
pub use crate::systems::universe::move_ranges::*;
pub use range::MoveRange;

use crate::systems::registry::REGISTRY;
use range::range;

/// The most nameless NPCs one "Add NPCs" adds.
pub const NPC_BATCH_MAX: u32 = 50;

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

/// The actions every encounter has.
const TABLE_WIDE: [MoveRange; 2] = [ADD_NPCS_COUNT, ADD_COPIES_COUNT];

const COUNT: usize = {
    let (mut count, mut i) = (TABLE_WIDE.len(), 0);
    while i < REGISTRY.len() {
        count += REGISTRY[i].move_ranges.len();
        i += 1;
    }
    count
};

/// The table-wide ranges, then every system's, systems in registry order.
const ALL: [MoveRange; COUNT] = {
    let mut all = [ADD_NPCS_COUNT; COUNT];
    let mut at = 0;
    while at < TABLE_WIDE.len() {
        all[at] = TABLE_WIDE[at];
        at += 1;
    }
    let mut i = 0;
    while i < REGISTRY.len() {
        let mut j = 0;
        while j < REGISTRY[i].move_ranges.len() {
            all[at] = REGISTRY[i].move_ranges[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    all
};

/// Every range, in the order the catalog serves them.
pub const TABLE_RANGES: &[MoveRange] = &ALL;

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
