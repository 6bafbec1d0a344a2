//! Previewing a table move: the roll a system move would make, with everything the table adds,
//! and its exact odds under the encounter's roster's house rules, before the GM plays it. The
//! window's `encounter_preview` answers it.
//!
//! As with [`super::odds`], reading needs the store and working the odds out does not: the
//! window reads under the store's lock ([`move_roll`]) and computes off it ([`MoveRoll::odds`]).

use rollbook_rules::{HouseRules, Odds, RollRequest};
use uuid::Uuid;

use crate::error::Result;
use crate::table::SystemMove;
use crate::Store;

/// The roll a move would make, and the house rules it is made under.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRoll {
    pub request: RollRequest,
    pub house_rules: HouseRules,
}

/// A move's roll with its exact odds.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePreview {
    pub request: RollRequest,
    pub odds: Odds,
}

/// The roll `system_move` would make on the encounter `encounter_id` now; `None` for a move that
/// rolls nothing. Refused as playing the move would be (an unknown encounter, a move the table
/// refuses). Writes nothing.
pub fn move_roll(
    store: &Store,
    encounter_id: Uuid,
    system_move: &SystemMove,
) -> Result<Option<MoveRoll>> {
    let Some(request) = store.preview_table_move(encounter_id, system_move)? else {
        return Ok(None);
    };
    let roster = store.roster(store.encounter(encounter_id)?.roster_id)?;
    Ok(Some(MoveRoll {
        request,
        house_rules: roster.house_rules,
    }))
}

impl MoveRoll {
    /// Its exact odds under its house rules.
    pub fn odds(self) -> Result<MovePreview> {
        let odds = rollbook_rules::odds_with(&self.request, &self.house_rules)?;
        Ok(MovePreview {
            request: self.request,
            odds,
        })
    }
}

/// [`move_roll`] and its odds in one call, for a caller that holds the store anyway.
pub fn preview_move(
    store: &Store,
    encounter_id: Uuid,
    system_move: &SystemMove,
) -> Result<Option<MovePreview>> {
    move_roll(store, encounter_id, system_move)?
        .map(MoveRoll::odds)
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewRoster, System, TableAction};
    use serde_json::json;

    fn minor_damage(participant: Uuid) -> SystemMove {
        serde_json::from_value(
            json!({"system": "stunt", "move": "minor_damage", "participant_id": participant}),
        )
        .unwrap()
    }

    #[test]
    fn a_move_is_previewed_with_its_odds_under_the_rosters_house_rules() {
        let mut store = Store::open_in_memory().unwrap();
        let mut new = NewRoster::new("Thursday", System::Stunt);
        new.house_rules = Some(HouseRules {
            minor_damage_dice: 4,
            ..HouseRules::default()
        });
        let roster = store.create_roster(new).unwrap();
        let encounter = store.create_encounter(roster.id, "Rooftops").unwrap().id;
        let add = TableAction::AddNpcs {
            label: "Goon".into(),
            count: 1,
            sheet: None,
        };
        let goon = store
            .play(encounter, &add, Some(1))
            .unwrap()
            .encounter
            .state
            .order[0]
            .id;

        let roll = move_roll(&store, encounter, &minor_damage(goon))
            .unwrap()
            .expect("minor damage rolls");
        assert_eq!(roll.house_rules, roster.house_rules);
        let previewed = preview_move(&store, encounter, &minor_damage(goon))
            .unwrap()
            .unwrap();
        assert_eq!(previewed.request, roll.request);
        // The roster's Minor Damage of 4 dice is in the request the table would roll.
        let request = serde_json::to_value(&previewed.request).unwrap();
        assert_eq!(
            (&request["roll"], &request["dice"]),
            (&json!("damage"), &json!(4))
        );
        assert_eq!(
            previewed.odds,
            rollbook_rules::odds_with(&roll.request, &roster.house_rules).unwrap()
        );
        let gone = move_roll(&store, Uuid::new_v4(), &minor_damage(goon)).unwrap_err();
        assert_eq!(gone.code(), "encounter_not_found");
    }
}
