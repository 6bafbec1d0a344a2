//! The registry's entry for this system's sheet: how [`Sheet`](crate::sheet::Sheet) reaches
//! its checks, ratings, derived values, rolls and printed page.

use rollbook_rules::HouseRules;

use super::sheet::UniverseSheet;
use super::{derived, print, rolls};
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};
use crate::sheet::{Derived, Rating, SheetRoll, SystemSheet};

impl SystemSheet for UniverseSheet {
    const NAME: &'static str = "Universe Deck d20";
    const PRINT_LAYOUT: Layout = print::LAYOUT;

    fn validate(&self, _house: &HouseRules, base: &str, check: &mut Check) {
        self.validate(base, check)
    }

    fn ratings(&self) -> Vec<Rating> {
        let num = Rating::number;
        self.skills
            .iter()
            .map(|k| num("skill", &k.name, k.level))
            .chain([
                num("combat", "Combat Skill", self.combat_skill),
                num("combat", "Attack Bonus", self.attack_bonus),
                num("combat", "AC", self.ac),
                num("save", "Physical", self.saves.physical),
                num("save", "Mental", self.saves.mental),
                num("save", "Luck", self.saves.luck),
            ])
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
