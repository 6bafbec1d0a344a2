//! 64 Bit Heroes Marks: the three defenses and what each rating adds to a dice pool.

use crate::check::{field, index};
use crate::sheet::Derived;
use crate::sheet::MarksSheet;

/// The defenses' attribute pairs (RULES.md section 4), averaged and rounded down.
pub(crate) const DEFENSE_PAIRS: [(&str, &str, &str); 3] = [
    ("Physical", "Cunning", "Agility"),
    ("Mental", "Intelligence", "Fortitude"),
    ("Social", "Domination", "Fortitude"),
];

/// floor((a + b) / 2) without overflow, as RULES.md averages two attributes.
pub(crate) fn average(a: i64, b: i64) -> i64 {
    (a / 2) + (b / 2) + ((a % 2) + (b % 2)).div_euclid(2)
}

pub(super) fn derived(sheet: &MarksSheet) -> Vec<Derived> {
    let attribute = |name: &str| sheet.attributes.get(name).copied().unwrap_or(0);
    let mut out = Vec::new();
    for (defense, a, b) in DEFENSE_PAIRS {
        let value = average(attribute(a), attribute(b));
        out.push(Derived::new(
            "attributes",
            format!("{defense} defense"),
            value.to_string(),
            format!(
                "({a} {} + {b} {}) / 2, rounded down: a roll against it needs {value} Marks",
                attribute(a),
                attribute(b)
            ),
        ));
    }
    for (name, &value) in &sheet.attributes {
        out.push(Derived::new(
            field("attributes", name),
            format!("{} dice", name.trim()),
            format!("{value}d6"),
            format!(
                "alone (as in a Tempo roll) {value}d6, keep {value}; with a second attribute the two are averaged, rounded down"
            ),
        ));
    }
    for (name, &value) in &sheet.super_attributes {
        out.push(Derived::new(
            field("super_attributes", name),
            format!("Super {}", name.trim()),
            format!("+{value}d10 kept"),
            "super attributes add whole, as d10s of the super pool, each kept",
        ));
    }
    for (i, skill) in sheet.skills.iter().enumerate() {
        let (value, note) = if skill.is_super {
            (
                format!("+{}d10 rolled", skill.rank),
                "a super skill adds d10s to the super pool; only the super dice count are kept",
            )
        } else {
            (
                format!("+{}d6 rolled", skill.rank),
                "a skill adds d6s to the human pool; only the attribute dice count are kept",
            )
        };
        out.push(Derived::new(
            index("skills", i),
            format!("{} dice", skill.name.trim()),
            value,
            note,
        ));
    }
    for (i, style) in sheet.styles.iter().enumerate() {
        out.push(Derived::new(
            index("styles", i),
            format!("{} dice", style.name.trim()),
            format!("+{}d6 rolled", style.rank),
            "a combat style adds d6s to the human pool; only the attribute dice count are kept",
        ));
    }
    for (i, power) in sheet.superpowers.iter().enumerate() {
        out.push(Derived::new(
            index("superpowers", i),
            format!("{} dice", power.name.trim()),
            format!("+{}d10 kept", power.rank),
            "superpower ranks add whole, as d10s of the super pool, each kept",
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::average;
    use crate::sheet::Derived;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    #[test]
    fn averages_round_down_without_overflow() {
        assert_eq!(average(4, 3), 3);
        assert_eq!(average(2, 2), 2);
        assert_eq!(average(5, 6), 5);
        assert_eq!(average(i64::MAX, i64::MAX), i64::MAX);
        assert_eq!(average(i64::MAX, i64::MAX - 1), i64::MAX - 1);
    }

    #[test]
    fn defenses_and_dice_of_the_format_example() {
        let sheet = Sheet::from_json(
            System::Marks,
            &json!({"attributes": {"Agility": 4, "Cunning": 2, "Intelligence": 3, "Fortitude": 4, "Domination": 1},
             "super_attributes": {"Agility": 3},
             "skills": [{"name": "Intimidation", "rank": 3, "super": false}, {"name": "Hacking", "rank": 2, "super": true}],
             "styles": [{"name": "Brawling", "rank": 2}],
             "superpowers": [{"name": "Flight", "rank": 2}]}),
            &HouseRules::default(),
        )
        .unwrap();
        let all: Vec<Derived> = sheet.derived(&HouseRules::default());
        let pairs: Vec<(&str, &str, &str)> = all
            .iter()
            .map(|d| (d.path.as_str(), d.label.as_str(), d.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                // (2 + 4) / 2, (3 + 4) / 2 rounded down, (1 + 4) / 2 rounded down.
                ("attributes", "Physical defense", "3"),
                ("attributes", "Mental defense", "3"),
                ("attributes", "Social defense", "2"),
                ("attributes.Agility", "Agility dice", "4d6"),
                ("attributes.Cunning", "Cunning dice", "2d6"),
                ("attributes.Intelligence", "Intelligence dice", "3d6"),
                ("attributes.Fortitude", "Fortitude dice", "4d6"),
                ("attributes.Domination", "Domination dice", "1d6"),
                ("super_attributes.Agility", "Super Agility", "+3d10 kept"),
                ("skills[0]", "Intimidation dice", "+3d6 rolled"),
                ("skills[1]", "Hacking dice", "+2d10 rolled"),
                ("styles[0]", "Brawling dice", "+2d6 rolled"),
                ("superpowers[0]", "Flight dice", "+2d10 kept"),
            ]
        );
        assert!(all[0].note.ends_with("needs 3 Marks"), "{}", all[0].note);
    }
}
