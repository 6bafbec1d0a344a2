//! The exact distribution of one pool with its modifiers, in the order written (DICE.md).
//!
//! Three ways, the cheapest that is exact for the pool:
//! - **No keep or drop**: the dice never meet, so each die's worth (its face after its rerolls,
//!   plus whatever its explosions add, or its count of successes) is one distribution, worked
//!   out backwards through the modifiers ([`worths`]), and the pool is the sum of `count` of
//!   them.
//! - **Rerolls, then keeps and drops, no explosion before them**: the dice before the first
//!   keep are alike and independent, and the keeps and drops together keep one run of places
//!   among them ([`Window`]: `12d12kh8kl4` skips the best four and keeps the next four), so the
//!   kept ones are order statistics: faces are taken from the best (or the worst) down, the
//!   number of dice showing each face is binomial among the dice not yet placed, and once the
//!   run is placed the rest is never looked at ([`keep_alike`]).
//! - **Anything else** (explosions before a keep, a reroll between keeps): the kept dice as a
//!   multiset of faces, carried modifier by modifier ([`multisets`]).
//!
//! The work each needs is known from the pool alone ([`work`]), and the check refuses a pool
//! past the bound before anything is computed.

use super::made_bags::MadeBags;
use super::multisets::{self, multisets};
use super::node::{Die, Mod, PoolSpec};
use crate::Dist;

/// The exact distribution of the pool's value.
pub(crate) fn pool_dist(pool: &PoolSpec) -> Dist {
    let ops: Vec<Mod> = without_count(pool);
    let last_selection = ops.iter().rposition(|m| m.is_selection());
    let (before, after) = match last_selection {
        Some(at) => ops.split_at(at + 1),
        None => (&[][..], &ops[..]),
    };
    let worth = worths(pool, after);
    if before.is_empty() {
        let one = mixture(&pool.die.probs, &worth);
        return one.sum_of(pool.count);
    }
    if let Some((rerolls, selections)) = alike_then_selected(before) {
        let mut probs = pool.die.probs.clone();
        for op in rerolls {
            probs = rerolled(&pool.die, &probs, *op);
        }
        let window = Window::of(selections, pool.count);
        return keep_alike(pool.count, &probs, window, &worth);
    }
    multisets(pool, before, &worth, pool.bags.as_deref())
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
                let after = die.rerolled_faces(*op);
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

/// A die distribution (`probs` over the distinct faces) after a reroll modifier.
fn rerolled(die: &Die, probs: &[f64], op: Mod) -> Vec<f64> {
    let Mod::Reroll { cmp, .. } = op else {
        return probs.to_vec();
    };
    let again = die.rerolled_faces(op);
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

/// Rerolls, then keeps and drops one after another (`4d6r kh3`, `12d12kh8kl4`), split there:
/// the dice are alike and independent up to the first keep, and their number is known, so the
/// keeps and drops together keep one run of places among them ([`Window`]). `None` for anything
/// else (an explosion, or a reroll after a keep).
fn alike_then_selected(ops: &[Mod]) -> Option<(&[Mod], &[Mod])> {
    let first = ops.iter().position(|m| m.is_selection())?;
    let (rerolls, selections) = ops.split_at(first);
    let alike = rerolls.iter().all(|m| matches!(m, Mod::Reroll { .. }));
    (alike && selections.iter().all(|m| m.is_selection())).then_some((rerolls, selections))
}

/// The dice a run of keeps and drops leaves of `count` dice sorted from one end: `skip` of
/// them passed over, then `keep` kept (`12d12kh8kl4`: from the highest, skip 4, keep 4).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Window {
    highest: bool,
    skip: u32,
    keep: u32,
}

impl Window {
    fn of(selections: &[Mod], count: u32) -> Self {
        // The kept dice are the places lo..hi of the dice sorted lowest first.
        let (mut lo, mut hi) = (0, count);
        for op in selections {
            let (n, kept) = match *op {
                Mod::Keep { n, .. } | Mod::Drop { n, .. } => (n, hi - lo),
                _ => continue,
            };
            let n = n.min(kept);
            match *op {
                Mod::Keep { highest: true, .. } => lo = hi - n,
                Mod::Keep { highest: false, .. } => hi = lo + n,
                Mod::Drop { highest: true, .. } => hi -= n,
                _ => lo += n,
            }
        }
        // Counted from the nearer end, the fewest faces are placed before the last kept die.
        let highest = count - hi <= lo;
        let skip = if highest { count - hi } else { lo };
        Self {
            highest,
            skip,
            keep: hi - lo,
        }
    }
}

/// The worth of the dice `window` keeps of `count` independent dice alike (`probs` over the
/// distinct faces), each kept die adding its face's `worth`.
fn keep_alike(count: u32, probs: &[f64], window: Window, worth: &[Dist]) -> Dist {
    let Window {
        highest,
        skip,
        keep,
    } = window;
    if keep == 0 {
        return Dist::point(0);
    }
    let n = count as usize;
    let (skip, end) = (skip as usize, (skip + keep) as usize);
    let mut order: Vec<usize> = (0..probs.len()).filter(|&f| probs[f] > 0.0).collect();
    if highest {
        order.reverse();
    }
    // placing[r]: the worth of the dice kept so far when r dice are not yet placed.
    let mut placing = vec![Dist::zero(); n + 1];
    placing[n] = Dist::point(0);
    let mut done = Dist::zero();
    let mut left_mass: f64 = order.iter().map(|&f| probs[f]).sum();
    // powers[face × (keep + 1) + k]: k kept dice showing `face`, made when first needed.
    let width = keep as usize + 1;
    let mut powers: Vec<Option<Dist>> = std::iter::repeat_with(|| None)
        .take(probs.len() * width)
        .collect();
    // What the dice kept so far and the ones just placed reach together, reused each time.
    let mut scratch = Vec::new();
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
            let placed = n - r;
            for (c, p) in binomial(r, chance).into_iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                // The places placed + 0..c that fall in the window are kept.
                let take = (placed + c).min(end).saturating_sub(placed.max(skip));
                let power = powers[face * width + take]
                    .get_or_insert_with(|| worth[face].sum_of(take as u32));
                let reached = if placed + c >= end {
                    &mut done
                } else {
                    &mut next[r - c]
                };
                reached.add_sum_scaled(so_far, power, p, &mut scratch);
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

/// About how many steps [`pool_dist`] takes for `pool`, known before it starts; the check
/// refuses a pool past the bound. `f64::INFINITY` when the multisets it would carry are past
/// [`multisets::MAX_STATES`]. With it, for a pool worked out by multisets, the bags made to
/// count them, which [`pool_dist`] reads from the pool ([`PoolSpec::bags`]).
pub(crate) fn work(pool: &PoolSpec) -> (f64, Option<MadeBags>) {
    let ops = without_count(pool);
    let (work, bags) = estimate(pool, &ops, Growth::Summed);
    let explosions = ops
        .iter()
        .filter(|m| matches!(m, Mod::Explode { .. }))
        .count();
    if explosions < 2 {
        return (work, bags);
    }
    // An explosion of what explodes already (`d6xx`) chains dice that are each as wide as a whole
    // chain of the one before: the widths multiply, and so does the work (`d6xxx` took 0.6 s,
    // estimated far under the bound). Counted so on top of the estimate above, never under it.
    let (nested, _) = estimate(pool, &ops, Growth::Compounded);
    (work.max(nested + worths_work(pool, &ops)), bags)
}

/// How an estimate takes the width of one die's worth after several explosions: each adding
/// its chain to the die's own width (as one explosion does), or each multiplying the width the
/// one before left (what explosions of explosions do).
#[derive(Clone, Copy)]
enum Growth {
    Summed,
    Compounded,
}

impl Growth {
    /// How many times wider than one face a die's worth gets through `ops`' explosions.
    fn widening(self, ops: &[Mod]) -> f64 {
        let caps = ops.iter().filter_map(|m| match m {
            Mod::Explode { cap, .. } => Some(f64::from(*cap)),
            _ => None,
        });
        match self {
            Self::Summed => 1.0 + caps.sum::<f64>(),
            Self::Compounded => caps.map(|cap| 1.0 + cap).product(),
        }
    }
}

/// The span of what one die adds before any explosion (its face, or 1 and 0 in a count).
fn face_span(pool: &PoolSpec) -> f64 {
    let worth = pool.die.values.iter().map(|&v| pool.worth(v));
    (worth.clone().max().unwrap_or(0) - worth.min().unwrap_or(0)) as f64 + 1.0
}

/// The steps of [`worths`] over the modifiers after the last keep or drop, walked as it walks
/// them (last first): an explosion's chain of `cap` links adds, link by link, a die's worth to
/// a chain as wide as the links so far (about `width² × cap² / 2` in all), and leaves each face
/// `1 + cap` times wider.
fn worths_work(pool: &PoolSpec, ops: &[Mod]) -> f64 {
    let after = ops
        .iter()
        .rposition(|m| m.is_selection())
        .map_or(ops, |at| &ops[at + 1..]);
    let faces = pool.die.values.len() as f64;
    let mut width = face_span(pool);
    let mut steps = 0.0;
    for op in after.iter().rev() {
        match op {
            Mod::Explode { cap, .. } => {
                let cap = f64::from(*cap);
                steps += faces * width + width * width * cap * cap / 2.0;
                width *= 1.0 + cap;
            }
            Mod::Reroll { .. } => steps += faces * width,
            Mod::Keep { .. } | Mod::Drop { .. } | Mod::Count { .. } => {}
        }
    }
    steps
}

/// [`work`] with the width of a die's worth taken as `growth` has it.
fn estimate(pool: &PoolSpec, ops: &[Mod], growth: Growth) -> (f64, Option<MadeBags>) {
    let faces = pool.die.values.len() as f64;
    let count = f64::from(pool.count);
    // The widest a die's worth gets: the span of what one die adds, times the dice an
    // explosion chain adds.
    let span = face_span(pool);
    let chain: f64 = ops
        .iter()
        .map(|m| match m {
            Mod::Explode { cap, .. } => f64::from(*cap),
            _ => 0.0,
        })
        .sum();
    let worth_width = span * growth.widening(ops);
    let Some(last) = ops.iter().rposition(|m| m.is_selection()) else {
        // Binary powering: its convolutions of the growing sum, the last the largest, add up
        // to about (count × width)² in all.
        let chains: f64 = chain * faces * worth_width * worth_width;
        return match growth {
            Growth::Summed => (chains + (count * worth_width).powi(2), None),
            // The chains' own steps are counted apart ([`worths_work`]).
            Growth::Compounded => ((count * worth_width).powi(2), None),
        };
    };
    if let Some((_, selections)) = alike_then_selected(&ops[..=last]) {
        let keep = f64::from(Window::of(selections, pool.count).keep);
        // Each face: every (not yet placed, showing it) pair shifts a sum as wide as the kept.
        return (
            faces * (count + 1.0) * (count + 2.0) / 2.0 * (keep * worth_width + 1.0),
            None,
        );
    }
    // After the last keep, each kept die's worth is only as wide as the explosions after it.
    let width_after = span * growth.widening(&ops[last..]);
    match growth {
        Growth::Summed => multisets::work(pool, &ops[..=last], width_after),
        // The multisets' own bound is the summed estimate's; explosions of explosions after the
        // last keep are counted by [`worths_work`].
        Growth::Compounded => (0.0, None),
    }
}
