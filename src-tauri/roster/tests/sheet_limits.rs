//! The sheet limits the catalog serves (`sheet_limits`, what the window's sheet forms show) are
//! the limits the sheet check enforces: for every served limit, a sheet with the value at the
//! bound is accepted and one with the value one past it is refused at that path.

use rollbook_roster::{Sheet, System};
use rollbook_rules::sheet_limits::{Measure, SheetLimit, SHEET_LIMITS};
use rollbook_rules::HouseRules;
use serde_json::{json, Value};

/// A valid sheet of each system on which every bound can be reached: tracks at 0 (so any max
/// holds them), Stamina 10 (so the Grunt count may reach its limit), lucky (two fate cards).
fn base(system: &str) -> (System, Value) {
    let (system, given) = given(system);
    // Every field the example leaves out as the blank sheet has it, so every path is there.
    let mut sheet = Sheet::blank(system).to_value();
    for (key, value) in given.as_object().unwrap() {
        sheet[key] = value.clone();
    }
    (system, sheet)
}

fn given(system: &str) -> (System, Value) {
    match system {
        "stunt" => (
            System::Stunt,
            json!({"basestats": {"ATT": "Average", "POWER": "Average", "LUCK": "Average"},
                   "htk": {"current": 0, "max": 20}}),
        ),
        "genre" => (
            System::Genre,
            json!({"level": 2,
                   "attributes": {"Strength": 3, "Agility": 2, "Stamina": 10, "Intellect": 2, "Presence": 2},
                   "powers": [{"name": "Flight", "level": 3}],
                   "skills": [{"name": "Acrobatics", "modifier": 4}],
                   "glory": 2,
                   "trackers": {"grunt_penalties": [-1], "grunts_since_rest": 1, "nuts_used": 0, "nut_rounds_left": 0}}),
        ),
        "universe" => (
            System::Universe,
            json!({"skills": [{"name": "Stealth", "level": 1}],
                   "hp": {"current": 0, "max": 10}, "sanity": {"current": 0, "max": 10},
                   "lucky": true, "fate": ["QH"]}),
        ),
        "marks" => (
            System::Marks,
            json!({"attributes": {"Agility": 2, "Cunning": 2, "Intelligence": 2, "Fortitude": 2, "Domination": 2},
                   "super_attributes": {"Agility": 3},
                   "skills": [{"name": "Intimidation", "rank": 3, "super": false}],
                   "styles": [{"name": "Brawling", "rank": 2}],
                   "superpowers": [{"name": "Flight", "rank": 2}]}),
        ),
        "d12" => (
            System::D12,
            json!({"abilities": [{"name": "Guns", "ranks": 2}], "health": {"current": 0, "max": 12}}),
        ),
        other => panic!("a limit of an unknown system {other}"),
    }
}

/// Sets the value at a served path (`a.b`, `list[].field` on the first item, `map.*` on the
/// first key, `list[]` the first item) and answers the concrete path the check names.
fn set(sheet: &mut Value, path: &str, value: Value) -> String {
    let mut at = sheet;
    let mut concrete = String::from("sheet");
    for part in path.split('.') {
        let (key, item) = match part.strip_suffix("[]") {
            Some(key) => (key, true),
            None => (part, false),
        };
        if key == "*" {
            let first = at.as_object().unwrap().keys().next().unwrap().clone();
            concrete = format!("{concrete}.{first}");
            at = at.get_mut(&first).unwrap();
        } else {
            concrete = format!("{concrete}.{key}");
            at = at
                .get_mut(key)
                .unwrap_or_else(|| panic!("{path}: no {key}"));
        }
        if item {
            concrete = format!("{concrete}[0]");
            at = at
                .get_mut(0)
                .unwrap_or_else(|| panic!("{path}: {key} is empty"));
        }
    }
    *at = value;
    concrete
}

/// The list a served `Items` limit counts, with `n` items valid one by one.
fn list_of(limit: &SheetLimit, n: i64) -> Value {
    let item = |i: i64| match (limit.system, limit.path) {
        ("genre", "trackers.grunt_penalties") => json!(-1),
        ("universe", "fate") => json!(["QH", "10S", "AC", "2D", "KC"][i as usize]),
        other => panic!("no items for {other:?}"),
    };
    Value::Array((0..n).map(item).collect())
}

/// The d12 abilities whose ranks add up to `total`, each within its own limit.
fn abilities_totalling(total: i64) -> Value {
    let each = rollbook_rules::sheet_limits::D12_RANKS.max_or(i64::MAX);
    let mut left = total;
    let mut out = Vec::new();
    while left > 0 {
        let ranks = left.min(each);
        out.push(json!({"name": format!("Ability {}", out.len()), "ranks": ranks}));
        left -= ranks;
    }
    Value::Array(out)
}

/// The sheet with `n` at the limit, and the path a refusal of it names.
fn with(limit: &SheetLimit, n: i64) -> (System, Value, String) {
    let (system, mut sheet) = base(limit.system);
    let at = match limit.measure {
        Measure::Value => set(&mut sheet, limit.path, json!(n)),
        Measure::Items => set(&mut sheet, limit.path, list_of(limit, n)),
        Measure::Total => {
            let list = limit.path.split("[]").next().unwrap();
            set(&mut sheet, list, abilities_totalling(n))
        }
    };
    (system, sheet, at)
}

fn problems(system: System, sheet: &Value) -> Vec<String> {
    match Sheet::from_json(system, sheet, &HouseRules::default()) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(|p| p.path.clone()).collect(),
    }
}

fn accepted_at(limit: &SheetLimit, n: i64) {
    let (system, sheet, at) = with(limit, n);
    assert_eq!(
        problems(system, &sheet),
        Vec::<String>::new(),
        "{at} = {n} ({limit:?})"
    );
}

fn refused_at(limit: &SheetLimit, n: i64) {
    let (system, sheet, at) = with(limit, n);
    let found = problems(system, &sheet);
    assert!(
        found.contains(&at),
        "{at} = {n} was not refused there: {found:?} ({limit:?})"
    );
}

#[test]
fn every_served_bound_is_the_bound_the_check_enforces() {
    assert_eq!(rollbook_rules::catalog().sheet_limits, SHEET_LIMITS);
    for limit in SHEET_LIMITS {
        // A list can hold no fewer than 0 items, and a total of no ranks is under no minimum.
        if limit.measure == Measure::Value {
            accepted_at(limit, limit.min);
            refused_at(limit, limit.min - 1);
        }
        if let Some(max) = limit.max {
            accepted_at(limit, max);
            refused_at(limit, max + 1);
        }
    }
}

#[test]
fn a_track_without_a_served_max_is_held_to_its_own_max() {
    let current = rollbook_rules::sheet_limits::D12_HEALTH_CURRENT;
    assert_eq!(current.max, None);
    let (system, mut sheet) = base("d12");
    let at = set(&mut sheet, "health.current", json!(13));
    assert_eq!(problems(system, &sheet), [at]);
}
