//! The limits of the numbers on a marks sheet (see `crate::sheet_limits`).

use crate::sheet_limits::limit::{value, SheetLimit};
use crate::spec::MAX_POOL;

pub const MARKS_ATTRIBUTE: SheetLimit = value("marks", "attributes.*", 1, 6);
pub const MARKS_SUPER_ATTRIBUTE: SheetLimit = value("marks", "super_attributes.*", 0, MAX_POOL);
pub const MARKS_SKILL: SheetLimit = value("marks", "skills[].rank", 0, MAX_POOL);
pub const MARKS_STYLE: SheetLimit = value("marks", "styles[].rank", 0, MAX_POOL);
pub const MARKS_SUPERPOWER: SheetLimit = value("marks", "superpowers[].rank", 0, MAX_POOL);

/// Every limit above, in the order the catalog serves them.
pub(crate) const MARKS_SHEET_LIMITS: &[SheetLimit] = &[
    MARKS_ATTRIBUTE,
    MARKS_SUPER_ATTRIBUTE,
    MARKS_SKILL,
    MARKS_STYLE,
    MARKS_SUPERPOWER,
];
