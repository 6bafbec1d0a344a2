//! Playing at an encounter's table: a table action played by `table::play`, then written with
//! its way back and its rolls in one transaction; what a move would roll, and the dice it asks
//! for, without writing; undoing the last action (`table_history.rs`) and reading the action log.

use rollbook_rules::table::{Event, MoveDice};
use rollbook_rules::RulesError;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use uuid::Uuid;

use super::corrupt::parse_id;
use super::encounter_state::stored_value;
use super::encounters::live_encounter;
use super::handle::Store;
use super::roll_log::{insert_roll, RollOrigin};
use super::rows::LogEntry;
use super::table_events;
use super::table_history::{self, TableStates};
use crate::error::{Result, RosterError};
use crate::model::encounter::JoiningCharacter;
use crate::model::{from_millis, now, Encounter, EncounterState, TableAction, Timestamp};
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

impl Store {
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
