//! [`project`]: the whole players' view from the table, pure (the store reads what it needs).
//! Who is shown and under which name is decided here once: a hidden participant leaves no name
//! and no id anywhere (the turn, the rolls, the tasks), and text the GM typed (a task's label, a
//! condition's detail) that names a hidden participant is left out with it.

use rollbook_rules::text::isolated;
use rollbook_rules::HouseRules;
use uuid::Uuid;

use super::health::{default_shown, shown_health, tracked};
use super::{
    parts, rolls, table, PlayersEffect, PlayersParticipant, PlayersRoll, PlayersSide, PlayersTask,
    PlayersTurn, PlayersView, ROLLS_SHOWN,
};
use crate::model::{CharacterKind, EncounterState, Participant, System};
use crate::store::LogEntry;
use crate::table::{Seat, SystemTable};

/// What the projection is made from.
#[derive(Debug, Clone)]
pub struct Sources<'a> {
    pub encounter: &'a EncounterState,
    /// The roster's system (the table may not have started yet).
    pub system: System,
    /// Every participant with its stored character when live in the roster (its kind and sheet).
    pub seats: &'a [Seat<'a>],
    /// The roster's house rules: the rolls' chances are taken under them.
    pub house_rules: &'a HouseRules,
    /// Candidate public rolls, newest first: the table's rolls of actions not undone and the
    /// rolls logged for a participant's character since the encounter began. Secret rolls, rolls
    /// of hidden participants and of participants no longer seated are left out here anyway.
    pub rolls: &'a [LogEntry],
}

/// The players' view of the encounter.
pub fn project(from: &Sources) -> PlayersView {
    let state = from.encounter;
    let hidden = Hidden::of(state);
    let shown = |id: Uuid| state.order.iter().any(|p| p.id == id) && !hidden.ids.contains(&id);
    let (turn, round) = turn(state, &shown);
    let empty = SystemTable::empty(from.system);
    let table = state.system_state.as_ref().unwrap_or(&empty);
    let participants = from
        .seats
        .iter()
        .filter(|s| shown(s.participant.id))
        .map(|seat| participant(seat, state, round, table, &turn, &hidden))
        .collect();
    let tasks: Vec<PlayersTask> = table::tasks(table, &shown)
        .into_iter()
        .filter(|t| !hidden.mentioned_in(&t.label) && !hidden.mentioned_in(&t.progress))
        .collect();
    PlayersView {
        encounter: isolated(&state.name).into_owned(),
        system: from.system,
        round,
        table: table::lines(table, round, &shown),
        tasks,
        rolls: public_rolls(from, &shown),
        participants,
        turn,
    }
}

/// The participants the players may not see, by id and by name.
struct Hidden {
    ids: Vec<Uuid>,
    names: Vec<String>,
}

impl Hidden {
    fn of(state: &EncounterState) -> Hidden {
        let hidden: Vec<&Participant> = state
            .order
            .iter()
            .filter(|p| state.visibility_of(p.id).hidden)
            .collect();
        Hidden {
            ids: hidden.iter().map(|p| p.id).collect(),
            names: hidden
                .iter()
                .map(|p| p.name.trim().to_lowercase())
                .filter(|n| !n.is_empty())
                .collect(),
        }
    }

    /// Text the GM typed names a hidden participant (or carries its id).
    fn mentioned_in(&self, text: &str) -> bool {
        let text = text.to_lowercase();
        self.names.iter().any(|n| text.contains(n.as_str()))
            || self.ids.iter().any(|id| text.contains(&id.to_string()))
    }
}

/// Whose turn the players see, whose is next among the shown, and the round they see it in.
///
/// A hidden participant's turn shows nothing new (as Improved Initiative skips hidden
/// combatants): the turn stays with the last shown participant before it in the order, so the
/// view reads as it did when that participant's turn began. When hidden participants open the
/// round, that is the last shown participant of the round before (the round is still that
/// one); in the first round, nobody has the turn yet, as before the fight began.
fn turn(state: &EncounterState, shown: &dyn Fn(Uuid) -> bool) -> (PlayersTurn, u32) {
    let nobody = PlayersTurn {
        current: None,
        next: None,
    };
    let Some(at) = state
        .current
        .and_then(|current| state.order.iter().position(|p| p.id == current))
    else {
        return (nobody, state.round);
    };
    let shown_at = |i: usize| shown(state.order[i].id);
    let (at, round) = if shown_at(at) {
        (at, state.round)
    } else if let Some(before) = (0..at).rev().find(|&i| shown_at(i)) {
        (before, state.round)
    } else {
        match (at + 1..state.order.len()).rev().find(|&i| shown_at(i)) {
            Some(last) if state.round > 1 => (last, state.round - 1),
            _ => return (nobody, state.round),
        }
    };
    let n = state.order.len();
    let next = (1..n)
        .map(|step| state.order[(at + step) % n].id)
        .find(|&id| shown(id));
    let turn = PlayersTurn {
        current: Some(state.order[at].id),
        next,
    };
    (turn, round)
}

fn side(seat: &Seat) -> PlayersSide {
    match seat.character.map(|c| c.kind) {
        Some(CharacterKind::Pc) => PlayersSide::Pc,
        // A stored NPC, a quick NPC, or a character no longer in the roster.
        _ => PlayersSide::Npc,
    }
}

fn participant(
    seat: &Seat,
    state: &EncounterState,
    round: u32,
    table: &SystemTable,
    turn: &PlayersTurn,
    hidden: &Hidden,
) -> PlayersParticipant {
    let p = seat.participant;
    let visibility = state.visibility_of(p.id);
    let side = side(seat);
    let health_shown = visibility.health.unwrap_or_else(|| default_shown(side));
    let health =
        tracked(table, p.id, seat.sheet()).and_then(|track| shown_health(track, health_shown));
    let (stats, effects) = parts::of(table, p.id, round);
    let effects: Vec<PlayersEffect> = effects
        .into_iter()
        .filter(|e| {
            !hidden.mentioned_in(&e.name)
                && !e.left.as_deref().is_some_and(|l| hidden.mentioned_in(l))
        })
        .collect();
    PlayersParticipant {
        id: p.id,
        name: shown_name(state, p),
        side,
        current: turn.current == Some(p.id),
        next: turn.next == Some(p.id),
        health,
        stats,
        effects,
    }
}

/// The alias when the GM gave one, else the participant's own name.
/// Isolated: the players' page puts it in sentences ("Vex's turn"), and a bidi control in a
/// name must reorder nothing around it there either.
fn shown_name(state: &EncounterState, p: &Participant) -> String {
    let name = state
        .visibility_of(p.id)
        .alias
        .unwrap_or_else(|| p.name.clone());
    isolated(&name).into_owned()
}

/// The last public rolls: of shown participants seated now (by the participant who rolled at
/// the table, else by the character), or of the table itself; never a secret one.
fn public_rolls(from: &Sources, shown: &dyn Fn(Uuid) -> bool) -> Vec<PlayersRoll> {
    let state = from.encounter;
    from.rolls
        .iter()
        .filter(|e| !e.secret)
        .filter_map(|e| {
            let by = match (e.table_action, e.participant_id) {
                (Some(_), Some(p)) => Some(state.order.iter().find(|x| x.id == p)?),
                (Some(_), None) => None,
                (None, _) => Some(
                    state
                        .order
                        .iter()
                        .find(|x| x.character_id.is_some() && x.character_id == e.character_id)?,
                ),
            };
            let who = match by {
                Some(p) if !shown(p.id) => return None,
                Some(p) => Some(shown_name(state, p)),
                None => None,
            };
            Some(rolls::shown(e, who, from.house_rules))
        })
        .take(ROLLS_SHOWN)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{TableAction, Visibility};

    fn three() -> EncounterState {
        let s = EncounterState::new("Ambush");
        s.apply(
            &TableAction::AddNpcs {
                label: "Goon".into(),
                count: 3,
                sheet: None,
            },
            &[],
        )
        .unwrap()
        .0
    }

    fn with(mut s: EncounterState, at: usize, v: Visibility) -> EncounterState {
        s.visibility.insert(s.order[at].id, v);
        s
    }

    fn hide(s: EncounterState, at: usize) -> EncounterState {
        with(
            s,
            at,
            Visibility {
                hidden: true,
                ..Visibility::default()
            },
        )
    }

    fn view(s: &EncounterState) -> PlayersView {
        let seats: Vec<Seat> = s
            .order
            .iter()
            .map(|participant| Seat::of(participant, System::D12, &[]))
            .collect();
        project(&Sources {
            encounter: s,
            system: System::D12,
            seats: &seats,
            house_rules: HouseRules::ruled(),
            rolls: &[],
        })
    }

    #[test]
    fn a_hidden_turn_shows_nothing_new_and_next_skips_the_hidden() {
        let s = hide(three(), 1);
        let ids: Vec<Uuid> = s.order.iter().map(|p| p.id).collect();
        let before = view(&s);
        assert_eq!(before.participants.len(), 2);
        assert_eq!(
            before.turn,
            PlayersTurn {
                current: Some(ids[0]),
                next: Some(ids[2]),
            },
            "Goon 2 is skipped"
        );
        // Goon 2's turn: the players see Goon 1's still, byte for byte.
        let mut s = s;
        s.current = Some(ids[1]);
        let v = view(&s);
        assert_eq!(v, before);
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            serde_json::to_string(&before).unwrap()
        );
        s.current = Some(ids[2]);
        assert_eq!(view(&s).turn.next, Some(ids[0]), "round the table");
    }

    #[test]
    fn a_hidden_participant_opening_the_round_leaves_the_round_before_in_view() {
        let s = hide(three(), 0);
        let ids: Vec<Uuid> = s.order.iter().map(|p| p.id).collect();
        // Round 1, Goon 1 (hidden) first: nobody has the turn yet, as before the fight.
        let mut s = s;
        s.current = Some(ids[0]);
        let v = view(&s);
        assert_eq!((v.turn.current, v.turn.next, v.round), (None, None, 1));
        // Round 1 ends with Goon 3; round 2 opens with hidden Goon 1: still Goon 3's turn of
        // round 1.
        s.current = Some(ids[2]);
        let before = view(&s);
        s.round = 2;
        s.current = Some(ids[0]);
        assert_eq!(view(&s), before);
    }

    #[test]
    fn an_alias_replaces_the_name_and_npcs_show_health_in_words_by_default() {
        let s = with(
            three(),
            0,
            Visibility {
                alias: Some("Masked figure".into()),
                ..Visibility::default()
            },
        );
        let mut s = s;
        // A d12 table: quick NPCs get the rules' health.
        let table = {
            let dice = rollbook_rules::table::MoveDice::seeded(1);
            let ctx = crate::table::TableContext {
                encounter: crate::table::EncounterStanding { round: s.round },
                seats: s
                    .order
                    .iter()
                    .map(|participant| Seat::of(participant, System::D12, &[]))
                    .collect(),
                house_rules: HouseRules::ruled(),
                dice: &dice,
            };
            SystemTable::empty(System::D12).sync(&ctx).unwrap()
        };
        s.system_state = Some(table);
        let v = view(&s);
        assert_eq!(v.participants[0].name, "Masked figure");
        assert_eq!(v.participants[0].side, PlayersSide::Npc);
        let health = v.participants[0].health.as_ref().unwrap();
        assert_eq!(health.shown, crate::model::HealthShown::Words);
        assert_eq!((health.value, health.max), (None, None));
        assert_eq!(health.word, super::super::HealthWord::Unhurt);
        assert!(!serde_json::to_string(&v).unwrap().contains("Goon 1"));
    }
}
