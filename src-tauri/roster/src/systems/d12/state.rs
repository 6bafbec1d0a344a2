//! The d12 table's state: each participant's wounds and an NPC's defenses, the attack in
//! progress and its row choices, the moves; and the sheet lookups the moves share.

use indexmap::IndexMap;
use rollbook_rules::table::d12_chain::{
    AttackChain, AttackKind, Column, Condition, Effect, Health, Wounds,
};
use rollbook_rules::table::Event;
use rollbook_rules::DAMAGE_TABLE;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::sheet::{D12Sheet, Defense, Sheet};
use crate::table::track::Adjustment;
use crate::table::TableContext;

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
pub(super) fn row_choices(reached: i64, column: Column) -> Vec<RowChoice> {
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

pub(super) fn sheet_of<'a>(ctx: &'a TableContext, id: Uuid) -> Option<&'a D12Sheet> {
    match ctx.seat(id).ok()?.sheet() {
        Some(Sheet::D12(s)) => Some(s),
        _ => None,
    }
}

pub(super) fn name_of(ctx: &TableContext, id: Uuid) -> String {
    ctx.seat(id)
        .map(|s| s.name().into_owned())
        .unwrap_or_else(|_| id.to_string())
}

/// The rules' sentences about one participant, each after their name.
pub(super) fn about(who: &str, said: Vec<String>) -> Vec<Event> {
    said.into_iter()
        .map(|e| Event::said(format!("{who}: {e}")))
        .collect()
}

/// The wounds a sheet records (the table rows of its effects are read back by name when needed).
pub(super) fn wounds_from(sheet: &D12Sheet) -> Wounds {
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

pub(super) fn dodge_or_mind(kind: AttackKind) -> Defense {
    match kind {
        AttackKind::Physical => Defense::Dodge,
        AttackKind::Mental => Defense::Mind,
    }
}

pub(super) fn toughness_or_will(kind: AttackKind) -> Defense {
    match kind {
        AttackKind::Physical => Defense::Toughness,
        AttackKind::Mental => Defense::WillPower,
    }
}

pub(super) fn column_name(column: Column) -> &'static str {
    match column {
        Column::Damage => "Damage",
        Column::Effect => "Effect",
        Column::Condition => "Condition",
    }
}
