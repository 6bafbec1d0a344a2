//! The table's public state and its running tasks, by system, in words (each system's in
//! `systems/<name>/players.rs`): universe cards dealt this round (the shown participants' only),
//! the GM's fate cards as a count, a chase's rounds left; marks static, contested and extended
//! tasks' progress; stunt Doubles Only and Double Six Only tasks. A task of a hidden participant
//! (or against one) is left out.

use uuid::Uuid;

use super::ShownToPlayers as _;
use super::{PlayersLine, PlayersTask};
use crate::systems::registry::on_each;
use crate::table::SystemTable;

/// The table's lines.
pub(super) fn lines(
    table: &SystemTable,
    round: u32,
    shown: &dyn Fn(Uuid) -> bool,
) -> Vec<PlayersLine> {
    on_each!(SystemTable, table, t => t.lines(round, shown))
}

/// The running tasks of shown participants.
pub(super) fn tasks(table: &SystemTable, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
    on_each!(SystemTable, table, t => t.tasks(shown))
}
