//! What the window shows of a table that the rules compute from it (issue 12: the window renders
//! these and never works them out again): a marks task's dice for its next try after the
//! removals, what the table adds to a genre participant's next action and whether it may Grunt
//! now, how many Damage Dice a d12 attack's damage roll rolls and the weapons each participant
//! attacks with, who holds each universe fate card, what it does and how many each may hold,
//! and whether Deal may be pressed. Computed from the stored table each time an encounter is
//! read; never stored.

use rollbook_rules::table::d12_weapons::{carried, UNARMED};
use rollbook_rules::table::genre_state::{ActionPlan, GruntBar};
use rollbook_rules::table::universe_deck::Card;
use rollbook_rules::table::universe_fate::{effect_of, FateEffect, FateUse};
use serde::Serialize;
use uuid::Uuid;

use super::marks::TaskKind;
use super::universe::DealBar;
use super::{D12Encounter, GenreEncounter, MarksEncounter, Seat, SystemTable, UniverseEncounter};
use crate::model::{Character, Participant};
use crate::sheet::Sheet;

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

fn as_code<S: serde::Serializer>(card: &Card, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(card)
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

/// The derived values of an encounter's `table` in round `round` with turn order `order`;
/// `characters`: its roster's live characters, whose sheets the participants read (only the d12
/// view reads sheets, [`view_reads_sheets`], so a caller may pass none for another system).
pub fn view(
    table: &SystemTable,
    round: u32,
    order: &[Participant],
    characters: &[Character],
) -> Option<TableView> {
    match table {
        // Parts in turn order: a history written by an earlier build may keep them otherwise.
        SystemTable::Genre(t) => {
            let order: Vec<Uuid> = order.iter().map(|p| p.id).collect();
            Some(genre(t).in_turn_order(&order))
        }
        SystemTable::Marks(t) => Some(marks(t)),
        SystemTable::D12(t) => Some(d12(
            t,
            &Seat::in_turn_order(order, table.system(), characters),
        )),
        SystemTable::Universe(t) => Some(universe(t, round, !order.is_empty())),
        SystemTable::Stunt(_) => None,
    }
}

/// True when the view of `table` reads the participants' sheets (the store then reads the
/// characters).
pub fn view_reads_sheets(table: &SystemTable) -> bool {
    matches!(table, SystemTable::D12(_))
}

fn genre(table: &GenreEncounter) -> TableView {
    let parts = table
        .parts
        .iter()
        .map(|(&participant_id, part)| {
            let bar = |plan: ActionPlan| part.state.grunt_bar(&part.character, &plan);
            // A state that does not validate adds nothing (any action on it is refused anyway).
            let next = part
                .state
                .modifiers(&part.character, &ActionPlan::default())
                .unwrap_or_default();
            GenrePartView {
                participant_id,
                penalty: next.penalty,
                dice: next.dice,
                grunt_bar: bar(ActionPlan::default()),
                grunt_bar_with_bust_a_nut: bar(ActionPlan {
                    bust_a_nut: true,
                    ..ActionPlan::default()
                }),
                grunt_bar_on_patience: bar(ActionPlan {
                    patience: true,
                    ..ActionPlan::default()
                }),
            }
        })
        .collect();
    TableView::Genre { parts }
}

fn marks(table: &MarksEncounter) -> TableView {
    let tasks = table
        .tasks
        .iter()
        .map(|running| match &running.kind {
            TaskKind::Task { task, .. } => MarksTaskView {
                task_id: running.id,
                penalty: task.penalty(),
                dice_left: task.dice_left(),
                rollable: task.ready().is_ok(),
            },
            TaskKind::Extended { task } => MarksTaskView {
                task_id: running.id,
                penalty: task.task.penalty,
                dice_left: task.dice_left(),
                rollable: task.ready().is_ok(),
            },
        })
        .collect();
    TableView::Marks { tasks }
}

fn universe(table: &UniverseEncounter, round: u32, seated: bool) -> TableView {
    let deal_bar = table.deal_bar(round, seated);
    let Some(fate_table) = table.table.as_ref() else {
        return TableView::Universe {
            fate: Vec::new(),
            players: Vec::new(),
            gm_limit: 0,
            deal_bar,
        };
    };
    // The fate table keys players by their participant id's text.
    let seated = |key: &str| Uuid::parse_str(key).ok();
    let players_cards = fate_table.players.iter().flat_map(|(key, fate)| {
        let holder = seated(key).map(|participant_id| CardHolder::Player { participant_id });
        fate.cards
            .iter()
            .filter_map(move |&card| Some((card, holder?)))
    });
    let gm = fate_table.gm.iter().map(|&card| (card, CardHolder::Gm));
    let entries = (fate_table.second_entries.iter()).map(|d| (d.card, CardHolder::SecondEntry));
    let fate = players_cards
        .chain(gm)
        .chain(entries)
        .filter_map(|(card, holder)| {
            Some(FateCardView {
                card,
                holder,
                attack: effect_of(card, &FateUse::Attack).ok()?,
                armor_class: effect_of(card, &FateUse::ArmorClass).ok()?,
                save: effect_of(card, &FateUse::Save).ok()?,
            })
        })
        .collect();
    let players = fate_table
        .players
        .iter()
        .filter_map(|(key, fate)| {
            Some(PlayerFateView {
                participant_id: seated(key)?,
                lucky: fate.lucky,
                limit: u32::try_from(fate.limit()).unwrap_or(u32::MAX),
            })
        })
        .collect();
    TableView::Universe {
        fate,
        players,
        // RULES.md: the GM holds at most one negative fate card per player (the rules' `gain`).
        gm_limit: u32::try_from(fate_table.gm_limit()).unwrap_or(u32::MAX),
        deal_bar,
    }
}

fn d12(table: &D12Encounter, seats: &[Seat]) -> TableView {
    let weapons = seats
        .iter()
        .map(|seat| {
            let equipment = match seat.sheet() {
                Some(Sheet::D12(sheet)) => sheet.equipment.as_slice(),
                _ => &[],
            };
            let carried = equipment
                .iter()
                .map(|item| item.trim())
                .filter(|item| carried(item).is_some());
            D12WeaponsView {
                participant_id: seat.participant.id,
                weapons: carried
                    .map(str::to_string)
                    .chain([UNARMED.name.to_string()])
                    .collect(),
            }
        })
        .collect();
    TableView::D12 {
        attack: table.attack.as_ref().map(|a| D12AttackView {
            damage_dice_rolled: a.chain.damage_dice_rolled(),
        }),
        weapons,
    }
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
