//! `d12` combat chain and healing (RULES.md section 5), as steps a GM walks through:
//! attack vs Dodge/Mind -> Damage Dice -> damage roll vs Toughness/Will Power with the weapon's
//! column -> the attacker chooses the row (any lower) -> health, effects and conditions applied.
//!
//! Rolls go through the crate's own `opposed` and `damage` kinds (same seed, same dice as a quick
//! roll); durations and limbs are rolled with the seeded [`Tray`]. Each step takes a state and
//! returns the new one plus events in words.

use serde::{Deserialize, Serialize};

use super::kinds as d12;
pub use super::kinds::Column;
use crate::table::{MadeRoll, MoveDice};
use crate::text::isolated;
use crate::tray::Tray;
use crate::{HouseRules, RollRequest, RollResult, RulesError, DAMAGE_TABLE, LIMBS};

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

/// An ability roll: ranks and extra dice (armour, implant), Dazed or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ability {
    pub ranks: i64,
    pub extra_dice: i64,
    pub dazed: bool,
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

/// `{"current": 12, "max": 12}`, as on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Health {
    pub current: i64,
    pub max: i64,
}

/// A Damage Effect on the character; `row` (1..9) is the table row it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "TableEffect"))]
pub struct Effect {
    pub name: String,
    pub remaining: String,
    #[serde(default)]
    pub row: i64,
}

/// A Damage Condition: `kind` memory / command / dominate / limb, `detail` the limb or extent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "TableCondition"))]
pub struct Condition {
    pub kind: String,
    pub detail: String,
    pub remaining: String,
    #[serde(default)]
    pub row: i64,
}

/// What the chain and healing change on a character (the sheet's `health`, `effects`,
/// `conditions`), plus whether Healing Salve was used today.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Wounds {
    pub health: Health,
    pub effects: Vec<Effect>,
    pub conditions: Vec<Condition>,
    #[serde(default)]
    pub salve_used_today: bool,
}

impl Wounds {
    /// A fresh character: full health, no effects or conditions.
    pub fn healthy(max: i64) -> Self {
        Self {
            health: Health { current: max, max },
            effects: Vec::new(),
            conditions: Vec::new(),
            salve_used_today: false,
        }
    }

    /// Dazed (one fewer d12 on every roll) while a Dazed effect stands.
    pub fn is_dazed(&self) -> bool {
        self.effects.iter().any(|e| e.name == "Dazed")
    }

    /// This character's ability roll: its ranks and extra dice, Dazed from its effects.
    pub fn ability(&self, ranks: i64, extra_dice: i64) -> Ability {
        Ability {
            ranks,
            extra_dice,
            dazed: self.is_dazed(),
        }
    }

    pub fn validate(&self) -> Result<(), RulesError> {
        if self.health.max < 1 || !(0..=self.health.max).contains(&self.health.current) {
            return Err(RulesError::invalid(
                "health",
                "current health must be 0 to the maximum, and the maximum at least 1",
            ));
        }
        Ok(())
    }

    fn check_alive(&self) -> Result<(), RulesError> {
        self.validate()?;
        if self.health.current == 0 {
            return Err(RulesError::invalid(
                "health",
                "the character is dead (health 0) and cannot be healed",
            ));
        }
        Ok(())
    }

    /// Time passes: every effect and condition timed in `unit` (turn, hour, day, week, month,
    /// year) counts down by `amount`; those that reach 0 end. Other units are left alone.
    pub fn elapse(&self, amount: i64, unit: &str) -> Result<(Wounds, Vec<String>), RulesError> {
        self.validate()?;
        if !super::move_ranges::D12_ELAPSE.contains(amount) {
            return Err(RulesError::invalid(
                "amount",
                format!("{amount} is out of range: let 1 to {ELAPSE_MAX} units of time pass"),
            ));
        }
        if !UNITS.contains(&unit) {
            return Err(RulesError::invalid(
                "unit",
                format!("time passes in one of: {}", UNITS.join(", ")),
            ));
        }
        let mut next = self.clone();
        let mut events = Vec::new();
        next.effects.retain_mut(|e| {
            count_down(
                &mut e.remaining,
                amount,
                unit,
                &isolated(&e.name),
                &mut events,
            )
        });
        next.conditions.retain_mut(|c| {
            let label = format!("{} condition {}", c.kind, isolated(&c.detail));
            count_down(&mut c.remaining, amount, unit, &label, &mut events)
        });
        if next.salve_used_today && is_a_day_or_more(amount, unit) {
            next.salve_used_today = false;
            events.push("A new day: Healing Salve can be used again".into());
        }
        Ok((next, events))
    }

    /// Natural healing: 1 health a day, up to the maximum; a new day allows Salve again.
    pub fn heal_days(&self, days: i64) -> Result<(Wounds, Vec<String>), RulesError> {
        self.check_alive()?;
        if !super::move_ranges::D12_HEAL_DAYS.contains(days) {
            return Err(RulesError::invalid(
                "days",
                format!("{days} is out of range: heal 1 to {HEAL_DAYS_MAX} days"),
            ));
        }
        let mut next = self.clone();
        next.health.current = (self.health.current + days).min(self.health.max);
        next.salve_used_today = false;
        let gained = next.health.current - self.health.current;
        Ok((
            next,
            vec![format!("{days} day(s) of rest: +{gained} health")],
        ))
    }

    /// Healing Salve: +1 health, once a day.
    pub fn salve(&self) -> Result<(Wounds, Vec<String>), RulesError> {
        self.check_alive()?;
        if self.salve_used_today {
            return Err(RulesError::invalid(
                "salve",
                "Healing Salve works once a day: heal a day first",
            ));
        }
        let mut next = self.clone();
        next.health.current = (self.health.current + 1).min(self.health.max);
        next.salve_used_today = true;
        let gained = next.health.current - self.health.current;
        Ok((next, vec![format!("Healing Salve: +{gained} health")]))
    }

    /// Tries to remove effect or condition `index` (effects first, then conditions) with an
    /// ability check: >= its row's Roll by ordinary means, >= the next row's by extraordinary.
    pub fn remove(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
        dice: &MoveDice,
    ) -> Result<(Wounds, Vec<String>, MadeRoll), RulesError> {
        let (request, label, difficulty) = self.removal(index, extraordinary, ability)?;
        let rolled = dice.roll(&request, HouseRules::ruled(), 0)?;
        let means = if extraordinary {
            "extraordinary"
        } else {
            "ordinary"
        };
        let mut next = self.clone();
        let event = if rolled.success {
            if index < next.effects.len() {
                next.effects.remove(index);
            } else {
                next.conditions.remove(index - self.effects.len());
            }
            format!(
                "{label} removed by {means} means ({} >= {difficulty})",
                total(&rolled)
            )
        } else {
            format!(
                "{label} stays: {means} means needed {difficulty}, rolled {}",
                total(&rolled)
            )
        };
        let made = MadeRoll {
            request,
            result: rolled,
        };
        Ok((next, vec![event], made))
    }

    /// The straight request that tries to remove effect or condition `index` (see
    /// [`Wounds::remove`]), for its exact odds before rolling.
    pub fn removal_request(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
    ) -> Result<RollRequest, RulesError> {
        Ok(self.removal(index, extraordinary, ability)?.0)
    }

    /// The removal check's request, what it removes and its difficulty.
    fn removal(
        &self,
        index: usize,
        extraordinary: bool,
        ability: &Ability,
    ) -> Result<(RollRequest, String, i64), RulesError> {
        self.validate()?;
        let (label, row) = match (
            self.effects.get(index),
            index.checked_sub(self.effects.len()),
        ) {
            (Some(e), _) => (isolated(&e.name).into_owned(), effect_row(e)),
            (None, Some(i)) => match self.conditions.get(i) {
                Some(c) => (format!("{} {}", c.kind, isolated(&c.detail)), c.row),
                None => {
                    return Err(RulesError::invalid(
                        "index",
                        "no effect or condition at that place in the list",
                    ))
                }
            },
            (None, None) => unreachable!("index < effects.len() matched above"),
        };
        if !(1..=9).contains(&row) {
            return Err(RulesError::invalid(
                "row",
                format!("{label} has no table row (1 to 9) to set the check's difficulty"),
            ));
        }
        let difficulty = if extraordinary {
            DAMAGE_TABLE.get(row as usize).map_or(54, |r| r.roll)
        } else {
            DAMAGE_TABLE[row as usize - 1].roll
        };
        let request = RollRequest::D12Straight(d12::Straight {
            ranks: ability.ranks,
            extra_dice: ability.extra_dice,
            dazed: ability.dazed,
            difficulty,
        });
        Ok((request, label, difficulty))
    }
}

fn total(rolled: &RollResult) -> i64 {
    rolled.total.unwrap_or(0)
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

/// An effect's table row: its own, or for a sheet effect without one, the row whose Damage
/// Effect names it with that duration ("Stunned 1 turn" row 3, "Stunned 5 turns" row 4).
fn effect_row(effect: &Effect) -> i64 {
    if effect.row > 0 {
        return effect.row;
    }
    let unit = |text: &str| {
        text.split(' ')
            .nth(1)
            .map(|u| u.trim_end_matches('s').to_string())
    };
    let rows = || {
        DAMAGE_TABLE.iter().zip(1..).filter_map(|(line, row)| {
            let (name, duration) = line.effect.split_once(' ')?;
            (name == effect.name).then_some((duration, row))
        })
    };
    rows()
        .find(|(duration, _)| *duration == effect.remaining)
        .or_else(|| {
            rows().find(|(duration, _)| {
                duration.starts_with("1d12 ") && unit(duration) == unit(&effect.remaining)
            })
        })
        .map_or(0, |(_, row)| row)
}

/// Whether `amount` `unit`s make at least a day (so Healing Salve works again).
fn is_a_day_or_more(amount: i64, unit: &str) -> bool {
    match unit {
        "day" | "week" | "month" | "year" => amount >= 1,
        "hour" => amount >= 24,
        _ => false,
    }
}

pub use super::move_ranges::{ELAPSE_MAX, HEAL_DAYS_MAX};

/// The units a duration is counted in (singular).
const UNITS: [&str; 6] = ["turn", "hour", "day", "week", "month", "year"];

/// Counts `remaining` ("3 turns") down by `amount` if it is in `unit`; false when it ends.
fn count_down(
    remaining: &mut String,
    amount: i64,
    unit: &str,
    label: &str,
    events: &mut Vec<String>,
) -> bool {
    let Some((n, its_unit)) = remaining.split_once(' ') else {
        return true;
    };
    let (Ok(n), true) = (n.parse::<i64>(), its_unit.trim_end_matches('s') == unit) else {
        return true;
    };
    let left = n - amount;
    if left <= 0 {
        events.push(format!("{label} ends"));
        return false;
    }
    *remaining = format!("{left} {unit}{}", if left == 1 { "" } else { "s" });
    events.push(format!("{label}: {remaining} left"));
    true
}

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
