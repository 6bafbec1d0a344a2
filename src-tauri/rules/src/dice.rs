//! Where a roll's dice come from: a seed (the app rolls) or the faces rolled at the table and
//! typed in ("by hand"). Both go through the same roll code, so the same faces give the same
//! outcome, dice states, total and detail.

use serde::Serialize;

use crate::answer::RollResult;
pub use crate::die_asked::DieAsked;
use crate::house_rules::HouseRules;
use crate::request::RollRequest;
use crate::tray::Tray;
use crate::RulesError;

/// The dice of one roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dice {
    /// The app rolls them from this seed (reproducible).
    Seeded(u64),
    /// Rolled at the table: every face in the order the roll reads them (the order of a seeded
    /// roll's `dice`), an exploding die's extra face right after it.
    ByHand(Vec<u32>),
}

impl Dice {
    /// The dice a front end asks for: the faces typed in when given, else the seed given, else a
    /// fresh random seed.
    pub fn typed_or_seeded(faces: Option<Vec<u32>>, seed: Option<u64>) -> Dice {
        match faces {
            Some(faces) => Dice::ByHand(faces),
            None => Dice::Seeded(seed.unwrap_or_else(crate::tray::random_seed)),
        }
    }
}

/// Rolls `request` under `house` with `dice`: the one roll path, whoever rolled the dice.
/// Dice by hand are refused, with nothing rolled, when a face is not a face of its die
/// (`invalid_request` naming `dice[i]`), when the roll needs more dice (`dice_missing`, saying
/// how many and of which sides) or reads fewer than given (`dice_left_over`).
pub fn roll_dice(
    request: &RollRequest,
    house: &HouseRules,
    dice: &Dice,
) -> Result<RollResult, RulesError> {
    house.validate()?;
    request.validate(house)?;
    let (mut tray, seed) = match dice {
        Dice::Seeded(seed) => (Tray::new(*seed), *seed),
        Dice::ByHand(faces) => (Tray::by_hand(faces.clone()), 0),
    };
    let rolled = request.make_roll(house, &mut tray)?;
    tray.check_by_hand()?;
    let mut result = crate::tray::result_of(rolled, tray, seed);
    result.by_hand = matches!(dice, Dice::ByHand(_));
    Ok(result)
}

/// How far the dice of a roll by hand have come: the dice it reads with the faces typed so far
/// and, once every one is in, the roll itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandProgress {
    /// The dice the faces given fill, then the fewest dice still needed (a die not yet typed
    /// is taken as a 1, which never earns another), in the order the roll reads them.
    pub dice: Vec<DieAsked>,
    /// How many faces were given.
    pub given: usize,
    /// The roll, once every die is in: the same as [`roll_by_hand`] with these faces.
    pub result: Option<RollResult>,
}

/// The dice `request` asks for with `faces` typed in so far, and the roll once they are all in.
/// Refused as [`roll_dice`] refuses a bad request, a face that is not a face of its die
/// (`invalid_request` at `dice[i]`) and faces left over (`dice_left_over`); too few is no error
/// here: the answer says which dice are still needed.
pub fn dice_asked(
    request: &RollRequest,
    house: &HouseRules,
    faces: &[u32],
) -> Result<HandProgress, RulesError> {
    house.validate()?;
    request.validate(house)?;
    let mut tray = Tray::by_hand(faces.to_vec());
    request.make_roll(house, &mut tray)?;
    let dice = still_asked(tray.asked(), faces.len());
    match tray.check_by_hand() {
        Err(RulesError::DiceMissing { .. }) => Ok(HandProgress {
            dice,
            given: faces.len(),
            result: None,
        }),
        Err(refused) => Err(refused),
        Ok(()) => Ok(HandProgress {
            dice,
            given: faces.len(),
            result: Some(roll_by_hand(request, house, faces)?),
        }),
    }
}

/// The dice to ask for when `given` faces are in: every die read, but a die earned by dice not
/// yet typed (they read as 1s, which may earn one: a defence of only natural 1s earns the limb
/// die) is not asked for until the dice that earn it are in.
pub(crate) fn still_asked(read: &[DieAsked], given: usize) -> Vec<DieAsked> {
    read.iter()
        .enumerate()
        .filter(|(i, die)| *i <= given || !die.earned)
        .map(|(_, die)| die.clone())
        .collect()
}

/// Rolls `request` with dice rolled at the table ([`roll_dice`] with [`Dice::ByHand`]).
pub fn roll_by_hand(
    request: &RollRequest,
    house: &HouseRules,
    faces: &[u32],
) -> Result<RollResult, RulesError> {
    roll_dice(request, house, &Dice::ByHand(faces.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{catalog, parse_request, roll};

    fn request(json: &str) -> RollRequest {
        parse_request(json).unwrap()
    }

    /// Every kind of the catalog at its defaults (and a few seeds each): the faces of a seeded
    /// roll typed back give the same roll, but for the seed.
    #[test]
    fn a_seeded_roll_s_faces_typed_back_give_the_same_roll_for_every_kind() {
        let mut kinds = 0;
        for system in catalog().systems {
            for kind in system.kinds {
                let json = format!(r#"{{"system":"{}","roll":"{}"}}"#, system.id, kind.id);
                let request = request(&json);
                for seed in 0..200 {
                    let seeded = roll(&request, seed).unwrap();
                    let by_hand =
                        roll_by_hand(&request, HouseRules::ruled(), &seeded.dice).unwrap();
                    assert!(by_hand.by_hand);
                    assert_eq!(by_hand.seed, 0);
                    let same = RollResult {
                        seed: seeded.seed,
                        by_hand: false,
                        ..by_hand
                    };
                    assert_eq!(same, seeded, "{json} seed {seed}");
                }
                kinds += 1;
            }
        }
        assert!(
            kinds >= 16,
            "only {kinds} kinds: every kind of the five systems"
        );
    }

    /// Every kind, a few seeds each: as the faces of a seeded roll go in one by one, the dice
    /// asked for agree with the ones before, each face fits its die, and the roll comes only
    /// with the last face, the same roll as by hand.
    #[test]
    fn the_dice_asked_grow_with_the_faces_and_the_roll_comes_with_the_last() {
        for system in catalog().systems {
            for kind in system.kinds {
                let json = format!(r#"{{"system":"{}","roll":"{}"}}"#, system.id, kind.id);
                let request = request(&json);
                for seed in 0..20 {
                    let faces = roll(&request, seed).unwrap().dice;
                    let whole = dice_asked(&request, HouseRules::ruled(), &faces).unwrap();
                    assert_eq!(whole.dice.len(), faces.len(), "{json} seed {seed}");
                    assert_eq!(
                        whole.result,
                        Some(roll_by_hand(&request, HouseRules::ruled(), &faces).unwrap())
                    );
                    for (face, die) in faces.iter().zip(&whole.dice) {
                        assert!((1..=die.sides).contains(face), "{json}: {die:?}");
                        assert!(!die.label.is_empty());
                    }
                    for typed in 0..faces.len() {
                        let part =
                            dice_asked(&request, HouseRules::ruled(), &faces[..typed]).unwrap();
                        assert_eq!(part.given, typed);
                        assert_eq!(part.result, None, "{json} with {typed} faces");
                        assert_eq!(part.dice[..=typed], whole.dice[..=typed], "{json}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_12_asks_for_its_extra_die_once_it_is_typed() {
        let d12 = request(r#"{"system":"d12","roll":"straight","ranks":1,"difficulty":12}"#);
        let asked = dice_asked(&d12, HouseRules::ruled(), &[]).unwrap();
        let labels: Vec<&str> = asked.dice.iter().map(|d| d.label.as_str()).collect();
        assert_eq!(labels, ["Ability d12 #1", "Ability d12 #2"]);
        assert!(asked.dice.iter().all(|d| d.sides == 12 && !d.earned));
        let asked = dice_asked(&d12, HouseRules::ruled(), &[12]).unwrap();
        assert_eq!(asked.dice.len(), 3);
        assert_eq!(
            asked.dice[1],
            DieAsked {
                sides: 12,
                label: "Ability: the 12 explodes, roll it once more".into(),
                earned: true
            }
        );
        let done = dice_asked(&d12, HouseRules::ruled(), &[12, 4, 3]).unwrap();
        let result = done.result.expect("three faces make the roll");
        assert_eq!(result.total, Some(12 + 4 + 3 + 1));
        assert!(result.by_hand);
        let error = dice_asked(&d12, HouseRules::ruled(), &[12, 13]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "dice[1]: 13 is not a face of die 2 (a d12: 1 to 12)"
        );
        let error = dice_asked(&d12, HouseRules::ruled(), &[2, 3, 4]).unwrap_err();
        assert_eq!(error.code(), "dice_left_over");
    }

    #[test]
    fn too_few_faces_say_how_many_more_dice_and_which() {
        let d12 = request(r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#);
        let error = roll_by_hand(&d12, HouseRules::ruled(), &[5]).unwrap_err();
        assert_eq!(error.code(), "dice_missing");
        assert_eq!(
            error.to_string(),
            "dice: 2 more dice are needed after the 1 given: a d12 and a d12"
        );
        // A 12 explodes: one more die is asked for once it is typed in.
        let error = roll_by_hand(&d12, HouseRules::ruled(), &[5, 12, 3]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "dice: 1 more die is needed after the 3 given: a d12"
        );
        assert!(roll_by_hand(&d12, HouseRules::ruled(), &[5, 12, 3, 7]).is_ok());
    }

    #[test]
    fn faces_left_over_and_impossible_faces_are_refused() {
        let check = request(r#"{"system":"stunt","roll":"check"}"#);
        let error = roll_by_hand(&check, HouseRules::ruled(), &[3, 4, 5]).unwrap_err();
        assert_eq!(error.code(), "dice_left_over");
        assert_eq!(
            error.to_string(),
            "dice: the roll reads 2 dice; 1 left over"
        );
        let error = roll_by_hand(&check, HouseRules::ruled(), &[3, 7]).unwrap_err();
        assert_eq!(error.code(), "invalid_request");
        assert_eq!(
            error.to_string(),
            "dice[1]: 7 is not a face of die 2 (a d6: 1 to 6)"
        );
        let error = roll_by_hand(&check, HouseRules::ruled(), &[0, 2]).unwrap_err();
        assert!(
            error.to_string().starts_with("dice[0]: 0 is not"),
            "{error}"
        );
    }
}
