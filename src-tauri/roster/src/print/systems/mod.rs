//! One layout per rules system: the boxes at the top of the first page (values that change in
//! play, to write in by hand), the sections that grow with the character, and the reference
//! tables a player needs at the table (RULES.md).

mod d12;
mod genre;
mod marks;
mod stunt;
mod universe;

use serde_json::Value;

use super::section::Section;
use crate::sheet::{Sheet, Track};
use crate::{Character, Roster, System};

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

pub(crate) fn layout(system: System) -> Layout {
    match system {
        System::Stunt => stunt::LAYOUT,
        System::Genre => genre::LAYOUT,
        System::Universe => universe::LAYOUT,
        System::Marks => marks::LAYOUT,
        System::D12 => d12::LAYOUT,
    }
}

pub(crate) fn build(roster: &Roster, character: &Character) -> SystemPage {
    let notes = &character.notes;
    match &character.sheet {
        Sheet::Stunt(s) => stunt::build(s, &roster.house_rules.stunt, notes),
        Sheet::Genre(s) => genre::build(s, notes),
        Sheet::Universe(s) => universe::build(s, notes),
        Sheet::Marks(s) => marks::build(s, notes),
        Sheet::D12(s) => d12::build(s, notes),
    }
}

/// The system's name as the rules call it.
pub(crate) fn system_name(system: System) -> &'static str {
    match system {
        System::Stunt => "Uniform Stunt Chart",
        System::Genre => "GENRE",
        System::Universe => "Universe Deck d20",
        System::Marks => "64 Bit Heroes Marks",
        System::D12 => "d12 Ranks",
    }
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
