//! Saving an encounter's running state back onto its characters' sheets ("Save to sheets"):
//! Glory and trackers, fate cards, health and effects, HTK — whatever the system's table keeps
//! that the sheet also has. All the sheets or none: one refused sheet writes nothing.

use uuid::Uuid;

use super::characters::{update_character_row, CharacterFields};
use super::Store;
use crate::error::{Problem, Result, RosterError};
use crate::model::Character;
use crate::sheet::Sheet;
use crate::table::play::{context, current_table};

impl Store {
    /// Writes the encounter's running state onto the sheets of its stored characters (quick NPCs
    /// have none) and answers the characters whose sheet changed. Every new sheet is checked
    /// like an edit in the window; when one is refused nothing is written. The encounter itself
    /// is not changed (and its table actions stay undoable).
    pub fn save_encounter_to_sheets(&mut self, id: Uuid) -> Result<Vec<Character>> {
        let encounter = self.encounter(id)?;
        if encounter.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "encounter",
                name: encounter.state.name,
            });
        }
        let roster = self.roster(encounter.roster_id)?;
        let characters = self.characters(roster.id)?;
        let dice = rollbook_rules::table::MoveDice::seeded(0);
        let ctx = context(&encounter.state, &roster, &characters, &dice);
        let table = current_table(&encounter.state, roster.system, &ctx)?;
        let mut changed: Vec<(&Character, Sheet)> = Vec::new();
        for (participant_id, fields) in table.sheet_changes(&ctx) {
            let Some(character) = ctx
                .seat(participant_id)
                .ok()
                .and_then(|seat| seat.character)
            else {
                continue;
            };
            let mut sheet = character.sheet.to_value();
            if let Some(object) = sheet.as_object_mut() {
                object.extend(fields);
            }
            let typed = Sheet::from_json(roster.system, &sheet, &roster.house_rules).map_err(
                |problems| RosterError::InvalidSheet {
                    problems: problems
                        .into_iter()
                        .map(|p| Problem::new(p.path, format!("{}: {}", character.name, p.message)))
                        .collect(),
                },
            )?;
            if typed != character.sheet {
                changed.push((character, typed));
            }
        }
        self.write(|tx| {
            for (c, sheet) in &changed {
                let fields = CharacterFields {
                    name: &c.name,
                    player: &c.player,
                    kind: c.kind.as_str(),
                    tags: &c.tags,
                    notes: &c.notes,
                    sheet,
                };
                update_character_row(tx, c.id, c.roster_id, &fields, c.position)?;
            }
            Ok(())
        })?;
        let ids: Vec<Uuid> = changed.iter().map(|(c, _)| c.id).collect();
        ids.into_iter().map(|id| self.character(id)).collect()
    }
}
