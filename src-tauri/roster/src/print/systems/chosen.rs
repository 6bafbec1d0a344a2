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

/// The system's name as the rules call it (a file system's as its file names it).
pub(crate) fn system_name(system: System) -> &'static str {
    match system {
        System::File(file) => file.name(),
        _ => of_system!(system, S => <S as SystemSheet>::NAME),
    }
}

/// The folder of the system's print templates (`templates/print/<id>/`): one for every system
/// from a file.
pub(crate) fn template_id(system: System) -> &'static str {
    match system {
        System::File(_) => "file",
        _ => system.as_str(),
    }
}
