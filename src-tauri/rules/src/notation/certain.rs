//! A dice-free expression of values given before the roll (a system file's
//! `target = "if(@defending - @active <= -5, @chart_m5, …)"`), compiled once and worked out for
//! each request's values, where checking it with them ([`super::check_used`]) would only fold
//! it to its one value: a chart of a dozen `if`s took the check most of a small roll's time.
//!
//! It stands in for the check only where the check can refuse nothing but a value out of
//! range: no dice, no division, and no part that could pass 2^53 for any values within
//! ±[`MAX_VALUE`] (bounded once, over the text as written, as the check bounds each part).
//! Then, with the values read all within range, both give the same number (the same
//! arithmetic, `apply`, on the same values; with no division, reading every side or only the
//! deciding one is the same); a value out of range is left to the check, to refuse as it does.

use super::ast::{Ast, BinOp, Func};
use super::check::MAX_VALUE;
use super::formula::{Formula, Lookup};
use super::parse::MAX_INT;
use super::parsed::parsed;

/// A dice-free expression the check can refuse only for a value out of range.
#[derive(Debug, Clone)]
pub struct CertainFormula {
    formula: Formula,
    /// The slots it reads: each must hold a value in range.
    reads: Vec<usize>,
}

impl CertainFormula {
    /// `text` with each `@name` at the slot `slot` gives; `None` when the check could refuse
    /// it otherwise than for a value (it rolls dice, divides, could pass 2^53, does not read,
    /// or reads a name with no slot), or could not compile it.
    pub fn new(text: &str, slot: impl Fn(&str) -> Option<usize>) -> Option<Self> {
        let ast = parsed(text).ok()?;
        bounds(&ast, &|name| slot(name).is_some())?;
        let formula = Formula::parse(text, |name| slot(name).map(Lookup::Slot)).ok()?;
        let reads = formula.slots();
        Some(Self { formula, reads })
    }

    /// The one value [`super::check_used`] folds it to with the values in `slots`
    /// ([`super::Expression::certain`] of it is what the check gives); `None` when a value it
    /// reads is out of range (the check refuses that).
    pub fn value(&self, slots: &[i64]) -> Option<i64> {
        let in_range = |&at: &usize| (-MAX_VALUE..=MAX_VALUE).contains(&slots[at]);
        if !self.reads.iter().all(in_range) {
            return None;
        }
        self.formula.eval(slots).ok()
    }
}

/// The least and the most `ast` can come to with every name `known` anywhere in ±MAX_VALUE;
/// `None` when some part could pass ±2^53 (the check's bound on every part), or the check
/// could refuse it otherwise (dice, a division, a name not known, a function's count of
/// values).
fn bounds(ast: &Ast, known: &dyn Fn(&str) -> bool) -> Option<(i128, i128)> {
    let truth = (0, 1);
    let (lo, hi) = match ast {
        Ast::Int { value, .. } => (i128::from(*value), i128::from(*value)),
        Ast::Name { name, .. } if known(name) => (-i128::from(MAX_VALUE), i128::from(MAX_VALUE)),
        Ast::Name { .. } | Ast::Pool(_) => return None,
        Ast::Neg { operand, .. } => {
            let (lo, hi) = bounds(operand, known)?;
            (-hi, -lo)
        }
        Ast::Not { operand, .. } => {
            bounds(operand, known)?;
            truth
        }
        Ast::Binary {
            op, left, right, ..
        } => {
            let (a, b) = (bounds(left, known)?, bounds(right, known)?);
            match op {
                BinOp::Add => (a.0 + b.0, a.1 + b.1),
                BinOp::Sub => (a.0 - b.1, a.1 - b.0),
                BinOp::Mul => {
                    let corners = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
                    (*corners.iter().min()?, *corners.iter().max()?)
                }
                BinOp::Div => return None,
                _ => truth,
            }
        }
        Ast::Call { func, args, .. } => {
            let each = args
                .iter()
                .map(|a| bounds(a, known))
                .collect::<Option<Vec<_>>>()?;
            match (func, each.as_slice()) {
                (Func::Min, [_, ..]) => (
                    each.iter().map(|b| b.0).min()?,
                    each.iter().map(|b| b.1).min()?,
                ),
                (Func::Max, [_, ..]) => (
                    each.iter().map(|b| b.0).max()?,
                    each.iter().map(|b| b.1).max()?,
                ),
                (Func::Abs, [(lo, hi)]) => (0, lo.abs().max(hi.abs())),
                (Func::If, [_, then, other]) => (then.0.min(other.0), then.1.max(other.1)),
                _ => return None,
            }
        }
    };
    let most = i128::from(MAX_INT);
    (lo >= -most && hi <= most).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::notation::{check_used, Expression};

    const NAMES: [&str; 3] = ["a", "b", "c"];

    fn slot(name: &str) -> Option<usize> {
        NAMES.iter().position(|n| *n == name)
    }

    /// The value the check gives `text` with `slots` for a, b and c, or `None` when it refuses.
    fn checked(text: &str, slots: &[i64]) -> Option<i64> {
        let values: BTreeMap<String, i64> = NAMES
            .iter()
            .zip(slots)
            .map(|(n, v)| (n.to_string(), *v))
            .collect();
        let expression = check_used(text, &values).ok()?;
        assert_eq!(expression.cost(), (0.0, 1.0), "{text}: a certain value");
        let odds = expression.distribution();
        assert_eq!(odds.len(), 1, "{text}: a certain value");
        Some(odds[0].0)
    }

    #[test]
    fn gives_what_the_check_gives_on_a_grid_of_values() {
        let texts = [
            "if(@a - @b <= -5, @c, if(@a - @b = -4, @c * 2, if(@a = @b, 12, -@c)))",
            "min(60, max(0, @a + @b - @c))",
            "max(0, @a - max(0, max(0, @c - @a - @b) - @b))",
            "abs(@a - 3) * 4 + @b > 0 and not @c or -@a >= 2",
            "@a * @b - 3 * @c",
        ];
        let grid = [
            -1_000_001, -1_000_000, -7, -1, 0, 1, 2, 5, 999_999, 1_000_000, 1_000_001,
        ];
        for text in texts {
            let certain = CertainFormula::new(text, slot).expect(text);
            for a in grid {
                for b in grid {
                    for c in [-1_000_001, -3, 0, 4, 1_000_000] {
                        let slots = [a, b, c];
                        let fast = certain.value(&slots);
                        // In range: the same value; refused: left to the check.
                        assert_eq!(fast, checked(text, &slots), "{text} {slots:?}");
                        // And the expression made of it is the check's.
                        if let Some(value) = fast {
                            let made = Expression::certain(value);
                            assert_eq!(made.distribution(), [(value, 1.0)]);
                            assert_eq!(made.cost(), (0.0, 1.0), "{text} {slots:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn leaves_to_the_check_what_it_could_refuse_otherwise() {
        for text in [
            "d6 + @a",
            "@a / @b",
            "@a / 2",
            "@a * @b * @c",
            "@d + 1",
            "if(@a, 1)",
            "min()",
            "@a +",
        ] {
            assert!(CertainFormula::new(text, slot).is_none(), "{text}");
        }
    }
}
