//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::HouseRules;

use super::sheet::MarksSheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, SheetRoll, SystemSheet};

impl SystemSheet for MarksSheet {
    const NAME: &'static str = "64 Bit Heroes Marks";
    const PRINT_LAYOUT: Layout = print::LAYOUT;

    fn validate(&self, _house: &HouseRules, base: &str, check: &mut Check) {
        self.validate(base, check)
    }

    fn ratings(&self) -> Vec<Rating> {
        let num = Rating::number;
        self.attributes
            .iter()
            .map(|(k, &v)| num("attribute", k, v))
            .chain(
                self.super_attributes
                    .iter()
                    .map(|(k, &v)| num("super_attribute", k, v)),
            )
            .chain(self.skills.iter().map(|k| {
                num(
                    if k.is_super { "super_skill" } else { "skill" },
                    &k.name,
                    k.rank,
                )
            }))
            .chain(self.styles.iter().map(|k| num("style", &k.name, k.rank)))
            .chain(
                self.superpowers
                    .iter()
                    .map(|k| num("superpower", &k.name, k.rank)),
            )
            .collect()
    }

    fn derived(&self, _house: &HouseRules) -> Vec<Derived> {
        derived::derived(self)
    }

    fn rolls(&self, _house: &HouseRules) -> Vec<SheetRoll> {
        rolls::rolls(self)
    }

    fn print(&self, _house: &HouseRules, notes: &str) -> SystemPage {
        print::build(self, notes)
    }
}
