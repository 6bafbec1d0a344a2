//! "Save to sheets": an encounter's running state written back onto its characters' sheets, all
//! or nothing, quick NPCs skipped.

use rollbook_roster::table::{GenreMove, SystemMove};
use rollbook_roster::{NewCharacter, NewRoster, Store, System, TableAction};
use serde_json::json;
use uuid::Uuid;

fn glory(participant_id: Uuid, points: i64) -> TableAction {
    TableAction::System {
        r#move: SystemMove::Genre(GenreMove::GainGlory {
            participant_id,
            points,
        }),
    }
}

#[test]
fn glory_and_trackers_go_back_onto_the_sheet_all_or_nothing() {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Neon", System::Genre))
        .unwrap();
    let sheet = json!({"level": 2, "glory": 2,
        "attributes": {"Strength": 3, "Agility": 3, "Stamina": 3, "Intellect": 2, "Presence": 2},
        "trackers": {"grunt_penalties": [-1], "grunts_since_rest": 1, "nuts_used": 0, "nut_rounds_left": 0}});
    let rex = store
        .create_character(
            roster.id,
            NewCharacter {
                sheet: Some(sheet),
                ..NewCharacter::named("Rex")
            },
        )
        .unwrap();
    let sable = store
        .create_character(roster.id, NewCharacter::named("Sable"))
        .unwrap();
    let e = store.create_encounter(roster.id, "Rooftop").unwrap();
    let add = [
        TableAction::AddCharacters {
            character_ids: vec![rex.id, sable.id],
        },
        TableAction::AddNpcs {
            label: "Goon".into(),
            count: 1,
            sheet: None,
        },
    ];
    let state = store.play_all(e.id, &add, Some(1)).unwrap()[1]
        .encounter
        .state
        .clone();
    let [rex_p, _, goon] = [0, 1, 2].map(|i| state.order[i].id);
    store.play(e.id, &glory(rex_p, 3), None).unwrap();
    store.play(e.id, &glory(goon, 1), None).unwrap();
    let rest = TableAction::System {
        r#move: SystemMove::Genre(GenreMove::Rest),
    };
    store.play(e.id, &rest, None).unwrap();

    let saved = store.save_encounter_to_sheets(e.id).unwrap();
    assert_eq!(
        saved.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
        ["Rex"],
        "Sable's sheet did not change; the Goon has none"
    );
    let sheet = store.character(rex.id).unwrap().sheet.to_value();
    assert_eq!(sheet["glory"], 5);
    assert_eq!(
        sheet["trackers"]["grunts_since_rest"], 0,
        "the rest is saved"
    );
    assert_eq!(sheet["trackers"]["grunt_penalties"], json!([-1]));
    assert_eq!(sheet["level"], 2, "the rest of the sheet is kept");

    // Glory past what a sheet holds is refused at the table already (issue 19: every running
    // value stays within its range), so the sheets can never be handed one.
    let before = store.character(rex.id).unwrap();
    let err = store.play(e.id, &glory(rex_p, 9_999), None).unwrap_err();
    assert_eq!(err.code(), "invalid_table_action");
    assert!(err.to_string().contains("Rex: points: "), "{err}");
    store.save_encounter_to_sheets(e.id).unwrap();
    assert_eq!(store.character(rex.id).unwrap(), before);
}
