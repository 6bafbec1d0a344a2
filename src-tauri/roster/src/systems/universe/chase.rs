//! The foot chase: 2d4 rounds of opposed Athletics, counted down by each new round.

use rollbook_rules::table::ranges::{self, MoveRange};
use rollbook_rules::table::universe_moves::{chase_athletics, chase_winner, DEFAULT_MOVE_FEET};

use rollbook_rules::kinds;
use rollbook_rules::table::{Event, RulingId};
use rollbook_rules::RollRequest;
use uuid::Uuid;

use crate::table::{Outcome, TableContext, TableError, TableRoll};

use super::state::*;
use super::words::*;

impl UniverseEncounter {
    /// A runner's Athletics bonus (the rule is `chase_athletics`) from the sheet's Athletics
    /// level and `feet`, within its `range`.
    pub(super) fn athletics(
        &self,
        ctx: &TableContext,
        id: Uuid,
        (feet, range): (Option<i64>, &MoveRange),
    ) -> Result<i64, TableError> {
        self.part(ctx, id)?;
        let feet = TableError::check_range(range, feet.unwrap_or(DEFAULT_MOVE_FEET))?;
        let level = universe_sheet(ctx, id).map_or(0, |s| skill_level(s, "Athletics"));
        Ok(chase_athletics(level, feet))
    }

    /// Opposed Athletics: the first runner's total, then the second's against it (must beat it;
    /// ties win nothing), each an engine skill check on its own seed.
    pub(super) fn chase_round(
        &self,
        ctx: &TableContext,
        runners: [Uuid; 2],
        feet: [Option<i64>; 2],
    ) -> Result<Outcome<Self>, TableError> {
        let Some(chase) = &self.chase else {
            return Err(TableError::stage(
                "no foot chase is under way; start one first",
            ));
        };
        if runners[0] == runners[1] {
            return Err(TableError::invalid(
                "a chase round is between two different runners",
            ));
        }
        for id in runners {
            if !chase.participant_ids.contains(&id) {
                let (_, name) = self.part(ctx, id)?;
                return Err(TableError::invalid(format!("{name} is not in the chase")));
            }
        }
        let bonus = [
            self.athletics(ctx, runners[0], (feet[0], &ranges::UNIVERSE_FIRST_MOVE))?,
            self.athletics(ctx, runners[1], (feet[1], &ranges::UNIVERSE_SECOND_MOVE))?,
        ];
        let names = [self.part(ctx, runners[0])?.1, self.part(ctx, runners[1])?.1];
        let skill = |skill: i64, difficulty: i64| -> Result<RollRequest, TableError> {
            Ok(RollRequest::UniverseSkill(kinds::universe::Skill {
                skill,
                difficulty,
            }))
        };
        let roll = |request: RollRequest, n: u64, id: Uuid| -> Result<TableRoll, TableError> {
            let result = ctx
                .dice
                .roll(&request, ctx.house_rules, n)
                .map_err(TableError::from)?;
            Ok(TableRoll {
                participant_id: Some(id),
                request,
                result,
            })
        };
        let first = roll(skill(bonus[0], 0)?, 0, runners[0])?;
        let first_total = first.result.total.unwrap_or(0);
        let second = roll(skill(bonus[1], first_total + 1)?, 1, runners[1])?;
        let totals = [first_total, second.result.total.unwrap_or(0)];
        let winner = chase_winner(totals);
        let mut next = self.clone();
        let chase = next.chase.as_mut().expect("checked above");
        chase.rounds.push(ChaseRound {
            round: ctx.encounter.round,
            runners,
            totals,
            winner: winner.map(|w| runners[w]),
        });
        let mut events = vec![Event::said(format!(
            "Chase round: {} {} against {} {}: {}.",
            names[0],
            totals[0],
            names[1],
            totals[1],
            match winner {
                Some(w) => format!("{} wins the round and may attack or try to trip", names[w]),
                None => "a tie, nobody wins the round".to_string(),
            }
        ))];
        events.push(Event::roll_detail(format!(
            "{}: {}",
            names[0], first.result.detail
        )));
        events.push(Event::roll_detail(format!(
            "{}: {}",
            names[1], second.result.detail
        )));
        if winner.is_none() {
            events.push(Event::ruling(RulingId::UniverseChaseTies));
        }
        Ok(Outcome {
            table: next,
            order: None,
            events,
            rolls: vec![first, second],
        })
    }
}
