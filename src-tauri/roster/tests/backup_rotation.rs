//! Rotation keeps what it promises: property tests of the pure rule (snapshot times, now, policy
//! → which to delete; with which are whole, the newest whole one is never deleted) and a
//! simulated year of snapshots taken and pruned day after day.

use std::collections::{BTreeMap, BTreeSet};

use jiff::{civil::Date, tz::TimeZone, Timestamp, ToSpan};
use proptest::prelude::*;
use rollbook_roster::backups::{to_delete, to_delete_sparing, to_keep, Policy};

fn day_of(at: Timestamp) -> Date {
    at.to_zoned(TimeZone::UTC).date()
}

fn month_of(at: Timestamp) -> (i16, i8) {
    let date = day_of(at);
    (date.year(), date.month())
}

/// What the policy promises about `kept` (indices into `taken`), checked from the outside.
fn assert_promises(taken: &[Timestamp], kept: &BTreeSet<usize>, now: Timestamp, policy: &Policy) {
    let mut order: Vec<usize> = (0..taken.len()).collect();
    order.sort_by(|&a, &b| taken[b].cmp(&taken[a]).then(b.cmp(&a)));
    // The newest `keep_last`.
    for &i in order.iter().take(policy.keep_last as usize) {
        assert!(
            kept.contains(&i),
            "one of the newest {} was deleted",
            policy.keep_last
        );
    }
    let today = day_of(now);
    // The newest of each of the last `days` days that has any.
    let mut newest_of_day: BTreeMap<Date, usize> = BTreeMap::new();
    let mut newest_of_month: BTreeMap<(i16, i8), usize> = BTreeMap::new();
    for &i in order.iter().rev() {
        newest_of_day.insert(day_of(taken[i]), i);
        newest_of_month.insert(month_of(taken[i]), i);
    }
    for (day, i) in &newest_of_day {
        let ago = (today - *day).get_days();
        if ago < policy.days as i32 {
            assert!(
                kept.contains(i),
                "the newest of {day} ({ago} days ago) was deleted"
            );
        }
    }
    for ((year, month), i) in &newest_of_month {
        let ago =
            (today.year() as i32 * 12 + today.month() as i32) - (*year as i32 * 12 + *month as i32);
        if ago < policy.months as i32 {
            assert!(kept.contains(i), "the newest of {year}-{month} was deleted");
        }
    }
    // Nothing more than that.
    assert!(
        kept.len() <= (policy.keep_last + policy.days + policy.months) as usize,
        "{} kept",
        kept.len()
    );
    for &i in kept {
        let by_rank = order.iter().position(|&j| j == i).unwrap() < policy.keep_last as usize;
        let by_day = newest_of_day[&day_of(taken[i])] == i
            && (today - day_of(taken[i])).get_days() < policy.days as i32;
        let (y, m) = month_of(taken[i]);
        let by_month = newest_of_month[&(y, m)] == i
            && (today.year() as i32 * 12 + today.month() as i32) - (y as i32 * 12 + m as i32)
                < policy.months as i32;
        assert!(
            by_rank || by_day || by_month,
            "{} kept for no reason",
            taken[i]
        );
    }
}

fn policy() -> impl Strategy<Value = Policy> {
    (1u32..15, 0u32..40, 0u32..15).prop_map(|(keep_last, days, months)| Policy {
        keep_last,
        days,
        months,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rotation_keeps_exactly_what_the_policy_promises(
        offsets in prop::collection::vec(0i64..(400 * 24 * 3600), 0..120),
        now_offset in 0i64..(30 * 24 * 3600),
        policy in policy(),
    ) {
        let start: Timestamp = "2026-01-01T00:00:00Z".parse().unwrap();
        let taken: Vec<Timestamp> = offsets.iter().map(|s| start + s.seconds()).collect();
        let now = start + (400 * 24 * 3600 + now_offset).seconds();
        let deleted: BTreeSet<usize> = to_delete(&taken, now, &policy).into_iter().collect();
        let kept: BTreeSet<usize> = to_keep(&taken, now, &policy).into_iter().collect();
        prop_assert_eq!(deleted.len() + kept.len(), taken.len());
        prop_assert!(deleted.is_disjoint(&kept));
        assert_promises(&taken, &kept, now, &policy);
        // Pruning again at the same moment deletes nothing more.
        let left: Vec<Timestamp> = kept.iter().map(|&i| taken[i]).collect();
        prop_assert!(to_delete(&left, now, &policy).is_empty());
    }

    #[test]
    fn rotation_never_deletes_the_newest_whole_snapshot_and_reads_no_more_than_it_must(
        taken in prop::collection::vec((0i64..(40 * 24 * 3600), any::<bool>()), 0..60),
        policy in policy(),
    ) {
        let start: Timestamp = "2026-01-01T00:00:00Z".parse().unwrap();
        let (times, whole): (Vec<Timestamp>, Vec<bool>) =
            taken.iter().map(|&(s, w)| (start + s.seconds(), w)).unzip();
        let now = start + (40 * 24 * 3600).seconds();
        let mut asked = Vec::new();
        let deleted = to_delete_sparing(&times, now, &policy, |i| {
            asked.push(i);
            whole[i]
        });
        let by_policy = to_delete(&times, now, &policy);
        let mut newest_first: Vec<usize> = (0..times.len()).collect();
        newest_first.sort_by(|&a, &b| times[b].cmp(&times[a]).then(b.cmp(&a)));
        let newest_whole = newest_first.iter().copied().find(|&i| whole[i]);
        // The policy's deletions, less the newest whole snapshot: nothing else is spared.
        let expected: Vec<usize> = by_policy
            .iter()
            .copied()
            .filter(|&i| Some(i) != newest_whole)
            .collect();
        prop_assert_eq!(&deleted, &expected);
        // Asked newest first, up to the newest whole one; not at all with nothing to delete.
        let until = match by_policy.is_empty() {
            true => 0,
            false => newest_whole
                .map_or(newest_first.len(), |w| newest_first.iter().position(|&i| i == w).unwrap() + 1),
        };
        prop_assert_eq!(&asked, &newest_first[..until].to_vec());
    }
}

/// A year of use: a daily snapshot on most days, a few more on busy days (before emptying the
/// trash, imports, restores), pruning after each, as Rollbook does. Every day the snapshots left
/// must be what the policy promises of everything ever taken.
#[test]
fn a_simulated_year_of_snapshots_keeps_what_was_promised() {
    for policy in [
        Policy::default(),
        Policy {
            keep_last: 3,
            days: 7,
            months: 6,
        },
        Policy {
            keep_last: 1,
            days: 0,
            months: 0,
        },
    ] {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let start: Timestamp = "2026-01-01T08:00:00Z".parse().unwrap();
        let mut ever: Vec<Timestamp> = Vec::new();
        let mut left: Vec<Timestamp> = Vec::new();
        for day in 0..365i64 {
            // Some days the window is not opened at all.
            if next() % 7 == 0 {
                continue;
            }
            let extra = next() % 4;
            for k in 0..=extra {
                let at =
                    start + (day * 86_400 + (k as i64) * 3_000 + (next() % 600) as i64).seconds();
                ever.push(at);
                left.push(at);
                let now = at;
                let gone: BTreeSet<usize> = to_delete(&left, now, &policy).into_iter().collect();
                left = left
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !gone.contains(i))
                    .map(|(_, t)| *t)
                    .collect();
                // What is left is what the policy keeps of everything ever taken.
                let kept_of_all: BTreeSet<Timestamp> = to_keep(&ever, now, &policy)
                    .into_iter()
                    .map(|i| ever[i])
                    .collect();
                let left_set: BTreeSet<Timestamp> = left.iter().copied().collect();
                assert_eq!(left_set, kept_of_all, "day {day}, policy {policy:?}");
                let all_indices: BTreeSet<usize> =
                    to_keep(&ever, now, &policy).into_iter().collect();
                assert_promises(&ever, &all_indices, now, &policy);
            }
        }
        let months: BTreeSet<(i16, i8)> = left.iter().map(|t| month_of(*t)).collect();
        println!(
            "{policy:?}: {} taken in a year, {} left, from {} months",
            ever.len(),
            left.len(),
            months.len()
        );
        assert!(left.len() <= (policy.keep_last + policy.days + policy.months) as usize);
        if policy.months >= 12 {
            assert_eq!(months.len(), 12, "one a month for the year");
        }
    }
}
