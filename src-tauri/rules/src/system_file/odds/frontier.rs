//! The lets worked out in order over a frontier of the values still to be read, kept in
//! independent groups: each let that reads no other starts a group of its own, and two groups
//! are joined only when something reads both. A join that keeps only a sum of the groups'
//! values (`total = "@attack - @defence"`, a value `@a + 2 * @b`) is a convolution
//! ([`super::sums`]): each group's part worked out over its own states, then their
//! distributions added, never every combination of the groups' states. Any other join takes
//! every pair of states. A let that reads earlier lets is made ready once for each value of
//! theirs met; after each let the values no later let and no reading reads are summed out, so
//! a pool read as three stats and then reduced to two numbers carries only those on.

use std::collections::BTreeSet;

use crate::notation::Formula;
use crate::RulesError;

use super::groups::{add_to, gathered, Group, Met, Work};
use super::pool_stats::Support;
use super::ready::{Prepared, Ready};
use super::sums;

/// The lets worked out: the groups of the values the reading reads.
pub(super) struct Expanded {
    pub groups: Vec<Group>,
    /// The chance of what was summed out whole (1, but for an endless chain cut at its tail).
    pub scale: f64,
    pub work: Work,
}

/// Works the lets of `ready` out in order (their values left in its slots as scratch), in at
/// most `most` steps; `supports` holds each let's distribution already worked out (a let that
/// reads no other), the others `None`.
pub(super) fn expand(
    ready: &mut Ready,
    mut supports: Vec<Option<Support>>,
    most: usize,
) -> Result<Expanded, RulesError> {
    let n = ready.lets.len();
    // What is still read after let i, among the slots written so far.
    let mut kept_after: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut read: BTreeSet<usize> = ready.read_by_reading.iter().copied().collect();
    for i in (0..n).rev() {
        let end = ready.lets.get(i + 1).map_or(usize::MAX, Prepared::slot);
        // A range, not a filter of all: what later lets read may be thousands of slots.
        kept_after[i] = read.range(..end).copied().collect();
        read.extend(ready.lets[i].reads());
    }
    let mut out = Expanded {
        groups: Vec::new(),
        scale: 1.0,
        work: Work::new(most),
    };
    for (i, kept) in kept_after.iter().enumerate() {
        let slot = ready.lets[i].slot();
        if let Some(support) = supports[i].take() {
            // A let that reads no other: a group of its own.
            out.work.take(support.len())?;
            let group = Group {
                live: (slot..slot + support.width).collect(),
                states: support,
            };
            out.settle(group, kept);
            continue;
        }
        let reads = ready.lets[i].reads();
        let touched: Vec<usize> = out.reading(&reads);
        if let Prepared::Arith { formula, .. } = &ready.lets[i] {
            let formula = formula.clone();
            if let Some(sum) = out.sum(&touched, &formula, kept, &mut ready.slots)? {
                let group = Group {
                    live: vec![slot],
                    states: Support::of_one(sum),
                };
                out.settle(group, kept);
                continue;
            }
        }
        let joined = out.join(&touched)?;
        let group = extend(ready, i, joined, kept, &mut out.work)?;
        out.settle(group, kept);
    }
    Ok(out)
}

/// `joined` extended by let `i` (one that reads earlier lets): each of its states with each
/// value of the let made ready for it, only the values in `kept` carried on (the rest summed
/// out as they are met, so what is held never passes what is read on).
fn extend(
    ready: &mut Ready,
    i: usize,
    joined: Group,
    kept: &[usize],
    work: &mut Work,
) -> Result<Group, RulesError> {
    let slot = ready.lets[i].slot();
    let mut next: Met<f64> = Met::default();
    // Where each value carried on is read from: the joined state, or the let's own values.
    let mut live: Vec<usize> = Vec::new();
    let mut from: Vec<(bool, usize)> = Vec::new();
    let mark = |width: usize, live: &mut Vec<usize>, from: &mut Vec<(bool, usize)>| {
        for (at, s) in joined.live.iter().enumerate() {
            if kept.contains(s) {
                live.push(*s);
                from.push((false, at));
            }
        }
        for k in 0..width {
            if kept.contains(&(slot + k)) {
                live.push(slot + k);
                from.push((true, k));
            }
        }
    };
    // Each state's key written into one buffer, looked up without a copy.
    let mut key: Vec<i64> = Vec::new();
    let fill = |key: &mut Vec<i64>, state: &[i64], own: &[i64], from: &[(bool, usize)]| {
        key.clear();
        key.extend(
            from.iter()
                .map(|&(mine, at)| if mine { own[at] } else { state[at] }),
        );
    };
    if let Prepared::Arith { formula, .. } = &ready.lets[i] {
        // One value per state: its own, worked out from theirs.
        mark(1, &mut live, &mut from);
        work.take(joined.len())?;
        let divided = || {
            RulesError::invalid(
                format!("lets.{}", ready.lets[i].name()),
                "divides by 0 with these values",
            )
        };
        if live.len() == joined.live.len() + 1 {
            // Every value of the states carried on, and the let's own: each state (a group's
            // are all different) with its value added, in order; nothing to gather (a marks
            // pool's 40,000 states were each copied and hashed for it).
            let width = live.len();
            let mut states = Support {
                width,
                values: Vec::with_capacity(joined.len() * width),
                probs: joined.states.probs.clone(),
            };
            for e in 0..joined.len() {
                joined.write(e, &mut ready.slots);
                let value = formula.eval(&ready.slots).map_err(|_| divided())?;
                states.values.extend_from_slice(joined.state(e));
                states.values.push(value);
            }
            return Ok(Group { live, states });
        }
        for e in 0..joined.len() {
            let p = joined.write(e, &mut ready.slots);
            let state = joined.state(e);
            let value = formula.eval(&ready.slots).map_err(|_| divided())?;
            fill(&mut key, state, &[value], &from);
            add_to(&mut next, &key, p);
        }
        return Ok(gathered(live, next));
    }
    let Prepared::Depends(d) = &ready.lets[i] else {
        unreachable!("a let that reads no other has its support")
    };
    let mut met: Met<Support> = Met::default();
    // The let's width (its pool's stats) is known once it is first made ready.
    let mut marked = false;
    for e in 0..joined.len() {
        let p = joined.write(e, &mut ready.slots);
        let state = joined.state(e);
        let reads: Vec<i64> = d.reads.iter().map(|(_, s)| ready.slots[*s]).collect();
        if !met.contains_key(&reads) {
            let support = d.ready(&ready.slots)?.support();
            met.insert(reads.clone(), support);
        }
        let support = &met[&reads];
        work.take(support.len())?;
        if !marked {
            mark(support.width, &mut live, &mut from);
            marked = true;
        }
        let w = support.width;
        for e in 0..support.len() {
            let own = &support.values[e * w..(e + 1) * w];
            fill(&mut key, state, own, &from);
            add_to(&mut next, &key, p * support.probs[e]);
        }
    }
    Ok(gathered(live, next))
}

impl Expanded {
    /// The places of the groups holding any of `slots`.
    pub fn reading(&self, slots: &[usize]) -> Vec<usize> {
        (0..self.groups.len())
            .filter(|&g| self.groups[g].live.iter().any(|s| slots.contains(s)))
            .collect()
    }

    /// `group` with only the values in `kept` (the rest summed out), added to the groups; a
    /// group left with none is its chance, kept in `scale`.
    fn settle(&mut self, group: Group, kept: &[usize]) {
        let at: Vec<usize> = (0..group.live.len())
            .filter(|&i| kept.contains(&group.live[i]))
            .collect();
        if at.is_empty() {
            self.scale *= group.states.probs.iter().sum::<f64>();
            return;
        }
        if at.len() == group.live.len() {
            self.groups.push(group);
            return;
        }
        let mut merged: Met<f64> = Met::default();
        let mut key: Vec<i64> = Vec::with_capacity(at.len());
        for e in 0..group.len() {
            let state = group.state(e);
            key.clear();
            key.extend(at.iter().map(|&i| state[i]));
            add_to(&mut merged, &key, group.states.probs[e]);
        }
        let live = at.iter().map(|&i| group.live[i]).collect();
        self.groups.push(gathered(live, merged));
    }

    /// The groups at `touched` taken out and joined into one: every pair of their states
    /// (no group: one empty state).
    pub fn join(&mut self, touched: &[usize]) -> Result<Group, RulesError> {
        let size = touched
            .iter()
            .fold(1usize, |n, &g| n.saturating_mul(self.groups[g].len()));
        if touched.len() > 1 {
            self.work.take(size)?;
        }
        let mut joined = Group::certain();
        for &g in touched.iter().rev() {
            let group = self.groups.remove(g);
            if joined.live.is_empty() {
                joined = group;
                continue;
            }
            let width = group.live.len() + joined.live.len();
            let mut states = Support {
                width,
                values: Vec::with_capacity(size * width),
                probs: Vec::with_capacity(size),
            };
            for a in 0..group.len() {
                for b in 0..joined.len() {
                    states.values.extend_from_slice(group.state(a));
                    states.values.extend_from_slice(joined.state(b));
                    states
                        .probs
                        .push(group.states.probs[a] * joined.states.probs[b]);
                }
            }
            let mut live = group.live;
            live.extend(joined.live);
            joined = Group { live, states };
        }
        Ok(joined)
    }

    /// The distribution of `formula` when it is a sum of parts each reading one of the groups
    /// at `touched`, and those groups keep no value still read (`kept`): the groups taken out
    /// and their parts convolved. `None` (nothing taken) when it is not such a sum.
    pub fn sum(
        &mut self,
        touched: &[usize],
        formula: &Formula,
        kept: &[usize],
        slots: &mut [i64],
    ) -> Result<Option<Vec<(i64, f64)>>, RulesError> {
        if touched.len() < 2
            || touched
                .iter()
                .any(|&g| self.groups[g].live.iter().any(|s| kept.contains(s)))
        {
            return Ok(None);
        }
        let groups: Vec<&Group> = touched.iter().map(|&g| &self.groups[g]).collect();
        let Some(sum) = sums::convolved(&groups, formula, slots, &mut self.work)? else {
            return Ok(None);
        };
        for &g in touched.iter().rev() {
            self.groups.remove(g);
        }
        Ok(Some(sum))
    }
}
