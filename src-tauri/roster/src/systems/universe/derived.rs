//! Universe Deck d20: skill checks, the attack and the sudden takedown, each save and what can
//! augment it, hp and Sanity, and the fate cards held of the limit with what each one does.

use crate::check::{field, index};
use crate::sheet::Derived;
use crate::sheet::{Track, UniverseSheet};

/// The attack's bonus on the d20: combat skill + attack bonus (RULES.md section 3).
pub(crate) fn attack_bonus(sheet: &UniverseSheet) -> i64 {
    sheet.combat_skill.saturating_add(sheet.attack_bonus)
}

/// The fate cards a character may hold: one, two when Lucky.
pub(crate) fn fate_limit(sheet: &UniverseSheet) -> usize {
    if sheet.lucky {
        2
    } else {
        1
    }
}

pub(super) fn derived(sheet: &UniverseSheet) -> Vec<Derived> {
    let mut out = Vec::new();
    for (i, skill) in sheet.skills.iter().enumerate() {
        out.push(Derived::new(
            index("skills", i),
            format!("{} check", skill.name.trim()),
            format!("2d6{:+}", skill.level),
            "2d6 + skill level, succeeding at the difficulty or more",
        ));
        if skill.name.trim().eq_ignore_ascii_case("Stealth") {
            out.push(Derived::new(
                index("skills", i),
                "Leading a group",
                format!("covers {} failed", skill.level.max(0)),
                "when this character leads a group's stealth and succeeds, that many failed teammates count as successes",
            ));
        }
    }
    out.push(Derived::new(
        "attack_bonus",
        "Attack",
        format!("d20{:+}", attack_bonus(sheet)),
        format!(
            "combat skill {} + attack bonus {} against the target's AC; a natural 1 misses with a complication, a natural 20 hits with positive fate",
            sheet.combat_skill, sheet.attack_bonus
        ),
    ));
    out.push(Derived::new(
        "combat_skill",
        "Sudden takedown",
        format!("Physical save {:+}", sheet.combat_skill.saturating_neg()),
        "a completely unguarded target this character hits saves at minus the combat skill, or dies (falls unconscious if nonlethal)",
    ));
    out.push(augmentable_save(
        "physical",
        sheet.saves.physical,
        &sheet.hp,
        "hp",
    ));
    out.push(augmentable_save(
        "mental",
        sheet.saves.mental,
        &sheet.sanity,
        "Sanity",
    ));
    out.push(Derived::new(
        field("saves", "luck"),
        "Luck save",
        format!("d20 >= {}", sheet.saves.luck),
        "only fate cards help it (a face card makes it succeed, a numbered card adds its value); a natural 20 always succeeds",
    ));
    out.push(Derived::new(
        "hp",
        "hp",
        format!("{} of {}", sheet.hp.current, sheet.hp.max),
        "0 hp is mortally wounded; stabilized is 0 hp and unconscious",
    ));
    out.push(Derived::new(
        "sanity",
        "Sanity",
        format!("{} of {}", sheet.sanity.current, sheet.sanity.max),
        "spent to augment Mental saves",
    ));
    out.extend(fate(sheet));
    out
}

/// A save the character can augment with `pool` (hp or Sanity): 2 points per +1 declared before
/// the roll, 4 per +1 after it.
fn augmentable_save(save: &str, dc: i64, pool: &Track, pool_name: &str) -> Derived {
    let have = pool.current.max(0);
    let label = format!("{}{} save", save[..1].to_uppercase(), &save[1..]);
    Derived::new(
        field("saves", save),
        label,
        format!("d20 >= {dc}"),
        format!(
            "{have} {pool_name} buys up to +{} before the roll (2 per +1) or +{} after it (4 per +1); a natural 20 always succeeds",
            have / 2,
            have / 4
        ),
    )
}

fn fate(sheet: &UniverseSheet) -> Vec<Derived> {
    let limit = fate_limit(sheet);
    let note = if sheet.lucky {
        "Lucky: may start a session with two kept from the last, and gains none while holding two"
    } else {
        "a character holds at most one fate card (two when Lucky); a joker drawn as fate is redrawn"
    };
    let mut out = vec![Derived::new(
        "fate",
        "Fate cards",
        format!("{} of {limit}", sheet.fate.len()),
        note,
    )];
    for (i, card) in sheet.fate.iter().enumerate() {
        if let Some((name, value, does)) = card_use(card) {
            out.push(Derived::new(
                index("fate", i),
                name,
                value,
                format!("{does}; or enter initiative a second time at its place (winning ties)"),
            ));
        }
    }
    out
}

/// A held card's name, its value in short and what it does as fate; `None` for a non-card.
fn card_use(card: &str) -> Option<(String, String, String)> {
    let suit = card.chars().last()?;
    let rank = &card[..card.len() - suit.len_utf8()];
    let suit = match suit {
        'S' => "Spades",
        'H' => "Hearts",
        'D' => "Diamonds",
        'C' => "Clubs",
        _ => return None,
    };
    let (rank_name, value) = match rank {
        "J" => ("Jack", None),
        "Q" => ("Queen", None),
        "K" => ("King", None),
        "A" => ("Ace", Some(1)),
        n => (
            n,
            Some(n.parse::<i64>().ok().filter(|v| (2..=10).contains(v))?),
        ),
    };
    let name = format!("{rank_name} of {suit}");
    Some(match value {
        Some(v) => (
            name,
            format!("+{v}"),
            format!("adds {v} to one attack, to AC against one attack, or to one save"),
        ),
        None => (
            name,
            "+10 or a save".to_string(),
            "makes a save succeed, or +10 AC against one attack, or +10 to one attack".to_string(),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::sheet::Derived;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn derived(sheet: serde_json::Value) -> Vec<Derived> {
        let sheet = Sheet::from_json(System::Universe, &sheet, &HouseRules::default()).unwrap();
        sheet.derived(&HouseRules::default())
    }

    fn at<'a>(all: &'a [Derived], path: &str) -> Vec<&'a Derived> {
        all.iter().filter(|d| d.path == path).collect()
    }

    #[test]
    fn the_format_example() {
        let all = derived(
            json!({"skills": [{"name": "Stealth", "level": 1}, {"name": "Athletics", "level": 2}],
            "combat_skill": 1, "attack_bonus": 1, "ac": 13,
            "saves": {"physical": 15, "mental": 14, "luck": 12},
            "hp": {"current": 10, "max": 10}, "sanity": {"current": 7, "max": 10},
            "lucky": false, "fate": ["QH"]}),
        );
        let stealth = at(&all, "skills[0]");
        assert_eq!(
            stealth
                .iter()
                .map(|d| (d.label.as_str(), d.value.as_str()))
                .collect::<Vec<_>>(),
            [
                ("Stealth check", "2d6+1"),
                ("Leading a group", "covers 1 failed")
            ]
        );
        assert_eq!(at(&all, "skills[1]")[0].value, "2d6+2");
        assert_eq!(at(&all, "attack_bonus")[0].value, "d20+2");
        assert_eq!(at(&all, "combat_skill")[0].value, "Physical save -1");
        let physical = at(&all, "saves.physical")[0];
        assert_eq!(
            (physical.label.as_str(), physical.value.as_str()),
            ("Physical save", "d20 >= 15")
        );
        // 10 hp: +5 before the roll at 2 per +1, +2 after at 4 per +1.
        assert!(
            physical
                .note
                .starts_with("10 hp buys up to +5 before the roll (2 per +1) or +2 after"),
            "{}",
            physical.note
        );
        assert!(at(&all, "saves.mental")[0]
            .note
            .starts_with("7 Sanity buys up to +3 before the roll (2 per +1) or +1 after"));
        assert_eq!(at(&all, "saves.luck")[0].value, "d20 >= 12");
        assert_eq!(at(&all, "sanity")[0].value, "7 of 10");
        assert_eq!(at(&all, "fate")[0].value, "1 of 1");
        let queen = at(&all, "fate[0]")[0];
        assert_eq!(
            (queen.label.as_str(), queen.value.as_str()),
            ("Queen of Hearts", "+10 or a save")
        );
    }

    #[test]
    fn lucky_holds_two_and_numbered_cards_add_their_value() {
        let all = derived(json!({"lucky": true, "fate": ["AS", "10D"]}));
        assert_eq!(at(&all, "fate")[0].value, "2 of 2");
        let ace = at(&all, "fate[0]")[0];
        assert_eq!(
            (ace.label.as_str(), ace.value.as_str()),
            ("Ace of Spades", "+1")
        );
        assert_eq!(at(&all, "fate[1]")[0].value, "+10");
        assert!(at(&all, "fate[1]")[0]
            .note
            .starts_with("adds 10 to one attack"));
    }
}
