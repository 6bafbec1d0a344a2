//! Export → import into an empty database → export again gives the same file (ids and order
//! kept), for every valid fixture; importing the same file twice changes nothing.

use crate::common;

use common::{fixture, without_exported_at};
use rollbook_roster::{ExportSelection, Import, ImportMode, Store};

const FIXTURES: [&str; 6] = [
    "stunt.json",
    "genre.json",
    "universe.json",
    "marks.json",
    "d12.json",
    "all-systems.json",
];

fn import_into_empty(text: &str) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("db.sqlite3")).unwrap();
    let import = Import::from_bytes(text.as_bytes()).unwrap();
    store
        .apply_import(&import, ImportMode::Merge, |_, _| {})
        .unwrap();
    (dir, store)
}

#[test]
fn fixtures_are_exactly_what_export_writes() {
    // The fixtures double as the canonical form: importing one and exporting it gives it back,
    // byte for byte but for `exported_at`.
    for name in FIXTURES {
        let original = std::fs::read_to_string(fixture(name)).unwrap();
        let (_dir, store) = import_into_empty(&original);
        let exported = store.export(&ExportSelection::All).unwrap().to_json();
        assert_eq!(
            without_exported_at(&exported),
            without_exported_at(&original),
            "{name}"
        );
    }
}

#[test]
fn export_import_export_is_stable_with_edits_in_between() {
    let (_dir, mut store) =
        import_into_empty(&std::fs::read_to_string(fixture("all-systems.json")).unwrap());
    // Shuffle the order and add a character, so the file is not just the fixture again.
    let rosters = store.rosters().unwrap();
    let ids: Vec<_> = rosters.iter().rev().map(|r| r.id).collect();
    store.reorder_rosters(&ids).unwrap();
    let d12 = store.find_roster("Friday Night Heroes").unwrap();
    let chars: Vec<_> = store
        .characters(d12.id)
        .unwrap()
        .iter()
        .rev()
        .map(|c| c.id)
        .collect();
    store.reorder_characters(d12.id, &chars).unwrap();
    store
        .create_character(
            d12.id,
            rollbook_roster::NewCharacter::named("Nia \"Sparks\" Oyelaran"),
        )
        .unwrap();
    let first = store.export(&ExportSelection::All).unwrap().to_json();
    let (_dir2, again) = import_into_empty(&first);
    let second = again.export(&ExportSelection::All).unwrap().to_json();
    assert_eq!(without_exported_at(&second), without_exported_at(&first));
    let order: Vec<String> = again
        .rosters()
        .unwrap()
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(order[0], "Friday Night Heroes");
    assert_eq!(again.characters(d12.id).unwrap()[0].name, "Overseer Kaan");
}

#[test]
fn importing_the_same_file_again_skips_everything() {
    let text = std::fs::read_to_string(fixture("all-systems.json")).unwrap();
    let (_dir, store) = import_into_empty(&text);
    let import = Import::from_bytes(text.as_bytes()).unwrap();
    for mode in [ImportMode::Merge, ImportMode::Replace] {
        let plan = store.plan_import(&import, mode).unwrap();
        assert!(plan.is_noop(), "{mode}: {}", plan.summary());
        assert_eq!(plan.character_counts.skipped, 20);
    }
    let copy = store.plan_import(&import, ImportMode::Copy).unwrap();
    assert_eq!(copy.summary(), "copy: 5 rosters (5 added, 0 updated, 0 skipped), 20 characters (20 added, 0 updated, 0 skipped)");
}

#[test]
fn only_the_selected_rosters_are_exported_in_stored_order() {
    let (_dir, store) =
        import_into_empty(&std::fs::read_to_string(fixture("all-systems.json")).unwrap());
    let d12 = store.find_roster("friday night heroes").unwrap();
    let stunt = store.find_roster("The Uncanny Stunt Squad").unwrap();
    let file = store
        .export(&ExportSelection::Rosters(vec![d12.id, stunt.id]))
        .unwrap();
    let names: Vec<&str> = file.rosters.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["The Uncanny Stunt Squad", "Friday Night Heroes"]);
    let single = std::fs::read_to_string(fixture("d12.json")).unwrap();
    let only_d12 = store
        .export(&ExportSelection::Rosters(vec![d12.id]))
        .unwrap()
        .to_json();
    assert_eq!(without_exported_at(&only_d12), without_exported_at(&single));
}

#[test]
fn characters_export_to_csv_with_flattened_sheets() {
    let (_dir, store) =
        import_into_empty(&std::fs::read_to_string(fixture("all-systems.json")).unwrap());
    let mut out = Vec::new();
    let rows = store
        .export_characters_csv(&ExportSelection::All, &mut out)
        .unwrap();
    assert_eq!(rows, 20);
    let mut reader = csv::Reader::from_reader(out.as_slice());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(records.len(), 20);
    let vex = records.iter().find(|r| &r[col("name")] == "Vex").unwrap();
    assert_eq!(&vex[col("sheet.abilities.Guns.ranks")], "2");
    assert_eq!(&vex[col("sheet.abilities.Dodge.defense")], "dodge");
    assert_eq!(&vex[col("sheet.equipment")], "Body Armor; Laser Pistol");
    assert_eq!(&vex[col("system")], "d12");
    let rex = records
        .iter()
        .find(|r| &r[col("name")] == "Rex Valor")
        .unwrap();
    assert_eq!(&rex[col("sheet.attributes.Strength")], "4");
    assert_eq!(
        &rex[col("sheet.abilities.Guns.ranks")],
        "",
        "a genre sheet has no d12 columns"
    );
    assert_eq!(&rex[col("tags")], "party; bruiser");
}
