//! Running state at the table (issue 6): pure state rules, state in -> action -> new state + events.

pub mod d12_chain;
pub mod d12_weapons;
mod event;
pub mod genre_state;
mod made_roll;
pub mod marks_state;
mod move_dice;
pub mod ranges;
mod rulings;
pub mod stunt_tasks;
pub mod universe_deck;
pub mod universe_fate;
pub mod universe_moves;

pub use event::Event;
pub use made_roll::MadeRoll;
pub use move_dice::MoveDice;
pub use rulings::{table_rulings, RulingId};
