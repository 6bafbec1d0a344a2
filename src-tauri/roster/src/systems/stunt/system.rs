//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::HouseRules;

use super::sheet::StuntSheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, RatingValue, SheetRoll, SystemSheet};

impl SystemSheet for StuntSheet {
    const NAME: &'static str = "Uniform Stunt Chart";
    const PRINT_LAYOUT: Layout = print::LAYOUT;

    fn validate(&self, house: &HouseRules, base: &str, check: &mut Check) {
        self.validate(house, base, check)
    }

    fn ratings(&self) -> Vec<Rating> {
        self.basestats
            .iter()
            .map(|(k, v)| ("basestat", k, v))
            .chain(
                self.abilities
                    .iter()
                    .map(|a| ("ability", &a.name, &a.level)),
            )
            .map(|(what, name, level)| Rating {
                what,
                name: name.clone(),
                value: RatingValue::Level(level.clone()),
            })
            .collect()
    }

    fn derived(&self, house: &HouseRules) -> Vec<Derived> {
        derived::derived(self, house)
    }

    fn rolls(&self, house: &HouseRules) -> Vec<SheetRoll> {
        rolls::rolls(self, house)
    }

    fn print(&self, house: &HouseRules, notes: &str) -> SystemPage {
        print::build(self, &house.stunt, notes)
    }
}
