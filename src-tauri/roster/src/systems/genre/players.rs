//! What the players see of the genre table: each participant's Glory and Bust A Nut's rounds.

use uuid::Uuid;

use super::table::GenreEncounter;
use crate::players::{line, rounds, PlayersEffect, PlayersLine, ShownToPlayers};

impl ShownToPlayers for GenreEncounter {
    fn stats(&self, participant_id: Uuid, _round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        genre(self, participant_id)
    }
}

fn genre(t: &GenreEncounter, id: Uuid) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
    let Some(part) = t.parts.get(&id) else {
        return (Vec::new(), Vec::new());
    };
    let stats = vec![line("Glory", part.state.glory)];
    let mut effects = Vec::new();
    let nut = part.state.trackers.nut_rounds_left;
    if part.state.nut_this_round {
        effects.push(PlayersEffect {
            name: "Bust A Nut: one die fewer from next round".into(),
            left: Some(rounds(nut.max(2))),
        });
    } else if nut > 0 {
        effects.push(PlayersEffect {
            name: "Bust A Nut: one die fewer".into(),
            left: Some(rounds(nut)),
        });
    }
    (stats, effects)
}
