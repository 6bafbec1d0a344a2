//! The catalog's comparisons (`compare` of every kind): each names a field its kind takes, and
//! every alternative is a value that field accepts, so Compare never offers a choice the engine
//! refuses. Checked under the ruled chart and under a roster's own stunt levels.

use std::collections::HashSet;

use rollbook_rules::{
    catalog_with, odds_varied, CompareValue, FieldKind, HouseRules, Pick, StuntChart,
};
use serde_json::{json, Value};

fn house_rules_roster() -> HouseRules {
    let levels = ["Feeble", "Average", "Skilled", "Heroic", "Legend"];
    let mut stunt = StuntChart::ruled(levels.iter().map(|l| l.to_string()).collect());
    stunt.chart[2][1] = 5;
    HouseRules {
        stunt,
        ..HouseRules::default()
    }
}

fn check_every_kind(house: &HouseRules) {
    let catalog = catalog_with(house);
    let mut compared = 0;
    // The shipped files only: the catalog also lists files other tests of this binary register
    // and forget while it runs (under `cargo test` they share one process's registry), and a
    // file forgotten between the catalog and its odds would be refused as unknown.
    let shipped = catalog
        .files
        .iter()
        .filter(|s| rollbook_rules::system_file::shipped::find(&s.id).is_some());
    for system in catalog
        .systems
        .iter()
        .chain(&catalog.notation)
        .chain(shipped)
    {
        for kind in &system.kinds {
            let at = format!("{} {}", system.id, kind.id);
            let mut ids = HashSet::new();
            for compare in &kind.compare {
                assert!(
                    ids.insert(&compare.id),
                    "{at}: two comparisons are {}",
                    compare.id
                );
                let field = kind
                    .fields
                    .iter()
                    .find(|f| f.name == compare.field)
                    .unwrap_or_else(|| {
                        panic!("{at}: {} is not a field of the kind", compare.field)
                    });
                assert!(
                    compare.alternatives.len() >= 2,
                    "{at} {}: one alternative",
                    compare.id
                );
                let labels: HashSet<_> = compare.alternatives.iter().map(|a| &a.label).collect();
                assert_eq!(
                    labels.len(),
                    compare.alternatives.len(),
                    "{at} {}: labels repeat",
                    compare.id
                );
                let mut values = Vec::new();
                for alternative in &compare.alternatives {
                    let what = format!("{at} {} {}", compare.id, alternative.label);
                    match (&alternative.pick, &field.kind) {
                        (
                            Pick::Set {
                                value: CompareValue::Int(v),
                            },
                            FieldKind::Int { min, max, .. },
                        ) => {
                            assert!(
                                (min..=max).contains(&v),
                                "{what}: {v} outside {min}..={max}"
                            );
                            values.push(json!(v));
                        }
                        (
                            Pick::Set {
                                value: CompareValue::Bool(v),
                            },
                            FieldKind::Bool { .. },
                        ) => values.push(json!(v)),
                        (
                            Pick::Set {
                                value: CompareValue::Text(v),
                            },
                            FieldKind::Choice { choices, .. },
                        ) => {
                            assert!(choices.contains(v), "{what}: {v} is not one of {choices:?}");
                            values.push(json!(v));
                        }
                        (Pick::Add { by }, FieldKind::Int { min, max, default }) => {
                            assert!(
                                by.abs() <= max - min,
                                "{what}: +{by} is wider than the range"
                            );
                            let value = default + by;
                            if (min..=max).contains(&&value) {
                                values.push(json!(value));
                            }
                        }
                        (pick, kind) => panic!("{what}: {pick:?} does not fit {kind:?}"),
                    }
                }
                // The kind's own request takes every alternative (a save bought up before the
                // roll needs the hp to buy it with; a Luck save, compared among the save types
                // of `file-universe`, takes none).
                let mut request = json!({"system": system.id, "roll": kind.id});
                if kind.id == "augmented_save" && compare.field == "before" {
                    request["pool"] = json!(20);
                }
                let answers = odds_varied(&request, &compare.field, &values, house)
                    .unwrap_or_else(|e| panic!("{at} {}: {e}", compare.id));
                assert_eq!(answers.len(), values.len());
                compared += 1;
            }
        }
    }
    assert!(compared >= 15, "only {compared} comparisons in the catalog");
}

#[test]
fn every_comparison_names_a_field_of_its_kind_and_values_it_takes() {
    check_every_kind(HouseRules::ruled());
    check_every_kind(&house_rules_roster());
}

#[test]
fn the_stunt_levels_compared_are_the_rosters() {
    let house = house_rules_roster();
    let catalog = catalog_with(&house);
    let check = catalog
        .systems
        .iter()
        .flat_map(|s| &s.kinds)
        .find(|k| k.id == "check")
        .unwrap();
    let active = check
        .compare
        .iter()
        .find(|c| c.field == "active")
        .expect("the active level is compared");
    let values: Vec<Value> = active
        .alternatives
        .iter()
        .map(|a| match &a.pick {
            Pick::Set { value } => value.to_json(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        values,
        house
            .stunt
            .levels
            .iter()
            .map(|l| json!(l))
            .collect::<Vec<_>>()
    );
}

#[test]
fn the_contract_kinds_each_offer_a_comparison() {
    for (system, roll) in [
        ("stunt", "check"),
        ("genre", "action"),
        ("universe", "attack"),
        ("universe", "save"),
        ("marks", "pool"),
        ("d12", "straight"),
        ("d12", "opposed"),
    ] {
        let catalog = catalog_with(HouseRules::ruled());
        let kind = catalog
            .systems
            .iter()
            .filter(|s| s.id == system)
            .flat_map(|s| &s.kinds)
            .find(|k| k.id == roll)
            .unwrap();
        assert!(!kind.compare.is_empty(), "{system} {roll} compares nothing");
    }
}

/// What the window offers on a typed expression, past the catalog's target: each `@name`'s
/// value (`values.NAME`), which `odds_varied` sets inside `values`, as `rollbook odds --vary`.
#[test]
fn a_typed_expressions_comparisons_are_each_taken() {
    let text = "d20+@bonus >= @dc";
    let names = rollbook_rules::notation::names(text);
    let choices = rollbook_rules::kinds::dice::comparisons(&names);
    let ids: Vec<&str> = choices.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["target", "values.bonus", "values.dc"]);
    let request = json!({"system": "dice", "roll": "expr", "expr": text,
                         "values": {"bonus": 3, "dc": 15}, "target": 1});
    for choice in &choices {
        let own = match choice.field.strip_prefix("values.") {
            Some(name) => request["values"][name].as_i64().unwrap(),
            None => request[&choice.field].as_i64().unwrap(),
        };
        let values: Vec<Value> = (choice.alternatives.iter())
            .map(|a| match a.pick {
                Pick::Add { by } => json!(own + by),
                ref other => panic!("{other:?}"),
            })
            .collect();
        let answers = odds_varied(&request, &choice.field, &values, HouseRules::ruled())
            .unwrap_or_else(|e| panic!("{}: {e}", choice.id));
        assert_eq!(answers.len(), values.len());
    }
    // A higher bonus never lowers the chance of reaching the dc.
    let bonus = odds_varied(
        &request,
        "values.bonus",
        &[json!(0), json!(5)],
        HouseRules::ruled(),
    )
    .unwrap();
    assert!(bonus[1].success > bonus[0].success);
}
