//! A roster moved to a newer version of its file system (issue 31, "Systems in the app"): the
//! preview says what changes for each character; the upgrade keeps every value the new version
//! refuses or no longer declares, marked on the sheet, fills what it adds with its default,
//! takes a snapshot first, and changes nothing when it is refused.

use rollbook_roster::operations::system_upgrade::{apply, preview};
use rollbook_roster::{ChangeKind, NewCharacter, NewRoster, Sheet, Store, KEPT_KEY};
use serde_json::{json, Value};

/// Version 1 and 2 of one game: 2 narrows Grit (0–9 → 0–5), drops the Elf from Kind and the
/// Lore list, and adds Luck (a number, default 1) and Stress (a tracker that starts empty).
fn text(id: &str, version: u32) -> String {
    let (grit_max, kinds, extra) = match version {
        1 => (
            9,
            r#"["human", "elf"]"#,
            "[sheet.lore]\ntype = \"ratings\"\nmin = 0\nmax = 4\ndefault = 1\n",
        ),
        _ => (
            5,
            r#"["human", "dwarf"]"#,
            "[sheet.luck]\ntype = \"number\"\nmin = 0\nmax = 3\ndefault = 1\n\n\
             [sheet.stress]\ntype = \"tracker\"\nmax = \"@might + 1\"\nstart = \"empty\"\n",
        ),
    };
    format!(
        r#"format = 1
id = "{id}"
version = {version}
name = "Grit v{version}"

[sheet.might]
type = "number"
min = 1
max = 5
default = 2

[sheet.grit]
type = "number"
min = 0
max = {grit_max}
default = 3

[sheet.kind]
type = "choice"
choices = {kinds}
default = "human"

[sheet.hp]
type = "tracker"
max = "@might * 2"

{extra}
[rolls.go]
name = "Go"
value = "d6 + @grit"
target = "6"
"#
    )
}

/// A roster at version 1 with Ada (Grit 7, an elf with Lore) and Bo (all defaults, in the
/// trash), and version 2 added after it.
fn setup(store: &mut Store, id: &str) -> uuid::Uuid {
    store.add_system_file(&text(id, 1)).unwrap();
    let roster = store
        .create_roster(NewRoster::new("Gritty", id.parse().unwrap()))
        .unwrap();
    let mut ada = NewCharacter::named("Ada");
    ada.sheet = Some(json!({"grit": 7, "kind": "elf", "lore": [{"name": "runes", "value": 3}]}));
    store.create_character(roster.id, ada).unwrap();
    let bo = store
        .create_character(roster.id, NewCharacter::named("Bo"))
        .unwrap();
    store.delete_character(bo.id).unwrap();
    store.add_system_file(&text(id, 2)).unwrap();
    roster.id
}

fn sheet_of(store: &Store, roster: uuid::Uuid, name: &str) -> Value {
    store
        .find_character(Some(roster), name)
        .unwrap()
        .sheet
        .to_value()
}

#[test]
fn the_preview_says_what_changes_and_the_upgrade_keeps_every_refused_value() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("rollbook.sqlite3")).unwrap();
    let id = "upgrade-test-grit";
    let roster = setup(&mut store, id);
    let before = sheet_of(&store, roster, "Ada");

    // A running encounter, and one in the trash: the preview names the one that moves.
    store.create_encounter(roster, "Crypt").unwrap();
    let gone = store.create_encounter(roster, "Old fight").unwrap();
    store.delete_encounter(gone.id).unwrap();

    let seen = preview(&store, roster, None).unwrap();
    assert_eq!((seen.from, seen.to), (1, 2));
    assert_eq!(seen.encounters, ["Crypt"]);
    assert_eq!(seen.characters.len(), 2, "the trash included");
    let ada = &seen.characters[0];
    let at = |path: &str| {
        ada.changes
            .iter()
            .find(|c| c.path == path)
            .unwrap_or_else(|| panic!("no change at {path}: {:?}", ada.changes))
    };
    assert_eq!(at("sheet.grit").kind, ChangeKind::Refused);
    assert!(
        at("sheet.grit").text.contains("0 to 5; now 5"),
        "{:?}",
        at("sheet.grit")
    );
    assert_eq!(at("sheet.kind").kind, ChangeKind::Refused);
    assert_eq!(at("sheet.lore").kind, ChangeKind::Removed);
    assert_eq!(at("sheet.luck").kind, ChangeKind::Added);
    assert_eq!(at("sheet.stress").kind, ChangeKind::Added);
    assert!(ada.problems.is_empty());
    // Bo's values all fit: the new parts, and an empty Lore gone with nothing to keep.
    let bo: Vec<ChangeKind> = seen.characters[1].changes.iter().map(|c| c.kind).collect();
    assert_eq!(
        bo,
        [ChangeKind::Added, ChangeKind::Added, ChangeKind::Removed]
    );
    assert!(seen.characters[1].changes[2].text.contains("held nothing"));
    assert!(seen.characters[1].in_trash);
    // The declarations' own difference, whatever the sheets hold.
    let declared: Vec<(&str, ChangeKind)> = seen
        .declared
        .iter()
        .map(|c| (c.path.as_str(), c.kind))
        .collect();
    assert_eq!(
        declared,
        [
            ("sheet.grit", ChangeKind::Changed),
            ("sheet.kind", ChangeKind::Changed),
            ("sheet.luck", ChangeKind::Added),
            ("sheet.stress", ChangeKind::Added),
            ("sheet.lore", ChangeKind::Removed),
        ]
    );
    // The preview wrote nothing.
    assert_eq!(sheet_of(&store, roster, "Ada"), before);
    assert_eq!(store.roster(roster).unwrap().system_version, Some(1));
    let snapshots = |store: &Store| store.backups_overview().unwrap().snapshots.len();
    let snapshots_before = snapshots(&store);

    let done = apply(&mut store, roster, None).unwrap();
    assert_eq!(done.roster.system_version, Some(2));
    assert_eq!(done.upgrade, seen, "it does what the preview said");
    assert_eq!(snapshots(&store), snapshots_before + 1, "a snapshot first");
    let newest = &store.backups_overview().unwrap().snapshots[0];
    assert_eq!(newest.snapshot.reason.as_str(), "system");

    let ada = sheet_of(&store, roster, "Ada");
    assert_eq!(ada["grit"], 5);
    assert_eq!(ada["kind"], "human");
    assert_eq!(ada["luck"], 1, "a new field takes its default");
    assert_eq!(ada["stress"], 0, "a new tracker its start");
    assert_eq!(ada["hp"], before["hp"]);
    assert!(ada.get("lore").is_none());
    let kept = ada[KEPT_KEY].as_array().unwrap();
    let kept_of = |part: &str| {
        kept.iter()
            .find(|k| k["part"] == part)
            .unwrap_or_else(|| panic!("{part} not kept: {kept:?}"))
    };
    assert_eq!(kept_of("grit")["value"], 7);
    assert_eq!(kept_of("grit")["version"], 1);
    assert_eq!(kept_of("kind")["value"], "elf");
    assert_eq!(
        kept_of("lore")["value"],
        json!([{"name": "runes", "value": 3}]),
        "a removed ratings list is kept whole"
    );

    // The sheet as upgraded passes the new version's check as it is, kept values and all, and
    // reads back the same.
    let character = store.find_character(Some(roster), "Ada").unwrap();
    let system = store.roster(roster).unwrap().system;
    let again = Sheet::from_json(system, &ada, &Default::default()).unwrap();
    assert_eq!(again, character.sheet);
    // The trashed one was carried too, and restores under version 2.
    let bo = store
        .trash()
        .unwrap()
        .characters
        .into_iter()
        .find(|c| c.name == "Bo")
        .unwrap();
    let bo = store.restore_character(bo.id).unwrap();
    assert_eq!(bo.sheet.to_value()["luck"], 1);
    assert!(bo.sheet.to_value().get(KEPT_KEY).is_none());

    // Marked values the GM has settled are removed by saving the sheet without them.
    let mut settled = ada.clone();
    settled.as_object_mut().unwrap().remove(KEPT_KEY);
    let patch = rollbook_roster::CharacterPatch {
        sheet: Some(settled),
        ..Default::default()
    };
    let saved = store.update_character(character.id, patch).unwrap();
    assert!(saved.sheet.to_value().get(KEPT_KEY).is_none());
}

#[test]
fn refusals_name_what_is_wrong_and_change_nothing() {
    let mut store = Store::open_in_memory().unwrap();
    let id = "upgrade-test-refusals";
    let roster = setup(&mut store, id);
    let before = sheet_of(&store, roster, "Ada");

    let error = apply(&mut store, roster, Some(7)).unwrap_err();
    assert_eq!(error.code(), "system_not_found");
    assert!(error.to_string().contains("it has 1, 2"), "{error}");
    let error = apply(&mut store, roster, Some(1)).unwrap_err();
    assert_eq!(error.code(), "already_at_version");
    assert!(error.to_string().contains("version 1"), "{error}");
    let error = preview(&store, uuid::Uuid::new_v4(), None).unwrap_err();
    assert_eq!(error.code(), "roster_not_found");
    let five = store
        .create_roster(NewRoster::new("Plain", rollbook_roster::System::D12))
        .unwrap();
    assert_eq!(
        apply(&mut store, five.id, None).unwrap_err().code(),
        "not_a_file_system"
    );
    assert_eq!(sheet_of(&store, roster, "Ada"), before);
    assert_eq!(store.roster(roster).unwrap().system_version, Some(1));

    // Upgraded, then back to version 1: Luck and Stress are kept aside in turn, and Grit 5
    // fits again (the 7 kept from version 1 stays kept).
    apply(&mut store, roster, None).unwrap();
    assert_eq!(
        apply(&mut store, roster, None).unwrap_err().code(),
        "already_at_version"
    );
    apply(&mut store, roster, Some(1)).unwrap();
    let ada = sheet_of(&store, roster, "Ada");
    assert_eq!(store.roster(roster).unwrap().system_version, Some(1));
    let kept: Vec<(&str, u64)> = ada[KEPT_KEY]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["part"].as_str().unwrap(), k["version"].as_u64().unwrap()))
        .collect();
    for expected in [
        ("grit", 1),
        ("kind", 1),
        ("lore", 1),
        ("luck", 2),
        ("stress", 2),
    ] {
        assert!(kept.contains(&expected), "{expected:?} in {kept:?}");
    }
    assert_eq!(ada["grit"], 5);
    assert_eq!(ada["lore"], json!([]), "a list declared again starts empty");
}

#[test]
fn a_sheet_the_new_version_would_still_refuse_refuses_the_upgrade_and_writes_nothing() {
    let id = "upgrade-test-refused";
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("rollbook.sqlite3")).unwrap();
    let file = |version: u32, max: u32| {
        format!(
            "format = 1\nid = \"{id}\"\nversion = {version}\nname = \"Many\"\n\n\
             [sheet.skills]\ntype = \"ratings\"\nmin = 0\nmax = {max}\nmax_count = 1200\n\n\
             [rolls.go]\nname = \"Go\"\nvalue = \"d6\"\ntarget = \"4\"\n"
        )
    };
    store.add_system_file(&file(1, 3)).unwrap();
    let roster = store
        .create_roster(NewRoster::new("Many", id.parse().unwrap()))
        .unwrap();
    // More ratings than a sheet keeps values aside: version 2 would refuse every one.
    let skills: Vec<Value> = (0..1_001)
        .map(|i| json!({"name": format!("skill {i}"), "value": 3}))
        .collect();
    let mut ada = NewCharacter::named("Ada");
    ada.sheet = Some(json!({ "skills": skills }));
    store.create_character(roster.id, ada).unwrap();
    store.add_system_file(&file(2, 2)).unwrap();
    let before = sheet_of(&store, roster.id, "Ada");
    let snapshots = store.backups_overview().unwrap().snapshots.len();

    let seen = preview(&store, roster.id, None).unwrap();
    let problems = &seen.characters[0].problems;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, format!("sheet.{KEPT_KEY}"));
    let error = apply(&mut store, roster.id, None).unwrap_err();
    assert_eq!(error.code(), "invalid_sheet");
    assert!(
        error.problems()[0].path.starts_with("characters.Ada."),
        "{error}"
    );
    assert_eq!(sheet_of(&store, roster.id, "Ada"), before);
    assert_eq!(store.roster(roster.id).unwrap().system_version, Some(1));
    assert_eq!(
        store.backups_overview().unwrap().snapshots.len(),
        snapshots,
        "refused before the snapshot"
    );
}
