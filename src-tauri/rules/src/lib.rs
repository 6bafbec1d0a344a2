//! # rollbook-rules
//!
//! The dice engine of Rollbook: the five rules systems of `RULES.md`, seeded rolls and **exact**
//! odds. Pure: no I/O, no clock, no global state.
//!
//! A roll request is the JSON object of RULES.md's "Roll requests" section:
//!
//! ```
//! let request = rollbook_rules::parse_request(
//!     r#"{"system":"d12","roll":"straight","ranks":1,"difficulty":12}"#,
//! ).unwrap();
//! let odds = rollbook_rules::odds(&request).unwrap();
//! assert!((odds.success - 0.6875).abs() < 1e-12);
//! let roll = rollbook_rules::roll(&request, 42).unwrap();
//! assert_eq!(roll, rollbook_rules::roll(&request, 42).unwrap()); // same seed, same dice
//! ```
//!
//! ## Kinds
//! The contract's kinds: `stunt` `check`, `doubles`, `double_six`; `genre` `action`; `universe`
//! `skill`, `attack`, `save`, `group_stealth`; `marks` `pool`; `d12` `straight`, `opposed`.
//! The table extras, with the same request / odds / roll shape:
//! - `stunt` `damage` — `NdS+K` summed (default Minor Damage, 6d6; a roster's Minor Damage is its
//!   house rule `minor_damage_dice`); `success` = P(total >= `htk`).
//! - `genre` `action` with `grunt` (+1..+3) or `bust_a_nut` (+1 die) applied.
//! - `universe` `augmented_save` — a save with hp/Sanity bought before the roll (2 per +1) and the
//!   cost of turning a failure after it (4 per +1): outcomes `fate`, `success`, `spend_N`, `failure`.
//! - `marks` `extended` — P of reaching the Mark Plateau within `max_steps` (never before
//!   `min_steps`): outcomes are the step it completes on, or `failure`.
//! - `marks` `contested` — attacker vs defender pools: outcomes are the margin, ties to the defender.
//! - `d12` `damage` — the damage roll (base + min(Damage Dice, cap) d12) vs Toughness / Will Power:
//!   outcomes are the table row reached; `events.all_ones` = P(the defence shows only natural 1s).
//!
//! Every kind's fields, ranges, defaults and rulings are in [`catalog`], which the front end uses to
//! build its forms.
//!
//! ## How the odds are exact
//! Each die is a small [`Dist`]; pools are convolutions; keep-highest pools are counted by face
//! class with multinomial weights; re-roll chains are folded into a finite distribution whose
//! remainder below 1e-12 goes to the last bucket. Nothing enumerates `sides^dice` faces.

mod answer;
mod app_limits;
mod catalog;
mod compare;
mod dice;
mod die_asked;
mod dist;
mod engine;
mod error;
mod house_rules;
mod kind;
pub mod move_ranges;
pub mod notation;
mod outcome_order;
mod plan;
mod request;
pub mod sheet_limits;
mod spec;
pub mod standing;
pub mod strict_json;
mod system;
pub mod system_file;
mod systems;
pub mod table;
pub mod text;
mod tray;
mod work;

pub use answer::{DiceGroup, DieState, Keyed, Odds, RollResult, RolledDie};
pub use app_limits::{
    grouped, Limits, TextLimits, MAX_BATCH_WORK, MAX_CHARACTERS, MAX_RECORD_BYTES, MAX_REQUESTS,
    MAX_REQUEST_BYTES, MAX_ROSTERS, MAX_SAVED_ROLLS,
};
pub use catalog::{catalog, catalog_with, Catalog, SystemSpec};
pub use compare::{odds_varied, varied_requests};
pub use dice::{dice_asked, roll_by_hand, roll_dice, Dice, DieAsked, HandProgress};
pub use dist::{reroll_chain, Dist, TAIL_CUTOFF};
pub use engine::{check_odds, odds, odds_with, roll, roll_with};
pub use error::RulesError;
pub use house_rules::{
    ruled_target, HouseRuleNumber, HouseRules, StuntChart, DEFAULT_LEVELS, HOUSE_RULE_NUMBERS,
    MINOR_DAMAGE_DICE, MISS_MARGIN,
};
pub use plan::{
    PlanAlternative, PlanAnswer, PlanId, PlanMeasure, PlanNeed, PlanRequest, PlanRole, PlanRoll,
    PlanSpec,
};
pub use request::{
    is_notation_system, parse_batch, parse_request, plan_specs, request_from_value, Batch,
    RollRequest,
};
pub use spec::{
    Alternative, CompareSpec, CompareValue, FieldKind, FieldSpec, KindSpec, Pick, MAX_POOL,
};
pub use systems::d12::{damage_dice_for, DamageRow, DAMAGE_TABLE, LIMBS};
pub use systems::universe::plans::odds_plan;
pub use tray::{random_seed, MAX_PORTABLE_SEED};
pub use work::check_work;

/// Each roll kind's fields as a typed value, for code that builds a request (the table layer)
/// rather than writing its JSON and parsing it back:
/// `RollRequest::UniverseSkill(kinds::universe::Skill { skill: 2, difficulty: 9 })`.
/// Such a request is checked like any other when it is rolled or its odds are asked for.
pub mod kinds {
    pub mod stunt {
        pub use crate::systems::stunt::{Check, Damage, DoubleSix, Doubles};
    }
    pub mod universe {
        pub use crate::systems::universe::{
            Attack, AugmentedSave, GroupStealth, Save, SaveType, Skill,
        };
    }
    pub mod dice {
        pub use crate::systems::dice::{comparisons, value_fields, Expr};
    }
}
