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
mod check;
mod formula;
mod made_bags;
mod multisets;
mod node;
mod odds;
mod outline;
mod parse;
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
    let ast = parse::parse_bounded(text).map_err(|p| vec![p])?;
    check::check(&ast, values).map(|checked| Expression { checked })
}

/// `text` read once, to be checked with several sets of values: [`check`] without reading the
/// text again for each (a system file's expression is checked at every mix of the ends of its
/// names' ranges, up to 64 of them).
pub(crate) struct Parsed(ast::Ast);

impl Parsed {
    /// Reads `text`, or its problem (a problem in the grammar stops the reading there).
    pub(crate) fn new(text: &str) -> Result<Self, Problem> {
        parse::parse_bounded(text).map(Self)
    }

    /// [`check`] of the text read, with `values`.
    pub(crate) fn check(&self, values: &BTreeMap<String, i64>) -> Result<Expression, Vec<Problem>> {
        check::check(&self.0, values).map(|checked| Expression { checked })
    }
}

/// Every `@name` `text` uses, each once, in the order first written; none when it does not
/// read (its problem is [`check`]'s to tell). The window offers a value field for each, and
/// gives [`check`] the values of these names only.
pub fn names(text: &str) -> Vec<String> {
    parse::parse_bounded(text)
        .map(|ast| ast.names())
        .unwrap_or_default()
}

impl Expression {
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
