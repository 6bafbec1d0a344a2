//! The limits of every number on a character sheet (FORMAT.md "Sheets", RULES.md), declared once
//! here: the roster crate's sheet checks read them, and the catalog serves them (`sheet_limits`,
//! also `rollbook kinds`) so the window's sheet forms take their ranges from here instead of
//! writing numbers of their own.
//!
//! A limit is found by its system and its path in the sheet, written the way the window's sheet
//! models walk a sheet: `health.max` (a field of an object), `abilities[].ranks` (a field of
//! every item of a list), `attributes.*` (every value of a map), `trackers.grunt_penalties[]`
//! (every item of a list of numbers). Fields of an inline group sit at the sheet's level.

//! Each system declares its own in `systems/<name>/sheet_limits.rs` (with the numbers they are
//! built from); this module is where the other crates find them, all in one list.

pub(crate) mod limit;

pub use crate::systems::d12::sheet_limits::*;
pub use crate::systems::genre::sheet_limits::*;
pub use crate::systems::marks::sheet_limits::*;
pub use crate::systems::stunt::sheet_limits::*;
pub use crate::systems::universe::sheet_limits::*;
pub use limit::{Measure, SheetLimit};

use crate::systems::registry::REGISTRY;

const COUNT: usize = {
    let (mut count, mut i) = (0, 0);
    while i < REGISTRY.len() {
        count += REGISTRY[i].sheet_limits.len();
        i += 1;
    }
    count
};

/// Every system's limits, systems in registry order.
const ALL: [SheetLimit; COUNT] = {
    let mut all = [limit::current("", ""); COUNT];
    let (mut at, mut i) = (0, 0);
    while i < REGISTRY.len() {
        let mut j = 0;
        while j < REGISTRY[i].sheet_limits.len() {
            all[at] = REGISTRY[i].sheet_limits[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    all
};

/// Every limit, in the order the catalog serves them.
pub const SHEET_LIMITS: &[SheetLimit] = &ALL;

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
