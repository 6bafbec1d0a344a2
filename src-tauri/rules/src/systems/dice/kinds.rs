//! `dice` — any roll a GM can type (`../shared/DICE.md`): `{"system":"dice","roll":"expr",
//! "expr":"4d6kh3","values":{},"target":1}`. Not a rules system a roster keeps: a roll request
//! like the five's, so odds, rolls, dice by hand and the log serve it as they serve them.

use std::collections::BTreeMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::last_checked;
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::notation::{self, Expression};
use crate::spec::{compare_steps, CompareSpec, FieldKind, FieldSpec, IntField, KindText};
use crate::systems::shared::spread_numeric_odds;
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const TARGET: IntField = IntField {
    name: "target",
    label: "Target",
    help: "The roll succeeds when its value is at least this (a count of successes: at least \
           one; a comparison: when it is true).",
    min: -(1 << 53),
    max: 1 << 53,
    default: 1,
};

/// A typed expression with the values of its `@names` and the value it must reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Expr {
    pub expr: String,
    pub values: BTreeMap<String, i64>,
    pub target: i64,
}

impl Default for Expr {
    fn default() -> Self {
        Self {
            expr: "2d6".into(),
            values: BTreeMap::new(),
            target: TARGET.default,
        }
    }
}

/// The steps Compare sets a number to, from the roll's own value.
const STEPS: [(i64, &str); 5] = [
    (-2, "2 lower"),
    (-1, "1 lower"),
    (0, "As set"),
    (1, "1 higher"),
    (2, "2 higher"),
];

/// What Compare offers on an expression that uses `names`: the target (as every expression
/// has) and each name's value, as `values.NAME`. The names are the expression's own
/// ([`notation::names`]), so they are known only once it is typed: the catalog lists the
/// target, the window asks for the rest with the expression.
pub fn comparisons(names: &[String]) -> Vec<CompareSpec> {
    let target = compare_steps(
        "target",
        "target",
        "Target",
        "The same roll against a lower or higher target.",
        &STEPS,
    );
    let values = names.iter().map(|name| {
        compare_steps(
            &format!("values.{name}"),
            &format!("values.{name}"),
            &format!("@{name}"),
            &format!("The same roll with @{name} a little lower or higher."),
            &STEPS,
        )
    });
    std::iter::once(target).chain(values).collect()
}

/// A value field for each of `names` (an expression's `@names`, [`notation::names`]): the
/// window's form for `values`, starting at 0, in the range the check takes.
pub fn value_fields(names: &[String]) -> Vec<FieldSpec> {
    names
        .iter()
        .map(|name| FieldSpec {
            name: name.clone(),
            label: format!("@{name}"),
            help: format!("The value of @{name} in this roll."),
            kind: FieldKind::Int {
                min: -notation::MAX_VALUE,
                max: notation::MAX_VALUE,
                default: 0,
            },
            source: None,
        })
        .collect()
}

impl Expr {
    /// The expression read and checked (once per thread for the same text and values: a
    /// request's validation, odds and roll ask in turn); its first problem as the request's
    /// error.
    pub fn checked(&self) -> Result<Rc<Expression>, RulesError> {
        last_checked::check(&self.expr, &self.values).map_err(|problems| {
            problems.into_iter().next().map_or_else(
                || RulesError::invalid("expr", "not a roll"),
                notation::Problem::into_error,
            )
        })
    }

    /// The exact distribution: each value with a chance above 0, ascending. The values may
    /// lie far apart (`d2*1000000`), so they are never laid out one slot per integer.
    fn distribution(&self) -> Vec<(i64, f64)> {
        self.checked()
            .map(|expression| expression.distribution())
            .unwrap_or_default()
    }
}

impl Kind for Expr {
    const SYSTEM: &'static str = "dice";
    const ROLL: &'static str = "expr";

    fn text() -> KindText {
        KindText {
            name: "Notation",
            summary: "Any roll typed in dice notation (2d6+3, 4d6kh3, 8d10x cs>=8): its exact \
                      odds, rolled or rolled by hand.",
            rulings: &[],
            contract: false,
            outcome: "Value",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![TARGET.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        comparisons(&[])
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        TARGET.check(self.target)?;
        self.checked().map(|_| ())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        spread_numeric_odds(self.distribution().into_iter(), self.target)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let Ok(expression) = self.checked() else {
            return Rolled {
                outcome: "0".into(),
                success: false,
                detail: String::new(),
                total: Some(0),
                groups: Vec::new(),
            };
        };
        let made = expression.roll(tray);
        let success = made.value >= self.target;
        let verdict = if success { "success" } else { "failure" };
        let pools = if made.pools.is_empty() {
            String::new()
        } else {
            format!(" ({})", made.pools.join("; "))
        };
        Rolled {
            outcome: made.value.to_string(),
            success,
            detail: format!(
                "{} = {}{pools}; at least {}: {verdict}",
                self.expr.trim(),
                made.value,
                self.target
            ),
            total: Some(made.value),
            groups: made.groups,
        }
    }
}
