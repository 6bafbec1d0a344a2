//! The universe table's state: each participant's part, the fate table, the save waiting for
//! augmentation, the chase; the moves it takes; and the hits and hand adjustments of hp and Sanity.

use indexmap::IndexMap;
use rollbook_rules::table::universe_deck::{Card, Side};
use rollbook_rules::table::universe_fate::UniverseTable;
use rollbook_rules::table::universe_moves::ChaseLength;
use rollbook_rules::table::Event;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::table::track::{self, Adjustment, Tracked};
use crate::table::{Outcome, TableContext, TableError};

use super::words::*;
use crate::sheet::UniverseSheet;

/// A quick NPC's sheet until the GM says otherwise: the roster format's defaults (AC 10, saves
/// 15, 10 hp and Sanity, no skills).
pub(super) fn npc_sheet() -> UniverseSheet {
    UniverseSheet::default()
}

/// The universe table as the registry holds it: boxed, the 54-card deck makes it much larger
/// than the others.
pub type Table = Box<UniverseEncounter>;

/// One participant's running state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniversePart {
    /// Decides what a joker dealt to them does to fate.
    pub side: Side,
    /// hp and Sanity as they stand at the table (from the sheet when they joined), spent by
    /// augmentation.
    pub hp: i64,
    pub sanity: i64,
    /// "dead" / "unconscious" after a failed sudden-takedown save.
    pub condition: Option<String>,
    /// Fate cards on the sheet that could not be seated (another player holds the same card).
    pub note: Option<String>,
}

/// A save that failed but can still be turned by spending after the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PendingSave {
    pub participant_id: Uuid,
    pub save: SaveKind,
    /// hp or Sanity that turning it costs (4 per +1).
    pub cost: i64,
}

/// A foot chase under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chase {
    pub length: ChaseLength,
    /// Rounds still to run, this one included; the new-round hook counts it down.
    pub rounds_left: u8,
    pub participant_ids: Vec<Uuid>,
    /// Each round's opposed Athletics, in the order played.
    #[serde(default)]
    pub rounds: Vec<ChaseRound>,
}

/// One round of a chase: both totals and who won (nobody on a tie).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChaseRound {
    /// The encounter round it was played in.
    pub round: u32,
    pub runners: [Uuid; 2],
    pub totals: [i64; 2],
    pub winner: Option<Uuid>,
}

/// The running universe state of an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UniverseEncounter {
    /// The deck and every fate card out of it; `None` until someone sits at the table.
    pub table: Option<UniverseTable>,
    pub parts: IndexMap<Uuid, UniversePart>,
    /// The encounter round the cards on the table were dealt for (0: nothing dealt yet).
    pub dealt_round: u32,
    pub pending_save: Option<PendingSave>,
    pub chase: Option<Chase>,
}

/// Why Deal is refused now (the table view serves it, so the window words it and works out
/// nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum DealBar {
    /// This round's cards are dealt already; the next round deals itself.
    Dealt { round: u32 },
    /// Nobody sits at the table yet.
    NobodySeated,
}

impl DealBar {
    pub(super) fn refusal(self) -> TableError {
        match self {
            DealBar::Dealt { round } => TableError::invalid(format!(
                "round {round}'s cards are dealt already; the next round deals again"
            )),
            DealBar::NobodySeated => TableError::stage("add participants before dealing"),
        }
    }
}

impl UniverseEncounter {
    /// Why Deal is refused in `round` (`None`: it may be pressed); `seated`: anybody is in.
    pub fn deal_bar(&self, round: u32, seated: bool) -> Option<DealBar> {
        if self.dealt_round == round {
            Some(DealBar::Dealt { round })
        } else if !seated {
            Some(DealBar::NobodySeated)
        } else {
            None
        }
    }
}

/// Physical, Mental or Luck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SaveKind {
    Physical,
    Mental,
    Luck,
}

/// What a fate card is played for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FatePlay {
    Attack,
    ArmorClass,
    Save,
    SecondInitiative,
}

/// A `universe` move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum UniverseMove {
    /// Deals the current round's initiative (combat starts); later rounds deal themselves.
    Deal,
    /// An NPC's side (hostile or friendly); a PC is always a player.
    SetSide { participant_id: Uuid, side: Side },
    /// A natural 20 was rolled: fate for a PC, negative fate for the GM from a hostile NPC.
    NaturalTwenty { participant_id: Uuid },
    /// Plays a fate card held by `participant_id`, or by the GM when it is absent. A second
    /// initiative entry goes to `combatant_id` (the holder by default; required for the GM).
    UseFate {
        #[serde(default)]
        participant_id: Option<Uuid>,
        card: String,
        #[serde(rename = "use")]
        usage: FatePlay,
        #[serde(default)]
        combatant_id: Option<Uuid>,
    },
    /// A save against the sheet's DC (or `dc`), `before` points of augmentation bought before
    /// the roll (2 hp/Sanity each), an optional fate card played on it.
    Save {
        participant_id: Uuid,
        save: SaveKind,
        #[serde(default)]
        dc: Option<i64>,
        #[serde(default)]
        before: i64,
        #[serde(default)]
        fate_card: Option<String>,
    },
    /// An attack: 1d20 + combat skill + attack bonus against the target's AC (or `ac`), with a
    /// fate card of the attacker's on it and one played by the target (the GM's for a hostile
    /// NPC) on AC. A natural 20 brings fate as `natural_twenty` does.
    Attack {
        attacker_id: Uuid,
        #[serde(default)]
        target_id: Option<Uuid>,
        #[serde(default)]
        ac: Option<i64>,
        #[serde(default)]
        advantage: bool,
        #[serde(default)]
        fate_card: Option<String>,
        #[serde(default)]
        target_fate_card: Option<String>,
    },
    /// Turns the last failed save by spending after the roll (4 hp/Sanity per +1).
    AugmentAfter { participant_id: Uuid },
    /// The attacker hit a completely unguarded target: the target's Physical save at a penalty of
    /// the attacker's combat skill; on a failure the target dies (unconscious if `nonlethal`).
    SuddenTakedown {
        attacker_id: Uuid,
        target_id: Uuid,
        #[serde(default)]
        nonlethal: bool,
    },
    /// Each member's Stealth check; the leader covers failed teammates.
    GroupStealth {
        leader_id: Uuid,
        member_ids: Vec<Uuid>,
        difficulty: i64,
    },
    /// A foot chase of 2d4 rounds (rolled) among these participants.
    StartChase { participant_ids: Vec<Uuid> },
    /// One round of the chase: opposed Athletics (2d6 + Athletics + floor(move / 10)) between
    /// two runners; `*_move_feet` default to 30.
    ChaseRound {
        first_id: Uuid,
        second_id: Uuid,
        #[serde(default)]
        first_move_feet: Option<i64>,
        #[serde(default)]
        second_move_feet: Option<i64>,
    },
    /// The chase ends early (a trip and a failed save, or the GM calls it).
    EndChase,
    /// A hit's damage, typed by the GM (the attack's result offers it): hp down by `points`,
    /// stopping at 0, where the target is mortally wounded.
    Damage { participant_id: Uuid, points: i64 },
    /// hp or Sanity (`track`) changed by hand: `by` (negative to take away) or `to` a number,
    /// one of the two, within 0 and the sheet's max (a quick NPC, with no sheet, up to the
    /// format's limit).
    Adjust(Adjustment),
}

/// True when `card` lies in the draw or discard pile, where a kept fate card is taken from.
pub(super) fn in_piles(table: &UniverseTable, card: Card) -> bool {
    !card.is_joker()
        && table
            .deck
            .draw
            .iter()
            .chain(&table.deck.discard)
            .any(|c| *c == card)
}

/// A part for a new seat: side from the character's kind, hp and Sanity from the sheet.
pub(super) fn part_from(ctx: &TableContext, id: Uuid) -> UniversePart {
    let sheet = universe_sheet(ctx, id).cloned().unwrap_or_else(npc_sheet);
    UniversePart {
        side: if is_pc(ctx, id) {
            Side::Pc
        } else {
            Side::HostileNpc
        },
        hp: sheet.hp.current,
        sanity: sheet.sanity.current,
        condition: None,
        note: None,
    }
}

impl UniverseEncounter {
    /// `points` of damage: hp never below 0 (RULES.md: 0 hp is mortally wounded).
    pub(super) fn damage(
        &self,
        ctx: &TableContext,
        id: Uuid,
        points: i64,
    ) -> Result<Outcome<Self>, TableError> {
        TableError::check_range(
            &rollbook_rules::table::ranges::UNIVERSE_DAMAGE_POINTS,
            points,
        )?;
        let (part, name) = self.part(ctx, id)?;
        let from = part.hp;
        let hp = (from - points).max(0);
        let mut next = self.clone();
        next.parts.get_mut(&id).expect("found above").hp = hp;
        let mut events = vec![Event::said(format!(
            "{name} takes {points} damage: hp {from} → {hp}."
        ))];
        if hp == 0 && from > 0 {
            events.push(Event::said(format!("{name} is at 0 hp: mortally wounded.")));
        }
        Ok(Outcome::said(next, events))
    }

    pub(super) fn adjust(
        &self,
        ctx: &TableContext,
        id: Uuid,
        track: Tracked,
        by: Option<i64>,
        to: Option<i64>,
    ) -> Result<Outcome<Self>, TableError> {
        let (part, name) = self.part(ctx, id)?;
        let sheet = universe_sheet(ctx, id);
        let (from, max) = match track {
            Tracked::Hp => (part.hp, sheet.map_or(crate::sheet::POOL_MAX, |s| s.hp.max)),
            Tracked::Sanity => (
                part.sanity,
                sheet.map_or(crate::sheet::POOL_MAX, |s| s.sanity.max),
            ),
            _ => return Err(track.not_kept("universe", &[Tracked::Hp, Tracked::Sanity])),
        };
        let value = track::adjusted(track, &name, from, by, to, (0, max))?;
        let mut next = self.clone();
        let part = next.parts.get_mut(&id).expect("found above");
        match track {
            Tracked::Hp => part.hp = value,
            _ => part.sanity = value,
        }
        let mut events = vec![Event::said(track::said(track, &name, from, value))];
        if value == 0 && track == Tracked::Hp {
            events.push(Event::said(format!("{name} is at 0 hp: mortally wounded.")));
        }
        Ok(Outcome::said(next, events))
    }
}
