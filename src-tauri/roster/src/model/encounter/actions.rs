//! The generic table actions on an encounter's state (participants, order, turn, round, name,
//! what the players see): pure, the new state and what happened in words, or a refusal saying
//! what to change. The system's moves and hooks are `crate::table`'s.

use rollbook_rules::table::ranges::{MoveRange, ADD_COPIES_COUNT, ADD_NPCS_COUNT};
use rollbook_rules::text::isolated;
use uuid::Uuid;

use super::{EncounterState, JoiningCharacter, TableAction, PARTICIPANTS_MAX};
use crate::check::{Check, NAME_MAX};
use crate::model::participant::Participant;
use crate::table::TableError;

/// `names` for a sentence: each isolated (a bidi control in one reorders nothing around it),
/// comma-separated.
fn said_names(names: &[String]) -> String {
    let said: Vec<_> = names.iter().map(|n| isolated(n)).collect();
    said.join(", ")
}

/// What NextTurn says when it turns the round: "Round 2, Drone 1's turn" (`first` acts first;
/// after a new round's deal that is the deal's first, table/play.rs). The name is isolated.
pub(crate) fn new_round_words(round: u32, first: &str) -> String {
    format!("Round {round}, {}'s turn", isolated(first))
}

impl EncounterState {
    /// The state after `action`, and a line saying what happened (for the action log). Refused
    /// with a sentence saying what to change. `joining` holds the characters named by
    /// [`TableAction::AddCharacters`], already checked to be live in the encounter's roster.
    pub fn apply(
        &self,
        action: &TableAction,
        joining: &[JoiningCharacter],
    ) -> Result<(EncounterState, String), TableError> {
        self.apply_in_words(action, joining)
            .map_err(TableError::Invalid)
    }

    /// [`EncounterState::apply`], its refusals as the sentences [`TableError::Invalid`] carries.
    fn apply_in_words(
        &self,
        action: &TableAction,
        joining: &[JoiningCharacter],
    ) -> Result<(EncounterState, String), String> {
        let mut next = self.clone();
        let summary = match action {
            TableAction::AddCharacters { character_ids } => {
                if character_ids.is_empty() {
                    return Err("pick at least one character to add".into());
                }
                let mut names = Vec::new();
                for (i, id) in character_ids.iter().enumerate() {
                    let c = joining.iter().find(|c| c.id == *id).ok_or_else(|| {
                        format!("character {id} is not in this encounter's roster")
                    })?;
                    if character_ids[..i].contains(id) || next.has_character(*id) {
                        return Err(format!("{} is already in the encounter", isolated(&c.name)));
                    }
                    next.order.push(Participant {
                        id: Uuid::new_v4(),
                        character_id: Some(*id),
                        name: c.name.clone(),
                        sheet: None,
                        copy_of: None,
                    });
                    names.push(isolated(&c.name).into_owned());
                }
                format!("Added {}", names.join(", "))
            }
            TableAction::AddNpcs {
                label,
                count,
                sheet,
            } => {
                let label = label.trim();
                let mut problems = Vec::new();
                Check {
                    problems: &mut problems,
                }
                .name("label", label, rollbook_rules::TextLimits::FORMAT.npc_label);
                if let Some(p) = problems.first() {
                    return Err(format!("the NPC label {}", p.message));
                }
                let names = next.numbered(label, *count, ADD_NPCS_COUNT, "NPCs")?;
                next.join(&names, sheet.as_ref(), None);
                format!("Added {}", said_names(&names))
            }
            TableAction::AddCopies {
                character_id,
                count,
            } => {
                let c = joining
                    .iter()
                    .find(|c| c.id == *character_id)
                    .ok_or_else(|| {
                        format!("character {character_id} is not in this encounter's roster")
                    })?;
                let sheet = c.sheet.as_ref().ok_or_else(|| {
                    format!(
                        "{}'s sheet was not read; play this through the store",
                        isolated(&c.name)
                    )
                })?;
                let names = next.numbered(c.name.trim(), *count, ADD_COPIES_COUNT, "copies")?;
                next.join(&names, Some(sheet), Some(c.id));
                format!(
                    "Added {} (copies of {})",
                    said_names(&names),
                    isolated(&c.name)
                )
            }
            TableAction::RemoveParticipant { participant_id } => {
                let at = self.position(*participant_id)?;
                let gone = next.order.remove(at);
                next.visibility.remove(&gone.id);
                if next.current == Some(gone.id) {
                    // The turn passes to whoever followed (the first, when the last leaves).
                    next.current = next
                        .order
                        .get(at)
                        .or_else(|| next.order.first())
                        .map(|p| p.id);
                }
                format!("Removed {}", isolated(&gone.name))
            }
            TableAction::MoveUp { participant_id } => {
                let at = self.position(*participant_id)?;
                if at == 0 {
                    return Err(format!("{} is already first", self.said_name(at)));
                }
                next.order.swap(at, at - 1);
                format!("Moved {} up to place {at}", self.said_name(at))
            }
            TableAction::MoveDown { participant_id } => {
                let at = self.position(*participant_id)?;
                if at + 1 == self.order.len() {
                    return Err(format!("{} is already last", self.said_name(at)));
                }
                next.order.swap(at, at + 1);
                format!("Moved {} down to place {}", self.said_name(at), at + 2)
            }
            TableAction::SetOrder { participant_ids } => {
                let mut order = Vec::with_capacity(self.order.len());
                for (i, id) in participant_ids.iter().enumerate() {
                    let at = self.position(*id)?;
                    if participant_ids[..i].contains(id) {
                        return Err(format!(
                            "{} is listed twice; list each participant once",
                            self.said_name(at)
                        ));
                    }
                    order.push(self.order[at].clone());
                }
                if let Some(missing) = self.order.iter().find(|p| !participant_ids.contains(&p.id))
                {
                    return Err(format!(
                        "{} is missing from the order; list every participant once",
                        isolated(&missing.name)
                    ));
                }
                next.order = order;
                "Set the turn order".to_string()
            }
            TableAction::SetTurn { participant_id } => {
                let at = self.position(*participant_id)?;
                next.current = Some(*participant_id);
                format!("{}'s turn", self.said_name(at))
            }
            TableAction::NextTurn => {
                let Some(current) = self.current else {
                    return Err("nobody is in the encounter yet; add participants first".into());
                };
                let at = self.position(current)?;
                match self.order.get(at + 1) {
                    Some(p) => {
                        next.current = Some(p.id);
                        format!("{}'s turn", isolated(&p.name))
                    }
                    None => {
                        next.round = self.next_round_number()?;
                        next.current = self.order.first().map(|p| p.id);
                        new_round_words(next.round, &self.order[0].name)
                    }
                }
            }
            TableAction::NextRound => {
                next.round = self.next_round_number()?;
                next.current = self.order.first().map(|p| p.id);
                format!("Round {}", next.round)
            }
            TableAction::Rename { name } => {
                let mut problems = Vec::new();
                Check {
                    problems: &mut problems,
                }
                .name("name", name, NAME_MAX);
                if let Some(p) = problems.first() {
                    return Err(format!("the encounter name {}", p.message));
                }
                next.name = name.trim().to_string();
                format!("Renamed to {}", isolated(&next.name))
            }
            TableAction::SetVisibility {
                participant_id,
                visibility,
            } => {
                let at = self.position(*participant_id)?;
                let visibility = visibility.checked()?;
                let before = self.visibility_of(*participant_id);
                let said = visibility.change_words(&before, &self.order[at].name);
                if visibility.is_default() {
                    next.visibility.remove(participant_id);
                } else {
                    next.visibility.insert(*participant_id, visibility);
                }
                said
            }
            TableAction::System { .. } => {
                // Played by the store through crate::table, which needs the sheets and a seed.
                return Err(
                    "a system move needs the participants' sheets; play it through the store"
                        .into(),
                );
            }
        };
        if next.order.len() > PARTICIPANTS_MAX {
            return Err(format!(
                "an encounter holds at most {PARTICIPANTS_MAX} participants; this would make {}",
                next.order.len()
            ));
        }
        if next.current.is_none() {
            next.current = next.order.first().map(|p| p.id);
        }
        Ok((next, summary))
    }

    /// The same participants in the order the rules set (card initiative): every one once.
    pub(crate) fn reordered(
        &self,
        participant_ids: Vec<Uuid>,
    ) -> Result<EncounterState, TableError> {
        let action = TableAction::SetOrder { participant_ids };
        Ok(self.apply(&action, &[])?.0)
    }

    /// The name of the participant at `at`, isolated for a sentence.
    fn said_name(&self, at: usize) -> std::borrow::Cow<'_, str> {
        isolated(&self.order[at].name)
    }

    /// Where a participant stands in the order, or a refusal naming the unknown id.
    fn position(&self, participant_id: Uuid) -> Result<usize, String> {
        self.order
            .iter()
            .position(|p| p.id == participant_id)
            .ok_or_else(|| format!("participant {participant_id} is not in this encounter"))
    }

    fn has_character(&self, id: Uuid) -> bool {
        self.order.iter().any(|p| p.character_id == Some(id))
    }

    /// `count` names "LABEL N" numbered on from the highest already in, or a refusal when
    /// `count` is out of `batch` (`what` is added: "NPCs", "copies").
    fn numbered(
        &self,
        label: &str,
        count: u32,
        batch: MoveRange,
        what: &str,
    ) -> Result<Vec<String>, String> {
        if !batch.contains(i64::from(count)) {
            return Err(format!(
                "add {} to {} {what} at a time, not {count}",
                batch.min, batch.max
            ));
        }
        let first = self.highest_number(label) + 1;
        Ok((first..first + count)
            .map(|n| format!("{label} {n}"))
            .collect())
    }

    /// Participants with no stored character join at the end of the order, named `names`,
    /// each with its own copy of `sheet` (`copy_of`: the character they copy).
    fn join(&mut self, names: &[String], sheet: Option<&serde_json::Value>, copy_of: Option<Uuid>) {
        for name in names {
            self.order.push(Participant {
                id: Uuid::new_v4(),
                character_id: None,
                name: name.clone(),
                sheet: sheet.cloned(),
                copy_of,
            });
        }
    }

    /// The highest N of the quick NPCs and copies named "LABEL N" (0 when there are none).
    fn highest_number(&self, label: &str) -> u32 {
        self.order
            .iter()
            .filter(|p| p.character_id.is_none())
            .filter_map(|p| p.name.strip_prefix(label)?.strip_prefix(' ')?.parse().ok())
            .max()
            .unwrap_or(0)
    }

    fn next_round_number(&self) -> Result<u32, String> {
        self.round
            .checked_add(1)
            .ok_or_else(|| "the round counter is at its limit; start a new encounter".into())
    }
}
