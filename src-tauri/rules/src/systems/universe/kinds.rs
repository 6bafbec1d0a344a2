//! `universe` — the Universe Deck d20 system (RULES.md section 3): 2d6 skill checks, d20 attacks
//! and saves, group stealth.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::answer::{DiceGroup, DieState, Odds, Rolled};
use crate::kind::Kind;
use crate::plan::PlanSpec;
use crate::spec::{
    BoolField, ChoiceField, CompareSpec, FieldSpec, IntField, IntListField, KindText,
};
use crate::systems::shared::{d20_natural, d6_sum, keyed_outcomes};
use crate::tray::Tray;
use crate::{Dist, HouseRules, RulesError};

fn outcomes_of(keys: &[&str]) -> IndexMap<String, f64> {
    keys.iter().map(|k| (k.to_string(), 0.0)).collect()
}

/// Odds of a pass/fail roll from the two probabilities, each summed from its own outcomes (not
/// one as `1 - other`, which can dip below 0 by a rounding step).
fn pass_fail(success: f64, failure: f64) -> Odds {
    let mut outcomes = outcomes_of(&["success", "failure"]);
    outcomes["success"] = success;
    outcomes["failure"] = failure;
    Odds::from_outcomes(outcomes, &["success"])
}

/// Rolls the natural d20 (two with advantage, the higher kept) into a group.
fn roll_d20(tray: &mut Tray, advantage: bool) -> (u32, DiceGroup) {
    let mut group = DiceGroup::new(if advantage {
        "d20 with advantage"
    } else {
        "d20"
    });
    let first = tray.roll(20);
    if !advantage {
        group.push(first, 20, DieState::Kept);
        return (first, group);
    }
    let second = tray.roll(20);
    let kept = first.max(second);
    // The first die is kept on a tie, so exactly one die is marked kept.
    let (s1, s2) = if first >= second {
        (DieState::Kept, DieState::Dropped)
    } else {
        (DieState::Dropped, DieState::Kept)
    };
    group.push(first, 20, s1);
    group.push(second, 20, s2);
    (kept, group)
}

fn roll_2d6(tray: &mut Tray, label: &str) -> (i64, DiceGroup) {
    let (a, b) = (tray.roll(6), tray.roll(6));
    let mut group = DiceGroup::new(label);
    group.push(a, 6, DieState::Kept);
    group.push(b, 6, DieState::Kept);
    (i64::from(a + b), group)
}

fn pass(success: bool) -> &'static str {
    if success {
        "success"
    } else {
        "failure"
    }
}

// ---------------------------------------------------------------------------------------------
// skill

const SKILL: IntField = IntField {
    name: "skill",
    label: "Skill level",
    help: "The character's level in the skill, added to 2d6.",
    min: -20,
    max: 40,
    default: 1,
};
const SKILL_DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty",
    help: "The check succeeds when 2d6 + skill equals or beats it.",
    min: -20,
    max: 100,
    default: 8,
};

/// `{"system":"universe","roll":"skill","skill":1,"difficulty":8}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Skill {
    pub skill: i64,
    pub difficulty: i64,
}

impl Default for Skill {
    fn default() -> Self {
        Self {
            skill: SKILL.default,
            difficulty: SKILL_DIFFICULTY.default,
        }
    }
}

/// The total of a skill check: 2d6 + level.
fn skill_total(level: i64) -> Dist {
    d6_sum(2).shift(level)
}

impl Kind for Skill {
    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "skill";

    fn text() -> KindText {
        KindText {
            name: "Skill check",
            summary: "2d6 + skill level; equal or beat the difficulty.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![SKILL.into(), SKILL_DIFFICULTY.into()]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        SKILL.check(self.skill)?;
        SKILL_DIFFICULTY.check(self.difficulty)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let total = skill_total(self.skill);
        pass_fail(
            total.p_at_least(self.difficulty),
            total.p_below(self.difficulty),
        )
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (sum, group) = roll_2d6(tray, "2d6");
        let total = sum + self.skill;
        let success = total >= self.difficulty;
        Rolled {
            outcome: pass(success).into(),
            success,
            detail: format!(
                "2d6 {sum} {:+} = {total} vs difficulty {}: {}",
                self.skill,
                self.difficulty,
                pass(success)
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// attack

/// A fate card played on a roll, by what it adds (RULES.md: its value, a face card +10).
const FATE_CARDS: &[(i64, &str)] = &[
    (0, "No card"),
    (2, "A 2 (+2)"),
    (5, "A 5 (+5)"),
    (8, "An 8 (+8)"),
    (10, "A face card (+10)"),
];

const ATTACK_BONUS: IntField = IntField {
    name: "bonus",
    label: "Attack bonus",
    help: "Combat skill + attack bonus (+ a fate card's value), added to the d20.",
    min: -50,
    max: 100,
    default: 0,
};
const AC: IntField = IntField {
    name: "ac",
    label: "Target AC",
    help: "The attack hits when the total equals or beats it.",
    min: 0,
    max: 100,
    default: 10,
};
const ADVANTAGE: BoolField = BoolField {
    name: "advantage",
    label: "Advantage",
    help: "Roll two d20 and keep the higher (a completely unguarded target gives advantage).",
    default: false,
};

/// `{"system":"universe","roll":"attack","bonus":0,"ac":10,"advantage":false}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Attack {
    pub bonus: i64,
    pub ac: i64,
    pub advantage: bool,
}

impl Default for Attack {
    fn default() -> Self {
        Self {
            bonus: ATTACK_BONUS.default,
            ac: AC.default,
            advantage: ADVANTAGE.default,
        }
    }
}

impl Attack {
    /// The index into [`ATTACK_KEYS`] of a natural face.
    fn read(&self, natural: i64) -> usize {
        match natural {
            1 => 0,
            20 => 3,
            n if n + self.bonus >= self.ac => 2,
            _ => 1,
        }
    }
}

const ATTACK_KEYS: [&str; 4] = ["fumble", "miss", "hit", "critical"];

impl Kind for Attack {
    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "attack";

    fn text() -> KindText {
        KindText {
            name: "Attack",
            summary: "1d20 + bonus against AC. A natural 1 misses with a complication; a \
                      natural 20 hits and grants positive fate.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn plans() -> Vec<PlanSpec> {
        vec![super::plan_specs::fate_card_spec()]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![ATTACK_BONUS.into(), AC.into(), ADVANTAGE.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            ADVANTAGE.compare(
                "Two d20, the higher kept, against one.",
                ["No advantage", "Advantage"],
            ),
            ATTACK_BONUS.compare_by(
                "fate",
                "A fate card on the attack",
                "Keeping the card, or playing it: a numbered card adds its value, a face card +10.",
                FATE_CARDS,
            ),
            AC.compare_by(
                "target_fate",
                "The target's fate card on AC",
                "The target keeping its card, or playing it on its AC (its value, a face card +10).",
                FATE_CARDS,
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        ATTACK_BONUS.check(self.bonus)?;
        AC.check(self.ac)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut tally = [0.0; 4];
        for (natural, p) in d20_natural(self.advantage).iter() {
            tally[self.read(natural)] += p;
        }
        Odds::from_outcomes(keyed_outcomes(&ATTACK_KEYS, &tally), &["hit", "critical"])
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let (natural, group) = roll_d20(tray, self.advantage);
        let total = i64::from(natural) + self.bonus;
        let outcome = ATTACK_KEYS[self.read(i64::from(natural))];
        let words = match outcome {
            "fumble" => "natural 1: miss, and a complication",
            "critical" => "natural 20: hit, and positive fate",
            "hit" => "hit",
            _ => "miss",
        };
        Rolled {
            outcome: outcome.into(),
            success: matches!(outcome, "hit" | "critical"),
            detail: format!(
                "d20 {natural} {:+} = {total} vs AC {}: {words}",
                self.bonus, self.ac
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// save

const DC: IntField = IntField {
    name: "dc",
    label: "Save DC",
    help: "The save succeeds when the total equals or beats it.",
    min: 0,
    max: 100,
    default: 10,
};
const SAVE_BONUS: IntField = IntField {
    name: "bonus",
    label: "Bonus",
    help: "Augmentation and other bonuses added to the d20.",
    min: -50,
    max: 100,
    default: 0,
};

/// `{"system":"universe","roll":"save","dc":10,"bonus":0,"advantage":false}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Save {
    pub dc: i64,
    pub bonus: i64,
    pub advantage: bool,
}

impl Default for Save {
    fn default() -> Self {
        Self {
            dc: DC.default,
            bonus: SAVE_BONUS.default,
            advantage: ADVANTAGE.default,
        }
    }
}

const SAVE_RULINGS: &[&str] =
    &["A natural 20 on a save always succeeds (and grants positive fate)."];

impl Kind for Save {
    /// A natural 20's fate beats a plain success, which beats one bought with hp or Sanity.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::successes_best_first(odds)
    }

    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "save";

    fn text() -> KindText {
        KindText {
            name: "Save",
            summary: "1d20 + augmentation against the DC (Physical, Mental or Luck). A \
                      natural 1 is an ordinary roll.",
            rulings: SAVE_RULINGS,
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![DC.into(), SAVE_BONUS.into(), ADVANTAGE.into()]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![ADVANTAGE.compare(
            "Two d20, the higher kept, against one.",
            ["No advantage", "Advantage"],
        )]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DC.check(self.dc)?;
        SAVE_BONUS.check(self.bonus)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut tally = [0.0; 3];
        for (natural, p) in d20_natural(self.advantage).iter() {
            tally[match natural {
                20 => 0,
                n if n + self.bonus >= self.dc => 1,
                _ => 2,
            }] += p;
        }
        let outcomes = keyed_outcomes(&["fate", "success", "failure"], &tally);
        Odds::from_outcomes(outcomes, &["fate", "success"])
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        let augmented = AugmentedSave {
            dc: self.dc,
            bonus: self.bonus,
            advantage: self.advantage,
            ..AugmentedSave::default()
        };
        augmented.roll_save(tray)
    }
}

// ---------------------------------------------------------------------------------------------
// augmented_save

const SAVE_TYPE: ChoiceField = ChoiceField {
    name: "save",
    label: "Save type",
    help: "Physical saves are augmented with hp, Mental with Sanity, Luck only with fate cards.",
    choices: &["physical", "mental", "luck"],
    default: "physical",
};
const BEFORE: IntField = IntField {
    name: "before",
    label: "Bought before",
    help: "+N declared before the roll, at 2 hp / Sanity per +1.",
    min: 0,
    max: 50,
    default: 0,
};
const POOL: IntField = IntField {
    name: "pool",
    label: "hp / Sanity available",
    help: "What the character can spend in all; after the roll each +1 costs 4.",
    min: 0,
    max: 1000,
    default: 0,
};

/// Which resource augments a save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SaveType {
    #[default]
    Physical,
    Mental,
    Luck,
}

impl SaveType {
    fn resource(self) -> &'static str {
        match self {
            Self::Physical => "hp",
            Self::Mental => "Sanity",
            Self::Luck => "fate",
        }
    }
}

/// Cost per +1 of augmentation declared before / bought after the roll.
pub(crate) const COST_BEFORE: i64 = 2;
pub(crate) const COST_AFTER: i64 = 4;

/// `{"system":"universe","roll":"augmented_save","dc":10,"bonus":0,"advantage":false,
/// "save":"physical","before":0,"pool":0}` — a save with hp/Sanity augmentation both sides of
/// the roll. Outcomes: `fate`, `success`, `spend_N` (a failure turned by spending N after the
/// roll, the cheapest way), `failure`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AugmentedSave {
    pub dc: i64,
    pub bonus: i64,
    pub advantage: bool,
    pub save: SaveType,
    pub before: i64,
    pub pool: i64,
}

impl Default for AugmentedSave {
    fn default() -> Self {
        Self {
            dc: DC.default,
            bonus: SAVE_BONUS.default,
            advantage: ADVANTAGE.default,
            save: SaveType::Physical,
            before: BEFORE.default,
            pool: POOL.default,
        }
    }
}

impl AugmentedSave {
    fn left_after_roll(&self) -> i64 {
        self.pool - COST_BEFORE * self.before
    }

    /// The outcome key of a natural face and the post-roll cost when one is needed.
    fn read(&self, natural: i64) -> (String, Option<i64>) {
        if natural == 20 {
            return ("fate".into(), None);
        }
        let shortfall = self.dc - (natural + self.bonus + self.before);
        if shortfall <= 0 {
            return ("success".into(), None);
        }
        let cost = COST_AFTER * shortfall;
        if cost <= self.left_after_roll() {
            (format!("spend_{cost}"), Some(cost))
        } else {
            ("failure".into(), Some(cost))
        }
    }

    fn roll_save(&self, tray: &mut Tray) -> Rolled {
        let (natural, group) = roll_d20(tray, self.advantage);
        let total = i64::from(natural) + self.bonus + self.before;
        let (outcome, cost) = self.read(i64::from(natural));
        let resource = self.save.resource();
        let verdict = match (outcome.as_str(), cost) {
            ("fate", _) => "natural 20: success, and positive fate".to_string(),
            ("success", _) => "success".to_string(),
            (_, Some(cost)) if outcome.starts_with("spend_") => {
                format!("failure, turned by spending {cost} {resource} after the roll")
            }
            (_, Some(cost)) if self.save != SaveType::Luck => {
                format!("failure (turning it would cost {cost} {resource} after the roll)")
            }
            _ => "failure".to_string(),
        };
        let bought = if self.before > 0 {
            format!(" {:+} bought", self.before)
        } else {
            String::new()
        };
        Rolled {
            success: outcome != "failure",
            outcome,
            detail: format!(
                "d20 {natural} {:+}{bought} = {total} vs DC {}: {verdict}",
                self.bonus, self.dc
            ),
            total: Some(total),
            groups: vec![group],
        }
    }
}

impl Kind for AugmentedSave {
    /// A natural 20's fate beats a plain success, which beats one bought with hp or Sanity.
    fn worst_first(odds: &Odds) -> Vec<&str> {
        crate::outcome_order::successes_best_first(odds)
    }

    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "augmented_save";

    fn text() -> KindText {
        KindText {
            name: "Save with augmentation",
            summary: "A save with hp (Physical) or Sanity (Mental) spent: 2 per +1 declared \
                      before the roll, 4 per +1 after it. Shows what turning a failure costs; \
                      success counts the failures the character can afford to turn.",
            rulings: SAVE_RULINGS,
            contract: false,
            outcome: "Result",
        }
    }

    fn plans() -> Vec<PlanSpec> {
        vec![super::plan_specs::augmentation_spec()]
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![
            DC.into(),
            SAVE_BONUS.into(),
            ADVANTAGE.into(),
            SAVE_TYPE.into(),
            BEFORE.into(),
            POOL.into(),
        ]
    }

    fn compare(_: &HouseRules) -> Vec<CompareSpec> {
        vec![
            BEFORE.compare_at(
                "Augmentation before the roll",
                "Buying +1s before the roll (2 points each) against keeping the points to turn \
                 a failure after it (4 points each).",
                &[
                    (0, "Nothing before"),
                    (1, "+1 (2 points)"),
                    (2, "+2 (4 points)"),
                    (3, "+3 (6 points)"),
                ],
            ),
            ADVANTAGE.compare(
                "Two d20, the higher kept, against one.",
                ["No advantage", "Advantage"],
            ),
        ]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        DC.check(self.dc)?;
        SAVE_BONUS.check(self.bonus)?;
        BEFORE.check(self.before)?;
        POOL.check(self.pool)?;
        if self.save == SaveType::Luck && (self.before > 0 || self.pool > 0) {
            return Err(RulesError::invalid(
                if self.before > 0 { "before" } else { "pool" },
                "a Luck save can only be augmented with fate cards, not hp or Sanity",
            ));
        }
        if self.left_after_roll() < 0 {
            return Err(RulesError::invalid(
                "before",
                format!(
                    "+{} before the roll costs {} {}, more than the {} available",
                    self.before,
                    COST_BEFORE * self.before,
                    self.save.resource(),
                    self.pool
                ),
            ));
        }
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        let mut spends: Vec<(i64, f64)> = Vec::new();
        let mut outcomes = outcomes_of(&["fate", "success"]);
        let mut failure = 0.0;
        for (natural, p) in d20_natural(self.advantage).iter() {
            match self.read(natural) {
                (key, Some(cost)) if key.starts_with("spend_") => {
                    match spends.iter_mut().find(|(c, _)| *c == cost) {
                        Some((_, q)) => *q += p,
                        None => spends.push((cost, p)),
                    }
                }
                (key, _) if key == "failure" => failure += p,
                (key, _) => outcomes[key.as_str()] += p,
            }
        }
        spends.sort_by_key(|&(cost, _)| cost);
        let success = 1.0 - failure;
        outcomes.extend(spends.into_iter().map(|(c, p)| (format!("spend_{c}"), p)));
        // Everything but a failure succeeds (fate, success, or a success bought with a spend).
        let succeeding = outcomes.keys().cloned().collect();
        outcomes.insert("failure".into(), failure);
        Odds {
            success,
            outcomes,
            mean: None,
            events: IndexMap::new(),
            target: None,
            succeeding,
        }
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        self.roll_save(tray)
    }
}

// ---------------------------------------------------------------------------------------------
// group_stealth

const LEADER: IntField = IntField {
    name: "leader",
    label: "Leader's Stealth",
    help: "The leader's Stealth level; a leader who succeeds covers that many failed teammates.",
    min: -20,
    max: 40,
    default: 1,
};
const MEMBERS: IntListField = IntListField {
    item: IntField {
        name: "members",
        label: "Teammates' Stealth",
        help: "Each teammate's Stealth level (the leader not included).",
        min: -20,
        max: 40,
        default: 0,
    },
    max_items: 60,
    default: &[0, 0],
};
const STEALTH_DIFFICULTY: IntField = IntField {
    name: "difficulty",
    label: "Difficulty",
    help: "Each member's 2d6 + Stealth must equal or beat it.",
    min: -20,
    max: 100,
    default: 8,
};

/// `{"system":"universe","roll":"group_stealth","leader":1,"members":[0,0],"difficulty":8}`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GroupStealth {
    pub leader: i64,
    pub members: Vec<i64>,
    pub difficulty: i64,
}

impl Default for GroupStealth {
    fn default() -> Self {
        Self {
            leader: LEADER.default,
            members: MEMBERS.default.to_vec(),
            difficulty: STEALTH_DIFFICULTY.default,
        }
    }
}

impl GroupStealth {
    fn covered(&self) -> usize {
        self.leader.max(0) as usize
    }
}

impl Kind for GroupStealth {
    const SYSTEM: &'static str = "universe";
    const ROLL: &'static str = "group_stealth";

    fn text() -> KindText {
        KindText {
            name: "Group stealth",
            summary: "Every member makes a Stealth check; a leader who succeeds turns up to \
                      (leader's Stealth) failed teammates into successes. The group succeeds \
                      when no failure remains.",
            rulings: &[],
            contract: true,
            outcome: "Result",
        }
    }

    fn fields(_: &HouseRules) -> Vec<FieldSpec> {
        vec![LEADER.into(), MEMBERS.into(), STEALTH_DIFFICULTY.into()]
    }

    fn validate(&self, _: &HouseRules) -> Result<(), RulesError> {
        LEADER.check(self.leader)?;
        MEMBERS.check(&self.members)?;
        STEALTH_DIFFICULTY.check(self.difficulty)?;
        Ok(())
    }

    fn odds(&self, _: &HouseRules) -> Odds {
        // The number of failed teammates: a Poisson-binomial distribution, built one member at
        // a time (members have different Stealth levels).
        let mut failures = vec![1.0];
        for &level in &self.members {
            let check = skill_total(level);
            let (pass, fail) = (
                check.p_at_least(self.difficulty),
                check.p_below(self.difficulty),
            );
            let mut next = vec![0.0; failures.len() + 1];
            for (k, &p) in failures.iter().enumerate() {
                next[k] += p * pass;
                next[k + 1] += p * fail;
            }
            failures = next;
        }
        let covered: f64 = failures.iter().take(self.covered() + 1).sum();
        let uncovered: f64 = failures.iter().skip(self.covered() + 1).sum();
        let leader = skill_total(self.leader);
        let (leader_ok, leader_fails) = (
            leader.p_at_least(self.difficulty),
            leader.p_below(self.difficulty),
        );
        pass_fail(leader_ok * covered, leader_fails + leader_ok * uncovered)
    }

    fn roll(&self, _: &HouseRules, tray: &mut Tray) -> Rolled {
        tray.aim("Leader");
        let (leader_sum, leader_group) = roll_2d6(tray, "Leader");
        let leader_total = leader_sum + self.leader;
        let leader_ok = leader_total >= self.difficulty;
        let mut groups = vec![leader_group];
        let mut failed = 0;
        for (i, &level) in self.members.iter().enumerate() {
            tray.aim(format!("Teammate {}", i + 1));
            let (sum, group) = roll_2d6(tray, &format!("Teammate {}", i + 1));
            groups.push(group);
            if sum + level < self.difficulty {
                failed += 1;
            }
        }
        let success = leader_ok && failed <= self.covered();
        let how = if !leader_ok {
            "the leader failed, so the group fails".to_string()
        } else if failed == 0 {
            "everyone succeeded".to_string()
        } else if success {
            format!("the leader covers {failed} failed teammate(s)")
        } else {
            format!(
                "{failed} teammates failed, the leader covers only {}",
                self.covered()
            )
        };
        Rolled {
            outcome: pass(success).into(),
            success,
            detail: format!(
                "Leader {leader_total} vs {}, {failed} of {} teammates failed: {how}: {}",
                self.difficulty,
                self.members.len(),
                pass(success)
            ),
            total: None,
            groups,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attack_needs_10_on_d20() {
        let odds = Attack::default().odds(&HouseRules::default());
        assert!((odds.outcomes["fumble"] - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["critical"] - 0.05).abs() < 1e-12);
        // naturals 10..19 hit: 10 faces.
        assert!((odds.outcomes["hit"] - 0.5).abs() < 1e-12);
        assert!((odds.success - 0.55).abs() < 1e-12);
    }

    #[test]
    fn save_natural_20_always_succeeds() {
        let save = Save {
            dc: 40,
            ..Save::default()
        };
        let odds = save.odds(&HouseRules::default());
        assert!((odds.success - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["fate"] - 0.05).abs() < 1e-12);
    }

    #[test]
    fn post_roll_augmentation_costs_four_per_point() {
        let save = AugmentedSave {
            dc: 12,
            pool: 8,
            ..AugmentedSave::default()
        };
        let odds = save.odds(&HouseRules::default());
        // naturals 11 and 10 are turned for 4 and 8; 12..19 succeed, 20 is fate.
        assert!((odds.outcomes["spend_4"] - 0.05).abs() < 1e-12);
        assert!((odds.outcomes["spend_8"] - 0.05).abs() < 1e-12);
        assert!((odds.success - 0.55).abs() < 1e-12);
        assert!((odds.total() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn luck_saves_take_no_hp() {
        let save = AugmentedSave {
            save: SaveType::Luck,
            pool: 4,
            ..AugmentedSave::default()
        };
        assert!(save.validate(&HouseRules::default()).is_err());
    }

    #[test]
    fn failed_leader_fails_the_group() {
        let stealth = GroupStealth {
            leader: 5,
            members: vec![],
            difficulty: 8,
        };
        let odds = stealth.odds(&HouseRules::default());
        assert!((odds.success - skill_total(5).p_at_least(8)).abs() < 1e-12);
    }
}
