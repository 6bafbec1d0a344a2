//! `universe` — Universe Deck d20 sheets: skills, combat, saves, hp and Sanity, and the fate cards
//! held (at most one, two when Lucky).

use rollbook_rules::text::isolated;
use serde::{Deserialize, Serialize};

use crate::check::{field, index, Check};
use crate::sheet::{check_names, Leveled, Track};

use rollbook_rules::sheet_limits::{
    UNIVERSE_AC, UNIVERSE_ATTACK_BONUS, UNIVERSE_COMBAT_SKILL, UNIVERSE_FATE,
    UNIVERSE_FATE_UNLUCKY, UNIVERSE_HP_CURRENT, UNIVERSE_HP_MAX, UNIVERSE_SANITY_CURRENT,
    UNIVERSE_SANITY_MAX, UNIVERSE_SAVE_LUCK, UNIVERSE_SAVE_MENTAL, UNIVERSE_SAVE_PHYSICAL,
    UNIVERSE_SKILL,
};

/// The most hit points (and Sanity) a universe character has: what a quick NPC's pools start
/// out limited by.
pub(crate) const POOL_MAX: i64 = UNIVERSE_HP_MAX.max_or(i64::MAX);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct UniverseSheet {
    pub skills: Vec<Leveled>,
    pub combat_skill: i64,
    pub attack_bonus: i64,
    pub ac: i64,
    pub saves: Saves,
    pub hp: Track,
    pub sanity: Track,
    pub lucky: bool,
    /// Fate cards held, rank then suit (`QH`, `10S`).
    pub fate: Vec<String>,
}

/// Save DCs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Saves {
    pub physical: i64,
    pub mental: i64,
    pub luck: i64,
}

impl Default for UniverseSheet {
    fn default() -> Self {
        UniverseSheet {
            skills: Vec::new(),
            combat_skill: 0,
            attack_bonus: 0,
            ac: 10,
            saves: Saves {
                physical: 15,
                mental: 15,
                luck: 15,
            },
            hp: Track::full(10),
            sanity: Track::full(10),
            lucky: false,
            fate: Vec::new(),
        }
    }
}

impl UniverseSheet {
    pub(super) fn validate(&self, base: &str, check: &mut Check) {
        let skills = field(base, "skills");
        check_names(check, &skills, self.skills.iter().map(|s| s.name.as_str()));
        for (i, skill) in self.skills.iter().enumerate() {
            check.limit(
                field(&index(&skills, i), "level"),
                skill.level,
                &UNIVERSE_SKILL,
            );
        }
        check.limit(
            field(base, "combat_skill"),
            self.combat_skill,
            &UNIVERSE_COMBAT_SKILL,
        );
        check.limit(
            field(base, "attack_bonus"),
            self.attack_bonus,
            &UNIVERSE_ATTACK_BONUS,
        );
        check.limit(field(base, "ac"), self.ac, &UNIVERSE_AC);
        let saves = field(base, "saves");
        let s = &self.saves;
        check.limit(
            field(&saves, "physical"),
            s.physical,
            &UNIVERSE_SAVE_PHYSICAL,
        );
        check.limit(field(&saves, "mental"), s.mental, &UNIVERSE_SAVE_MENTAL);
        check.limit(field(&saves, "luck"), s.luck, &UNIVERSE_SAVE_LUCK);
        self.hp.validate(
            &field(base, "hp"),
            [&UNIVERSE_HP_CURRENT, &UNIVERSE_HP_MAX],
            check,
        );
        self.sanity.validate(
            &field(base, "sanity"),
            [&UNIVERSE_SANITY_CURRENT, &UNIVERSE_SANITY_MAX],
            check,
        );
        self.validate_fate(&field(base, "fate"), check);
    }

    fn validate_fate(&self, path: &str, check: &mut Check) {
        let limit = if self.lucky {
            UNIVERSE_FATE.max_or(i64::MAX) as usize
        } else {
            UNIVERSE_FATE_UNLUCKY
        };
        if self.fate.len() > limit {
            check.push(
                path,
                format!(
                    "holds {} cards; a character holds at most one fate card, two when lucky{}",
                    self.fate.len(),
                    if self.lucky { "" } else { " (this one is not)" }
                ),
            );
        }
        for (i, card) in self.fate.iter().enumerate() {
            if !is_card(card) {
                check.push(
                    index(path, i),
                    format!("\"{}\" is not a card; write the rank (A, 2–10, J, Q, K) then the suit (S, H, D, C), e.g. QH or 10S", isolated(card)),
                );
            } else if self.fate[..i].contains(card) {
                check.push(
                    index(path, i),
                    format!("{card} is held twice; the deck has one"),
                );
            }
        }
    }
}

/// `A`,`2`..`10`,`J`,`Q`,`K` then `S`,`H`,`D`,`C`, as the rules crate's Universe deck writes
/// them. Jokers are never kept as fate (RULES.md).
pub fn is_card(card: &str) -> bool {
    rollbook_rules::table::universe_deck::Card::parse(card).is_ok_and(|card| !card.is_joker())
}

#[cfg(test)]
mod tests {
    use super::is_card;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn problems(sheet: serde_json::Value) -> Vec<String> {
        match Sheet::from_json(System::Universe, &sheet, &HouseRules::default()) {
            Ok(_) => Vec::new(),
            Err(p) => p.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn cards_are_rank_then_suit() {
        for good in ["QH", "10S", "AD", "2C", "KC"] {
            assert!(is_card(good), "{good}");
        }
        for bad in ["", "H", "1H", "11H", "QX", "qh", "Joker", "10", "HQ", "Q♥"] {
            assert!(!is_card(bad), "{bad}");
        }
    }

    #[test]
    fn fate_is_limited_by_luck() {
        let lucky = json!({"lucky": true, "fate": ["QH", "10S"]});
        assert_eq!(problems(lucky), Vec::<String>::new());
        let unlucky = json!({"lucky": false, "fate": ["QH", "QH", "1X"]});
        assert_eq!(
            problems(unlucky),
            [
                "sheet.fate: holds 3 cards; a character holds at most one fate card, two when lucky (this one is not)",
                "sheet.fate[1]: QH is held twice; the deck has one",
                "sheet.fate[2]: \"1X\" is not a card; write the rank (A, 2–10, J, Q, K) then the suit (S, H, D, C), e.g. QH or 10S",
            ]
        );
    }

    #[test]
    fn pools_and_saves_have_limits() {
        let sheet = json!({"ac": 41, "saves": {"physical": 0, "mental": 15, "luck": 15},
                           "hp": {"current": 11, "max": 10}, "sanity": {"current": 0, "max": 0}});
        assert_eq!(
            problems(sheet),
            [
                "sheet.ac: 41 is over the limit of 40",
                "sheet.saves.physical: 0 is under the minimum of 1",
                "sheet.hp.current: 11 is over the limit of 10",
                "sheet.sanity.max: 0 is under the minimum of 1",
            ]
        );
    }
}
