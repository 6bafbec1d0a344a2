//! `d12` at the table: each participant's health, effects and conditions (from the sheet when
//! they join; 12 health and no ranks for a quick NPC until the GM sets them), the combat chain as
//! one flow — attack vs Dodge/Mind → Damage Dice → damage roll vs Toughness/Will Power by the
//! weapon's column → the attacker's row → health, effects and conditions with rolled durations,
//! a limb on all natural 1s — and healing by days, salve and ordinary/extraordinary removal.
//! Every roll goes through the engine's own requests (`rollbook_rules::table::d12_chain`), so
//! a move's dice are a quick roll's with the same seed.

use indexmap::IndexMap;
use rollbook_rules::table::d12_chain::{
    Ability, AttackChain, AttackKind, Column, Condition, Effect, Health, Stage, Weapon, Wounds,
    QUICK_NPC_HEALTH,
};
use rollbook_rules::table::ranges::{self, MoveRange};
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::{RollRequest, DAMAGE_TABLE, MISS_MARGIN};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::derived::{extra_dice, gear, CapOnSheet, Gear, UNARMED};
use crate::sheet::{D12Sheet, Defense, Sheet};
use crate::table::track::{self, Adjustment, Tracked};
use crate::table::{seated_parts, Outcome, SystemRules, TableContext, TableError, TableRoll};

/// A quick NPC's defense ranks (a stored character's come from its sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NpcDefenses {
    pub dodge: i64,
    pub mind: i64,
    pub toughness: i64,
    pub will_power: i64,
}

/// One participant's running state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct D12Part {
    pub wounds: Wounds,
    /// Set for a quick NPC only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub npc: Option<NpcDefenses>,
}

/// The attack being played: who, with what, and where the chain stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PendingAttack {
    pub attacker_id: Uuid,
    pub defender_id: Uuid,
    /// The attacking ability as named on the sheet ("Guns"), or "Attack" for a quick NPC.
    pub ability: String,
    pub ranks: i64,
    pub extra_dice: i64,
    pub chain: AttackChain,
    /// Once the damage is rolled: the rows the attacker may choose, what each does.
    #[serde(default)]
    pub choices: Vec<RowChoice>,
}

/// A row of the damage table the attacker may choose, in words for the weapon's column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowChoice {
    pub row: i64,
    /// The row's difficulty name ("Hard").
    pub name: String,
    /// What it does with this weapon ("3 damage", "Stunned 1 turn", "Memory 1 week; …").
    pub does: String,
}

/// Rows 1 to `reached` as the attacker sees them with `column`.
fn row_choices(reached: i64, column: Column) -> Vec<RowChoice> {
    DAMAGE_TABLE
        .iter()
        .take(reached.clamp(0, 9) as usize)
        .enumerate()
        .map(|(i, r)| RowChoice {
            row: i as i64 + 1,
            name: r.difficulty.to_string(),
            does: match column {
                Column::Damage => format!("{} damage", r.damage),
                Column::Effect => r.effect.to_string(),
                Column::Condition => r.condition.to_string(),
            },
        })
        .collect()
}

/// Every participant's part, by participant id, and the attack in progress.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct D12Encounter {
    pub parts: IndexMap<Uuid, D12Part>,
    pub attack: Option<PendingAttack>,
}

/// A `d12` move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum D12Move {
    /// An attack begins: `ability` is the attacker's (by name; `ranks` for a quick NPC), `weapon`
    /// one the attacker carries or "Unarmed" (cap and column from RULES.md), or any other with
    /// its `cap` and `column` given.
    AttackStart {
        attacker_id: Uuid,
        defender_id: Uuid,
        kind: AttackKind,
        ability: String,
        #[serde(default)]
        ranks: Option<i64>,
        weapon: String,
        #[serde(default)]
        cap: Option<i64>,
        #[serde(default)]
        #[cfg_attr(
            feature = "ts",
            ts(type = "\"damage\" | \"effect\" | \"condition\" | null")
        )]
        column: Option<Column>,
    },
    /// Step 1: the attack against Dodge (physical) or Mind (mental).
    AttackRoll,
    /// Step 2: the Damage Dice against Toughness (physical) or Will Power (mental).
    DamageRoll,
    /// Step 3: the attacker's row, any up to the one reached; `condition` names the condition
    /// (memory, command, dominate, limb) on the Condition column.
    ChooseRow {
        row: i64,
        #[serde(default)]
        condition: Option<String>,
    },
    AttackCancel,
    /// Days of rest for one participant: 1 health a day.
    HealDays {
        participant_id: Uuid,
        days: i64,
    },
    /// Healing Salve: +1 health, once a day.
    Salve {
        participant_id: Uuid,
    },
    /// An ability check to remove effect or condition `index` (effects first, then
    /// conditions), by ordinary or extraordinary means.
    Remove {
        participant_id: Uuid,
        index: usize,
        #[serde(default)]
        extraordinary: bool,
        ability: String,
        #[serde(default)]
        ranks: Option<i64>,
    },
    /// Time passes for everyone: effects and conditions timed in `unit` count down.
    Elapse {
        amount: i64,
        unit: String,
    },
    /// Health changed by hand: `by` (negative to take away) or `to` a number, one of the two,
    /// within 0 (dead) and the max (`track` is `health`).
    Adjust(Adjustment),
    /// A quick NPC's health and defense ranks (a stored character's come from its sheet).
    SetNpc {
        participant_id: Uuid,
        health: i64,
        #[serde(flatten)]
        defenses: NpcDefenses,
    },
}

fn sheet_of<'a>(ctx: &'a TableContext, id: Uuid) -> Option<&'a D12Sheet> {
    match ctx.seat(id).ok()?.sheet() {
        Some(Sheet::D12(s)) => Some(s),
        _ => None,
    }
}

fn name_of(ctx: &TableContext, id: Uuid) -> String {
    ctx.seat(id)
        .map(|s| s.name().into_owned())
        .unwrap_or_else(|_| id.to_string())
}

/// The rules' sentences about one participant, each after their name.
fn about(who: &str, said: Vec<String>) -> Vec<Event> {
    said.into_iter()
        .map(|e| Event::said(format!("{who}: {e}")))
        .collect()
}

/// The wounds a sheet records (the table rows of its effects are read back by name when needed).
fn wounds_from(sheet: &D12Sheet) -> Wounds {
    Wounds {
        health: Health {
            current: sheet.health.current,
            max: sheet.health.max,
        },
        effects: sheet
            .effects
            .iter()
            .map(|e| Effect {
                name: e.name.clone(),
                remaining: e.remaining.clone(),
                row: 0,
            })
            .collect(),
        conditions: sheet
            .conditions
            .iter()
            .map(|c| Condition {
                kind: serde_json::to_value(c.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                detail: c.detail.clone(),
                remaining: c.remaining.clone(),
                row: 0,
            })
            .collect(),
        salve_used_today: false,
    }
}

impl D12Encounter {
    fn part(&self, ctx: &TableContext, id: Uuid) -> Result<&D12Part, TableError> {
        let seat = ctx.seat(id)?;
        self.parts
            .get(&id)
            .ok_or_else(|| TableError::invalid(format!("{} has no d12 state yet", seat.name())))
    }

    /// The defender's roll in `role`: ranks and extra dice from the sheet (or the NPC's ranks),
    /// Dazed from the wounds.
    fn defense(&self, ctx: &TableContext, id: Uuid, role: Defense) -> Result<Ability, TableError> {
        let part = self.part(ctx, id)?;
        let (ranks, extra) = match (sheet_of(ctx, id), part.npc) {
            (Some(sheet), _) => (
                sheet.defense(role).map_or(0, |a| a.ranks),
                extra_dice(sheet, Some(role)).0,
            ),
            (None, Some(npc)) => (
                match role {
                    Defense::Dodge => npc.dodge,
                    Defense::Mind => npc.mind,
                    Defense::Toughness => npc.toughness,
                    Defense::WillPower => npc.will_power,
                },
                0,
            ),
            (None, None) => (0, 0),
        };
        Ok(part.wounds.ability(ranks, extra))
    }

    /// An ability of `id` by name (its ranks and extra dice), or the `ranks` given for a quick NPC
    /// (within the move's `range`).
    fn ability(
        &self,
        ctx: &TableContext,
        id: Uuid,
        name: &str,
        (ranks, range): (Option<i64>, &MoveRange),
    ) -> Result<(String, i64, i64), TableError> {
        let who = name_of(ctx, id);
        match sheet_of(ctx, id) {
            Some(sheet) => {
                let found = sheet
                    .abilities
                    .iter()
                    .find(|a| a.name.trim().eq_ignore_ascii_case(name.trim()))
                    .ok_or_else(|| {
                        let names: Vec<&str> =
                            sheet.abilities.iter().map(|a| a.name.as_str()).collect();
                        TableError::invalid(format!(
                            "{who} has no ability \"{}\"; the sheet lists {}",
                            name.trim(),
                            names.join(", ")
                        ))
                    })?;
                Ok((
                    found.name.clone(),
                    found.ranks,
                    extra_dice(sheet, found.defense).0,
                ))
            }
            None => {
                let ranks = ranks.ok_or_else(|| {
                    TableError::invalid(format!(
                        "{who} has no sheet: give the ranks of the ability used"
                    ))
                })?;
                let label = if name.trim().is_empty() {
                    "Attack".to_string()
                } else {
                    name.trim().to_string()
                };
                Ok((label, TableError::check_range(range, ranks)?, 0))
            }
        }
    }

    fn pending(&self) -> Result<&PendingAttack, TableError> {
        self.attack
            .as_ref()
            .ok_or_else(|| TableError::stage("no attack is being played; start one first"))
    }

    fn attack_roll_request(&self, ctx: &TableContext) -> Result<RollRequest, TableError> {
        let a = self.pending()?;
        let attacker = self
            .part(ctx, a.attacker_id)?
            .wounds
            .ability(a.ranks, a.extra_dice);
        let defender = self.defense(ctx, a.defender_id, dodge_or_mind(a.chain.kind))?;
        a.chain
            .attack_request(&attacker, &defender)
            .map_err(TableError::from)
    }

    fn damage_roll_request(&self, ctx: &TableContext) -> Result<RollRequest, TableError> {
        let a = self.pending()?;
        let defender = self.defense(ctx, a.defender_id, toughness_or_will(a.chain.kind))?;
        a.chain.damage_request(&defender).map_err(TableError::from)
    }

    fn removal_request(
        &self,
        ctx: &TableContext,
        id: Uuid,
        index: usize,
        extraordinary: bool,
        ability: &str,
        ranks: Option<i64>,
    ) -> Result<(RollRequest, Ability), TableError> {
        let (_, ranks, extra) =
            self.ability(ctx, id, ability, (ranks, &ranges::D12_REMOVE_RANKS))?;
        let part = self.part(ctx, id)?;
        let ability = part.wounds.ability(ranks, extra);
        let request = part
            .wounds
            .removal_request(index, extraordinary, &ability)
            .map_err(TableError::from)?;
        Ok((request, ability))
    }

    fn with_wounds(&self, id: Uuid, wounds: Wounds) -> D12Encounter {
        let mut next = self.clone();
        if let Some(part) = next.parts.get_mut(&id) {
            part.wounds = wounds;
        }
        next
    }

    fn start(&self, ctx: &TableContext, action: &D12Move) -> Result<Outcome<Self>, TableError> {
        let D12Move::AttackStart {
            attacker_id,
            defender_id,
            kind,
            ability,
            ranks,
            weapon,
            cap,
            column,
        } = action
        else {
            unreachable!("start is called with AttackStart");
        };
        if attacker_id == defender_id {
            return Err(TableError::invalid(
                "an attack needs two participants: pick someone else to defend",
            ));
        }
        self.part(ctx, *defender_id)?;
        let (ability, ranks, extra_dice) = self.ability(
            ctx,
            *attacker_id,
            ability,
            (*ranks, &ranges::D12_ATTACK_RANKS),
        )?;
        let weapon = self.weapon(ctx, *attacker_id, weapon, *cap, *column)?;
        let chain = AttackChain::new(*kind, weapon.clone()).map_err(TableError::from)?;
        let mut next = self.clone();
        next.attack = Some(PendingAttack {
            attacker_id: *attacker_id,
            defender_id: *defender_id,
            ability: ability.clone(),
            ranks,
            extra_dice,
            chain,
            choices: Vec::new(),
        });
        let against = match kind {
            AttackKind::Physical => "Dodge",
            AttackKind::Mental => "Mind",
        };
        let event = format!(
            "{} attacks {} with {} ({ability}, cap {}, {} column) against {against}",
            name_of(ctx, *attacker_id),
            name_of(ctx, *defender_id),
            weapon.name,
            weapon.cap,
            column_name(weapon.column)
        );
        Ok(Outcome::said(next, vec![event]))
    }

    /// The weapon of an attack: carried (or Unarmed), with RULES.md's cap and column; any
    /// other needs its cap and column.
    fn weapon(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        name: &str,
        cap: Option<i64>,
        column: Option<Column>,
    ) -> Result<Weapon, TableError> {
        let name = name.trim();
        let known = match gear(name) {
            Some(Gear::Weapon(w)) => Some(w),
            _ if name.eq_ignore_ascii_case(UNARMED.name) => Some(UNARMED),
            _ => None,
        };
        let sheet = sheet_of(ctx, attacker);
        if let Some(cap) = cap {
            TableError::check_range(&ranges::D12_WEAPON_CAP, cap)?;
        }
        match (known, cap, column) {
            (_, Some(cap), Some(column)) => Ok(Weapon {
                name: if name.is_empty() {
                    "Weapon".into()
                } else {
                    name.into()
                },
                cap,
                column,
            }),
            (Some(w), _, _) => {
                let cap = match sheet {
                    Some(s) => w.cap(s),
                    None => w.base_cap,
                };
                let column = serde_json::from_value(Value::from(w.column))
                    .map_err(|e| TableError::invalid(format!("weapon column: {e}")))?;
                Ok(Weapon {
                    name: w.name.to_string(),
                    cap,
                    column,
                })
            }
            (None, _, _) => Err(TableError::invalid(format!(
                "\"{name}\" is not a weapon of RULES.md: give its cap (0 to 20 dice) and column"
            ))),
        }
    }
}

fn dodge_or_mind(kind: AttackKind) -> Defense {
    match kind {
        AttackKind::Physical => Defense::Dodge,
        AttackKind::Mental => Defense::Mind,
    }
}

fn toughness_or_will(kind: AttackKind) -> Defense {
    match kind {
        AttackKind::Physical => Defense::Toughness,
        AttackKind::Mental => Defense::WillPower,
    }
}

fn column_name(column: Column) -> &'static str {
    match column {
        Column::Damage => "Damage",
        Column::Effect => "Effect",
        Column::Condition => "Condition",
    }
}

impl SystemRules for D12Encounter {
    type Move = D12Move;

    fn empty() -> Self {
        Self::default()
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        let parts = seated_parts(&self.parts, ctx, |seat| match seat.sheet() {
            Some(Sheet::D12(sheet)) => D12Part {
                wounds: wounds_from(sheet),
                npc: None,
            },
            _ => D12Part {
                wounds: Wounds::healthy(QUICK_NPC_HEALTH),
                npc: Some(NpcDefenses::default()),
            },
        });
        // An attack whose attacker or defender left is over.
        let attack = self
            .attack
            .clone()
            .filter(|a| ctx.seat(a.attacker_id).is_ok() && ctx.seat(a.defender_id).is_ok());
        Ok(D12Encounter { parts, attack })
    }

    fn apply(&self, action: &D12Move, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        match action {
            D12Move::AttackStart { .. } => self.start(ctx, action),
            D12Move::AttackRoll => {
                let a = self.pending()?.clone();
                let attacker = self
                    .part(ctx, a.attacker_id)?
                    .wounds
                    .ability(a.ranks, a.extra_dice);
                let defender = self.defense(ctx, a.defender_id, dodge_or_mind(a.chain.kind))?;
                let (chain, said, made) = a
                    .chain
                    .attack(&attacker, &defender, ctx.house_rules, ctx.dice)
                    .map_err(TableError::from)?;
                let roll = TableRoll::made(Some(a.attacker_id), made);
                let mut events = about(&name_of(ctx, a.attacker_id), said);
                let mut next = self.clone();
                // A miss, or a hit below the first row's Roll that a lowered miss margin lets
                // through, is the roster's house rule when it has one.
                let house_ruled = ctx.house_rules.miss_margin != MISS_MARGIN.default;
                let below_first_row = roll.result.total.is_some_and(|m| m < DAMAGE_TABLE[0].roll);
                if chain.stage == Stage::Done {
                    next.attack = None;
                    events.push(Event::ruling(if house_ruled {
                        RulingId::D12MissMarginHouseRule
                    } else {
                        RulingId::D12MarginMisses
                    }));
                } else if let Some(p) = next.attack.as_mut() {
                    if house_ruled && below_first_row {
                        events.push(Event::ruling(RulingId::D12MissMarginHouseRule));
                    }
                    p.chain = chain;
                }
                Ok(Outcome {
                    table: next,
                    order: None,
                    events,
                    rolls: vec![roll],
                })
            }
            D12Move::DamageRoll => {
                let a = self.pending()?.clone();
                let defender = self.defense(ctx, a.defender_id, toughness_or_will(a.chain.kind))?;
                let (chain, said, made) = a
                    .chain
                    .damage(&defender, ctx.house_rules, ctx.dice)
                    .map_err(TableError::from)?;
                let roll = TableRoll::made(Some(a.attacker_id), made);
                let who = name_of(ctx, a.defender_id);
                let mut events = about(&who, said);
                let mut next = self.clone();
                match &chain.stage {
                    Stage::Done => {
                        next.attack = None;
                        events.push(Event::said(format!(
                            "{who}: No row reached: the defence holds"
                        )));
                    }
                    Stage::ChooseRow { limb: Some(_), .. } => {
                        events.push(Event::ruling(RulingId::D12NaturalOnesLimb));
                        if let Some(p) = next.attack.as_mut() {
                            p.chain = chain;
                        }
                    }
                    _ => {
                        if let Some(p) = next.attack.as_mut() {
                            p.chain = chain;
                        }
                    }
                }
                if let Some(p) = next.attack.as_mut() {
                    if let Stage::ChooseRow { reached, .. } = p.chain.stage {
                        p.choices = row_choices(reached, p.chain.weapon.column);
                    }
                }
                Ok(Outcome {
                    table: next,
                    order: None,
                    events,
                    rolls: vec![roll],
                })
            }
            D12Move::ChooseRow { row, condition } => {
                let a = self.pending()?.clone();
                let defender = &self.part(ctx, a.defender_id)?.wounds;
                let (_, wounds, events_said, stacking) = a
                    .chain
                    .choose_row(*row, condition.as_deref(), defender, ctx.dice)
                    .map_err(TableError::from)?;
                let mut next = self.with_wounds(a.defender_id, wounds);
                next.attack = None;
                let mut events = vec![Event::said(format!(
                    "{} chooses row {row}",
                    name_of(ctx, a.attacker_id)
                ))];
                events.extend(about(&name_of(ctx, a.defender_id), events_said));
                if stacking {
                    events.push(Event::ruling(RulingId::D12NoStacking));
                }
                Ok(Outcome::said(next, events))
            }
            D12Move::AttackCancel => {
                let a = self.pending()?;
                let mut next = self.clone();
                next.attack = None;
                Ok(Outcome::said(
                    next,
                    vec![format!(
                        "{}'s attack on {} is called off",
                        name_of(ctx, a.attacker_id),
                        name_of(ctx, a.defender_id)
                    )],
                ))
            }
            D12Move::HealDays {
                participant_id,
                days,
            } => {
                TableError::check_range(&ranges::D12_HEAL_DAYS, *days)?;
                let part = self.part(ctx, *participant_id)?;
                let (wounds, events) = part.wounds.heal_days(*days).map_err(TableError::from)?;
                let who = name_of(ctx, *participant_id);
                Ok(Outcome::said(
                    self.with_wounds(*participant_id, wounds),
                    about(&who, events),
                ))
            }
            D12Move::Adjust(Adjustment {
                participant_id,
                track,
                by,
                to,
            }) => {
                let part = self.part(ctx, *participant_id)?;
                if *track != Tracked::Health {
                    return Err(track.not_kept("d12", &[Tracked::Health]));
                }
                let who = name_of(ctx, *participant_id);
                let Health { current, max } = part.wounds.health;
                let value = track::adjusted(*track, &who, current, *by, *to, (0, max))?;
                let mut wounds = part.wounds.clone();
                wounds.health.current = value;
                let mut events = vec![track::said(*track, &who, current, value)];
                if value == 0 {
                    events.push(format!("{who} is at 0 health: dead."));
                }
                Ok(Outcome::said(
                    self.with_wounds(*participant_id, wounds),
                    events,
                ))
            }
            D12Move::Salve { participant_id } => {
                let part = self.part(ctx, *participant_id)?;
                let (wounds, events) = part.wounds.salve().map_err(TableError::from)?;
                let who = name_of(ctx, *participant_id);
                Ok(Outcome::said(
                    self.with_wounds(*participant_id, wounds),
                    about(&who, events),
                ))
            }
            D12Move::Remove {
                participant_id,
                index,
                extraordinary,
                ability,
                ranks,
            } => {
                // The request is the preview's; the rules roll it once, below, and hand it back.
                let (_, check) = self.removal_request(
                    ctx,
                    *participant_id,
                    *index,
                    *extraordinary,
                    ability,
                    *ranks,
                )?;
                let part = self.part(ctx, *participant_id)?;
                let (wounds, said, made) = part
                    .wounds
                    .remove(*index, *extraordinary, &check, ctx.dice)
                    .map_err(TableError::from)?;
                Ok(Outcome {
                    table: self.with_wounds(*participant_id, wounds),
                    order: None,
                    events: about(&name_of(ctx, *participant_id), said),
                    rolls: vec![TableRoll::made(Some(*participant_id), made)],
                })
            }
            D12Move::Elapse { amount, unit } => {
                TableError::check_range(&ranges::D12_ELAPSE, *amount)?;
                let mut next = self.clone();
                let mut events = vec![Event::said(format!("{amount} {unit}(s) pass"))];
                for (id, part) in &self.parts {
                    let (wounds, said) = part
                        .wounds
                        .elapse(*amount, unit)
                        .map_err(TableError::from)?;
                    events.extend(about(&name_of(ctx, *id), said));
                    next = next.with_wounds(*id, wounds);
                }
                Ok(Outcome::said(next, events))
            }
            D12Move::SetNpc {
                participant_id,
                health,
                defenses,
            } => {
                let seat = ctx.seat(*participant_id)?;
                if seat.character.is_some() {
                    return Err(TableError::invalid(format!(
                        "{}'s health and ranks come from the sheet; change them there",
                        seat.name()
                    )));
                }
                let who = seat.name();
                for (range, ranks) in [
                    (&ranges::D12_NPC_DODGE, defenses.dodge),
                    (&ranges::D12_NPC_MIND, defenses.mind),
                    (&ranges::D12_NPC_TOUGHNESS, defenses.toughness),
                    (&ranges::D12_NPC_WILL_POWER, defenses.will_power),
                    (&ranges::D12_NPC_HEALTH, *health),
                ] {
                    TableError::check_range(range, ranks)?;
                }
                let mut next = self.clone();
                let part = next
                    .parts
                    .get_mut(participant_id)
                    .ok_or_else(|| TableError::invalid(format!("{who} has no d12 state yet")))?;
                // An unhurt NPC starts at its new health; a hurt one keeps its wounds.
                let h = part.wounds.health;
                let current = if h.current == h.max {
                    *health
                } else {
                    h.current.min(*health)
                };
                part.wounds.health = Health {
                    current,
                    max: *health,
                };
                part.npc = Some(*defenses);
                Ok(Outcome::said(
                    next,
                    vec![format!(
                        "{who}: health {health}, Dodge {}, Mind {}, Toughness {}, Will Power {}",
                        defenses.dodge, defenses.mind, defenses.toughness, defenses.will_power
                    )],
                ))
            }
        }
    }

    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        // One round is one turn for everyone: durations in turns count down.
        let mut next = self.clone();
        let mut events = Vec::new();
        for (id, part) in &self.parts {
            let (wounds, said) = part.wounds.elapse(1, "turn").map_err(TableError::from)?;
            let who = name_of(ctx, *id);
            events.extend(said.into_iter().map(|e| format!("{who}: {e}")));
            next = next.with_wounds(*id, wounds);
        }
        Ok(Outcome::said(next, events))
    }

    fn preview(
        &self,
        action: &D12Move,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match action {
            D12Move::AttackRoll => self.attack_roll_request(ctx).map(Some),
            D12Move::DamageRoll => self.damage_roll_request(ctx).map(Some),
            D12Move::Remove {
                participant_id,
                index,
                extraordinary,
                ability,
                ranks,
            } => self
                .removal_request(
                    ctx,
                    *participant_id,
                    *index,
                    *extraordinary,
                    ability,
                    *ranks,
                )
                .map(|(request, _)| Some(request)),
            _ => Ok(None),
        }
    }

    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, Map<String, Value>)> {
        ctx.seats
            .iter()
            .filter(|seat| sheet_of(ctx, seat.participant.id).is_some())
            .filter_map(|seat| {
                let w = &self.parts.get(&seat.participant.id)?.wounds;
                let mut fields = Map::new();
                fields.insert(
                    "health".into(),
                    serde_json::json!({"current": w.health.current, "max": w.health.max}),
                );
                // The sheet keeps what FORMAT.md has: no table rows, no salve flag.
                let effects: Vec<Value> = w
                    .effects
                    .iter()
                    .map(|e| serde_json::json!({"name": e.name, "remaining": e.remaining}))
                    .collect();
                let conditions: Vec<Value> = w
                    .conditions
                    .iter()
                    .map(|c| {
                        serde_json::json!({"kind": c.kind, "detail": c.detail,
                                           "remaining": c.remaining})
                    })
                    .collect();
                fields.insert("effects".into(), Value::Array(effects));
                fields.insert("conditions".into(), Value::Array(conditions));
                Some((seat.participant.id, fields))
            })
            .collect()
    }
}
