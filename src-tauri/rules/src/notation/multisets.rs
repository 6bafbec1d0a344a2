//! A pool the order statistics of alike dice cannot work out (an explosion before a keep, a
//! reroll or an explosion between two keeps): its kept dice as multisets of faces, carried
//! modifier by modifier; a keep trims each partial pool to the dice it could keep, so
//! `5d10x kh3` carries at most three faces.
//!
//! Nearly all the time goes into joining two partial pools ([`union_into`]): two sorted lists
//! merged, trimmed, and added to the equal multiset already held. The join allocates only for a
//! multiset not held yet and hashes with [`FaceHasher`], so its cost per pair is a merge and a
//! hash; [`super::pool_odds::work`] counts those pairs.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub(crate) use super::made_bags::Kept;
use super::made_bags::{Bag, MadeBags};
use super::node::{Die, Mod, PoolSpec};
use super::work_bound::MAX_WORK;
use crate::Dist;

/// The most multisets of kept faces carried at once.
pub(crate) const MAX_STATES: f64 = 200_000.0;
/// What one join of two partial pools costs ([`union_into`]: a merge of two short sorted lists,
/// a hash, an add), in the steps of [`MAX_WORK`] (a step is about one multiply-add of a
/// convolution). Measured in release: JOIN_MEASURE.
const JOIN_STEP: f64 = 50.0;
/// The most dice in a multiset whose join costs one [`JOIN_STEP`].
const SHORT: f64 = 8.0;

thread_local! {
    /// How many more joins may be made before [`work`] gives up making the bags: their bound
    /// before they are made is loose for several explosions and rerolls, so the estimate makes
    /// them within the bound instead (unbounded while the odds are worked out).
    static JOINS_LEFT: Cell<f64> = const { Cell::new(f64::INFINITY) };
}

fn out_of_joins() -> bool {
    JOINS_LEFT.with(|left| left.get() <= 0.0)
}

/// The pool as multisets of kept faces, through `ops` (the last a keep or drop); then the
/// worth of each multiset's dice. `made`: the bags the check made for these `ops` ([`work`]),
/// read rather than made again.
pub(crate) fn multisets(
    pool: &PoolSpec,
    ops: &[Mod],
    worth: &[Dist],
    made: Option<&MadeBags>,
) -> Dist {
    let die = &pool.die;
    let mut states: Vec<(Kept, f64)> = vec![(Vec::new(), 1.0)];
    for (at, (per_die, selection)) in segments(ops).iter().enumerate() {
        let trim = Trim::before(*selection);
        let making;
        let bags = match made {
            Some(made) => &made.segments[at],
            None => {
                making = bags(die, per_die, trim);
                &making
            }
        };
        states = if at == 0 {
            let making;
            let one = match made {
                Some(made) => &made.first,
                None => {
                    making = spread(&faces(die), bags, trim);
                    &making
                }
            };
            let mut all = vec![(Vec::new(), 1.0)];
            for _ in 0..pool.count {
                let mut next = Joined::default();
                union_into(&mut next, &all, one, trim);
                all = next.sorted();
            }
            all
        } else {
            spread(&states, bags, trim)
        };
        let mut selected = Joined::default();
        for (kept, p) in &states {
            selected.add(select(kept, *selection), *p);
        }
        states = selected.sorted();
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
pub(crate) fn segments(ops: &[Mod]) -> Vec<(Vec<Mod>, Mod)> {
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

    /// The most dice a trimmed partial pool holds.
    fn limit(self) -> f64 {
        match self {
            Self::None => f64::INFINITY,
            Self::Highest(n) | Self::Lowest(n) => n as f64,
        }
    }

    fn apply(self, kept: &[u16]) -> &[u16] {
        match self {
            Self::None => kept,
            Self::Highest(n) => &kept[kept.len().saturating_sub(n)..],
            Self::Lowest(n) => &kept[..n.min(kept.len())],
        }
    }
}

/// What a keep or drop leaves of sorted `kept`.
fn select(kept: &[u16], selection: Mod) -> &[u16] {
    let len = kept.len();
    let (highest, n) = match selection {
        Mod::Keep { highest, n } => (highest, (n as usize).min(len)),
        Mod::Drop { highest, n } => (!highest, len.saturating_sub(n as usize)),
        _ => return kept,
    };
    if highest {
        &kept[len - n..]
    } else {
        &kept[..n]
    }
}

/// What one die showing each face becomes through the per-die modifiers `ops`, as multisets
/// (its bag), trimmed.
fn bags(die: &Die, ops: &[Mod], trim: Trim) -> Vec<Bag> {
    // What each modifier makes of one die showing each face, made once for every bag.
    let each: Vec<Vec<Vec<(Kept, f64)>>> = ops
        .iter()
        .map(|op| {
            (0..die.values.len())
                .map(|f| one_die(die, f, *op))
                .collect()
        })
        .collect();
    (0..die.values.len())
        .map(|face| {
            let mut states: Vec<(Kept, f64)> = vec![(vec![face as u16], 1.0)];
            for one in &each {
                states = spread(&states, one, Trim::None);
            }
            let mut trimmed = Joined::default();
            for (kept, p) in &states {
                trimmed.add(trim.apply(kept), *p);
            }
            trimmed.sorted()
        })
        .collect()
}

/// One die showing `face` through one per-die modifier.
fn one_die(die: &Die, face: usize, op: Mod) -> Vec<(Kept, f64)> {
    let value = die.values[face];
    match op {
        Mod::Reroll { cmp, .. } if cmp.meets(value) => die
            .rerolled_faces(op)
            .into_iter()
            .enumerate()
            .filter(|(_, p)| *p > 0.0)
            .map(|(f, p)| (vec![f as u16], p))
            .collect(),
        Mod::Explode { cmp, cap } if cmp.meets(value) => {
            let mut chain: Vec<(Kept, f64)> = faces(die);
            for _ in 1..cap {
                if out_of_joins() {
                    break;
                }
                let mut next = Joined::default();
                for (f, &p) in die.probs.iter().enumerate() {
                    if cmp.meets(die.values[f]) {
                        for (rest, q) in &chain {
                            next.add(&with(rest, f as u16), p * q);
                        }
                    } else {
                        next.add(&[f as u16], p);
                    }
                }
                chain = next.sorted();
            }
            chain
                .into_iter()
                .map(|(rest, p)| (with(&rest, face as u16), p))
                .collect()
        }
        _ => vec![(vec![face as u16], 1.0)],
    }
}

/// One die, each face with its chance.
fn faces(die: &Die) -> Vec<(Kept, f64)> {
    die.probs
        .iter()
        .enumerate()
        .map(|(f, &p)| (vec![f as u16], p))
        .collect()
}

/// `kept` with one more die showing `face`, still sorted.
fn with(kept: &[u16], face: u16) -> Kept {
    let mut out = kept.to_vec();
    let at = out.partition_point(|&f| f <= face);
    out.insert(at, face);
    out
}

/// Every die of every state replaced by its bag (the multisets it becomes), trimmed.
fn spread(states: &[(Kept, f64)], bags: &[Vec<(Kept, f64)>], trim: Trim) -> Vec<(Kept, f64)> {
    let mut out = Joined::default();
    for (kept, p) in states {
        if out_of_joins() {
            break;
        }
        let mut partial: Vec<(Kept, f64)> = vec![(Vec::new(), *p)];
        let Some((&last, firsts)) = kept.split_last() else {
            out.add(&[], *p);
            continue;
        };
        for &face in firsts {
            let mut next = Joined::default();
            union_into(&mut next, &partial, &bags[face as usize], trim);
            partial = next.sorted();
        }
        union_into(&mut out, &partial, &bags[last as usize], trim);
    }
    out.sorted()
}

/// The multisets of two independent groups of dice together, trimmed, added into `out`.
fn union_into(out: &mut Joined, a: &[(Kept, f64)], b: &[(Kept, f64)], trim: Trim) {
    let mut both: Vec<u16> = Vec::new();
    for (x, p) in a {
        if out_of_joins() {
            return;
        }
        for (y, q) in b {
            both.clear();
            merge_sorted(x, y, &mut both);
            out.add(trim.apply(&both), p * q);
        }
    }
}

/// `x` and `y`, both sorted, as one sorted list in `out`.
fn merge_sorted(x: &[u16], y: &[u16], out: &mut Vec<u16>) {
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        if x[i] <= y[j] {
            out.push(x[i]);
            i += 1;
        } else {
            out.push(y[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&x[i..]);
    out.extend_from_slice(&y[j..]);
}

/// Multisets with their chances, equal ones added together as they come.
#[derive(Default)]
struct Joined {
    at: HashMap<Kept, usize, BuildHasherDefault<FaceHasher>>,
    items: Vec<(Kept, f64)>,
}

impl Joined {
    fn add(&mut self, kept: &[u16], p: f64) {
        // A join costs its merge and hash, which grow with the multiset: one join up to
        // `SHORT` dice (nearly all of them), more past that (the fuzzer's `3d2x2Xkh>d4kh0x`
        // makes multisets of 1,681 dice).
        let cost = (kept.len() as f64 / SHORT).max(1.0);
        JOINS_LEFT.with(|left| left.set(left.get() - cost));
        match self.at.get(kept) {
            Some(&i) => self.items[i].1 += p,
            None => {
                self.at.insert(kept.to_vec(), self.items.len());
                self.items.push((kept.to_vec(), p));
            }
        }
    }

    /// In a fixed order, so that the sums after are the same on every run.
    fn sorted(self) -> Vec<(Kept, f64)> {
        let mut items = self.items;
        items.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        items
    }
}

/// A multiply-and-rotate hash of face indices (as rustc's FxHasher): the multisets are short
/// lists of small numbers from our own dice, not input an attacker shapes to collide, and
/// SipHash cost more than the rest of a join.
#[derive(Default)]
struct FaceHasher(u64);

impl Hasher for FaceHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl FaceHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// About how many steps [`multisets`] takes for `pool` through `ops` (the last a keep or
/// drop), counted as it works: the bags of one die (bounded first, then made, as they are
/// small), then every join of a partial pool with a die's bag, each partial pool at most every
/// multiset of the dice it can hold, then the worth of each multiset left. `f64::INFINITY`
/// when the multisets carried would be past [`MAX_STATES`]. With it, the bags it made, whole,
/// for [`multisets`] to read (none when it stopped before making them all).
pub(crate) fn work(pool: &PoolSpec, ops: &[Mod], worth_width: f64) -> (f64, Option<MadeBags>) {
    let die = &pool.die;
    let sides = die.values.len() as f64;
    let bag_peak = bag_bound(die, ops);
    if bag_peak > MAX_STATES {
        return (f64::INFINITY, None);
    }
    // Each bag is made face by face through its modifiers; past the bound, they are not made.
    let mut joins = bag_peak * sides * sides;
    if joins * JOIN_STEP > MAX_WORK {
        return (joins * JOIN_STEP, None);
    }
    let (mut states, mut size) = (1.0f64, 0.0f64);
    let mut made = MadeBags {
        segments: Vec::new(),
        first: Vec::new(),
    };
    for (at, (per_die, selection)) in segments(ops).iter().enumerate() {
        let trim = Trim::before(*selection);
        // Made within what is left of the bound, or not at all.
        let budget = (MAX_WORK / JOIN_STEP - joins).max(0.0);
        JOINS_LEFT.with(|left| left.set(budget));
        let bags = bags(die, per_die, trim);
        let one = (at == 0).then(|| spread(&faces(die), &bags, trim));
        let left = JOINS_LEFT.with(|left| left.replace(f64::INFINITY));
        if left <= 0.0 {
            return (f64::INFINITY, None);
        }
        joins += budget - left;
        let held = |dice: f64| multisets_of(dice.min(trim.limit()), sides);
        let (widest, dice_of) = if let Some(one) = one {
            // The whole pool is one die's multisets (every face's bag together) joined
            // `count` times.
            let first = (one.len() as f64, longest(&one));
            made.first = one;
            first
        } else {
            let widest = bags.iter().map(Vec::len).max().unwrap_or(1) as f64;
            (widest, bags.iter().map(|b| longest(b)).fold(0.0, f64::max))
        };
        made.segments.push(bags);
        // Every partial pool joins one die's bag after another: `dice` of them at the start
        // of the pool, or each held multiset's dice.
        let dice = if at == 0 { f64::from(pool.count) } else { size };
        let mut partial = 1.0f64;
        let mut per_state = 0.0;
        let mut placed = 0.0;
        while placed < dice {
            per_state += partial * widest;
            placed += 1.0;
            partial = (partial * widest).min(held(placed * dice_of));
            if partial > MAX_STATES {
                return (f64::INFINITY, None);
            }
        }
        joins += states * per_state;
        states = (states * partial).min(held(dice * dice_of));
        size = (dice * dice_of).min(trim.limit());
        // The keep or drop: each multiset once more.
        joins += states;
        size = match *selection {
            Mod::Keep { n, .. } => size.min(f64::from(n)),
            Mod::Drop { n, .. } => (size - f64::from(n)).max(0.0),
            _ => size,
        };
    }
    // Each multiset left adds its dice's worths, one convolution after another.
    let worth = states * size * size * worth_width * worth_width / 2.0;
    (joins * JOIN_STEP + worth, Some(made))
}

/// The most dice in one of `multisets`.
fn longest(multisets: &[(Kept, f64)]) -> f64 {
    multisets.iter().map(|(k, _)| k.len()).max().unwrap_or(0) as f64
}

/// At most how many multisets one die's bag holds at any step, untrimmed, known before the bags
/// are made. The faces an explosion meets can pile up (a chain of 6s); the others number at
/// most one at the start and one per chain an explosion starts (each ends on one).
fn bag_bound(die: &Die, ops: &[Mod]) -> f64 {
    let meeting = die
        .values
        .iter()
        .filter(|&&v| {
            ops.iter()
                .any(|m| matches!(m, Mod::Explode { cmp, .. } if cmp.meets(v)))
        })
        .count() as f64;
    let others = die.values.len() as f64 - meeting;
    let (mut size, mut plain, mut peak) = (1.0, 1.0, 1.0f64);
    for op in ops {
        match op {
            Mod::Explode { cap, .. } => {
                plain += size;
                size *= 1.0 + f64::from(*cap);
            }
            Mod::Keep { .. } | Mod::Drop { .. } => (size, plain) = (1.0, 1.0),
            Mod::Reroll { .. } | Mod::Count { .. } => {}
        }
        peak = peak.max(multisets_of(size, meeting) * multisets_of(plain.min(size), others));
    }
    peak
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
