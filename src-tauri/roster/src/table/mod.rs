//! The running state of an encounter for its roster's system (issue 6, "At the table"): one
//! table per system, the moves the window and the command line send, and the hooks the
//! encounter calls when participants come and go or a new round starts.
//!
//! The rules themselves live in `rollbook_rules::table`; this layer feeds them what the
//! participants' sheets say and a seed, and hands the store back the new table, what happened
//! (typed events, a ruling named by its `RulingId`, never by words), a new turn order when the
//! rules set one (card initiative), and every roll made — the very roll the rules made — so the
//! store can write it into the roll log in the same transaction as the table action.

mod d12;
mod error;
mod genre;
mod marks;
pub(crate) mod play;
mod stunt;
mod track;
mod universe;
mod view;

use rollbook_rules::table::{Event, MadeRoll, MoveDice};
use rollbook_rules::{HouseRules, RollRequest, RollResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use std::borrow::Cow;

use crate::model::{Character, EncounterState, Participant, System};
use crate::sheet::Sheet;

pub use d12::{D12Encounter, D12Move};
pub use error::TableError;
pub use genre::{GenreEncounter, GenreMove};
pub use marks::{MarksEncounter, MarksMove, RunningTask, TaskKind, TaskPool};
pub use stunt::{StuntEncounter, StuntMove};
pub use track::{Adjustment, Tracked};
pub use universe::{DealBar, UniverseEncounter, UniverseMove};
pub use view::{
    view, view_reads_sheets, CardHolder, D12AttackView, D12WeaponsView, GenrePartView,
    MarksTaskView, PlayerFateView, TableView,
};

/// An encounter's running state for its roster's system (`EncounterState::system_state`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum SystemTable {
    Stunt(StuntEncounter),
    Genre(GenreEncounter),
    /// Boxed: the 54-card deck makes it much larger than the others.
    Universe(Box<UniverseEncounter>),
    Marks(MarksEncounter),
    D12(D12Encounter),
}

/// One move at the table for the encounter's system, e.g.
/// `{"system": "genre", "move": "rest", "participant_id": "…"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum SystemMove {
    Stunt(StuntMove),
    Genre(GenreMove),
    Universe(UniverseMove),
    Marks(MarksMove),
    D12(D12Move),
}

/// One participant as the rules see it: the stored character (sheet, PC or NPC) when it is live
/// in the roster, `None` for a quick-added NPC, a copy or a character gone to the trash; and
/// the numbers the rules read.
#[derive(Debug, Clone)]
pub struct Seat<'a> {
    pub participant: &'a Participant,
    /// What the table writes back to (`SystemRules::sheet_changes`) and takes PC or NPC from.
    pub character: Option<&'a Character>,
    /// The stored character's sheet, or the participant's own numbers (a quick NPC's or a
    /// copy's); `None` when the system's defaults for a quick NPC apply.
    pub sheet: Option<Cow<'a, Sheet>>,
}

impl<'a> Seat<'a> {
    /// The participant's name as a sentence of the table says it: isolated, so that a bidi
    /// control in it (a right-to-left override) reorders nothing around it.
    pub fn name(&self) -> Cow<'a, str> {
        rollbook_rules::text::isolated(&self.participant.name)
    }

    /// `participant` with its character when live in `characters`, reading the participant's
    /// own numbers as a sheet of `system`. A stored sheet that no longer reads (it was checked
    /// when added) leaves the defaults, so one damaged participant never stops the table.
    pub fn of(participant: &'a Participant, system: System, characters: &'a [Character]) -> Self {
        let character = participant
            .character_id
            .and_then(|id| characters.iter().find(|c| c.id == id));
        let sheet = match (character, &participant.sheet) {
            (Some(c), _) => Some(Cow::Borrowed(&c.sheet)),
            (None, Some(value)) => {
                Sheet::read(system, value, "sheet", &mut Vec::new()).map(Cow::Owned)
            }
            (None, None) => None,
        };
        Seat {
            participant,
            character,
            sheet,
        }
    }

    /// The numbers the rules read (see [`Seat::sheet`]).
    pub fn sheet(&self) -> Option<&Sheet> {
        self.sheet.as_deref()
    }
}

/// What a move or hook may read: the encounter (order, round, turn) as it stands, the seats in
/// turn order, the roster's house rules and the move's dice (a fresh seed, or faces rolled at the
/// table and typed in).
#[derive(Debug, Clone)]
pub struct TableContext<'a> {
    pub encounter: &'a EncounterState,
    pub seats: Vec<Seat<'a>>,
    pub house_rules: &'a HouseRules,
    pub dice: &'a MoveDice,
}

impl<'a> TableContext<'a> {
    /// The seat of a participant, or a refusal naming the unknown id.
    pub fn seat(&self, participant_id: Uuid) -> Result<&Seat<'a>, TableError> {
        self.seats
            .iter()
            .find(|s| s.participant.id == participant_id)
            .ok_or(TableError::ParticipantNotFound(participant_id))
    }
}

/// A roll made at the table, for the roll log (with the participant's character when stored).
#[derive(Debug, Clone, PartialEq)]
pub struct TableRoll {
    pub participant_id: Option<Uuid>,
    pub request: RollRequest,
    pub result: RollResult,
}

impl TableRoll {
    /// The roll the rules made, for the roll log as it was made (never rolled again).
    pub fn made(participant_id: Option<Uuid>, made: MadeRoll) -> Self {
        TableRoll {
            participant_id,
            request: made.request,
            result: made.result,
        }
    }
}

/// What a move or hook did.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<T> {
    pub table: T,
    /// A new turn order (every participant once), when the rules set it (card initiative).
    pub order: Option<Vec<Uuid>>,
    /// What happened, one sentence each, a ruling named by its id; the first is the summary.
    pub events: Vec<Event>,
    pub rolls: Vec<TableRoll>,
}

impl<T> Outcome<T> {
    /// The table changed with nothing rolled and the order as it was.
    pub fn said<E: Into<Event>>(table: T, events: Vec<E>) -> Self {
        Outcome {
            table,
            order: None,
            events: events.into_iter().map(Into::into).collect(),
            rolls: Vec::new(),
        }
    }

    fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        Outcome {
            table: f(self.table),
            order: self.order,
            events: self.events,
            rolls: self.rolls,
        }
    }
}

/// The rules of one system's table. Refusals are sentences saying what to change.
pub trait SystemRules: Sized {
    type Move;

    /// The table before anything happened (no participant yet).
    fn empty() -> Self;

    /// The table with a part for every seat (made from the sheet, or defaults for a quick NPC)
    /// and none for participants who left. Called after every action; must not change the parts
    /// of participants who stayed.
    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError>;

    /// One move.
    fn apply(&self, action: &Self::Move, ctx: &TableContext) -> Result<Outcome<Self>, TableError>;

    /// A new round has started (`ctx.encounter.round` is the new number).
    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError>;

    /// What the table would write back onto the participants' sheets (Glory and trackers, fate
    /// cards, health and effects, HTK …): for each stored character's participant, the sheet
    /// fields to replace. Empty for a system that keeps nothing on the sheet.
    fn sheet_changes(&self, _ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        Vec::new()
    }

    /// The roll request a move would make, with everything the table adds to it, so the window
    /// can show exact odds before the GM rolls; `None` for a move that rolls nothing.
    fn preview(
        &self,
        _action: &Self::Move,
        _ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        Ok(None)
    }
}

impl SystemTable {
    /// The empty table of a system.
    pub fn empty(system: System) -> Self {
        match system {
            System::Stunt => SystemTable::Stunt(StuntEncounter::empty()),
            System::Genre => SystemTable::Genre(GenreEncounter::empty()),
            System::Universe => SystemTable::Universe(Box::new(UniverseEncounter::empty())),
            System::Marks => SystemTable::Marks(MarksEncounter::empty()),
            System::D12 => SystemTable::D12(D12Encounter::empty()),
        }
    }

    pub fn system(&self) -> System {
        match self {
            SystemTable::Stunt(_) => System::Stunt,
            SystemTable::Genre(_) => System::Genre,
            SystemTable::Universe(_) => System::Universe,
            SystemTable::Marks(_) => System::Marks,
            SystemTable::D12(_) => System::D12,
        }
    }

    /// See [`SystemRules::sync`].
    pub fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        Ok(match self {
            SystemTable::Stunt(t) => SystemTable::Stunt(t.sync(ctx)?),
            SystemTable::Genre(t) => SystemTable::Genre(t.sync(ctx)?),
            SystemTable::Universe(t) => SystemTable::Universe(Box::new(t.sync(ctx)?)),
            SystemTable::Marks(t) => SystemTable::Marks(t.sync(ctx)?),
            SystemTable::D12(t) => SystemTable::D12(t.sync(ctx)?),
        })
    }

    /// See [`SystemRules::apply`]; a move of another system is refused.
    pub fn apply(
        &self,
        action: &SystemMove,
        ctx: &TableContext,
    ) -> Result<Outcome<Self>, TableError> {
        Ok(match (self, action) {
            (SystemTable::Stunt(t), SystemMove::Stunt(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Stunt)
            }
            (SystemTable::Genre(t), SystemMove::Genre(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Genre)
            }
            (SystemTable::Universe(t), SystemMove::Universe(m)) => {
                t.apply(m, ctx)?.map(|t| SystemTable::Universe(Box::new(t)))
            }
            (SystemTable::Marks(t), SystemMove::Marks(m)) => {
                t.apply(m, ctx)?.map(SystemTable::Marks)
            }
            (SystemTable::D12(t), SystemMove::D12(m)) => t.apply(m, ctx)?.map(SystemTable::D12),
            _ => return Err(self.wrong_system(action)),
        })
    }

    /// See [`SystemRules::preview`]; a move of another system is refused.
    pub fn preview(
        &self,
        action: &SystemMove,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        match (self, action) {
            (SystemTable::Stunt(t), SystemMove::Stunt(m)) => t.preview(m, ctx),
            (SystemTable::Genre(t), SystemMove::Genre(m)) => t.preview(m, ctx),
            (SystemTable::Universe(t), SystemMove::Universe(m)) => t.preview(m, ctx),
            (SystemTable::Marks(t), SystemMove::Marks(m)) => t.preview(m, ctx),
            (SystemTable::D12(t), SystemMove::D12(m)) => t.preview(m, ctx),
            _ => Err(self.wrong_system(action)),
        }
    }

    fn wrong_system(&self, action: &SystemMove) -> TableError {
        TableError::OtherSystem {
            table: self.system(),
            played: action.system(),
        }
    }

    /// See [`SystemRules::sheet_changes`].
    pub fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        match self {
            SystemTable::Stunt(t) => t.sheet_changes(ctx),
            SystemTable::Genre(t) => t.sheet_changes(ctx),
            SystemTable::Universe(t) => t.sheet_changes(ctx),
            SystemTable::Marks(t) => t.sheet_changes(ctx),
            SystemTable::D12(t) => t.sheet_changes(ctx),
        }
    }

    /// See [`SystemRules::new_round`].
    pub fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        Ok(match self {
            SystemTable::Stunt(t) => t.new_round(ctx)?.map(SystemTable::Stunt),
            SystemTable::Genre(t) => t.new_round(ctx)?.map(SystemTable::Genre),
            SystemTable::Universe(t) => t
                .new_round(ctx)?
                .map(|t| SystemTable::Universe(Box::new(t))),
            SystemTable::Marks(t) => t.new_round(ctx)?.map(SystemTable::Marks),
            SystemTable::D12(t) => t.new_round(ctx)?.map(SystemTable::D12),
        })
    }
}

impl SystemMove {
    pub fn system(&self) -> System {
        match self {
            SystemMove::Stunt(_) => System::Stunt,
            SystemMove::Genre(_) => System::Genre,
            SystemMove::Universe(_) => System::Universe,
            SystemMove::Marks(_) => System::Marks,
            SystemMove::D12(_) => System::D12,
        }
    }
}

/// A part for every seat in turn order: the part a participant already has, or a new one made
/// from its seat (its sheet, or a quick NPC's defaults); participants who left lose theirs.
pub(crate) fn seated_parts<P: Clone>(
    parts: &indexmap::IndexMap<Uuid, P>,
    ctx: &TableContext,
    new: impl Fn(&Seat) -> P,
) -> indexmap::IndexMap<Uuid, P> {
    ctx.seats
        .iter()
        .map(|seat| {
            let id = seat.participant.id;
            let part = parts.get(&id).cloned().unwrap_or_else(|| new(seat));
            (id, part)
        })
        .collect()
}

/// Seeds for several actions played at once, each its own stream (so adding an action never
/// changes the dice of the others): the `n`th is `seed + n`, as [`MoveDice::stream`] says.
pub fn nth_seed(seed: u64, n: u64) -> u64 {
    MoveDice::seeded(seed).stream(n)
}
