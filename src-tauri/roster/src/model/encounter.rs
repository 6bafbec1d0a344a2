//! An encounter at the table: who takes part (stored characters and quick-added NPCs that exist
//! only here), the round, the turn order the GM sets and whose turn it is, and an opaque
//! per-system state the rules engine's table modules fill (universe deck, genre trackers, …).
//!
//! Pure state rules: [`EncounterState::apply`] takes a state and a [`TableAction`] and gives the
//! new state, or refuses with a sentence saying what to change. The store keeps the state after
//! the last action and, with every applied action, the patch back to the state before it
//! (`store/table_history.rs`), so the last one can be undone exactly.

use std::collections::BTreeMap;

use rollbook_rules::text::isolated;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Timestamp, Visibility};
use rollbook_rules::table::ranges::{MoveRange, ADD_COPIES_COUNT, ADD_NPCS_COUNT};

use crate::check::{Check, NAME_MAX};
use crate::table::{SystemMove, SystemTable, TableError, TableView};

/// How many participants one encounter holds.
pub const PARTICIPANTS_MAX: usize = 200;

/// One side of the table: a stored character, a numbered copy of one, or an NPC quick-added to
/// this encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Participant {
    /// This participant's id within the encounter (a character added twice is refused).
    pub id: Uuid,
    /// The stored character, or `None` for a quick-added NPC or a copy.
    pub character_id: Option<Uuid>,
    /// Copied when added, so the encounter still reads after the character is purged.
    pub name: String,
    /// The numbers the table reads for a participant with no stored character: a sheet of the
    /// roster's system (checked as a sheet is when added, stored whole). A copy takes its
    /// character's sheet as it was when added, so each copy keeps its own health and state and
    /// nothing is written back. Absent for a quick NPC added with the system's defaults (and in
    /// every state stored by an earlier build, which read and write byte for byte as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub sheet: Option<serde_json::Value>,
    /// The roster character a copy was made from ("Add ×3"), shown as "copy of …".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub copy_of: Option<Uuid>,
}

/// Everything an action can change; the encounter's row holds it whole as it stands now, its log
/// the patches between one action's state and the next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EncounterState {
    pub name: String,
    /// Starts at 1.
    pub round: u32,
    /// The participants in turn order.
    pub order: Vec<Participant>,
    /// Whose turn it is: one of `order`, `None` only while nobody takes part.
    pub current: Option<Uuid>,
    /// The running state of the roster's system (crate::table), `None` until the first action.
    pub system_state: Option<SystemTable>,
    /// What the players see of each participant, by participant id; absent means the default
    /// (docs/players-view.md). Left out of the JSON while empty, so a state stored by an earlier
    /// build reads and writes byte for byte as it did and its history's patches still apply.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(
        feature = "ts",
        ts(as = "Option<BTreeMap<Uuid, Visibility>>", optional)
    )]
    pub visibility: BTreeMap<Uuid, Visibility>,
}

/// A stored encounter of a roster.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Encounter {
    pub id: Uuid,
    pub roster_id: Uuid,
    pub state: EncounterState,
    /// Participants whose character is no longer in the roster (in the trash, or purged): the
    /// window shows them greyed out; the GM may remove them.
    pub absent: Vec<Uuid>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Set while the encounter is in the trash.
    pub deleted_at: Option<Timestamp>,
    /// What the rules compute from the table for the window (`crate::table::view`): computed
    /// when the encounter is read, never stored. `null` before the first action and for a
    /// system with nothing derived.
    pub view: Option<TableView>,
}

/// A change made at the table. Every one is logged and can be undone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum TableAction {
    /// Stored characters of the encounter's roster join at the end of the order.
    AddCharacters {
        character_ids: Vec<Uuid>,
    },
    /// `count` nameless NPCs named "LABEL N", numbered on from the highest "LABEL N" already in,
    /// each with `sheet`'s numbers (a sheet of the roster's system, or part of one: what is left
    /// out keeps the blank sheet's value), or the system's defaults when it is absent.
    AddNpcs {
        label: String,
        count: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        sheet: Option<serde_json::Value>,
    },
    /// `count` numbered copies of a stored character ("Drone 1", "Drone 2", …, numbered on from
    /// the highest already in), each an NPC with the character's sheet as it is now and its own
    /// health and state.
    AddCopies {
        character_id: Uuid,
        count: u32,
    },
    RemoveParticipant {
        participant_id: Uuid,
    },
    /// One place earlier in the turn order.
    MoveUp {
        participant_id: Uuid,
    },
    /// One place later in the turn order.
    MoveDown {
        participant_id: Uuid,
    },
    /// The whole order: every participant exactly once.
    SetOrder {
        participant_ids: Vec<Uuid>,
    },
    SetTurn {
        participant_id: Uuid,
    },
    /// The turn passes to the next in order; after the last, a new round starts with the first.
    NextTurn,
    /// A new round starts with the first in order.
    NextRound,
    Rename {
        name: String,
    },
    /// What the players see of a participant (docs/players-view.md); the default removes its
    /// entry.
    SetVisibility {
        participant_id: Uuid,
        visibility: Visibility,
    },
    /// A move of the roster's system (card initiative, Grunt, an attack chain, …), played by
    /// crate::table against the participants' sheets.
    System {
        #[serde(rename = "move")]
        r#move: SystemMove,
    },
}

/// A stored character as an action needs it (the store looks it up in the roster).
#[derive(Debug, Clone)]
pub struct JoiningCharacter {
    pub id: Uuid,
    pub name: String,
    /// The character's sheet, read for [`TableAction::AddCopies`] only.
    pub sheet: Option<serde_json::Value>,
}

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
    /// A new encounter: round 1, nobody yet.
    pub fn new(name: &str) -> Self {
        EncounterState {
            name: name.trim().to_string(),
            round: 1,
            order: Vec::new(),
            current: None,
            system_state: None,
            visibility: BTreeMap::new(),
        }
    }

    /// What the players see of a participant (the default when none is kept).
    pub fn visibility_of(&self, participant_id: Uuid) -> Visibility {
        self.visibility
            .get(&participant_id)
            .cloned()
            .unwrap_or_default()
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn npcs(state: &EncounterState, label: &str, count: u32) -> EncounterState {
        let action = TableAction::AddNpcs {
            label: label.into(),
            count,
            sheet: None,
        };
        state.apply(&action, &[]).unwrap().0
    }

    fn names(state: &EncounterState) -> Vec<&str> {
        state.order.iter().map(|p| p.name.as_str()).collect()
    }

    fn id(state: &EncounterState, name: &str) -> Uuid {
        state.order.iter().find(|p| p.name == name).unwrap().id
    }

    #[test]
    fn quick_npcs_are_numbered_on_from_the_highest() {
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
        assert_eq!(names(&s), ["Goon 1", "Goon 2"]);
        assert_eq!(
            s.current,
            Some(s.order[0].id),
            "the first to join has the turn"
        );
        let s = npcs(&s, " Goon ", 1);
        assert_eq!(names(&s), ["Goon 1", "Goon 2", "Goon 3"]);
        let without_1 = s
            .apply(
                &TableAction::RemoveParticipant {
                    participant_id: id(&s, "Goon 1"),
                },
                &[],
            )
            .unwrap()
            .0;
        assert_eq!(names(&npcs(&without_1, "Goon", 1))[2], "Goon 4");
        assert_eq!(names(&npcs(&s, "Goonie", 1))[3], "Goonie 1");
    }

    #[test]
    fn next_turn_wraps_into_a_new_round() {
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
        let (s, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
        assert_eq!(
            (s.round, s.current, said.as_str()),
            (1, Some(s.order[1].id), "Goon 2's turn")
        );
        let (s, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
        assert_eq!((s.round, s.current), (2, Some(s.order[0].id)));
        assert_eq!(said, "Round 2, Goon 1's turn");
        let (s, _) = s.apply(&TableAction::NextRound, &[]).unwrap();
        assert_eq!(s.round, 3);
    }

    #[test]
    fn names_holding_bidi_controls_are_isolated_in_what_the_actions_say() {
        let s = npcs(&EncounterState::new("Ambush"), "\u{202E}nooG", 2);
        let (s, said) = s
            .apply(
                &TableAction::AddNpcs {
                    label: "Drone".into(),
                    count: 1,
                    sheet: None,
                },
                &[],
            )
            .unwrap();
        assert_eq!(said, "Added Drone 1");
        let iso = |n: u32| format!("\u{2068}\u{202E}nooG {n}\u{2069}");
        let said = npcs(&EncounterState::new("Ambush"), "\u{202E}nooG", 2)
            .apply(&TableAction::NextTurn, &[])
            .unwrap()
            .1;
        assert_eq!(said, format!("{}'s turn", iso(2)));
        let (s, said) = s
            .apply(
                &TableAction::SetTurn {
                    participant_id: s.order[2].id,
                },
                &[],
            )
            .unwrap();
        assert_eq!(said, "Drone 1's turn");
        let (_, said) = s.apply(&TableAction::NextTurn, &[]).unwrap();
        assert_eq!(said, format!("Round 2, {}'s turn", iso(1)));
        let (_, said) = s
            .apply(
                &TableAction::MoveDown {
                    participant_id: s.order[0].id,
                },
                &[],
            )
            .unwrap();
        assert_eq!(said, format!("Moved {} down to place 2", iso(1)));
        let refused = s
            .apply(
                &TableAction::MoveUp {
                    participant_id: s.order[0].id,
                },
                &[],
            )
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains(&format!("{} is already first", iso(1))),
            "{refused}"
        );
        let (_, said) = s
            .apply(
                &TableAction::Rename {
                    name: "\u{202E}ffoor".into(),
                },
                &[],
            )
            .unwrap();
        assert_eq!(said, "Renamed to \u{2068}\u{202E}ffoor\u{2069}");
        let added = npcs(&EncounterState::new("Ambush"), "Goon", 1)
            .apply(
                &TableAction::AddNpcs {
                    label: "\u{202E}nooG".into(),
                    count: 2,
                    sheet: None,
                },
                &[],
            )
            .unwrap()
            .1;
        assert_eq!(added, format!("Added {}, {}", iso(1), iso(2)));
    }

    #[test]
    fn removing_whose_turn_it_is_passes_the_turn_on() {
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 3);
        let last = id(&s, "Goon 3");
        let s = s
            .apply(
                &TableAction::SetTurn {
                    participant_id: last,
                },
                &[],
            )
            .unwrap()
            .0;
        let s = s
            .apply(
                &TableAction::RemoveParticipant {
                    participant_id: last,
                },
                &[],
            )
            .unwrap()
            .0;
        assert_eq!(
            s.current,
            Some(id(&s, "Goon 1")),
            "the last left: back to the first"
        );
        let first = id(&s, "Goon 1");
        let s = s
            .apply(
                &TableAction::RemoveParticipant {
                    participant_id: first,
                },
                &[],
            )
            .unwrap()
            .0;
        assert_eq!(s.current, Some(id(&s, "Goon 2")));
        let only = id(&s, "Goon 2");
        let s = s
            .apply(
                &TableAction::RemoveParticipant {
                    participant_id: only,
                },
                &[],
            )
            .unwrap()
            .0;
        assert_eq!((s.order.len(), s.current), (0, None));
    }

    #[test]
    fn refusals_say_what_to_change() {
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
        let refused = |action: TableAction| s.apply(&action, &[]).unwrap_err().to_string();
        let first = id(&s, "Goon 1");
        assert_eq!(
            refused(TableAction::MoveUp {
                participant_id: first
            }),
            "Goon 1 is already first"
        );
        assert_eq!(
            refused(TableAction::SetOrder {
                participant_ids: vec![first]
            }),
            "Goon 2 is missing from the order; list every participant once"
        );
        assert_eq!(
            refused(TableAction::SetOrder {
                participant_ids: vec![first, first]
            }),
            "Goon 1 is listed twice; list each participant once"
        );
        assert_eq!(
            refused(TableAction::AddNpcs {
                label: "Goon".into(),
                count: 0,
                sheet: None,
            }),
            "add 1 to 50 NPCs at a time, not 0"
        );
        assert_eq!(
            refused(TableAction::Rename { name: " ".into() }),
            "the encounter name is empty; a name takes 1 to 120 characters"
        );
        let stranger = Uuid::nil();
        assert_eq!(
            refused(TableAction::SetTurn {
                participant_id: stranger
            }),
            format!("participant {stranger} is not in this encounter")
        );
        assert_eq!(
            EncounterState::new("x")
                .apply(&TableAction::NextTurn, &[])
                .unwrap_err()
                .to_string(),
            "nobody is in the encounter yet; add participants first"
        );
    }

    #[test]
    fn a_character_joins_once() {
        let vex = JoiningCharacter {
            id: Uuid::new_v4(),
            name: "Vex".into(),
            sheet: None,
        };
        let add = TableAction::AddCharacters {
            character_ids: vec![vex.id],
        };
        let s = EncounterState::new("x");
        let (s, said) = s.apply(&add, std::slice::from_ref(&vex)).unwrap();
        assert_eq!(
            (said.as_str(), s.order[0].character_id),
            ("Added Vex", Some(vex.id))
        );
        assert_eq!(
            s.apply(&add, &[vex]).unwrap_err().to_string(),
            "Vex is already in the encounter"
        );
    }

    #[test]
    fn visibility_is_kept_until_it_is_the_default_or_its_participant_leaves() {
        use crate::model::HealthShown;
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 2);
        let goon = id(&s, "Goon 2");
        let set = |state: &EncounterState, visibility: Visibility| {
            state.apply(
                &TableAction::SetVisibility {
                    participant_id: goon,
                    visibility,
                },
                &[],
            )
        };
        let masked = Visibility {
            hidden: false,
            alias: Some(" Masked figure ".into()),
            health: Some(HealthShown::Hidden),
        };
        let (s2, said) = set(&s, masked).unwrap();
        assert_eq!(
            said,
            "Showed Goon 2 to the players as “Masked figure”; Goon 2's health hidden from the \
             players"
        );
        assert_eq!(
            s2.visibility_of(goon).alias.as_deref(),
            Some("Masked figure")
        );
        let (s3, _) = set(&s2, Visibility::default()).unwrap();
        assert!(s3.visibility.is_empty(), "the default is not kept");
        assert_eq!(s3, s, "and the state is as before");
        let gone = s2
            .apply(
                &TableAction::RemoveParticipant {
                    participant_id: goon,
                },
                &[],
            )
            .unwrap()
            .0;
        assert!(
            gone.visibility.is_empty(),
            "a participant who left takes it along"
        );

        let refused = |participant_id: Uuid, alias: &str| {
            s.apply(
                &TableAction::SetVisibility {
                    participant_id,
                    visibility: Visibility {
                        alias: Some(alias.into()),
                        ..Visibility::default()
                    },
                },
                &[],
            )
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            refused(Uuid::nil(), "x"),
            format!("participant {} is not in this encounter", Uuid::nil())
        );
        assert_eq!(
            refused(goon, ""),
            "the alias is empty; a name takes 1 to 120 characters"
        );
    }

    #[test]
    fn a_state_without_visibility_writes_as_an_earlier_build_wrote_it() {
        let s = npcs(&EncounterState::new("Ambush"), "Goon", 1);
        let json = serde_json::to_value(&s).unwrap();
        assert!(json.get("visibility").is_none());
        let back: EncounterState = serde_json::from_value(json).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn actions_read_and_write_as_tagged_json() {
        let action: TableAction =
            serde_json::from_str(r#"{"action":"add_npcs","label":"Goon","count":3}"#).unwrap();
        assert_eq!(
            action,
            TableAction::AddNpcs {
                label: "Goon".into(),
                count: 3,
                sheet: None,
            }
        );
        assert_eq!(
            serde_json::to_value(TableAction::NextRound).unwrap(),
            serde_json::json!({"action": "next_round"})
        );
    }

    proptest! {
        /// Whatever the GM does, each participant appears once, the turn is someone's exactly
        /// when someone takes part, and the round never goes back.
        #[test]
        fn the_state_stays_whole(seeds in proptest::collection::vec(any::<proptest::sample::Index>(), 1..40),
                                 kinds in proptest::collection::vec(0usize..8, 1..40)) {
            let mut state = npcs(&EncounterState::new("Brawl"), "Goon", 3);
            for (seed, kind) in seeds.iter().zip(&kinds) {
                let ids: Vec<Uuid> = state.order.iter().map(|p| p.id).collect();
                let pick = if ids.is_empty() { Uuid::nil() } else { *seed.get(&ids) };
                let mut shuffled = ids.clone();
                if !shuffled.is_empty() {
                    let n = seed.index(shuffled.len());
                    shuffled.rotate_left(n);
                }
                let action = match kind {
                    0 => TableAction::AddNpcs { label: "Goon".into(), count: 1 + seed.index(3) as u32, sheet: None },
                    1 => TableAction::RemoveParticipant { participant_id: pick },
                    2 => TableAction::MoveUp { participant_id: pick },
                    3 => TableAction::MoveDown { participant_id: pick },
                    4 => TableAction::SetTurn { participant_id: pick },
                    5 => TableAction::SetOrder { participant_ids: shuffled },
                    6 => TableAction::NextTurn,
                    _ => TableAction::NextRound,
                };
                match state.apply(&action, &[]) {
                    Ok((next, _)) => {
                        let mut seen: Vec<Uuid> = next.order.iter().map(|p| p.id).collect();
                        seen.sort();
                        seen.dedup();
                        prop_assert_eq!(seen.len(), next.order.len());
                        prop_assert_eq!(next.current.is_some(), !next.order.is_empty());
                        if let Some(c) = next.current {
                            prop_assert!(next.order.iter().any(|p| p.id == c));
                        }
                        prop_assert!(next.round >= state.round);
                        state = next;
                    }
                    Err(refused) => prop_assert!(!refused.to_string().is_empty()),
                }
            }
        }
    }
}
