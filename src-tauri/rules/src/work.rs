//! What a request's odds cost, told before they are worked out, so that a batch whose total is
//! over [`crate::MAX_BATCH_WORK`] is refused before anything is computed (issue 28: 3,000 copies
//! of one heavy request took 40 s and 2.7 GB; 100,000 would have taken half an hour).
//!
//! A unit is about a microsecond of the 2-core machine of the README's performance section.
//! Each estimate is the outcomes its answer lists at most (each costs about that much to write)
//! plus what the engine's loops do for that kind, fitted from above to the times measured there
//! at a few sizes (`scripts/bench.sh` prints the time of the largest batch the bound accepts).
//! `tests/work.rs` holds every estimate above the answer's real size.

use crate::app_limits::MAX_BATCH_WORK;
use crate::request::RollRequest;
use crate::systems::{d12, genre, stunt, universe};
use crate::RulesError;

/// The total work of a batch of valid requests, refused over [`MAX_BATCH_WORK`] (code
/// `too_much_work`, naming the limit) before any is worked out.
pub fn check_work(requests: &[RollRequest]) -> Result<u64, RulesError> {
    let work = requests
        .iter()
        .fold(0u64, |sum, r| sum.saturating_add(r.work()));
    if work > MAX_BATCH_WORK {
        return Err(RulesError::TooMuchWork {
            requests: requests.len(),
            work,
            limit: MAX_BATCH_WORK,
        });
    }
    Ok(work)
}

/// Dice (or a count) from a validated field: never negative.
fn n(value: i64) -> u64 {
    value.max(0) as u64
}

impl RollRequest {
    /// The work of this request's odds, in units of about a microsecond (see the module); the
    /// request is expected to be valid (its fields within their ranges).
    pub fn work(&self) -> u64 {
        let (outcomes, engine) = match self {
            RollRequest::StuntDamage(stunt::Damage { dice, sides, .. }) => {
                // Convolving the dice: the last squaring dominates.
                let totals = n(*dice) * n(*sides);
                (n(*dice) * n(sides - 1) + 3, totals * totals / 4_000)
            }
            RollRequest::GenreAction(genre::Action {
                dice, difficulty, ..
            }) => (2 * (n(*dice) + n(*difficulty)) + 40, 10 * n(*dice)),
            RollRequest::MarksPool(pool) => {
                let dice = marks_dice(&[
                    pool.attribute_dice,
                    pool.skill_dice,
                    pool.super_dice,
                    pool.super_skill_dice,
                ]);
                (2 * dice + 20, marks_engine(dice))
            }
            RollRequest::MarksContested(c) => {
                let own = marks_dice(&[
                    c.attribute_dice,
                    c.skill_dice,
                    c.super_dice,
                    c.super_skill_dice,
                ]);
                let theirs = marks_dice(&[
                    c.defender_attribute_dice,
                    c.defender_skill_dice,
                    c.defender_super_dice,
                    c.defender_super_skill_dice,
                ]);
                (
                    2 * (own + theirs) + 40,
                    marks_engine(own) + marks_engine(theirs),
                )
            }
            RollRequest::MarksExtended(e) => {
                let dice = marks_dice(&[
                    e.attribute_dice,
                    e.skill_dice,
                    e.super_dice,
                    e.super_skill_dice,
                ]);
                // Every step walks every total short of the plateau (fewer steps when it is
                // reached early: this is the most).
                (
                    n(e.max_steps) + 2,
                    marks_engine(dice) + n(e.max_steps) * n(e.plateau) / 60,
                )
            }
            RollRequest::D12Straight(d12::Straight {
                ranks, extra_dice, ..
            }) => {
                let dice = n(*ranks) + n(*extra_dice);
                (24 * (dice + 1) + 8, 30 * dice)
            }
            RollRequest::D12Opposed(o) => {
                let dice = n(o.attacker_ranks)
                    + n(o.attacker_extra_dice)
                    + n(o.defender_ranks)
                    + n(o.defender_extra_dice);
                (16, 10 * dice)
            }
            RollRequest::D12Damage(d12::Damage {
                damage_dice,
                defender_ranks,
                defender_extra_dice,
                ..
            }) => (
                16,
                10 * (n(*defender_ranks) + n(*defender_extra_dice) + n(*damage_dice)),
            ),
            RollRequest::UniverseAugmentedSave(universe::AugmentedSave { before, .. }) => {
                (n(*before) + 16, 0)
            }
            RollRequest::StuntCheck(_)
            | RollRequest::StuntDoubles(_)
            | RollRequest::StuntDoubleSix(_)
            | RollRequest::UniverseSkill(_)
            | RollRequest::UniverseAttack(_)
            | RollRequest::UniverseSave(_)
            | RollRequest::UniverseGroupStealth(_) => (16, 0),
            // A typed expression's check bounds its steps (a few nanoseconds each) before
            // anything is worked out; a thousand steps make about a microsecond.
            RollRequest::File(f) => (0, f.work()),
            RollRequest::DiceExpr(e) => e.checked().map_or((16, 0), |x| {
                let (steps, values) = x.cost();
                (values as u64 + 16, steps as u64 / 1000)
            }),
        };
        outcomes + engine
    }
}

fn marks_dice(dice: &[i64]) -> u64 {
    dice.iter().map(|&d| n(d)).sum()
}

/// A marks pool's distribution: the classes of its sub-pools, cubic in the dice.
fn marks_engine(dice: u64) -> u64 {
    50 + dice * dice * dice / 300
}
