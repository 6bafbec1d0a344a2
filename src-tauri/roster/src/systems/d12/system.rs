//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::HouseRules;

use super::sheet::D12Sheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, SheetRoll, SystemSheet};

impl SystemSheet for D12Sheet {
    const NAME: &'static str = "d12 Ranks";
    const PRINT_LAYOUT: Layout = print::LAYOUT;

    fn validate(&self, _house: &HouseRules, base: &str, check: &mut Check) {
        self.validate(base, check)
    }

    fn ratings(&self) -> Vec<Rating> {
        self.abilities
            .iter()
            .map(|a| Rating::number("ability", &a.name, a.ranks))
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
