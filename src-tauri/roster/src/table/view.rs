//! What the window shows of a table that the rules compute from it (issue 12: the window renders
//! these and never works them out again): a marks task's dice for its next try after the
//! removals, what the table adds to a genre participant's next action and whether it may Grunt
//! now, how many Damage Dice a d12 attack's damage roll rolls and the weapons each participant
//! attacks with, who holds each universe fate card, what it does and how many each may hold,
//! and whether Deal may be pressed. Computed from the stored table each time an encounter is
//! read (each system's in `systems/<name>/view.rs`); never stored.

use rollbook_rules::table::genre_state::GruntBar;
use rollbook_rules::table::universe_deck::Card;
use rollbook_rules::table::universe_fate::FateEffect;
use serde::Serialize;
use uuid::Uuid;

use super::SystemTable;
use crate::model::{Character, Participant};
use crate::systems::registry::on_each;
use crate::systems::universe::DealBar;

/// The derived values of an encounter's table, by system (`null` for a system without any).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum TableView {
    Genre {
        parts: Vec<GenrePartView>,
    },
    Marks {
        tasks: Vec<MarksTaskView>,
    },
    D12 {
        /// The attack in progress, when there is one.
        attack: Option<D12AttackView>,
        /// The weapons each participant attacks with, in turn order.
        weapons: Vec<D12WeaponsView>,
    },
    Universe {
        /// Every fate card out of the deck's piles (held by players or the GM, or played as a
        /// second initiative entry), with who holds it and what playing it does.
        fate: Vec<FateCardView>,
        /// Every player seated at the fate table, with how many fate cards they may hold.
        players: Vec<PlayerFateView>,
        /// How many negative fate cards the GM may hold (one per player).
        gm_limit: u32,
        /// Why Deal is refused now (`null`: it may be pressed).
        deal_bar: Option<DealBar>,
    },
}

/// What a fate card does for each use, and who holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FateCardView {
    /// The card's code (`QH`, `10S`).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    #[serde(serialize_with = "as_code")]
    pub card: Card,
    pub holder: CardHolder,
    pub attack: FateEffect,
    pub armor_class: FateEffect,
    pub save: FateEffect,
}

/// Where a fate card out of the deck's piles is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "holder", rename_all = "snake_case")]
pub enum CardHolder {
    /// A player holds it as fate.
    Player { participant_id: Uuid },
    /// In the GM's negative fate pool.
    Gm,
    /// Played this round as a second initiative entry.
    SecondEntry,
}

/// A player's fate: Lucky or not, and how many cards they may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerFateView {
    pub participant_id: Uuid,
    pub lucky: bool,
    pub limit: u32,
}

/// The weapons a d12 participant attacks with: the items of its sheet's equipment that RULES.md
/// names as weapons (as the sheet spells them; matched as an attack matches them), then Unarmed,
/// which every character has. A quick NPC with no sheet has Unarmed only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct D12WeaponsView {
    pub participant_id: Uuid,
    pub weapons: Vec<String>,
}

/// What the table adds to a genre participant's next action, and whether it may Grunt, by what
/// else the action is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GenrePartView {
    pub participant_id: Uuid,
    /// The pending Grunt penalty the next action takes (0 or negative).
    pub penalty: i64,
    /// Dice the next action gains (-1 during Bust A Nut's two rounds after its own, else 0).
    pub dice: i64,
    /// Why no Grunt on a plain action (`null`: a Grunt is allowed).
    pub grunt_bar: Option<GruntBar>,
    /// … on an action with Bust A Nut.
    pub grunt_bar_with_bust_a_nut: Option<GruntBar>,
    /// … on an action of patience.
    pub grunt_bar_on_patience: Option<GruntBar>,
}

/// A marks task's next roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MarksTaskView {
    pub task_id: i64,
    /// Penalty dice on the next roll (a task's difficulty plus one per failed attempt).
    pub penalty: i64,
    /// The dice left after the penalty, in RULES.md's removal order:
    /// `[attribute, skill, super, super skill]`.
    pub dice_left: [i64; 4],
    /// The task can be rolled now (not done or over, and dice are left).
    pub rollable: bool,
}

/// The attack in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct D12AttackView {
    /// While the damage roll waits: the Damage Dice it rolls, the weapon's cap applied.
    pub damage_dice_rolled: Option<i64>,
}

fn as_code<S: serde::Serializer>(card: &Card, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(card)
}

/// What each system's table implements (in its folder's `view.rs`) for the window's view of it.
pub(crate) trait ViewedTable {
    /// The derived values of the table in round `round` with turn order `order`; `characters`:
    /// its roster's live characters, whose sheets the participants read. `None` for a system
    /// without any.
    fn view(
        &self,
        round: u32,
        order: &[Participant],
        characters: &[Character],
    ) -> Option<TableView>;

    /// True when [`ViewedTable::view`] reads the participants' sheets.
    fn reads_sheets(&self) -> bool {
        false
    }
}

impl<T: ViewedTable> ViewedTable for Box<T> {
    fn view(
        &self,
        round: u32,
        order: &[Participant],
        characters: &[Character],
    ) -> Option<TableView> {
        (**self).view(round, order, characters)
    }

    fn reads_sheets(&self) -> bool {
        (**self).reads_sheets()
    }
}

/// The derived values of an encounter's `table` in round `round` with turn order `order`;
/// `characters`: its roster's live characters, whose sheets the participants read (only the d12
/// view reads sheets, [`view_reads_sheets`], so a caller may pass none for another system).
pub fn view(
    table: &SystemTable,
    round: u32,
    order: &[Participant],
    characters: &[Character],
) -> Option<TableView> {
    on_each!(SystemTable, table, t => t.view(round, order, characters))
}

/// True when the view of `table` reads the participants' sheets (the store then reads the
/// characters).
pub fn view_reads_sheets(table: &SystemTable) -> bool {
    on_each!(SystemTable, table, t => t.reads_sheets())
}

impl TableView {
    /// The view with a genre table's parts in turn order (`order`, the participants' ids), as
    /// the table keeps them: an undo of an action stored by an earlier build may leave the map
    /// of parts in another order (its patch put a removed key back at the end), and the panels
    /// list the parts as served.
    pub(crate) fn in_turn_order(mut self, order: &[Uuid]) -> Self {
        if let TableView::Genre { parts } = &mut self {
            parts.sort_by_key(|p| order.iter().position(|id| *id == p.participant_id));
        }
        self
    }
}
