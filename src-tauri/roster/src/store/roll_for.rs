//! Rolls made for a roster or one of its characters: checked against the roster's system, rolled
//! under its house rules and logged. The one way the window and the command line roll for
//! someone (one request or a batch), so both refuse and log alike.

use rollbook_rules::text::isolated;
use rollbook_rules::{Dice, HouseRules, RollRequest, RollResult};
use uuid::Uuid;

use super::roll_log::{insert_roll, RollOrigin};
use super::{LogEntry, Store};
use crate::error::{Result, RosterError};
use crate::model::{Character, Roster};

/// How rolls are logged: `secret` keeps them the GM's own (the roll log marks them; the players'
/// view never shows them). The default is public.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogOptions {
    pub secret: bool,
}

/// Where a roll is made: a roster, and the character when it is made for one.
#[derive(Debug, Clone, PartialEq)]
pub struct RollPlace {
    pub roster: Roster,
    pub character: Option<Character>,
}

impl RollPlace {
    /// Refuses a request of another system than the roster's (its house rules and sheets are).
    /// A typed roll (the `dice` system, DICE.md) belongs to no system and is made under any
    /// roster: a fireball's 8d6 is rolled, logged and judged for luck like the roster's own.
    pub fn check(&self, request: &RollRequest) -> Result<()> {
        let (system, roll) = request.kind_id();
        if system == self.roster.system.as_str() || request.is_notation() {
            return Ok(());
        }
        let who = match &self.character {
            Some(c) => format!(
                "{} of \"{}\"",
                isolated(&c.name),
                isolated(&self.roster.name)
            ),
            None => format!("\"{}\"", isolated(&self.roster.name)),
        };
        Err(RosterError::RollOfOtherSystem {
            system: system.to_string(),
            roll: roll.to_string(),
            who,
            roster_system: self.roster.system.to_string(),
        })
    }

    /// The house rules the roll is made under: the roster's.
    pub fn house_rules(&self) -> &HouseRules {
        &self.roster.house_rules
    }
}

impl Store {
    /// Where a roll is made, from ids: the character's own roster when a character is given (a
    /// `roster_id` naming another is refused), else the roster; `None` for neither (a Quick
    /// roll).
    pub fn roll_place(
        &self,
        roster_id: Option<Uuid>,
        character_id: Option<Uuid>,
    ) -> Result<Option<RollPlace>> {
        let character = character_id.map(|id| self.character(id)).transpose()?;
        let roster_id = match (&character, roster_id) {
            (Some(c), Some(r)) if c.roster_id != r => {
                return Err(RosterError::NotInRoster {
                    character: c.name.clone(),
                    roster: self.roster(r)?.name,
                })
            }
            (Some(c), _) => Some(c.roster_id),
            (None, r) => r,
        };
        let Some(roster_id) = roster_id else {
            return Ok(None);
        };
        Ok(Some(RollPlace {
            roster: self.roster(roster_id)?,
            character,
        }))
    }

    /// Rolls `request` with the dice of `seed` at `place` (under its roster's house rules; the
    /// rules as ruled for a Quick roll) and logs it. A refused request logs nothing.
    pub fn roll_logged(
        &mut self,
        request: &RollRequest,
        seed: u64,
        place: Option<&RollPlace>,
    ) -> Result<(RollResult, LogEntry)> {
        self.roll_logged_with_options(request, seed, place, LogOptions::default())
    }

    /// As [`Store::roll_logged`], logged as `options` say (a secret roll is the GM's only).
    pub fn roll_logged_with_options(
        &mut self,
        request: &RollRequest,
        seed: u64,
        place: Option<&RollPlace>,
        options: LogOptions,
    ) -> Result<(RollResult, LogEntry)> {
        let mut rolled = self
            .roll_all_logged_with_options(
                std::slice::from_ref(request),
                |_| Dice::Seeded(seed),
                place,
                options,
            )
            .map_err(|refused| refused.error)?;
        Ok(rolled.remove(0))
    }

    /// Rolls every request at `place`, the i-th with the dice of `seed(i)`, and logs them all in
    /// one transaction: every request is checked against the place and rolled before anything
    /// is written, so the batch is logged whole or not at all. Answers each roll with its log
    /// entry, in the order of `requests`.
    pub fn roll_all_logged(
        &mut self,
        requests: &[RollRequest],
        seed: impl Fn(usize) -> u64,
        place: Option<&RollPlace>,
    ) -> std::result::Result<Vec<(RollResult, LogEntry)>, RollsRefused> {
        self.roll_all_logged_with(requests, |i| Dice::Seeded(seed(i)), place)
    }

    /// As [`Store::roll_all_logged`], the i-th request with `dice(i)`: seeded, or rolled at the
    /// table and typed in (logged as by hand). A refusal of the dice (a face not of its die, too
    /// few or too many) names the request and logs nothing.
    pub fn roll_all_logged_with(
        &mut self,
        requests: &[RollRequest],
        dice: impl Fn(usize) -> Dice,
        place: Option<&RollPlace>,
    ) -> std::result::Result<Vec<(RollResult, LogEntry)>, RollsRefused> {
        self.roll_all_logged_with_options(requests, dice, place, LogOptions::default())
    }

    /// As [`Store::roll_all_logged_with`], logged as `options` say (secret or public).
    pub fn roll_all_logged_with_options(
        &mut self,
        requests: &[RollRequest],
        dice: impl Fn(usize) -> Dice,
        place: Option<&RollPlace>,
        options: LogOptions,
    ) -> std::result::Result<Vec<(RollResult, LogEntry)>, RollsRefused> {
        if let Some(place) = place {
            for (index, request) in requests.iter().enumerate() {
                place.check(request).map_err(RollsRefused::at(index))?;
            }
        }
        let house = place.map_or(HouseRules::ruled(), RollPlace::house_rules);
        let mut results = Vec::with_capacity(requests.len());
        for (index, request) in requests.iter().enumerate() {
            let result = rollbook_rules::roll_dice(request, house, &dice(index))
                .map_err(|error| RollsRefused::at(index)(error.into()))?;
            results.push(result);
        }
        let roster = place.map(|p| &p.roster);
        let character = place
            .and_then(|p| p.character.as_ref())
            .map(|c| (Some(c.id), c.name.as_str()));
        let ids = self
            .write(|tx| {
                let mut ids = Vec::with_capacity(results.len());
                for (request, result) in requests.iter().zip(&results) {
                    let json = serde_json::to_value(result).unwrap_or_default().to_string();
                    let origin = RollOrigin {
                        secret: options.secret,
                        ..RollOrigin::default()
                    };
                    ids.push(insert_roll(
                        tx, roster, character, request, result, &json, origin,
                    )?);
                }
                Ok(ids)
            })
            .map_err(RollsRefused::unlocated)?;
        let mut logged = self.log_entries(&ids).map_err(RollsRefused::unlocated)?;
        logged.sort_by_key(|entry| entry.id);
        Ok(results.into_iter().zip(logged).collect())
    }
}

/// Why a batch of rolls was refused; nothing was logged.
#[derive(Debug)]
pub struct RollsRefused {
    /// The index of the request at fault (its system, or a value the rules refuse); `None`
    /// when the log could not be written.
    pub request: Option<usize>,
    pub error: RosterError,
}

impl RollsRefused {
    fn at(index: usize) -> impl Fn(RosterError) -> RollsRefused {
        move |error| RollsRefused {
            request: Some(index),
            error,
        }
    }

    fn unlocated(error: RosterError) -> RollsRefused {
        RollsRefused {
            request: None,
            error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{NewCharacter, NewRoster, System};

    #[test]
    fn a_roll_for_a_character_is_made_in_its_roster_and_logged_under_it() {
        let mut store = Store::open_in_memory().unwrap();
        let d12 = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let marks = store
            .create_roster(NewRoster::new("Pixels", System::Marks))
            .unwrap();
        let vex = store
            .create_character(d12.id, NewCharacter::named("Vex"))
            .unwrap();
        let place = store.roll_place(None, Some(vex.id)).unwrap().unwrap();
        assert_eq!(place.roster.id, d12.id);
        let request =
            rollbook_rules::parse_request(r#"{"system":"d12","roll":"straight","ranks":2}"#)
                .unwrap();
        let (result, entry) = store.roll_logged(&request, 7, Some(&place)).unwrap();
        assert_eq!(result, rollbook_rules::roll(&request, 7).unwrap());
        assert_eq!(entry.character_name.as_deref(), Some("Vex"));
        assert_eq!(entry.roster_id, Some(d12.id));

        // A request of another system, or a roster that is not the character's: refused,
        // nothing logged.
        let pool = rollbook_rules::parse_request(r#"{"system":"marks","roll":"pool"}"#).unwrap();
        let err = store.roll_logged(&pool, 7, Some(&place)).unwrap_err();
        assert_eq!(err.code(), "system_mismatch");
        assert_eq!(
            err.to_string(),
            "a marks pool roll cannot be made for Vex of \"Heroes\", a d12 roster; use a d12 request"
        );
        let err = store.roll_place(Some(marks.id), Some(vex.id)).unwrap_err();
        assert_eq!(err.code(), "not_in_roster");
        assert_eq!(
            err.to_string(),
            "Vex is not in roster \"Pixels\"; give the character's own roster, or none"
        );
        let log = store.roll_log(&Default::default()).unwrap();
        assert_eq!(log.len(), 1);

        // Neither: a Quick roll, logged with no roster.
        assert_eq!(store.roll_place(None, None).unwrap(), None);
        let (_, quick) = store.roll_logged(&pool, 1, None).unwrap();
        assert_eq!((quick.roster_id, quick.character_id), (None, None));
    }

    #[test]
    fn a_secret_roll_is_logged_as_one_and_a_plain_roll_is_public() {
        let mut store = Store::open_in_memory().unwrap();
        let d12 = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let place = store.roll_place(Some(d12.id), None).unwrap().unwrap();
        let request =
            rollbook_rules::parse_request(r#"{"system":"d12","roll":"straight","ranks":2}"#)
                .unwrap();
        let (_, public) = store.roll_logged(&request, 7, Some(&place)).unwrap();
        let (result, secret) = store
            .roll_logged_with_options(&request, 7, Some(&place), LogOptions { secret: true })
            .unwrap();
        assert_eq!(result, rollbook_rules::roll(&request, 7).unwrap());
        assert_eq!((public.secret, secret.secret), (false, true));
        assert_eq!((secret.table_action, secret.participant_id), (None, None));
        let log = store.roll_log(&Default::default()).unwrap();
        assert_eq!(log.iter().filter(|e| e.secret).count(), 1);
    }

    #[test]
    fn a_batch_is_checked_and_rolled_whole_before_one_transaction_logs_it() {
        let mut store = Store::open_in_memory().unwrap();
        let d12 = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let vex = store
            .create_character(d12.id, NewCharacter::named("Vex"))
            .unwrap();
        let place = store.roll_place(None, Some(vex.id)).unwrap().unwrap();
        let parse = |json: &str| rollbook_rules::parse_request(json).unwrap();
        let straight = parse(r#"{"system":"d12","roll":"straight","ranks":2}"#);
        let requests = [straight.clone(), straight.clone(), straight.clone()];
        let rolled = store
            .roll_all_logged(&requests, |i| 10 + i as u64, Some(&place))
            .unwrap();
        for (i, (result, entry)) in rolled.iter().enumerate() {
            assert_eq!(
                *result,
                rollbook_rules::roll(&straight, 10 + i as u64).unwrap()
            );
            assert_eq!(entry.seed, 10 + i as u64);
            assert_eq!(entry.character_id, Some(vex.id));
        }
        assert!(rolled[0].1.id < rolled[1].1.id && rolled[1].1.id < rolled[2].1.id);

        // A request of another system, or one the rules refuse: its index, nothing logged. The
        // system is checked for every request before any is rolled.
        let pool = parse(r#"{"system":"marks","roll":"pool"}"#);
        let bad = parse(r#"{"system":"d12","roll":"straight","ranks":99}"#);
        let refused = store
            .roll_all_logged(&[bad.clone(), pool], |_| 1, Some(&place))
            .unwrap_err();
        assert_eq!(
            (refused.request, refused.error.code()),
            (Some(1), "system_mismatch")
        );
        let refused = store
            .roll_all_logged(&[straight.clone(), bad], |_| 1, Some(&place))
            .unwrap_err();
        assert_eq!(refused.request, Some(1));
        assert_eq!(refused.error.code(), "invalid_request");
        assert_eq!(store.roll_log(&Default::default()).unwrap().len(), 3);
    }
}
