//! The engine's entry points: a request's exact odds and its seeded roll, under the default rules
//! or a roster's house rules.

use crate::answer::{Odds, RollResult};
use crate::dice::{roll_dice, Dice};
use crate::house_rules::HouseRules;
use crate::request::RollRequest;
use crate::RulesError;

/// Exact odds of a request under the default rules.
pub fn odds(request: &RollRequest) -> Result<Odds, RulesError> {
    // The ruled tables are valid by construction (tested), so only the request is checked.
    let house = HouseRules::ruled();
    request.validate(house)?;
    request.compute_odds(house)
}

/// Whether [`odds_with`] answers this request under these house rules, without working its
/// odds out: a batch is checked whole before its first answer is written.
pub fn check_odds(request: &RollRequest, house: &HouseRules) -> Result<(), RulesError> {
    check_house(house)?;
    request.validate(house)
}

/// Exact odds of a request under a roster's house rules.
pub fn odds_with(request: &RollRequest, house: &HouseRules) -> Result<Odds, RulesError> {
    check_house(house)?;
    request.validate(house)?;
    request.compute_odds(house)
}

/// A roster's house rules checked; the ruled ones are valid by construction (tested), and a
/// batch of Quick rolls would otherwise check the whole stunt chart twice per request.
fn check_house(house: &HouseRules) -> Result<(), RulesError> {
    if std::ptr::eq(house, HouseRules::ruled()) {
        return Ok(());
    }
    house.validate()
}

/// Rolls a request with the dice of `seed` under the default rules.
pub fn roll(request: &RollRequest, seed: u64) -> Result<RollResult, RulesError> {
    roll_with(request, HouseRules::ruled(), seed)
}

/// Rolls a request with the dice of `seed` under a roster's house rules.
pub fn roll_with(
    request: &RollRequest,
    house: &HouseRules,
    seed: u64,
) -> Result<RollResult, RulesError> {
    roll_dice(request, house, &Dice::Seeded(seed))
}
