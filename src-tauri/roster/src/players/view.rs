//! What the players' view is made of: the shapes the players' window and the shared page
//! receive, each field already in words.

use serde::Serialize;
use uuid::Uuid;

use super::health_word::HealthWord;
use crate::model::{HealthShown, System, Timestamp};

/// What the players see of an encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersView {
    /// The encounter's name.
    pub encounter: String,
    pub system: System,
    /// The round of the turn shown (the round before, while hidden participants open a round).
    pub round: u32,
    pub turn: PlayersTurn,
    /// The shown participants, in turn order.
    pub participants: Vec<PlayersParticipant>,
    /// The table's public state in words (cards dealt, the GM's fate cards, a chase's rounds).
    pub table: Vec<PlayersLine>,
    /// Running tasks of shown participants.
    pub tasks: Vec<PlayersTask>,
    /// The last public rolls, newest first (at most [`ROLLS_SHOWN`]).
    pub rolls: Vec<PlayersRoll>,
}

/// How many rolls the view lists.
pub const ROLLS_SHOWN: usize = 6;

/// Whose turn it is, among those shown. A hidden participant's turn is never told: the turn
/// stays with the last shown participant before it (`project`'s `turn`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersTurn {
    /// The shown participant whose turn it is (or was, while a hidden one's runs); `null`
    /// before anyone shown has had one.
    pub current: Option<Uuid>,
    /// The next shown participant after the current turn.
    pub next: Option<Uuid>,
}

/// The side a participant is on, as the players see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlayersSide {
    Pc,
    /// A stored NPC or a quick NPC.
    Npc,
}

/// One shown participant.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersParticipant {
    pub id: Uuid,
    /// Its alias when the GM gave one, else its own name.
    pub name: String,
    pub side: PlayersSide,
    pub current: bool,
    pub next: bool,
    /// `null` for a system that tracks none (genre, marks) or when the GM hides it.
    pub health: Option<PlayersHealth>,
    pub stats: Vec<PlayersLine>,
    pub effects: Vec<PlayersEffect>,
}

/// A participant's health as shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersHealth {
    /// `numbers` or `words` (hidden health is no health at all).
    pub shown: HealthShown,
    /// The track's name in the system ("hp", "health", "HTK").
    pub label: String,
    /// `null` when shown in words.
    pub value: Option<i64>,
    pub max: Option<i64>,
    /// Always there (a bar's colour when shown as numbers).
    pub word: HealthWord,
}

/// A label and its value, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersLine {
    pub label: String,
    pub value: String,
}

/// An effect or condition on a participant, with what is left of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersEffect {
    pub name: String,
    /// "2 turns", "1 week"; `null` for one that lasts until it is removed.
    pub left: Option<String>,
}

/// A running task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersTask {
    pub label: String,
    /// "Extended task", "Doubles Only", …
    pub kind: String,
    /// "3 of 5 marks", "1 of 2 doubles", "Succeeded", …
    pub progress: String,
}

/// A public roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayersRoll {
    /// The roll log entry's id.
    pub id: i64,
    pub at: Timestamp,
    /// The shown name of who rolled (the alias when aliased); `null` for a roll of the table
    /// made for nobody in particular (a chase's length).
    pub who: Option<String>,
    /// The kind of roll, as the catalog names it ("Attack"); a roll typed in dice notation,
    /// its notation as typed ("8d6").
    pub roll: String,
    pub dice: Vec<u32>,
    /// The outcome in words ("Hit", "12").
    pub outcome: String,
    pub success: bool,
    /// The exact chance of success the roll had under the roster's house rules; `null` for a
    /// roll whose odds name no success.
    pub chance: Option<f64>,
    pub by_hand: bool,
}
