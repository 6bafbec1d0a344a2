//! Health in a word, and the cut-offs between the words (declared here once).

use serde::Serialize;

/// Health in a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HealthWord {
    /// Full.
    Unhurt,
    /// More than half left.
    Hurt,
    /// Half or less left, above 0.
    Bloodied,
    /// 0.
    Down,
}

/// Bloodied at this share of the max or less (`(numerator, denominator)`): half.
pub const BLOODIED_AT_MOST: (i64, i64) = (1, 2);

impl HealthWord {
    /// The word for `value` of `max`.
    pub fn of(value: i64, max: i64) -> HealthWord {
        let (n, d) = BLOODIED_AT_MOST;
        if value <= 0 {
            HealthWord::Down
        } else if value >= max {
            HealthWord::Unhurt
        } else if value.saturating_mul(d) <= max.saturating_mul(n) {
            HealthWord::Bloodied
        } else {
            HealthWord::Hurt
        }
    }
}
