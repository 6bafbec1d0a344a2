//! The players' view of an encounter (`crate::players`): the store reads the encounter, its
//! roster's characters and house rules, and the public rolls that may be shown, and hands them
//! to the pure projection. The players' window and the shared page receive only its answer.

use std::collections::HashSet;

use rusqlite::params;
use uuid::Uuid;

use super::encounters::live_encounter_state;
use super::{parse_id, Store};
use crate::error::Result;
use crate::model::EncounterState;
use crate::players::{project, PlayersView, Sources, ROLLS_SHOWN};
use crate::store::LogEntry;

impl Store {
    /// What the players see of an encounter (docs/players-view.md). An encounter (or roster) in
    /// the trash is refused as such.
    pub fn players_view(&self, encounter_id: Uuid) -> Result<PlayersView> {
        self.projected(
            encounter_id,
            |_| {},
            |store, state, created_at| {
                // Only rolls of those shown now can be listed: fetch no others.
                let shown: Vec<_> = state
                    .order
                    .iter()
                    .filter(|p| !state.visibility_of(p.id).hidden)
                    .collect();
                let shown_ids: HashSet<Uuid> = shown.iter().map(|p| p.id).collect();
                let shown_characters: Vec<Uuid> =
                    shown.iter().filter_map(|p| p.character_id).collect();
                let ids = store.public_roll_ids(
                    encounter_id,
                    created_at,
                    &shown_ids,
                    &shown_characters,
                )?;
                let mut rolls = store.readable_log_entries(&ids)?;
                rolls.sort_by_key(|e| std::cmp::Reverse((e.at, e.id)));
                Ok(rolls)
            },
        )
    }

    /// The projection of the encounter with its roster's characters: its state as `seen`
    /// leaves it (what is shown), and the rolls `rolls` picks from that state and the
    /// encounter's creation time.
    fn projected(
        &self,
        encounter_id: Uuid,
        seen: impl FnOnce(&mut EncounterState),
        rolls: impl FnOnce(&Self, &EncounterState, i64) -> Result<Vec<LogEntry>>,
    ) -> Result<PlayersView> {
        let (roster_id, mut state, created_at) = live_encounter_state(self.conn(), encounter_id)?;
        seen(&mut state);
        let roster = self.roster(roster_id)?;
        let characters = self.characters(roster.id)?;
        let seats = crate::table::Seat::in_turn_order(&state.order, roster.system, &characters);
        let rolls = rolls(self, &state, created_at)?;
        Ok(project(&Sources {
            encounter: &state,
            system: roster.system,
            seats: &seats,
            house_rules: &roster.house_rules,
            rolls: &rolls,
        }))
    }

    /// The table as the GM sees it, in the players' view's words: every participant under its
    /// own name, health as numbers, each one's lines and effects, the table's lines and the
    /// tasks (no rolls: the GM has the log). What `rollbook encounter show` prints under each
    /// participant; the one projection, so the words are the players' view's.
    pub fn table_in_words(&self, encounter_id: Uuid) -> Result<PlayersView> {
        let everyone = crate::model::Visibility {
            health: Some(crate::model::HealthShown::Numbers),
            ..Default::default()
        };
        let shown_all = |state: &mut EncounterState| {
            state.visibility = state
                .order
                .iter()
                .map(|p| (p.id, everyone.clone()))
                .collect();
        };
        self.projected(encounter_id, shown_all, |_, _, _| Ok(Vec::new()))
    }

    /// [`Store::players_view`] as the JSON the players' page reads.
    pub fn players_view_json(&self, encounter_id: Uuid) -> Result<String> {
        let view = self.players_view(encounter_id)?;
        // Plain data (strings, numbers, uuids): serialising cannot fail.
        Ok(serde_json::to_string(&view).unwrap_or_default())
    }

    /// The ids of the newest public rolls (at most [`ROLLS_SHOWN`]) that may enter the view: the
    /// rolls of this encounter's actions not undone, made by a shown participant or by nobody
    /// in particular, and the rolls logged away from the table for a shown participant's
    /// character since the encounter was created. Never a secret one.
    fn public_roll_ids(
        &self,
        encounter_id: Uuid,
        since: i64,
        shown: &HashSet<Uuid>,
        characters: &[Uuid],
    ) -> Result<Vec<i64>> {
        let mut found: Vec<(i64, i64)> = Vec::new();
        let mut table = self.conn().prepare_cached(
            "SELECT r.at, r.id, r.participant_id FROM table_actions a
             JOIN roll_log r ON r.table_action = a.id
             WHERE a.encounter_id = ?1 AND a.undone_at IS NULL AND r.secret = 0",
        )?;
        let rows = table.query_map([encounter_id.to_string()], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get::<_, Option<String>>(2)?))
        })?;
        for row in rows {
            let (at, id, participant) = row?;
            let by_shown = match participant {
                Some(p) => shown.contains(&parse_id(&p)?),
                None => true,
            };
            if by_shown {
                found.push((at, id));
            }
        }
        let mut away = self.conn().prepare_cached(
            "SELECT at, id FROM roll_log
             WHERE character_id = ?1 AND at >= ?2 AND table_action IS NULL AND secret = 0
             ORDER BY at DESC, id DESC LIMIT ?3",
        )?;
        for character in characters {
            let rows = away.query_map(
                params![character.to_string(), since, ROLLS_SHOWN as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            for row in rows {
                found.push(row?);
            }
        }
        found.sort_by_key(|&(at, id)| std::cmp::Reverse((at, id)));
        Ok(found
            .into_iter()
            .take(ROLLS_SHOWN)
            .map(|(_, id)| id)
            .collect())
    }
}
