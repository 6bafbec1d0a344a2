//! The layout and the page of a character's system, handed to the system's sheet
//! ([`SystemSheet`]), one arm per line of the registry.

use super::page::{Layout, SystemPage};
use crate::sheet::{Sheet, SystemSheet};
use crate::systems;
use crate::systems::registry::{on_each, with_systems};
use crate::{Character, Roster, System};

macro_rules! by_system {
    (($system:expr, $what:ident) $($name:ident $module:ident,)*) => {
        match $system {
            $(System::$name => <systems::$module::Sheet as SystemSheet>::$what,)*
        }
    };
}

pub(crate) fn layout(system: System) -> Layout {
    with_systems!([by_system](system, PRINT_LAYOUT))
}

pub(crate) fn build(roster: &Roster, character: &Character) -> SystemPage {
    on_each!(Sheet, &character.sheet, s => s.print(&roster.house_rules, &character.notes))
}

/// The system's name as the rules call it.
pub(crate) fn system_name(system: System) -> &'static str {
    with_systems!([by_system](system, NAME))
}
