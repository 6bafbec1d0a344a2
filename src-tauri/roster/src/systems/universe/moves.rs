//! The universe moves: attacks, fate cards, saves with augmentation, sudden takedown and group
//! stealth.

use rollbook_rules::kinds;
use rollbook_rules::table::universe_deck::Card;
use rollbook_rules::table::universe_fate::{FateUse, Holder};
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;
use uuid::Uuid;

use crate::table::{Outcome, TableContext, TableError, TableRoll};

use super::state::*;
use super::words::*;

impl UniverseEncounter {
    /// The attack request: the attacker's combat skill and attack bonus plus any fate card,
    /// against the target's AC (or `ac`) plus the target's card.
    pub(super) fn attack_request(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Option<Uuid>,
        ac: Option<i64>,
        advantage: bool,
        cards: [Option<&str>; 2],
    ) -> Result<RollRequest, TableError> {
        self.part(ctx, attacker)?;
        let sheet = universe_sheet(ctx, attacker)
            .cloned()
            .unwrap_or_else(npc_sheet);
        let mut bonus = sheet.combat_skill + sheet.attack_bonus;
        if let Some(code) = cards[0] {
            bonus += Self::card_bonus(code)?;
        }
        let mut ac = match (ac, target) {
            (Some(ac), _) => ac,
            (None, Some(target)) => {
                self.part(ctx, target)?;
                universe_sheet(ctx, target)
                    .cloned()
                    .unwrap_or_else(npc_sheet)
                    .ac
            }
            (None, None) => {
                return Err(TableError::invalid(
                    "name the target or give the AC to beat",
                ))
            }
        };
        if let Some(code) = cards[1] {
            if target.is_none() {
                return Err(TableError::invalid("a card on AC needs the target named"));
            }
            ac += Self::card_bonus(code)?;
        }
        Ok(RollRequest::UniverseAttack(kinds::universe::Attack {
            bonus,
            ac,
            advantage,
        }))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn attack(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Option<Uuid>,
        ac: Option<i64>,
        advantage: bool,
        cards: [Option<&str>; 2],
    ) -> Result<Outcome<Self>, TableError> {
        let request = self.attack_request(ctx, attacker, target, ac, advantage, cards)?;
        let (_, name) = self.part(ctx, attacker)?;
        let mut next = self.clone();
        let mut played = Vec::new();
        if let Some(code) = cards[0] {
            let holder = self.card_holder(ctx, attacker)?;
            let used = next.use_fate(ctx, holder, code, FatePlay::Attack, None)?;
            next = used.table;
            played.extend(used.events);
        }
        if let (Some(code), Some(target)) = (cards[1], target) {
            let holder = self.card_holder(ctx, target)?;
            let used = next.use_fate(ctx, holder, code, FatePlay::ArmorClass, None)?;
            next = used.table;
            played.extend(used.events);
        }
        let result = ctx
            .dice
            .roll(&request, ctx.house_rules, 0)
            .map_err(TableError::from)?;
        let against = target
            .and_then(|t| ctx.seat(t).ok())
            .map(|s| format!(" on {}", s.name()))
            .unwrap_or_default();
        let mut events = vec![Event::roll_detail(format!(
            "{name}'s attack{against}: {}",
            result.detail
        ))];
        events.extend(played);
        match result.outcome.as_str() {
            "critical" => {
                events.push(Event::said(format!(
                    "{name} rolled a natural 20: the attack hits."
                )));
                next = next.fate_of_natural_twenty(ctx, attacker, &mut events)?;
            }
            "fumble" => events.push(Event::said(format!(
                "{name} rolled a natural 1: the attack misses, with a complication."
            ))),
            _ => {}
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![TableRoll {
                participant_id: Some(attacker),
                request,
                result,
            }],
        })
    }

    pub(super) fn use_fate(
        &self,
        ctx: &TableContext,
        participant_id: Option<Uuid>,
        code: &str,
        usage: FatePlay,
        combatant_id: Option<Uuid>,
    ) -> Result<Outcome<Self>, TableError> {
        let table = self.deck()?;
        let card = parse_card(code)?;
        let holder = match participant_id {
            Some(id) => {
                let (_, name) = self.part(ctx, id)?;
                if !table.players.contains_key(&id.to_string()) {
                    return Err(TableError::invalid(format!(
                        "{name} is not a PC, so holds no fate cards"
                    )));
                }
                Holder::Player(id.to_string())
            }
            None => Holder::Gm,
        };
        let usage = match usage {
            FatePlay::Attack => FateUse::Attack,
            FatePlay::ArmorClass => FateUse::ArmorClass,
            FatePlay::Save => FateUse::Save,
            FatePlay::SecondInitiative => {
                let combatant = combatant_id.or(participant_id).ok_or_else(|| {
                    TableError::invalid("say whose second initiative entry the GM's card makes")
                })?;
                ctx.seat(combatant)?;
                if self.dealt_round != ctx.encounter.round {
                    return Err(TableError::stage("deal this round's cards first"));
                }
                FateUse::SecondInitiative {
                    combatant: combatant.to_string(),
                }
            }
        };
        let second = matches!(usage, FateUse::SecondInitiative { .. });
        let mut outcome = self.fate_outcome(ctx, table.use_card(holder, card, usage), None)?;
        if second {
            outcome
                .events
                .push(Event::ruling(RulingId::UniverseFateInitiative));
        }
        Ok(outcome)
    }

    /// The save request of a move and what it spends before the roll.
    pub(super) fn save_request(
        &self,
        ctx: &TableContext,
        id: Uuid,
        save: SaveKind,
        dc: Option<i64>,
        before: i64,
        fate_bonus: i64,
    ) -> Result<RollRequest, TableError> {
        let (part, name) = self.part(ctx, id)?;
        let sheet = universe_sheet(ctx, id).cloned().unwrap_or_else(npc_sheet);
        let dc = dc.unwrap_or(match save {
            SaveKind::Physical => sheet.saves.physical,
            SaveKind::Mental => sheet.saves.mental,
            SaveKind::Luck => sheet.saves.luck,
        });
        let (kind, pool) = match save {
            SaveKind::Physical => (kinds::universe::SaveType::Physical, part.hp.max(0)),
            SaveKind::Mental => (kinds::universe::SaveType::Mental, part.sanity.max(0)),
            SaveKind::Luck => (kinds::universe::SaveType::Luck, 0),
        };
        if save == SaveKind::Luck && before > 0 {
            return Err(TableError::invalid(format!(
                "{name}: a Luck save is augmented only with fate cards, not hp or Sanity"
            )));
        }
        if before < 0 {
            return Err(TableError::invalid(
                "augmentation before the roll is 0 or more points",
            ));
        }
        Ok(RollRequest::UniverseAugmentedSave(
            kinds::universe::AugmentedSave {
                dc,
                bonus: fate_bonus,
                save: kind,
                before,
                pool,
                ..Default::default()
            },
        ))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn save(
        &self,
        ctx: &TableContext,
        id: Uuid,
        save: SaveKind,
        dc: Option<i64>,
        before: i64,
        fate_card: Option<&str>,
    ) -> Result<Outcome<Self>, TableError> {
        let (_, name) = self.part(ctx, id)?;
        let mut next = self.clone();
        let mut events = Vec::new();
        let mut fate_bonus = 0;
        if let Some(code) = fate_card {
            let played = next.use_fate(ctx, Some(id), code, FatePlay::Save, None)?;
            let face = matches!(parse_card(code)?, Card::Suited { rank, .. } if rank > 10);
            next = played.table;
            if face {
                next.pending_save = None;
                let mut events = vec![Event::said(format!(
                    "{name}'s save succeeds: a face card was played on it."
                ))];
                events.extend(played.events);
                events.push(Event::ruling(RulingId::UniverseFaceCardSave));
                return Ok(Outcome::said(next, events));
            }
            if let Card::Suited { rank, .. } = parse_card(code)? {
                fate_bonus = i64::from(rank);
            }
            events.extend(played.events);
        }
        let request = next.save_request(ctx, id, save, dc, before, fate_bonus)?;
        let result = ctx
            .dice
            .roll(&request, ctx.house_rules, 0)
            .map_err(TableError::from)?;
        let kind = match save {
            SaveKind::Physical => "Physical",
            SaveKind::Mental => "Mental",
            SaveKind::Luck => "Luck",
        };
        events.insert(
            0,
            Event::roll_detail(format!("{name}'s {kind} save: {}", result.detail)),
        );
        let cost_before = 2 * before;
        if cost_before > 0 {
            let part = next.parts.get_mut(&id).expect("checked above");
            let (pool, unit) = match save {
                SaveKind::Physical => (&mut part.hp, "hp"),
                _ => (&mut part.sanity, "Sanity"),
            };
            *pool -= cost_before;
            events.push(Event::said(format!(
                "{name} spent {cost_before} {unit} for +{before} before the roll (2 per +1); {pool} {unit} left."
            )));
            if *pool == 0 && unit == "hp" {
                events.push(Event::said(format!("{name} is at 0 hp: mortally wounded.")));
            }
        }
        next.pending_save = None;
        if let Some(cost) = result
            .outcome
            .strip_prefix("spend_")
            .and_then(|c| c.parse::<i64>().ok())
        {
            next.pending_save = Some(PendingSave {
                participant_id: id,
                save,
                cost,
            });
            events.push(Event::said(format!(
                "{name} can still turn it: {cost} {} after the roll (4 per +1).",
                if save == SaveKind::Physical {
                    "hp"
                } else {
                    "Sanity"
                }
            )));
        }
        if result.outcome == "fate" {
            events.push(Event::ruling(RulingId::UniverseSaveNaturalTwenty));
            next = next.fate_of_natural_twenty(ctx, id, &mut events)?;
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![TableRoll {
                participant_id: Some(id),
                request,
                result,
            }],
        })
    }

    pub(super) fn augment_after(
        &self,
        ctx: &TableContext,
        id: Uuid,
    ) -> Result<Outcome<Self>, TableError> {
        let (_, name) = self.part(ctx, id)?;
        let pending = self
            .pending_save
            .as_ref()
            .filter(|p| p.participant_id == id)
            .ok_or_else(|| TableError::invalid(format!("{name} has no failed save to turn")))?
            .clone();
        let mut next = self.clone();
        let part = next.parts.get_mut(&id).expect("checked above");
        let (pool, unit) = match pending.save {
            SaveKind::Physical => (&mut part.hp, "hp"),
            _ => (&mut part.sanity, "Sanity"),
        };
        if *pool < pending.cost {
            return Err(TableError::invalid(format!(
                "{name} has {pool} {unit}; turning the save costs {}",
                pending.cost
            )));
        }
        *pool -= pending.cost;
        let left = *pool;
        next.pending_save = None;
        let mut events = vec![Event::said(format!(
            "{name} spent {} {unit} after the roll (4 per +1): the save succeeds; {left} {unit} left.",
            pending.cost
        ))];
        if left == 0 && unit == "hp" {
            events.push(Event::said(format!("{name} is at 0 hp: mortally wounded.")));
        }
        Ok(Outcome::said(next, events))
    }

    pub(super) fn takedown_request(
        &self,
        ctx: &TableContext,
        attacker: Uuid,
        target: Uuid,
    ) -> Result<RollRequest, TableError> {
        self.part(ctx, attacker)?;
        self.part(ctx, target)?;
        let skill = universe_sheet(ctx, attacker).map_or(0, |s| s.combat_skill);
        let dc = universe_sheet(ctx, target)
            .cloned()
            .unwrap_or_else(npc_sheet)
            .saves
            .physical;
        Ok(RollRequest::UniverseSave(kinds::universe::Save {
            dc,
            bonus: -skill,
            ..Default::default()
        }))
    }

    pub(super) fn stealth_request(
        &self,
        ctx: &TableContext,
        leader: Uuid,
        members: &[Uuid],
        difficulty: i64,
    ) -> Result<RollRequest, TableError> {
        let level = |id: Uuid| -> Result<i64, TableError> {
            self.part(ctx, id)?;
            Ok(universe_sheet(ctx, id).map_or(0, |s| skill_level(s, "Stealth")))
        };
        if members.contains(&leader) {
            return Err(TableError::invalid(
                "the leader is not also a teammate; list the others",
            ));
        }
        let levels = members
            .iter()
            .map(|m| level(*m))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RollRequest::UniverseGroupStealth(
            kinds::universe::GroupStealth {
                leader: level(leader)?,
                members: levels,
                difficulty,
            },
        ))
    }

    pub(super) fn rolled(
        &self,
        ctx: &TableContext,
        participant_id: Uuid,
        request: RollRequest,
    ) -> Result<(TableRoll, String), TableError> {
        let result = ctx
            .dice
            .roll(&request, ctx.house_rules, 0)
            .map_err(TableError::from)?;
        let detail = result.detail.clone();
        Ok((
            TableRoll {
                participant_id: Some(participant_id),
                request,
                result,
            },
            detail,
        ))
    }
}
