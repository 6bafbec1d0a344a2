//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::HouseRules;

use super::sheet::GenreSheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, SheetRoll, SystemSheet};

impl SystemSheet for GenreSheet {
    const NAME: &'static str = "GENRE";
    const PRINT_LAYOUT: Layout = print::LAYOUT;

    fn validate(&self, _house: &HouseRules, base: &str, check: &mut Check) {
        self.validate(base, check)
    }

    fn ratings(&self) -> Vec<Rating> {
        let num = Rating::number;
        self.attributes
            .iter()
            .map(|(k, &v)| num("attribute", k, v))
            .chain(self.powers.iter().map(|p| num("power", &p.name, p.level)))
            .chain(
                self.skills
                    .iter()
                    .map(|k| num("skill", &k.name, k.modifier)),
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
