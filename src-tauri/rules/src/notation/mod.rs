//! Rollbook's dice notation (`../shared/DICE.md`): anything a GM types — `2d6+3`, `4d6kh3`,
//! `8d10x cs>=8`, `d20+@bonus >= @dc` — read, checked, worked out exactly and rolled.
//!
//! - [`parse`](parse::parse) reads the text into an expression as written, or names the column
//!   of the first problem and what was expected there;
//! - [`check`](check::check) gives each `@name` its value, works out the certain parts, checks
//!   every count, side, face and modifier, and bounds the work the odds need before any is done;
//! - [`odds`] gives the exact distribution: pools by convolution, keeps by order statistics or
//!   by multisets of kept faces ([`pool_odds`]), never by listing faces one by one or sampling;
//! - [`roll`] rolls it with the tray's dice, the same modifiers in the same order.

mod ast;
mod certain;
mod check;
mod formula;
mod formula_code;
#[cfg(test)]
mod formula_code_tests;
mod formula_compile;
mod formula_steps;
mod formula_term;
mod made_bags;
mod multisets;
mod node;
mod odds;
mod outline;
mod parse;
mod parsed;
mod pieces;
mod pool_odds;
mod problem;
mod roll;
mod work_bound;

#[cfg(test)]
mod chained_keeps_tests;
#[cfg(test)]
mod problem_tests;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

pub use certain::CertainFormula;
pub use formula::{DivisionByZero, Formula, Lookup};
pub use outline::{outline, Outline};
pub use pieces::{comparison, single_die, Comparison, SingleDie};
pub use problem::Problem;

pub(crate) use roll::Made;

use crate::tray::Tray;

/// The range of a value given for an `@name` (DICE.md, "The request").
pub const MAX_VALUE: i64 = check::MAX_VALUE;

/// The most steps one expression's odds may take before the check refuses it (each step about a
/// multiply-add; `examples/notation_cost.rs` prints what a step costs on this machine).
pub const MAX_WORK: f64 = work_bound::MAX_WORK;

/// The longest expression taken, in characters (DICE.md, "The request").
pub use parse::MAX_EXPR_CHARS;

/// An expression that was read and checked with its values: it can be worked out and rolled.
#[derive(Debug, Clone)]
pub struct Expression {
    checked: check::Checked,
}

/// Reads and checks `text` with `values` for its `@names`: the expression, or every problem
/// found (a problem in the text's grammar stops the reading there, so it comes alone).
pub fn check(text: &str, values: &BTreeMap<String, i64>) -> Result<Expression, Vec<Problem>> {
    let ast = parsed::parsed(text).map_err(|p| vec![p])?;
    check::check(&ast, values).map(|checked| Expression { checked })
}

/// [`check`] given the values of the names `text` uses, taken from `values` (which may hold
/// others, which the notation would refuse): the text read once.
pub fn check_used(text: &str, values: &BTreeMap<String, i64>) -> Result<Expression, Vec<Problem>> {
    let ast = parsed::parsed(text).map_err(|p| vec![p])?;
    let used: BTreeMap<String, i64> = ast
        .names()
        .into_iter()
        .filter_map(|n| values.get(&n).map(|v| (n, *v)))
        .collect();
    check::check(&ast, &used).map(|checked| Expression { checked })
}

/// The sides of a pool's die written `d(EXPR)` (`d(@size + 2)`): `EXPR`, worked out from the
/// request's values; `None` for a die the notation names itself (`d6`, `dF`, `d{0,1,1,2}`).
pub fn die_sides(die: &str) -> Option<&str> {
    die.trim()
        .strip_prefix("d(")
        .and_then(|rest| rest.strip_suffix(')'))
}

/// Every `@name` `text` uses, each once, in the order first written; none when it does not
/// read (its problem is [`check`]'s to tell). The window offers a value field for each, and
/// gives [`check`] the values of these names only.
pub fn names(text: &str) -> Vec<String> {
    parsed::parsed(text)
        .map(|ast| ast.names())
        .unwrap_or_default()
}

impl Expression {
    /// The expression of one value, no dice: what the check makes of a text whose every part
    /// is known before the roll ([`CertainFormula::value`] works the value out).
    pub fn certain(value: i64) -> Self {
        Self {
            checked: check::Checked {
                root: node::Node::Const(value),
                work: 0.0,
                values: 1.0,
            },
        }
    }

    /// The exact distribution of the expression's value: each value with a chance above 0,
    /// ascending.
    pub fn distribution(&self) -> Vec<(i64, f64)> {
        odds::outcomes(&self.checked.root)
    }

    /// About how many steps its odds take, and at most how many values they list: known
    /// before they are worked out.
    pub fn cost(&self) -> (f64, f64) {
        (self.checked.work, self.checked.values)
    }

    pub(crate) fn roll(&self, tray: &mut Tray) -> Made {
        roll::roll(&self.checked.root, tray)
    }

    /// [`Expression::roll`], its dice asked for as `what` (a system file's let: "nat (d20) die
    /// #1") rather than by their pool's place.
    pub(crate) fn roll_as(&self, tray: &mut Tray, what: &str) -> Made {
        roll::roll_as(&self.checked.root, tray, Some(what))
    }
}
