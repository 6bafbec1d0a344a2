//! The players' view of an encounter (issue 14, docs/players-view.md): the **projection** of the
//! table that the players' window and the shared page receive, and nothing else. It is made
//! here, in Rust, from the encounter's state, its seats, the roster's house rules and the public
//! rolls, so nothing downstream filters: a hidden participant, a note, a sheet, a player's name
//! or a secret roll never gets into it.
//!
//! - `health_word.rs`: the health words and their cut-offs;
//! - `health.rs`: the health shown, the default by side, each system's track;
//! - `parts.rs`: each participant's public stats and effects, by system;
//! - `table.rs`: the table's public lines and running tasks, by system;
//! - `rolls.rs`: a logged roll as the players see it (the exact chance it had);
//! - `project.rs`: [`project`], the whole view (who is shown, under which name, the turn);
//! - `view.rs`: [`PlayersView`] and its parts, what the view is made of.
//!
//! `Store::players_view` (store/players.rs) reads what `project` needs.

mod health;
mod health_word;
mod parts;
mod project;
mod rolls;
mod table;
mod view;

pub use health_word::{HealthWord, BLOODIED_AT_MOST};
pub(crate) use parts::{capitalised, line, rounds, ShownToPlayers};
pub use project::{project, Sources};
pub use view::{
    PlayersEffect, PlayersHealth, PlayersLine, PlayersParticipant, PlayersRoll, PlayersSide,
    PlayersTask, PlayersTurn, PlayersView, ROLLS_SHOWN,
};
