//! Which snapshots rotation keeps: a pure function of the snapshots' times, now and the policy,
//! so what it promises can be checked over any calendar (tests/backup_rotation.rs).
//!
//! Kept: the newest `keep_last`; the newest of each of the last `days` calendar days (UTC,
//! today included); the newest of each of the last `months` calendar months. The newest of a day
//! stays the newest of that day whatever is taken later, so a snapshot kept for its day is kept
//! until the day leaves the window, and likewise for months.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::error::{Result, RosterError};
use crate::model::Timestamp;

/// How many snapshots rotation keeps (the GM's choice, stored in the database's settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Policy {
    /// The newest this many, whenever they were taken (at least 1).
    pub keep_last: u32,
    /// One a day (the day's newest) for this many days, today included.
    pub days: u32,
    /// One a month (the month's newest) for this many months, this month included.
    pub months: u32,
}

/// The largest number any of the policy's counts may be: ten years of days.
pub const MAX_POLICY_COUNT: u32 = 3650;

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            keep_last: 10,
            days: 30,
            months: 12,
        }
    }
}

impl Policy {
    /// Refuses a policy that would keep nothing, or a count past [`MAX_POLICY_COUNT`].
    pub fn checked(self) -> Result<Policy> {
        let mut wrong = Vec::new();
        if self.keep_last == 0 {
            wrong.push("keep_last is 0: at least the newest snapshot must be kept".to_string());
        }
        for (name, value) in [
            ("keep_last", self.keep_last),
            ("days", self.days),
            ("months", self.months),
        ] {
            if value > MAX_POLICY_COUNT {
                wrong.push(format!(
                    "{name} is {value}: at most {MAX_POLICY_COUNT} is accepted"
                ));
            }
        }
        match wrong.is_empty() {
            true => Ok(self),
            false => Err(RosterError::InvalidBackupPolicy(wrong.join("; "))),
        }
    }
}

/// The snapshots (by index into `taken`) rotation deletes now: every one not kept by `policy`.
/// Of two snapshots taken at the same time, the one with the higher index is the newer.
pub fn to_delete(taken: &[Timestamp], now: Timestamp, policy: &Policy) -> Vec<usize> {
    let kept = to_keep(taken, now, policy);
    (0..taken.len()).filter(|i| !kept.contains(i)).collect()
}

/// [`to_delete`], but never the newest snapshot that `whole` says is whole (no damaged record
/// in it): however many damaged ones were taken since, the last good one stays. `whole` is
/// asked newest first, only until one answers yes, and only when anything is to be deleted
/// (each answer reads a snapshot through).
pub fn to_delete_sparing(
    taken: &[Timestamp],
    now: Timestamp,
    policy: &Policy,
    mut whole: impl FnMut(usize) -> bool,
) -> Vec<usize> {
    let mut deleted = to_delete(taken, now, policy);
    if deleted.is_empty() {
        return deleted;
    }
    if let Some(spared) = newest_first(taken).into_iter().find(|&i| whole(i)) {
        deleted.retain(|&i| i != spared);
    }
    deleted
}

/// Indexes into `taken`, newest first; of equal times, the higher index.
fn newest_first(taken: &[Timestamp]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..taken.len()).collect();
    order.sort_by(|&a, &b| taken[b].cmp(&taken[a]).then(b.cmp(&a)));
    order
}

/// The snapshots (by index into `taken`) `policy` keeps now.
pub fn to_keep(taken: &[Timestamp], now: Timestamp, policy: &Policy) -> HashSet<usize> {
    let utc = jiff::tz::TimeZone::UTC;
    let today = now.to_zoned(utc.clone()).date();
    let newest_first = newest_first(taken);
    let mut kept: HashSet<usize> = newest_first
        .iter()
        .take(policy.keep_last as usize)
        .copied()
        .collect();
    let (mut days_seen, mut months_seen) = (HashSet::new(), HashSet::new());
    for &i in &newest_first {
        let date = taken[i].to_zoned(utc.clone()).date();
        let days_ago = (today - date).get_days() as i64;
        // A snapshot from the future (a clock set back) counts as today.
        if days_ago < policy.days as i64 && days_seen.insert(date) {
            kept.insert(i);
        }
        let months_ago = (today.year() as i64 * 12 + today.month() as i64)
            - (date.year() as i64 * 12 + date.month() as i64);
        if months_ago < policy.months as i64 && months_seen.insert((date.year(), date.month())) {
            kept.insert(i);
        }
    }
    kept
}
