//! One die a roll reads: what the tray records as it rolls and what a roll by hand asks for.

use serde::Serialize;

/// One die a roll reads, as it is asked for when the dice are rolled at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DieAsked {
    pub sides: u32,
    /// What it is for: "Attacker d12 #3", "Attacker: the 12 explodes, roll it once more".
    pub label: String,
    /// Earned by the dice before it (an explosion, a roll-again): asked for only once they are
    /// in.
    pub earned: bool,
}
