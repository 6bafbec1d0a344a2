//! What the marks panel shows that the rules compute: each task's dice for its next try.

use super::state::{MarksEncounter, TaskKind};
use crate::model::{Character, Participant};
use crate::table::{MarksTaskView, TableView, ViewedTable};

impl ViewedTable for MarksEncounter {
    fn view(&self, _round: u32, _: &[Participant], _: &[Character]) -> Option<TableView> {
        Some(marks(self))
    }
}

fn marks(table: &MarksEncounter) -> TableView {
    let tasks = table
        .tasks
        .iter()
        .map(|running| match &running.kind {
            TaskKind::Task { task, .. } => MarksTaskView {
                task_id: running.id,
                penalty: task.penalty(),
                dice_left: task.dice_left(),
                rollable: task.ready().is_ok(),
            },
            TaskKind::Extended { task } => MarksTaskView {
                task_id: running.id,
                penalty: task.task.penalty,
                dice_left: task.dice_left(),
                rollable: task.ready().is_ok(),
            },
        })
        .collect();
    TableView::Marks { tasks }
}
