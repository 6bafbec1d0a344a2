//! What the players see of the universe table: each participant's hp, initiative cards this round,
//! fate cards held (a count) and a sudden takedown's condition; the cards dealt, the GM's fate
//! cards and a chase's rounds left.

use uuid::Uuid;

use super::sheet::UniverseSheet;
use super::state::UniverseEncounter;
use crate::players::{capitalised, line, rounds, PlayersEffect, PlayersLine, ShownToPlayers};
use crate::sheet::Sheet;
use crate::table::Tracked;

impl ShownToPlayers for UniverseEncounter {
    fn tracked(
        &self,
        participant_id: Uuid,
        sheet: Option<&Sheet>,
    ) -> Option<(&'static str, i64, i64)> {
        self.parts.get(&participant_id).map(|p| {
            // A quick NPC starts at the blank sheet's hp; the GM may set it higher by hand.
            let max = match sheet {
                Some(Sheet::Universe(s)) => s.hp.max,
                _ => UniverseSheet::default().hp.max.max(p.hp),
            };
            (Tracked::Hp.label(), p.hp, max)
        })
    }

    fn stats(&self, participant_id: Uuid, round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        universe(self, participant_id, round)
    }

    fn lines(&self, round: u32, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersLine> {
        universe_lines(self, round, shown)
    }
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

fn universe_lines(
    t: &UniverseEncounter,
    round: u32,
    shown: &dyn Fn(Uuid) -> bool,
) -> Vec<PlayersLine> {
    let mut out = Vec::new();
    let Some(table) = &t.table else {
        return out;
    };
    if t.dealt_round == round && round > 0 {
        let dealt = table
            .deck
            .dealt
            .iter()
            .filter(|d| Uuid::parse_str(&d.combatant.id).is_ok_and(shown))
            .count();
        out.push(line(&format!("Cards dealt for round {round}"), dealt));
    }
    out.push(line("The GM's fate cards", table.gm.len()));
    if let Some(chase) = &t.chase {
        out.push(line(
            "Chase",
            format!("{} left", rounds(i64::from(chase.rounds_left))),
        ));
    }
    out
}
