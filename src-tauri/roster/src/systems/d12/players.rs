//! What the players see of the d12 table: each participant's health, effects and conditions with
//! the time left.

use uuid::Uuid;

use super::state::D12Encounter;
use crate::players::{capitalised, PlayersEffect, PlayersLine, ShownToPlayers};
use crate::sheet::Sheet;
use crate::table::Tracked;

impl ShownToPlayers for D12Encounter {
    fn tracked(&self, participant_id: Uuid, _: Option<&Sheet>) -> Option<(&'static str, i64, i64)> {
        self.parts.get(&participant_id).map(|p| {
            let h = &p.wounds.health;
            (Tracked::Health.label(), h.current, h.max)
        })
    }

    fn stats(&self, participant_id: Uuid, _round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        (Vec::new(), d12(self, participant_id))
    }
}

fn d12(t: &D12Encounter, id: Uuid) -> Vec<PlayersEffect> {
    let Some(part) = t.parts.get(&id) else {
        return Vec::new();
    };
    let effects = part.wounds.effects.iter().map(|e| PlayersEffect {
        name: e.name.clone(),
        left: Some(e.remaining.clone()),
    });
    let conditions = part.wounds.conditions.iter().map(|c| PlayersEffect {
        name: if c.detail.trim().is_empty() {
            capitalised(&c.kind)
        } else {
            format!("{}: {}", capitalised(&c.kind), c.detail)
        },
        left: Some(c.remaining.clone()),
    });
    effects.chain(conditions).collect()
}
