//! One table for the `table_*` tests: a roster of one system with its characters seated in an
//! encounter (and quick NPCs after them), moves played through the store, and refusals checked
//! to write nothing (the encounter, its action log and the roll log as they were).

use rollbook_roster::table::SystemMove;
use rollbook_roster::{
    Encounter, ImportMode, LogQuery, NewCharacter, NewRoster, Store, TableAction, TablePlay,
};
use serde_json::Value;
use uuid::Uuid;

pub struct Seated {
    pub store: Store,
    pub roster: Uuid,
    pub encounter: Uuid,
    /// The stored characters' ids, in the order given.
    pub characters: Vec<Uuid>,
    /// Every participant's id in turn order: the characters first, then the quick NPCs.
    pub participants: Vec<Uuid>,
}

/// The roster `roster` (a system, a name, maybe house rules) whose `characters` (name and sheet)
/// are seated in the encounter `encounter`, followed by `npcs` quick NPCs labelled "Goon".
pub fn seat(roster: NewRoster, encounter: &str, characters: &[(&str, Value)], npcs: u32) -> Seated {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store.create_roster(roster).unwrap().id;
    let mut ids = Vec::new();
    for (name, sheet) in characters {
        let mut new = NewCharacter::named(*name);
        new.sheet = Some(sheet.clone());
        ids.push(store.create_character(roster, new).unwrap().id);
    }
    let encounter = store.create_encounter(roster, encounter).unwrap().id;
    let mut state = store
        .play(
            encounter,
            &TableAction::AddCharacters {
                character_ids: ids.clone(),
            },
            Some(1),
        )
        .unwrap()
        .encounter;
    if npcs > 0 {
        state = store
            .play(
                encounter,
                &TableAction::AddNpcs {
                    label: "Goon".into(),
                    count: npcs,
                    sheet: None,
                },
                Some(2),
            )
            .unwrap()
            .encounter;
    }
    Seated {
        store,
        roster,
        encounter,
        characters: ids,
        participants: state.state.order.iter().map(|p| p.id).collect(),
    }
}

/// A store holding every roster of `fixtures/all-systems.json` (one per system).
pub fn all_systems() -> Store {
    let mut store = Store::open_in_memory().unwrap();
    store
        .import_file(
            super::fixture("all-systems.json"),
            ImportMode::Merge,
            |_, _| {},
        )
        .unwrap();
    store
}

/// An encounter "Fight" in `roster` with every live character of it seated, then a quick NPC
/// ("Goon 1"); its id.
pub fn fight_in(store: &mut Store, roster: Uuid) -> Uuid {
    let encounter = store.create_encounter(roster, "Fight").unwrap().id;
    let character_ids = store
        .characters(roster)
        .unwrap()
        .iter()
        .map(|c| c.id)
        .collect();
    store
        .play(
            encounter,
            &TableAction::AddCharacters { character_ids },
            Some(1),
        )
        .unwrap();
    store
        .play(
            encounter,
            &TableAction::AddNpcs {
                label: "Goon".into(),
                count: 1,
                sheet: None,
            },
            Some(2),
        )
        .unwrap();
    encounter
}

/// A move of the encounter's system as a table action.
pub fn system(m: SystemMove) -> TableAction {
    TableAction::System { r#move: m }
}

/// Plays `action` with `seed`; it must be accepted.
pub fn play(store: &mut Store, encounter: Uuid, action: &TableAction, seed: u64) -> TablePlay {
    store.play(encounter, action, Some(seed)).unwrap()
}

/// Plays `action`, which must be refused without writing anything; the refusal's words.
pub fn refused(store: &mut Store, encounter: Uuid, action: &TableAction) -> String {
    let before = snapshot(store, encounter);
    let err = store
        .play(encounter, action, Some(3))
        .unwrap_err()
        .to_string();
    assert_eq!(
        snapshot(store, encounter),
        before,
        "a refusal wrote something: {err}"
    );
    err
}

/// The encounter, its action log length and the roll log length.
pub fn snapshot(store: &Store, encounter: Uuid) -> (Encounter, usize, usize) {
    (
        store.encounter(encounter).unwrap(),
        store.table_actions(encounter).unwrap().len(),
        store.roll_log(&LogQuery::default()).unwrap().len(),
    )
}
