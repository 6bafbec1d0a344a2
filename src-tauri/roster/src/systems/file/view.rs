//! A file system's table shows nothing the rules compute beyond its trackers, which the panel
//! reads from the table itself.

use super::table::FileTable;
use crate::model::{Character, Participant};
use crate::table::{TableView, ViewedTable};

impl ViewedTable for FileTable {
    fn view(&self, _round: u32, _order: &[Participant], _: &[Character]) -> Option<TableView> {
        None
    }
}
