use super::*;
use serde_json::json;

/// Every roll of every alternative answers exactly what `odds_with` answers for its request
/// asked alone: the plan adds no arithmetic of its own to a chance.
fn each_roll_is_its_own_odds(answer: &PlanAnswer, house: &HouseRules) {
    for alternative in &answer.alternatives {
        for roll in &alternative.rolls {
            let request = crate::request_from_value(roll.request.clone()).unwrap();
            let alone = crate::odds_with(&request, house).unwrap();
            assert_eq!(alone, roll.odds, "{} / {}", alternative.label, roll.label);
        }
    }
}

fn fate(this: Value, later: Value, card: &str) -> PlanRequest {
    PlanRequest {
        plan: PlanId::FateCard,
        this,
        later: Some(later),
        card: Some(card.into()),
    }
}

/// The augmentation plan for the save `this`.
fn augmentation(this: serde_json::Value) -> PlanRequest {
    PlanRequest {
        plan: PlanId::Augmentation,
        this,
        later: None,
        card: None,
    }
}

#[test]
fn a_fate_card_played_or_kept_is_the_odds_of_its_two_attacks() {
    let house = HouseRules::ruled();
    for (card, on) in [("AS", 1), ("5H", 5), ("10D", 10), ("QC", 10)] {
        for bonus in [-3, 2, 9] {
            let this = json!({"system": "universe", "roll": "attack", "bonus": bonus, "ac": 14});
            let later = json!({"system": "universe", "roll": "attack", "bonus": 4, "ac": 12, "advantage": false});
            let answer = odds_plan(&fate(this.clone(), later.clone(), card), house).unwrap();
            each_roll_is_its_own_odds(&answer, house);
            let [played, kept] = &answer.alternatives[..] else {
                panic!("two alternatives");
            };
            // Played: the card's value on this attack, the later attack untouched.
            assert_eq!(played.rolls[0].request["bonus"], json!(bonus + on));
            assert_eq!(played.rolls[1].request["ac"], later["ac"]);
            // Kept: this attack untouched, the card's value on AC against the later one.
            assert_eq!(kept.rolls[0].request["bonus"], this["bonus"]);
            assert_eq!(kept.rolls[1].request["ac"], json!(12 + on));
            for alternative in &answer.alternatives {
                let net = alternative.rolls[0].odds.success - alternative.rolls[1].odds.success;
                assert_eq!(alternative.score, net);
            }
            // A hit made and a hit saved count the same: a tie marks neither.
            let expected: Vec<usize> = if (played.score - kept.score).abs() <= SAME_WITHIN {
                vec![]
            } else if played.score > kept.score {
                vec![0]
            } else {
                vec![1]
            };
            assert_eq!(answer.best, expected, "{card} {bonus}");
        }
    }
}

#[test]
fn augmentation_before_and_after_are_the_odds_of_their_saves() {
    let house = HouseRules::ruled();
    let this =
        json!({"system": "universe", "roll": "augmented_save", "dc": 14, "bonus": 1, "pool": 20});
    let answer = odds_plan(&augmentation(this), house).unwrap();
    each_roll_is_its_own_odds(&answer, house);
    // Nothing, then +1, +2, +3 each before and after.
    assert_eq!(answer.alternatives.len(), 7);
    for alternative in &answer.alternatives {
        let roll = &alternative.rolls[0];
        let RollRequest::UniverseAugmentedSave(save) =
            crate::request_from_value(roll.request.clone()).unwrap()
        else {
            panic!("an augmented save");
        };
        let spent_after: f64 = roll
            .odds
            .outcomes
            .iter()
            .filter_map(|(k, p)| Some(k.strip_prefix("spend_")?.parse::<f64>().ok()? * p))
            .sum();
        let cost = alternative.cost.unwrap();
        assert!((cost - (2 * save.before) as f64 - spent_after).abs() < 1e-12);
        assert_eq!(alternative.score, roll.odds.success);
    }
    // The same +N reached either way succeeds as often (the pool of 20 covers +3 after).
    for pair in answer.alternatives[1..].chunks(2) {
        let (before, after) = (&pair[0], &pair[1]);
        assert!(
            (before.score - after.score).abs() < 1e-12,
            "{}",
            before.label
        );
    }
    // The best is the likeliest success, the cheaper of the tied ones.
    let top = answer
        .alternatives
        .iter()
        .map(|a| a.score)
        .fold(0.0, f64::max);
    for &i in &answer.best {
        let best = &answer.alternatives[i];
        assert!(top - best.score <= SAME_WITHIN);
        for other in answer
            .alternatives
            .iter()
            .filter(|a| top - a.score <= SAME_WITHIN)
        {
            assert!(best.cost.unwrap() <= other.cost.unwrap() + SAME_WITHIN);
        }
    }
    assert!(!answer.best.is_empty());
}

#[test]
fn augmentation_compares_the_bonus_the_gm_set_and_what_the_pool_reaches() {
    let house = HouseRules::ruled();
    let this =
        json!({"system": "universe", "roll": "augmented_save", "dc": 15, "before": 2, "pool": 6});
    let answer = odds_plan(&augmentation(this), house).unwrap();
    each_roll_is_its_own_odds(&answer, house);
    let labels: Vec<&str> = answer
        .alternatives
        .iter()
        .map(|a| a.label.as_str())
        .collect();
    assert_eq!(labels, ["Nothing bought", "+2 before", "Up to +2 after"]);
    // 6 points after the roll buy +1 only.
    assert_eq!(answer.alternatives[2].rolls[0].request["pool"], json!(6));
    assert!(answer.alternatives[2].help.contains("only up to +1"));
}

#[test]
fn a_plan_refuses_what_it_cannot_compare_by_name() {
    let house = HouseRules::ruled();
    let attack = json!({"system": "universe", "roll": "attack"});
    let save = json!({"system": "universe", "roll": "save"});
    let error = odds_plan(&fate(save.clone(), attack.clone(), "5H"), house).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("this: give a universe attack"),
        "{error}"
    );
    let error = odds_plan(&fate(attack.clone(), attack.clone(), "JK1"), house).unwrap_err();
    assert!(error.to_string().starts_with("card:"), "{error}");
    let mut no_later = fate(attack.clone(), attack, "5H");
    no_later.later = None;
    let error = odds_plan(&no_later, house).unwrap_err();
    assert!(error.to_string().starts_with("later:"), "{error}");
    let luck =
        augmentation(json!({"system": "universe", "roll": "augmented_save", "save": "luck"}));
    let error = odds_plan(&luck, house).unwrap_err();
    assert!(error.to_string().starts_with("this.save:"), "{error}");
    let broke = augmentation(json!({"system": "universe", "roll": "augmented_save", "pool": 1}));
    let error = odds_plan(&broke, house).unwrap_err();
    assert!(error.to_string().starts_with("this.pool:"), "{error}");
}

#[test]
fn every_plan_is_listed_on_the_kind_it_compares() {
    let catalog = crate::catalog();
    let listed: Vec<PlanId> = catalog
        .systems
        .iter()
        .flat_map(|s| &s.kinds)
        .flat_map(|k| k.plans.iter().map(|p| p.id))
        .collect();
    assert_eq!(listed, [PlanId::FateCard, PlanId::Augmentation]);
}
