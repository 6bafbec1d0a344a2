//! d12 Ranks: a straight roll per ability; an attack (opposed) for an ability named like a weapon
//! or fighting; the defense roles as the defender (Dodge/Mind in an opposed roll, Toughness/Will
//! Power against a damage roll); a damage roll per weapon carried, and Unarmed.

use serde_json::json;

use super::derived::{
    dazed, dice_of, dice_text, extra_dice, gear, CapOnSheet, Gear, Weapon, UNARMED,
};
use crate::check::index;
use crate::sheet::count;
use crate::sheet::{reading, SheetRoll};
use crate::sheet::{D12Ability, D12Sheet, Defense};

pub(super) fn rolls(sheet: &D12Sheet) -> Vec<SheetRoll> {
    let dazed = dazed(sheet);
    let mut out = Vec::new();
    for (i, ability) in sheet.abilities.iter().enumerate() {
        let at = index("abilities", i);
        let name = ability.name.trim();
        let (extra, _) = extra_dice(sheet, ability.defense);
        let dice = dice_words(sheet, ability, dazed);
        let group = if ability.defense.is_some() {
            "Defenses"
        } else {
            "Abilities"
        };
        out.push(
            SheetRoll::new(
                &at,
                group,
                name,
                json!({"system": "d12", "roll": "straight", "ranks": ability.ranks,
                   "extra_dice": extra, "dazed": dazed.is_some()}),
                dice.clone(),
            )
            .until_set("against Average (6) until the GM sets the difficulty"),
        );
        match ability.defense {
            None => {
                if let Some(mental) = reading::attack(name) {
                    out.push(attack(&at, ability, mental, dazed.is_some(), &dice));
                }
            }
            Some(role) => out.push(defend(&at, ability, role, extra, dazed, &dice)),
        }
    }
    for (i, item) in sheet.equipment.iter().enumerate() {
        if let Some(Gear::Weapon(weapon)) = gear(item) {
            out.push(damage(index("equipment", i), item.trim(), &weapon, sheet));
        }
    }
    let strength_at = sheet
        .abilities
        .iter()
        .position(|a| a.name.trim().eq_ignore_ascii_case("Strength"))
        .map(|i| index("abilities", i))
        .unwrap_or_else(|| "equipment".to_string());
    out.push(damage(strength_at, "Unarmed", &UNARMED, sheet));
    out
}

/// "Toughness 2 ranks, Body Armor +1d12, Dazed (1 turn) -1d12 → 3d12+2".
fn dice_words(sheet: &D12Sheet, ability: &D12Ability, dazed: Option<&str>) -> String {
    let r = ability.ranks;
    let (extra, items) = extra_dice(sheet, ability.defense);
    let mut words = format!("{} {}", ability.name.trim(), count(r, "rank", "ranks"));
    for item in items {
        words.push_str(&format!(", {item} +1d12"));
    }
    let dice = dice_of(r, extra, dazed.is_some());
    if let Some(left) = dazed {
        if dice < dice_of(r, extra, false) {
            words.push_str(&format!(", Dazed ({left}) -1d12"));
        } else {
            words.push_str(&format!(", Dazed ({left}) but already at the base die"));
        }
    }
    words.push_str(&format!(" → {}", dice_text(dice, r)));
    words
}

fn attack(at: &str, ability: &D12Ability, mental: bool, dazed: bool, dice: &str) -> SheetRoll {
    let (kind, against) = if mental {
        ("mental", "Mind")
    } else {
        ("physical", "Dodge")
    };
    SheetRoll::new(
        at,
        "Attacks",
        format!("{} attack", ability.name.trim()),
        json!({"system": "d12", "roll": "opposed", "attacker_ranks": ability.ranks,
               "attacker_dazed": dazed}),
        format!(
            "{dice} attacking; set the defender's {against} ranks. RULES.md leaves which abilities attack to the GM: Rollbook reads {} as a {kind} attack",
            ability.name.trim()
        ),
    )
}

fn defend(
    at: &str,
    ability: &D12Ability,
    role: Defense,
    extra: i64,
    dazed: Option<&str>,
    dice: &str,
) -> SheetRoll {
    let name = ability.name.trim();
    match role {
        Defense::Dodge | Defense::Mind => {
            let kind = if role == Defense::Dodge {
                "physical"
            } else {
                "mental"
            };
            SheetRoll::new(
                at,
                "Defenses",
                format!("{name} against an attack"),
                json!({"system": "d12", "roll": "opposed", "defender_ranks": ability.ranks,
                       "defender_extra_dice": extra, "defender_dazed": dazed.is_some()}),
                format!("{dice} defending against a {kind} attack; set the attacker's ranks"),
            )
        }
        Defense::Toughness | Defense::WillPower => {
            let kind = if role == Defense::Toughness {
                "physical"
            } else {
                "mental"
            };
            // The damage roll has no Dazed field: say so rather than roll a die too many silently.
            let dazed_note = match dazed {
                Some(_) => " (the damage roll does not take Dazed: remove a die by hand)",
                None => "",
            };
            SheetRoll::new(
                at,
                "Defenses",
                format!("{name} against damage"),
                json!({"system": "d12", "roll": "damage", "defender_ranks": ability.ranks,
                       "defender_extra_dice": extra}),
                format!(
                    "{dice}{dazed_note} opposing the damage roll of a {kind} attack; set the Damage Dice the attack reached and the weapon's cap and column"
                ),
            )
        }
    }
}

fn damage(at: String, item: &str, weapon: &Weapon, sheet: &D12Sheet) -> SheetRoll {
    let cap = weapon.cap(sheet);
    SheetRoll::new(
        at,
        "Damage",
        format!("{item} damage"),
        json!({"system": "d12", "roll": "damage", "cap": cap, "column": weapon.column}),
        format!(
            "{item} caps the damage roll at {} d12 beyond the base die and reads the {} column; set the Damage Dice the attack reached and the target's Toughness ranks",
            if weapon.plus_strength {
                format!("{} = {cap}", weapon.cap_words(sheet))
            } else {
                cap.to_string()
            },
            weapon.reads
        ),
    )
}
