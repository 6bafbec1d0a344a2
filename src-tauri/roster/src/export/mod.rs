//! Exporting: rosters to the FORMAT.md file ([`RosterFile`]), characters to CSV for
//! spreadsheets, and the roll log to CSV or JSON.

mod csv;
mod file;
mod json;

pub use file::{Exported, FileFormat};
pub use json::{FileCharacter, FileHouseRules, FileRoster, RollLogFile, RosterFile};

use serde::Deserialize;
use uuid::Uuid;

use crate::error::{Result, RosterError};
use crate::model::{Character, Roster};
use crate::store::Store;

/// Which rosters to export (JSON: `"all"`, `{"rosters": [id…]}`, `{"characters": [id…]}`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExportSelection {
    /// Every roster not in the trash.
    #[default]
    All,
    /// These rosters (in their stored order, whatever the order given).
    Rosters(Vec<Uuid>),
    /// These characters, each in its roster (rosters and characters in their stored order,
    /// whatever the order given): the window's "export the selection".
    Characters(Vec<Uuid>),
}

impl Store {
    /// The selected rosters in their stored order, each with its selected characters in their
    /// order (never those in the trash). Unknown ids are refused, and so are characters in the
    /// trash when named one by one.
    pub(crate) fn selected(
        &self,
        selection: &ExportSelection,
    ) -> Result<Vec<(Roster, Vec<Character>)>> {
        let mut out = Vec::new();
        for roster in self.selected_rosters(selection)? {
            let mut characters = self.characters(roster.id)?;
            characters.retain(|c| selection.holds(c));
            out.push((roster, characters));
        }
        Ok(out)
    }

    /// The selected rosters in their stored order, without their characters (which
    /// [`ExportSelection::holds`] picks).
    pub(crate) fn selected_rosters(&self, selection: &ExportSelection) -> Result<Vec<Roster>> {
        let mut rosters = match selection {
            // A file of "every roster" that silently lacked one would be taken for the whole
            // campaign: a damaged roster refuses it by name (the others export one by one).
            ExportSelection::All => {
                let listed = self.rosters_readable()?;
                if let Some(damaged) = listed.damaged.into_iter().next() {
                    return Err(damaged);
                }
                listed.read
            }
            ExportSelection::Rosters(ids) => ids
                .iter()
                .map(|&id| self.roster(id))
                .collect::<Result<Vec<_>>>()?,
            ExportSelection::Characters(ids) => {
                let mut rosters = Vec::new();
                for &id in ids {
                    let c = self.character(id)?;
                    if c.deleted_at.is_some() {
                        return Err(RosterError::InTrash {
                            what: "character",
                            name: c.name,
                        });
                    }
                    rosters.push(self.roster(c.roster_id)?);
                }
                rosters
            }
        };
        rosters.sort_by_key(|r| (r.position, r.created_at, r.id));
        rosters.dedup_by_key(|r| r.id);
        Ok(rosters)
    }
}

impl ExportSelection {
    /// Whether a character of a selected roster is exported.
    pub(crate) fn holds(&self, character: &Character) -> bool {
        match self {
            ExportSelection::Characters(ids) => ids.contains(&character.id),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewCharacter, NewRoster, System};

    /// Two rosters of two characters each: (store, [[a1, a2], [b1, b2]]).
    fn two_rosters() -> (Store, Vec<Vec<Uuid>>) {
        let mut store = Store::open_in_memory().unwrap();
        let mut ids = Vec::new();
        for (roster, system) in [("A", System::D12), ("B", System::Marks)] {
            let r = store.create_roster(NewRoster::new(roster, system)).unwrap();
            let c = (1..=2)
                .map(|n| {
                    let name = format!("{roster}{n}");
                    store
                        .create_character(r.id, NewCharacter::named(name))
                        .unwrap()
                        .id
                })
                .collect();
            ids.push(c);
        }
        (store, ids)
    }

    fn names(store: &Store, selection: &ExportSelection) -> Vec<(String, Vec<String>)> {
        store
            .selected(selection)
            .unwrap()
            .into_iter()
            .map(|(r, cs)| (r.name, cs.into_iter().map(|c| c.name).collect()))
            .collect()
    }

    #[test]
    fn a_character_selection_keeps_stored_order_and_only_those_characters() {
        let (store, ids) = two_rosters();
        let selection = ExportSelection::Characters(vec![ids[1][1], ids[0][1], ids[1][0]]);
        assert_eq!(
            names(&store, &selection),
            [
                ("A".to_string(), vec!["A2".to_string()]),
                ("B".to_string(), vec!["B1".to_string(), "B2".to_string()]),
            ]
        );
        let file = store.export(&selection).unwrap();
        assert_eq!(file.rosters[0].characters.len(), 1);
        let mut csv = Vec::new();
        assert_eq!(
            store.export_characters_csv(&selection, &mut csv).unwrap(),
            3
        );
        let text = String::from_utf8(csv).unwrap();
        assert!(!text.contains(",A1,"), "{text}");
    }

    #[test]
    fn unknown_or_trashed_characters_are_refused() {
        let (mut store, ids) = two_rosters();
        let unknown = ExportSelection::Characters(vec![ids[0][0], Uuid::new_v4()]);
        assert_eq!(
            store.selected(&unknown).unwrap_err().code(),
            "character_not_found"
        );
        store.delete_character(ids[0][0]).unwrap();
        let trashed = ExportSelection::Characters(vec![ids[0][0]]);
        assert_eq!(store.selected(&trashed).unwrap_err().code(), "in_trash");
    }

    #[test]
    fn selections_read_as_the_window_sends_them() {
        let id = Uuid::new_v4();
        let read = |v| serde_json::from_value::<ExportSelection>(v).unwrap();
        assert_eq!(read(serde_json::json!("all")), ExportSelection::All);
        assert_eq!(
            read(serde_json::json!({"rosters": [id]})),
            ExportSelection::Rosters(vec![id])
        );
        assert_eq!(
            read(serde_json::json!({"characters": [id]})),
            ExportSelection::Characters(vec![id])
        );
    }
}
