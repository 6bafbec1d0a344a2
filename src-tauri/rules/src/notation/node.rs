//! A checked expression: every name given its value, every certain part worked out, every pool
//! with its die, its modifiers in order and the bounds of its chains. Odds and rolls read only
//! this; nothing here can be out of range.

use std::sync::Arc;

use super::ast::{BinOp, CmpSign};
use super::made_bags::MadeBags;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Const(i64),
    Pool(Box<PoolSpec>),
    Neg(Box<Node>),
    Not(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>),
    Min(Vec<Node>),
    Max(Vec<Node>),
    Abs(Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
}

impl Node {
    /// The value of a part known before the roll (no dice in it).
    pub fn certain(&self) -> Option<i64> {
        match self {
            Self::Const(v) => Some(*v),
            _ => None,
        }
    }
}

/// One kind of die: its faces as listed (a die by hand is typed as the place of its face in
/// this list, which for `dN` is the face itself) and, for the odds, its distinct faces.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Die {
    /// `d6`, `d%`, `dF`, `d{0,0,1}`.
    pub name: String,
    pub faces: Vec<i64>,
    /// The distinct faces, ascending, and the chance of each (repeats weigh).
    pub values: Vec<i64>,
    pub probs: Vec<f64>,
}

impl Die {
    pub fn numbered(sides: u32) -> Self {
        Self::listed(format!("d{sides}"), (1..=i64::from(sides)).collect())
    }

    pub fn listed(name: String, faces: Vec<i64>) -> Self {
        let mut values = faces.clone();
        values.sort_unstable();
        values.dedup();
        let each = 1.0 / faces.len() as f64;
        let probs = values
            .iter()
            .map(|v| faces.iter().filter(|f| *f == v).count() as f64 * each)
            .collect();
        Self {
            name,
            faces,
            values,
            probs,
        }
    }

    /// Whether the faces are 1..=N in order: a die by hand is then typed as its face.
    pub fn is_numbered(&self) -> bool {
        self.faces
            .iter()
            .enumerate()
            .all(|(i, &f)| f == i as i64 + 1)
    }

    pub fn lowest(&self) -> i64 {
        self.values[0]
    }

    pub fn highest(&self) -> i64 {
        self.values[self.values.len() - 1]
    }

    /// The chance that a roll of this die meets `cmp`.
    pub fn chance(&self, cmp: Cmp) -> f64 {
        self.values
            .iter()
            .zip(&self.probs)
            .filter(|(v, _)| cmp.meets(**v))
            .map(|(_, p)| p)
            .sum()
    }

    /// The distribution of a rerolled die's final face (over the distinct faces): each reroll
    /// stands unless it meets the comparison and fewer than `cap` were made.
    pub(crate) fn rerolled_faces(&self, op: Mod) -> Vec<f64> {
        let Mod::Reroll { cmp, cap } = op else {
            return self.probs.clone();
        };
        let q = self.chance(cmp);
        let stays: Vec<f64> = self
            .values
            .iter()
            .zip(&self.probs)
            .map(|(&v, &p)| if cmp.meets(v) { 0.0 } else { p })
            .collect();
        // After the last reroll allowed the face stands, whatever it is; before it, a face that
        // meets the comparison is rolled once more.
        let mut last = self.probs.clone();
        for _ in 1..cap {
            last = stays.iter().zip(&last).map(|(s, l)| s + q * l).collect();
        }
        last
    }
}

/// A modifier's comparison, its value worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cmp {
    pub sign: CmpSign,
    pub value: i64,
}

impl Cmp {
    pub fn meets(self, face: i64) -> bool {
        match self.sign {
            CmpSign::Eq => face == self.value,
            CmpSign::Lt => face < self.value,
            CmpSign::Le => face <= self.value,
            CmpSign::Gt => face > self.value,
            CmpSign::Ge => face >= self.value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Mod {
    /// `khN` / `klN`.
    Keep { highest: bool, n: u32 },
    /// `dhN` / `dlN`.
    Drop { highest: bool, n: u32 },
    /// `r` (`cap` 1) and `rr`: a die meeting `cmp` is rolled again, each new roll again while
    /// it meets and fewer than `cap` rerolls were made (the chain's cut, DICE.md).
    Reroll { cmp: Cmp, cap: u32 },
    /// `x` and `xo` (`cap` 1): a die meeting `cmp` adds a die; an added die adds another while
    /// it meets and fewer than `cap` were added in its chain.
    Explode { cmp: Cmp, cap: u32 },
    /// `cs` with its `df`: the pool's value is the count of kept dice meeting `success` less
    /// those meeting `failure`.
    Count { success: Cmp, failure: Option<Cmp> },
}

impl Mod {
    pub fn is_selection(self) -> bool {
        matches!(self, Self::Keep { .. } | Self::Drop { .. })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PoolSpec {
    /// As typed (`4d6kh3`), for the dice by hand and the roll's detail.
    pub text: String,
    /// Its place among the expression's pools, from 1.
    pub number: usize,
    pub count: u32,
    pub die: Die,
    pub mods: Vec<Mod>,
    /// For a pool worked out by multisets, the bags the check made to bound its work: the
    /// odds read them rather than make them again (`pool_odds::work`).
    pub bags: Option<Arc<MadeBags>>,
}

impl PoolSpec {
    /// The count modifier, when the pool counts successes.
    pub fn counting(&self) -> Option<(Cmp, Option<Cmp>)> {
        self.mods.iter().find_map(|m| match *m {
            Mod::Count { success, failure } => Some((success, failure)),
            _ => None,
        })
    }

    /// What one kept die showing `face` adds to the pool's value.
    pub fn worth(&self, face: i64) -> i64 {
        match self.counting() {
            None => face,
            Some((success, failure)) => {
                i64::from(success.meets(face)) - i64::from(failure.is_some_and(|f| f.meets(face)))
            }
        }
    }
}

/// The length at which a chain of rerolls or explosions is cut: the fewest links after which
/// going on has a chance below 1e-12 (DICE.md, "Exact odds follow an endless chain…"). `chance`
/// is below 1 (a chain that always goes on is refused before).
pub(crate) fn chain_cap(chance: f64) -> u32 {
    if chance <= 0.0 {
        return 1;
    }
    if chance >= 1.0 {
        return u32::MAX;
    }
    // The fewest k with chance^k below the cutoff, from logarithms, then made exact.
    let guess = (crate::TAIL_CUTOFF.ln() / chance.ln())
        .floor()
        .clamp(1.0, 1e9) as u32;
    let mut cap = guess.saturating_sub(1).max(1);
    while chance.powi(cap as i32) >= crate::TAIL_CUTOFF {
        cap += 1;
    }
    cap
}
