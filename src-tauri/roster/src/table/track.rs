//! A tracked number changed by hand during a fight (issue 17): the GM clicks a participant's hp,
//! health, HTK or Sanity and types `-7`, `+3` or `12`. It is a system move of its own (`adjust`)
//! in every system that tracks such a number, so it is logged and undone like any other; the
//! number stays within the range the rules give it (0 up to the max where there is one), and a
//! change that would leave it is refused, never clamped, so the GM sees what they typed was off.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::TableError;

/// Which number an `adjust` move changes. Each system tracks its own: `stunt` HTK, `d12`
/// health, `universe` hp and Sanity (`genre` and `marks` track none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Tracked {
    Htk,
    Health,
    Hp,
    Sanity,
}

impl Tracked {
    /// As the sheets and RULES.md write it.
    pub fn label(self) -> &'static str {
        match self {
            Tracked::Htk => "HTK",
            Tracked::Health => "health",
            Tracked::Hp => "hp",
            Tracked::Sanity => "Sanity",
        }
    }

    /// The move's field name, for refusals.
    fn field(self) -> &'static str {
        match self {
            Tracked::Htk => "htk",
            Tracked::Health => "health",
            Tracked::Hp => "hp",
            Tracked::Sanity => "sanity",
        }
    }

    /// A refusal for a track this system does not keep, naming the ones it does.
    pub(crate) fn not_kept(self, system: &str, kept: &[Tracked]) -> TableError {
        let kept: Vec<&str> = kept.iter().map(|t| t.field()).collect();
        TableError::invalid(format!(
            "track: a {system} table keeps {}, not {}",
            kept.join(" and "),
            self.field()
        ))
    }
}

/// An `adjust` move: whose number, which one, and `by` how much (negative to take away) or `to`
/// what, one of the two. The same in every system that tracks such a number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Adjustment {
    pub participant_id: Uuid,
    pub track: Tracked,
    #[serde(default)]
    pub by: Option<i64>,
    #[serde(default)]
    pub to: Option<i64>,
}

/// The number after the change: `by` adds (negative to take away), `to` sets; exactly one of
/// the two. Out of `min..=max` is refused naming the track, whose it is and the range.
pub(crate) fn adjusted(
    track: Tracked,
    who: &str,
    current: i64,
    by: Option<i64>,
    to: Option<i64>,
    range: (i64, i64),
) -> Result<i64, TableError> {
    let value = match (by, to) {
        // Saturating: a huge `by` lands far out of range and is refused, never wraps.
        (Some(by), None) => current.saturating_add(by),
        (None, Some(to)) => to,
        _ => {
            return Err(TableError::invalid(format!(
                "give {who}'s {} either \"by\" (such as -7 or 3) or \"to\" (such as 12), one \
                 of the two",
                track.label()
            )))
        }
    };
    TableError::check_bounds(
        track.field(),
        &format!("{who}'s {}", track.label()),
        value,
        range,
    )
}

/// The log line: `Tobias's hp: 12 → 5 (-7), changed by hand.`
pub(crate) fn said(track: Tracked, who: &str, from: i64, to: i64) -> String {
    let delta = to - from;
    let sign = if delta >= 0 { "+" } else { "" };
    format!(
        "{who}'s {}: {from} → {to} ({sign}{delta}), changed by hand.",
        track.label()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_adds_to_sets_and_out_of_range_is_refused_naming_the_track() {
        assert_eq!(
            adjusted(Tracked::Hp, "Tobias", 12, Some(-7), None, (0, 20)),
            Ok(5)
        );
        assert_eq!(
            adjusted(Tracked::Hp, "Tobias", 12, Some(3), None, (0, 20)),
            Ok(15)
        );
        assert_eq!(
            adjusted(Tracked::Hp, "Tobias", 12, None, Some(0), (0, 20)),
            Ok(0)
        );
        let error = adjusted(Tracked::Sanity, "Tobias", 5, Some(-7), None, (0, 20)).unwrap_err();
        assert_eq!(error.code(), "out_of_range");
        assert_eq!(
            error.to_string(),
            "sanity: -2 is out of range: Tobias's Sanity is 0 to 20"
        );
        let error = adjusted(Tracked::Hp, "T", 1, Some(i64::MAX), None, (0, 20)).unwrap_err();
        assert_eq!(error.code(), "out_of_range");
        for (by, to) in [(None, None), (Some(1), Some(1))] {
            let error = adjusted(Tracked::Htk, "T", 1, by, to, (0, 20)).unwrap_err();
            assert_eq!(error.code(), "invalid_table_action");
        }
    }

    #[test]
    fn the_log_line_shows_the_change_with_its_sign() {
        assert_eq!(
            said(Tracked::Health, "Vex", 12, 5),
            "Vex's health: 12 → 5 (-7), changed by hand."
        );
        assert_eq!(
            said(Tracked::Htk, "Vex", 5, 8),
            "Vex's HTK: 5 → 8 (+3), changed by hand."
        );
    }
}
