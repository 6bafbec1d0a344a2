//! `marks` — 64 Bit Heroes sheets: human attributes 1–6, super attributes, skills, combat styles
//! and superpowers (ranks 0+, at most a full dice pool).

use indexmap::IndexMap;
use rollbook_rules::text::isolated;
use serde::{Deserialize, Serialize};

use crate::check::{field, index, Check};
use crate::sheet::{check_keys, check_names, Ranked};

/// The human attributes every marks sheet has (the defenses are averages of them).
pub const MARKS_ATTRIBUTES: [&str; 5] = [
    "Agility",
    "Cunning",
    "Intelligence",
    "Fortitude",
    "Domination",
];
use rollbook_rules::sheet_limits::{
    MARKS_ATTRIBUTE, MARKS_SKILL, MARKS_STYLE, MARKS_SUPERPOWER, MARKS_SUPER_ATTRIBUTE,
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct MarksSheet {
    pub attributes: IndexMap<String, i64>,
    /// Attribute name → super attribute dice (d10).
    pub super_attributes: IndexMap<String, i64>,
    pub skills: Vec<MarksSkill>,
    pub styles: Vec<Ranked>,
    pub superpowers: Vec<Ranked>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct MarksSkill {
    pub name: String,
    pub rank: i64,
    /// A super skill adds d10s to the super pool instead of d6s to the human one.
    #[serde(rename = "super", default)]
    pub is_super: bool,
}

impl Default for MarksSheet {
    fn default() -> Self {
        MarksSheet {
            attributes: MARKS_ATTRIBUTES
                .iter()
                .map(|a| (a.to_string(), 2))
                .collect(),
            super_attributes: IndexMap::new(),
            skills: Vec::new(),
            styles: Vec::new(),
            superpowers: Vec::new(),
        }
    }
}

impl MarksSheet {
    pub(super) fn validate(&self, base: &str, check: &mut Check) {
        let attributes = field(base, "attributes");
        for name in MARKS_ATTRIBUTES {
            if !self.attributes.contains_key(name) {
                check.push(
                    field(&attributes, name),
                    format!(
                        "is missing; a marks sheet rates {}",
                        MARKS_ATTRIBUTES.join(", ")
                    ),
                );
            }
        }
        check_keys(check, &attributes, self.attributes.keys());
        for (name, &value) in &self.attributes {
            check.limit(field(&attributes, name), value, &MARKS_ATTRIBUTE);
        }
        let supers = field(base, "super_attributes");
        check_keys(check, &supers, self.super_attributes.keys());
        for (name, &value) in &self.super_attributes {
            let at = field(&supers, name);
            if !self.attributes.contains_key(name) {
                check.push_key(
                    at,
                    format!(
                        "\"{}\" is not one of this sheet's attributes",
                        isolated(name)
                    ),
                );
            } else {
                check.limit(at, value, &MARKS_SUPER_ATTRIBUTE);
            }
        }
        let skills = field(base, "skills");
        check_names(check, &skills, self.skills.iter().map(|s| s.name.as_str()));
        for (i, skill) in self.skills.iter().enumerate() {
            check.limit(field(&index(&skills, i), "rank"), skill.rank, &MARKS_SKILL);
        }
        for (list, items, limit) in [
            ("styles", &self.styles, &MARKS_STYLE),
            ("superpowers", &self.superpowers, &MARKS_SUPERPOWER),
        ] {
            let path = field(base, list);
            check_names(check, &path, items.iter().map(|s| s.name.as_str()));
            for (i, item) in items.iter().enumerate() {
                check.limit(field(&index(&path, i), "rank"), item.rank, limit);
            }
        }
    }

    /// Physical, Mental and Social defenses (RULES.md: averages rounded down).
    pub fn defenses(&self) -> [(&'static str, i64); 3] {
        let a = |name: &str| self.attributes.get(name).copied().unwrap_or(0);
        [
            ("Physical", (a("Cunning") + a("Agility")) / 2),
            ("Mental", (a("Intelligence") + a("Fortitude")) / 2),
            ("Social", (a("Domination") + a("Fortitude")) / 2),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn problems(sheet: serde_json::Value) -> Vec<String> {
        match Sheet::from_json(System::Marks, &sheet, &HouseRules::default()) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn human_attributes_are_one_to_six() {
        let sheet = json!({"attributes": {"Agility": 7, "Cunning": 0, "Intelligence": 3, "Fortitude": 3},
                           "super_attributes": {"Agility": 3, "Charm": 1},
                           "skills": [{"name": "Intimidation", "rank": -1}]});
        assert_eq!(
            problems(sheet),
            [
                "sheet.attributes.Domination: is missing; a marks sheet rates Agility, Cunning, Intelligence, Fortitude, Domination",
                "sheet.attributes.Agility: 7 is over the limit of 6",
                "sheet.attributes.Cunning: 0 is under the minimum of 1",
                "sheet.super_attributes.Charm: \"Charm\" is not one of this sheet's attributes",
                "sheet.skills[0].rank: -1 is under the minimum of 0",
            ]
        );
    }

    #[test]
    fn a_problem_with_an_entry_s_name_says_so_beside_its_path() {
        let sheet = json!({"attributes": {"Agility": 7, "Cunning": 2, "Intelligence": 3, "Fortitude": 3,
                                          "Domination": 2, " ": 2, "agility ": 1},
                           "super_attributes": {"Charm": 1}});
        let Err(problems) = Sheet::from_json(System::Marks, &sheet, &HouseRules::default()) else {
            panic!("an invalid sheet was taken");
        };
        let keyed: Vec<(&str, bool)> = problems.iter().map(|p| (p.path.as_str(), p.key)).collect();
        assert_eq!(
            keyed,
            [
                // An empty name, a name listed twice, a super attribute of no attribute: the names.
                ("sheet.attributes[\" \"]", true),
                ("sheet.attributes[\"agility \"]", true),
                // A number out of range: the value (the same kind of path).
                ("sheet.attributes.Agility", false),
                ("sheet.super_attributes.Charm", true),
            ]
        );
    }

    #[test]
    fn defenses_are_rounded_down_averages() {
        let Ok(Sheet::Marks(sheet)) = Sheet::from_json(
            System::Marks,
            &json!({"attributes": {"Agility": 4, "Cunning": 2, "Intelligence": 3, "Fortitude": 3, "Domination": 2}}),
            &HouseRules::default(),
        ) else {
            panic!("valid sheet refused");
        };
        assert_eq!(
            sheet.defenses(),
            [("Physical", 3), ("Mental", 3), ("Social", 2)]
        );
    }
}
