//! What a system is to the rules crate: one value per system, listed once in the registry
//! (`systems/registry.rs`). Code that needs to know the systems (a request's `system`, the
//! catalog's systems, sheet limits and move ranges) asks the registry rather than naming them.

use crate::house_rules::HouseRuleNumber;
use crate::move_ranges::range::MoveRange;
use crate::sheet_limits::limit::SheetLimit;

/// Whether a roster is made for the system, or it is a kind of request only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// A rules system of RULES.md: a roster keeps its sheets, its house rules and its table.
    Rules,
    /// Typed dice notation (DICE.md): rolled under any roster, of no rules system.
    Notation,
}

/// One system: everything the crate reads about it without naming it. Its roll kinds are the
/// kinds whose `Kind::SYSTEM` is its id (`request.rs`); its table rules are the modules of its
/// folder, `systems/<id>/`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct System {
    /// The id a request and a roster name (`d12`).
    pub id: &'static str,
    /// The name the app lists it by.
    pub name: &'static str,
    pub family: Family,
    /// The limits of every number on its sheet, in the order the catalog serves them.
    pub sheet_limits: &'static [SheetLimit],
    /// The range of every number its table moves take.
    pub move_ranges: &'static [MoveRange],
    /// The house rules a roster may set for its rolls.
    pub house_rule_numbers: &'static [HouseRuleNumber],
}
