//! The exact distribution of a checked expression. Every pool is its own roll and no pool is
//! written twice, so the two sides of every operator are independent: each node's distribution
//! is combined from its parts' alone, value pair by value pair (or by convolution, for sums).

use super::ast::BinOp;
use super::node::Node;
use super::pool_odds::pool_dist;
use crate::Dist;

/// A distribution as its values with a chance above 0, ascending.
pub(crate) type Outcomes = Vec<(i64, f64)>;

pub(crate) fn outcomes(node: &Node) -> Outcomes {
    match node {
        Node::Const(v) => vec![(*v, 1.0)],
        Node::Pool(pool) => from_dist(&pool_dist(pool)),
        Node::Neg(inner) => map(&outcomes(inner), |v| -v),
        Node::Abs(inner) => map(&outcomes(inner), i64::abs),
        Node::Not(inner) => truth(1.0 - chance_nonzero(&outcomes(inner))),
        Node::Bin(op, left, right) => binary(*op, &outcomes(left), &outcomes(right)),
        Node::Min(args) => fold(args, i64::min),
        Node::Max(args) => fold(args, i64::max),
        Node::If(cond, then, other) => {
            let yes = chance_nonzero(&outcomes(cond));
            let mut out = Vec::new();
            if yes > 0.0 {
                out.extend(outcomes(then).into_iter().map(|(v, p)| (v, p * yes)));
            }
            if yes < 1.0 {
                out.extend(
                    outcomes(other)
                        .into_iter()
                        .map(|(v, p)| (v, p * (1.0 - yes))),
                );
            }
            merged(out)
        }
    }
}

/// `a op b` for two certain values (the checked ranges keep every result within 2^53).
pub(crate) fn apply(op: BinOp, a: i64, b: i64) -> i64 {
    match op {
        BinOp::Add => a.saturating_add(b),
        BinOp::Sub => a.saturating_sub(b),
        BinOp::Mul => a.saturating_mul(b),
        BinOp::Div => floor_div(a, b),
        BinOp::Eq => i64::from(a == b),
        BinOp::Ne => i64::from(a != b),
        BinOp::Lt => i64::from(a < b),
        BinOp::Le => i64::from(a <= b),
        BinOp::Gt => i64::from(a > b),
        BinOp::Ge => i64::from(a >= b),
        BinOp::And => i64::from(a != 0 && b != 0),
        BinOp::Or => i64::from(a != 0 || b != 0),
    }
}

/// `a / b` rounded down (DICE.md: `/` divides rounding down). `b` is never 0 here.
fn floor_div(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn binary(op: BinOp, a: &Outcomes, b: &Outcomes) -> Outcomes {
    if matches!(op, BinOp::Add | BinOp::Sub) {
        let b = if op == BinOp::Sub {
            map(b, |v| -v)
        } else {
            b.clone()
        };
        if let Some(sum) = dense_sum(a, &b) {
            return sum;
        }
    }
    if matches!(op, BinOp::And | BinOp::Or) {
        let (x, y) = (chance_nonzero(a), chance_nonzero(b));
        let yes = if op == BinOp::And {
            x * y
        } else {
            1.0 - (1.0 - x) * (1.0 - y)
        };
        return truth(yes);
    }
    pairwise(a, b, |x, y| apply(op, x, y))
}

/// `f` of every pair of values, their chances multiplied, equal results added together. When
/// the results lie close together (a product of two sums: `100d6*100d6`'s 251,001 pairs fall on
/// 350,001 values) they are added into a table of every value between, in the order the pairs
/// come, as sorting them would; else the pairs are listed and sorted.
fn pairwise(a: &Outcomes, b: &Outcomes, f: impl Fn(i64, i64) -> i64) -> Outcomes {
    let pairs = a.len() * b.len();
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for &(x, _) in a {
        for &(y, _) in b {
            let v = f(x, y);
            (lo, hi) = (lo.min(v), hi.max(v));
        }
    }
    if pairs > 0 && ((hi - lo) as u64) < 4 * pairs as u64 + 64 {
        let mut table = vec![0.0; (hi - lo + 1) as usize];
        for &(x, p) in a {
            for &(y, q) in b {
                table[(f(x, y) - lo) as usize] += p * q;
            }
        }
        return (lo..=hi).zip(table).filter(|&(_, p)| p > 0.0).collect();
    }
    let mut out = Vec::with_capacity(pairs);
    for &(x, p) in a {
        for &(y, q) in b {
            out.push((f(x, y), p * q));
        }
    }
    merged(out)
}

/// `a + b` by convolution when the values lie close together (a pool's always do), which is
/// faster than listing every pair; `None` when they are spread out.
fn dense_sum(a: &Outcomes, b: &Outcomes) -> Option<Outcomes> {
    let width = |o: &Outcomes| (o[o.len() - 1].0 - o[0].0 + 1) as f64;
    let (wa, wb) = (width(a), width(b));
    if wa + wb > 8.0 * (a.len() * b.len()) as f64 + 64.0 {
        return None;
    }
    // Each value's chance put in its place at once (the same bits as adding each value's point
    // in turn, without growing the table value by value).
    Some(from_dist(&Dist::from_values(a).add(&Dist::from_values(b))))
}

fn from_dist(dist: &Dist) -> Outcomes {
    dist.iter().filter(|&(_, p)| p > 0.0).collect()
}

fn map(o: &Outcomes, f: impl Fn(i64) -> i64) -> Outcomes {
    merged(o.iter().map(|&(v, p)| (f(v), p)).collect())
}

fn fold(args: &[Node], f: fn(i64, i64) -> i64) -> Outcomes {
    let mut parts = args.iter().map(outcomes);
    let first = parts.next().unwrap_or_else(|| vec![(0, 1.0)]);
    parts.fold(first, |acc, next| pairwise(&acc, &next, f))
}

fn chance_nonzero(o: &Outcomes) -> f64 {
    o.iter().filter(|(v, _)| *v != 0).map(|(_, p)| p).sum()
}

/// `{0: 1 - yes, 1: yes}`, values with no chance left out.
fn truth(yes: f64) -> Outcomes {
    let mut out = Vec::new();
    if yes < 1.0 {
        out.push((0, 1.0 - yes));
    }
    if yes > 0.0 {
        out.push((1, yes));
    }
    out
}

/// Equal values added together, ascending; values with no chance left out.
fn merged(mut items: Vec<(i64, f64)>) -> Outcomes {
    items.sort_by_key(|&(v, _)| v);
    let mut out: Outcomes = Vec::with_capacity(items.len());
    for (v, p) in items {
        match out.last_mut() {
            Some((last, total)) if *last == v => *total += p,
            _ => out.push((v, p)),
        }
    }
    out.retain(|&(_, p)| p > 0.0);
    out
}
