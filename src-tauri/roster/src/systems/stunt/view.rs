//! The stunt panel words what the table keeps (HTK, running tasks): the rules compute nothing more
//! for it.

use super::state::StuntEncounter;
use crate::model::{Character, Participant};
use crate::table::{TableView, ViewedTable};

impl ViewedTable for StuntEncounter {
    fn view(&self, _round: u32, _: &[Participant], _: &[Character]) -> Option<TableView> {
        None
    }
}
