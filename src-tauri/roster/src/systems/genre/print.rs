//! GENRE: Glory, the grunt and Bust A Nut boxes to tick; attributes, powers and skills with their
//! dice; the action roll, grunting and Bust A Nut in brief.

use serde_json::json;

use crate::print::section::{heads, Cell, Column, Row, Section};
use crate::print::systems::{signed, ticks, Layout, SystemPage, NOTE_LINES};
use crate::sheet::GenreSheet;

pub(super) const LAYOUT: Layout = Layout {
    columns: 2,
    top: 25.0,
    reference: 37.0,
};

/// More uses than this print as a number to write in rather than a row of boxes.
const MAX_TICKS: i64 = 12;

pub(super) fn build(sheet: &GenreSheet, notes: &str) -> SystemPage {
    let level_rows = |items: Vec<(&str, i64)>| -> Vec<Row> {
        items
            .into_iter()
            .map(|(name, level)| {
                Row::new(vec![
                    Cell::new(name),
                    Cell::new(level.to_string()),
                    Cell::new(format!("{level}d6")),
                ])
            })
            .collect()
    };
    let level_columns = || {
        vec![
            Column::new(0.0, "l"),
            Column::new(12.0, "r"),
            Column::new(14.0, "r"),
        ]
    };
    let mut sections = vec![Section::table(
        "Attributes",
        level_columns(),
        heads(&["Attribute", "Level", "Dice"]),
        level_rows(
            sheet
                .attributes
                .iter()
                .map(|(k, &v)| (k.as_str(), v))
                .collect(),
        ),
    )];
    sections.push(Section::table(
        "Powers",
        level_columns(),
        heads(&["Power", "Factor", "Dice"]),
        level_rows(
            sheet
                .powers
                .iter()
                .map(|p| (p.name.as_str(), p.level))
                .collect(),
        ),
    ));
    let skills = sheet
        .skills
        .iter()
        .map(|s| Row::new(vec![Cell::new(&s.name), Cell::new(signed(s.modifier))]))
        .collect();
    sections.push(Section::table(
        "Skills",
        vec![Column::new(0.0, "l"), Column::new(16.0, "r")],
        heads(&["Skill", "Modifier"]),
        skills,
    ));
    sections.push(Section::notes("Notes", notes, NOTE_LINES));

    let t = &sheet.trackers;
    let stamina = sheet.attributes.get("Stamina").copied();
    let nuts = (sheet.level <= MAX_TICKS).then(|| ticks(sheet.level, t.nuts_used));
    // The penalties still to come after a Grunt, next first; three boxes in all.
    let mut penalties: Vec<Option<String>> = t
        .grunt_penalties
        .iter()
        .map(|p| Some(p.to_string()))
        .collect();
    penalties.resize(3, None);
    SystemPage {
        top: json!({
            "level": sheet.level,
            "glory": sheet.glory,
            "penalties": penalties,
            "stamina": stamina,
            "grunts": stamina.map(|s| ticks(s, t.grunts_since_rest)),
            "grunts_used": t.grunts_since_rest,
            "nuts": nuts,
            "nuts_used": t.nuts_used,
            "nut_rounds": ticks(2, t.nut_rounds_left),
        }),
        reference: json!({}),
        sections,
    }
}
