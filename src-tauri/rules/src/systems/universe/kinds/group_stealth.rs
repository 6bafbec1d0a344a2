//! `group_stealth`: the leader's 2d6 check, and each teammate covered by one of their own.

use serde::{Deserialize, Serialize};

use super::dice::{pass, pass_fail, roll_2d6, skill_total};
use crate::answer::{Odds, Rolled};
use crate::kind::Kind;
use crate::spec::{FieldSpec, IntField, IntListField, KindText};
use crate::tray::Tray;
use crate::{HouseRules, RulesError};

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
