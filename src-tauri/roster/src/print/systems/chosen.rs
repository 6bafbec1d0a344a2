//! The layout and the page of a character's system, handed to the system's sheet
//! ([`SystemSheet`]), one arm per line of the registry.

use super::page::{Layout, SystemPage};
use crate::sheet::{Sheet, SystemSheet};
use crate::systems;
use crate::systems::registry::{of_system, on_each};
use crate::{Character, Roster, System};

pub(crate) fn layout(system: System) -> Layout {
    of_system!(system, S => <S as SystemSheet>::PRINT_LAYOUT)
}

pub(crate) fn build(roster: &Roster, character: &Character) -> SystemPage {
    on_each!(Sheet, &character.sheet, s => s.print(&roster.house_rules, &character.notes))
}

/// The system's name as the rules call it.
pub(crate) fn system_name(system: System) -> &'static str {
    of_system!(system, S => <S as SystemSheet>::NAME)
}
