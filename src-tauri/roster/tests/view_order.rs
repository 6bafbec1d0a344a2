//! An encounter reads the same after actions and as many undos as it did before them: its state
//! as JSON text (every map's keys in the order they had: the history's patches keep it), and so
//! its view (what the panels list) in the same order. A genre view lists its parts in turn order
//! even where an undo of an earlier build's action left its map of parts in another.

use crate::common;

use common::table::{all_systems, fight_in};
use proptest::prelude::*;
use rollbook_roster::{Store, System, TableAction};
use serde_json::json;
use uuid::Uuid;

#[derive(Debug, Clone)]
enum Op {
    Up(prop::sample::Index),
    Down(prop::sample::Index),
    Remove(prop::sample::Index),
    AddNpcs(u32),
    Reverse,
    NextTurn,
    NextRound,
    Glory(prop::sample::Index),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => any::<prop::sample::Index>().prop_map(Op::Up),
        2 => any::<prop::sample::Index>().prop_map(Op::Down),
        2 => any::<prop::sample::Index>().prop_map(Op::Remove),
        2 => (1..3u32).prop_map(Op::AddNpcs),
        1 => Just(Op::Reverse),
        2 => Just(Op::NextTurn),
        1 => Just(Op::NextRound),
        2 => any::<prop::sample::Index>().prop_map(Op::Glory),
    ]
}

fn order(store: &Store, fight: Uuid) -> Vec<Uuid> {
    let e = store.encounter(fight).unwrap();
    e.state.order.iter().map(|p| p.id).collect()
}

fn action(system: System, op: &Op, ids: &[Uuid]) -> Option<TableAction> {
    let pick = |i: &prop::sample::Index| (!ids.is_empty()).then(|| *i.get(ids));
    Some(match op {
        Op::Up(i) => TableAction::MoveUp {
            participant_id: pick(i)?,
        },
        Op::Down(i) => TableAction::MoveDown {
            participant_id: pick(i)?,
        },
        Op::Remove(i) => TableAction::RemoveParticipant {
            participant_id: pick(i)?,
        },
        Op::AddNpcs(count) => TableAction::AddNpcs {
            label: "Goon".into(),
            count: *count,
            sheet: None,
        },
        Op::Reverse => TableAction::SetOrder {
            participant_ids: ids.iter().rev().copied().collect(),
        },
        Op::NextTurn => TableAction::NextTurn,
        Op::NextRound => TableAction::NextRound,
        // A move that changes one participant's part (genre's Glory); other systems turn.
        Op::Glory(i) if system == System::Genre => {
            let m = json!({"system": "genre", "move": "gain_glory", "participant_id": pick(i)?,
                           "points": 1});
            serde_json::from_value(json!({"action": "system", "move": m})).unwrap()
        }
        Op::Glory(_) => TableAction::NextTurn,
    })
}

/// The encounter as `show --json` prints it: its state and its view, as JSON text.
fn shown(store: &Store, fight: Uuid) -> (String, String) {
    let e = store.encounter(fight).unwrap();
    (
        serde_json::to_string(&e.state).unwrap(),
        serde_json::to_string(&e.view).unwrap(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn actions_then_as_many_undos_read_as_before(ops in prop::collection::vec(op(), 30)) {
        for system in System::ALL {
            let mut store = all_systems();
            let roster = store
                .rosters()
                .unwrap()
                .into_iter()
                .find(|r| r.system == system)
                .unwrap()
                .id;
            let fight = fight_in(&mut store, roster);
            let before = shown(&store, fight);
            let mut played = 0;
            for (n, op) in ops.iter().enumerate() {
                let ids = order(&store, fight);
                let Some(action) = action(system, op, &ids) else { continue };
                if store.play(fight, &action, Some(n as u64)).is_ok() {
                    played += 1;
                }
            }
            for _ in 0..played {
                store.undo_table_action(fight).unwrap();
            }
            let after = shown(&store, fight);
            prop_assert_eq!(&after.0, &before.0, "{} state", system);
            prop_assert_eq!(&after.1, &before.1, "{} view, in order", system);
        }
    }
}

/// The view lists a genre table's parts in turn order when its map of parts holds them in
/// another order, as an undo of an action stored by an earlier build could leave it (its patch
/// put a removed participant's part back at the map's end).
#[test]
fn a_genre_view_lists_its_parts_in_turn_order() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rollbook.sqlite3");
    let (fight, in_turn_order) = {
        let mut store = Store::open(&db).unwrap();
        store
            .import_file(
                common::fixture("all-systems.json"),
                rollbook_roster::ImportMode::Merge,
                |_, _| {},
            )
            .unwrap();
        let roster = store
            .rosters()
            .unwrap()
            .into_iter()
            .find(|r| r.system == System::Genre)
            .unwrap()
            .id;
        let fight = fight_in(&mut store, roster);
        (fight, order(&store, fight))
    };
    assert!(in_turn_order.len() >= 3, "a table of three or more");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: String = conn
        .query_row(
            "SELECT state FROM encounters WHERE id = ?1",
            [fight.to_string()],
            |r| r.get(0),
        )
        .unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let parts = state["system_state"]["parts"].as_object_mut().unwrap();
    let mut reversed: Vec<_> = std::mem::take(parts).into_iter().collect();
    reversed.reverse();
    parts.extend(reversed);
    conn.execute(
        "UPDATE encounters SET state = ?2 WHERE id = ?1",
        [fight.to_string(), state.to_string()],
    )
    .unwrap();
    drop(conn);

    let store = Store::open(&db).unwrap();
    let e = store.encounter(fight).unwrap();
    let stored_order: Vec<Uuid> = match &e.state.system_state {
        Some(rollbook_roster::table::SystemTable::Genre(t)) => t.parts.keys().copied().collect(),
        other => panic!("a genre table expected, not {other:?}"),
    };
    assert_ne!(
        stored_order, in_turn_order,
        "the map holds the parts in another order"
    );
    let listed: Vec<Uuid> = match e.view {
        Some(rollbook_roster::table::TableView::Genre { parts }) => {
            parts.iter().map(|p| p.participant_id).collect()
        }
        other => panic!("a genre view expected, not {other:?}"),
    };
    assert_eq!(listed, in_turn_order);
}
