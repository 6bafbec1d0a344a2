//! Saved rolls in a roster file (FORMAT.md, "Saved rolls"): written with their roster and read
//! back the same; a bad one refuses the whole file at its path (with the column of a bad
//! notation) and nothing is imported; a file without them (written before they existed) leaves
//! a merged roster's own.

use rollbook_roster::{
    ExportSelection, Import, ImportMode, NewRoster, NewSavedRoll, Store, System,
};
use rollbook_rules::MAX_SAVED_ROLLS;
use serde_json::{json, Value};
use uuid::Uuid;

fn heroes_with_rolls() -> (Store, Uuid) {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Heroes", System::D12))
        .unwrap()
        .id;
    let mut sneak = NewSavedRoll::new("Sneak attack", "d20+@bonus >= @dc");
    sneak.values.insert("bonus".into(), 5);
    sneak.values.insert("dc".into(), 15);
    sneak.notes = "From hiding".into();
    store.create_saved_roll(roster, sneak).unwrap();
    let mut fireball = NewSavedRoll::new("Fireball", "8d6");
    fireball.target = 28;
    store.create_saved_roll(roster, fireball).unwrap();
    (store, roster)
}

fn exported(store: &Store) -> Value {
    let mut bytes = Vec::new();
    store
        .export_json(&ExportSelection::All, &mut bytes)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

fn import(store: &mut Store, file: &Value, mode: ImportMode) -> rollbook_roster::Result<()> {
    let import = Import::from_bytes(file.to_string().as_bytes())?;
    store.apply_import(&import, mode, |_, _| {}).map(|_| ())
}

fn fields(store: &Store, roster: Uuid) -> Vec<NewSavedRoll> {
    store
        .saved_rolls(roster)
        .unwrap()
        .iter()
        .map(|r| r.fields())
        .collect()
}

#[test]
fn saved_rolls_are_written_as_format_md_says_and_survive_an_import() {
    let (store, roster) = heroes_with_rolls();
    let file = exported(&store);
    assert_eq!(
        file["rosters"][0]["saved_rolls"],
        json!([
            {"name": "Sneak attack", "expr": "d20+@bonus >= @dc", "values": {"bonus": 5, "dc": 15},
             "target": 1, "notes": "From hiding"},
            {"name": "Fireball", "expr": "8d6", "values": {}, "target": 28, "notes": ""}
        ])
    );
    // The file made whole in memory says the same.
    let whole = serde_json::to_value(store.export(&ExportSelection::All).unwrap()).unwrap();
    assert_eq!(
        whole["rosters"][0]["saved_rolls"],
        file["rosters"][0]["saved_rolls"]
    );

    for mode in [ImportMode::Merge, ImportMode::Replace] {
        let mut other = Store::open_in_memory().unwrap();
        import(&mut other, &file, mode).unwrap();
        assert_eq!(fields(&other, roster), fields(&store, roster), "{mode:?}");
    }
    let mut copies = Store::open_in_memory().unwrap();
    import(&mut copies, &file, ImportMode::Copy).unwrap();
    let copy = copies.rosters().unwrap()[0].id;
    assert_ne!(copy, roster);
    assert_eq!(fields(&copies, copy), fields(&store, roster));
}

#[test]
fn a_roster_without_saved_rolls_writes_none() {
    let mut store = Store::open_in_memory().unwrap();
    store
        .create_roster(NewRoster::new("Heroes", System::D12))
        .unwrap();
    let file = exported(&store);
    assert!(file["rosters"][0].get("saved_rolls").is_none());
}

#[test]
fn a_bad_saved_roll_refuses_the_file_at_its_path_and_column_with_nothing_imported() {
    let (store, _) = heroes_with_rolls();
    let good = exported(&store);
    let cases: [(&str, Value, &str); 5] = [
        (
            "bad notation",
            json!({"name": "Stat", "expr": "4d6k3"}),
            "rosters[0].saved_rolls[2].expr: column 4: ",
        ),
        (
            "an unused value",
            json!({"name": "Hit", "expr": "d20", "values": {"bonus": 1}}),
            "rosters[0].saved_rolls[2].values.bonus: ",
        ),
        (
            "a name taken, ignoring case",
            json!({"name": "FIREBALL", "expr": "d6"}),
            "rosters[0].saved_rolls[2].name: ",
        ),
        (
            "an unknown field",
            json!({"name": "Hit", "expr": "d20", "dice": 1}),
            "rosters[0].saved_rolls[2].dice: ",
        ),
        (
            "notes too long",
            json!({"name": "Hit", "expr": "d20", "notes": "x".repeat(101)}),
            "rosters[0].saved_rolls[2].notes: ",
        ),
    ];
    for (what, bad, path) in cases {
        let mut file = good.clone();
        file["rosters"][0]["saved_rolls"]
            .as_array_mut()
            .unwrap()
            .push(bad);
        let mut fresh = Store::open_in_memory().unwrap();
        let error = import(&mut fresh, &file, ImportMode::Merge).unwrap_err();
        assert_eq!(error.code(), "import_refused", "{what}");
        let problems: Vec<String> = error.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            problems.iter().any(|p| p.starts_with(path)),
            "{what}: {problems:?}"
        );
        assert!(fresh.rosters().unwrap().is_empty(), "{what}");
    }

    let mut file = good.clone();
    let many: Vec<Value> = (0..=MAX_SAVED_ROLLS)
        .map(|i| json!({"name": format!("Roll {i}"), "expr": "d6"}))
        .collect();
    file["rosters"][0]["saved_rolls"] = Value::Array(many);
    let mut fresh = Store::open_in_memory().unwrap();
    let error = import(&mut fresh, &file, ImportMode::Merge).unwrap_err();
    assert_eq!(error.problems()[0].path, "rosters[0].saved_rolls");
    assert!(fresh.rosters().unwrap().is_empty());
}

#[test]
fn a_file_without_saved_rolls_keeps_a_merged_roster_s_and_a_replace_empties_them() {
    let (mut store, roster) = heroes_with_rolls();
    let mut file = exported(&store);
    file["rosters"][0]
        .as_object_mut()
        .unwrap()
        .remove("saved_rolls");
    file["rosters"][0]["notes"] = json!("Changed");
    let before = fields(&store, roster);
    import(&mut store, &file, ImportMode::Merge).unwrap();
    assert_eq!(fields(&store, roster), before);
    assert_eq!(store.roster(roster).unwrap().notes, "Changed");
    import(&mut store, &file, ImportMode::Replace).unwrap();
    assert!(fields(&store, roster).is_empty());

    // A file whose saved rolls are the only change updates the roster.
    let (mut store, roster) = heroes_with_rolls();
    let mut file = exported(&store);
    file["rosters"][0]["saved_rolls"] = json!([{"name": "Stat", "expr": "4d6kh3"}]);
    let import_plan = Import::from_bytes(file.to_string().as_bytes()).unwrap();
    let plan = store.plan_import(&import_plan, ImportMode::Merge).unwrap();
    assert_eq!(plan.roster_counts.updated, 1, "{plan:?}");
    import(&mut store, &file, ImportMode::Merge).unwrap();
    let names: Vec<_> = fields(&store, roster).into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["Stat"]);
    // The same file again changes nothing.
    let plan = store.plan_import(&import_plan, ImportMode::Merge).unwrap();
    assert_eq!(plan.roster_counts.skipped, 1, "{plan:?}");
}
