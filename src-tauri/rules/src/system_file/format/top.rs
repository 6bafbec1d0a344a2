//! The file as a whole: its size, its TOML, `format`, the system's `id`, `version`, `name`,
//! `summary`, `rulings`, then each part in the order the parts read each other (the sheet and
//! the house numbers, the derived values, the trackers' maxima, the rolls, the table).

use toml::de::DeTable;

use super::access::Table;
use super::expr::{self, Known, Scope};
use super::limits::{past_declarations, MAX_DECLARATIONS, MAX_FILE_BYTES};
use super::names::id_problem;
use super::problem::Problems;
use super::{derived, house, rolls, sheet, table};
use crate::system_file::model::{SheetFieldKind, SystemFile};

/// The formats this build reads.
pub const FORMATS: [i64; 1] = [1];

const KEYS: [&str; 11] = [
    "format",
    "id",
    "version",
    "name",
    "summary",
    "rulings",
    "sheet",
    "derived",
    "house_rules",
    "rolls",
    "table",
];

pub(crate) fn read(text: &str, problems: &mut Problems) -> Option<SystemFile> {
    if text.len() > MAX_FILE_BYTES {
        problems.at_offset(
            0,
            format!(
                "the file is past the limit of {} bytes (1 MiB): a system file is refused whole",
                crate::grouped(MAX_FILE_BYTES)
            ),
        );
        return None;
    }
    let (root, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        for error in errors {
            let at = error.span().map_or(0, |s| s.start);
            problems.at_offset(at, format!("not valid TOML: {}", error.message().trim()));
        }
        return None;
    }
    let root = Table::new(root.get_ref(), 0..0, "the file");
    if !format_known(&root, problems) {
        return None;
    }
    if let Some(span) = past_declarations(root.entries) {
        problems.at(&span, format!("the file declares more than {} things (sheet fields, derived values, rolls, their fields, lets, outcomes…): split the system or trim it", crate::grouped(MAX_DECLARATIONS)));
        return None;
    }
    root.only(&KEYS, problems);
    let id = root.str("id", "the system's id, such as \"my-game\"", problems);
    if let Some(id) = &id {
        if let Some(why) = id_problem(&id.text) {
            problems.at(&id.span, why);
        }
    }
    let version = match root.int(
        "version",
        "the system's version, a whole number from 1",
        problems,
    ) {
        Some((v, span)) if v < 1 => {
            problems.at(
                &span,
                "`version` is a whole number from 1 (raise it each time the file changes)",
            );
            None
        }
        other => other.map(|(v, _)| v as u32),
    };
    let name = root.str("name", "the system's name as GMs know it", problems);
    if let Some(name) = &name {
        if name.text.trim().is_empty() {
            problems.at(&name.span, "`name` is empty: write the system's name");
        }
    }
    let summary = root.opt_str("summary", problems);
    let rulings = root.opt_str_list("rulings", problems).unwrap_or_default();

    let mut scope = Scope::new();
    let mut fields = Vec::new();
    let mut tracker_maxima = Vec::new();
    if let Some(sheet_table) = root.opt_table("sheet", problems) {
        for (key, value) in sheet_table.entries.iter() {
            let field_name = key.get_ref().to_string();
            let Some(inner) = value.get_ref().as_table() else {
                problems.at(
                    &value.span(),
                    format!(
                        "`sheet.{field_name}` is a table: [sheet.{field_name}] with its `type`"
                    ),
                );
                continue;
            };
            let inner = Table::new(inner, key.span(), format!("[sheet.{field_name}]"));
            let read = sheet::read_field(&field_name, &inner, problems);
            if read.is_none() {
                problems.declared_badly(&field_name);
            }
            if let Some(read) = read {
                let range = match &read.field.kind {
                    SheetFieldKind::Number { min, max, .. } => {
                        Some((min.to_owned(), max.to_owned()))
                    }
                    SheetFieldKind::Check { .. } => Some((0, 1)),
                    _ => None,
                };
                if let Some((lo, hi)) = range {
                    scope.insert(
                        field_name.clone(),
                        Known {
                            what: "a sheet value",
                            lo,
                            hi,
                            span: read.name_span.clone(),
                        },
                    );
                }
                if let Some(max) = read.tracker_max {
                    tracker_maxima.push((fields.len(), read.name_span.clone(), max));
                }
                fields.push(read.field);
            }
        }
    }
    let mut house_numbers = Vec::new();
    if let Some(house_table) = root.opt_table("house_rules", problems) {
        for (key, value) in house_table.entries.iter() {
            let number_name = key.get_ref().to_string();
            let Some(inner) = value.get_ref().as_table() else {
                problems.at(&value.span(), format!("`house_rules.{number_name}` is a table: [house_rules.{number_name}] with `min`, `max`, `default`"));
                continue;
            };
            let inner = Table::new(inner, key.span(), format!("[house_rules.{number_name}]"));
            match house::read(&number_name, &inner, &mut scope, problems) {
                Some(number) => house_numbers.push(number),
                None => problems.declared_badly(&number_name),
            }
        }
    }
    let derived_values = match root.opt_table("derived", problems) {
        Some(derived_table) => derived::read(&derived_table, &mut scope, problems),
        None => Vec::new(),
    };
    for (index, name_span, max) in tracker_maxima {
        let name = fields[index].name.clone();
        let place = format!("the `max` of [sheet.{name}]");
        let Some(names) = expr::read(
            problems,
            &max,
            &scope,
            &place,
            Some("a tracker's maximum is worked out from the sheet, never rolled; roll dice in a roll's `let` or `value`"),
        ) else {
            problems.declared_badly(&name);
            continue;
        };
        let before = problems.blocking();
        expr::check_bounds(problems, &max, &names, &scope, &place);
        if problems.blocking() != before {
            problems.declared_badly(&name);
            continue;
        }
        let range = expr::range_of(&max.text, &names, &scope);
        if let Some((lo, _)) = range.filter(|(lo, _)| *lo < 0) {
            problems.advise(
                &max.span,
                format!(
                    "{place} can work out to {lo}, below 0: such a tracker is kept at 0 of 0; \
                     write `max(0, {})` or keep it from going below 0",
                    crate::text::excerpt(&max.text)
                ),
            );
        }
        let hi = range.map_or(0, |(_, hi)| hi.max(0));
        if let Some(known) = scope.get(&name) {
            derived::clash(&name, known, &name_span, "a tracker", problems);
        }
        scope.insert(
            name,
            Known {
                what: "a tracker of the sheet",
                lo: 0,
                hi,
                span: name_span,
            },
        );
    }
    let mut roll_kinds = Vec::new();
    let sources = super::fields::Sources::new(&fields, &derived_values);
    if let Some(rolls_table) = root.opt_table("rolls", problems) {
        for (key, value) in rolls_table.entries.iter() {
            let id = key.get_ref().to_string();
            let Some(inner) = value.get_ref().as_table() else {
                problems.at(
                    &value.span(),
                    format!("`rolls.{id}` is a table: [rolls.{id}]"),
                );
                continue;
            };
            let inner = Table::new(inner, key.span(), format!("[rolls.{id}]"));
            if let Some(kind) = rolls::read(&id, &inner, &sources, &scope, problems) {
                roll_kinds.push(kind);
            }
        }
    }
    let table_decl = match root.opt_table("table", problems) {
        Some(table_table) => table::read(
            &table_table,
            &fields,
            &roll_kinds,
            rolls_declared(&root),
            problems,
        ),
        None => Some(Default::default()),
    };
    Some(SystemFile {
        format: 1,
        id: id?.text.to_string(),
        version: version?,
        name: name?.text.to_string(),
        summary: summary.map(|t| t.text.to_string()).unwrap_or_default(),
        sheet: fields,
        derived: derived_values,
        house_numbers,
        rulings: rulings.iter().map(|t| t.text.to_string()).collect(),
        rolls: roll_kinds,
        table: table_decl?,
        source: text.to_string(),
        blank: Default::default(),
        layouts: Default::default(),
    })
}

/// The roll ids written in the file, read or not (the table may name one with problems of its
/// own: those are told there, not again here).
fn rolls_declared(root: &Table) -> Vec<String> {
    root.get("rolls")
        .and_then(|r| r.get_ref().as_table())
        .map(|t| t.keys().map(|k| k.get_ref().to_string()).collect())
        .unwrap_or_default()
}

/// `format = 1`: told when missing (the rest is read as format 1), told and `false` for another
/// format (nothing else is checked then: another format's keys mean other things).
fn format_known(root: &Table, problems: &mut Problems) -> bool {
    let formats = FORMATS
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    match root.get("format") {
        // Told, and the rest read as format 1: every other problem at once (an empty file
        // is told each key it needs). A file of another format is read no further.
        None => {
            problems.at_offset(0, format!("the file needs `format = 1` at its top (the formats this build reads: {formats})"));
            true
        }
        Some(value) => match value
            .get_ref()
            .as_integer()
            .and_then(|i| i64::from_str_radix(i.as_str(), i.radix()).ok())
        {
            Some(n) if FORMATS.contains(&n) => true,
            _ => {
                let written = problems
                    .locator
                    .text()
                    .get(value.span())
                    .unwrap_or("?")
                    .to_string();
                problems.at(&value.span(), format!("format {} is not one this build reads (it reads format {formats}): update Rollbook, or write the file in format 1", crate::text::excerpt(&written)));
                false
            }
        },
    }
}
