//! What the players see of the marks table: static, contested and extended tasks' progress.

use rollbook_rules::table::marks_state::ExtendedStatus;
use rollbook_rules::text::isolated;
use uuid::Uuid;

use super::state::{MarksEncounter, TaskKind};
use crate::players::{PlayersTask, ShownToPlayers};

impl ShownToPlayers for MarksEncounter {
    fn tasks(&self, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
        marks(self, shown)
    }
}

fn marks(t: &MarksEncounter, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
    t.tasks
        .iter()
        .filter(|task| shown(task.participant_id))
        .filter_map(|task| {
            let (kind, progress) = match &task.kind {
                TaskKind::Task {
                    task: t,
                    attempts,
                    defender_id,
                } => {
                    if defender_id.is_some_and(|d| !shown(d)) {
                        return None;
                    }
                    let kind = if defender_id.is_some() {
                        "Contested task"
                    } else {
                        "Task"
                    };
                    let progress = if t.done {
                        format!("Done after {}", attempts_words(*attempts))
                    } else if defender_id.is_some() {
                        attempts_words(*attempts)
                    } else {
                        format!("{} Marks needed; {}", t.needed, attempts_words(*attempts))
                    };
                    (kind, progress)
                }
                TaskKind::Extended { task: t } => {
                    let so_far = format!("{} of {} marks", t.marks, t.task.plateau);
                    let progress = match t.status {
                        ExtendedStatus::Running => so_far,
                        ExtendedStatus::Completed { on_step } => {
                            format!("Completed on step {on_step} ({so_far})")
                        }
                        ExtendedStatus::Failed => format!("Failed ({so_far})"),
                    };
                    ("Extended task", progress)
                }
            };
            Some(PlayersTask {
                label: isolated(&task.label).into_owned(),
                kind: kind.to_string(),
                progress,
            })
        })
        .collect()
}

fn attempts_words(n: i64) -> String {
    match n {
        0 => "not tried yet".to_string(),
        1 => "1 attempt".to_string(),
        n => format!("{n} attempts"),
    }
}
