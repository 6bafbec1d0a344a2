//! The table's public state and its running tasks, by system, in words: universe cards dealt this
//! round (the shown participants' only), the GM's fate cards as a count, a chase's rounds left;
//! marks static, contested and extended tasks' progress; stunt Doubles Only and Double Six Only
//! tasks. A task of a hidden participant (or against one) is left out.

use rollbook_rules::table::marks_state::ExtendedStatus;
use rollbook_rules::table::stunt_tasks::{TaskKind as StuntKind, TaskStatus};
use rollbook_rules::text::isolated;
use uuid::Uuid;

use super::parts::{line, rounds};
use super::{PlayersLine, PlayersTask};
use crate::table::{MarksEncounter, StuntEncounter, SystemTable, TaskKind, UniverseEncounter};

/// The table's lines.
pub(super) fn lines(
    table: &SystemTable,
    round: u32,
    shown: &dyn Fn(Uuid) -> bool,
) -> Vec<PlayersLine> {
    match table {
        SystemTable::Universe(t) => universe(t, round, shown),
        _ => Vec::new(),
    }
}

/// The running tasks of shown participants.
pub(super) fn tasks(table: &SystemTable, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersTask> {
    match table {
        SystemTable::Marks(t) => marks(t, shown),
        SystemTable::Stunt(t) => stunt(t, shown),
        _ => Vec::new(),
    }
}

fn universe(t: &UniverseEncounter, round: u32, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersLine> {
    let mut out = Vec::new();
    let Some(table) = &t.table else {
        return out;
    };
    if t.dealt_round == round && round > 0 {
        let dealt = table
            .deck
            .dealt
            .iter()
            .filter(|d| Uuid::parse_str(&d.combatant.id).is_ok_and(shown))
            .count();
        out.push(line(&format!("Cards dealt for round {round}"), dealt));
    }
    out.push(line("The GM's fate cards", table.gm.len()));
    if let Some(chase) = &t.chase {
        out.push(line(
            "Chase",
            format!("{} left", rounds(i64::from(chase.rounds_left))),
        ));
    }
    out
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
