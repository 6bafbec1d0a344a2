//! Universe Deck d20: a skill check per skill (and the group stealth a Stealth skill leads), the
//! attack with combat skill + attack bonus, each save at its DC, and the Physical and Mental saves
//! with the hp / Sanity that can augment them.

use serde_json::json;

use super::derived::attack_bonus;
use crate::check::{field, index};
use crate::sheet::count;
use crate::sheet::SheetRoll;
use crate::sheet::UniverseSheet;

pub(super) fn rolls(sheet: &UniverseSheet) -> Vec<SheetRoll> {
    let mut out = Vec::new();
    for (i, skill) in sheet.skills.iter().enumerate() {
        let at = index("skills", i);
        let name = skill.name.trim();
        out.push(
            SheetRoll::new(
                &at,
                "Skills",
                name,
                json!({"system": "universe", "roll": "skill", "skill": skill.level}),
                format!("{name} level {} → 2d6{:+}", skill.level, skill.level),
            )
            .until_set("against 8 until the GM sets the difficulty"),
        );
        if name.eq_ignore_ascii_case("Stealth") {
            out.push(SheetRoll::new(
                &at,
                "Skills",
                "Group stealth",
                json!({"system": "universe", "roll": "group_stealth", "leader": skill.level}),
                format!(
                    "led by this character's Stealth {}: a leader who succeeds covers up to {}; set each teammate's Stealth and the difficulty",
                    skill.level,
                    count(skill.level.max(0), "failed teammate", "failed teammates")
                ),
            ));
        }
    }
    let bonus = attack_bonus(sheet);
    out.push(SheetRoll::new(
        "attack_bonus",
        "Combat",
        "Attack",
        json!({"system": "universe", "roll": "attack", "bonus": bonus}),
        format!(
            "combat skill {} + attack bonus {} → d20{bonus:+}; set the target's AC, and advantage against a completely unguarded target",
            sheet.combat_skill, sheet.attack_bonus
        ),
    )
    .until_set("against AC 10 until the GM sets the target's AC"));
    let saves = [
        ("physical", "Physical", sheet.saves.physical),
        ("mental", "Mental", sheet.saves.mental),
        ("luck", "Luck", sheet.saves.luck),
    ];
    for (key, name, dc) in saves {
        let pool = match key {
            "physical" => Some(("hp", sheet.hp.current)),
            "mental" => Some(("Sanity", sheet.sanity.current)),
            _ => None,
        };
        let bonus = match pool {
            Some((resource, _)) => format!("{resource} spent before the roll (+1 per 2) is the bonus"),
            None if sheet.fate.is_empty() => {
                "only fate cards augment it, and none is held".to_string()
            }
            None => format!(
                "only fate cards augment it (held: {}): a numbered card's value is the bonus, a face card makes it succeed",
                sheet.fate.join(", ")
            ),
        };
        out.push(SheetRoll::new(
            field("saves", key),
            "Saves",
            format!("{name} save"),
            json!({"system": "universe", "roll": "save", "dc": dc}),
            format!("{name} save DC {dc} → d20 >= {dc}, a natural 20 always succeeds; {bonus}"),
        ));
        if let Some((resource, have)) = pool {
            out.push(SheetRoll::new(
                field("saves", key),
                "Saves",
                format!("{name} save with {resource}"),
                json!({"system": "universe", "roll": "augmented_save", "dc": dc,
                       "save": key, "pool": have.max(0)}),
                format!(
                    "{name} save DC {dc} with {have} {resource} to spend: 2 per +1 declared before the roll (set it), 4 per +1 to turn a failure after it"
                ),
            ));
        }
    }
    out
}
