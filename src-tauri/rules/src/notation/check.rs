//! From an expression as written to one that can be rolled and worked out: names given their
//! values, certain parts worked out, every count, side, face and modifier checked, and the
//! work the odds need bounded before any is done. Every problem found is kept (the command
//! line's `dice check` lists them all); one is enough to refuse the roll.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::ast::{Ast, BinOp, CmpAst, CmpSign, Func, ModAst, ModKind, PoolAst, SidesAst};
use super::node::{chain_cap, Cmp, Die, Mod, Node, PoolSpec};
use super::parse::MAX_INT;
use super::problem::{big, Problem};
use super::work_bound::MAX_WORK;
use super::{odds, pool_odds};

/// What one pair of values of an operator's two sides costs, in the steps of a convolution,
/// when the results lie close together: worked out twice (for their span, then added into a
/// table of every value between), and most results a value of the answer (`d1000*d1000`'s
/// million pairs took 240 ms in release on a loaded machine, `100d6*100d6`'s 251,001 27 ms).
const DENSE_PAIR_STEP: f64 = 100.0;
/// What one pair costs when the results are spread out: it is listed, then all are sorted and
/// merged (`d1000*d1000`, a million pairs, took about a second in release so). The odds take
/// that way only with fewer pairs than a quarter of the span of the results.
const PAIR_STEP: f64 = 200.0;
/// The most dice one roll may read, chains of rerolls and explosions included.
pub(crate) const MAX_DICE_READ: f64 = 10_000.0;
/// The widest a pool's values may spread (its distribution is held value by value).
pub(crate) const MAX_SPAN: i128 = 2_000_000;
/// Dice in one pool, sides of a die, faces listed, a face's size and a name's value (DICE.md).
pub(crate) const MAX_COUNT: i64 = 100;
pub(crate) const MAX_SIDES: i64 = 1000;
pub(crate) const MAX_FACES: usize = 100;
pub(crate) const MAX_FACE: i64 = 1_000_000;
pub(crate) const MAX_VALUE: i64 = 1_000_000;

/// A checked expression and what it costs.
#[derive(Debug, Clone)]
pub(crate) struct Checked {
    pub root: Node,
    /// About how many steps the odds take (each of a few nanoseconds), known before.
    pub work: f64,
    /// At most how many values the answer lists.
    pub values: f64,
}

/// Checks `ast` with `values` for its names.
pub(crate) fn check(ast: &Ast, values: &BTreeMap<String, i64>) -> Result<Checked, Vec<Problem>> {
    let mut checker = Checker::new(values);
    let root = checker.node(ast);
    for (name, &value) in values {
        if !(-MAX_VALUE..=MAX_VALUE).contains(&value) {
            checker.problems.push(Problem::value(
                name,
                format!("{value} is out of range: a value is -1,000,000 to 1,000,000"),
            ));
        }
        if !checker.used.contains(name) {
            checker.problems.push(Problem::value(
                name,
                format!(
                    "the roll has no @{}: leave this value out, or use it",
                    crate::text::excerpt(name)
                ),
            ));
        }
    }
    if checker.problems.is_empty() && checker.work > MAX_WORK {
        checker.problems.push(Problem::at(
            1,
            format!(
                "the whole roll is too big to work out exactly: about {} steps, past the bound \
                 of {}; use fewer or smaller pools",
                big(checker.work as u128),
                big(MAX_WORK as u128)
            ),
        ));
    }
    if checker.problems.is_empty() && checker.dice > MAX_DICE_READ {
        checker.problems.push(Problem::at(
            1,
            format!(
                "the whole roll could read up to {} dice, past the bound of {}",
                big(checker.dice as u128),
                big(MAX_DICE_READ as u128)
            ),
        ));
    }
    match (root, checker.problems.is_empty()) {
        (Some((root, range)), true) => Ok(Checked {
            root,
            work: checker.work,
            values: range.size,
        }),
        _ => Err(checker.problems),
    }
}

/// Where a part's value can lie, and how many values it can take at most.
#[derive(Debug, Clone, Copy)]
struct Range {
    lo: i128,
    hi: i128,
    size: f64,
}

impl Range {
    fn point(v: i64) -> Self {
        Self::between(i128::from(v), i128::from(v))
    }

    fn between(lo: i128, hi: i128) -> Self {
        Self {
            lo,
            hi,
            size: (hi - lo + 1) as f64,
        }
    }

    fn truth() -> Self {
        Self::between(0, 1)
    }

    fn limited(self, size: f64) -> Self {
        Self {
            size: self.size.min(size),
            ..self
        }
    }
}

struct Checker<'v> {
    values: &'v BTreeMap<String, i64>,
    used: BTreeSet<String>,
    problems: Vec<Problem>,
    pools: usize,
    work: f64,
    dice: f64,
}

impl<'v> Checker<'v> {
    /// A checker of an expression given `values` for its names, nothing found yet.
    fn new(values: &'v BTreeMap<String, i64>) -> Self {
        Checker {
            values,
            used: BTreeSet::new(),
            problems: Vec::new(),
            pools: 0,
            work: 0.0,
            dice: 0.0,
        }
    }

    fn problem(&mut self, col: usize, message: impl Into<String>) {
        self.problems.push(Problem::at(col, message));
    }

    fn node(&mut self, ast: &Ast) -> Option<(Node, Range)> {
        let (node, range) = match ast {
            Ast::Int { value, .. } => (Node::Const(*value), Range::point(*value)),
            Ast::Name { name, col } => self.name(name, *col)?,
            Ast::Pool(pool) => self.pool(pool)?,
            Ast::Neg { operand, .. } => {
                let (inner, r) = self.node(operand)?;
                let range = Range::between(-r.hi, -r.lo).limited(r.size);
                match inner {
                    Node::Const(v) => (Node::Const(-v), range),
                    inner => (Node::Neg(Box::new(inner)), range),
                }
            }
            Ast::Not { operand, .. } => {
                let (inner, _) = self.node(operand)?;
                match inner {
                    Node::Const(v) => (Node::Const(i64::from(v == 0)), Range::truth()),
                    inner => (Node::Not(Box::new(inner)), Range::truth()),
                }
            }
            Ast::Binary {
                op, left, right, ..
            } => self.binary(*op, left, right)?,
            Ast::Call { func, args, col } => self.call(*func, args, *col)?,
        };
        if range.lo < -i128::from(MAX_INT) || range.hi > i128::from(MAX_INT) {
            let reach = if range.hi > i128::from(MAX_INT) {
                range.hi
            } else {
                range.lo
            };
            self.problem(
                ast.col(),
                format!("this part could reach {reach}, past 2^53 ({MAX_INT})"),
            );
            return None;
        }
        Some((node, range))
    }

    fn name(&mut self, name: &str, col: usize) -> Option<(Node, Range)> {
        let Some(&value) = self.values.get(name) else {
            let shown = crate::text::excerpt(name);
            self.problem(
                col,
                format!("@{shown} has no value: give it in values, as {{\"{shown}\": 2}}"),
            );
            return None;
        };
        // A name read many times (a chart in `if`s) is copied once.
        if !self.used.contains(name) {
            self.used.insert(name.to_string());
        }
        Some((Node::Const(value), Range::point(value)))
    }

    /// A part that must be known before the roll: a count, a keep's N, a comparison's value.
    fn certain(&mut self, ast: &Ast, what: &str) -> Option<i64> {
        let pools_before = self.pools;
        let (node, _) = self.node(ast)?;
        match node.certain() {
            Some(v) => Some(v),
            None => {
                // Its dice are not the roll's dice: they are not counted among its pools.
                self.pools = pools_before;
                self.problem(
                    ast.col(),
                    format!("{what} must be known before the roll: a number or @name, no dice"),
                );
                None
            }
        }
    }

    fn binary(&mut self, op: BinOp, left: &Ast, right: &Ast) -> Option<(Node, Range)> {
        let l = self.node(left);
        let r = self.node(right);
        let ((l, lr), (r, rr)) = (l?, r?);
        if let (Node::Const(a), Node::Const(b)) = (&l, &r) {
            let value = self.fold(op, *a, *b, right.col())?;
            return Some((Node::Const(value), Range::point(value)));
        }
        let pairs = lr.size * rr.size;
        let range = match op {
            BinOp::Add => Range::between(lr.lo + rr.lo, lr.hi + rr.hi),
            BinOp::Sub => Range::between(lr.lo - rr.hi, lr.hi - rr.lo),
            BinOp::Mul => {
                let corners = [lr.lo * rr.lo, lr.lo * rr.hi, lr.hi * rr.lo, lr.hi * rr.hi];
                Range::between(
                    corners.into_iter().min().unwrap_or(0),
                    corners.into_iter().max().unwrap_or(0),
                )
            }
            BinOp::Div => {
                if rr.lo <= 0 && rr.hi >= 0 && self.can_be_zero(&r) {
                    self.problem(
                        right.col(),
                        "/ by something that can be 0: the roll would divide by zero",
                    );
                    return None;
                }
                let most = lr.lo.abs().max(lr.hi.abs());
                Range::between(-most, most)
            }
            _ => Range::truth(),
        };
        self.work += pair_work(pairs, range.size);
        let range = range.limited(pairs);
        Some((Node::Bin(op, Box::new(l), Box::new(r)), range))
    }

    /// Whether a divisor with dice can come to 0 (worked out exactly: only when its range
    /// holds 0, and only once the work so far is within the bound).
    fn can_be_zero(&self, divisor: &Node) -> bool {
        if self.work > MAX_WORK || !self.problems.is_empty() {
            return true;
        }
        odds::outcomes(divisor)
            .iter()
            .any(|&(v, p)| v == 0 && p > 0.0)
    }

    fn fold(&mut self, op: BinOp, a: i64, b: i64, right_col: usize) -> Option<i64> {
        if op == BinOp::Div && b == 0 {
            self.problem(right_col, "/ by 0");
            return None;
        }
        Some(odds::apply(op, a, b))
    }

    fn call(&mut self, func: Func, args: &[Ast], col: usize) -> Option<(Node, Range)> {
        let arity = match func {
            Func::Abs => Some((1, "abs takes one value")),
            Func::If => Some((3, "if takes three values: if(condition, then, else)")),
            Func::Min | Func::Max => None,
        };
        if let Some((_, how)) = arity.filter(|(n, _)| *n != args.len()) {
            self.problem(col, how);
            return None;
        }
        // Every argument is checked, so that each one's problems are listed.
        let checked: Vec<Option<(Node, Range)>> = args.iter().map(|a| self.node(a)).collect();
        let (nodes, ranges): (Vec<Node>, Vec<Range>) = checked
            .into_iter()
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .unzip();
        if let Some(values) = nodes
            .iter()
            .map(Node::certain)
            .collect::<Option<Vec<i64>>>()
        {
            let value = match (func, values.as_slice()) {
                (Func::Min, _) => values.iter().copied().min().unwrap_or(0),
                (Func::Max, _) => values.iter().copied().max().unwrap_or(0),
                (Func::Abs, [v]) => v.abs(),
                (Func::If, [condition, then, other]) => {
                    if *condition != 0 {
                        *then
                    } else {
                        *other
                    }
                }
                _ => unreachable!("the arity was checked above"),
            };
            return Some((Node::Const(value), Range::point(value)));
        }
        let sizes: f64 = ranges.iter().map(|r| r.size).sum();
        let pairs: f64 = ranges.iter().map(|r| r.size).product();
        self.work += pairs.min(sizes * sizes) * PAIR_STEP;
        let lo = ranges.iter().map(|r| r.lo);
        let hi = ranges.iter().map(|r| r.hi);
        let (node, range) = match func {
            Func::Min => (
                Node::Min(nodes),
                Range::between(lo.min().unwrap_or(0), hi.min().unwrap_or(0)),
            ),
            Func::Max => (
                Node::Max(nodes),
                Range::between(lo.max().unwrap_or(0), hi.max().unwrap_or(0)),
            ),
            Func::Abs => {
                let r = ranges[0];
                let low = if r.lo <= 0 && r.hi >= 0 {
                    0
                } else {
                    r.lo.abs().min(r.hi.abs())
                };
                let [inner]: [Node; 1] = nodes.try_into().ok()?;
                (
                    Node::Abs(Box::new(inner)),
                    Range::between(low, r.lo.abs().max(r.hi.abs())).limited(r.size),
                )
            }
            Func::If => {
                let (a, b) = (ranges[1], ranges[2]);
                let [condition, then, other]: [Node; 3] = nodes.try_into().ok()?;
                (
                    Node::If(Box::new(condition), Box::new(then), Box::new(other)),
                    Range::between(a.lo.min(b.lo), a.hi.max(b.hi)).limited(a.size + b.size),
                )
            }
        };
        Some((node, range.limited(sizes)))
    }

    fn pool(&mut self, ast: &PoolAst) -> Option<(Node, Range)> {
        self.pools += 1;
        let number = self.pools;
        let count = match &ast.count {
            None => Some(1),
            Some(count) => self.certain(count, "a pool's count").and_then(|n| {
                if (0..=MAX_COUNT).contains(&n) {
                    Some(n)
                } else {
                    self.problem(
                        count.col(),
                        format!("a pool has 0 to {MAX_COUNT} dice, not {n}"),
                    );
                    None
                }
            }),
        };
        let die = self.die(&ast.sides);
        let (count, die) = (count?, die?);
        let mods = self.modifiers(&ast.mods, &die)?;
        let mut spec = PoolSpec {
            text: ast.text.clone(),
            number,
            count: count as u32,
            die,
            mods,
            bags: None,
        };
        let range = self.pool_bounds(&mut spec, ast.col)?;
        Some((Node::Pool(Box::new(spec)), range))
    }

    fn die(&mut self, sides: &SidesAst) -> Option<Die> {
        match sides {
            SidesAst::Number { sides, col } => {
                if (1..=MAX_SIDES).contains(sides) {
                    Some(Die::numbered(*sides as u32))
                } else {
                    self.problem(
                        *col,
                        format!(
                            "a die has 1 to {} sides, not {sides}",
                            big(MAX_SIDES as u128)
                        ),
                    );
                    None
                }
            }
            SidesAst::Percent => Some(Die::numbered(100)),
            SidesAst::Fate => Some(Die::listed("dF".into(), vec![-1, 0, 1])),
            SidesAst::Faces { faces, col } => {
                if faces.len() > MAX_FACES {
                    self.problem(
                        *col,
                        format!("a die lists 1 to {MAX_FACES} faces, not {}", faces.len()),
                    );
                    return None;
                }
                if let Some(face) = faces.iter().find(|f| f.abs() > MAX_FACE) {
                    self.problem(
                        *col,
                        format!("a face is -1,000,000 to 1,000,000, not {face}"),
                    );
                    return None;
                }
                let listed: Vec<String> = faces.iter().map(i64::to_string).collect();
                Some(Die::listed(
                    format!("d{{{}}}", listed.join(",")),
                    faces.clone(),
                ))
            }
        }
    }

    fn modifiers(&mut self, mods: &[ModAst], die: &Die) -> Option<Vec<Mod>> {
        let mut out = Vec::new();
        let mut ok = true;
        for (at, m) in mods.iter().enumerate() {
            let previous = at.checked_sub(1).map(|p| mods[p].kind);
            let counted = mods[..at].iter().any(|p| p.kind == ModKind::CountSuccesses);
            let order = match m.kind {
                ModKind::DeductFailures if previous != Some(ModKind::CountSuccesses) => Some(
                    "df deducts failures from a count of successes: write it right after cs \
                     (6d6 cs>=5 df=1)",
                ),
                ModKind::CountSuccesses if counted => Some("a pool counts its successes once"),
                ModKind::DeductFailures => None,
                _ if counted => {
                    Some("after cs only df may follow: write the other modifiers before cs")
                }
                _ => None,
            };
            if let Some(message) = order {
                self.problem(m.col, message);
                ok = false;
                continue;
            }
            if m.kind == ModKind::DeductFailures {
                // Folded into the count of successes it follows.
                let deducts = m.cmp.as_ref().and_then(|cmp| self.cmp(cmp));
                match (deducts, out.last_mut()) {
                    (Some(cmp), Some(Mod::Count { failure, .. })) => *failure = Some(cmp),
                    _ => ok = false,
                }
                continue;
            }
            match self.modifier(m, die) {
                Some(modifier) => out.push(modifier),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// One modifier but `df` (folded into its `cs`).
    fn modifier(&mut self, m: &ModAst, die: &Die) -> Option<Mod> {
        if m.kind.takes_count() {
            let n = match &m.count {
                None => 1,
                Some(ast) => self.certain(ast, "a keep or drop's number")?,
            };
            if n < 0 {
                self.problem(
                    m.col,
                    format!("{} keeps or drops 0 dice or more, not {n}", m.kind.word()),
                );
                return None;
            }
            let n = n.min(i64::from(u32::MAX)) as u32;
            return Some(match m.kind {
                ModKind::KeepHighest => Mod::Keep { highest: true, n },
                ModKind::KeepLowest => Mod::Keep { highest: false, n },
                ModKind::DropHighest => Mod::Drop { highest: true, n },
                _ => Mod::Drop { highest: false, n },
            });
        }
        let cmp = match &m.cmp {
            Some(cmp) => self.cmp(cmp)?,
            None if matches!(m.kind, ModKind::Reroll | ModKind::RerollAgain) => Cmp {
                sign: CmpSign::Eq,
                value: die.lowest(),
            },
            None => Cmp {
                sign: CmpSign::Eq,
                value: die.highest(),
            },
        };
        let chance = die.chance(cmp);
        let written = format!("{}{}{}", m.kind.word(), cmp.sign.symbol(), cmp.value);
        let endless = match m.kind {
            ModKind::RerollAgain => Some("would reroll forever"),
            ModKind::Explode => Some("would explode forever"),
            _ => None,
        };
        let every_face = die.values.iter().all(|&v| cmp.meets(v));
        if let Some(endless) = endless.filter(|_| every_face) {
            self.problem(
                m.col,
                format!("{written} {endless}: every face of a {} meets it", die.name),
            );
            return None;
        }
        Some(match m.kind {
            ModKind::Reroll => Mod::Reroll { cmp, cap: 1 },
            ModKind::RerollAgain => Mod::Reroll {
                cmp,
                cap: chain_cap(chance),
            },
            ModKind::ExplodeOnce => Mod::Explode { cmp, cap: 1 },
            ModKind::Explode => Mod::Explode {
                cmp,
                cap: chain_cap(chance),
            },
            _ => Mod::Count {
                success: cmp,
                failure: None,
            },
        })
    }

    fn cmp(&mut self, cmp: &CmpAst) -> Option<Cmp> {
        let value = self.certain(&cmp.value, "a comparison's value")?;
        Some(Cmp {
            sign: cmp.sign,
            value: if cmp.negative { -value } else { value },
        })
    }

    /// The pool's range of values, its work and the dice it reads, refused past their bounds;
    /// the bags made to count its work kept with it, for its odds.
    fn pool_bounds(&mut self, spec: &mut PoolSpec, col: usize) -> Option<Range> {
        let (mut fewest, mut most, mut read) = (
            f64::from(spec.count),
            f64::from(spec.count),
            f64::from(spec.count),
        );
        for m in &spec.mods {
            match *m {
                Mod::Keep { n, .. } => {
                    fewest = fewest.min(f64::from(n));
                    most = most.min(f64::from(n));
                }
                Mod::Drop { n, .. } => {
                    fewest = (fewest - f64::from(n)).max(0.0);
                    most = (most - f64::from(n)).max(0.0);
                }
                Mod::Reroll { cap, .. } => read += most * f64::from(cap),
                Mod::Explode { cap, .. } => {
                    read += most * f64::from(cap);
                    most += most * f64::from(cap);
                }
                Mod::Count { .. } => {}
            }
        }
        if read > MAX_DICE_READ {
            self.problem(
                col,
                format!(
                    "{} could read up to {} dice, its rerolls and explosions counted; the bound \
                     is {}",
                    spec.text,
                    big(read as u128),
                    big(MAX_DICE_READ as u128)
                ),
            );
            return None;
        }
        let (fewest, most) = (fewest as i128, most as i128);
        let range = match spec.counting() {
            Some((_, failure)) => Range::between(if failure.is_some() { -most } else { 0 }, most),
            None => {
                let (low, high) = (
                    i128::from(spec.die.lowest()),
                    i128::from(spec.die.highest()),
                );
                Range::between(
                    (fewest * low).min(most * low),
                    (fewest * high).max(most * high),
                )
            }
        };
        if range.hi - range.lo >= MAX_SPAN {
            self.problem(
                col,
                format!(
                    "{} spans {} to {}: a pool may span at most {} values",
                    spec.text,
                    range.lo,
                    range.hi,
                    big(MAX_SPAN as u128)
                ),
            );
            return None;
        }
        let (work, bags) = pool_odds::work(spec);
        if work > MAX_WORK {
            let steps = if work.is_finite() {
                format!("about {} steps", big(work as u128))
            } else {
                "more partial pools than can be held".into()
            };
            self.problem(
                col,
                format!(
                    "{} is too big to work out exactly: {steps}, past the bound of {}; use \
                     fewer dice, fewer sides or a simpler keep",
                    spec.text,
                    big(MAX_WORK as u128)
                ),
            );
            return None;
        }
        self.work += work;
        self.dice += read;
        spec.bags = bags.map(Arc::new);
        Some(range)
    }
}

/// The steps of `pairs` pairs of values whose results span `span` values (`odds::pairwise`):
/// all of them into a table, or, spread out, the fewer than `span / 4` listed and sorted.
fn pair_work(pairs: f64, span: f64) -> f64 {
    pairs * DENSE_PAIR_STEP + pairs.min(span / 4.0) * PAIR_STEP
}

/// Checks a comparison standing alone (`parse::parse_cmp`) with `values` for its names: its
/// value worked out, or the problems of its value.
pub(crate) fn check_cmp(cmp: &CmpAst, values: &BTreeMap<String, i64>) -> Result<Cmp, Vec<Problem>> {
    let mut checker = Checker::new(values);
    match checker.cmp(cmp) {
        Some(cmp) if checker.problems.is_empty() => Ok(cmp),
        _ => Err(checker.problems),
    }
}
