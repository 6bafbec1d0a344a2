//! A roll kind's lets made ready for one request's values: a dice expression checked by the
//! notation, or a pool's count worked out, its die read and its stats' comparisons checked.
//! Each let then gives its distribution (once) or a roll, into the slots the reading reads.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::answer::{DiceGroup, DieState};
use crate::notation::{self, Expression, Formula, Lookup, Problem, SingleDie};
use crate::system_file::lists;
use crate::system_file::model::{Let, LetKind, PoolStatKind};
use crate::tray::Tray;
use crate::RulesError;

use super::each::EachRolls;
use super::pool_stats::{self, Stat, Support, MAX_POOL_STATES};

/// The most dice a pool let rolls (DICE.md's bound on a pool's count).
const MAX_POOL_DICE: i64 = 100;

/// One let, ready: where its values go among the slots, and how it is rolled.
pub(super) struct ReadyLet {
    pub name: String,
    /// Its first slot; a pool's stats take one each, in the order declared.
    pub slot: usize,
    /// The names of its slots (the let's own, or each stat's).
    slot_names: Vec<String>,
    how: How,
    /// Its distribution, once worked out (a let kept for later requests works it out once).
    support: OnceLock<Support>,
}

enum How {
    Roll(Expression),
    /// A roll per item of a list.
    Each(EachRolls),
    Pool {
        count: u32,
        die: SingleDie,
        stats: Vec<Stat>,
    },
}

/// The names a let reads (its expression's, or its pool's count, die and comparisons'), each
/// once: among them, the earlier lets it depends on.
pub(super) fn reads(let_: &Let) -> Vec<String> {
    let mut names = match &let_.what {
        LetKind::Roll { expr } => notation::names(expr),
        LetKind::Pool { count, die, stats } => {
            let mut names = notation::names(count);
            if let Some(sides) = notation::die_sides(die) {
                names.extend(notation::names(sides));
            }
            for stat in stats {
                if let PoolStatKind::Count { cmp } = &stat.what {
                    // A comparison reads as a pool's modifier does.
                    names.extend(notation::names(&format!("d6cs{cmp}")));
                }
            }
            names
        }
        LetKind::Each { list, count } => {
            let mut names = notation::names(count);
            names.retain(|n| n != lists::ITEM);
            names.push(list.clone());
            names
        }
    };
    names.sort();
    names.dedup();
    names
}

/// The names a let writes into the slots, in order.
pub(super) fn slot_names(let_: &Let) -> Vec<String> {
    match &let_.what {
        LetKind::Roll { .. } | LetKind::Each { .. } => vec![let_.name.clone()],
        LetKind::Pool { stats, .. } => stats.iter().map(|s| s.name.clone()).collect(),
    }
}

/// A problem of the notation, reported at `field` (`lets.nat`, `lets.pool.count`).
pub(super) fn refused_at(field: &str, problem: Problem) -> RulesError {
    let message = match problem.column {
        Some(column) => format!("column {column}: {}", problem.message),
        None => problem.message,
    };
    RulesError::invalid(field, message)
}

/// A pool's die: one of the notation's (`d6`, `dF`, `d{0,1,1,2}`), or `d(EXPR)`, its sides
/// worked out from the request's values.
fn ready_die(die: &str, values: &BTreeMap<String, i64>) -> Result<SingleDie, Problem> {
    let Some(sides) = notation::die_sides(die) else {
        return notation::single_die(die);
    };
    let formula = Formula::parse(sides, |n| values.get(n).map(|v| Lookup::Known(*v)))
        .map_err(|mut problems| problems.remove(0))?;
    let n = formula.eval(&[]).map_err(|_| Problem {
        field: "die".into(),
        column: None,
        message: "the sides divide by 0 with these values".into(),
    })?;
    notation::single_die(&format!("d{n}"))
}

impl ReadyLet {
    /// `let_` with the request's `values` (a pool's count reads them), its slots from `slot`
    /// on.
    pub fn new(
        let_: &Let,
        slot: usize,
        values: &BTreeMap<String, i64>,
    ) -> Result<Self, RulesError> {
        let field = format!("lets.{}", let_.name);
        let how = match &let_.what {
            LetKind::Roll { expr } => {
                // The notation refuses a value the expression does not use: give it its own.
                let checked = notation::check_used(expr, values)
                    .map_err(|mut problems| refused_at(&field, problems.remove(0)))?;
                How::Roll(checked)
            }
            LetKind::Each { list, count } => {
                How::Each(EachRolls::new(list, count, values).map_err(|p| refused_at(&field, p))?)
            }
            LetKind::Pool { count, die, stats } => {
                let at = |part: &str| format!("{field}.{part}");
                let formula =
                    Formula::parse(count, |n| values.get(n).map(|v| Lookup::Known(*v)))
                        .map_err(|mut problems| refused_at(&at("count"), problems.remove(0)))?;
                let n = formula.eval(&[]).map_err(|_| {
                    RulesError::invalid(at("count"), "divides by 0 with these values")
                })?;
                if !(0..=MAX_POOL_DICE).contains(&n) {
                    return Err(RulesError::invalid(
                        at("count"),
                        format!("{n} dice: a pool has 0 to {MAX_POOL_DICE} dice"),
                    ));
                }
                let die = ready_die(die, values).map_err(|p| refused_at(&at("die"), p))?;
                let stats = stats
                    .iter()
                    .map(|stat| {
                        Ok(match &stat.what {
                            PoolStatKind::Sum => Stat::Sum,
                            PoolStatKind::Highest => Stat::Highest,
                            PoolStatKind::Lowest => Stat::Lowest,
                            PoolStatKind::Count { cmp } => {
                                Stat::Count(notation::comparison(cmp, values).map_err(
                                    |mut problems| refused_at(&at(&stat.name), problems.remove(0)),
                                )?)
                            }
                        })
                    })
                    .collect::<Result<Vec<Stat>, RulesError>>()?;
                let states = pool_stats::states(&die, n as u32, &stats);
                if states > MAX_POOL_STATES {
                    return Err(RulesError::invalid(
                        field,
                        format!(
                            "{n} {} read as {} stats together could take {} states, past the \
                             bound of {}; read fewer stats of this pool, or roll fewer dice",
                            die.name(),
                            stats.len(),
                            crate::grouped(states),
                            crate::grouped(MAX_POOL_STATES)
                        ),
                    ));
                }
                How::Pool {
                    count: n as u32,
                    die,
                    stats,
                }
            }
        };
        Ok(Self::with(let_, slot, how))
    }

    /// A dice expression let already checked with the request's values (`expression`).
    pub fn checked(let_: &Let, slot: usize, expression: Expression) -> Self {
        Self::with(let_, slot, How::Roll(expression))
    }

    fn with(let_: &Let, slot: usize, how: How) -> Self {
        Self {
            name: let_.name.clone(),
            slot,
            slot_names: slot_names(let_),
            how,
            support: OnceLock::new(),
        }
    }

    /// At most how many joint outcomes its distribution holds, known before it is worked out:
    /// the notation's bound on an expression's values, a pool's stats' states.
    pub fn at_most(&self) -> usize {
        match &self.how {
            // A count of values, exact in f64 far past any bound it is held to.
            How::Roll(expression) => expression.cost().1.ceil().min(usize::MAX as f64) as usize,
            How::Pool { count, die, stats } => pool_stats::states(die, *count, stats),
            // A count of the items: 0 to their number.
            How::Each(each) => each.items() + 1,
        }
    }

    /// Its exact distribution: each joint outcome with its chance.
    pub fn support(&self) -> Support {
        let support = self.support.get_or_init(|| match &self.how {
            How::Roll(expression) => Support::of_one(expression.distribution()),
            How::Pool { count, die, stats } => pool_stats::joint(die, *count, stats),
            How::Each(each) => Support::of_one(each.count()),
        });
        support.clone()
    }

    /// Rolls it with the tray, each die asked for by the let's name ("nat (d20) die #1"),
    /// writing its values into `slots`; its dice and a few words of what they came to.
    pub fn roll(&self, tray: &mut Tray, slots: &mut [i64]) -> (Vec<DiceGroup>, String) {
        match &self.how {
            How::Roll(expression) => {
                let made = expression.roll_as(tray, &self.name);
                slots[self.slot] = made.value;
                let pools = if made.pools.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", made.pools.join("; "))
                };
                (
                    made.groups,
                    format!("{} = {}{pools}", self.name, made.value),
                )
            }
            How::Each(each) => {
                let (groups, held) = each.roll(tray, &self.name);
                let count = held.iter().filter(|h| **h).count() as i64;
                slots[self.slot] = count;
                let said: Vec<&str> = held.iter().map(|&h| if h { "yes" } else { "no" }).collect();
                let each = if said.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", said.join(", "))
                };
                (groups, format!("{} = {count}{each}", self.name))
            }
            How::Pool { count, die, stats } => {
                let mut group = DiceGroup::new(format!("{} ({count}{})", self.name, die.name()));
                let sides = die.faces().len() as u32;
                let faces: Vec<i64> = (1..=*count)
                    .map(|i| {
                        let label = format!("{} ({}) die #{i}", self.name, die.name());
                        let (typed, face) = die.roll(tray, label);
                        group.push(typed, sides, DieState::Kept);
                        face
                    })
                    .collect();
                let out = &mut slots[self.slot..self.slot + stats.len()];
                pool_stats::read(&faces, stats, out);
                let shown: Vec<String> = faces.iter().map(i64::to_string).collect();
                let read: Vec<String> = self
                    .slot_names
                    .iter()
                    .zip(out.iter())
                    .map(|(n, v)| format!("{n} {v}"))
                    .collect();
                (
                    vec![group],
                    format!("{}: {} ({})", self.name, shown.join(" "), read.join(", ")),
                )
            }
        }
    }
}
