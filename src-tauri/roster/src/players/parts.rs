//! Each shown participant's public stats and effects, by system, already in words: genre Glory
//! and Bust A Nut's rounds; universe the initiative card of this round, a second entry, the fate
//! cards held (a count) and a sudden takedown's condition; d12 effects and conditions with the
//! time left. Stunt and marks keep nothing per participant beyond health and tasks.

use uuid::Uuid;

use super::{PlayersEffect, PlayersLine};
use crate::table::{D12Encounter, GenreEncounter, SystemTable, UniverseEncounter};

/// The stats and effects of one participant.
pub(super) fn of(
    table: &SystemTable,
    participant_id: Uuid,
    round: u32,
) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
    match table {
        SystemTable::Genre(t) => genre(t, participant_id),
        SystemTable::Universe(t) => universe(t, participant_id, round),
        SystemTable::D12(t) => (Vec::new(), d12(t, participant_id)),
        SystemTable::Stunt(_) | SystemTable::Marks(_) => (Vec::new(), Vec::new()),
    }
}

pub(super) fn line(label: &str, value: impl ToString) -> PlayersLine {
    PlayersLine {
        label: label.to_string(),
        value: value.to_string(),
    }
}

/// "1 round", "2 rounds".
pub(super) fn rounds(n: i64) -> String {
    if n == 1 {
        "1 round".to_string()
    } else {
        format!("{n} rounds")
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

fn universe(t: &UniverseEncounter, id: Uuid, round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
    let key = id.to_string();
    let mut stats = Vec::new();
    if let Some(table) = &t.table {
        if t.dealt_round == round && round > 0 {
            if let Some(dealt) = table.deck.dealt.iter().find(|d| d.combatant.id == key) {
                stats.push(line("Card", dealt.card));
            }
            if let Some(second) = table.second_entries.iter().find(|d| d.combatant.id == key) {
                stats.push(line("Second card", second.card));
            }
        }
        if let Some(fate) = table.players.get(&key) {
            stats.push(line("Fate cards", fate.cards.len()));
        }
    }
    let effects = t
        .parts
        .get(&id)
        .and_then(|p| p.condition.as_deref())
        .map(|condition| PlayersEffect {
            name: capitalised(condition),
            left: None,
        })
        .into_iter()
        .collect();
    (stats, effects)
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

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
