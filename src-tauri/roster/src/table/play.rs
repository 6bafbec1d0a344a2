//! One table action played on an encounter's state, with nothing read or written: the generic
//! action (participants, order, turn, round) or a move of the roster's system, then the hooks
//! (participants who came or went get or lose their part; a new round runs the system's new-round
//! rule). The store reads what this needs, calls it and writes what it answers in one
//! transaction (`store/encounters.rs`).

use std::borrow::Cow;

use rollbook_rules::table::{Event, MoveDice};
use serde_json::Value;

use crate::error::{Result, RosterError};
use crate::model::encounter::actions::new_round_words;
use crate::model::encounter::JoiningCharacter;
use crate::model::{Character, EncounterState, Roster, System, TableAction};
use crate::sheet::Sheet;

use super::contract::{EncounterStanding, Seat, TableContext, TableRoll};
use super::system_table::SystemTable;

/// The state after an action, what happened, and the rolls to log.
pub(crate) struct Played {
    pub state: EncounterState,
    pub events: Vec<Event>,
    pub rolls: Vec<TableRoll>,
}

/// The table as a move sees it: the seats, the roster's house rules and the dice.
pub(crate) fn context<'a>(
    state: &'a EncounterState,
    roster: &'a Roster,
    characters: &'a [Character],
    dice: &'a MoveDice,
) -> TableContext<'a> {
    TableContext {
        encounter: EncounterStanding { round: state.round },
        seats: Seat::in_turn_order(&state.order, roster.system, characters),
        house_rules: &roster.house_rules,
        dice,
    }
}

/// The system's table as it stands, with a part for every participant. A table of another
/// version of the roster's system from a file (the roster was upgraded while the encounter
/// ran) moves to the roster's version first ([`SystemTable::moved_to`]).
pub(crate) fn current_table(
    state: &EncounterState,
    system: System,
    ctx: &TableContext,
) -> Result<SystemTable> {
    let table = state
        .system_state
        .clone()
        .unwrap_or_else(|| SystemTable::empty(system));
    if table.system() == system {
        return Ok(table.sync(ctx)?);
    }
    match table.moved_to(system, ctx) {
        Some(moved) => Ok(moved.sync(ctx)?),
        None => Err(RosterError::InvalidTableAction(format!(
            "the encounter holds {} state but its roster is {system}",
            table.system()
        ))),
    }
}

/// `add_npcs` with numbers carries them as the whole sheet they make, checked as a sheet is
/// (its limits, its messages, problems at `sheet.…`); a tracker given only its `max` starts
/// full, as a fresh monster does. Any other action is as given.
fn with_npc_sheet_checked<'a>(
    action: &'a TableAction,
    roster: &Roster,
) -> Result<Cow<'a, TableAction>> {
    let TableAction::AddNpcs {
        label,
        count,
        sheet: Some(numbers),
    } = action
    else {
        return Ok(Cow::Borrowed(action));
    };
    if let System::File(file) = roster.system {
        file_tracker_given_as_object(file, numbers)?;
    }
    let mut numbers = numbers.clone();
    if let Some(fields) = numbers.as_object_mut() {
        for tracker in fields.values_mut().filter_map(Value::as_object_mut) {
            if let (Some(max), false) =
                (tracker.get("max").cloned(), tracker.contains_key("current"))
            {
                tracker.insert("current".into(), max);
            }
        }
    }
    let sheet = Sheet::from_json(roster.system, &numbers, &roster.house_rules)
        .map_err(|problems| RosterError::InvalidSheet { problems })?;
    Ok(Cow::Owned(TableAction::AddNpcs {
        label: label.clone(),
        count: *count,
        sheet: Some(sheet.to_value()),
    }))
}

/// A quick NPC's tracker of a system from a file given as `{"max": …}` (the five's form, which
/// `encounter add --help` shows): refused saying how such a tracker is given. Its maximum is
/// worked out from the sheet, so the sheet check's "takes a whole number, not {…}" would
/// name a value the GM never typed.
fn file_tracker_given_as_object(
    file: crate::systems::file::FileSystem,
    numbers: &Value,
) -> Result<()> {
    let Some(fields) = numbers.as_object() else {
        return Ok(());
    };
    for name in fields.iter().filter(|(_, v)| v.is_object()).map(|(n, _)| n) {
        let max = file.file().sheet.iter().find_map(|part| match &part.kind {
            rollbook_rules::system_file::SheetFieldKind::Tracker { max, .. }
                if part.name == *name =>
            {
                Some(max.as_str())
            }
            _ => None,
        });
        if let Some(max) = max {
            return Err(RosterError::InvalidTableAction(format!(
                "`{name}` is a tracker of {}: give its value now as a number (\"{name}\": 12); \
                 its maximum is worked out from the sheet (`{max}`), so give the numbers that \
                 reads",
                file.name()
            )));
        }
    }
    Ok(())
}

/// Plays `action` on `before` with `dice` (pure: the store writes the result). Dice typed in are
/// checked by the caller once every action that reads them is played ([`MoveDice::finish`]).
pub(crate) fn play_on(
    before: &EncounterState,
    action: &TableAction,
    joining: &[JoiningCharacter],
    roster: &Roster,
    characters: &[Character],
    dice: &MoveDice,
) -> Result<Played> {
    let (mut state, mut events, mut rolls) = match action {
        TableAction::System { r#move } => {
            let ctx = context(before, roster, characters, dice);
            let table = current_table(before, roster.system, &ctx)?;
            let outcome = table.apply(r#move, &ctx)?;
            let mut state = before.clone();
            state.system_state = Some(outcome.table);
            if let Some(order) = outcome.order {
                // A move that sets the order deals the round (universe's Deal): the first acts.
                state = state.reordered(order)?;
                state.current = state.order.first().map(|p| p.id);
            }
            (state, outcome.events, outcome.rolls)
        }
        _ => {
            let action = with_npc_sheet_checked(action, roster)?;
            let (state, summary) = before.apply(&action, joining)?;
            (state, vec![Event::said(summary)], Vec::new())
        }
    };
    // Participants who came or went get or lose their part; a new round runs the system's hook.
    let ctx = context(&state, roster, characters, dice);
    let table = current_table(&state, roster.system, &ctx)?;
    let new_round = state.round > before.round && !matches!(action, TableAction::System { .. });
    let table = if new_round {
        let outcome = table.new_round(&ctx)?;
        events.extend(outcome.events);
        rolls.extend(outcome.rolls);
        let table = outcome.table;
        if let Some(order) = outcome.order {
            let mut reordered = state.reordered(order)?;
            reordered.current = reordered.order.first().map(|p| p.id);
            // NextTurn named the first of the old order; the deal's first acts.
            if let (TableAction::NextTurn, Some(first), Some(said)) =
                (action, reordered.order.first(), events.first_mut())
            {
                *said = Event::said(new_round_words(reordered.round, &first.name));
            }
            state = reordered;
        }
        table
    } else {
        table
    };
    state.system_state = Some(table);
    Ok(Played {
        state,
        events,
        rolls,
    })
}

/// Seeds for several actions played at once, each its own stream (so adding an action never
/// changes the dice of the others): the `n`th is `seed + n`, as [`MoveDice::stream`] says.
pub fn nth_seed(seed: u64, n: u64) -> u64 {
    MoveDice::seeded(seed).stream(n)
}
