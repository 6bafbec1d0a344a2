//! What the universe panel shows that the rules compute: who holds each fate card out of the deck
//! and what it does, how many each may hold, and why Deal is refused.

use rollbook_rules::table::universe_fate::{effect_of, FateUse};
use uuid::Uuid;

use super::state::UniverseEncounter;
use crate::model::{Character, Participant};
use crate::table::{CardHolder, FateCardView, PlayerFateView, TableView, ViewedTable};

impl ViewedTable for UniverseEncounter {
    fn view(&self, round: u32, order: &[Participant], _: &[Character]) -> Option<TableView> {
        Some(universe(self, round, !order.is_empty()))
    }
}

fn universe(table: &UniverseEncounter, round: u32, seated: bool) -> TableView {
    let deal_bar = table.deal_bar(round, seated);
    let Some(fate_table) = table.table.as_ref() else {
        return TableView::Universe {
            fate: Vec::new(),
            players: Vec::new(),
            gm_limit: 0,
            deal_bar,
        };
    };
    // The fate table keys players by their participant id's text.
    let seated = |key: &str| Uuid::parse_str(key).ok();
    let players_cards = fate_table.players.iter().flat_map(|(key, fate)| {
        let holder = seated(key).map(|participant_id| CardHolder::Player { participant_id });
        fate.cards
            .iter()
            .filter_map(move |&card| Some((card, holder?)))
    });
    let gm = fate_table.gm.iter().map(|&card| (card, CardHolder::Gm));
    let entries = (fate_table.second_entries.iter()).map(|d| (d.card, CardHolder::SecondEntry));
    let fate = players_cards
        .chain(gm)
        .chain(entries)
        .filter_map(|(card, holder)| {
            Some(FateCardView {
                card,
                holder,
                attack: effect_of(card, &FateUse::Attack).ok()?,
                armor_class: effect_of(card, &FateUse::ArmorClass).ok()?,
                save: effect_of(card, &FateUse::Save).ok()?,
            })
        })
        .collect();
    let players = fate_table
        .players
        .iter()
        .filter_map(|(key, fate)| {
            Some(PlayerFateView {
                participant_id: seated(key)?,
                lucky: fate.lucky,
                limit: u32::try_from(fate.limit()).unwrap_or(u32::MAX),
            })
        })
        .collect();
    TableView::Universe {
        fate,
        players,
        // RULES.md: the GM holds at most one negative fate card per player (the rules' `gain`).
        gm_limit: u32::try_from(fate_table.gm_limit()).unwrap_or(u32::MAX),
        deal_bar,
    }
}
