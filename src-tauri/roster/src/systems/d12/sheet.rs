//! `d12` — d12 Ranks sheets: abilities of 0–4 ranks and 10 in total, the four defense roles each
//! at most once, health, effects, conditions and equipment.

use serde::{Deserialize, Serialize};

use crate::check::{field, index, Check, LIST_MAX, NAME_MAX};
use crate::sheet::{check_names, Track};

use rollbook_rules::sheet_limits::{
    D12_HEALTH_CURRENT, D12_HEALTH_MAX, D12_RANKS, D12_RANKS_TOTAL,
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct D12Sheet {
    pub abilities: Vec<D12Ability>,
    pub health: Track,
    pub effects: Vec<Effect>,
    pub conditions: Vec<Condition>,
    pub equipment: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct D12Ability {
    pub name: String,
    pub ranks: i64,
    /// The defensive role this ability plays, if any (the four are renameable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<Defense>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Defense {
    Dodge,
    Mind,
    Toughness,
    WillPower,
}

impl Defense {
    pub const ALL: [Defense; 4] = [
        Defense::Dodge,
        Defense::Mind,
        Defense::Toughness,
        Defense::WillPower,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Defense::Dodge => "dodge",
            Defense::Mind => "mind",
            Defense::Toughness => "toughness",
            Defense::WillPower => "will_power",
        }
    }

    /// The ability's default name.
    pub fn label(self) -> &'static str {
        match self {
            Defense::Dodge => "Dodge",
            Defense::Mind => "Mind",
            Defense::Toughness => "Toughness",
            Defense::WillPower => "Will Power",
        }
    }
}

/// A Damage Effect with what is left of it (`Dazed`, `1 turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Effect {
    pub name: String,
    pub remaining: String,
}

/// A Damage Condition: its column of the table, what it touches and what is left of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Condition {
    pub kind: ConditionKind,
    #[serde(default)]
    pub detail: String,
    pub remaining: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ConditionKind {
    Memory,
    MemoryAlteration,
    Command,
    Dominate,
    Limb,
}

impl Default for D12Sheet {
    fn default() -> Self {
        D12Sheet {
            abilities: Defense::ALL
                .iter()
                .map(|d| D12Ability {
                    name: d.label().into(),
                    ranks: 0,
                    defense: Some(*d),
                })
                .collect(),
            health: Track::full(12),
            effects: Vec::new(),
            conditions: Vec::new(),
            equipment: Vec::new(),
        }
    }
}

impl D12Sheet {
    pub(super) fn validate(&self, base: &str, check: &mut Check) {
        let abilities = field(base, "abilities");
        check_names(
            check,
            &abilities,
            self.abilities.iter().map(|a| a.name.as_str()),
        );
        let mut roles: Vec<(Defense, usize)> = Vec::new();
        for (i, ability) in self.abilities.iter().enumerate() {
            let at = index(&abilities, i);
            check.limit(field(&at, "ranks"), ability.ranks, &D12_RANKS);
            let Some(role) = ability.defense else {
                continue;
            };
            match roles.iter().find(|(r, _)| *r == role) {
                Some(&(_, first)) => check.push(
                    field(&at, "defense"),
                    format!(
                        "\"{}\" is already the role of abilities[{first}] ({}); each defense role goes to one ability at most",
                        role.as_str(),
                        self.abilities[first].name.trim()
                    ),
                ),
                None => roles.push((role, i)),
            }
        }
        // Saturating: an imported or edited sheet may hold any i64, and a sum must not panic.
        let total = self
            .abilities
            .iter()
            .fold(0i64, |sum, a| sum.saturating_add(a.ranks.max(0)));
        let total_max = D12_RANKS_TOTAL.max_or(i64::MAX);
        if total > total_max {
            check.push(
                abilities,
                format!("{total} ranks in total is over the limit of {total_max}"),
            );
        }
        self.health.validate(
            &field(base, "health"),
            [&D12_HEALTH_CURRENT, &D12_HEALTH_MAX],
            check,
        );
        let effects = field(base, "effects");
        check.count(&effects, self.effects.len(), LIST_MAX);
        for (i, effect) in self.effects.iter().enumerate() {
            let at = index(&effects, i);
            check.name(field(&at, "name"), &effect.name, NAME_MAX);
            check.name(field(&at, "remaining"), &effect.remaining, NAME_MAX);
        }
        let conditions = field(base, "conditions");
        check.count(&conditions, self.conditions.len(), LIST_MAX);
        for (i, condition) in self.conditions.iter().enumerate() {
            let at = index(&conditions, i);
            if !condition.detail.is_empty() {
                check.name(field(&at, "detail"), &condition.detail, NAME_MAX);
            }
            check.name(field(&at, "remaining"), &condition.remaining, NAME_MAX);
        }
        let equipment = field(base, "equipment");
        check.count(&equipment, self.equipment.len(), LIST_MAX);
        for (i, item) in self.equipment.iter().enumerate() {
            check.name(index(&equipment, i), item, NAME_MAX);
        }
    }

    /// The ranks of the ability named `name` (case-insensitive), for rolls made from the sheet.
    pub fn ranks_of(&self, name: &str) -> Option<i64> {
        let name = name.trim();
        self.abilities
            .iter()
            .find(|a| a.name.trim().eq_ignore_ascii_case(name))
            .map(|a| a.ranks)
    }

    /// The ability playing a defense role.
    pub fn defense(&self, role: Defense) -> Option<&D12Ability> {
        self.abilities.iter().find(|a| a.defense == Some(role))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn problems(sheet: serde_json::Value) -> Vec<String> {
        match Sheet::from_json(System::D12, &sheet, &HouseRules::default()) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn the_format_example_is_valid() {
        let sheet = json!({"abilities": [{"name": "Guns", "ranks": 2}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
               {"name": "Mind", "ranks": 0, "defense": "mind"}, {"name": "Toughness", "ranks": 2, "defense": "toughness"},
               {"name": "Will Power", "ranks": 1, "defense": "will_power"}],
            "health": {"current": 12, "max": 12},
            "effects": [{"name": "Dazed", "remaining": "1 turn"}],
            "conditions": [{"kind": "limb", "detail": "Left Arm", "remaining": "1 day"}],
            "equipment": ["Body Armor", "Laser Pistol"]});
        assert_eq!(problems(sheet.clone()), Vec::<String>::new());
        let Ok(Sheet::D12(d12)) = Sheet::from_json(System::D12, &sheet, &HouseRules::default())
        else {
            panic!()
        };
        assert_eq!(d12.ranks_of("guns"), Some(2));
        assert_eq!(d12.defense(Defense::WillPower).unwrap().name, "Will Power");
    }

    #[test]
    fn ranks_per_ability_total_and_roles_are_all_reported() {
        let sheet = json!({"abilities": [
            {"name": "Guns", "ranks": 5}, {"name": "Dodge", "ranks": 4, "defense": "dodge"},
            {"name": "Evade", "ranks": 3, "defense": "dodge"}, {"name": "guns", "ranks": -1}]});
        assert_eq!(
            problems(sheet),
            [
                "sheet.abilities[3].name: \"guns\" is listed twice",
                "sheet.abilities[0].ranks: 5 is over the limit of 4",
                "sheet.abilities[2].defense: \"dodge\" is already the role of abilities[1] (Dodge); each defense role goes to one ability at most",
                "sheet.abilities[3].ranks: -1 is under the minimum of 0",
                "sheet.abilities: 12 ranks in total is over the limit of 10",
            ]
        );
    }

    #[test]
    fn unknown_roles_and_condition_kinds_are_named() {
        let sheet = json!({"abilities": [{"name": "Guns", "ranks": 1, "defense": "parry"}]});
        assert_eq!(
            problems(sheet),
            ["sheet.abilities[0].defense: \"parry\" is not one of dodge, mind, toughness, will_power"]
        );
    }
}
