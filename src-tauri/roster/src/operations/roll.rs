//! Rolling one request at a place and logging it: the window's `roll` and the command line's
//! `rollbook roll --rating` (a roll the sheet offers) make it here. A batch is
//! `Store::roll_all_logged_with_options`, which this calls.

use rollbook_rules::{Dice, RollRequest, RollResult};

use crate::error::Result;
use crate::{LogEntry, LogOptions, RollPlace, Store};

/// Rolls `request` with `dice` at `place` (checked against its roster, under its house rules;
/// RULES.md's for a Quick roll with no place) and logs it as `options` say. Refused, and
/// nothing logged, for a request of another system than the roster's (`system_mismatch`), a
/// value the rules refuse (`invalid_request`) or dice by hand that do not fit (`dice_missing`…).
pub fn roll_one(
    store: &mut Store,
    place: Option<&RollPlace>,
    request: &RollRequest,
    dice: Dice,
    options: LogOptions,
) -> Result<(RollResult, LogEntry)> {
    let mut rolled = store
        .roll_all_logged_with_options(
            std::slice::from_ref(request),
            |_| dice.clone(),
            place,
            options,
        )
        .map_err(|refused| refused.error)?;
    Ok(rolled.remove(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewCharacter, NewRoster, System};

    #[test]
    fn one_roll_is_made_at_its_place_and_logged_or_refused_with_nothing_logged() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = store
            .create_character(roster.id, NewCharacter::named("Vex"))
            .unwrap();
        let place = store.roll_place(None, Some(vex.id)).unwrap();
        let straight =
            rollbook_rules::parse_request(r#"{"system":"d12","roll":"straight","ranks":2}"#)
                .unwrap();
        let secret = LogOptions { secret: true };
        let (result, entry) = roll_one(
            &mut store,
            place.as_ref(),
            &straight,
            Dice::Seeded(7),
            secret,
        )
        .unwrap();
        assert_eq!(result, rollbook_rules::roll(&straight, 7).unwrap());
        assert_eq!(entry.character_id, Some(vex.id));
        assert!(entry.secret);

        let pool = rollbook_rules::parse_request(r#"{"system":"marks","roll":"pool"}"#).unwrap();
        let refused = roll_one(
            &mut store,
            place.as_ref(),
            &pool,
            Dice::Seeded(7),
            LogOptions::default(),
        )
        .unwrap_err();
        assert_eq!(refused.code(), "system_mismatch");
        let short = roll_one(
            &mut store,
            place.as_ref(),
            &straight,
            Dice::ByHand(vec![]),
            LogOptions::default(),
        )
        .unwrap_err();
        assert_eq!(short.code(), "dice_missing");
        assert_eq!(store.roll_log(&Default::default()).unwrap().len(), 1);
    }
}
