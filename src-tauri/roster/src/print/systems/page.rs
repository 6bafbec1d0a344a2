//! What every system's printed page is made of (`systems/<name>/print.rs` fills it): the
//! boxes at the top of the first page, the sections that grow with the character, the reference
//! tables; and the small pieces they share.

use serde_json::Value;

use crate::print::section::Section;
use crate::sheet::Track;

/// What a system prints for one character.
pub(crate) struct SystemPage {
    /// The context of the system's `top.html` (fixed height, see [`Layout`]).
    pub top: Value,
    /// The context of the system's `reference.html` (fixed height).
    pub reference: Value,
    pub sections: Vec<Section>,
}

/// The fixed parts of a system's first page, in mm, and how many columns its sections take.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub(crate) struct Layout {
    pub columns: usize,
    pub top: f64,
    pub reference: f64,
}

/// `+2`, `0`, `-1`.
pub(crate) fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A pool that goes down in play, for a box to write in: its maximum, and where it stood when
/// printed (left out when full, as at the start of a session).
pub(crate) fn track(t: &Track) -> Value {
    serde_json::json!({
        "max": t.max,
        "now": (t.current != t.max).then_some(t.current),
    })
}

/// Tick boxes: `total` of them, the first `marked` filled in.
pub(crate) fn ticks(total: i64, marked: i64) -> Vec<bool> {
    (0..total.max(0)).map(|i| i < marked).collect()
}

/// Rows left empty under a list that changes in play, to write in.
pub(crate) const BLANK_ROWS: usize = 2;
/// Ruled lines for notes when there are none.
pub(crate) const NOTE_LINES: usize = 4;
