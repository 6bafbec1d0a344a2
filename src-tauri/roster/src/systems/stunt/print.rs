//! Uniform Stunt Chart: HTK to write in; each base stat and ability with the roster's chart row
//! for its level (the target to reach against every Defending Level); how a check is rolled.

use rollbook_rules::StuntChart;
use serde_json::json;

use crate::print::metrics::METRICS;
use crate::print::section::{Cell, Column, Row, Section};
use crate::print::systems::{track, Layout, SystemPage, NOTE_LINES};
use crate::sheet::StuntSheet;

pub(super) const LAYOUT: Layout = Layout {
    columns: 1,
    top: 24.0,
    reference: 21.0,
};

/// At most this many Defending Levels side by side; a longer level list prints in bands.
const BAND: usize = 12;
const TARGET_WIDTH: f64 = 9.6;
const LEVEL_WIDTH: f64 = 24.0;

pub(super) fn build(sheet: &StuntSheet, chart: &StuntChart, notes: &str) -> SystemPage {
    let rated: Vec<(&str, &str)> = sheet
        .basestats
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .chain(
            sheet
                .abilities
                .iter()
                .map(|a| (a.name.as_str(), a.level.as_str())),
        )
        .collect();
    let mut sections = chart_rows(&rated, chart);
    sections.push(Section::notes("Notes", notes, NOTE_LINES));
    let house = *chart != StuntChart::ruled(chart.levels.clone());
    SystemPage {
        top: json!({ "htk": track(&sheet.htk) }),
        reference: json!({
            "levels": chart.levels.join(", "),
            "house_chart": house,
        }),
        sections,
    }
}

/// One table per band of Defending Levels: a row per stat or ability, its level, and the chart's
/// target against each Defending Level (its own level's column stands out).
fn chart_rows(rated: &[(&str, &str)], chart: &StuntChart) -> Vec<Section> {
    let n = chart.levels.len();
    let bands = n.div_ceil(BAND).max(1);
    let per_band = n.div_ceil(bands).max(1);
    let name_width =
        METRICS.page_width - LEVEL_WIDTH - TARGET_WIDTH * per_band.min(n).max(1) as f64;
    (0..n)
        .step_by(per_band)
        .map(|start| {
            let band = start..(start + per_band).min(n);
            let mut columns = vec![Column::new(name_width, "l"), Column::new(LEVEL_WIDTH, "l")];
            columns.extend(band.clone().map(|_| Column::new(TARGET_WIDTH, "c")));
            let mut head = vec![Cell::new("Stat or ability"), Cell::new("Level")];
            head.extend(band.clone().map(|d| Cell::with(&chart.levels[d], "rot")));
            let rows = rated
                .iter()
                .map(|&(name, level)| {
                    let active = chart.level_index(level);
                    let mut cells = vec![Cell::new(name), Cell::new(level)];
                    cells.extend(band.clone().map(|d| match active {
                        Some(a) if a == d => Cell::with(chart.target(a, d).to_string(), "hi"),
                        Some(a) => Cell::new(chart.target(a, d).to_string()),
                        None => Cell::new("–"),
                    }));
                    Row::new(cells)
                })
                .collect();
            let title = if bands == 1 {
                "Chart row: the product to reach against each Defending Level".to_string()
            } else {
                format!(
                    "Chart rows against Defending Levels {} to {} of {n}",
                    band.start + 1,
                    band.end
                )
            };
            Section::table(title, columns, Some(head), rows)
        })
        .collect()
}
