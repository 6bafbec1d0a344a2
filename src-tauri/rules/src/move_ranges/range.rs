//! The shape of a move range: one number of one table move and the values it takes. Each system
//! declares its own in `systems/<name>/move_ranges.rs`; the actions every encounter has, in
//! `move_ranges/mod.rs`.

use serde::Serialize;

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

pub(crate) const fn range(
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
