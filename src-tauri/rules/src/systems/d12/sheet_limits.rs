//! The limits of the numbers on a d12 sheet (see `crate::sheet_limits`).

use crate::sheet_limits::limit::{current, value, Measure, SheetLimit};

/// A d12 ability's ranks (RULES.md: 0 to 4).
pub const RANKS_MAX: i64 = 4;

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
pub(crate) const D12_SHEET_LIMITS: &[SheetLimit] = &[
    D12_RANKS,
    D12_RANKS_TOTAL,
    D12_HEALTH_CURRENT,
    D12_HEALTH_MAX,
];
