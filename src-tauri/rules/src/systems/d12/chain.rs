//! `d12` combat chain (RULES.md section 5), as steps a GM walks through:
//! attack vs Dodge/Mind -> Damage Dice -> damage roll vs Toughness/Will Power with the weapon's
//! column -> the attacker chooses the row (any lower) -> health, effects and conditions applied.
//!
//! Rolls go through the crate's own `opposed` and `damage` kinds (same seed, same dice as a quick
//! roll); durations and limbs are rolled with the seeded [`Tray`]. Each step takes a state and
//! returns the new one plus events in words. What it changes on a character, and healing, are
//! `wounds`.

use serde::{Deserialize, Serialize};

use super::kinds as d12;
pub use super::kinds::Column;
use super::wounds::total;
pub use super::wounds::{Ability, Condition, Effect, Health, Wounds};
use crate::table::{MadeRoll, MoveDice};
use crate::text::isolated;
use crate::tray::Tray;
use crate::{HouseRules, RollRequest, RulesError, DAMAGE_TABLE, LIMBS};

/// A quick NPC's health until the GM sets it: a fresh sheet's.
pub const QUICK_NPC_HEALTH: i64 = 12;

// Its rulings are the `D12…` ids of `RulingId` (`rulings.rs`), worded there once.

/// Physical attacks meet Dodge then Toughness; mental ones Mind then Will Power.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AttackKind {
    Physical,
    Mental,
}

/// The weapon's cap on the Damage Dice and the table column it reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Weapon {
    pub name: String,
    pub cap: i64,
    #[cfg_attr(feature = "ts", ts(type = "\"damage\" | \"effect\" | \"condition\""))]
    pub column: Column,
}

/// Where the chain stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Stage {
    /// Roll the attack against Dodge / Mind.
    Attack,
    /// Roll the damage against Toughness / Will Power.
    Damage { damage_dice: i64 },
    /// The attacker chooses a row, at most `reached`; `limb` when the defence showed only 1s.
    ChooseRow { reached: i64, limb: Option<String> },
    /// Nothing more to do (a miss, or the row applied).
    Done,
}

/// One attack, from the roll to the wound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AttackChain {
    pub kind: AttackKind,
    pub weapon: Weapon,
    pub stage: Stage,
}

impl AttackChain {
    pub fn new(kind: AttackKind, weapon: Weapon) -> Result<Self, RulesError> {
        let caps = super::move_ranges::D12_WEAPON_CAP;
        if !caps.contains(weapon.cap) {
            return Err(RulesError::invalid(
                "weapon.cap",
                format!("a weapon's cap is {} to {} dice", caps.min, caps.max),
            ));
        }
        Ok(Self {
            kind,
            weapon,
            stage: Stage::Attack,
        })
    }

    fn wrong_stage(&self, step: &str) -> RulesError {
        RulesError::invalid(
            "stage",
            format!(
                "the chain is not waiting for {step} (it is at {:?})",
                self.stage
            ),
        )
    }

    /// The opposed request step 1 rolls (also for its exact odds before rolling).
    pub fn attack_request(
        &self,
        attacker: &Ability,
        defender: &Ability,
    ) -> Result<RollRequest, RulesError> {
        if self.stage != Stage::Attack {
            return Err(self.wrong_stage("the attack roll"));
        }
        Ok(RollRequest::D12Opposed(d12::Opposed {
            attacker_ranks: attacker.ranks,
            attacker_extra_dice: attacker.extra_dice,
            attacker_dazed: attacker.dazed,
            defender_ranks: defender.ranks,
            defender_extra_dice: defender.extra_dice,
            defender_dazed: defender.dazed,
        }))
    }

    /// How many of the Damage Dice reached the damage roll rolls (the weapon's cap applied),
    /// while the chain waits for that roll.
    pub fn damage_dice_rolled(&self) -> Option<i64> {
        let Stage::Damage { damage_dice } = self.stage else {
            return None;
        };
        let roll = d12::Damage {
            damage_dice,
            cap: self.weapon.cap,
            ..d12::Damage::default()
        };
        Some(roll.capped_dice())
    }

    /// The damage request step 2 rolls: the Damage Dice reached, the weapon's cap and column.
    pub fn damage_request(&self, defender: &Ability) -> Result<RollRequest, RulesError> {
        Ok(RollRequest::D12Damage(self.damage_roll(defender)?))
    }

    fn damage_roll(&self, defender: &Ability) -> Result<d12::Damage, RulesError> {
        let Stage::Damage { damage_dice } = self.stage else {
            return Err(self.wrong_stage("the damage roll"));
        };
        Ok(d12::Damage {
            damage_dice,
            cap: self.weapon.cap,
            column: self.weapon.column,
            defender_ranks: defender.ranks,
            defender_extra_dice: defender.extra_dice,
        })
    }

    /// Step 1: the attack ability against Dodge (physical) or Mind (mental), under the roster's
    /// house rules (its miss margin).
    pub fn attack(
        &self,
        attacker: &Ability,
        defender: &Ability,
        house: &HouseRules,
        dice: &MoveDice,
    ) -> Result<(AttackChain, Vec<String>, MadeRoll), RulesError> {
        let request = self.attack_request(attacker, defender)?;
        let rolled = dice.roll(&request, house, 0)?;
        // The margin (the opposed roll's total) reaches the Damage Dice by the table's rule.
        let damage_dice = rolled
            .total
            .map_or(0, |m| d12::damage_dice_for(m, house.miss_margin));
        let against = match self.kind {
            AttackKind::Physical => "Dodge",
            AttackKind::Mental => "Mind",
        };
        let mut next = self.clone();
        let event = if damage_dice == 0 {
            next.stage = Stage::Done;
            format!("Attack vs {against}: margin {}, a miss", total(&rolled))
        } else {
            next.stage = Stage::Damage { damage_dice };
            format!(
                "Attack vs {against}: margin {}, {damage_dice} Damage Dice",
                total(&rolled)
            )
        };
        let made = MadeRoll {
            request,
            result: rolled,
        };
        Ok((next, vec![event], made))
    }

    /// Step 2: the damage roll against Toughness / Will Power (dazed does not apply here).
    pub fn damage(
        &self,
        defender: &Ability,
        house: &HouseRules,
        dice: &MoveDice,
    ) -> Result<(AttackChain, Vec<String>, MadeRoll), RulesError> {
        let roll = self.damage_roll(defender)?;
        let request = RollRequest::D12Damage(roll.clone());
        house.validate()?;
        request.validate(house)?;
        let (rolled, limb_face) = dice.roll_made(0, |tray| roll.roll_reading(house, tray));
        // The margin (the damage roll's total) reaches the row by the table's rule.
        let reached = rolled
            .total
            .map_or(0, |m| d12::damage_dice_for(m, house.miss_margin));
        let limb = limb_face.map(|face| LIMBS[face as usize - 1].to_string());
        let mut next = self.clone();
        let mut events = vec![format!(
            "Damage roll: margin {}, row {reached}",
            total(&rolled)
        )];
        if let Some(limb) = &limb {
            events.push(format!(
                "Only natural 1s on the defence: Limb condition, {limb}"
            ));
        }
        next.stage = if reached == 0 && limb.is_none() {
            Stage::Done
        } else {
            Stage::ChooseRow { reached, limb }
        };
        let made = MadeRoll {
            request,
            result: rolled,
        };
        Ok((next, events, made))
    }

    /// Step 3: the attacker's row (any up to the one reached) applied to the defender.
    /// `condition` names the condition kind (memory, command, dominate, limb) for the
    /// Condition column; `dice` roll durations and a Condition-column limb. The last value is
    /// true when an effect or condition met one already there, so the stacking ruling
    /// (`RulingId::D12NoStacking`) decided what stands.
    pub fn choose_row(
        &self,
        row: i64,
        condition: Option<&str>,
        defender: &Wounds,
        dice: &MoveDice,
    ) -> Result<(AttackChain, Wounds, Vec<String>, bool), RulesError> {
        let Stage::ChooseRow { reached, limb } = &self.stage else {
            return Err(self.wrong_stage("the attacker's choice of row"));
        };
        defender.validate()?;
        if !(0..=*reached).contains(&row) {
            return Err(RulesError::invalid(
                "row",
                format!("choose a row from 0 to {reached}, the row the damage reached"),
            ));
        }
        let limb = limb.clone();
        dice.with_tray(0, |tray| {
            self.apply_row(row, condition, defender, limb, tray)
        })
        .1
    }

    /// Step 3's row applied, with `tray` rolling durations and limbs.
    fn apply_row(
        &self,
        row: i64,
        condition: Option<&str>,
        defender: &Wounds,
        limb: Option<String>,
        tray: &mut Tray,
    ) -> Result<(AttackChain, Wounds, Vec<String>, bool), RulesError> {
        let mut wounds = defender.clone();
        let mut events = Vec::new();
        let mut stacking = false;
        let mut said = |(text, met): (String, bool)| {
            stacking |= met;
            text
        };
        if row > 0 {
            let line = &DAMAGE_TABLE[row as usize - 1];
            match self.weapon.column {
                Column::Damage => {
                    let before = wounds.health.current;
                    wounds.health.current = (before - line.damage).max(0);
                    events.push(format!(
                        "Damage {}: health {before} -> {}{}",
                        line.damage,
                        wounds.health.current,
                        if wounds.health.current == 0 {
                            " (dead)"
                        } else {
                            ""
                        }
                    ));
                }
                Column::Effect => {
                    if let Some((name, duration)) = line.effect.split_once(' ') {
                        if line.effect != "No Effect" {
                            let effect = Effect {
                                name: name.to_string(),
                                remaining: roll_duration(duration, tray),
                                row,
                            };
                            events.push(said(add_effect(&mut wounds.effects, effect)));
                        } else {
                            events.push("No Effect".into());
                        }
                    }
                }
                Column::Condition => {
                    let kind = condition.ok_or_else(|| {
                        RulesError::invalid(
                            "condition",
                            "choose the condition: memory, command, dominate or limb",
                        )
                    })?;
                    let (detail, remaining) = condition_of(line.condition, kind, row)?;
                    let detail = if kind == "limb" {
                        tray.aim("Limb");
                        let limb = LIMBS[tray.roll(12) as usize - 1];
                        format!(
                            "{limb}{}",
                            detail.map_or(String::new(), |d| format!(" {d}"))
                        )
                    } else {
                        detail.unwrap_or_default()
                    };
                    let cond = Condition {
                        kind: kind.to_string(),
                        detail,
                        remaining: remaining
                            .map_or("until removed".into(), |d| roll_duration(&d, tray)),
                        row,
                    };
                    events.push(said(add_condition(&mut wounds.conditions, cond)));
                }
            }
        }
        if let Some(limb) = limb {
            let limb_row = row.max(2);
            let (detail, remaining) = condition_of(
                DAMAGE_TABLE[limb_row as usize - 1].condition,
                "limb",
                limb_row,
            )?;
            let cond = Condition {
                kind: "limb".into(),
                detail: format!(
                    "{limb}{}",
                    detail.map_or(String::new(), |d| format!(" {d}"))
                ),
                remaining: remaining.map_or("until removed".into(), |d| roll_duration(&d, tray)),
                row: limb_row,
            };
            events.push(said(add_condition(&mut wounds.conditions, cond)));
        }
        let mut next = self.clone();
        next.stage = Stage::Done;
        Ok((next, wounds, events, stacking))
    }
}

/// Reads one condition kind off a row's Condition text ("Memory 1 day; Command 1 turn; ...").
/// Returns (detail, duration): `Limb Severed` -> (Some("Severed"), None); `Memory All` ->
/// (Some("All"), None); `Limb 1d12 turns` -> (None, Some("1d12 turns")).
fn condition_of(
    text: &str,
    kind: &str,
    row: i64,
) -> Result<(Option<String>, Option<String>), RulesError> {
    let part = text
        .split("; ")
        .find(|p| p.to_lowercase().starts_with(&format!("{kind} ")))
        .ok_or_else(|| {
            RulesError::invalid(
                "condition",
                format!("row {row} gives no {kind} condition (it reads: {text})"),
            )
        })?;
    let rest = &part[kind.len() + 1..];
    let timed = rest.starts_with(|c: char| c.is_ascii_digit());
    Ok(if timed {
        (None, Some(rest.to_string()))
    } else {
        (Some(rest.to_string()), None)
    })
}

/// "1d12 turns" -> e.g. "7 turns"; "1 turn" stays.
fn roll_duration(text: &str, tray: &mut Tray) -> String {
    let Some((amount, unit)) = text.split_once(' ') else {
        return text.to_string();
    };
    match amount.split_once("d12") {
        Some((n, "")) => {
            let n: usize = n.parse().unwrap_or(1);
            tray.aim("Duration");
            let sum: u32 = tray.roll_many(n, 12).iter().sum();
            let unit = if sum == 1 {
                unit.trim_end_matches('s')
            } else {
                unit
            };
            format!("{sum} {unit}")
        }
        _ => text.to_string(),
    }
}

pub use super::move_ranges::{ELAPSE_MAX, HEAL_DAYS_MAX};

/// Adds an effect unless the same effect already stands at a row as high; the higher replaces.
/// What happened, and whether it met the same effect (the stacking ruling decided).
fn add_effect(effects: &mut Vec<Effect>, effect: Effect) -> (String, bool) {
    match effects.iter_mut().find(|e| e.name == effect.name) {
        Some(old) if old.row >= effect.row => (
            format!(
                "{} {} does not stack: the {} already there stands",
                effect.name, effect.remaining, old.remaining
            ),
            true,
        ),
        Some(old) => {
            let text = format!(
                "{} {} replaces the lower {}",
                effect.name, effect.remaining, old.remaining
            );
            *old = effect;
            (text, true)
        }
        None => {
            let text = format!("{} {}", effect.name, effect.remaining);
            effects.push(effect);
            (text, false)
        }
    }
}

/// Conditions stack only across kinds and limbs (the limb is the first word(s) of `detail`).
/// What happened, and whether it met the same condition (the stacking ruling decided).
fn add_condition(conditions: &mut Vec<Condition>, cond: Condition) -> (String, bool) {
    let same = |c: &Condition| {
        c.kind == cond.kind
            && (c.kind != "limb"
                || c.detail.trim_end_matches(" Severed")
                    == cond.detail.trim_end_matches(" Severed"))
    };
    let label = format!(
        "{} condition {} {}",
        cond.kind,
        isolated(&cond.detail),
        cond.remaining
    );
    match conditions.iter_mut().find(|c| same(c)) {
        Some(old) if old.row >= cond.row => (
            format!("{label} does not stack: the higher one already there stands"),
            true,
        ),
        Some(old) => {
            *old = cond;
            (format!("{label} replaces the lower one"), true)
        }
        None => {
            conditions.push(cond);
            (label, false)
        }
    }
}

#[cfg(test)]
#[path = "chain_tests.rs"]
mod tests;
