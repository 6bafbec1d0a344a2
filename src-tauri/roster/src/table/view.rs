//! What the window shows of a table that the rules compute from it (issue 12: the window renders
//! these and never works them out again): a marks task's dice for its next try after the
//! removals, what the table adds to a genre participant's next action and whether it may Grunt
//! now, how many Damage Dice a d12 attack's damage roll rolls, what each held universe fate card
//! does. Computed from the stored table each time an encounter is read; never stored.

use rollbook_rules::table::genre_state::{ActionPlan, GruntBar};
use rollbook_rules::table::universe_fate::{effect_of, FateEffect, FateUse};
use serde::Serialize;
use uuid::Uuid;

use super::marks::TaskKind;
use super::{D12Encounter, GenreEncounter, MarksEncounter, SystemTable, UniverseEncounter};

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
    },
    Universe {
        /// Every fate card held (by players or the GM), with what playing it does.
        fate: Vec<FateCardView>,
    },
}

/// What a held fate card does for each use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FateCardView {
    /// The card's code (`QH`, `10S`).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    #[serde(serialize_with = "as_code")]
    pub card: rollbook_rules::table::universe_deck::Card,
    pub attack: FateEffect,
    pub armor_class: FateEffect,
    pub save: FateEffect,
}

fn as_code<S: serde::Serializer>(
    card: &rollbook_rules::table::universe_deck::Card,
    serializer: S,
) -> Result<S::Ok, S::Error> {
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

/// The derived values of `table`.
pub fn view(table: &SystemTable) -> Option<TableView> {
    match table {
        SystemTable::Genre(t) => Some(genre(t)),
        SystemTable::Marks(t) => Some(marks(t)),
        SystemTable::D12(t) => Some(d12(t)),
        SystemTable::Universe(t) => Some(universe(t)),
        SystemTable::Stunt(_) => None,
    }
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

fn universe(table: &UniverseEncounter) -> TableView {
    let held = table.table.as_ref().map(|t| t.held()).unwrap_or_default();
    let fate = held
        .into_iter()
        .filter_map(|card| {
            Some(FateCardView {
                card,
                attack: effect_of(card, &FateUse::Attack).ok()?,
                armor_class: effect_of(card, &FateUse::ArmorClass).ok()?,
                save: effect_of(card, &FateUse::Save).ok()?,
            })
        })
        .collect();
    TableView::Universe { fate }
}

fn d12(table: &D12Encounter) -> TableView {
    TableView::D12 {
        attack: table.attack.as_ref().map(|a| D12AttackView {
            damage_dice_rolled: a.chain.damage_dice_rolled(),
        }),
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
