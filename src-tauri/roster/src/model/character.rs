//! A character: name, player, pc/npc, tags, notes and the roster system's typed sheet.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{CharacterKind, Timestamp};
use crate::check::{field, Check, NAME_MAX, NOTES_MAX};
use crate::problem::Problem;
use crate::sheet::Sheet;

/// A stored character.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Character {
    pub id: Uuid,
    pub roster_id: Uuid,
    pub name: String,
    pub player: String,
    pub kind: CharacterKind,
    pub tags: Vec<String>,
    pub notes: String,
    pub sheet: Sheet,
    /// Order within the roster, ascending.
    pub position: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// Set while the character is in the trash.
    pub deleted_at: Option<Timestamp>,
}

/// What a list shows of a character: the character list (name, player, PC/NPC, tags, last
/// edit), the encounter's "Add characters" and the roll log's filter. No notes and no sheet:
/// 10,000 whole characters are 6 MB of JSON for the window, most of it sheets no list reads.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterSummary {
    pub id: Uuid,
    pub name: String,
    pub player: String,
    pub kind: CharacterKind,
    pub tags: Vec<String>,
    pub updated_at: Timestamp,
}

impl From<&Character> for CharacterSummary {
    fn from(c: &Character) -> Self {
        CharacterSummary {
            id: c.id,
            name: c.name.clone(),
            player: c.player.clone(),
            kind: c.kind,
            tags: c.tags.clone(),
            updated_at: c.updated_at,
        }
    }
}

/// What a new character needs. `sheet` is the sheet's JSON (as in FORMAT.md); `None` starts from
/// the system's blank sheet ([`Sheet::blank`]).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// What may be left out is optional on the TypeScript side too.
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct NewCharacter {
    pub name: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub player: String,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<CharacterKind>", optional))]
    pub kind: CharacterKind,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub tags: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub notes: String,
    #[serde(default)]
    pub sheet: Option<Value>,
}

impl NewCharacter {
    pub fn named(name: impl Into<String>) -> Self {
        NewCharacter {
            name: name.into(),
            ..Default::default()
        }
    }
}

/// A change to a character: each field given is replaced (the sheet as a whole).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields)]
pub struct CharacterPatch {
    pub name: Option<String>,
    pub player: Option<String>,
    pub kind: Option<CharacterKind>,
    pub tags: Option<Vec<String>>,
    pub notes: Option<String>,
    pub sheet: Option<Value>,
}

/// Checks the fields around the sheet, pushing problems under `base`.
pub(crate) fn check_character(
    base: &str,
    name: &str,
    player: &str,
    tags: &[String],
    notes: &str,
    problems: &mut Vec<Problem>,
) {
    let mut check = Check { problems };
    check.name(field(base, "name"), name, NAME_MAX);
    if !player.trim().is_empty() {
        check.name(field(base, "player"), player, NAME_MAX);
    }
    check.tags(&field(base, "tags"), tags);
    check.text(field(base, "notes"), notes, NOTES_MAX);
}

/// Trimmed tags, in the order given.
pub(crate) fn clean_tags(tags: &[String]) -> Vec<String> {
    tags.iter().map(|t| t.trim().to_string()).collect()
}

impl Character {
    /// The text search looks in: name, player and tags, lower-cased.
    pub(crate) fn search_text(name: &str, player: &str, tags: &[String]) -> String {
        let mut text = format!("{}\u{1f}{}", name.to_lowercase(), player.to_lowercase());
        for tag in tags {
            text.push('\u{1f}');
            text.push_str(&tag.to_lowercase());
        }
        text
    }
}
