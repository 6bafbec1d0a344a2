//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::{HouseRules, StuntChart};

use super::sheet::StuntSheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, RatingValue, SheetRoll, SystemSheet, Unfitted};

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

    /// The roster's levels and chart: every level a sheet names is one of them.
    fn sheet_rules(house: &HouseRules) -> Option<&StuntChart> {
        Some(&house.stunt)
    }

    fn refit(&mut self, old: &HouseRules, new: &HouseRules) -> Result<(), Unfitted> {
        let lost = self.relevel(&old.stunt, &new.stunt);
        if lost.is_empty() {
            Ok(())
        } else {
            Err(Unfitted {
                path: "house_rules.stunt.levels",
                lost,
            })
        }
    }
}
