//! Uniform Stunt Chart: a check per base stat and ability (its level as the Active Level), the
//! two rolls a GM calls when the character lacks the skill (Doubles Only, Double Six Only), and
//! Minor Damage (the roster's house rule, 6d6 by RULES.md) against the character's HTK.

use rollbook_rules::{HouseRules, MINOR_DAMAGE_DICE};
use serde_json::json;

use crate::check::{field, index};
use crate::sheet::SheetRoll;
use crate::sheet::StuntSheet;

pub(super) fn rolls(sheet: &StuntSheet, house: &HouseRules) -> Vec<SheetRoll> {
    let chart = &house.stunt;
    let defending = default_defending(house);
    let mut out = Vec::new();
    let rated = sheet
        .basestats
        .iter()
        .map(|(stat, level)| (field("basestats", stat), "Base stats", stat.as_str(), level))
        .chain(sheet.abilities.iter().enumerate().map(|(i, a)| {
            (
                index("abilities", i),
                "Abilities",
                a.name.as_str(),
                &a.level,
            )
        }));
    for (path, group, name, level) in rated {
        // A level missing from the chart cannot be checked (the sheet editor reports it).
        let Some(active) = chart.level_index(level) else {
            continue;
        };
        let active = &chart.levels[active];
        out.push(
            SheetRoll::new(
                path,
                group,
                name.trim(),
                json!({"system": "stunt", "roll": "check", "active": active,
                   "defending": defending}),
                format!("{} {active} as the Active Level", name.trim()),
            )
            .until_set(format!(
                "against {defending} until the GM sets the Defending Level"
            )),
        );
    }
    out.push(SheetRoll::new(
        "abilities",
        "Without the skill",
        "Doubles Only",
        json!({"system": "stunt", "roll": "doubles", "needed": 3}),
        "for a task the character has no ability for: succeeds after the set number of doubles; 1-1 sets the task back to the start",
    )
    .until_set("3 doubles needed until the GM sets the number"));
    out.push(SheetRoll::new(
        "abilities",
        "Without the skill",
        "Double Six Only",
        json!({"system": "stunt", "roll": "double_six"}),
        "for a task the character has no ability for: 6-6 succeeds, 1-1 fails and the task can never be tried again by this character",
    ));
    out.push(SheetRoll::new(
        "htk",
        "Damage",
        "Minor Damage",
        json!({"system": "stunt", "roll": "damage", "dice": house.minor_damage_dice, "sides": 6,
               "htk": sheet.htk.current.max(0)}),
        format!(
            "Minor Damage {}{} against this character's {} HTK left: a success takes them to 0; set the dice for another attack",
            house.minor_damage(),
            if house.minor_damage_dice == MINOR_DAMAGE_DICE.default { "" } else { " (house rule)" },
            sheet.htk.current
        ),
    ));
    out
}

/// The Defending Level a check starts at: Average when the roster has it, else the second level
/// (the roster's equivalent of an ordinary difficulty), else the first.
fn default_defending(house: &HouseRules) -> String {
    let levels = &house.stunt.levels;
    match house.stunt.level_index("Average") {
        Some(i) => levels[i].clone(),
        None => levels
            .get(1)
            .or(levels.first())
            .cloned()
            .unwrap_or_default(),
    }
}
