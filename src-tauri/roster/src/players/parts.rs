//! Each shown participant's public stats and effects, by system, already in words (each
//! system's in `systems/<name>/players.rs`): genre Glory and Bust A Nut's rounds; universe the
//! initiative card of this round, a second entry, the fate cards held (a count) and a sudden
//! takedown's condition; d12 effects and conditions with the time left. Stunt and marks keep
//! nothing per participant beyond health and tasks.

use uuid::Uuid;

use super::{PlayersEffect, PlayersLine, PlayersTask};
use crate::sheet::Sheet;
use crate::systems::registry::on_each;
use crate::table::SystemTable;

/// What each system's table implements (in its folder's `players.rs`) for the players' view: a
/// system shows nothing where it implements nothing.
pub(crate) trait ShownToPlayers {
    /// A participant's tracked health as the table keeps it: its label, current value and max.
    /// `None` for a system that tracks none or a participant without a part yet.
    fn tracked(
        &self,
        _participant_id: Uuid,
        _sheet: Option<&Sheet>,
    ) -> Option<(&'static str, i64, i64)> {
        None
    }

    /// The stats and effects of one participant in round `round`.
    fn stats(&self, _participant_id: Uuid, _round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        (Vec::new(), Vec::new())
    }

    /// The table's lines in round `round`.
    fn lines(&self, _round: u32, _shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersLine> {
        Vec::new()
    }

    /// The running tasks of shown participants.
    fn tasks(&self, _shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
        Vec::new()
    }
}

impl<T: ShownToPlayers> ShownToPlayers for Box<T> {
    fn tracked(
        &self,
        participant_id: Uuid,
        sheet: Option<&Sheet>,
    ) -> Option<(&'static str, i64, i64)> {
        (**self).tracked(participant_id, sheet)
    }

    fn stats(&self, participant_id: Uuid, round: u32) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
        (**self).stats(participant_id, round)
    }

    fn lines(&self, round: u32, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersLine> {
        (**self).lines(round, shown)
    }

    fn tasks(&self, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
        (**self).tasks(shown)
    }
}

/// The stats and effects of one participant.
pub(super) fn of(
    table: &SystemTable,
    participant_id: Uuid,
    round: u32,
) -> (Vec<PlayersLine>, Vec<PlayersEffect>) {
    on_each!(SystemTable, table, t => t.stats(participant_id, round))
}

pub(crate) fn line(label: &str, value: impl ToString) -> PlayersLine {
    PlayersLine {
        label: label.to_string(),
        value: value.to_string(),
    }
}

/// "1 round", "2 rounds".
pub(crate) fn rounds(n: i64) -> String {
    if n == 1 {
        "1 round".to_string()
    } else {
        format!("{n} rounds")
    }
}

pub(crate) use rollbook_rules::text::capitalised;
