//! `d12` at the table: each participant's health, effects and conditions (from the sheet when
//! they join; 12 health and no ranks for a quick NPC until the GM sets them), the combat chain as
//! one flow — attack vs Dodge/Mind → Damage Dice → damage roll vs Toughness/Will Power by the
//! weapon's column → the attacker's row → health, effects and conditions with rolled durations,
//! a limb on all natural 1s — and healing by days, salve and ordinary/extraordinary removal.
//! Every roll goes through the engine's own requests (`rollbook_rules::table::d12_chain`), so
//! a move's dice are a quick roll's with the same seed.

use rollbook_rules::table::d12_chain::{Health, Stage, Wounds, QUICK_NPC_HEALTH};
use rollbook_rules::table::ranges;
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::{RollRequest, DAMAGE_TABLE, MISS_MARGIN};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::state::*;
use crate::sheet::Sheet;
use crate::table::track::{self, Adjustment, Tracked};
use crate::table::{seated_parts, Outcome, SystemRules, TableContext, TableError, TableRoll};

impl SystemRules for D12Encounter {
    type Move = D12Move;

    fn empty(_system: crate::model::System) -> Self {
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
