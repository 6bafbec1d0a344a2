//! A file roll kind's exact odds and seeded rolls, from its expressions (issue 31).
//!
//! - [`values`]: a request's fields read into the values the expressions use;
//! - [`lets`]: each let made ready (a dice expression checked, a pool read several ways
//!   at once, [`pool_stats`], or a roll per item of a list, [`each`]), giving its
//!   distribution or a roll;
//! - [`reading`]: the value, target, outcomes and events compiled once ([`Formula`]);
//!   [`named`]: outcomes named as written or spelled from the roll, added up by name;
//! - [`ready`]: both put together over one row of slots, for the odds and the roll alike;
//!   [`made`]: what a let and the reading came to, kept by the values given each reads, for
//!   the requests that follow (`crate::system_file::memo`);
//! - [`exact`]: the value's distribution (a sum of the groups), or every combination of the
//!   groups' values read, its chance the product of theirs; [`tally`]: what they read as,
//!   added up (a reading of `@value` alone a step of values at a time);
//! - [`frontier`]: the lets worked out in order into independent groups of the values still
//!   read, joined only when something reads two; [`sums`]: a sum of groups by convolution;
//! - [`roll`](mod@roll): one roll with the tray's dice, read as the odds read it.
//!
//! [`Formula`]: crate::notation::Formula

mod each;
mod exact;
mod frontier;
mod groups;
mod lets;
mod made;
mod named;
mod pool_stats;
mod reading;
mod ready;
mod roll;
mod sums;
mod tally;
mod values;

#[cfg(test)]
mod tests;

pub(crate) use exact::{checked, odds_of, Checked};
pub use exact::{combinations, odds, MAX_COMBINATIONS};
pub use pool_stats::MAX_POOL_STATES;
pub(crate) use ready::layout;
pub(crate) use roll::roll;
pub use roll::{roll_by_hand, roll_seeded, FileRoll};
