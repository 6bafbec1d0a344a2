//! The roster crate's list of systems: one line per system, `Variant module`. The variant names
//! the system in Rust and, in snake case, in every serialized form (`"system": "d12"`); the module
//! is its folder under `systems/`, which serves the types `Sheet`, `Table` and `Move` and
//! implements [`SystemSheet`](crate::sheet::SystemSheet) on its sheet, and
//! [`SystemRules`](crate::table::SystemRules), `ViewedTable` and `ShownToPlayers` on its table.
//!
//! Everything that lists the systems is generated from this list: `System`
//! (`model/kinds.rs`), `Sheet` (`sheet/of_system.rs`), `SystemTable` and `SystemMove`
//! (`table/system_table.rs`) and every dispatch on them ([`on_each!`]: checks, ratings, derived
//! values, sheet rolls, printed pages, the table's moves and hooks, the window's table view, the
//! players' view). Adding a system is its folder and a line here.
//!
//! This file names no other module (a leaf of the import graph), so `model/kinds.rs` may use it;
//! the generated code names a system's types as `systems::<name>::{Sheet, Table, Move}`, which its
//! folder's `mod.rs` re-exports from `sheet.rs` and `table.rs`.

/// `with_systems!([path::to::then] (args…))` calls `then! { (args…) Variant module, … }` with
/// the list of systems, in the order of `System::ALL` (the order of menus and of `rollbook kinds`).
macro_rules! with_systems {
    ([ $($then:tt)* ] ( $($args:tt)* )) => {
        $($then)*! { ( $($args)* )
            Stunt stunt,
            Genre genre,
            Universe universe,
            Marks marks,
            D12 d12,
        }
    };
}
pub(crate) use with_systems;

/// `on_each!(Enum, value, x => body)`: `body` with `x` bound to the system's own value inside
/// `value`, whichever system's variant of `Enum` it is (`Sheet` or `SystemTable`: one variant
/// per system, named as here, and `File` for every system from a file, in scope where it is
/// called).
macro_rules! on_each {
    ($enum:ident, $value:expr, $x:ident => $body:expr) => {
        $crate::systems::registry::with_systems!([$crate::systems::registry::on_each_arm](
            $enum, $value, $x, $body
        ))
    };
}
pub(crate) use on_each;

macro_rules! on_each_arm {
    (($enum:ident, $value:expr, $x:ident, $body:expr) $($name:ident $module:ident,)*) => {
        match $value {
            $($enum::$name($x) => $body,)*
            $enum::File($x) => $body,
        }
    };
}
pub(crate) use on_each_arm;

/// `of_system!(system, S => body)`: `body` with `S` naming the sheet type of `system`, a
/// `System` value (`System` and `systems` in scope where it is called): what a system declares before any sheet of it
/// exists (`<S as SystemSheet>::NAME`).
macro_rules! of_system {
    ($system:expr, $sheet:ident => $body:expr) => {
        $crate::systems::registry::with_systems!([$crate::systems::registry::of_system_arm](
            $system, $sheet, $body
        ))
    };
}
pub(crate) use of_system;

macro_rules! of_system_arm {
    (($system:expr, $sheet:ident, $body:expr) $($name:ident $module:ident,)*) => {
        match $system {
            $(System::$name => {
                type $sheet = systems::$module::Sheet;
                $body
            })*
            System::File(_) => {
                type $sheet = systems::file::Sheet;
                $body
            }
        }
    };
}
pub(crate) use of_system_arm;
