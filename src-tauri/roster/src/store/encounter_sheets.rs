//! Saving an encounter's running state back onto its characters' sheets ("Save to sheets"):
//! Glory and trackers, fate cards, health and effects, HTK — whatever the system's table keeps
//! that the sheet also has. All the sheets or none: one refused sheet writes nothing.

use uuid::Uuid;

use super::characters::{update_character_row, CharacterFields};
use super::Store;
use crate::error::{Result, RosterError};
use crate::model::{Character, CharacterKind, NewCharacter};
use crate::problem::Problem;
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

    /// "Keep as a character": a quick NPC or a copy of the encounter becomes an NPC of its
    /// roster with the numbers it joined with (the system's blank sheet for one added with the
    /// defaults), named `name` or, by default, its label without the number ("Drone 3" →
    /// "Drone"), so a GM builds a bestiary while playing. The participant stays as it is.
    pub fn keep_as_character(
        &mut self,
        encounter_id: Uuid,
        participant_id: Uuid,
        name: Option<&str>,
    ) -> Result<Character> {
        let encounter = self.encounter(encounter_id)?;
        if encounter.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "encounter",
                name: encounter.state.name,
            });
        }
        let participant = encounter
            .state
            .order
            .iter()
            .find(|p| p.id == participant_id)
            .ok_or_else(|| {
                RosterError::InvalidTableAction(format!(
                    "participant {participant_id} is not in this encounter"
                ))
            })?;
        if participant.character_id.is_some() {
            return Err(RosterError::InvalidTableAction(format!(
                "{} is a character of the roster already",
                participant.name
            )));
        }
        let name = name.map_or_else(|| label_of(&participant.name), str::to_string);
        let new = NewCharacter {
            kind: CharacterKind::Npc,
            sheet: participant.sheet.clone(),
            ..NewCharacter::named(name)
        };
        self.create_character(encounter.roster_id, new)
    }
}

/// A numbered participant's label: "Drone 3" → "Drone"; a name with no number stays whole.
fn label_of(name: &str) -> String {
    match name.rsplit_once(' ') {
        Some((label, n)) if !label.trim().is_empty() && n.parse::<u32>().is_ok() => {
            label.trim().to_string()
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::label_of;

    #[test]
    fn a_kept_npc_is_named_by_its_label() {
        assert_eq!(label_of("Drone 3"), "Drone");
        assert_eq!(label_of("Drone"), "Drone");
        assert_eq!(label_of("Agent 47 7"), "Agent 47");
        assert_eq!(label_of("7"), "7");
        assert_eq!(label_of("Big bad"), "Big bad");
    }
}
