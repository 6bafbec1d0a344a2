//! 64 Bit Heroes Marks: defenses, the success tiers and an extended task's tally; attributes,
//! skills, combat styles and superpowers with the dice they add; how a pool is built and counted.

use serde_json::{json, Value};

use crate::print::section::{heads, Cell, Column, Row, Section};
use crate::print::systems::{Layout, SystemPage, NOTE_LINES};
use crate::sheet::{MarksSheet, Sheet};

pub(super) const LAYOUT: Layout = Layout {
    columns: 2,
    top: 25.0,
    reference: 30.0,
};

pub(super) fn build(sheet: &MarksSheet, notes: &str) -> SystemPage {
    let attributes = sheet
        .attributes
        .iter()
        .map(|(name, &human)| {
            let sup = sheet.super_attributes.get(name).copied().unwrap_or(0);
            Row::new(vec![
                Cell::new(name),
                Cell::new(format!("{human}d6")),
                Cell::new(if sup > 0 {
                    format!("+{sup}d10")
                } else {
                    String::new()
                }),
            ])
        })
        .collect();
    let mut sections = vec![Section::table(
        "Attributes",
        vec![
            Column::new(0.0, "l"),
            Column::new(14.0, "r"),
            Column::new(16.0, "r"),
        ],
        heads(&["Attribute", "Human", "Super"]),
        attributes,
    )];
    let ranked = |title: &str, what: &str, items: Vec<(&str, i64, bool)>| {
        let rows = items
            .into_iter()
            .map(|(name, rank, sup)| {
                let die = if sup { "d10" } else { "d6" };
                Row::new(vec![
                    Cell::new(name),
                    Cell::new(rank.to_string()),
                    Cell::new(format!("+{rank}{die}")),
                ])
            })
            .collect();
        Section::table(
            title,
            vec![
                Column::new(0.0, "l"),
                Column::new(11.0, "r"),
                Column::new(16.0, "r"),
            ],
            heads(&[what, "Rank", "Dice"]),
            rows,
        )
    };
    sections.push(ranked(
        "Skills",
        "Skill",
        sheet
            .skills
            .iter()
            .map(|s| (s.name.as_str(), s.rank, s.is_super))
            .collect(),
    ));
    sections.push(ranked(
        "Combat styles",
        "Style",
        sheet
            .styles
            .iter()
            .map(|s| (s.name.as_str(), s.rank, false))
            .collect(),
    ));
    sections.push(ranked(
        "Superpowers",
        "Power",
        sheet
            .superpowers
            .iter()
            .map(|s| (s.name.as_str(), s.rank, true))
            .collect(),
    ));
    sections.push(Section::notes("Notes", notes, NOTE_LINES));
    SystemPage {
        top: json!({ "defenses": defenses(sheet) }),
        reference: json!({}),
        sections,
    }
}

/// The three defenses as the sheet report derives them (RULES.md: averages of two attributes).
fn defenses(sheet: &MarksSheet) -> Vec<Value> {
    Sheet::Marks(sheet.clone())
        .derived(&Default::default())
        .into_iter()
        .filter_map(|d| {
            let name = d.label.strip_suffix(" defense")?.to_string();
            Some(json!({ "name": name, "value": d.value }))
        })
        .collect()
}
