//! What each system's sheet implements (in its folder's `system.rs`) for [`Sheet`] to hand it
//! every call: its checks, its named ratings, what the rules derive from it, the rolls it offers
//! and its printed page.
//!
//! [`Sheet`]: super::Sheet

use rollbook_rules::HouseRules;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::derived::Derived;
use super::rating::Rating;
use super::roll::SheetRoll;
use crate::check::Check;
use crate::print::systems::{Layout, SystemPage};

pub(crate) trait SystemSheet: Default + Serialize + DeserializeOwned {
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
}
