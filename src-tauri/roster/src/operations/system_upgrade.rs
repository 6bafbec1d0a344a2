//! A roster moved to another held version of its file system (`rollbook system upgrade
//! --roster R`, the Systems dialog's Upgrade): [`preview`] says, for each character, what
//! the new version adds (filled with its default), no longer declares, or refuses (kept aside
//! under the sheet's `kept-by-upgrade`, the sheet taking the nearest value it accepts); [`apply`]
//! does exactly that, after a snapshot, in one transaction. Nothing is lost: a kept value stays
//! on the sheet (shown there, exported and imported with it) until the GM removes it.

use serde::Serialize;
use uuid::Uuid;

use crate::check::field;
use crate::error::{Result, RosterError};
use crate::model::{Roster, System};
use crate::problem::Problem;
use crate::sheet::Sheet;
use crate::systems::file::{declared_changes, FileSystem, SheetChange};
use crate::Store;

/// What an upgrade of a roster does, before it is made (and, once made, what it did).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpgradePreview {
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub roster_id: Uuid,
    pub roster: String,
    /// The system's id.
    pub system: String,
    /// Its name in the version upgraded to.
    pub name: String,
    pub from: u32,
    pub to: u32,
    /// The sheet parts the new version adds, removes or declares otherwise.
    pub declared: Vec<SheetChange>,
    /// Every character of the roster (the trash included), in order.
    pub characters: Vec<CharacterUpgrade>,
    /// The names of the roster's encounters (not in the trash): each moves to the new version
    /// at its next action, its participants keeping the trackers both versions track.
    pub encounters: Vec<String>,
}

/// What an upgrade does to one character's sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterUpgrade {
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub id: Uuid,
    pub name: String,
    pub in_trash: bool,
    pub changes: Vec<SheetChange>,
    /// What the new version's sheet check would still refuse (more values kept aside than a
    /// sheet holds, say): the upgrade is refused while there is any.
    pub problems: Vec<Problem>,
}

/// A roster upgraded: the roster as it is now, and what was done.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UpgradeApplied {
    pub roster: Roster,
    pub upgrade: UpgradePreview,
}

/// What moving the roster `roster_id` to `to` (its system's newest held version when `None`)
/// would do. Writes nothing.
pub fn preview(store: &Store, roster_id: Uuid, to: Option<u32>) -> Result<UpgradePreview> {
    Ok(plan(store, roster_id, to)?.preview)
}

/// Moves the roster `roster_id` to `to` (the newest held version when `None`) as [`preview`]
/// says, after a snapshot. Refused, writing nothing, when a sheet would not pass the new
/// version's check (`invalid_sheet`, each problem under the character's name).
pub fn apply(store: &mut Store, roster_id: Uuid, to: Option<u32>) -> Result<UpgradeApplied> {
    let planned = plan(store, roster_id, to)?;
    let problems: Vec<Problem> = planned
        .preview
        .characters
        .iter()
        .flat_map(|c| {
            let at = field("characters", &c.name);
            c.problems
                .iter()
                .map(move |p| Problem::new(format!("{at}.{}", p.path), p.message.clone()))
        })
        .collect();
    if !problems.is_empty() {
        return Err(RosterError::InvalidSheet { problems });
    }
    store.write_system_version(roster_id, System::File(planned.to), &planned.sheets)?;
    Ok(UpgradeApplied {
        roster: store.roster(roster_id)?,
        upgrade: planned.preview,
    })
}

/// The preview, the version gone to and every new sheet.
struct Planned {
    preview: UpgradePreview,
    to: FileSystem,
    sheets: Vec<(Uuid, Sheet)>,
}

fn plan(store: &Store, roster_id: Uuid, to: Option<u32>) -> Result<Planned> {
    let roster = store.live_roster(roster_id)?;
    let System::File(from) = roster.system else {
        return Err(RosterError::NotAFileSystem {
            roster: roster.name,
            system: roster.system.to_string(),
        });
    };
    // Unknown version: `system_not_found`, naming the versions held.
    let (target, _) = store.system_file(from.id(), to)?;
    if target.version == from.version() {
        return Err(RosterError::AlreadyAtVersion {
            roster: roster.name,
            id: from.id().to_string(),
            version: from.version(),
            versions: store.system_versions(from.id())?,
        });
    }
    let to = FileSystem::find(from.id(), Some(target.version)).ok_or_else(|| {
        RosterError::SystemFileNotFound(format!(
            "{} version {}: its text is held but this Rollbook does not read it",
            from.id(),
            target.version
        ))
    })?;
    let mut characters = Vec::new();
    let mut sheets = Vec::new();
    for character in store.characters_with_trash(roster_id)? {
        let Sheet::File(sheet) = &character.sheet else {
            continue;
        };
        let (upgraded, changes) = sheet.upgraded(to);
        let upgraded = Sheet::File(upgraded);
        let mut problems = Vec::new();
        upgraded.validate(&roster.house_rules, "sheet", &mut problems);
        characters.push(CharacterUpgrade {
            id: character.id,
            name: character.name.clone(),
            in_trash: character.deleted_at.is_some(),
            changes,
            problems,
        });
        sheets.push((character.id, upgraded));
    }
    Ok(Planned {
        preview: UpgradePreview {
            roster_id,
            roster: roster.name,
            system: from.id().to_string(),
            name: to.name().to_string(),
            from: from.version(),
            to: to.version(),
            declared: declared_changes(from.file(), to.file()),
            characters,
            encounters: store
                .encounters(roster_id)?
                .into_iter()
                .map(|e| e.state.name)
                .collect(),
        },
        to,
        sheets,
    })
}
