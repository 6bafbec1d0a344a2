//! The operations the window and the command line use: rosters, characters, the trash and
//! undo, search, house rules and the roll log.

use crate::common;

use common::{fixture, seeded_db};
use rollbook_roster::{
    CharacterKind, CharacterPatch, ImportMode, LogQuery, NewCharacter, NewLogEntry, NewRoster,
    RosterPatch, Sheet, Store, System,
};
use serde_json::json;

fn seeded() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let (_, store) = seeded_db(dir.path());
    (dir, store)
}

#[test]
fn rosters_are_created_renamed_ordered_and_found_by_name() {
    let mut store = Store::open_in_memory().unwrap();
    let a = store
        .create_roster(NewRoster::new("  Alpha  ", System::Stunt))
        .unwrap();
    let b = store
        .create_roster(NewRoster::new("Beta", System::D12))
        .unwrap();
    assert_eq!(a.name, "Alpha");
    assert_eq!(
        a.house_rules,
        Default::default(),
        "stunt rosters start on the RULES.md chart"
    );
    assert!(a.position < b.position);
    let renamed = store.rename_roster(b.id, "Gamma").unwrap();
    assert_eq!(renamed.name, "Gamma");
    assert!(renamed.updated_at >= renamed.created_at);
    assert_eq!(store.find_roster("gamma").unwrap().id, b.id);
    assert_eq!(store.find_roster(&b.id.to_string()).unwrap().id, b.id);
    assert_eq!(
        store.find_roster("Beta").unwrap_err().code(),
        "roster_not_found"
    );
    store
        .create_roster(NewRoster::new("gamma", System::Genre))
        .unwrap();
    let err = store.find_roster("Gamma").unwrap_err();
    assert_eq!(err.code(), "ambiguous_name");
    assert!(
        err.to_string().starts_with("\"Gamma\" matches 2 rosters ("),
        "{err}"
    );
    let order = store.reorder_rosters(&[b.id]).unwrap();
    assert_eq!(order[0].id, b.id);
    assert_eq!(order[1].id, a.id);
    let err = store.rename_roster(a.id, "").unwrap_err();
    assert_eq!(
        err.to_string(),
        "the roster was not saved: name: is empty; a name takes 1 to 120 characters"
    );
    // Zero-width characters alone are as empty as nothing: refused, nothing renamed.
    let err = store
        .rename_roster(a.id, "\u{200B}\u{200C}\u{FEFF}")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the roster was not saved: name: has only invisible characters (U+200B…); a name takes \
         1 to 120 characters and at least one you can see"
    );
    assert_eq!(store.roster(a.id).unwrap().name, a.name);
    let err = store
        .create_character(a.id, NewCharacter::named("\u{2060}"))
        .unwrap_err();
    assert_eq!(err.code(), "invalid_sheet");
}

#[test]
fn characters_are_validated_against_their_roster() {
    let mut store = Store::open_in_memory().unwrap();
    let d12 = store
        .create_roster(NewRoster::new("Heroes", System::D12))
        .unwrap();
    let blank = store
        .create_character(d12.id, NewCharacter::named("Nobody"))
        .unwrap();
    assert_eq!(blank.sheet, Sheet::blank(System::D12));
    assert_eq!(blank.kind, CharacterKind::Pc);
    let err = store
        .create_character(
            d12.id,
            NewCharacter {
                tags: vec!["a".into(), "A".into()],
                sheet: Some(
                    json!({"abilities": [{"name": "Guns", "ranks": 4}, {"name": "Tech", "ranks": 4},
                                                  {"name": "Charm", "ranks": 3, "defense": "mind"}],
                                   "helth": {}}),
                ),
                ..NewCharacter::named("")
            },
        )
        .unwrap_err();
    assert_eq!(err.code(), "invalid_sheet");
    let problems: Vec<String> = err.problems().iter().map(|p| p.to_string()).collect();
    assert_eq!(
        problems,
        [
            "name: is empty; a name takes 1 to 120 characters",
            "tags[1]: \"A\" is listed twice",
            "sheet.helth: unknown field; did you mean \"health\"?",
            "sheet.abilities: 11 ranks in total is over the limit of 10",
        ]
    );
    let updated = store
        .update_character(
            blank.id,
            CharacterPatch {
                player: Some("Sam".into()),
                kind: Some(CharacterKind::Npc),
                sheet: Some(json!({"abilities": [{"name": "Guns", "ranks": 2}]})),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        (updated.player.as_str(), updated.kind),
        ("Sam", CharacterKind::Npc)
    );
    let Sheet::D12(sheet) = &updated.sheet else {
        panic!()
    };
    assert_eq!(sheet.ranks_of("guns"), Some(2));
    assert_eq!(updated.name, "Nobody", "fields not in the patch stay");
}

#[test]
fn duplicate_goes_right_after_the_original() {
    let (_dir, mut store) = seeded();
    let roster = store.find_roster("Friday Night Heroes").unwrap();
    let vex = store.find_character(Some(roster.id), "vex").unwrap();
    // Names are found whole and case-insensitively, beyond ASCII too.
    let emile = store
        .create_character(roster.id, NewCharacter::named("Émile Ørsted"))
        .unwrap();
    assert_eq!(
        store.find_character(None, "émile ørsted").unwrap().id,
        emile.id
    );
    assert_eq!(
        store.find_character(None, "émile").unwrap_err().code(),
        "character_not_found"
    );
    store.delete_character(emile.id).unwrap();
    let copy = store.duplicate_character(vex.id).unwrap();
    assert_eq!(copy.name, "Vex (copy)");
    assert_ne!(copy.id, vex.id);
    assert_eq!(copy.sheet, vex.sheet);
    let names: Vec<String> = store
        .characters(roster.id)
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(
        names,
        ["Vex", "Vex (copy)", "Juno Park", "Brick", "Overseer Kaan"]
    );
}

#[test]
fn characters_move_only_between_rosters_of_the_same_system() {
    let (_dir, mut store) = seeded();
    let heroes = store.find_roster("Friday Night Heroes").unwrap();
    let other = store
        .create_roster(NewRoster::new("Saturday Spares", System::D12))
        .unwrap();
    let genre = store.find_roster("Neon Genre Nights").unwrap();
    let vex = store.find_character(None, "Vex").unwrap();
    let brick = store.find_character(None, "brick").unwrap();
    let moved = store
        .move_characters(&[vex.id, brick.id], other.id)
        .unwrap();
    assert!(moved.iter().all(|c| c.roster_id == other.id));
    assert_eq!(store.characters(heroes.id).unwrap().len(), 2);
    assert_eq!(moved[0].position + 1, moved[1].position);
    let err = store.move_characters(&[vex.id], genre.id).unwrap_err();
    assert_eq!(err.code(), "system_mismatch");
    assert_eq!(
        err.to_string(),
        "\"Vex\" is a d12 character and \"Neon Genre Nights\" is a genre roster; characters move only between rosters of the same system"
    );
    assert_eq!(
        store.character(vex.id).unwrap().roster_id,
        other.id,
        "nothing moved"
    );
}

#[test]
fn delete_goes_to_the_trash_and_undo_brings_it_back() {
    let (_dir, mut store) = seeded();
    let heroes = store.find_roster("Friday Night Heroes").unwrap();
    let ids: Vec<_> = store
        .characters(heroes.id)
        .unwrap()
        .iter()
        .take(2)
        .map(|c| c.id)
        .collect();
    assert_eq!(store.delete_characters(&ids).unwrap(), 2);
    assert_eq!(store.characters(heroes.id).unwrap().len(), 2);
    assert_eq!(store.trash().unwrap().characters.len(), 2);
    assert!(
        store.search("vex", 10).unwrap().is_empty(),
        "the trash is not searched"
    );
    let genre = store.find_roster("Neon Genre Nights").unwrap();
    store.delete_roster(genre.id).unwrap();
    assert_eq!(store.rosters().unwrap().len(), 4);
    // Undo: the latest deletion first (the roster), then the two characters together.
    let restored = store.undo_delete().unwrap();
    assert_eq!(restored.rosters, [genre.id]);
    assert_eq!(store.rosters().unwrap().len(), 5);
    let restored = store.undo_delete().unwrap();
    assert_eq!(restored.characters.len(), 2);
    assert_eq!(
        store.characters(heroes.id).unwrap()[0].name,
        "Vex",
        "back in its place"
    );
    assert_eq!(store.undo_delete().unwrap_err().code(), "nothing_to_undo");
    // Editing something in the trash is refused until it is restored.
    let brick = store.find_character(None, "Brick").unwrap();
    store.delete_character(brick.id).unwrap();
    let err = store
        .update_character(brick.id, CharacterPatch::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "character \"Brick\" is in the trash; restore it first"
    );
    store.restore_character(brick.id).unwrap();
    store
        .update_character(brick.id, CharacterPatch::default())
        .unwrap();
}

#[test]
fn emptying_the_trash_purges_but_keeps_the_roll_log_readable() {
    let (_dir, mut store) = seeded();
    let vex = store.find_character(None, "Vex").unwrap();
    let request = rollbook_rules::parse_request(
        r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#,
    )
    .unwrap();
    let result = rollbook_rules::roll(&request, 7).unwrap();
    store
        .log_roll(NewLogEntry::new(&request, &result).by(vex.id))
        .unwrap();
    let genre = store.find_roster("Neon Genre Nights").unwrap();
    store.delete_character(vex.id).unwrap();
    store.delete_roster(genre.id).unwrap();
    let purged = store.empty_trash().unwrap();
    assert_eq!((purged.rosters, purged.characters), (1, 5));
    assert_eq!(
        store.character(vex.id).unwrap_err().code(),
        "character_not_found"
    );
    assert_eq!(
        store.roster(genre.id).unwrap_err().code(),
        "roster_not_found"
    );
    assert!(store.trash().unwrap().characters.is_empty());
    let log = store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].character_id, None);
    assert_eq!(log[0].character_name.as_deref(), Some("Vex"));
    assert_eq!(log[0].roster_name.as_deref(), Some("Friday Night Heroes"));
    assert_eq!(store.integrity_check().unwrap(), "ok");
}

#[test]
fn search_finds_names_players_and_tags_across_rosters() {
    let (_dir, store) = seeded();
    let names = |q: &str| -> Vec<String> {
        store
            .search(q, 50)
            .unwrap()
            .into_iter()
            .map(|h| h.name)
            .collect()
    };
    assert_eq!(names("VEX"), ["Vex"]);
    assert_eq!(names("player:sam"), ["Vex"]);
    // Name matches first: "Marla Quick" starts with "ma"; "The Magpie" and others contain it.
    assert_eq!(names("ma")[0], "Marla Quick");
    let villains = names("tag:villain");
    assert_eq!(villains.len(), 6);
    assert!(villains.contains(&"Overclock".to_string()));
    assert_eq!(names("tag:villain boss"), ["Overseer Kaan"]);
    assert_eq!(names(r#""doc ferrous""#), ["Doc Ferrous"]);
    assert!(names("nobody-has-this").is_empty());
    let hit = &store.search("juno", 1).unwrap()[0];
    assert_eq!(
        (hit.roster_name.as_str(), hit.system),
        ("Friday Night Heroes", System::D12)
    );
    assert_eq!(hit.matched, ["name"]);
    assert_eq!(store.search("", 100).unwrap().len(), 20);
    assert_eq!(store.search("", 3).unwrap().len(), 3);
}

#[test]
fn renaming_a_stunt_level_follows_into_the_sheets() {
    let (_dir, mut store) = seeded();
    let squad = store.find_roster("The Uncanny Stunt Squad").unwrap();
    let mut house = squad.house_rules.clone();
    house.stunt.levels[3] = "Expert".into(); // Skilled → Expert
    store
        .update_roster(
            squad.id,
            RosterPatch {
                house_rules: Some(house.clone()),
                ..Default::default()
            },
        )
        .unwrap();
    let marla = store.find_character(Some(squad.id), "Marla Quick").unwrap();
    let Sheet::Stunt(sheet) = &marla.sheet else {
        panic!()
    };
    assert_eq!(sheet.abilities[1].level, "Expert");
    // Dropping levels that sheets use is refused, naming the characters.
    let mut short = house.clone();
    short.stunt = rollbook_rules::StuntChart::ruled(vec!["Poor".into(), "Average".into()]);
    let err = store
        .update_roster(
            squad.id,
            RosterPatch {
                house_rules: Some(short),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(err.code(), "invalid_roster");
    assert!(
        err.problems()[0].message.starts_with(
            "Marla Quick uses Talented, Mutant, Good, Cosmic, Expert, which the new list drops"
        ),
        "{err}"
    );
    // A broken chart is refused with its path.
    let mut broken = house;
    broken.stunt.chart[1][2] = 500;
    let err = store
        .update_roster(
            squad.id,
            RosterPatch {
                house_rules: Some(broken),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(
        err.problems()[0].to_string(),
        "house_rules.stunt.chart[1][2]: 500 is out of range: a target takes 0 to 99"
    );
}

#[test]
fn the_roll_log_is_queried_newest_first_and_exported() {
    let (_dir, mut store) = seeded();
    let vex = store.find_character(None, "Vex").unwrap();
    let juno = store.find_character(None, "Juno Park").unwrap();
    let request = rollbook_rules::parse_request(
        r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#,
    )
    .unwrap();
    let mut ids = Vec::new();
    for (seed, who) in [(1, vex.id), (2, juno.id), (3, vex.id)] {
        let result = rollbook_rules::roll(&request, seed).unwrap();
        let entry = store
            .log_roll(NewLogEntry::new(&request, &result).by(who))
            .unwrap();
        assert_eq!(entry.dice, result.dice);
        assert_eq!(entry.seed, seed);
        ids.push(entry.id);
    }
    let plain = rollbook_rules::roll(&request, u64::MAX).unwrap();
    let free = store.log_roll(NewLogEntry::new(&request, &plain)).unwrap();
    assert_eq!((free.roster_id, free.seed), (None, u64::MAX));
    let all = store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(all.len(), 4);
    assert!(
        all.windows(2)
            .all(|w| (w[0].at, w[0].id) > (w[1].at, w[1].id)),
        "newest first"
    );
    let by_vex = store
        .roll_log(&LogQuery {
            character_id: Some(vex.id),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(
        by_vex.iter().map(|e| e.id).collect::<Vec<_>>(),
        [ids[2], ids[0]]
    );
    let roster = store
        .roll_log(&LogQuery {
            roster_id: Some(vex.roster_id),
            limit: Some(2),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(roster.len(), 2);
    let future = rollbook_roster::Timestamp::now() + jiff::SignedDuration::from_hours(1);
    assert!(store
        .roll_log(&LogQuery {
            since: Some(future),
            ..Default::default()
        })
        .unwrap()
        .is_empty());
    assert_eq!(
        store
            .roll_log(&LogQuery {
                until: Some(future),
                ..Default::default()
            })
            .unwrap()
            .len(),
        4
    );
    // A stunt roll cannot be logged for a d12 character.
    let stunt = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"double_six"}"#).unwrap();
    let stunt_roll = rollbook_rules::roll(&stunt, 1).unwrap();
    let err = store
        .log_roll(NewLogEntry::new(&stunt, &stunt_roll).by(vex.id))
        .unwrap_err();
    assert_eq!(err.code(), "invalid_log_entry");
    // CSV and JSON exports carry everything needed to reproduce a roll.
    let mut csv_out = Vec::new();
    assert_eq!(
        store
            .export_log_csv(&LogQuery::default(), &mut csv_out)
            .unwrap(),
        4
    );
    let csv_text = String::from_utf8(csv_out).unwrap();
    assert!(csv_text.starts_with(
        "at,roster,character,system,roll,outcome,success,total,dice,seed,detail,request,secret\n"
    ));
    assert!(
        csv_text.contains(",Friday Night Heroes,Vex,d12,straight,"),
        "{csv_text}"
    );
    let mut json_out = Vec::new();
    store
        .export_log_json(&LogQuery::default(), &mut json_out)
        .unwrap();
    let file: serde_json::Value = serde_json::from_slice(&json_out).unwrap();
    assert_eq!(file["format"], "rollbook-roll-log");
    assert_eq!(file["rolls"].as_array().unwrap().len(), 4);
    assert_eq!(file["rolls"][3]["request"]["ranks"], 2);
    // Clearing by character, then everything.
    assert_eq!(
        store
            .clear_roll_log(&LogQuery {
                character_id: Some(vex.id),
                ..Default::default()
            })
            .unwrap(),
        2
    );
    assert_eq!(store.clear_roll_log(&LogQuery::default()).unwrap(), 2);
    assert!(store.roll_log(&LogQuery::default()).unwrap().is_empty());
}

#[test]
fn replace_mode_trashes_what_the_file_leaves_out_and_undo_restores_it() {
    let (_dir, mut store) = seeded();
    let heroes = store.find_roster("Friday Night Heroes").unwrap();
    let extra = store
        .create_character(heroes.id, NewCharacter::named("Temp Hire"))
        .unwrap();
    let merge = store
        .plan_import(
            &rollbook_roster::Import::from_path(fixture("d12.json")).unwrap(),
            ImportMode::Merge,
        )
        .unwrap();
    // Merge leaves a character the file does not mention where it is.
    assert!(merge.is_noop(), "{}", merge.summary());
    let plan = store
        .import_file(fixture("d12.json"), ImportMode::Replace, |_, _| {})
        .unwrap();
    assert_eq!(plan.character_counts.removed, 1);
    assert_eq!(
        plan.characters
            .iter()
            .find(|c| c.id == extra.id)
            .unwrap()
            .name,
        "Temp Hire"
    );
    assert!(store
        .characters(heroes.id)
        .unwrap()
        .iter()
        .all(|c| c.id != extra.id));
    store.undo_delete().unwrap();
    assert_eq!(store.characters(heroes.id).unwrap().len(), 5);
}

#[test]
fn merge_updates_changed_characters_and_reports_progress() {
    let (_dir, mut store) = seeded();
    let text = std::fs::read_to_string(fixture("d12.json"))
        .unwrap()
        .replace("\"Laser Pistol\"", "\"Laser Rifle\"");
    let import = rollbook_roster::Import::from_bytes(text.as_bytes()).unwrap();
    let plan = store.plan_import(&import, ImportMode::Merge).unwrap();
    assert_eq!(plan.summary(), "merge: 1 roster (0 added, 0 updated, 1 skipped), 4 characters (0 added, 1 updated, 3 skipped)");
    let mut calls = Vec::new();
    store
        .apply_import(&import, ImportMode::Merge, |done, total| {
            calls.push((done, total))
        })
        .unwrap();
    assert_eq!(calls.first(), Some(&(0, 5)));
    assert_eq!(calls.last(), Some(&(5, 5)));
    let vex = store.find_character(None, "Vex").unwrap();
    let Sheet::D12(sheet) = vex.sheet else {
        panic!()
    };
    assert_eq!(sheet.equipment, ["Body Armor", "Laser Rifle"]);
}
