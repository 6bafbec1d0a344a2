//! The trait every roll kind implements: its text and fields for the catalog, its validation,
//! its exact odds and its seeded roll.

use serde::{de::DeserializeOwned, Serialize};

use crate::answer::{Odds, Rolled};
use crate::plan::PlanSpec;
use crate::spec::{CompareSpec, FieldSpec, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

pub(crate) trait Kind: Sized + Serialize + DeserializeOwned + Clone {
    /// The `system` value of the request.
    const SYSTEM: &'static str;
    /// The `roll` value of the request.
    const ROLL: &'static str;

    fn text() -> KindText;

    /// The rulings in words under `house`: a ruling that is a number the roster changed reads
    /// as its house rule ("House rule: Minor Damage is 4d6").
    fn rulings(_house: &HouseRules) -> Vec<String> {
        Self::text().rulings.iter().map(|r| r.to_string()).collect()
    }

    /// The request fields, for the front end's form. House rules give the stunt level choices.
    fn fields(house: &HouseRules) -> Vec<FieldSpec>;

    /// The choices worth comparing side by side, made from the fields' declarations.
    fn compare(_house: &HouseRules) -> Vec<CompareSpec> {
        Vec::new()
    }

    /// The choices compared that are not one field (the catalog's `plans`, asked with
    /// `odds_plan`).
    fn plans() -> Vec<PlanSpec> {
        Vec::new()
    }

    /// Range and consistency checks beyond what the JSON types already guarantee.
    fn validate(&self, house: &HouseRules) -> Result<(), RulesError>;

    /// The exact odds. Only called on a validated request.
    fn odds(&self, house: &HouseRules) -> Odds;

    /// One roll with the tray's dice. Only called on a validated request.
    fn roll(&self, house: &HouseRules, tray: &mut Tray) -> Rolled;

    /// The outcomes of its odds worst first, for how lucky a roll was: the general rule
    /// (numbers upwards; failing before succeeding, each in the answer's order). A kind whose
    /// answer lists its successes best first says so.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::order(odds)
    }
}
