//! The d12 attack chain's steps on the table: a participant's part, defense and ability, the
//! requests of the attack, damage and removal rolls, starting an attack and its weapon.

use rollbook_rules::table::d12_chain::{Ability, AttackChain, AttackKind, Column, Weapon, Wounds};
use rollbook_rules::table::ranges::{self, MoveRange};
use rollbook_rules::RollRequest;
use serde_json::Value;
use uuid::Uuid;

use super::derived::{extra_dice, gear, CapOnSheet, Gear, UNARMED};
use super::state::*;
use crate::sheet::Defense;
use crate::table::{Outcome, TableContext, TableError};

impl D12Encounter {
    pub(super) fn part(&self, ctx: &TableContext, id: Uuid) -> Result<&D12Part, TableError> {
        let seat = ctx.seat(id)?;
        self.parts
            .get(&id)
            .ok_or_else(|| TableError::invalid(format!("{} has no d12 state yet", seat.name())))
    }

    /// The defender's roll in `role`: ranks and extra dice from the sheet (or the NPC's ranks),
    /// Dazed from the wounds.
    pub(super) fn defense(
        &self,
        ctx: &TableContext,
        id: Uuid,
        role: Defense,
    ) -> Result<Ability, TableError> {
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
    pub(super) fn ability(
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

    pub(super) fn pending(&self) -> Result<&PendingAttack, TableError> {
        self.attack
            .as_ref()
            .ok_or_else(|| TableError::stage("no attack is being played; start one first"))
    }

    pub(super) fn attack_roll_request(
        &self,
        ctx: &TableContext,
    ) -> Result<RollRequest, TableError> {
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

    pub(super) fn damage_roll_request(
        &self,
        ctx: &TableContext,
    ) -> Result<RollRequest, TableError> {
        let a = self.pending()?;
        let defender = self.defense(ctx, a.defender_id, toughness_or_will(a.chain.kind))?;
        a.chain.damage_request(&defender).map_err(TableError::from)
    }

    pub(super) fn removal_request(
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

    pub(super) fn with_wounds(&self, id: Uuid, wounds: Wounds) -> D12Encounter {
        let mut next = self.clone();
        if let Some(part) = next.parts.get_mut(&id) {
            part.wounds = wounds;
        }
        next
    }

    pub(super) fn start(
        &self,
        ctx: &TableContext,
        action: &D12Move,
    ) -> Result<Outcome<Self>, TableError> {
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
    pub(super) fn weapon(
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
