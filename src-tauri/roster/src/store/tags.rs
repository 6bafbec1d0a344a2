//! Tagging several characters at once (the window's bulk bar): tags added and removed on every
//! selected character in one transaction, so a refusal leaves every one of them as it was.

use rusqlite::params;
use uuid::Uuid;

use super::Store;
use crate::check::{index, Check};
use crate::error::{Result, RosterError};
use crate::model::{now, Character};
use crate::problem::Problem;

/// Tags compare as the roster file's duplicate check does: trimmed, case-insensitive.
fn key(tag: &str) -> String {
    tag.trim().to_lowercase()
}

impl Store {
    /// Adds the tags of `add` (those a character lacks, at the end of its tags) and removes
    /// those of `remove` (in any case) on every character of `ids`. All change or none: an
    /// unknown or trashed character, a tag that is not a valid tag, or a character that would
    /// hold more tags than allowed refuses the whole call. Answers the characters in the order
    /// of `ids`; those whose tags did not change keep their `updated_at`.
    pub fn tag_characters(
        &mut self,
        ids: &[Uuid],
        add: &[String],
        remove: &[String],
    ) -> Result<Vec<Character>> {
        let mut problems = Vec::new();
        Check {
            problems: &mut problems,
        }
        .tags("add", add);
        let removed: Vec<String> = remove.iter().map(|t| key(t)).collect();
        let mut changes = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let c = self.character(id)?;
            if c.deleted_at.is_some() {
                return Err(RosterError::InTrash {
                    what: "character",
                    name: c.name,
                });
            }
            let mut tags: Vec<String> = c
                .tags
                .iter()
                .filter(|t| !removed.contains(&key(t)))
                .cloned()
                .collect();
            for tag in add {
                if !tags.iter().any(|t| key(t) == key(tag)) {
                    tags.push(tag.trim().to_string());
                }
            }
            let mut check = Check {
                problems: &mut Vec::new(),
            };
            check.count(index("characters", i), tags.len(), crate::check::TAGS_MAX);
            for p in check.problems.drain(..) {
                problems.push(Problem::new(
                    format!("{}.tags", p.path),
                    format!("{} would have too many tags: {}", c.name, p.message),
                ));
            }
            if tags != c.tags {
                changes.push((c, tags));
            }
        }
        if !problems.is_empty() {
            return Err(RosterError::InvalidSheet { problems });
        }
        self.write(|tx| {
            let mut stmt = tx.prepare(
                "UPDATE characters SET tags = ?2, search_text = ?3, updated_at = ?4 WHERE id = ?1",
            )?;
            let at = now().as_millisecond();
            for (c, tags) in &changes {
                stmt.execute(params![
                    c.id.to_string(),
                    serde_json::to_string(tags).unwrap_or_else(|_| "[]".into()),
                    Character::search_text(&c.name, &c.player, tags),
                    at
                ])?;
            }
            Ok(())
        })?;
        ids.iter().map(|&id| self.character(id)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewCharacter, NewRoster, System};

    fn tagged(store: &mut Store, roster: Uuid, name: &str, tags: &[&str]) -> Character {
        store
            .create_character(
                roster,
                NewCharacter {
                    tags: tags.iter().map(|t| t.to_string()).collect(),
                    ..NewCharacter::named(name)
                },
            )
            .unwrap()
    }

    fn strings(tags: &[&str]) -> Vec<String> {
        tags.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn tags_are_added_once_and_removed_in_any_case() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = tagged(&mut store, roster.id, "Vex", &["Party", "Boss"]);
        let kaan = tagged(&mut store, roster.id, "Kaan", &["villain"]);
        let both = store
            .tag_characters(
                &[vex.id, kaan.id],
                &strings(&["party", " ally "]),
                &strings(&["BOSS", "villain"]),
            )
            .unwrap();
        assert_eq!(both[0].tags, ["Party", "ally"]);
        assert_eq!(both[1].tags, ["party", "ally"]);
        assert_eq!(store.search("tag:ally", 10).unwrap().len(), 2);
        assert!(store.search("tag:boss", 10).unwrap().is_empty());
    }

    #[test]
    fn a_character_left_as_it_was_keeps_its_time() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = tagged(&mut store, roster.id, "Vex", &["party"]);
        let after = store
            .tag_characters(&[vex.id], &strings(&["Party"]), &[])
            .unwrap();
        assert_eq!(after[0], vex);
    }

    #[test]
    fn one_refusal_changes_no_character() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = tagged(&mut store, roster.id, "Vex", &[]);
        let full: Vec<String> = (0..32).map(|i| format!("t{i}")).collect();
        let crowded = store
            .create_character(
                roster.id,
                NewCharacter {
                    tags: full,
                    ..NewCharacter::named("Crowded")
                },
            )
            .unwrap();
        let error = store
            .tag_characters(&[vex.id, crowded.id], &strings(&["new"]), &[])
            .unwrap_err();
        assert_eq!(error.code(), "invalid_sheet");
        assert_eq!(
            error.problems()[0].to_string(),
            "characters[1].tags: Crowded would have too many tags: has 33 items; the limit is 32"
        );
        assert!(store.character(vex.id).unwrap().tags.is_empty());

        let error = store
            .tag_characters(&[vex.id], &strings(&["ok", ""]), &[])
            .unwrap_err();
        assert_eq!(
            error.problems()[0].to_string(),
            "add[1]: is empty; a name takes 1 to 40 characters"
        );
        assert!(store.character(vex.id).unwrap().tags.is_empty());
    }

    #[test]
    fn unknown_and_trashed_characters_are_refused() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = tagged(&mut store, roster.id, "Vex", &[]);
        let missing = store
            .tag_characters(&[vex.id, Uuid::new_v4()], &strings(&["x"]), &[])
            .unwrap_err();
        assert_eq!(missing.code(), "character_not_found");
        store.delete_character(vex.id).unwrap();
        let trashed = store
            .tag_characters(&[vex.id], &strings(&["x"]), &[])
            .unwrap_err();
        assert_eq!(trashed.code(), "in_trash");
        assert!(store.character(vex.id).unwrap().tags.is_empty());
    }
}
