//! What the genre panel shows that the rules compute: what the table adds to each participant's
//! next action and whether it may Grunt.

use rollbook_rules::table::genre_state::ActionPlan;
use uuid::Uuid;

use super::table::GenreEncounter;
use crate::model::{Character, Participant};
use crate::table::{GenrePartView, TableView, ViewedTable};

impl ViewedTable for GenreEncounter {
    fn view(&self, _round: u32, order: &[Participant], _: &[Character]) -> Option<TableView> {
        // Parts in turn order: a history written by an earlier build may keep them otherwise.
        let order: Vec<Uuid> = order.iter().map(|p| p.id).collect();
        Some(genre(self).in_turn_order(&order))
    }
}

fn genre(table: &GenreEncounter) -> TableView {
    let parts = table
        .parts
        .iter()
        .map(|(&participant_id, part)| {
            let bar = |plan: ActionPlan| part.state.grunt_bar(&part.character, &plan);
            // A state that does not validate adds nothing (any action on it is refused anyway).
            let next = part
                .state
                .modifiers(&part.character, &ActionPlan::default())
                .unwrap_or_default();
            GenrePartView {
                participant_id,
                penalty: next.penalty,
                dice: next.dice,
                grunt_bar: bar(ActionPlan::default()),
                grunt_bar_with_bust_a_nut: bar(ActionPlan {
                    bust_a_nut: true,
                    ..ActionPlan::default()
                }),
                grunt_bar_on_patience: bar(ActionPlan {
                    patience: true,
                    ..ActionPlan::default()
                }),
            }
        })
        .collect();
    TableView::Genre { parts }
}
