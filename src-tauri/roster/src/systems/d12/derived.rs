//! d12 Ranks: the rank budget, who holds each defense role, the dice of each ability's roll, what
//! the equipment adds (armor dice, weapon caps), Dazed, and health.

use crate::check::index;
use crate::sheet::{count, Derived};
use crate::sheet::{D12Sheet, Defense};

use rollbook_rules::sheet_limits::{D12_RANKS, D12_RANKS_TOTAL};

/// RULES.md section 5: the ranks in total at creation.
const RANK_BUDGET: i64 = D12_RANKS_TOTAL.max_or(i64::MAX);

/// What a piece of equipment does under RULES.md section 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gear {
    /// +1d12 (no +1) on the rolls of the ability holding this role.
    ExtraDie(Defense),
    Weapon(Weapon),
}

/// A weapon of RULES.md (its cap and column are declared in the rules crate).
pub(crate) use rollbook_rules::table::d12_weapons::KnownWeapon as Weapon;
pub(crate) use rollbook_rules::table::d12_weapons::UNARMED;

/// The equipment RULES.md names (case and surrounding spaces ignored), or `None`.
pub(crate) fn gear(item: &str) -> Option<Gear> {
    let item = item.trim();
    if item.eq_ignore_ascii_case("Body Armor") {
        return Some(Gear::ExtraDie(Defense::Toughness));
    }
    if item.eq_ignore_ascii_case("Mental Implant") {
        return Some(Gear::ExtraDie(Defense::WillPower));
    }
    rollbook_rules::table::d12_weapons::carried(item).map(Gear::Weapon)
}

/// A weapon's cap as wielded by the character of `sheet` (its Strength ability's ranks).
pub(crate) trait CapOnSheet {
    fn cap(&self, sheet: &D12Sheet) -> i64;
    fn cap_words(&self, sheet: &D12Sheet) -> String;
}

impl CapOnSheet for Weapon {
    /// The cap with the wielder's Strength ranks (an ability named Strength; 0 without one).
    fn cap(&self, sheet: &D12Sheet) -> i64 {
        self.cap_with_strength(sheet.ranks_of("Strength").unwrap_or(0))
    }

    /// "2", "2 + Strength 4 ranks", "Strength ranks (no Strength ability: 0)".
    fn cap_words(&self, sheet: &D12Sheet) -> String {
        if !self.plus_strength {
            return self.base_cap.to_string();
        }
        let strength = match sheet.ranks_of("Strength") {
            Some(r) => format!("Strength {}", count(r, "rank", "ranks")),
            None => "Strength ranks (no ability named Strength: 0)".to_string(),
        };
        match self.base_cap {
            0 => strength,
            base => format!("{base} + {strength}"),
        }
    }
}

/// True when the sheet lists an effect named Dazed: one fewer d12 on every roll.
pub(crate) fn dazed(sheet: &D12Sheet) -> Option<&str> {
    sheet
        .effects
        .iter()
        .find(|e| e.name.trim().eq_ignore_ascii_case("Dazed"))
        .map(|e| e.remaining.trim())
}

/// Extra d12s from equipment on the rolls of the ability holding `role`, with the items' names.
pub(crate) fn extra_dice(sheet: &D12Sheet, role: Option<Defense>) -> (i64, Vec<&str>) {
    let Some(role) = role else {
        return (0, Vec::new());
    };
    let items: Vec<&str> = sheet
        .equipment
        .iter()
        .filter(|item| gear(item) == Some(Gear::ExtraDie(role)))
        .map(|item| item.trim())
        .collect();
    (items.len() as i64, items)
}

/// "3d12+2", or "1d12" when there is no bonus to add.
pub(crate) fn dice_text(dice: i64, ranks: i64) -> String {
    match ranks {
        0 => format!("{dice}d12"),
        r => format!("{dice}d12{r:+}"),
    }
}

/// `(1 + r + extra − dazed)` d12 + r, never below the base die (the engine's count).
pub(crate) fn dice_of(ranks: i64, extra: i64, dazed: bool) -> i64 {
    1i64.saturating_add(ranks)
        .saturating_add(extra)
        .saturating_sub(i64::from(dazed))
        .max(1)
}

pub(super) fn derived(sheet: &D12Sheet) -> Vec<Derived> {
    let mut out = Vec::new();
    let total = sheet
        .abilities
        .iter()
        .fold(0i64, |sum, a| sum.saturating_add(a.ranks.max(0)));
    let budget_note = if total > RANK_BUDGET {
        format!(
            "{} over the {RANK_BUDGET} ranks allowed at creation",
            count(total - RANK_BUDGET, "rank", "ranks")
        )
    } else {
        format!(
            "{RANK_BUDGET} ranks in total at creation, {} to {} per ability",
            D12_RANKS.min,
            D12_RANKS.max_or(i64::MAX)
        )
    };
    out.push(Derived::new(
        "abilities",
        "Ranks",
        format!("{total} of {RANK_BUDGET}"),
        budget_note,
    ));
    for role in Defense::ALL {
        out.push(defense_role(sheet, role));
    }
    let dazed = dazed(sheet);
    for i in 0..sheet.abilities.len() {
        out.push(ability_roll(sheet, i, dazed));
    }
    for (i, item) in sheet.equipment.iter().enumerate() {
        if let Some(derived) = equipment(sheet, i, item) {
            out.push(derived);
        }
    }
    let strength_at = sheet
        .abilities
        .iter()
        .position(|a| a.name.trim().eq_ignore_ascii_case("Strength"))
        .map(|i| index("abilities", i))
        .unwrap_or_else(|| "equipment".to_string());
    out.push(Derived::new(
        strength_at,
        "Unarmed cap",
        count(UNARMED.cap(sheet), "Damage Die", "Damage Dice"),
        format!(
            "Unarmed attacks cap the damage roll at {}; they read {}",
            UNARMED.cap_words(sheet),
            UNARMED.reads
        ),
    ));
    for (i, effect) in sheet.effects.iter().enumerate() {
        if effect.name.trim().eq_ignore_ascii_case("Dazed") {
            out.push(Derived::new(
                index("effects", i),
                "Dazed",
                "-1d12",
                format!(
                    "every roll has one fewer d12 (never below the base die) for {}",
                    effect.remaining.trim()
                ),
            ));
        }
    }
    out.push(Derived::new(
        "health",
        "Health",
        format!("{} of {}", sheet.health.current, sheet.health.max),
        "0 is dead; 1 comes back a day (Healing Salve +1, once a day)",
    ));
    out
}

fn defense_role(sheet: &D12Sheet, role: Defense) -> Derived {
    let what = match role {
        Defense::Dodge => "physical attacks are rolled against it",
        Defense::Mind => "mental attacks are rolled against it",
        Defense::Toughness => "it opposes the damage roll of physical attacks",
        Defense::WillPower => "it opposes the damage roll of mental attacks",
    };
    match sheet.abilities.iter().position(|a| a.defense == Some(role)) {
        Some(i) => {
            let holder = &sheet.abilities[i];
            let ranks = count(holder.ranks, "rank", "ranks");
            // Beside an ability that keeps the role's own name, its name would only repeat.
            let value = if holder.name.trim().eq_ignore_ascii_case(role.label()) {
                ranks
            } else {
                format!("{}, {ranks}", holder.name.trim())
            };
            Derived::new(
                index("abilities", i),
                format!("{} defense", role.label()),
                value,
                format!("{} defense: {what}", role.label()),
            )
        }
        None => Derived::new(
            "abilities",
            format!("{} defense", role.label()),
            "no ability",
            format!(
                "{} defense: {what}; no ability plays this role, so it defends with the base d12 alone",
                role.label()
            ),
        ),
    }
}

fn ability_roll(sheet: &D12Sheet, i: usize, dazed: Option<&str>) -> Derived {
    let ability = &sheet.abilities[i];
    let r = ability.ranks;
    let (extra, items) = extra_dice(sheet, ability.defense);
    let dice = dice_of(r, extra, dazed.is_some());
    let mut note = format!("(1 + {}) d12 + {r}", count(r, "rank", "ranks"));
    for item in items {
        note.push_str(&format!(", {item} +1d12"));
    }
    if let Some(left) = dazed {
        if dice < dice_of(r, extra, false) {
            note.push_str(&format!(", Dazed -1d12 ({left})"));
        } else {
            note.push_str(&format!(", Dazed ({left}) but already at the base die"));
        }
    }
    note.push_str("; a natural 12 rolls once more");
    Derived::new(
        index("abilities", i),
        format!("{} roll", ability.name.trim()),
        dice_text(dice, r),
        note,
    )
}

fn equipment(sheet: &D12Sheet, i: usize, item: &str) -> Option<Derived> {
    let at = index("equipment", i);
    Some(match gear(item)? {
        Gear::ExtraDie(role) => {
            let holder = sheet
                .defense(role)
                .map(|a| format!("added to {} rolls", a.name.trim()))
                .unwrap_or_else(|| format!("no ability holds the {} role", role.label()));
            Derived::new(
                at,
                item.trim(),
                format!("+1d12 {}", role.label()),
                format!("an extra d12 (no +1) that explodes the same way: {holder}"),
            )
        }
        Gear::Weapon(w) => {
            let near = if w.name == "Explosive Grenade" {
                ", to all near the target"
            } else {
                ""
            };
            Derived::new(
                at,
                format!("{} cap", item.trim()),
                count(w.cap(sheet), "Damage Die", "Damage Dice"),
                format!(
                    "the damage roll adds at most {} d12{near}; it reads the {} column",
                    w.cap_words(sheet),
                    w.reads
                ),
            )
        }
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
        let sheet = Sheet::from_json(System::D12, &sheet, &HouseRules::default()).unwrap();
        sheet.derived(&HouseRules::default())
    }

    fn find<'a>(all: &'a [Derived], label: &str) -> &'a Derived {
        all.iter()
            .find(|d| d.label == label)
            .unwrap_or_else(|| panic!("no {label} in {all:#?}"))
    }

    #[test]
    fn the_budget_roles_and_rolls_of_the_format_example() {
        let all = derived(
            json!({"abilities": [{"name": "Guns", "ranks": 2}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
               {"name": "Mind", "ranks": 0, "defense": "mind"}, {"name": "Toughness", "ranks": 2, "defense": "toughness"},
               {"name": "Will Power", "ranks": 1, "defense": "will_power"}],
            "health": {"current": 12, "max": 12},
            "effects": [{"name": "Dazed", "remaining": "1 turn"}],
            "equipment": ["Body Armor", "Laser Pistol"]}),
        );
        let ranks = find(&all, "Ranks");
        assert_eq!(
            (ranks.path.as_str(), ranks.value.as_str()),
            ("abilities", "6 of 10")
        );
        let dodge = find(&all, "Dodge defense");
        assert_eq!(
            (dodge.path.as_str(), dodge.value.as_str()),
            ("abilities[1]", "1 rank")
        );
        assert_eq!(find(&all, "Will Power defense").path, "abilities[4]");
        // Guns 2 ranks: (1 + 2) d12 + 2, Dazed takes one away.
        let guns = find(&all, "Guns roll");
        assert_eq!(guns.value, "2d12+2");
        assert!(guns.note.contains("Dazed -1d12 (1 turn)"), "{}", guns.note);
        // Toughness 2 ranks + Body Armor's die - Dazed = 3 dice.
        let toughness = find(&all, "Toughness roll");
        assert_eq!(toughness.value, "3d12+2");
        assert!(toughness.note.contains("Body Armor +1d12"));
        let armor = find(&all, "Body Armor");
        assert_eq!(
            (armor.path.as_str(), armor.value.as_str()),
            ("equipment[0]", "+1d12 Toughness")
        );
        assert_eq!(find(&all, "Laser Pistol cap").value, "2 Damage Dice");
        assert_eq!(find(&all, "Dazed").path, "effects[0]");
        assert_eq!(find(&all, "Health").value, "12 of 12");
    }

    #[test]
    fn renamed_and_missing_roles_and_strength_weapons() {
        let all = derived(
            json!({"abilities": [{"name": "Strength", "ranks": 3}, {"name": "Evade", "ranks": 4, "defense": "dodge"}],
            "equipment": ["knife", "Sword", "Stun Gun", "Rope"]}),
        );
        assert_eq!(find(&all, "Ranks").value, "7 of 10");
        assert_eq!(find(&all, "Dodge defense").value, "Evade, 4 ranks");
        let mind = find(&all, "Mind defense");
        assert_eq!(
            (mind.path.as_str(), mind.value.as_str()),
            ("abilities", "no ability")
        );
        // Knife 1 + Strength 3, Sword 2 + 3, Stun Gun 1 on the Effect column, Unarmed = Strength.
        assert_eq!(find(&all, "knife cap").value, "4 Damage Dice");
        assert_eq!(find(&all, "Sword cap").value, "5 Damage Dice");
        let stun = find(&all, "Stun Gun cap");
        assert_eq!(stun.value, "1 Damage Die");
        assert!(stun.note.ends_with("the Effect column"), "{}", stun.note);
        let unarmed = find(&all, "Unarmed cap");
        assert_eq!(
            (unarmed.path.as_str(), unarmed.value.as_str()),
            ("abilities[0]", "3 Damage Dice")
        );
        assert!(!all.iter().any(|d| d.label.starts_with("Rope")));
    }

    #[test]
    fn unarmed_without_strength_is_the_base_die() {
        let all = derived(json!({}));
        let unarmed = find(&all, "Unarmed cap");
        assert_eq!(
            (unarmed.path.as_str(), unarmed.value.as_str()),
            ("equipment", "0 Damage Dice")
        );
        assert_eq!(find(&all, "Mind roll").value, "1d12");
    }
}
