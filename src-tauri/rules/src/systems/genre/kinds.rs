//! `genre` — the GENRE Action Roll (RULES.md section 2): d6 totals against d6 totals, successes
//! by multiples, Glory Points on both sides.

use crate::answer::Keyed;
use serde::{Deserialize, Serialize};

use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{check_pool, BoolField, CompareSpec, FieldSpec, IntField, KindText};
use crate::systems::shared::{d6_sum, dice_word};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

const DICE: IntField = IntField {
    name: "dice",
    label: "Challenger dice",
    help: "The Attribute or Power level used: that many d6.",
    min: 0,
    max: 60,
    default: 3,
};
const MODIFIER: IntField = IntField {
    name: "modifier",
    label: "Modifier",
    help: "Skill modifier + situational modifier (-5..+5) + pending Grunt penalty.",
    min: -100,
    max: 100,
    default: 0,
};
const DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty dice",
    help: "The difficulty level, or the opponent's Attribute: that many d6.",
    min: 0,
    max: 60,
    default: 3,
};
const DIFFICULTY_MODIFIER: IntField = IntField {
    name: "difficulty_modifier",
    label: "Difficulty modifier",
    help: "Added to the opposing total.",
    min: -100,
    max: 100,
    default: 0,
};
const GLORY: IntField = IntField {
    name: "glory",
    label: "Glory spent",
    help: "Glory Points the challenger spends: one automatic success each.",
    min: 0,
    max: 100,
    default: 0,
};
const OPPOSING_GLORY: IntField = IntField {
    name: "opposing_glory",
    label: "Opposing Glory",
    help: "Glory Points the opposing side spends: each negates one success or Glory Point.",
    min: 0,
    max: 100,
    default: 0,
};
const GRUNT: IntField = IntField {
    name: "grunt",
    label: "Grunt",
    help: "+1..+3 on this roll; the next actions then take -N, ..., -1.",
    min: 0,
    max: 3,
    default: 0,
};
const BUST_A_NUT: BoolField = BoolField {
    name: "bust_a_nut",
    label: "Bust A Nut",
    help: "+1 die on this action; every ability is then -1 die for the next two rounds.",
    default: false,
};

/// `{"system":"genre","roll":"action","dice":3,"modifier":0,"difficulty":3,
/// "difficulty_modifier":0,"glory":0,"opposing_glory":0}` (+ `grunt`, `bust_a_nut`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Action {
    pub dice: i64,
    pub modifier: i64,
    pub difficulty: i64,
    pub difficulty_modifier: i64,
    pub glory: i64,
    pub opposing_glory: i64,
    pub grunt: i64,
    pub bust_a_nut: bool,
}

impl Default for Action {
    fn default() -> Self {
        Self {
            dice: DICE.default,
            modifier: MODIFIER.default,
            difficulty: DIFFICULTY.default,
            difficulty_modifier: DIFFICULTY_MODIFIER.default,
            glory: GLORY.default,
            opposing_glory: OPPOSING_GLORY.default,
            grunt: GRUNT.default,
            bust_a_nut: BUST_A_NUT.default,
        }
    }
}

/// The signed result of one action roll from the two totals (already floored at 0):
/// net successes when >= 1, 0 for a plain failure, -k for a critical failure of degree k.
pub(crate) fn resolve(challenger: i64, opposing: i64, glory: i64, opposing_glory: i64) -> i64 {
    let (won, against) = if challenger > opposing {
        (challenger / opposing.max(1), 0)
    } else {
        (0, opposing / challenger.max(1))
    };
    let net = (won + glory - opposing_glory).max(0);
    match net {
        1.. => net,
        _ if against >= 2 => -against,
        _ => 0,
    }
}

impl Action {
    fn challenger_dice(&self) -> i64 {
        self.dice + i64::from(self.bust_a_nut)
    }

    fn challenger_bonus(&self) -> i64 {
        self.modifier + self.grunt
    }

    fn result(&self, challenger: i64, opposing: i64) -> i64 {
        resolve(challenger, opposing, self.glory, self.opposing_glory)
    }
}

fn words(result: i64) -> String {
    match result {
        1 => "success".into(),
        2.. => format!("success, {result} successes"),
        0 => "failure".into(),
        _ => format!("critical failure ({} against)", -result),
    }
}

impl Kind for Action {
    const SYSTEM: &'static str = "genre";
    const ROLL: &'static str = "action";

    fn text() -> KindText {
        KindText {
            name: "Action roll",
            summary: "Challenger's d6 + modifier against the difficulty's d6; ties go against \
                      the challenger. Twice the opposing total is two successes, three times \
                      three; two or more against is a critical failure.",
            rulings: &[],
            contract: true,
            outcome: "Successes",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![
            DICE.into(),
            MODIFIER.into(),
            DIFFICULTY.into(),
            DIFFICULTY_MODIFIER.into(),
            GLORY.into(),
            OPPOSING_GLORY.into(),
            GRUNT.into(),
            BUST_A_NUT.into(),
        ]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            GRUNT.compare_at(
                "Grunt",
                "The roll with no Grunt and with each Grunt: the bonus now, the penalties after.",
                &[
                    (0, "No Grunt"),
                    (1, "Grunt +1"),
                    (2, "Grunt +2"),
                    (3, "Grunt +3"),
                ],
            ),
            GLORY.compare_at(
                "Glory spent",
                "Each Glory Point spent is one automatic success.",
                &[
                    (0, "No Glory"),
                    (1, "1 Glory"),
                    (2, "2 Glory"),
                    (3, "3 Glory"),
                ],
            ),
            OPPOSING_GLORY.compare_at(
                "Opposing Glory",
                "What the opposing side's Glory would take away.",
                &[
                    (0, "None against"),
                    (1, "1 against"),
                    (2, "2 against"),
                    (3, "3 against"),
                ],
            ),
            BUST_A_NUT.compare(
                "+1 die now; every ability -1 die for the next two rounds.",
                ["No Bust A Nut", "Bust A Nut"],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DICE.check(self.dice)?;
        MODIFIER.check(self.modifier)?;
        DIFFICULTY.check(self.difficulty)?;
        DIFFICULTY_MODIFIER.check(self.difficulty_modifier)?;
        GLORY.check(self.glory)?;
        OPPOSING_GLORY.check(self.opposing_glory)?;
        GRUNT.check(self.grunt)?;
        if self.grunt > 0 && self.bust_a_nut {
            return Err(RulesError::invalid(
                "grunt",
                "a Grunt cannot be combined with Bust A Nut on the same action",
            ));
        }
        check_pool("dice", self.challenger_dice())?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let challenger = d6_sum(self.challenger_dice())
            .shift(self.challenger_bonus())
            .map(|v| v.max(0));
        let opposing = d6_sum(self.difficulty)
            .shift(self.difficulty_modifier)
            .map(|v| v.max(0));
        // Results run from -(largest opposing total) to (largest challenger total + glory).
        let lowest = -opposing.max().max(0);
        let highest = challenger.max() + self.glory;
        let mut by_result = vec![0.0; (highest - lowest + 1) as usize];
        for (c, pc) in challenger.iter().filter(|&(_, p)| p > 0.0) {
            for (o, po) in opposing.iter() {
                by_result[(self.result(c, o) - lowest) as usize] += pc * po;
            }
        }
        let outcomes: Keyed = by_result
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(i, &p)| ((i as i64 + lowest).to_string(), p))
            .collect();
        let success = outcomes
            .iter()
            .filter(|(k, _)| k.parse::<i64>().is_ok_and(|v| v >= 1))
            .map(|(_, p)| p)
            .sum();
        Odds {
            success,
            outcomes,
            mean: None,
            events: Keyed::default(),
            // One success or more.
            target: Some(1),
            succeeding: Vec::new(),
        }
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let mut side = |label: &str, dice: i64, bonus: i64| {
            tray.aim(label);
            let faces = tray.roll_many(dice as usize, 6);
            let mut group = DiceGroup::new(label);
            faces.iter().for_each(|&f| group.push(f, 6, DieState::Kept));
            let sum: i64 = faces.iter().map(|&f| i64::from(f)).sum();
            (group, sum, (sum + bonus).max(0))
        };
        let (c_group, c_sum, c) = side(
            "Challenger",
            self.challenger_dice(),
            self.challenger_bonus(),
        );
        let (o_group, o_sum, o) = side("Opposition", self.difficulty, self.difficulty_modifier);
        let result = self.result(c, o);
        let mut notes = Vec::new();
        if self.grunt > 0 {
            let penalties: Vec<String> = (1..=self.grunt).rev().map(|k| format!("-{k}")).collect();
            notes.push(format!(
                "Grunt +{}: next actions {}",
                self.grunt,
                penalties.join(", ")
            ));
        }
        if self.bust_a_nut {
            notes.push("Bust A Nut: -1 die on every ability for the next two rounds".into());
        }
        if self.glory > 0 || self.opposing_glory > 0 {
            notes.push(format!("Glory {} vs {}", self.glory, self.opposing_glory));
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join("; "))
        };
        Rolled {
            outcome: result.to_string(),
            success: result >= 1,
            detail: format!(
                "Challenger {} {c_sum}{:+} = {c} vs {} {o_sum}{:+} = {o}: {}{notes}",
                dice_word(self.challenger_dice()),
                self.challenger_bonus(),
                dice_word(self.difficulty),
                self.difficulty_modifier,
                words(result)
            ),
            total: Some(c),
            groups: vec![c_group, o_group],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_against_two_succeed_44_percent() {
        let action = Action {
            dice: 2,
            difficulty: 2,
            ..Action::default()
        };
        let odds = action.odds(&HouseRules::default());
        assert!((odds.success - 0.4437).abs() < 5e-5, "{}", odds.success);
        // 12 against 5 is two successes, 2 against 12 six against.
        assert!(odds.outcomes.contains_key("2") && odds.outcomes.contains_key("-6"));
    }

    #[test]
    fn resolve_follows_the_worked_points() {
        assert_eq!(resolve(0, 0, 0, 0), 0); // both 0: plain failure
        assert_eq!(resolve(10, 5, 0, 0), 2); // twice: two successes
        assert_eq!(resolve(5, 5, 0, 0), 0); // tie goes against the challenger
        assert_eq!(resolve(3, 9, 0, 0), -3); // three against: critical failure of degree 3
        assert_eq!(resolve(3, 5, 0, 0), 0); // one against: plain failure
        assert_eq!(resolve(8, 5, 0, 1), 0); // won, cancelled by opposing glory
        assert_eq!(resolve(3, 9, 1, 0), 1); // glory turns a critical failure into a success
        assert_eq!(resolve(3, 9, 1, 1), -3); // ... unless negated
        assert_eq!(resolve(0, 7, 0, 0), -7);
    }

    #[test]
    fn grunt_and_nut_do_not_combine() {
        let action = Action {
            grunt: 2,
            bust_a_nut: true,
            ..Action::default()
        };
        let err = action.validate(&HouseRules::default()).unwrap_err();
        assert!(err.to_string().starts_with("grunt: "));
    }
}
