//! Running state at the table (issue 6): pure state rules, state in -> action -> new state + events.
//! What every system's table shares lives here; each system's own rules live in its folder
//! (`systems/<name>/`), found here too under the names the other crates use.

mod event;
mod made_roll;
mod move_dice;
mod rulings;

pub use crate::move_ranges as ranges;
pub use crate::systems::d12::chain as d12_chain;
pub use crate::systems::d12::weapons as d12_weapons;
pub use crate::systems::genre::state as genre_state;
pub use crate::systems::marks::state as marks_state;
pub use crate::systems::stunt::tasks as stunt_tasks;
pub use crate::systems::universe::deck as universe_deck;
pub use crate::systems::universe::fate as universe_fate;
pub use crate::systems::universe::moves as universe_moves;
pub use event::Event;
pub use made_roll::MadeRoll;
pub use move_dice::MoveDice;
pub use rulings::{table_rulings, RulingId};
