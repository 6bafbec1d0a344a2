//! The running state of an encounter for its roster's system (issue 6, "At the table"): one
//! table per system, the moves the window and the command line send, and the hooks the
//! encounter calls when participants come and go or a new round starts.
//!
//! The rules themselves live in `rollbook_rules::table`; this layer feeds them what the
//! participants' sheets say and a seed, and hands the store back the new table, what happened
//! (typed events, a ruling named by its `RulingId`, never by words), a new turn order when the
//! rules set one (card initiative), and every roll made — the very roll the rules made — so the
//! store can write it into the roll log in the same transaction as the table action.
//!
//! Each system's table is in its folder (`systems/<name>/table.rs`, its view in `view.rs`); here
//! are the contract they implement and `SystemTable`, the one value for the five.

mod contract;
mod error;
pub(crate) mod play;
mod system_table;
pub(crate) mod track;
mod view;

pub(crate) use contract::seated_parts;
pub use contract::{EncounterStanding, Outcome, Seat, SystemRules, TableContext, TableRoll};
pub use error::TableError;
pub use play::nth_seed;
pub use system_table::{SystemMove, SystemTable};
pub use track::{Adjustment, Tracked};
pub use view::{
    view, view_reads_sheets, CardHolder, D12AttackView, D12WeaponsView, GenrePartView,
    MarksTaskView, PlayerFateView, TableView,
};
pub(crate) use view::{FateCardView, ViewedTable};

pub use crate::systems::d12::{D12Encounter, D12Move};
pub use crate::systems::genre::{GenreEncounter, GenreMove};
pub use crate::systems::marks::{MarksEncounter, MarksMove, RunningTask, TaskKind, TaskPool};
pub use crate::systems::stunt::{StuntEncounter, StuntMove};
pub use crate::systems::universe::{DealBar, UniverseEncounter, UniverseMove};
