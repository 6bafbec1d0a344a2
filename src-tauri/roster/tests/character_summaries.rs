//! `Store::character_summaries`, what the window's lists read: the same characters as
//! `Store::characters`, in the same order, with the same fields, without notes and sheets.

use crate::common;

use common::seeded_db;
use rollbook_roster::{CharacterPatch, CharacterSummary, Store};
use uuid::Uuid;

fn summaries_of(store: &Store, roster_id: Uuid) -> Vec<CharacterSummary> {
    store
        .characters(roster_id)
        .unwrap()
        .iter()
        .map(CharacterSummary::from)
        .collect()
}

#[test]
fn summaries_are_the_characters_fields_in_roster_order_without_the_trash() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut store) = seeded_db(dir.path());
    for roster in store.rosters().unwrap() {
        let listed = store.character_summaries(roster.id).unwrap();
        assert!(listed.damaged.is_empty(), "{}", roster.name);
        let summaries = listed.read;
        assert!(!summaries.is_empty(), "{} has characters", roster.name);
        assert_eq!(
            summaries,
            summaries_of(&store, roster.id),
            "{}",
            roster.name
        );
    }

    let heroes = store.find_roster("Friday Night Heroes").unwrap();
    let ids: Vec<Uuid> = store
        .characters(heroes.id)
        .unwrap()
        .iter()
        .map(|c| c.id)
        .collect();
    assert!(ids.len() >= 3, "the fixture roster has a few characters");
    // An order other than the one they were made in, tags and a player changed, one in the trash.
    let reversed: Vec<Uuid> = ids.iter().rev().copied().collect();
    store.reorder_characters(heroes.id, &reversed).unwrap();
    store
        .update_character(
            ids[1],
            CharacterPatch {
                player: Some("Sam".into()),
                tags: Some(vec!["Boss".into(), "hurt".into()]),
                ..Default::default()
            },
        )
        .unwrap();
    store.delete_character(ids[0]).unwrap();

    let summaries = store.character_summaries(heroes.id).unwrap().read;
    assert_eq!(summaries, summaries_of(&store, heroes.id));
    let order: Vec<Uuid> = summaries.iter().map(|s| s.id).collect();
    assert_eq!(
        order,
        reversed[..reversed.len() - 1],
        "reordered, trash left out"
    );
    let changed = summaries.iter().find(|s| s.id == ids[1]).unwrap();
    assert_eq!((changed.player.as_str(), changed.tags.len()), ("Sam", 2));
}

#[test]
fn summaries_of_an_unknown_roster_are_refused_as_the_characters_are() {
    let store = Store::open_in_memory().unwrap();
    let unknown = Uuid::new_v4();
    let err = store.character_summaries(unknown).unwrap_err();
    assert_eq!(err.code(), store.characters(unknown).unwrap_err().code());
    assert_eq!(err.code(), "roster_not_found");
}
