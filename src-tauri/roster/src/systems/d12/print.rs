//! d12 Ranks: health to write in; abilities with their rolls, effects, conditions and equipment;
//! the difficulty and damage table and the Limb table.

use rollbook_rules::{DAMAGE_TABLE, LIMBS};
use serde_json::{json, Value};

use crate::print::section::{heads, Cell, Column, Row, Section};
use crate::print::systems::{track, Layout, SystemPage, BLANK_ROWS, NOTE_LINES};
use crate::sheet::{ConditionKind, D12Sheet, Sheet};

pub(super) const LAYOUT: Layout = Layout {
    columns: 2,
    top: 26.0,
    reference: 71.0,
};

pub(super) fn build(sheet: &D12Sheet, notes: &str) -> SystemPage {
    let mut sections = vec![abilities(sheet)];
    sections.push(two_column(
        "Effects",
        "Effect",
        sheet
            .effects
            .iter()
            .map(|e| (e.name.clone(), e.remaining.clone())),
    ));
    sections.push(two_column(
        "Conditions",
        "Condition",
        sheet.conditions.iter().map(|c| {
            let kind = condition_kind(c.kind);
            let what = if c.detail.trim().is_empty() {
                kind.to_string()
            } else {
                format!("{kind}: {}", c.detail)
            };
            (what, c.remaining.clone())
        }),
    ));
    sections.push(equipment(sheet));
    sections.push(Section::notes("Notes", notes, NOTE_LINES));
    SystemPage {
        top: json!({ "health": track(&sheet.health) }),
        reference: reference(),
        sections,
    }
}

fn abilities(sheet: &D12Sheet) -> Section {
    let rows = sheet
        .abilities
        .iter()
        .map(|a| {
            let role = a.defense.map(|d| d.label()).unwrap_or("");
            Row::new(vec![
                Cell::new(&a.name),
                Cell::with(role, "small"),
                Cell::new(a.ranks.to_string()),
                Cell::new(format!("{}d12{:+}", 1 + a.ranks, a.ranks)),
            ])
        })
        .collect();
    Section::table(
        "Abilities",
        vec![
            Column::new(0.0, "l"),
            Column::new(19.0, "l"),
            Column::new(12.5, "r"),
            Column::new(17.0, "r"),
        ],
        heads(&["Ability", "Defense", "Ranks", "Roll"]),
        rows,
    )
}

/// Effects and conditions: what, and how long it still lasts; blank rows to add more in play.
fn two_column(title: &str, what: &str, items: impl Iterator<Item = (String, String)>) -> Section {
    let mut rows: Vec<Row> = items
        .map(|(name, remaining)| Row::new(vec![Cell::new(name), Cell::new(remaining)]))
        .collect();
    rows.extend((0..BLANK_ROWS).map(|_| Row::blank(2)));
    Section::table(
        title,
        vec![Column::new(0.0, "l"), Column::new(28.0, "l")],
        heads(&[what, "Remaining"]),
        rows,
    )
}

/// Each item, with what the rules make of it (an extra die, a weapon's cap) where they say.
fn equipment(sheet: &D12Sheet) -> Section {
    let derived = Sheet::D12(sheet.clone()).derived(&Default::default());
    let mut rows: Vec<Row> = sheet
        .equipment
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let path = format!("equipment[{i}]");
            let use_ = derived
                .iter()
                .find(|d| d.path == path)
                .map(|d| d.value.clone())
                .unwrap_or_default();
            Row::new(vec![Cell::new(item), Cell::with(use_, "small")])
        })
        .collect();
    rows.extend((0..BLANK_ROWS).map(|_| Row::blank(2)));
    Section::table(
        "Equipment",
        vec![Column::new(0.0, "l"), Column::new(30.0, "l")],
        None,
        rows,
    )
}

fn condition_kind(kind: ConditionKind) -> &'static str {
    match kind {
        ConditionKind::Memory => "Memory",
        ConditionKind::MemoryAlteration => "Memory Alteration",
        ConditionKind::Command => "Command",
        ConditionKind::Dominate => "Dominate",
        ConditionKind::Limb => "Limb",
    }
}

/// The table of RULES.md section 5 as the rules crate holds it, and the Limb table.
fn reference() -> Value {
    let rows: Vec<Value> = DAMAGE_TABLE
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let last = i + 1 == DAMAGE_TABLE.len();
            json!({
                "roll": if last { format!("{}+", r.roll) } else { r.roll.to_string() },
                "difficulty": r.difficulty,
                "dice": r.damage_dice,
                "damage": r.damage,
                "effect": r.effect,
                "condition": r.condition,
            })
        })
        .collect();
    let limbs: Vec<Value> = LIMBS
        .iter()
        .enumerate()
        .map(|(i, limb)| json!({ "face": i + 1, "limb": limb }))
        .collect();
    json!({ "rows": rows, "limbs": limbs })
}
