//! 64 Bit Heroes Marks: a pool per attribute alone (as a Tempo roll), per skill and combat style
//! (two attributes averaged, as the defense of its kind pairs them, plus the skill's dice), and
//! per superpower (its ranks as kept d10s).

use serde_json::json;

use super::derived::{average, DEFENSE_PAIRS};
use crate::check::{field, index};
use crate::sheet::reading::{self, Domain};
use crate::sheet::MarksSheet;
use crate::sheet::SheetRoll;

pub(super) fn rolls(sheet: &MarksSheet) -> Vec<SheetRoll> {
    let mut out = Vec::new();
    for (name, &value) in &sheet.attributes {
        let supers = super_of(sheet, name);
        let super_words = match supers {
            0 => String::new(),
            n => format!(", super {} {n} → {n}d10 kept", name.trim()),
        };
        out.push(SheetRoll::new(
            field("attributes", name),
            "Attributes",
            name.trim(),
            json!({"system": "marks", "roll": "pool", "attribute_dice": value,
                   "super_dice": supers}),
            format!(
                "{} {value} alone, as in a Tempo roll → {value}d6 keep {value}{super_words}; most rolls average two attributes: set the attribute dice to floor((A + B) / 2)",
                name.trim()
            ),
        ));
    }
    for (i, skill) in sheet.skills.iter().enumerate() {
        let pair = Pair::for_name(sheet, &skill.name);
        let (field_name, dice) = if skill.is_super {
            ("super_skill_dice", format!("{}d10", skill.rank))
        } else {
            ("skill_dice", format!("{}d6", skill.rank))
        };
        let mut request = pair.request();
        request[field_name] = json!(skill.rank);
        let mut note = format!(
            "{}; {} rank {} → +{dice} rolled",
            pair.words,
            skill.name.trim(),
            skill.rank
        );
        if skill.is_super && pair.supers == 0 {
            note.push_str(" (with no super dice in the pool none of them is kept)");
        }
        note.push_str(&pair.reading(&skill.name));
        out.push(SheetRoll::new(
            index("skills", i),
            "Skills",
            skill.name.trim(),
            request,
            note,
        ));
    }
    for (i, style) in sheet.styles.iter().enumerate() {
        // Combat styles are fought with the body: the Physical pair.
        let pair = Pair::of(sheet, DEFENSE_PAIRS[0]);
        let mut request = pair.request();
        request["skill_dice"] = json!(style.rank);
        out.push(SheetRoll::new(
            index("styles", i),
            "Styles",
            style.name.trim(),
            request,
            format!(
                "{}; {} rank {} → +{}d6 rolled. RULES.md leaves the attributes to the GM: Rollbook pairs combat styles as the Physical defense does",
                pair.words,
                style.name.trim(),
                style.rank,
                style.rank
            ),
        ));
    }
    for (i, power) in sheet.superpowers.iter().enumerate() {
        out.push(SheetRoll::new(
            index("superpowers", i),
            "Superpowers",
            power.name.trim(),
            json!({"system": "marks", "roll": "pool", "attribute_dice": 0,
                   "super_dice": power.rank}),
            format!(
                "{} rank {} → {}d10 kept; add the attribute and super attribute dice the GM calls for",
                power.name.trim(),
                power.rank,
                power.rank
            ),
        ));
    }
    out
}

/// The super attribute dice of `attribute` (0 without one).
fn super_of(sheet: &MarksSheet, attribute: &str) -> i64 {
    sheet
        .super_attributes
        .get(attribute)
        .copied()
        .unwrap_or(0)
        .max(0)
}

/// Two attributes averaged for the human pool, their super attributes added whole as d10s.
struct Pair {
    defense: &'static str,
    human: i64,
    supers: i64,
    /// "Domination 2 + Fortitude 4 averaged → 3d6 kept, super Fortitude 2 → 2d10 kept".
    words: String,
}

impl Pair {
    fn of(sheet: &MarksSheet, (defense, a, b): (&'static str, &str, &str)) -> Pair {
        let value = |n: &str| sheet.attributes.get(n).copied().unwrap_or(0);
        let human = average(value(a), value(b));
        let supers = super_of(sheet, a).saturating_add(super_of(sheet, b));
        let mut words = format!(
            "{a} {} + {b} {} averaged → {human}d6 kept",
            value(a),
            value(b)
        );
        for n in [a, b] {
            let s = super_of(sheet, n);
            if s > 0 {
                words.push_str(&format!(", super {n} {s} → {s}d10 kept"));
            }
        }
        Pair {
            defense,
            human,
            supers,
            words,
        }
    }

    /// The pair a skill's name reads as: Social or Mental as those defenses pair attributes,
    /// anything else (or nothing known) the Physical pair.
    fn for_name(sheet: &MarksSheet, skill: &str) -> Pair {
        let pair = match reading::domain(skill) {
            Some(Domain::Social) => DEFENSE_PAIRS[2],
            Some(Domain::Mental) => DEFENSE_PAIRS[1],
            _ => DEFENSE_PAIRS[0],
        };
        Pair::of(sheet, pair)
    }

    fn request(&self) -> serde_json::Value {
        json!({"system": "marks", "roll": "pool", "attribute_dice": self.human,
               "super_dice": self.supers})
    }

    fn reading(&self, skill: &str) -> String {
        format!(
            ". RULES.md leaves the attributes to the GM: Rollbook reads {} as {} and pairs them as the {} defense does",
            skill.trim(),
            self.defense.to_lowercase(),
            self.defense
        )
    }
}
