//! An `each` let (`failed = { each = "members", count = "2d6 + @item < @difficulty" }`) made
//! ready for a request: its `count` checked once for each distinct item of the list (`@item`
//! reading it: sixty equal levels are one check), then its distribution (how many rolls come
//! to other than 0) or one roll per item in the list's order.

use std::collections::BTreeMap;

use crate::answer::DiceGroup;
use crate::notation::{self, Expression, Problem};
use crate::system_file::lists;
use crate::tray::Tray;

pub(super) struct EachRolls {
    /// For each item in order, its roll's place in `rolls`.
    which: Vec<usize>,
    /// One checked roll per distinct item.
    rolls: Vec<Expression>,
}

impl EachRolls {
    /// `count` for each item of `list` among `values` (the request's, and earlier lets').
    pub fn new(list: &str, count: &str, values: &BTreeMap<String, i64>) -> Result<Self, Problem> {
        let names = notation::names(count);
        let mut items: Vec<i64> = Vec::new();
        let mut rolls = Vec::new();
        let mut which = Vec::new();
        for item in lists::items(values, list) {
            let at = match items.iter().position(|&seen| seen == item) {
                Some(at) => at,
                None => {
                    // The notation refuses a value the roll does not read: give it its own.
                    let used: BTreeMap<String, i64> = names
                        .iter()
                        .filter_map(|n| match n.as_str() {
                            lists::ITEM => Some((n.clone(), item)),
                            _ => values.get(n).map(|v| (n.clone(), *v)),
                        })
                        .collect();
                    let checked =
                        notation::check(count, &used).map_err(|mut problems| problems.remove(0))?;
                    items.push(item);
                    rolls.push(checked);
                    rolls.len() - 1
                }
            };
            which.push(at);
        }
        Ok(Self { which, rolls })
    }

    /// How many items it rolls for.
    pub fn items(&self) -> usize {
        self.which.len()
    }

    /// How many of the items' rolls come to other than 0: each roll's chance of that, then
    /// the count's distribution built one item at a time (a Poisson-binomial: the items
    /// differ).
    pub fn count(&self) -> Vec<(i64, f64)> {
        let held: Vec<f64> = self
            .rolls
            .iter()
            .map(|r| {
                r.distribution()
                    .iter()
                    .filter(|(v, _)| *v != 0)
                    .map(|(_, p)| p)
                    .sum()
            })
            .collect();
        let mut count = vec![1.0];
        for &at in &self.which {
            let (yes, no) = (held[at], 1.0 - held[at]);
            let mut next = vec![0.0; count.len() + 1];
            for (k, &p) in count.iter().enumerate() {
                next[k] += p * no;
                next[k + 1] += p * yes;
            }
            count = next;
        }
        // A count no roll can make (every item sure one way) is no outcome.
        count
            .into_iter()
            .enumerate()
            .filter(|(_, p)| *p > 0.0)
            .map(|(k, p)| (k as i64, p))
            .collect()
    }

    /// One roll per item, in order, each die asked for by the let's name and the item's place
    /// ("failed #2 (2d6) die #1"): the dice, and whether each roll came to other than 0.
    pub fn roll(&self, tray: &mut Tray, name: &str) -> (Vec<DiceGroup>, Vec<bool>) {
        let mut groups = Vec::new();
        let mut held = Vec::new();
        for (i, &at) in self.which.iter().enumerate() {
            let made = self.rolls[at].roll_as(tray, &format!("{name} #{}", i + 1));
            groups.extend(made.groups);
            held.push(made.value != 0);
        }
        (groups, held)
    }
}
