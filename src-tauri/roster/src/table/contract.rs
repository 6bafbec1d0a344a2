//! What each system's table implements and what it is handed: the seats (each participant with
//! its character and sheet), the round, the house rules and the dice, and what a move answers.

use std::borrow::Cow;

use indexmap::IndexMap;
use rollbook_rules::table::{Event, MadeRoll, MoveDice};
use rollbook_rules::{HouseRules, RollRequest, RollResult};
use serde_json::Value;
use uuid::Uuid;

use super::error::TableError;
use crate::model::{Character, Participant, System};
use crate::sheet::Sheet;

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
    /// The seats of an encounter whose turn order is `order`: each participant with its
    /// character when live in `characters` (the roster's) and its numbers ([`Seat::of`]).
    pub(crate) fn in_turn_order(
        order: &'a [Participant],
        system: System,
        characters: &'a [Character],
    ) -> Vec<Seat<'a>> {
        order
            .iter()
            .map(|participant| Seat::of(participant, system, characters))
            .collect()
    }

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
                // A participant's numbers were kept whole when added: nothing left to start.
                Sheet::read(
                    system,
                    value,
                    &HouseRules::default(),
                    "sheet",
                    &mut Vec::new(),
                )
                .map(Cow::Owned)
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

/// What a move or hook may read: where the encounter stands (its round), the seats in turn
/// order, the roster's house rules and the move's dice (a fresh seed, or faces rolled at the
/// table and typed in).
#[derive(Debug, Clone)]
pub struct TableContext<'a> {
    pub encounter: EncounterStanding,
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

/// What the rules read of the encounter itself (the rest is its seats): the round it is in.
/// Not the whole `EncounterState`, which holds the system's table: the tables' rules would then
/// depend on the state that holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncounterStanding {
    /// Starts at 1; during [`SystemRules::new_round`], the new round's number.
    pub round: u32,
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

    pub(crate) fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
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

    /// The table of `system` before anything happened (no participant yet).
    fn empty(system: System) -> Self;

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

/// A boxed table plays as the table it holds (the universe table is boxed in `SystemTable`).
impl<T: SystemRules> SystemRules for Box<T> {
    type Move = T::Move;

    fn empty(system: System) -> Self {
        Box::new(T::empty(system))
    }

    fn sync(&self, ctx: &TableContext) -> Result<Self, TableError> {
        Ok(Box::new((**self).sync(ctx)?))
    }

    fn apply(&self, action: &Self::Move, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        Ok((**self).apply(action, ctx)?.map(Box::new))
    }

    fn new_round(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        Ok((**self).new_round(ctx)?.map(Box::new))
    }

    fn sheet_changes(&self, ctx: &TableContext) -> Vec<(Uuid, serde_json::Map<String, Value>)> {
        (**self).sheet_changes(ctx)
    }

    fn preview(
        &self,
        action: &Self::Move,
        ctx: &TableContext,
    ) -> Result<Option<RollRequest>, TableError> {
        (**self).preview(action, ctx)
    }
}

/// A part for every seat in turn order: the part a participant already has, or a new one made
/// from its seat (its sheet, or a quick NPC's defaults); participants who left lose theirs.
pub(crate) fn seated_parts<P: Clone>(
    parts: &IndexMap<Uuid, P>,
    ctx: &TableContext,
    new: impl Fn(&Seat) -> P,
) -> IndexMap<Uuid, P> {
    ctx.seats
        .iter()
        .map(|seat| {
            let id = seat.participant.id;
            let part = parts.get(&id).cloned().unwrap_or_else(|| new(seat));
            (id, part)
        })
        .collect()
}
