//! What the players see of a file system's table: the trackers its file marks `public`, the
//! first of them as the participant's health (in words or numbers, as the GM chooses), the
//! others as lines.

use rollbook_rules::system_file::SheetField;
use uuid::Uuid;

use super::table::FileTable;
use crate::players::{line, PlayersEffect, PlayersLine, ShownToPlayers};
use crate::sheet::Sheet;

impl FileTable {
    /// The public trackers at the table, in the file's order.
    fn public(&self) -> impl Iterator<Item = &'static SheetField> + '_ {
        let file = self.system.file();
        file.table
            .trackers
            .iter()
            .filter_map(|name| file.sheet.iter().find(|p| &p.name == name && p.public))
    }
}

impl ShownToPlayers for FileTable {
    fn tracked(&self, participant_id: Uuid, _: Option<&Sheet>) -> Option<(&'static str, i64, i64)> {
        let part = self.parts.get(&participant_id)?;
        let first = self.public().next()?;
        let now = part.trackers.get(&first.name)?;
        Some((first.label.as_str(), now.value, now.max))
    }

    fn stats(&self, participant_id: Uuid, _round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        let Some(part) = self.parts.get(&participant_id) else {
            return (Vec::new(), Vec::new());
        };
        let lines = self
            .public()
            .skip(1)
            .filter_map(|field| {
                let now = part.trackers.get(&field.name)?;
                Some(line(&field.label, format!("{} of {}", now.value, now.max)))
            })
            .collect();
        (lines, Vec::new())
    }
}
