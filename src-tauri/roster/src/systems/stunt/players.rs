//! What the players see of the stunt table: each participant's HTK, and the Doubles Only and
//! Double Six Only tasks.

use rollbook_rules::table::stunt_tasks::{TaskKind as StuntKind, TaskStatus};
use rollbook_rules::text::isolated;
use uuid::Uuid;

use super::state::StuntEncounter;
use crate::players::{PlayersTask, ShownToPlayers};
use crate::sheet::Sheet;
use crate::table::Tracked;

impl ShownToPlayers for StuntEncounter {
    fn tracked(&self, participant_id: Uuid, _: Option<&Sheet>) -> Option<(&'static str, i64, i64)> {
        self.parts.get(&participant_id).map(|p| {
            (
                Tracked::Htk.label(),
                i64::from(p.htk.current),
                i64::from(p.htk.max),
            )
        })
    }

    fn tasks(&self, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
        stunt(self, shown)
    }
}

fn stunt(t: &StuntEncounter, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
    t.tasks
        .iter()
        .filter(|task| !task.closed && shown(task.participant_id))
        .map(|task| {
            let t = &task.task;
            let (kind, running) = match t.kind {
                StuntKind::DoublesOnly => (
                    "Doubles Only",
                    format!("{} of {} doubles", t.doubles, t.needed),
                ),
                StuntKind::DoubleSixOnly => ("Double Six Only", "6-6 needed".to_string()),
            };
            let progress = match t.status {
                TaskStatus::Running => running,
                TaskStatus::Succeeded => "Succeeded".to_string(),
                TaskStatus::Failed => "Failed for good (1-1)".to_string(),
            };
            PlayersTask {
                label: isolated(&task.label).into_owned(),
                kind: kind.to_string(),
                progress,
            }
        })
        .collect()
}
