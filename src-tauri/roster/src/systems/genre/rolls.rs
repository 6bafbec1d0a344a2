//! GENRE: an action roll per attribute and power (its level in d6, less a Bust A Nut's -1, with
//! the next grunt penalty), and per skill (the attribute it reads as, plus the skill modifier).

use serde_json::json;

use super::derived::{next_grunt_penalty, pool};
use crate::check::{field, index};
use crate::sheet::reading::{self, Domain};
use crate::sheet::GenreSheet;
use crate::sheet::SheetRoll;

pub(super) fn rolls(sheet: &GenreSheet) -> Vec<SheetRoll> {
    let mut out = Vec::new();
    for (name, &level) in &sheet.attributes {
        let roll = Action {
            rated: name.trim().to_string(),
            level,
            skill: None,
            reading: String::new(),
        };
        out.push(roll.sheet_roll(sheet, field("attributes", name), "Attributes", name.trim()));
    }
    for (i, power) in sheet.powers.iter().enumerate() {
        let roll = Action {
            rated: format!("{} Power Factor", power.name.trim()),
            level: power.level,
            skill: None,
            reading: String::new(),
        };
        out.push(roll.sheet_roll(sheet, index("powers", i), "Powers", power.name.trim()));
    }
    for (i, skill) in sheet.skills.iter().enumerate() {
        let Some((attribute, level, why)) = attribute_for(sheet, &skill.name) else {
            continue;
        };
        let roll = Action {
            rated: attribute,
            level,
            skill: Some((skill.name.trim(), skill.modifier)),
            reading: format!(". RULES.md leaves the attribute to the GM: {why}"),
        };
        out.push(roll.sheet_roll(sheet, index("skills", i), "Skills", skill.name.trim()));
    }
    out
}

/// An action roll: `level` dice of the rating named `rated` (after Bust A Nut), a skill's
/// modifier if any, and the pending grunt penalty.
struct Action<'a> {
    rated: String,
    level: i64,
    skill: Option<(&'a str, i64)>,
    /// How the attribute of a skill was chosen, appended to the note.
    reading: String,
}

impl Action<'_> {
    fn sheet_roll(&self, sheet: &GenreSheet, path: String, group: &str, label: &str) -> SheetRoll {
        let (dice, why) = pool(sheet, self.level);
        let grunt = next_grunt_penalty(sheet);
        let modifier = self.skill.map_or(0, |(_, m)| m);
        let mut note = format!("{} {why} → {dice} dice", self.rated);
        if let Some((name, m)) = self.skill {
            note.push_str(&format!(", {name} {m:+}"));
        }
        if grunt != 0 {
            note.push_str(&format!(", next action {grunt:+} (grunt penalty)"));
        }
        note.push_str(&format!(
            "; set the difficulty dice and the Glory to spend ({} held){}",
            sheet.glory, self.reading
        ));
        SheetRoll::new(
            path,
            group,
            label,
            json!({"system": "genre", "roll": "action", "dice": dice,
                   "modifier": modifier.saturating_add(grunt)}),
            note,
        )
        .until_set("against 3 difficulty dice until the GM sets them")
    }
}

/// The attribute a skill is rolled with: the default attribute its name reads as when the sheet
/// has it, else the highest attribute. `(name, level, why)`; `None` without attributes.
fn attribute_for(sheet: &GenreSheet, skill: &str) -> Option<(String, i64, String)> {
    let wanted = reading::domain(skill).map(|d| match d {
        Domain::Social => "Presence",
        Domain::Mental => "Intellect",
        Domain::Might => "Strength",
        Domain::Endurance => "Stamina",
        Domain::Agility => "Agility",
    });
    if let Some(wanted) = wanted {
        if let Some(&level) = sheet.attributes.get(wanted) {
            return Some((
                wanted.to_string(),
                level,
                format!("Rollbook reads {} as {wanted}", skill.trim()),
            ));
        }
    }
    // The first of the highest, so equal attributes keep sheet order.
    let (name, &level) = sheet
        .attributes
        .iter()
        .rev()
        .max_by_key(|(_, &level)| level)?;
    Some((
        name.trim().to_string(),
        level,
        format!(
            "Rollbook takes the highest attribute, as nothing in the name {} reads as one",
            skill.trim()
        ),
    ))
}
