//! Exact odds under a roster: the roster (and the character, when there is one) resolved once,
//! each request checked against it (a request of another system than the roster's is refused)
//! and worked out under its house rules; with no roster, under RULES.md's own rulings (a Quick
//! roll). The window's `odds`, `odds_compare`, `odds_plan` and `roll_dice_asked` and the command
//! line's `rollbook odds [--roster] [--vary|--plan]` all go through [`OddsUnder`].
//!
//! Resolving needs the store; working the odds out does not. The two steps are apart so the
//! window computes a large pool without holding the store's lock (a save is never held up).

use rollbook_rules::{HandProgress, HouseRules, Odds, PlanAnswer, PlanRequest, RollRequest};
use serde_json::Value;
use uuid::Uuid;

use crate::error::Result;
use crate::{RollPlace, Roster, Store};

/// Where odds are worked out: at a roster (for one of its characters or not), or nowhere.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsUnder {
    place: Option<RollPlace>,
}

impl OddsUnder {
    /// RULES.md's rulings, no roster: a Quick roll.
    pub fn ruled() -> OddsUnder {
        OddsUnder { place: None }
    }

    /// Under `roster`'s house rules.
    pub fn roster(roster: Roster) -> OddsUnder {
        OddsUnder {
            place: Some(RollPlace {
                roster,
                character: None,
            }),
        }
    }

    /// From ids, as [`Store::roll_place`] reads them: the character's own roster when a
    /// character is given (a `roster_id` naming another is refused, `not_in_roster`), else the
    /// roster, else none. An unknown id is `roster_not_found` / `character_not_found`.
    pub fn resolve(
        store: &Store,
        roster_id: Option<Uuid>,
        character_id: Option<Uuid>,
    ) -> Result<OddsUnder> {
        Ok(OddsUnder {
            place: store.roll_place(roster_id, character_id)?,
        })
    }

    /// The house rules `request` is worked out under, once it is checked against the roster:
    /// a request of another system than the roster's is refused (`system_mismatch`; dice
    /// notation belongs to none and is made under any roster, [`RollPlace::check`]).
    pub fn house_rules_for(&self, request: &RollRequest) -> Result<&HouseRules> {
        match &self.place {
            Some(place) => {
                place.check(request)?;
                Ok(place.house_rules())
            }
            None => Ok(HouseRules::ruled()),
        }
    }

    /// The exact odds of `request` (refused as [`Self::house_rules_for`] refuses it, or as the
    /// rules refuse its values: `invalid_request` naming the field).
    pub fn odds(&self, request: &RollRequest) -> Result<Odds> {
        let house = self.house_rules_for(request)?;
        Ok(rollbook_rules::odds_with(request, house)?)
    }

    /// The odds of `request` with `field` set to each of `values`, in order, each the answer
    /// [`Self::odds`] gives for the request so set (`rollbook_rules::odds_varied`).
    pub fn odds_varied(
        &self,
        request: &RollRequest,
        field: &str,
        values: &[Value],
    ) -> Result<Vec<Odds>> {
        let house = self.house_rules_for(request)?;
        Ok(rollbook_rules::odds_varied(
            &request_value(request),
            field,
            values,
            house,
        )?)
    }

    /// The requests [`Self::odds_varied`] answers, each checked but none worked out: for an
    /// answer written as each is worked out (the command line's `--vary`).
    pub fn varied_requests(
        &self,
        request: &RollRequest,
        field: &str,
        values: &[Value],
    ) -> Result<Vec<RollRequest>> {
        let house = self.house_rules_for(request)?;
        Ok(rollbook_rules::varied_requests(
            &request_value(request),
            field,
            values,
            house,
        )?)
    }

    /// A choice that is not one field, every alternative with its odds and the best
    /// (`rollbook_rules::odds_plan`); the roll in hand (`plan.this`) is checked against the
    /// roster as [`Self::house_rules_for`] checks a request.
    pub fn odds_plan(&self, plan: &PlanRequest) -> Result<PlanAnswer> {
        let this = rollbook_rules::request_from_value(plan.this.clone())?;
        let house = self.house_rules_for(&this)?;
        Ok(rollbook_rules::odds_plan(plan, house)?)
    }

    /// Dice by hand as they go in: the dice `request` reads with `faces` typed so far and, once
    /// all are in, the roll they make (`rollbook_rules::dice_asked`). Logs nothing.
    pub fn dice_asked(&self, request: &RollRequest, faces: &[u32]) -> Result<HandProgress> {
        let house = self.house_rules_for(request)?;
        Ok(rollbook_rules::dice_asked(request, house, faces)?)
    }
}

/// A request as the JSON the rules' comparisons vary a field of.
fn request_value(request: &RollRequest) -> Value {
    serde_json::to_value(request).expect("a request serialises")
}

#[cfg(test)]
#[path = "odds_tests.rs"]
mod tests;
