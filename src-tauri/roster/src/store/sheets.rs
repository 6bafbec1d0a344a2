//! Sheet questions the window asks while a GM edits: is this sheet valid for the roster, and what
//! do the rules derive from it. Nothing here writes.

use serde_json::Value;
use uuid::Uuid;

use super::Store;
use crate::error::Result;
use crate::sheet::{Sheet, SheetReport, SheetRoll};

impl Store {
    /// Validates an untrusted sheet against the roster's system and house rules WITHOUT saving
    /// it: every problem (paths under `sheet.`) and the values the rules derive from it.
    pub fn check_sheet(&self, roster_id: Uuid, sheet: &Value) -> Result<SheetReport> {
        let roster = self.roster(roster_id)?;
        Ok(SheetReport::of(roster.system, sheet, &roster.house_rules))
    }

    /// The sheet a new character of the roster's system starts with: what a form shows before
    /// the GM types anything (a quick NPC's numbers start from it).
    pub fn blank_sheet(&self, roster_id: Uuid) -> Result<Value> {
        Ok(Sheet::blank(self.roster(roster_id)?.system).to_value())
    }

    /// Every roll a stored character's sheet offers, each a full request prefilled from it
    /// (stunt levels read on its roster's chart).
    pub fn sheet_rolls(&self, character_id: Uuid) -> Result<Vec<SheetRoll>> {
        let character = self.character(character_id)?;
        let roster = self.roster(character.roster_id)?;
        Ok(character.sheet.rolls(&roster.house_rules))
    }
}

#[cfg(test)]
mod tests {
    use rollbook_rules::{HouseRules, StuntChart};
    use serde_json::json;
    use uuid::Uuid;

    use crate::{NewCharacter, NewRoster, Store, System};

    #[test]
    fn check_sheet_uses_the_roster_house_rules_and_writes_nothing() {
        let mut store = Store::open_in_memory().unwrap();
        let mut new = NewRoster::new("Squad", System::Stunt);
        new.house_rules = Some(HouseRules {
            stunt: StuntChart::ruled(vec!["Low".into(), "High".into()]),
            ..HouseRules::default()
        });
        let roster = store.create_roster(new).unwrap();
        let sheet = json!({"basestats": {"ATT": "High", "POWER": "Low", "LUCK": "Average"}});
        let report = store.check_sheet(roster.id, &sheet).unwrap();
        assert_eq!(
            report.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["sheet.basestats.LUCK: \"Average\" is not a level of this roster; expected one of Low, High"]
        );
        assert_eq!(report.derived[0].value, "Low 8, High 12");
        assert!(store.characters(roster.id).unwrap().is_empty());
        assert_eq!(store.roster(roster.id).unwrap().character_count, 0);
    }

    #[test]
    fn unknown_rosters_and_characters_are_not_found() {
        let store = Store::open_in_memory().unwrap();
        let err = store.check_sheet(Uuid::new_v4(), &json!({})).unwrap_err();
        assert_eq!(err.code(), "roster_not_found");
        let err = store.sheet_rolls(Uuid::new_v4()).unwrap_err();
        assert_eq!(err.code(), "character_not_found");
    }

    #[test]
    fn sheet_rolls_read_stunt_levels_on_the_roster_chart() {
        let mut store = Store::open_in_memory().unwrap();
        let mut new = NewRoster::new("Squad", System::Stunt);
        new.house_rules = Some(HouseRules {
            stunt: StuntChart::ruled(vec!["Low".into(), "Mid".into(), "High".into()]),
            ..HouseRules::default()
        });
        let roster = store.create_roster(new).unwrap();
        let sheet = json!({"basestats": {"ATT": "high", "POWER": "Low", "LUCK": "Mid"}});
        let character = store
            .create_character(
                roster.id,
                NewCharacter {
                    sheet: Some(sheet),
                    ..NewCharacter::named("Zip")
                },
            )
            .unwrap();
        let rolls = store.sheet_rolls(character.id).unwrap();
        // No "Average" on this chart: the second level is the ordinary difficulty.
        assert_eq!(
            rolls[0].request,
            json!({"system": "stunt", "roll": "check", "active": "High", "defending": "Mid"})
        );
        assert_eq!(rolls[0].path, "basestats.ATT");
    }
}
