//! Encounters of a roster and their table-action log: create, list, play a table action (played
//! by `table::play`, then written with its way back and its rolls in one transaction), undo the
//! last action (`table_history.rs`), soft delete and restore.

use rollbook_rules::table::{Event, MoveDice};
use rollbook_rules::RulesError;
use rusqlite::{params, Connection, OptionalExtension, Row};
use serde::Serialize;
use uuid::Uuid;

use super::damaged_record::DamagedRecord;
use super::encounter_state::{from_stored, stored_value, to_stored};
use super::readable::read_rows;
use super::roll_log::{insert_roll, RollOrigin};
use super::rows::LogEntry;
use super::table_events;
use super::table_history::{self, TableStates};
use super::{character_row, parse_id, CharacterRow, Store, CHARACTER_COLUMNS};
use crate::check::{Check, NAME_MAX};
use crate::error::{Result, RosterError};
use crate::model::encounter::JoiningCharacter;
use crate::model::{
    from_millis, now, Character, Encounter, EncounterState, TableAction, Timestamp,
};
use crate::table::play::{context, current_table, play_on};
use crate::table::{nth_seed, SystemMove, TableError};

/// What one table action did: the encounter after it, its entry in the action log, and the rolls
/// it made (already in the roll log).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TablePlay {
    pub encounter: Encounter,
    pub entry: TableActionEntry,
    pub rolls: Vec<LogEntry>,
}

/// One applied table action, as the action log keeps it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableActionEntry {
    /// Increases with every action (across encounters).
    pub id: i64,
    pub encounter_id: Uuid,
    pub at: Timestamp,
    pub action: TableAction,
    /// What happened ("Added Goon 1, Goon 2", "Round 3"), one event each, a ruling named by
    /// its id; the first says it in short.
    pub events: Vec<Event>,
    /// The events as plain text, one line each, a ruling's as "Ruling: TEXT" (what the
    /// command line prints); for people, never to be read back for a ruling.
    pub summary: String,
    /// Set once the action was undone (the log keeps it).
    pub undone_at: Option<Timestamp>,
}

/// How a table action is played: `seed` makes the dice repeatable (a fresh one when `None`);
/// `secret` logs its rolls as secret (the GM's only, never in the players' view); `dice` are
/// the faces rolled at the table, in the order the actions read them (then `seed` only shuffles
/// cards), refused unless the actions read every one; `cards` the initiative cards dealt from a
/// real deck (universe), one per combatant in turn order, checked against the deck the table
/// tracks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayOptions {
    pub seed: Option<u64>,
    pub secret: bool,
    pub dice: Option<Vec<u32>>,
    pub cards: Option<Vec<String>>,
}

/// A seed alone is the options of a plain play (`None`: a fresh seed).
impl From<Option<u64>> for PlayOptions {
    fn from(seed: Option<u64>) -> Self {
        PlayOptions {
            seed,
            ..PlayOptions::default()
        }
    }
}

/// A participant a table action deals an initiative card to (universe), whose card is typed in
/// when the cards come from a real deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DealtTo {
    pub participant_id: Uuid,
    pub name: String,
}

/// Dice typed in for a table action so far: the dice it reads with them (past the faces given,
/// the fewest still needed) and, once every die is in, what the action would say.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableDiceAsked {
    pub dice: Vec<rollbook_rules::DieAsked>,
    pub given: usize,
    /// Who the action deals an initiative card to, in the order their cards are typed.
    pub dealt_to: Vec<DealtTo>,
    /// Who draws a fate card (a joker dealt, a natural 20), by name ("the GM" for the GM's):
    /// their cards are typed after the deal's, in this order. Known once the deal's cards are.
    pub fate_to: Vec<String>,
    /// What the action would say with these dice; `None` until every die is in.
    pub events: Option<Vec<rollbook_rules::table::Event>>,
}

const ENCOUNTER_COLUMNS: &str = "id, roster_id, state, created_at, updated_at, deleted_at";

impl Store {
    /// Starts an encounter in a roster: round 1, nobody yet.
    pub fn create_encounter(&mut self, roster_id: Uuid, name: &str) -> Result<Encounter> {
        let mut problems = Vec::new();
        Check {
            problems: &mut problems,
        }
        .name("name", name, NAME_MAX);
        if let Some(p) = problems.first() {
            return Err(RosterError::InvalidTableAction(format!(
                "the encounter name {}",
                p.message
            )));
        }
        self.insert_encounter(roster_id, &EncounterState::new(name))
    }

    /// A new encounter of a live roster holding `state` (checked by its maker), with no table
    /// action yet.
    pub(crate) fn insert_encounter(
        &mut self,
        roster_id: Uuid,
        state: &EncounterState,
    ) -> Result<Encounter> {
        let id = Uuid::new_v4();
        self.write(|tx| {
            live_roster(tx, roster_id)?;
            let at = now().as_millisecond();
            tx.execute(
                "INSERT INTO encounters (id, roster_id, state, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)",
                params![id.to_string(), roster_id.to_string(), to_stored(state), at],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }

    /// A roster's encounters not in the trash, oldest first.
    pub fn encounters(&self, roster_id: Uuid) -> Result<Vec<Encounter>> {
        self.roster(roster_id)?;
        query_encounters(
            self.conn(),
            "WHERE roster_id = ?1 AND deleted_at IS NULL",
            roster_id,
        )
    }

    /// A roster's encounters in the trash, most recently deleted first.
    pub fn deleted_encounters(&self, roster_id: Uuid) -> Result<Vec<Encounter>> {
        self.roster(roster_id)?;
        let mut found = query_encounters(
            self.conn(),
            "WHERE roster_id = ?1 AND deleted_at IS NOT NULL",
            roster_id,
        )?;
        found.sort_by_key(|e| std::cmp::Reverse(e.deleted_at));
        Ok(found)
    }

    /// An encounter not in the trash, by id, or by name (any case) within `roster_id` — for the
    /// command line's `encounter NAME`.
    pub fn find_encounter(&self, roster_id: Option<Uuid>, id_or_name: &str) -> Result<Encounter> {
        let wanted = id_or_name.trim();
        if let Ok(id) = Uuid::parse_str(wanted) {
            if let Some(row) = get_encounter(self.conn(), id)? {
                let e = row.into_encounter(self.conn())?;
                if e.deleted_at.is_none() && roster_id.is_none_or(|r| r == e.roster_id) {
                    return Ok(e);
                }
            }
        }
        let Some(roster_id) = roster_id else {
            return Err(RosterError::EncounterNotFound(format!(
                "\"{wanted}\" (name the roster too, or give the encounter's id)"
            )));
        };
        let key = wanted.to_lowercase();
        let mut found: Vec<Encounter> = self
            .encounters(roster_id)?
            .into_iter()
            .filter(|e| e.state.name.to_lowercase() == key)
            .collect();
        match found.len() {
            0 => Err(RosterError::EncounterNotFound(format!(
                "named \"{wanted}\""
            ))),
            1 => Ok(found.remove(0)),
            _ => Err(RosterError::Ambiguous {
                what: "encounter",
                name: wanted.to_string(),
                ids: found.iter().map(|e| e.id.to_string()).collect(),
            }),
        }
    }

    /// One encounter by id (also when it is in the trash).
    pub fn encounter(&self, id: Uuid) -> Result<Encounter> {
        let row = get_encounter(self.conn(), id)?
            .ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
        row.into_encounter(self.conn())
    }

    /// Applies one table action and logs it (what, when, the patch back to the state before) in
    /// the same transaction. A refused action writes nothing.
    pub fn apply_table_action(&mut self, id: Uuid, action: &TableAction) -> Result<Encounter> {
        Ok(self.play(id, action, None)?.encounter)
    }

    /// Plays one table action: a generic one (participants, order, turn, round) and then the
    /// system's hooks (a new round deals cards, spends a round of Bust A Nut, …), or a move of the
    /// roster's system against the participants' sheets. The new state, the action (with the
    /// patch back to the state before) and every roll made go into the database in one
    /// transaction; a refused action writes nothing. `options` (or a seed alone: `Some(7)`,
    /// `None` for a fresh one) say how it rolls: its seed, whether its rolls are secret, the dice
    /// rolled at the table.
    pub fn play(
        &mut self,
        id: Uuid,
        action: &TableAction,
        options: impl Into<PlayOptions>,
    ) -> Result<TablePlay> {
        let mut plays = self.play_all(id, std::slice::from_ref(action), options)?;
        Ok(plays.remove(0))
    }

    /// Plays several table actions one after the other, all or nothing: when one is refused,
    /// none is written. Each is logged as its own action (undo takes them back one by one); the
    /// `n`th rolls with `seed + n`. As [`Store::play`] for `options`: a secret play logs every
    /// roll as secret; dice typed in are read by the actions in turn, and refused with nothing
    /// written unless they read every one.
    pub fn play_all(
        &mut self,
        id: Uuid,
        actions: &[TableAction],
        options: impl Into<PlayOptions>,
    ) -> Result<Vec<TablePlay>> {
        let options = options.into();
        let row = live_encounter(self.conn(), id)?;
        let roster = self.roster(row.roster_id()?)?;
        let characters = self.characters(roster.id)?;
        let seed = options.seed.unwrap_or_else(rollbook_rules::random_seed);
        let typed = match (options.dice.clone(), options.cards.clone()) {
            (None, None) => None,
            (Some(faces), cards) => Some(MoveDice::by_hand(faces, seed).with_cards(cards)),
            (None, cards) => Some(MoveDice::seeded(seed).with_cards(cards)),
        };
        let mut state = row.state()?;
        let mut steps = Vec::with_capacity(actions.len());
        for (n, action) in actions.iter().enumerate() {
            let seeded = MoveDice::seeded(nth_seed(seed, n as u64));
            let joining = joining_characters(self.conn(), roster.id, action)?;
            let played = play_on(
                &state,
                action,
                &joining,
                &roster,
                &characters,
                typed.as_ref().unwrap_or(&seeded),
            )?;
            let before = std::mem::replace(&mut state, played.state.clone());
            steps.push((action, before, played));
        }
        if let Some(typed) = &typed {
            typed.finish().map_err(TableError::Dice)?;
        }
        // Who rolled: the participant's character, looked up before and after (a move may
        // remove), else the participant's own name (a quick NPC), as the table names it.
        let character_of = |before: &EncounterState, after: &EncounterState, p: Option<Uuid>| {
            let p = p.and_then(|p| after.order.iter().chain(&before.order).find(|x| x.id == p))?;
            let character = p
                .character_id
                .and_then(|id| characters.iter().find(|c| c.id == id));
            Some(character.map_or((None, p.name.clone()), |c| (Some(c.id), c.name.clone())))
        };
        let at = now().as_millisecond();
        let written = self.write(|tx| {
            let mut written = Vec::new();
            let mut parent = table_history::last_live_action(tx, id)?;
            for (action, before, played) in &steps {
                let after = stored_value(&played.state);
                tx.execute(
                    "UPDATE encounters SET state = ?2, updated_at = ?3 WHERE id = ?1",
                    params![id.to_string(), after.to_string(), at],
                )?;
                // Undo needs only the way back from this state to the one before (table_history.rs).
                let back = table_history::patch_between(&after, &stored_value(before));
                tx.execute(
                    "INSERT INTO table_actions
                     (encounter_id, at, action, packed_events, parent, back, state_version)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![
                        id.to_string(),
                        at,
                        to_json(action),
                        table_events::pack_events(&played.events),
                        parent,
                        back,
                        table_history::PATCH_VERSION
                    ],
                )?;
                let entry_id = tx.last_insert_rowid();
                parent = Some(entry_id);
                let mut roll_ids = Vec::new();
                for roll in &played.rolls {
                    let character = character_of(before, &played.state, roll.participant_id);
                    roll_ids.push(insert_roll(
                        tx,
                        Some(&roster),
                        character.as_ref().map(|(id, name)| (*id, name.as_str())),
                        &roll.request,
                        &roll.result,
                        &to_json(&roll.result),
                        RollOrigin {
                            secret: options.secret,
                            table_action: Some(entry_id),
                            participant_id: roll.participant_id,
                        },
                    )?);
                }
                written.push((entry_id, roll_ids));
            }
            Ok(written)
        })?;
        // The entries are told from what was just written, not read back: the log of an
        // encounter grows with every action, and reading it all made each action cost its length.
        let encounter = self.encounter(id)?;
        written
            .into_iter()
            .zip(steps)
            .map(|((entry_id, roll_ids), (action, _, played))| {
                Ok(TablePlay {
                    encounter: encounter.clone(),
                    entry: TableActionEntry {
                        id: entry_id,
                        encounter_id: id,
                        at: from_millis(at),
                        action: action.clone(),
                        summary: table_events::summary_of(&played.events),
                        events: played.events,
                        undone_at: None,
                    },
                    rolls: self.log_entries(&roll_ids)?,
                })
            })
            .collect()
    }

    /// The roll request a system move would make, with everything the table adds (for exact odds
    /// before the GM rolls); `None` for a move that rolls nothing. Writes nothing.
    pub fn preview_table_move(
        &self,
        id: Uuid,
        action: &SystemMove,
    ) -> Result<Option<rollbook_rules::RollRequest>> {
        let row = live_encounter(self.conn(), id)?;
        let roster = self.roster(row.roster_id()?)?;
        let state = row.state()?;
        let characters = self.characters(roster.id)?;
        let dice = MoveDice::seeded(0);
        let ctx = context(&state, &roster, &characters, &dice);
        let table = current_table(&state, roster.system, &ctx)?;
        Ok(table.preview(action, &ctx)?)
    }

    /// The dice `action` reads with `faces` typed in so far (past them, the fewest still
    /// needed), who it deals an initiative card to, and what it would say once every die (and,
    /// with `cards`, every card) is in. Writes nothing; refused as playing it would be, and for
    /// faces not on their dice or left over, or cards the deck cannot deal.
    pub fn table_dice_asked(
        &self,
        id: Uuid,
        action: &TableAction,
        faces: &[u32],
        cards: Option<&[String]>,
    ) -> Result<TableDiceAsked> {
        let row = live_encounter(self.conn(), id)?;
        let roster = self.roster(row.roster_id()?)?;
        let state = row.state()?;
        let characters = self.characters(roster.id)?;
        let joining = joining_characters(self.conn(), roster.id, action)?;
        let dice = MoveDice::by_hand(faces.to_vec(), 0).with_cards(cards.map(<[String]>::to_vec));
        let played = play_on(&state, action, &joining, &roster, &characters, &dice)?;
        let (asked, given) = dice.asked();
        let dealt_to: Vec<DealtTo> = dice
            .dealt_to()
            .iter()
            .filter_map(|id| state.order.iter().find(|p| p.id.to_string() == *id))
            .map(|p| DealtTo {
                participant_id: p.id,
                name: p.name.clone(),
            })
            .collect();
        // A deal's jokers are known only once its cards are typed: till then no fate is asked.
        let dealt_known = cards.is_some() || dealt_to.is_empty();
        let fate_to: Vec<String> = match dealt_known {
            true => dice
                .fate_drawn()
                .iter()
                .map(|id| match id.as_str() {
                    "gm" => "the GM".to_string(),
                    id => state
                        .order
                        .iter()
                        .find(|p| p.id.to_string() == id)
                        .map_or_else(|| id.to_string(), |p| p.name.clone()),
                })
                .collect(),
            false => Vec::new(),
        };
        let events = match dice.finish() {
            Ok(()) if dealt_known => Some(played.events),
            Ok(()) | Err(RulesError::DiceMissing { .. } | RulesError::CardsMissing { .. }) => None,
            Err(refused) => return Err(TableError::Dice(refused).into()),
        };
        Ok(TableDiceAsked {
            dice: asked,
            given,
            dealt_to,
            fate_to,
            events,
        })
    }

    /// Puts the encounter back to the state before its last action not yet undone, and marks
    /// that action undone. Repeated, it walks further back.
    pub fn undo_table_action(&mut self, id: Uuid) -> Result<Encounter> {
        self.write(|tx| {
            live_encounter(tx, id)?;
            if table_history::undo_last(tx, id, now().as_millisecond())? {
                Ok(())
            } else {
                Err(RosterError::NoTableActionToUndo)
            }
        })?;
        self.encounter(id)
    }

    /// Every action's state before and after it, oldest first (undone actions too), told again
    /// from the history's patches: for checking undo and for tools, not for the window.
    pub fn table_history(&self, id: Uuid) -> Result<Vec<TableStates>> {
        self.encounter(id)?;
        table_history::states(self.conn(), id)
    }

    /// The encounter's action log, oldest first (undone actions included, marked).
    pub fn table_actions(&self, id: Uuid) -> Result<Vec<TableActionEntry>> {
        self.encounter(id)?;
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, encounter_id, at, action, packed_events, undone_at
             FROM table_actions WHERE encounter_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([id.to_string()], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Vec<u8>>(4)?,
                r.get::<_, Option<i64>>(5)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, encounter_id, at, action, events, undone_at) = row?;
            let events = table_events::unpack_events(&events)?;
            out.push(TableActionEntry {
                id,
                encounter_id: parse_id(&encounter_id)?,
                at: from_millis(at),
                action: from_json(&action, "table action")?,
                summary: table_events::summary_of(&events),
                events,
                undone_at: undone_at.map(from_millis),
            });
        }
        Ok(out)
    }

    /// Moves an encounter to the trash (its log goes with it).
    pub fn delete_encounter(&mut self, id: Uuid) -> Result<Encounter> {
        self.write(|tx| {
            live_encounter(tx, id)?;
            tx.execute(
                "UPDATE encounters SET deleted_at = ?2 WHERE id = ?1",
                params![id.to_string(), now().as_millisecond()],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }

    /// Takes an encounter out of the trash (its roster must not be in the trash).
    pub fn restore_encounter(&mut self, id: Uuid) -> Result<Encounter> {
        self.write(|tx| {
            let row = get_encounter(tx, id)?
                .ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
            live_roster(tx, row.roster_id()?)?;
            tx.execute(
                "UPDATE encounters SET deleted_at = NULL WHERE id = ?1",
                [id.to_string()],
            )?;
            Ok(())
        })?;
        self.encounter(id)
    }
}

/// An encounter row as stored (the state not yet parsed).
struct EncounterRow {
    id: String,
    roster_id: String,
    state: String,
    created_at: i64,
    updated_at: i64,
    deleted_at: Option<i64>,
}

fn encounter_row(r: &Row) -> rusqlite::Result<EncounterRow> {
    Ok(EncounterRow {
        id: r.get(0)?,
        roster_id: r.get(1)?,
        state: r.get(2)?,
        created_at: r.get(3)?,
        updated_at: r.get(4)?,
        deleted_at: r.get(5)?,
    })
}

impl EncounterRow {
    fn roster_id(&self) -> Result<Uuid> {
        parse_id(&self.roster_id)
    }

    fn state(&self) -> Result<EncounterState> {
        from_stored(&self.state, "state")
    }

    fn into_encounter(self, conn: &Connection) -> Result<Encounter> {
        let roster_id = self.roster_id()?;
        let state = self.state()?;
        let present = live_character_ids(conn, roster_id)?;
        let absent = state
            .order
            .iter()
            .filter(|p| p.character_id.is_some_and(|c| !present.contains(&c)))
            .map(|p| p.id)
            .collect();
        let view = match &state.system_state {
            Some(table) => {
                let characters = match crate::table::view_reads_sheets(table) {
                    true => seated_characters(conn, &state)?,
                    false => Vec::new(),
                };
                crate::table::view(table, state.round, &state.order, &characters)
            }
            None => None,
        };
        Ok(Encounter {
            id: parse_id(&self.id)?,
            roster_id,
            view,
            state,
            absent,
            created_at: from_millis(self.created_at),
            updated_at: from_millis(self.updated_at),
            deleted_at: self.deleted_at.map(from_millis),
        })
    }
}

fn get_encounter(conn: &Connection, id: Uuid) -> Result<Option<EncounterRow>> {
    Ok(conn
        .query_row(
            &format!("SELECT {ENCOUNTER_COLUMNS} FROM encounters WHERE id = ?1"),
            [id.to_string()],
            encounter_row,
        )
        .optional()?)
}

/// The encounters deleted one by one (those of a roster in the trash go with it), most recently
/// deleted first, that read; and the refusal of each whose stored state does not, naming it
/// (`damaged_record`) or saying it is a newer Rollbook's.
pub(super) fn trashed_encounters(conn: &Connection) -> Result<(Vec<Encounter>, Vec<RosterError>)> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENCOUNTER_COLUMNS} FROM encounters
         WHERE deleted_at IS NOT NULL
           AND roster_id IN (SELECT id FROM rosters WHERE deleted_at IS NULL)
         ORDER BY deleted_at DESC, id"
    ))?;
    let rows = stmt.query_map([], encounter_row)?;
    let (mut read, mut damaged) = (Vec::new(), Vec::new());
    for row in rows {
        let row = row?;
        let named = (row.id.clone(), row.roster_id.clone(), row.state.clone());
        match row.into_encounter(conn) {
            Ok(encounter) => read.push(encounter),
            Err(RosterError::EncounterStateUnreadable { what, detail }) => {
                let (id, roster, state) = &named;
                let record = DamagedRecord::encounter(
                    conn,
                    (id, roster, state),
                    format!("its {what}: {detail}"),
                );
                damaged.push(record.refused(conn));
            }
            // Saved by a newer Rollbook: not damaged, and it hides nothing else of the trash.
            Err(newer @ RosterError::EncounterStateNewer { .. }) => damaged.push(newer),
            Err(other) => return Err(other),
        }
    }
    Ok((read, damaged))
}

fn query_encounters(conn: &Connection, filter: &str, roster_id: Uuid) -> Result<Vec<Encounter>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENCOUNTER_COLUMNS} FROM encounters {filter} ORDER BY created_at, id"
    ))?;
    let rows = stmt.query_map([roster_id.to_string()], encounter_row)?;
    let mut out = Vec::new();
    for row in rows {
        out.push(row?.into_encounter(conn)?);
    }
    Ok(out)
}

/// The encounter, refused when it or its roster is in the trash.
fn live_encounter(conn: &Connection, id: Uuid) -> Result<EncounterRow> {
    let row =
        get_encounter(conn, id)?.ok_or_else(|| RosterError::EncounterNotFound(id.to_string()))?;
    if row.deleted_at.is_some() {
        return Err(RosterError::InTrash {
            what: "encounter",
            name: row.state()?.name,
        });
    }
    live_roster(conn, row.roster_id()?)?;
    Ok(row)
}

/// A live encounter's roster, state and creation time (Unix milliseconds); refused as
/// [`live_encounter`] refuses.
pub(super) fn live_encounter_state(
    conn: &Connection,
    id: Uuid,
) -> Result<(Uuid, EncounterState, i64)> {
    let row = live_encounter(conn, id)?;
    Ok((row.roster_id()?, row.state()?, row.created_at))
}

fn live_roster(conn: &Connection, id: Uuid) -> Result<()> {
    let found: Option<(String, Option<i64>)> = conn
        .query_row(
            "SELECT name, deleted_at FROM rosters WHERE id = ?1",
            [id.to_string()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match found {
        None => Err(RosterError::RosterNotFound(id.to_string())),
        Some((name, Some(_))) => Err(RosterError::InTrash {
            what: "roster",
            name,
        }),
        Some((_, None)) => Ok(()),
    }
}

/// The characters `action` adds (none but for `add_characters` and `add_copies`, which also
/// reads the sheet it copies): each must be in the roster and out of the trash.
fn joining_characters(
    conn: &Connection,
    roster_id: Uuid,
    action: &TableAction,
) -> Result<Vec<JoiningCharacter>> {
    let (ids, copies) = match action {
        TableAction::AddCharacters { character_ids } => (character_ids.as_slice(), false),
        TableAction::AddCopies { character_id, .. } => (std::slice::from_ref(character_id), true),
        _ => return Ok(Vec::new()),
    };
    let mut out = Vec::new();
    for &id in ids {
        let found: Option<(String, String, Option<i64>, String)> = conn
            .query_row(
                "SELECT roster_id, name, deleted_at, sheet FROM characters WHERE id = ?1",
                [id.to_string()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?;
        match found {
            Some((roster, name, None, sheet)) if roster == roster_id.to_string() => {
                let sheet = match copies {
                    true => Some(serde_json::from_str(&sheet).map_err(|e| {
                        super::corrupt(format!("the sheet of {name} does not read: {e}"))
                    })?),
                    false => None,
                };
                out.push(JoiningCharacter { id, name, sheet });
            }
            Some((roster, name, None, _)) if roster != roster_id.to_string() => {
                return Err(RosterError::InvalidTableAction(format!(
                    "{name} belongs to another roster; only this roster's characters can join"
                )));
            }
            Some((_, name, _, _)) => {
                return Err(RosterError::InTrash {
                    what: "character",
                    name,
                })
            }
            None => return Err(RosterError::CharacterNotFound(id.to_string())),
        }
    }
    Ok(out)
}

/// The live characters the encounter's participants are (one indexed read each, not the
/// roster's), those that read: a damaged one leaves its participant with no sheet in the view,
/// as a quick NPC, and the encounter still reads.
fn seated_characters(conn: &Connection, state: &EncounterState) -> Result<Vec<Character>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CHARACTER_COLUMNS} FROM characters c JOIN rosters r ON r.id = c.roster_id
         WHERE c.id = ?1 AND c.deleted_at IS NULL"
    ))?;
    let mut out = Vec::new();
    for id in state.order.iter().filter_map(|p| p.character_id) {
        let rows = stmt.query_map([id.to_string()], character_row)?;
        out.extend(read_rows(rows, CharacterRow::read)?.into_iter().flatten());
    }
    Ok(out)
}

fn live_character_ids(conn: &Connection, roster_id: Uuid) -> Result<Vec<Uuid>> {
    let mut stmt = conn
        .prepare_cached("SELECT id FROM characters WHERE roster_id = ?1 AND deleted_at IS NULL")?;
    let rows = stmt.query_map([roster_id.to_string()], |r| r.get::<_, String>(0))?;
    let mut out = Vec::new();
    for id in rows {
        out.push(parse_id(&id?)?);
    }
    Ok(out)
}

fn to_json<T: Serialize>(value: &T) -> String {
    // Plain data (strings, numbers, uuids, JSON values): serialising cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

fn from_json<T: serde::de::DeserializeOwned>(json: &str, what: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|e| RosterError::EncounterStateUnreadable {
        what: what.to_string(),
        detail: e.to_string(),
    })
}
