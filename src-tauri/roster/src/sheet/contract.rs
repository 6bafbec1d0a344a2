//! What each system's sheet implements (in its folder's `system.rs`) for [`Sheet`] to hand it
//! every call: its checks, its named ratings, what the rules derive from it, the rolls it offers
//! and its printed page.
//!
//! [`Sheet`]: super::Sheet

use rollbook_rules::{HouseRules, StuntChart};
use serde::Serialize;

use super::derived::Derived;
use super::rating::Rating;
use super::roll::SheetRoll;
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};

pub(crate) trait SystemSheet: Serialize {
    /// The system's name as the rules call it (printed sheets' headers).
    const NAME: &'static str;
    /// The fixed parts of its printed first page.
    const PRINT_LAYOUT: Layout;

    /// Checks every limit of RULES.md, pushing each violation under `base`.
    fn validate(&self, house: &HouseRules, base: &str, check: &mut Check);

    /// Every named rating, in sheet order.
    fn ratings(&self) -> Vec<Rating>;

    /// Every value RULES.md computes from the sheet and every budget, in sheet order.
    fn derived(&self, house: &HouseRules) -> Vec<Derived>;

    /// Every roll the sheet offers, in sheet order.
    fn rolls(&self, house: &HouseRules) -> Vec<SheetRoll>;

    /// What its printed page shows for a character with these `notes`.
    fn print(&self, house: &HouseRules, notes: &str) -> SystemPage;

    /// The part of a roster's house rules its sheets are written in (a stunt sheet names levels
    /// of the roster's chart): a roster file carries it whole, and when it changes every sheet of
    /// the roster is carried over with [`refit`](Self::refit). `None`: sheets that stand alone.
    fn sheet_rules(_house: &HouseRules) -> Option<&StuntChart> {
        None
    }

    /// Carries the sheet from the `old` house rules to the `new`; what it cannot carry is
    /// refused, naming what the new rules drop.
    fn refit(&mut self, _old: &HouseRules, _new: &HouseRules) -> Result<(), Unfitted> {
        Ok(())
    }
}

/// What a sheet could not carry to new house rules: the house rule's path and the names it
/// used that the new rules drop.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Unfitted {
    pub path: &'static str,
    pub lost: Vec<String>,
}
