//! The table's history keeps patches, not whole states (store/table_history.rs): undo still puts
//! back exactly the state before, and every action's state before and after — undone ones too —
//! can still be told, in every system, whatever mix of moves and undos came before.

use crate::common;

use std::collections::HashMap;

use common::table::{all_systems, fight_in};
use rollbook_roster::{EncounterState, TableAction};

/// A small deterministic generator, so a failure names the step that broke.
struct Steps(u64);

impl Steps {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % below as u64) as usize
    }
}

#[test]
fn undo_is_exact_and_every_action_s_states_are_told_again_in_every_system() {
    let mut store = all_systems();
    for roster in store.rosters().unwrap() {
        let encounter = fight_in(&mut store, roster.id);
        let mut seen: HashMap<i64, (EncounterState, EncounterState)> = HashMap::new();
        for entry in store.table_history(encounter).unwrap() {
            seen.insert(entry.id, (entry.before, entry.after));
        }
        // The actions not undone, newest last, as this test played them.
        let mut live: Vec<i64> = seen.keys().copied().collect();
        live.sort();
        let mut steps = Steps(roster.name.len() as u64);
        for step in 0..80 {
            let now = store.encounter(encounter).unwrap().state;
            let undo = !live.is_empty() && steps.next(4) == 0;
            if undo {
                let undone = store.undo_table_action(encounter).unwrap();
                let last = live.pop().unwrap();
                assert_eq!(
                    undone.state, seen[&last].0,
                    "{}: step {step}: undo puts back the state before",
                    roster.name
                );
                continue;
            }
            let order = &now.order;
            let action = match steps.next(4) {
                0 => TableAction::NextRound,
                1 => TableAction::MoveDown {
                    participant_id: order[steps.next(order.len() - 1)].id,
                },
                2 => TableAction::Rename {
                    name: format!("Fight {step}"),
                },
                _ => TableAction::NextTurn,
            };
            let played = store.play(encounter, &action, Some(step)).unwrap();
            seen.insert(played.entry.id, (now, played.encounter.state.clone()));
            live.push(played.entry.id);
        }
        let told = store.table_history(encounter).unwrap();
        assert_eq!(told.len(), seen.len(), "{}", roster.name);
        for entry in told {
            let (before, after) = &seen[&entry.id];
            assert_eq!(
                &entry.before, before,
                "{}: action {}",
                roster.name, entry.id
            );
            assert_eq!(&entry.after, after, "{}: action {}", roster.name, entry.id);
        }
        // And undo walks all the way back to the empty encounter.
        while let Some(last) = live.pop() {
            let undone = store.undo_table_action(encounter).unwrap();
            assert_eq!(undone.state, seen[&last].0, "{}", roster.name);
        }
        assert!(store.undo_table_action(encounter).is_err());
    }
}
