//! CSV for spreadsheets: one row per character with the sheet flattened into columns
//! (`sheet.abilities.Guns.ranks`), and one row per logged roll.
//!
//! Sheet lists of named items become one column per name and field; lists of plain values are
//! joined with "; ". Text that a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`,
//! unless it is a number) is written with a leading `'`, the usual guard against CSV injection:
//! roster files travel between people.

use std::io::Write;

use indexmap::IndexMap;
use serde_json::Value;

use super::selection::ExportSelection;
use crate::error::{Result, RosterError};
use crate::store::{LogQuery, Store};

/// The selected characters as CSV, written to `out` as the database is read: one pass
/// gathers the sheet columns (every sheet's, in order of appearance) and reads every
/// character before the first byte (a damaged one is refused by name with nothing written),
/// a second writes one row per character. One character is in memory at a time, whatever
/// the roster's size. Answers how many rosters and rows.
pub(crate) fn write_characters(
    store: &Store,
    selection: &ExportSelection,
    out: impl Write,
) -> Result<(usize, usize)> {
    let rosters = store.selected_rosters(selection)?;
    let mut sheet_columns: IndexMap<String, ()> = IndexMap::new();
    for roster in &rosters {
        store.each_character(roster.id, |c| {
            if selection.holds(&c) {
                let mut cells = IndexMap::new();
                flatten("sheet", &c.sheet.to_value(), &mut cells);
                for key in cells.into_keys() {
                    sheet_columns.entry(key).or_default();
                }
            }
            Ok(())
        })?;
    }
    let mut w = csv::Writer::from_writer(out);
    let header = [
        "roster",
        "roster_id",
        "system",
        "id",
        "name",
        "player",
        "kind",
        "tags",
        "notes",
    ]
    .into_iter()
    .map(String::from)
    .chain(sheet_columns.keys().cloned());
    w.write_record(header).map_err(export_error)?;
    let mut rows = 0;
    for roster in &rosters {
        store.each_character(roster.id, |c| {
            if !selection.holds(&c) {
                return Ok(());
            }
            let mut cells = IndexMap::new();
            flatten("sheet", &c.sheet.to_value(), &mut cells);
            let base = [
                roster.name.clone(),
                roster.id.to_string(),
                roster.system.to_string(),
                c.id.to_string(),
                c.name,
                c.player,
                c.kind.as_str().to_string(),
                c.tags.join("; "),
                c.notes,
            ];
            let record = base.iter().map(|s| guard(s)).chain(
                sheet_columns
                    .keys()
                    .map(|k| cells.get(k).map(|s| guard(s)).unwrap_or_default()),
            );
            w.write_record(record).map_err(export_error)?;
            rows += 1;
            Ok(())
        })?;
    }
    w.flush().map_err(|e| RosterError::Export(e.to_string()))?;
    Ok((rosters.len(), rows))
}

/// Writes the logged rolls matching `query` (newest first) as CSV, row by row as the
/// database is read; returns the number of rows. Every entry is read once before the first
/// byte is written: a damaged one is refused by name with nothing written.
pub(crate) fn write_log(store: &Store, query: &LogQuery, out: impl Write) -> Result<usize> {
    store.each_log_entry(query, |_| Ok(()))?;
    let mut rows = 0;
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "at",
        "roster",
        "character",
        "system",
        "roll",
        "outcome",
        "success",
        "total",
        "dice",
        "seed",
        "detail",
        "request",
        "secret",
    ])
    .map_err(export_error)?;
    store.each_log_entry(query, |e| {
        let total = e
            .result
            .get("total")
            .and_then(Value::as_i64)
            .map(|t| t.to_string())
            .unwrap_or_default();
        let dice: Vec<String> = e.dice.iter().map(u32::to_string).collect();
        w.write_record([
            e.at.to_string(),
            guard(e.roster_name.as_deref().unwrap_or_default()),
            guard(e.character_name.as_deref().unwrap_or_default()),
            e.system.clone(),
            // A typed roll is named by its notation as the GM typed it, as the log shows it.
            guard(e.notation().unwrap_or(&e.roll)),
            e.outcome.clone(),
            e.success.to_string(),
            total,
            dice.join(" "),
            // A roll made by hand has no seed to replay it: say so where the seed goes.
            if e.by_hand {
                "by hand".to_string()
            } else {
                e.seed.to_string()
            },
            guard(&e.detail),
            e.request.to_string(),
            e.secret.to_string(),
        ])
        .map_err(export_error)?;
        rows += 1;
        Ok(())
    })?;
    w.flush().map_err(|e| RosterError::Export(e.to_string()))?;
    Ok(rows)
}

fn export_error(e: csv::Error) -> RosterError {
    RosterError::Export(e.to_string())
}

/// `'=cmd…` instead of `=cmd…`; numbers such as `-2` stay as they are.
fn guard(text: &str) -> String {
    let risky = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && text.parse::<f64>().is_err() {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// Sheet JSON → `column → cell`.
fn flatten(prefix: &str, value: &Value, out: &mut IndexMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                flatten(&format!("{prefix}.{k}"), v, out);
            }
        }
        Value::Array(items) if items.iter().all(|v| !v.is_object() && !v.is_array()) => {
            let cells: Vec<String> = items.iter().map(scalar).collect();
            out.insert(prefix.to_string(), cells.join("; "));
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                match item.get("name").and_then(Value::as_str) {
                    Some(name) => {
                        let mut rest = item.clone();
                        if let Some(obj) = rest.as_object_mut() {
                            obj.shift_remove("name");
                        }
                        flatten(&format!("{prefix}.{name}"), &rest, out);
                    }
                    None => flatten(&format!("{prefix}[{i}]"), item, out),
                }
            }
        }
        v => {
            out.insert(prefix.to_string(), scalar(v));
        }
    }
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_typed_roll_is_named_by_its_notation_and_the_log_is_read_row_by_row() {
        use crate::{LogQuery, NewLogEntry};
        let mut store = Store::open_in_memory().unwrap();
        for request in [
            r#"{"system":"dice","roll":"expr","expr":" 4d6kh3 "}"#,
            r#"{"system":"dice","roll":"expr","expr":"@bonus+d20","values":{"bonus":2}}"#,
            r#"{"system":"d12","roll":"straight","ranks":2}"#,
        ] {
            let request = rollbook_rules::parse_request(request).unwrap();
            let result = rollbook_rules::roll(&request, 7).unwrap();
            store.log_roll(NewLogEntry::new(&request, &result)).unwrap();
        }
        let mut out = Vec::new();
        let rows = store
            .export_log_csv(&LogQuery::default(), &mut out)
            .unwrap();
        let mut reader = csv::Reader::from_reader(out.as_slice());
        let rolls: Vec<(String, String)> = reader
            .records()
            .map(|r| r.unwrap())
            .map(|r| (r[3].to_string(), r[4].to_string()))
            .collect();
        assert_eq!(rows, 3);
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        // Newest first; a notation starting with `@` is guarded like any cell.
        assert_eq!(
            rolls,
            [
                pair("d12", "straight"),
                pair("dice", "'@bonus+d20"),
                pair("dice", "4d6kh3")
            ]
        );
    }

    #[test]
    fn sheets_flatten_by_item_name() {
        let mut out = IndexMap::new();
        flatten(
            "sheet",
            &json!({"abilities": [{"name": "Guns", "ranks": 2}, {"name": "Dodge", "ranks": 1, "defense": "dodge"}],
                    "health": {"current": 12, "max": 12},
                    "conditions": [{"kind": "limb", "detail": "Left Arm", "remaining": "1 day"}],
                    "equipment": ["Body Armor", "Laser Pistol"], "effects": []}),
            &mut out,
        );
        let cells: Vec<(&str, &str)> = out.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            cells,
            [
                ("sheet.abilities.Guns.ranks", "2"),
                ("sheet.abilities.Dodge.ranks", "1"),
                ("sheet.abilities.Dodge.defense", "dodge"),
                ("sheet.health.current", "12"),
                ("sheet.health.max", "12"),
                ("sheet.conditions[0].kind", "limb"),
                ("sheet.conditions[0].detail", "Left Arm"),
                ("sheet.conditions[0].remaining", "1 day"),
                ("sheet.equipment", "Body Armor; Laser Pistol"),
                ("sheet.effects", ""),
            ]
        );
    }

    #[test]
    fn formulas_are_defused_but_numbers_kept() {
        assert_eq!(guard("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(guard("-2"), "-2");
        assert_eq!(guard("@sam"), "'@sam");
        assert_eq!(guard("Vex"), "Vex");
    }
}
