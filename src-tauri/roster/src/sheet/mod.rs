//! The five typed character sheets of FORMAT.md and their validation per RULES.md. Each system's
//! sheet lives in its folder (`systems/<name>/sheet.rs`); here are what they share and
//! [`Sheet`], the one value for the five.
//!
//! A [`Sheet`] serialises as the bare sheet object of the file format (the system comes from the
//! roster). Every struct refuses unknown fields; every field not given takes the blank sheet's
//! value, so a hand-written file may leave out what it does not care about. Validation reports every
//! problem with its JSON path, e.g. `sheet.abilities[1].ranks: 5 is over the limit of 4`.

mod contract;
pub(crate) mod derived;
mod of_system;
mod parts;
mod rating;
pub(crate) mod reading;
mod report;
mod roll;

pub(crate) use contract::{SystemSheet, Unfitted};
pub(crate) use derived::count;
pub use derived::Derived;
pub use of_system::Sheet;
pub(crate) use parts::{check_keys, check_names};
pub use parts::{Leveled, Ranked, Track};
pub use rating::{Rating, RatingValue};
pub use report::SheetReport;
pub use roll::{pick_roll, SheetRoll};

pub use crate::systems::d12::{Condition, ConditionKind, D12Ability, D12Sheet, Defense, Effect};
pub use crate::systems::genre::{GenreSheet, GenreSkill, GenreTrackers, GENRE_ATTRIBUTES};
pub use crate::systems::marks::{MarksSheet, MarksSkill, MARKS_ATTRIBUTES};
pub use crate::systems::stunt::{StuntAbility, StuntSheet, STUNT_BASESTATS};
pub(crate) use crate::systems::universe::POOL_MAX;
pub use crate::systems::universe::{is_card, Saves, UniverseSheet};
