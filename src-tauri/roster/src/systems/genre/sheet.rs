//! `genre` — GENRE Action Roll sheets: attribute and power levels 0–10, skill modifiers -10..+10,
//! Glory Points, and the grunt / Bust A Nut trackers.

use indexmap::IndexMap;
use rollbook_rules::sheet_limits::{
    GENRE_ATTRIBUTE, GENRE_GLORY, GENRE_GRUNTS_SINCE_REST, GENRE_GRUNT_PENALTIES,
    GENRE_GRUNT_PENALTY, GENRE_LEVEL, GENRE_NUTS_USED, GENRE_NUT_ROUNDS_LEFT, GENRE_POWER,
    GENRE_SKILL_MODIFIER,
};
use serde::{Deserialize, Serialize};

use crate::check::{field, index, Check};
use crate::sheet::{check_keys, check_names, Leveled};

/// The default attribute names (renameable, RULES.md section 2).
pub const GENRE_ATTRIBUTES: [&str; 5] = ["Strength", "Agility", "Stamina", "Intellect", "Presence"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct GenreSheet {
    /// The character level (also the Bust A Nut uses per adventure).
    pub level: i64,
    pub attributes: IndexMap<String, i64>,
    pub powers: Vec<Leveled>,
    pub skills: Vec<GenreSkill>,
    pub glory: i64,
    pub trackers: GenreTrackers,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GenreSkill {
    pub name: String,
    pub modifier: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct GenreTrackers {
    /// Grunt penalties still to apply, next first (`[-2, -1]`).
    pub grunt_penalties: Vec<i64>,
    pub grunts_since_rest: i64,
    pub nuts_used: i64,
    /// Rounds left of the -1 level after a Bust A Nut (0–2).
    pub nut_rounds_left: i64,
}

impl Default for GenreSheet {
    fn default() -> Self {
        GenreSheet {
            level: 1,
            attributes: GENRE_ATTRIBUTES
                .iter()
                .map(|a| (a.to_string(), 2))
                .collect(),
            powers: Vec::new(),
            skills: Vec::new(),
            glory: 0,
            trackers: GenreTrackers::default(),
        }
    }
}

impl GenreSheet {
    pub(super) fn validate(&self, base: &str, check: &mut Check) {
        check.limit(field(base, "level"), self.level, &GENRE_LEVEL);
        let attributes = field(base, "attributes");
        check_keys(check, &attributes, self.attributes.keys());
        for (name, &level) in &self.attributes {
            check.limit(field(&attributes, name), level, &GENRE_ATTRIBUTE);
        }
        let powers = field(base, "powers");
        check_names(check, &powers, self.powers.iter().map(|p| p.name.as_str()));
        for (i, power) in self.powers.iter().enumerate() {
            check.limit(
                field(&index(&powers, i), "level"),
                power.level,
                &GENRE_POWER,
            );
        }
        let skills = field(base, "skills");
        check_names(check, &skills, self.skills.iter().map(|s| s.name.as_str()));
        for (i, skill) in self.skills.iter().enumerate() {
            let at = field(&index(&skills, i), "modifier");
            check.limit(at, skill.modifier, &GENRE_SKILL_MODIFIER);
        }
        check.limit(field(base, "glory"), self.glory, &GENRE_GLORY);
        self.validate_trackers(&field(base, "trackers"), check);
    }

    fn validate_trackers(&self, base: &str, check: &mut Check) {
        let t = &self.trackers;
        let penalties = field(base, "grunt_penalties");
        let most = GENRE_GRUNT_PENALTIES.max_or(i64::MAX) as usize;
        check.count(&penalties, t.grunt_penalties.len(), most);
        for (i, &p) in t.grunt_penalties.iter().enumerate() {
            check.limit(index(&penalties, i), p, &GENRE_GRUNT_PENALTY);
        }
        let grunts = field(base, "grunts_since_rest");
        match self.attributes.get("Stamina") {
            Some(&stamina) if t.grunts_since_rest > stamina.max(0) => check.push(
                grunts,
                format!(
                    "{} is over the limit of {} (at most Stamina grunts before a rest)",
                    t.grunts_since_rest,
                    stamina.max(0)
                ),
            ),
            _ => check.limit(grunts, t.grunts_since_rest, &GENRE_GRUNTS_SINCE_REST),
        }
        check.limit(field(base, "nuts_used"), t.nuts_used, &GENRE_NUTS_USED);
        check.limit(
            field(base, "nut_rounds_left"),
            t.nut_rounds_left,
            &GENRE_NUT_ROUNDS_LEFT,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn problems(sheet: serde_json::Value) -> Vec<String> {
        match Sheet::from_json(System::Genre, &sheet, &HouseRules::default()) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn the_format_example_is_valid() {
        let sheet = json!({"level": 2,
            "attributes": {"Strength": 3, "Agility": 2, "Stamina": 3, "Intellect": 2, "Presence": 2},
            "powers": [{"name": "Flight", "level": 3}],
            "skills": [{"name": "Acrobatics", "modifier": 4}],
            "glory": 2,
            "trackers": {"grunt_penalties": [-2, -1], "grunts_since_rest": 1, "nuts_used": 0, "nut_rounds_left": 0}});
        assert_eq!(problems(sheet), Vec::<String>::new());
    }

    #[test]
    fn every_limit_is_reported() {
        let sheet = json!({"level": 0,
            "attributes": {"Strength": 11, "Stamina": 1},
            "powers": [{"name": "Flight", "level": -1}],
            "skills": [{"name": "Acrobatics", "modifier": -11}],
            "glory": -1,
            "trackers": {"grunt_penalties": [-4], "grunts_since_rest": 2, "nut_rounds_left": 3}});
        assert_eq!(
            problems(sheet),
            [
                "sheet.level: 0 is under the minimum of 1",
                "sheet.attributes.Strength: 11 is over the limit of 10",
                "sheet.powers[0].level: -1 is under the minimum of 0",
                "sheet.skills[0].modifier: -11 is under the minimum of -10",
                "sheet.glory: -1 is under the minimum of 0",
                "sheet.trackers.grunt_penalties[0]: -4 is under the minimum of -3",
                "sheet.trackers.grunts_since_rest: 2 is over the limit of 1 (at most Stamina grunts before a rest)",
                "sheet.trackers.nut_rounds_left: 3 is over the limit of 2",
            ]
        );
    }
}
