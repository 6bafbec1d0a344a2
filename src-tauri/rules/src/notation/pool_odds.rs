//! The exact distribution of one pool with its modifiers, in the order written (DICE.md).
//!
//! Three ways, the cheapest that is exact for the pool:
//! - **No keep or drop**: the dice never meet, so each die's worth (its face after its rerolls,
//!   plus whatever its explosions add, or its count of successes) is one distribution, worked
//!   out backwards through the modifiers ([`worths`]), and the pool is the sum of `count` of
//!   them.
//! - **One keep or drop, no explosion before it**: the dice before it are alike and
//!   independent, so the kept ones are order statistics: faces are taken from the best (or the
//!   worst) down, the number of dice showing each face is binomial among the dice not yet
//!   placed, and once enough are kept the rest is never looked at ([`keep_alike`]).
//! - **Anything else** (explosions before a keep, several keeps): the kept dice as a multiset
//!   of faces, carried modifier by modifier ([`multisets`]); a keep trims each partial pool to
//!   the dice it could keep, so `5d10x kh3` carries at most three faces.
//!
//! The work each needs is known from the pool alone ([`work`]), and the check refuses a pool
//! past the bound before anything is computed.

use std::collections::HashMap;

use super::node::{Die, Mod, PoolSpec};
use crate::Dist;

/// The most multisets of kept faces carried at once.
pub(crate) const MAX_STATES: f64 = 200_000.0;

/// The exact distribution of the pool's value.
pub(crate) fn pool_dist(pool: &PoolSpec) -> Dist {
    let ops: Vec<Mod> = without_count(pool);
    let last_selection = ops.iter().rposition(|m| m.is_selection());
    let (before, after) = match last_selection {
        Some(at) => ops.split_at(at + 1),
        None => (&[][..], &ops[..]),
    };
    let worth = worths(pool, after);
    let Some(&selection) = before.last() else {
        let one = mixture(&pool.die.probs, &worth);
        return one.sum_of(pool.count);
    };
    let earlier = &before[..before.len() - 1];
    if earlier.iter().all(|m| matches!(m, Mod::Reroll { .. })) {
        let mut probs = pool.die.probs.clone();
        for op in earlier {
            probs = rerolled(&pool.die, &probs, *op);
        }
        let (highest, keep) = kept_of(selection, pool.count);
        return keep_alike(pool.count, &probs, highest, keep, &worth);
    }
    multisets(pool, before, &worth)
}

/// The pool's modifiers but its count of successes (read through [`PoolSpec::worth`]).
fn without_count(pool: &PoolSpec) -> Vec<Mod> {
    pool.mods
        .iter()
        .copied()
        .filter(|m| !matches!(m, Mod::Count { .. }))
        .collect()
}

/// What one die showing each distinct face adds to the pool, once `ops` (none of them a keep or
/// a drop) have acted on it: worked backwards from the last modifier, each one's effect on a
/// face read through what the later ones make of the faces it leads to.
fn worths(pool: &PoolSpec, ops: &[Mod]) -> Vec<Dist> {
    let die = &pool.die;
    let mut worth: Vec<Dist> = die
        .values
        .iter()
        .map(|&v| Dist::point(pool.worth(v)))
        .collect();
    for op in ops.iter().rev() {
        worth = match *op {
            Mod::Reroll { cmp, .. } => {
                let after = reroll_faces(die, *op);
                let rerolled = mixture(&after, &worth);
                die.values
                    .iter()
                    .zip(worth)
                    .map(|(&v, w)| if cmp.meets(v) { rerolled.clone() } else { w })
                    .collect()
            }
            Mod::Explode { cmp, cap } => {
                let chain = explosion_chain(die, cmp, cap, &worth);
                die.values
                    .iter()
                    .zip(worth)
                    .map(|(&v, w)| if cmp.meets(v) { w.add(&chain) } else { w })
                    .collect()
            }
            Mod::Keep { .. } | Mod::Drop { .. } | Mod::Count { .. } => worth,
        };
    }
    worth
}

/// `Σ probs[f] · worth[f]`.
fn mixture(probs: &[f64], worth: &[Dist]) -> Dist {
    let mut out = Dist::zero();
    for (p, w) in probs.iter().zip(worth) {
        out.add_scaled(w, *p);
    }
    out
}

/// The distribution of a rerolled die's final face (over the distinct faces): each reroll
/// stands unless it meets the comparison and fewer than `cap` were made.
pub(crate) fn reroll_faces(die: &Die, op: Mod) -> Vec<f64> {
    let Mod::Reroll { cmp, cap } = op else {
        return die.probs.clone();
    };
    let q = die.chance(cmp);
    let stays: Vec<f64> = die
        .values
        .iter()
        .zip(&die.probs)
        .map(|(&v, &p)| if cmp.meets(v) { 0.0 } else { p })
        .collect();
    // After the last reroll allowed the face stands, whatever it is; before it, a face that
    // meets the comparison is rolled once more.
    let mut last = die.probs.clone();
    for _ in 1..cap {
        last = stays.iter().zip(&last).map(|(s, l)| s + q * l).collect();
    }
    last
}

/// A die distribution (`probs` over the distinct faces) after a reroll modifier.
fn rerolled(die: &Die, probs: &[f64], op: Mod) -> Vec<f64> {
    let Mod::Reroll { cmp, .. } = op else {
        return probs.to_vec();
    };
    let again = reroll_faces(die, op);
    let met: f64 = die
        .values
        .iter()
        .zip(probs)
        .filter(|(v, _)| cmp.meets(**v))
        .map(|(_, p)| p)
        .sum();
    die.values
        .iter()
        .zip(probs)
        .zip(&again)
        .map(|((&v, &p), &a)| if cmp.meets(v) { met * a } else { p + met * a })
        .collect()
}

/// What the dice added by one exploding die are worth together: the first added die's worth,
/// plus, while it meets the comparison and the chain is shorter than `cap`, the next one's.
fn explosion_chain(die: &Die, cmp: super::node::Cmp, cap: u32, worth: &[Dist]) -> Dist {
    let mut stops = Dist::zero();
    let mut goes_on = Dist::zero();
    for ((&v, &p), w) in die.values.iter().zip(&die.probs).zip(worth) {
        if cmp.meets(v) {
            goes_on.add_scaled(w, p);
        } else {
            stops.add_scaled(w, p);
        }
    }
    let mut chain = mixture(&die.probs, worth);
    for _ in 1..cap {
        let mut next = stops.clone();
        next.add_scaled(&goes_on.add(&chain), 1.0);
        chain = next;
    }
    chain
}

/// `(highest, how many)` a keep or drop keeps of `count` alike dice.
fn kept_of(selection: Mod, count: u32) -> (bool, u32) {
    match selection {
        Mod::Keep { highest, n } => (highest, n.min(count)),
        Mod::Drop { highest, n } => (!highest, count.saturating_sub(n)),
        _ => (true, count),
    }
}

/// The worth of the `keep` highest (or lowest) of `count` independent dice alike (`probs` over
/// the distinct faces), each kept die adding its face's `worth`.
fn keep_alike(count: u32, probs: &[f64], highest: bool, keep: u32, worth: &[Dist]) -> Dist {
    if keep == 0 {
        return Dist::point(0);
    }
    let n = count as usize;
    let mut order: Vec<usize> = (0..probs.len()).filter(|&f| probs[f] > 0.0).collect();
    if highest {
        order.reverse();
    }
    // placing[r]: the worth of the dice kept so far when r dice are not yet placed.
    let mut placing = vec![Dist::zero(); n + 1];
    placing[n] = Dist::point(0);
    let mut done = Dist::zero();
    let mut left_mass: f64 = order.iter().map(|&f| probs[f]).sum();
    let mut powers: HashMap<(usize, u32), Dist> = HashMap::new();
    for (place, &face) in order.iter().enumerate() {
        let chance = if place + 1 == order.len() {
            1.0
        } else {
            (probs[face] / left_mass).min(1.0)
        };
        left_mass -= probs[face];
        let mut next = vec![Dist::zero(); n + 1];
        for (r, so_far) in placing.iter().enumerate() {
            if so_far.is_zero() {
                continue;
            }
            let wanted = keep as usize - (n - r);
            for (c, p) in binomial(r, chance).into_iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let take = c.min(wanted);
                let power = powers
                    .entry((face, take as u32))
                    .or_insert_with(|| worth[face].sum_of(take as u32));
                let reached = so_far.add(power);
                if take == wanted {
                    done.add_scaled(&reached, p);
                } else {
                    next[r - c].add_scaled(&reached, p);
                }
            }
        }
        placing = next;
    }
    done
}

/// P(c of n) for c = 0..=n, each with chance `p`.
fn binomial(n: usize, p: f64) -> Vec<f64> {
    let mut out = vec![0.0; n + 1];
    let mut choose = 1.0f64;
    for (c, slot) in out.iter_mut().enumerate() {
        if c > 0 {
            choose = choose * (n - c + 1) as f64 / c as f64;
        }
        *slot = choose * p.powi(c as i32) * (1.0 - p).powi((n - c) as i32);
    }
    out
}

/// A multiset of kept dice, as sorted indices into the die's distinct faces.
type Kept = Vec<u16>;

/// The pool as multisets of kept faces, through `ops` (the last a keep or drop); then the
/// worth of each multiset's dice.
fn multisets(pool: &PoolSpec, ops: &[Mod], worth: &[Dist]) -> Dist {
    let die = &pool.die;
    let segments = segments(ops);
    let mut states: Vec<(Kept, f64)> = vec![(Vec::new(), 1.0)];
    for (at, (per_die, selection)) in segments.iter().enumerate() {
        let trim = Trim::before(*selection);
        let bags: Vec<Vec<(Kept, f64)>> = (0..die.values.len())
            .map(|face| bag(die, face, per_die, trim))
            .collect();
        states = if at == 0 {
            let start: Vec<(Kept, f64)> = (0..die.values.len())
                .map(|face| (vec![face as u16], die.probs[face]))
                .collect();
            let one = spread(&start, &bags, trim);
            let mut all = vec![(Vec::new(), 1.0)];
            for _ in 0..pool.count {
                all = union(&all, &one, trim);
            }
            all
        } else {
            spread(&states, &bags, trim)
        };
        states = merge(
            states
                .into_iter()
                .map(|(kept, p)| (select(kept, *selection), p)),
        );
    }
    let mut value = Dist::zero();
    for (kept, p) in states {
        let mut sum = Dist::point(0);
        for face in kept {
            sum = sum.add(&worth[face as usize]);
        }
        value.add_scaled(&sum, p);
    }
    value
}

/// The modifiers split at each keep or drop: the per-die ones before it, and it.
fn segments(ops: &[Mod]) -> Vec<(Vec<Mod>, Mod)> {
    let mut out = Vec::new();
    let mut per_die = Vec::new();
    for op in ops {
        if op.is_selection() {
            out.push((std::mem::take(&mut per_die), *op));
        } else {
            per_die.push(*op);
        }
    }
    out
}

/// What a coming keep lets a partial pool forget: of `khN`, all but the N highest dice.
#[derive(Debug, Clone, Copy)]
enum Trim {
    None,
    Highest(usize),
    Lowest(usize),
}

impl Trim {
    fn before(selection: Mod) -> Self {
        match selection {
            Mod::Keep { highest: true, n } => Self::Highest(n as usize),
            Mod::Keep { highest: false, n } => Self::Lowest(n as usize),
            _ => Self::None,
        }
    }

    fn apply(self, mut kept: Kept) -> Kept {
        match self {
            Self::None => kept,
            Self::Highest(n) => {
                let from = kept.len().saturating_sub(n);
                kept.drain(..from);
                kept
            }
            Self::Lowest(n) => {
                kept.truncate(n);
                kept
            }
        }
    }
}

/// What a keep or drop leaves of sorted `kept`.
fn select(mut kept: Kept, selection: Mod) -> Kept {
    let len = kept.len();
    let (highest, n) = match selection {
        Mod::Keep { highest, n } => (highest, (n as usize).min(len)),
        Mod::Drop { highest, n } => (!highest, len.saturating_sub(n as usize)),
        _ => return kept,
    };
    if highest {
        kept.drain(..len - n);
    } else {
        kept.truncate(n);
    }
    kept
}

/// What one die showing `face` becomes through the per-die modifiers `ops`, as multisets.
fn bag(die: &Die, face: usize, ops: &[Mod], trim: Trim) -> Vec<(Kept, f64)> {
    let mut states: Vec<(Kept, f64)> = vec![(vec![face as u16], 1.0)];
    for op in ops {
        let each: Vec<Vec<(Kept, f64)>> = (0..die.values.len())
            .map(|f| one_die(die, f, *op))
            .collect();
        states = spread(&states, &each, Trim::None);
    }
    merge(states.into_iter().map(|(k, p)| (trim.apply(k), p)))
}

/// One die showing `face` through one per-die modifier.
fn one_die(die: &Die, face: usize, op: Mod) -> Vec<(Kept, f64)> {
    let value = die.values[face];
    match op {
        Mod::Reroll { cmp, .. } if cmp.meets(value) => reroll_faces(die, op)
            .into_iter()
            .enumerate()
            .filter(|(_, p)| *p > 0.0)
            .map(|(f, p)| (vec![f as u16], p))
            .collect(),
        Mod::Explode { cmp, cap } if cmp.meets(value) => {
            let mut chain: Vec<(Kept, f64)> = faces(die);
            for _ in 1..cap {
                let mut next = Vec::new();
                for (f, &p) in die.probs.iter().enumerate() {
                    if cmp.meets(die.values[f]) {
                        for (rest, q) in &chain {
                            next.push((with(rest, f as u16), p * q));
                        }
                    } else {
                        next.push((vec![f as u16], p));
                    }
                }
                chain = merge(next.into_iter());
            }
            chain
                .into_iter()
                .map(|(rest, p)| (with(&rest, face as u16), p))
                .collect()
        }
        _ => vec![(vec![face as u16], 1.0)],
    }
}

fn faces(die: &Die) -> Vec<(Kept, f64)> {
    die.probs
        .iter()
        .enumerate()
        .map(|(f, &p)| (vec![f as u16], p))
        .collect()
}

/// `kept` with one more die showing `face`, still sorted.
fn with(kept: &Kept, face: u16) -> Kept {
    let mut out = kept.clone();
    let at = out.partition_point(|&f| f <= face);
    out.insert(at, face);
    out
}

/// Every die of every state replaced by its bag (the multisets it becomes), trimmed.
fn spread(states: &[(Kept, f64)], bags: &[Vec<(Kept, f64)>], trim: Trim) -> Vec<(Kept, f64)> {
    let mut out = Vec::new();
    for (kept, p) in states {
        let mut partial: Vec<(Kept, f64)> = vec![(Vec::new(), *p)];
        for &face in kept {
            partial = union(&partial, &bags[face as usize], trim);
        }
        out.extend(partial);
    }
    merge(out.into_iter())
}

/// The multisets of two independent groups of dice together, trimmed.
fn union(a: &[(Kept, f64)], b: &[(Kept, f64)], trim: Trim) -> Vec<(Kept, f64)> {
    let mut out = Vec::with_capacity(a.len() * b.len());
    for (x, p) in a {
        for (y, q) in b {
            let mut both = Vec::with_capacity(x.len() + y.len());
            both.extend_from_slice(x);
            both.extend_from_slice(y);
            both.sort_unstable();
            out.push((trim.apply(both), p * q));
        }
    }
    merge(out.into_iter())
}

/// Equal multisets added together, in a fixed order (so the sums are the same on every run).
fn merge(items: impl Iterator<Item = (Kept, f64)>) -> Vec<(Kept, f64)> {
    let mut totals: HashMap<Kept, f64> = HashMap::new();
    let mut order = Vec::new();
    for (kept, p) in items {
        match totals.get_mut(&kept) {
            Some(total) => *total += p,
            None => {
                order.push(kept.clone());
                totals.insert(kept, p);
            }
        }
    }
    order.sort_unstable();
    order
        .into_iter()
        .map(|kept| {
            let p = totals[&kept];
            (kept, p)
        })
        .collect()
}

/// About how many steps [`pool_dist`] takes for `pool`, known before it starts; the check
/// refuses a pool past the bound. `f64::INFINITY` when the multisets it would carry are past
/// [`MAX_STATES`].
pub(crate) fn work(pool: &PoolSpec) -> f64 {
    let ops = without_count(pool);
    let faces = pool.die.values.len() as f64;
    let count = f64::from(pool.count);
    // The widest a die's worth gets: the span of what one die adds (its face, or 1 and 0 in a
    // count of successes), times the dice an explosion chain adds.
    let worth = pool.die.values.iter().map(|&v| pool.worth(v));
    let span = (worth.clone().max().unwrap_or(0) - worth.min().unwrap_or(0)) as f64 + 1.0;
    let chain: f64 = ops
        .iter()
        .map(|m| match m {
            Mod::Explode { cap, .. } => f64::from(*cap),
            _ => 0.0,
        })
        .sum();
    let worth_width = span * (1.0 + chain);
    let Some(last) = ops.iter().rposition(|m| m.is_selection()) else {
        // Binary powering: its convolutions of the growing sum, the last the largest, add up
        // to about (count × width)² in all.
        let chains: f64 = chain * faces * worth_width * worth_width;
        return chains + (count * worth_width).powi(2);
    };
    let earlier = &ops[..last];
    if earlier.iter().all(|m| matches!(m, Mod::Reroll { .. })) {
        let (_, keep) = kept_of(ops[last], pool.count);
        let keep = f64::from(keep);
        // Each face: every (not yet placed, showing it) pair shifts a sum as wide as the kept.
        return faces * (count + 1.0) * (count + 2.0) / 2.0 * (keep * worth_width + 1.0);
    }
    // Multisets of kept faces at every step, for one die's bag (untrimmed until its keep) and
    // for the whole pool (trimmed to what its keep can keep). The faces an explosion meets can
    // pile up (a chain of 6s); the others number at most one per die at the start and one per
    // chain an explosion starts (each ends on one).
    let meeting = pool
        .die
        .values
        .iter()
        .filter(|&&v| {
            ops[..=last]
                .iter()
                .any(|m| matches!(m, Mod::Explode { cmp, .. } if cmp.meets(v)))
        })
        .count() as f64;
    let others = faces - meeting;
    let states = |(size, plain): (f64, f64)| {
        multisets_of(size, meeting) * multisets_of(plain.min(size), others)
    };
    let (mut bag, mut whole) = ((1.0, 1.0), (count, count));
    let (mut bag_peak, mut whole_peak, mut bag_kept): (f64, f64, f64) = (1.0, 1.0, 1.0);
    for (at, op) in ops[..=last].iter().enumerate() {
        match op {
            Mod::Explode { cap, .. } => {
                for (size, plain) in [&mut bag, &mut whole] {
                    *plain += *size;
                    *size *= 1.0 + f64::from(*cap);
                }
            }
            Mod::Keep { n, .. } | Mod::Drop { n, .. } => {
                let n = f64::from(*n);
                if matches!(op, Mod::Keep { .. }) {
                    whole = (whole.0.min(n), whole.1.min(n));
                }
                bag = (1.0, 1.0);
            }
            Mod::Reroll { .. } | Mod::Count { .. } => {}
        }
        let trim = |(size, plain): (f64, f64)| match ops.get(at + 1) {
            Some(Mod::Keep { n, .. }) => (size.min(f64::from(*n)), plain),
            _ => (size, plain),
        };
        bag_peak = bag_peak.max(states(bag));
        bag_kept = bag_kept.max(states(trim(bag)));
        whole_peak = whole_peak.max(states(trim(whole)));
    }
    if bag_peak.max(whole_peak) > MAX_STATES {
        return f64::INFINITY;
    }
    // A bag is made face by face through its modifiers; then each die of each partial pool
    // meets each multiset of its (trimmed) bag.
    bag_peak * faces * faces + whole_peak * bag_kept * count.max(1.0)
}

/// How many multisets of at most `size` dice there are over `faces` faces: C(size + faces,
/// faces) (1 over no faces), past 1e18 as 1e18.
fn multisets_of(size: f64, faces: f64) -> f64 {
    let mut total = 1.0f64;
    let mut i = 1.0;
    while i <= faces.min(size) {
        total = total * (size.max(faces) + i) / i;
        if total > 1e18 {
            return 1e18;
        }
        i += 1.0;
    }
    total
}
