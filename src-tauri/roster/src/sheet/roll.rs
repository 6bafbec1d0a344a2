//! The rolls a sheet offers: one entry per thing on the sheet a GM rolls, each with a FULL roll
//! request of the contract prefilled from the character (the GM then sets difficulty, modifiers,
//! the defender…). Each system's are in `systems/<name>/rolls.rs`; where RULES.md leaves a
//! mapping open (which attribute a skill goes with), the reading is in `sheet/reading.rs` and in
//! each note.

use serde::Serialize;
use serde_json::Value;

/// One roll a sheet offers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SheetRoll {
    /// The sheet path of the rating rolled (`abilities[0]`, `attributes.Agility`,
    /// `saves.physical`), so the sheet can put a roll button beside it.
    pub path: String,
    /// Where the roll belongs on the sheet ("Abilities", "Attacks", "Saves"…).
    pub group: String,
    /// The roll's name, unique on the sheet ("Guns", "Guns attack", "Physical save").
    pub label: String,
    /// A full roll request of the contract: every field of its kind, prefilled from the sheet.
    pub request: Value,
    /// What was taken from the sheet, in words ("Guns 2 ranks → 3d12+2").
    pub note: String,
    /// What the roll is set to until the GM sets it ("against Average (6) until the GM sets the
    /// difficulty"), apart from `note` so the roll panel can drop it once the GM has changed
    /// the roll; none when the sheet sets everything.
    pub until_set: Option<String>,
}

impl SheetRoll {
    /// A roll whose request is `partial` with every field the kind has filled in.
    pub(crate) fn new(
        path: impl Into<String>,
        group: &str,
        label: impl Into<String>,
        partial: Value,
        note: impl Into<String>,
    ) -> SheetRoll {
        SheetRoll {
            path: path.into(),
            group: group.to_string(),
            label: label.into(),
            request: full_request(partial),
            note: note.into(),
            until_set: None,
        }
    }

    /// The same roll, saying what it is set to until the GM sets it.
    pub(crate) fn until_set(mut self, text: impl Into<String>) -> SheetRoll {
        self.until_set = Some(text.into());
        self
    }
}

/// The request with the defaults of its kind written out (what the roll log would store), so the
/// roll panel shows every field. A request the engine cannot read is left as built; the engine
/// then names its fault when it is rolled.
fn full_request(partial: Value) -> Value {
    match rollbook_rules::request_from_value(partial.clone()) {
        Ok(request) => serde_json::to_value(&request).unwrap_or(partial),
        Err(_) => partial,
    }
}

/// The roll a GM names (`rollbook roll --rating NAME`): the one whose label is `name` (case and
/// surrounding spaces ignored); else the one whose label starts with `name` as whole words
/// ("physical" → "Physical save"). `Err` lists the candidates: none, or several that match.
pub fn pick_roll<'a>(
    rolls: &'a [SheetRoll],
    name: &str,
) -> Result<&'a SheetRoll, Vec<&'a SheetRoll>> {
    let wanted = name.trim().to_lowercase();
    let exact: Vec<&SheetRoll> = rolls
        .iter()
        .filter(|r| r.label.trim().to_lowercase() == wanted)
        .collect();
    let found = if exact.is_empty() {
        rolls
            .iter()
            .filter(|r| {
                r.label
                    .trim()
                    .to_lowercase()
                    .strip_prefix(&wanted)
                    .is_some_and(|rest| rest.starts_with(' '))
            })
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [one] => Ok(one),
        _ => Err(found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    #[test]
    fn every_blank_sheet_offers_rolls_the_engine_answers() {
        let house = HouseRules::default();
        for system in System::ALL {
            let rolls = Sheet::blank(system).rolls(&house);
            assert!(!rolls.is_empty(), "{system}");
            for roll in rolls {
                let request = rollbook_rules::request_from_value(roll.request.clone())
                    .unwrap_or_else(|e| panic!("{system} {}: {e}", roll.label));
                rollbook_rules::odds_with(&request, &house)
                    .unwrap_or_else(|e| panic!("{system} {}: {e}", roll.label));
                assert_eq!(request.kind_id().0, system.as_str());
            }
        }
    }

    #[test]
    fn requests_are_written_out_in_full() {
        let roll = SheetRoll::new(
            "x",
            "g",
            "l",
            json!({"system": "d12", "roll": "straight", "ranks": 2}),
            "",
        );
        assert_eq!(
            roll.request,
            json!({"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 0,
                   "dazed": false, "difficulty": 6})
        );
    }

    #[test]
    fn labels_are_unique_on_every_blank_sheet() {
        for system in System::ALL {
            let rolls = Sheet::blank(system).rolls(&HouseRules::default());
            for roll in &rolls {
                assert_eq!(
                    pick_roll(&rolls, &roll.label).map(|r| &r.label),
                    Ok(&roll.label),
                    "{system}"
                );
            }
        }
    }

    #[test]
    fn a_roll_is_picked_by_label_or_by_its_first_words() {
        let roll = |label: &str| SheetRoll::new("p", "g", label, json!({}), "");
        let rolls = [
            roll("Guns"),
            roll("Guns attack"),
            roll("Physical save"),
            roll("Physical save with hp"),
            roll("Gunslinging"),
        ];
        assert_eq!(pick_roll(&rolls, " guns ").unwrap().label, "Guns");
        assert_eq!(
            pick_roll(&rolls, "GUNS ATTACK").unwrap().label,
            "Guns attack"
        );
        assert_eq!(
            pick_roll(&rolls, "physical save").unwrap().label,
            "Physical save"
        );
        let several = pick_roll(&rolls, "physical").unwrap_err();
        assert_eq!(
            several.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(),
            ["Physical save", "Physical save with hp"]
        );
        assert!(pick_roll(&rolls, "gun").unwrap_err().is_empty());
        assert!(pick_roll(&rolls, "Lasers").unwrap_err().is_empty());
    }
}
