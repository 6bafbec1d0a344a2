//! The limits of the numbers on a stunt sheet (see `crate::sheet_limits`).

use crate::sheet_limits::limit::{current, value, SheetLimit};

/// The most HTK a stunt character has, and so the most one hit or one heal can change.
pub const HTK_LIMIT: u32 = 9_999;

// levels come from the roster's house rules; only HTK is a number.
pub const STUNT_HTK_CURRENT: SheetLimit = current("stunt", "htk.current");
pub const STUNT_HTK_MAX: SheetLimit = value("stunt", "htk.max", 1, HTK_LIMIT as i64);

/// Every limit above, in the order the catalog serves them.
pub(crate) const STUNT_SHEET_LIMITS: &[SheetLimit] = &[STUNT_HTK_CURRENT, STUNT_HTK_MAX];
