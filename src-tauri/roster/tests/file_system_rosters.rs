//! Rosters of a system from a file (issue 31): characters whose sheets are checked against the
//! file's declarations (as the five's against RULES.md), the rolls a sheet offers with the
//! character's values, and a table round: trackers changed in place, refused past their
//! maximum, undone, and written back to the sheet.

use crate::common;

use common::table;
use rollbook_roster::table::{SystemMove, SystemTable};
use rollbook_roster::{FileMove, NewCharacter, NewRoster, Store, System};
use rollbook_rules::HouseRules;
use serde_json::{json, Value};

/// A small game with every kind of sheet part, a derived value, a tracker whose maximum reads
/// the sheet, and a roll filled from a ratings list.
fn text(id: &str) -> String {
    format!(
        r#"format = 1
id = "{id}"
version = 1
name = "Grit and Guts"
summary = "d6 + skill against a target."

[sheet.might]
type = "number"
min = 1
max = 5
default = 2

[sheet.skills]
type = "ratings"
min = 0
max = 3
default = 1
budget = 5
min_count = 1
suggested = ["climb", "fight"]

[sheet.hp]
type = "tracker"
label = "Hit points"
max = "@might * 2 + 2"
public = true

[sheet.brave]
type = "check"

[sheet.kind]
type = "choice"
choices = ["human", "elf"]
default = "human"

[sheet.look]
type = "text"
max_chars = 20

[derived]
tough = {{ expr = "@might + 1", label = "Toughness" }}

[rolls.act]
name = "Act"
summary = "d6 + skill against 5."
value = "d6 + @skill"
target = "5"

[rolls.act.fields.skill]
label = "Skill"
min = 0
max = 3
default = 0
from_sheet = "skills"

[table]
trackers = ["hp"]
"#
    )
}

fn system(store: &mut Store, id: &str) -> System {
    store.add_system_file(&text(id)).unwrap();
    id.parse().unwrap()
}

/// A fresh store holding the game as `id` and one roster of it, "Gutsy".
fn gutsy(id: &str) -> (Store, System, uuid::Uuid) {
    let mut store = Store::open_in_memory().unwrap();
    let grit = system(&mut store, id);
    let roster = store
        .create_roster(NewRoster::new("Gutsy", grit))
        .unwrap()
        .id;
    (store, grit, roster)
}

#[test]
fn a_roster_of_a_file_system_keeps_characters_checked_against_its_file() {
    let id = "rosters-test-grit";
    let mut store = Store::open_in_memory().unwrap();
    let grit = system(&mut store, id);
    assert_eq!(grit.file_version(), Some(1));
    let roster = store.create_roster(NewRoster::new("Gutsy", grit)).unwrap();
    assert_eq!(roster.system, grit);
    assert_eq!(store.roster(roster.id).unwrap().system, grit);
    assert_eq!(store.system_files().unwrap()[0].rosters, 1);

    // A blank character: every part at its default, the tracker full.
    let blank = store
        .create_character(roster.id, NewCharacter::named("Ada"))
        .unwrap();
    assert_eq!(
        blank.sheet.to_value(),
        json!({"might": 2, "skills": [{"name": "climb", "value": 1}, {"name": "fight", "value": 1}],
               "hp": 6, "brave": false, "kind": "human", "look": ""})
    );

    // Every limit of the file refused at its path, all at once, a part it does not declare
    // among them; nothing saved.
    let mut new = NewCharacter::named("Bad");
    new.sheet = Some(json!({
        "might": 9,
        "skills": [{"name": "climb", "value": 3}, {"name": "Climb", "value": 3}],
        "hp": 50,
        "kind": "dwarf",
        "look": "a very long look that goes on",
        "luck": 3
    }));
    let refused = store.create_character(roster.id, new).unwrap_err();
    assert_eq!(refused.code(), "invalid_sheet");
    let paths: Vec<&str> = refused.problems().iter().map(|p| p.path.as_str()).collect();
    for expected in [
        "sheet.luck",
        "sheet.might",
        "sheet.skills[1].name",
        "sheet.skills",
        "sheet.hp",
        "sheet.kind",
        "sheet.look",
    ] {
        assert!(paths.contains(&expected), "{expected} in {paths:?}");
    }
    // A value of the wrong type leaves nothing to check further: told alone with the key.
    let mut new = NewCharacter::named("Bad");
    new.sheet = Some(json!({"might": "nine", "luck": 3}));
    let refused = store.create_character(roster.id, new).unwrap_err();
    let paths: Vec<&str> = refused.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["sheet.luck", "sheet.might"]);
    assert_eq!(store.characters(roster.id).unwrap().len(), 1);

    // A character's derived values and rolls read its own sheet.
    let mut new = NewCharacter::named("Bo");
    new.sheet = Some(json!({"might": 4, "skills": [{"name": "sneak", "value": 3}], "hp": 7}));
    let bo = store.create_character(roster.id, new).unwrap();
    let house = HouseRules::default();
    let derived = bo.sheet.derived(&house);
    let shown: Vec<(&str, &str)> = derived
        .iter()
        .map(|d| (d.label.as_str(), d.value.as_str()))
        .collect();
    assert!(shown.contains(&("Hit points maximum", "10")), "{shown:?}");
    assert!(shown.contains(&("Toughness", "5")), "{shown:?}");
    assert!(shown.contains(&("Skills total", "3 of 5")), "{shown:?}");
    let rolls = bo.sheet.rolls(&house);
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].request["skill"], 3);
    let request = rollbook_rules::request_from_value(rolls[0].request.clone()).unwrap();
    // d6 + 3 against 5: 2 to 6 on the die.
    assert!((rollbook_rules::odds(&request).unwrap().success - 5.0 / 6.0).abs() < 1e-12);

    // The file cannot be removed while the roster uses it, nor while it is in the trash: the
    // refusal says which it is.
    let refused = store.remove_system_file(id).unwrap_err();
    assert_eq!(refused.code(), "system_in_use");
    assert_eq!(
        refused.to_string(),
        format!(
            "{id} is used by 1 roster: \"Gutsy\"; delete them (and empty the trash) before \
             removing it"
        )
    );
    store.delete_roster(roster.id).unwrap();
    assert_eq!(
        store.remove_system_file(id).unwrap_err().to_string(),
        format!(
            "{id} is used by 1 roster in the trash: \"Gutsy\"; empty the trash (or delete them \
             from it) before removing it"
        )
    );
}

#[test]
fn a_table_round_changes_trackers_in_place_and_undoes_them() {
    let id = "rosters-test-table";
    let (mut store, _, roster) = gutsy(id);
    let mut new = NewCharacter::named("Ada");
    new.sheet = Some(json!({"might": 3, "hp": 5}));
    let character = store.create_character(roster, new).unwrap().id;
    let encounter = table::fight_in(&mut store, roster);
    let order = store.encounter(encounter).unwrap().state.order;
    let (ada, goon) = (order[0].id, order[1].id);
    let store = &mut store;
    let trackers = |store: &Store| -> Vec<(i64, i64)> {
        let e = store.encounter(encounter).unwrap();
        let Some(SystemTable::File(t)) = e.state.system_state else {
            panic!("a file table expected, got {:?}", e.state.system_state);
        };
        [ada, goon]
            .iter()
            .map(|p| {
                let hp = t.parts[p].trackers["hp"];
                (hp.value, hp.max)
            })
            .collect()
    };
    assert_eq!(
        trackers(store),
        [(5, 8), (6, 6)],
        "from the sheet; a quick NPC's blank"
    );

    let hit = |by: i64, who| {
        table::system(SystemMove::File(FileMove::Adjust {
            participant_id: who,
            tracker: "hp".into(),
            by,
        }))
    };
    let played = table::play(store, encounter, &hit(-3, ada), 1);
    assert_eq!(played.entry.summary, "Ada: Hit points 5 → 2 of 8");
    table::play(store, encounter, &hit(-9, goon), 2);
    assert_eq!(
        trackers(store),
        [(2, 8), (0, 6)],
        "kept within 0 and the maximum"
    );
    let past = table::system(SystemMove::File(FileMove::Set {
        participant_id: ada,
        tracker: "hp".into(),
        value: 9,
    }));
    let refused = table::refused(store, encounter, &past);
    assert!(refused.contains("0 to 8"), "{refused}");
    let unknown = table::system(SystemMove::File(FileMove::Adjust {
        participant_id: ada,
        tracker: "mana".into(),
        by: 1,
    }));
    assert!(table::refused(store, encounter, &unknown).contains("tracks hp"));

    store.undo_table_action(encounter).unwrap();
    assert_eq!(trackers(store), [(2, 8), (6, 6)]);

    // Save to sheets writes the tracker back.
    store.save_encounter_to_sheets(encounter).unwrap();
    let sheet = store.character(character).unwrap().sheet.to_value();
    assert_eq!(sheet["hp"], Value::from(2));
}

#[test]
fn a_roster_of_a_file_system_goes_out_with_its_system_and_into_a_fresh_database() {
    let id = "rosters-test-export";
    let (mut store, grit, roster) = gutsy(id);
    let mut new = NewCharacter::named("Ada");
    new.sheet = Some(json!({"might": 3, "hp": 5, "look": "tall"}));
    store.create_character(roster, new).unwrap();
    let mut bytes = Vec::new();
    store
        .export_json(&rollbook_roster::ExportSelection::All, &mut bytes)
        .unwrap();
    let file: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(
        file["systems"],
        json!([{"id": id, "version": 1, "source": text(id)}])
    );
    assert_eq!(file["rosters"][0]["system"], id);
    assert_eq!(file["rosters"][0]["system_version"], 1);

    let mut fresh = Store::open_in_memory().unwrap();
    let import = rollbook_roster::Import::from_bytes(&bytes).unwrap();
    let plan = fresh
        .apply_import(&import, rollbook_roster::ImportMode::Merge, |_, _| {})
        .unwrap();
    assert_eq!(plan.systems.len(), 1);
    let (held, source) = fresh.system_file(id, Some(1)).unwrap();
    assert_eq!((held.rosters, source), (1, text(id)));
    let back = fresh.roster(roster).unwrap();
    assert_eq!(back.system, grit);
    let ada = &fresh.characters(roster).unwrap()[0];
    assert_eq!(ada.sheet.to_value()["look"], "tall");

    // A file whose system text does not read is refused whole, at the text's own line.
    let mut broken: Value = file.clone();
    broken["systems"][0]["source"] = Value::from(text(id).replace("max = 5", "max = \"five\""));
    let refused =
        rollbook_roster::Import::from_bytes(serde_json::to_vec(&broken).unwrap().as_slice())
            .unwrap_err();
    let problem = &refused.problems()[0];
    assert_eq!(problem.path, "systems[0].source");
    assert!(problem.message.starts_with("10:"), "{problem}");

    // The same id and version with other text is never taken in place of the held one.
    let mut other: Value = file;
    other["systems"][0]["source"] = Value::from(text(id).replace("Grit and Guts", "Other"));
    let refused =
        rollbook_roster::Import::from_bytes(serde_json::to_vec(&other).unwrap().as_slice())
            .unwrap_err();
    assert!(
        refused.to_string().contains("held here with other text"),
        "{refused}"
    );
}

#[test]
fn a_roster_file_at_another_version_of_its_system_is_refused_naming_both_versions() {
    let id = "rosters-test-versions";
    let (mut store, grit, roster) = gutsy(id);
    let export = |store: &Store| {
        let mut bytes = Vec::new();
        store
            .export_json(&rollbook_roster::ExportSelection::All, &mut bytes)
            .unwrap();
        rollbook_roster::Import::from_bytes(&bytes).unwrap()
    };
    let at_1 = export(&store);
    store
        .add_system_file(&text(id).replace("version = 1", "version = 2"))
        .unwrap();
    rollbook_roster::operations::system_upgrade::apply(&mut store, roster, None).unwrap();
    let at_2 = export(&store);

    let mut other = Store::open_in_memory().unwrap();
    other
        .apply_import(&at_1, rollbook_roster::ImportMode::Merge, |_, _| {})
        .unwrap();
    let refused = other
        .apply_import(&at_2, rollbook_roster::ImportMode::Merge, |_, _| {})
        .unwrap_err();
    let problem = &refused.problems()[0];
    assert_eq!(problem.path, "rosters[0].system");
    assert_eq!(
        problem.message,
        format!(
            "the stored roster \"Gutsy\" with this id is at {id} version 1 and the file's at \
             version 2: an import does not move a roster to another version; move the stored \
             one first (`rollbook system upgrade --roster \"Gutsy\" --to 2`, once that version \
             is added), or import with mode copy to add this one as a new roster"
        )
    );
    // Nothing of it was written: the roster is at version 1, and version 2 is not held.
    assert_eq!(other.roster(roster).unwrap().system, grit);
    assert!(other.system_file(id, Some(2)).is_err());
}

#[test]
fn every_part_of_a_file_sheet_is_given_in_words_for_the_command_line() {
    let id = "rosters-test-words";
    let (mut store, _, roster) = gutsy(id);
    let mut new = NewCharacter::named("Ada");
    new.sheet = Some(json!({"might": 3, "hp": 5, "brave": true, "kind": "elf", "look": "tall"}));
    let ada = store.create_character(roster, new).unwrap();
    let rollbook_roster::Sheet::File(sheet) = &ada.sheet else {
        panic!("a file sheet")
    };
    let words = sheet.parts_in_words(&HouseRules::ruled().clone());
    let words: Vec<(&str, &str)> = words
        .iter()
        .map(|(l, v)| (l.as_str(), v.as_str()))
        .collect();
    // Every part but the ratings list (the ratings table shows it), then the derived value.
    assert_eq!(
        words,
        [
            ("Might", "3"),
            ("Hit points", "5 of 8"),
            ("Brave", "yes"),
            ("Kind", "elf"),
            ("Look", "tall"),
            ("Toughness", "4"),
        ]
    );
}
