//! An encounter at the table: who takes part (stored characters and quick-added NPCs that exist
//! only here), the round, the turn order the GM sets and whose turn it is, and an opaque
//! per-system state the rules engine's table modules fill (universe deck, genre trackers, …).
//!
//! Pure state rules: [`EncounterState::apply`] takes a state and a [`TableAction`] and gives the
//! new state, or refuses with a sentence saying what to change. The store keeps the state after
//! the last action and, with every applied action, the patch back to the state before it
//! (`store/table_history.rs`), so the last one can be undone exactly.

pub(crate) mod actions;
mod state;
#[cfg(test)]
mod tests;

pub use state::*;
