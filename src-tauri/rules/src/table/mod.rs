//! Running state at the table (issue 6): pure state rules, state in -> action -> new state + events.

pub mod d12_chain;
pub mod d12_weapons;
pub mod genre_state;
pub mod marks_state;
pub mod ranges;
pub mod stunt_tasks;
pub mod universe_deck;
pub mod universe_fate;
pub mod universe_moves;
