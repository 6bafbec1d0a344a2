//! A system from a file at the table and under house rules (issue 31): initiative the file
//! declares, a roll against a target and one against another participant with exact odds from
//! the Quick roll path, a tracker adjusted and undone, a secret roll the players' view never
//! shows, the file's house-rule numbers per roster changing a derived value, a sheet check and
//! the odds, and luck over the rolls of a file roster.

use crate::common;

use common::table;
use rollbook_roster::table::{SystemMove, SystemTable};
use rollbook_roster::{
    CharacterPatch, FileMove, LogQuery, NewCharacter, NewRoster, PlayOptions, RosterPatch, Store,
    System, TableAction,
};
use rollbook_rules::standing::standing;
use rollbook_rules::{odds_with, request_from_value, HouseRules};
use serde_json::{json, Map, Value};
use uuid::Uuid;

/// A d20 game: a tracker whose maximum reads a house number, a derived value reading one, an
/// initiative roll, a check against a DC and an opposed contest filled from both sheets.
fn text(id: &str) -> String {
    format!(
        r#"format = 1
id = "{id}"
version = 1
name = "Duel"

[sheet.might]
type = "number"
min = 0
max = 5
default = 1

[sheet.speed]
type = "number"
min = 0
max = 5
default = 0

[sheet.skills]
type = "ratings"
min = 0
max = 4
suggested = ["blade"]

[sheet.hp]
type = "tracker"
label = "Hit points"
max = "@base_hp + @might"
public = true

[derived]
guard = {{ expr = "10 + @might + @guard_bonus", label = "Guard" }}

[house_rules.base_hp]
label = "Base hit points"
min = 1
max = 20
default = 6

[house_rules.guard_bonus]
label = "Guard bonus"
min = 0
max = 5
default = 0

[rolls.initiative]
value = "d6 + @speed_mod"
target = "1"

[rolls.initiative.fields.speed_mod]
min = 0
max = 5
from_sheet = "speed"

[rolls.check]
name = "Check"
value = "d20 + @skill"
target = "@dc"

[rolls.check.fields.skill]
min = 0
max = 4
from_sheet = "skills"

[rolls.check.fields.dc]
min = 1
max = 30
default = 12

[rolls.contest]
name = "Contest"
value = "d20 + @mine - @theirs"
target = "11"

[rolls.contest.fields.mine]
min = 0
max = 20
from_sheet = "might"

[rolls.contest.fields.theirs]
min = 0
max = 20
from_opponent = "guard"

[rolls.duel]
name = "Duel"
value = "d20 + @mine - @theirs"
target = "11"

[rolls.duel.fields.mine]
min = 0
max = 4
from_sheet = "skills"

[rolls.duel.fields.theirs]
min = 0
max = 4
from_opponent = "skills"

[rolls.parry]
name = "Parry"
value = "d20"
target = "@guard"

[table]
initiative = "initiative"
trackers = ["hp"]
"#
    )
}

struct Game {
    store: Store,
    roster: Uuid,
    encounter: Uuid,
    ada: Uuid,
    bo: Uuid,
    goon: Uuid,
}

fn game(id: &str) -> Game {
    let mut store = Store::open_in_memory().unwrap();
    store.add_system_file(&text(id)).unwrap();
    let system: System = id.parse().unwrap();
    let roster = store
        .create_roster(NewRoster::new("Duels", system))
        .unwrap()
        .id;
    for (name, sheet) in [
        (
            "Ada",
            json!({"might": 3, "speed": 5, "hp": 9, "skills": [{"name": "blade", "value": 4}]}),
        ),
        // Bo's hit points left out: they start at his maximum, 6 + 0.
        (
            "Bo",
            json!({"might": 0, "speed": 0, "skills": [{"name": "blade", "value": 2}]}),
        ),
    ] {
        let mut new = NewCharacter::named(name);
        new.sheet = Some(sheet);
        store.create_character(roster, new).unwrap();
    }
    let encounter = table::fight_in(&mut store, roster);
    let order = store.encounter(encounter).unwrap().state.order;
    let id_of = |name: &str| order.iter().find(|p| p.name.starts_with(name)).unwrap().id;
    let (ada, bo, goon) = (id_of("Ada"), id_of("Bo"), id_of("Goon"));
    Game {
        store,
        roster,
        encounter,
        ada,
        bo,
        goon,
    }
}

fn file_move(m: FileMove) -> rollbook_roster::TableAction {
    table::system(SystemMove::File(m))
}

fn roll(participant_id: Uuid, kind: &str, rating: Option<&str>, fields: Value) -> FileMove {
    let Value::Object(fields) = fields else {
        panic!("fields are an object")
    };
    FileMove::Roll {
        participant_id,
        roll: kind.into(),
        rating: rating.map(Into::into),
        fields,
        against: None,
    }
}

/// The exact odds of `request` as a Quick roll under the roster's house rules would give them.
fn quick_odds(store: &Store, roster: Uuid, request: &Value) -> rollbook_rules::Odds {
    let house = store.roster(roster).unwrap().house_rules;
    odds_with(&request_from_value(request.clone()).unwrap(), &house).unwrap()
}

#[test]
fn initiative_orders_the_table_by_the_files_roll_highest_first() {
    let mut g = game("table-test-init");
    let played = table::play(
        &mut g.store,
        g.encounter,
        &file_move(FileMove::Initiative),
        9,
    );
    let log = g.store.roll_log(&LogQuery::default()).unwrap();
    assert_eq!(log.len(), 3, "one initiative roll each");
    // Each participant's total, read from the log; the order must be highest first.
    let total = |p: Uuid| -> i64 {
        let e = log.iter().find(|e| e.participant_id == Some(p)).unwrap();
        e.result["total"].as_i64().unwrap()
    };
    // Ada's speed 5 is added to her die, Bo's and the quick Goon's 0.
    for (who, bonus) in [(g.ada, 5), (g.bo, 0), (g.goon, 0)] {
        let e = log.iter().find(|e| e.participant_id == Some(who)).unwrap();
        assert_eq!(e.request["speed_mod"], bonus);
        assert_eq!(total(who), i64::from(e.dice[0]) + bonus);
    }
    let order: Vec<Uuid> = g
        .store
        .encounter(g.encounter)
        .unwrap()
        .state
        .order
        .iter()
        .map(|p| p.id)
        .collect();
    let totals: Vec<i64> = order.iter().map(|&p| total(p)).collect();
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?}");
    // "Initiative: Ada 19, Goon 2 7, Bo 3": each total said once, highest first.
    let said: Vec<String> = g
        .store
        .encounter(g.encounter)
        .unwrap()
        .state
        .order
        .iter()
        .map(|p| format!("{} {}", p.name, total(p.id)))
        .collect();
    assert_eq!(
        played.entry.summary,
        format!("Initiative: {}", said.join(", "))
    );

    // Undone, the order is back as it was.
    g.store.undo_table_action(g.encounter).unwrap();
    let back: Vec<Uuid> = g
        .store
        .encounter(g.encounter)
        .unwrap()
        .state
        .order
        .iter()
        .map(|p| p.id)
        .collect();
    assert_eq!(back, [g.ada, g.bo, g.goon]);
}

#[test]
fn a_file_without_initiative_leaves_the_order_to_the_gm() {
    let id = "table-test-no-init";
    let mut store = Store::open_in_memory().unwrap();
    let source = text(id).replace("initiative = \"initiative\"\n", "");
    store.add_system_file(&source).unwrap();
    let roster = store
        .create_roster(NewRoster::new("Typed", id.parse().unwrap()))
        .unwrap()
        .id;
    store
        .create_character(roster, NewCharacter::named("Ada"))
        .unwrap();
    let encounter = table::fight_in(&mut store, roster);
    let refused = table::refused(&mut store, encounter, &file_move(FileMove::Initiative));
    assert!(refused.contains("type the turn order"), "{refused}");
}

#[test]
fn a_table_round_rolls_against_a_target_and_a_participant_adjusts_and_undoes() {
    let mut g = game("table-test-round");
    // Ada's blade 4 against DC 15: d20 + 4 >= 15 on 11 to 20.
    let check = roll(g.ada, "check", Some("blade"), json!({"dc": 15}));
    let preview = g
        .store
        .preview_table_move(g.encounter, &SystemMove::File(check.clone()))
        .unwrap()
        .unwrap();
    let house = g.store.roster(g.roster).unwrap().house_rules;
    let odds = odds_with(&preview, &house).unwrap();
    assert!(
        (odds.success - 10.0 / 20.0).abs() < 1e-12,
        "{}",
        odds.success
    );
    let played = table::play(&mut g.store, g.encounter, &file_move(check), 4);
    let entry = &g.store.roll_log(&LogQuery::default()).unwrap()[0];
    assert_eq!(entry.participant_id, Some(g.ada));
    assert_eq!(
        (entry.request["skill"].clone(), entry.request["dc"].clone()),
        (json!(4), json!(15))
    );
    assert_eq!(entry.table_action, Some(played.entry.id));
    // The logged request answers the same odds from the Quick roll path.
    assert_eq!(quick_odds(&g.store, g.roster, &entry.request), odds);
    assert!(
        played.entry.summary.starts_with("Ada rolls Check: "),
        "{}",
        played.entry.summary
    );

    // A rating the sheet has not is refused, naming the ones it has.
    let refused = table::refused(
        &mut g.store,
        g.encounter,
        &file_move(roll(g.ada, "check", Some("axe"), json!({}))),
    );
    assert!(refused.contains("blade"), "{refused}");

    // Ada against Bo: her might 3 from her sheet, his guard 10 + 0 from his.
    let contest = FileMove::Roll {
        participant_id: g.ada,
        roll: "contest".into(),
        rating: None,
        fields: Map::new(),
        against: Some(g.bo),
    };
    let request = g
        .store
        .preview_table_move(g.encounter, &SystemMove::File(contest.clone()))
        .unwrap()
        .unwrap();
    // d20 + 3 - 10 >= 11: 18 to 20.
    assert!((odds_with(&request, &house).unwrap().success - 3.0 / 20.0).abs() < 1e-12);
    let played = table::play(&mut g.store, g.encounter, &file_move(contest), 5);
    assert!(played
        .entry
        .summary
        .starts_with("Ada rolls Contest against Bo: "));
    let entry = &g.store.roll_log(&LogQuery::default()).unwrap()[0];
    assert_eq!(
        (
            entry.request["mine"].clone(),
            entry.request["theirs"].clone()
        ),
        (json!(3), json!(10))
    );
    // A kind that reads nothing of another participant is refused against one.
    let against = FileMove::Roll {
        participant_id: g.ada,
        roll: "check".into(),
        rating: None,
        fields: Map::new(),
        against: Some(g.bo),
    };
    assert!(
        table::refused(&mut g.store, g.encounter, &file_move(against)).contains("from_opponent")
    );

    // A tracker adjusted in place, then undone.
    let hp = |store: &Store| {
        let Some(SystemTable::File(t)) = store.encounter(g.encounter).unwrap().state.system_state
        else {
            panic!("a file table")
        };
        t.parts[&g.bo].trackers["hp"]
    };
    assert_eq!((hp(&g.store).value, hp(&g.store).max), (6, 6));
    let hit = FileMove::Adjust {
        participant_id: g.bo,
        tracker: "hp".into(),
        by: -4,
    };
    table::play(&mut g.store, g.encounter, &file_move(hit), 6);
    assert_eq!(hp(&g.store).value, 2);
    g.store.undo_table_action(g.encounter).unwrap();
    assert_eq!(hp(&g.store).value, 6);
}

#[test]
fn a_secret_roll_is_logged_as_the_gms_and_never_shown_to_the_players() {
    let mut g = game("table-test-secret");
    let check = file_move(roll(g.ada, "check", Some("blade"), json!({})));
    g.store
        .play(
            g.encounter,
            &check,
            PlayOptions {
                seed: Some(1),
                secret: true,
                ..PlayOptions::default()
            },
        )
        .unwrap();
    table::play(&mut g.store, g.encounter, &check, 2);
    let log = g.store.roll_log(&LogQuery::default()).unwrap();
    let secret: Vec<bool> = log.iter().map(|e| e.secret).collect();
    assert_eq!(secret, [false, true], "newest first");
    let shown: Vec<i64> = g
        .store
        .players_view(g.encounter)
        .unwrap()
        .rolls
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(shown, [log[0].id], "only the public roll");
}

#[test]
fn house_rules_of_the_file_change_derived_values_checks_trackers_and_odds() {
    let mut g = game("table-test-house");
    let bo = g
        .store
        .characters(g.roster)
        .unwrap()
        .into_iter()
        .find(|c| c.name == "Bo")
        .unwrap();
    let guard = |house: &HouseRules| {
        bo.sheet
            .derived(house)
            .into_iter()
            .find(|d| d.label == "Guard")
            .unwrap()
            .value
    };
    assert_eq!(guard(&HouseRules::default()), "10");

    // Out of the file's range, and a name the file does not declare: refused at their paths.
    let mut house = HouseRules::default();
    house.file_numbers.insert("guard_bonus".into(), 9);
    house.file_numbers.insert("crit".into(), 19);
    let refused = g
        .store
        .update_roster(
            g.roster,
            RosterPatch {
                house_rules: Some(house),
                ..RosterPatch::default()
            },
        )
        .unwrap_err();
    let paths: Vec<&str> = refused.problems().iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["house_rules.crit", "house_rules.guard_bonus"]);

    let mut house = HouseRules::default();
    house.file_numbers.insert("guard_bonus".into(), 3);
    house.file_numbers.insert("base_hp".into(), 2);
    let patch = RosterPatch {
        house_rules: Some(house.clone()),
        ..RosterPatch::default()
    };
    // Base hit points of 2 leave Ada's 9 over her new maximum of 5 and Bo's 6 over his 2: refused,
    // naming both, and nothing changed.
    let refused = g.store.update_roster(g.roster, patch.clone()).unwrap_err();
    let said: Vec<(&str, &str)> = refused
        .problems()
        .iter()
        .map(|p| (p.path.as_str(), p.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (
                "house_rules",
                "Ada: Hit points is 9; it takes 0 to 5 under these numbers; change the sheet first"
            ),
            (
                "house_rules",
                "Bo: Hit points is 6; it takes 0 to 2 under these numbers; change the sheet first"
            ),
        ]
    );
    assert_eq!(
        g.store.roster(g.roster).unwrap().house_rules,
        HouseRules::default()
    );
    for (name, hp) in [("Ada", 5), ("Bo", 2)] {
        let character = g
            .store
            .characters(g.roster)
            .unwrap()
            .into_iter()
            .find(|c| c.name == name)
            .unwrap();
        let mut sheet = character.sheet.to_value();
        sheet["hp"] = json!(hp);
        g.store
            .update_character(
                character.id,
                CharacterPatch {
                    sheet: Some(sheet),
                    ..CharacterPatch::default()
                },
            )
            .unwrap();
    }
    let roster = g.store.update_roster(g.roster, patch).unwrap();
    assert_eq!(roster.house_rules, house);
    assert_eq!(guard(&roster.house_rules), "13");

    // A sheet check reads the house number: hp 5 is past 2 + might 0 now.
    let mut new = NewCharacter::named("Cy");
    new.sheet = Some(json!({"might": 0, "hp": 5}));
    let refused = g.store.create_character(g.roster, new).unwrap_err();
    assert_eq!(refused.problems()[0].path, "sheet.hp");
    // Hit points left out start at this character's maximum under the house number: 2 + 4.
    let mut new = NewCharacter::named("Di");
    new.sheet = Some(json!({"might": 4}));
    let di = g.store.create_character(g.roster, new).unwrap();
    assert_eq!(di.sheet.to_value()["hp"], 6);

    // The sheet's rolls and the Quick roll path read it: Ada's contest against a guard of 13.
    let contest = SystemMove::File(FileMove::Roll {
        participant_id: g.ada,
        roll: "contest".into(),
        rating: None,
        fields: Map::new(),
        against: Some(g.bo),
    });
    let request = g
        .store
        .preview_table_move(g.encounter, &contest)
        .unwrap()
        .unwrap();
    // d20 + 3 - 13 >= 11: a 21 is needed; never.
    assert_eq!(
        odds_with(&request, &roster.house_rules).unwrap().success,
        0.0
    );

    // A Quick roll under the roster's house rules reads the number too: a parry against a blank
    // sheet's guard, 10 + might 1 + the bonus: 11 (10 of 20 pass) by the file,
    // 14 (7 of 20) under the roster's 3.
    let parry = request_from_value(json!({"system": "table-test-house", "roll": "parry"})).unwrap();
    let success = |house: &HouseRules| odds_with(&parry, house).unwrap().success;
    assert!((success(&HouseRules::default()) - 10.0 / 20.0).abs() < 1e-12);
    assert!((success(&roster.house_rules) - 7.0 / 20.0).abs() < 1e-12);
}

#[test]
fn luck_judges_the_rolls_of_a_file_roster_from_their_exact_odds() {
    let mut g = game("table-test-luck");
    let mut house = HouseRules::default();
    house.file_numbers.insert("guard_bonus".into(), 2);
    g.store
        .update_roster(
            g.roster,
            RosterPatch {
                house_rules: Some(house.clone()),
                ..RosterPatch::default()
            },
        )
        .unwrap();
    for seed in 0..4 {
        let check = roll(g.ada, "check", Some("blade"), json!({"dc": 14}));
        table::play(&mut g.store, g.encounter, &file_move(check), seed);
        let contest = FileMove::Roll {
            participant_id: g.bo,
            roll: "contest".into(),
            rating: None,
            fields: Map::new(),
            against: Some(g.ada),
        };
        table::play(&mut g.store, g.encounter, &file_move(contest), 100 + seed);
    }
    let query = LogQuery {
        roster_id: Some(g.roster),
        ..LogQuery::default()
    };
    let log = g.store.roll_log(&query).unwrap();
    let luck = g.store.luck(&query).unwrap();
    assert_eq!((luck.rolls.len(), luck.unjudged), (8, 0));
    for entry in &log {
        let request = request_from_value(entry.request.clone()).unwrap();
        let odds = odds_with(&request, &house).unwrap();
        let expected = standing(&request, &odds, &entry.outcome)
            .unwrap()
            .percentile;
        let judged = luck.rolls.iter().find(|r| r.id == entry.id).unwrap();
        assert!((judged.percentile - expected).abs() < 1e-12);
    }
    // Bo's contest against Ada reads her guard under the house rule: 10 + 3 + 2.
    assert!(log.iter().any(|e| e.request["theirs"] == 15));
}

#[test]
fn an_opponents_ratings_list_gives_their_rating_of_the_name_rolled() {
    let mut g = game("table-test-duel");
    let duel = |against: Uuid, rating: &str| FileMove::Roll {
        participant_id: g.ada,
        roll: "duel".into(),
        rating: Some(rating.into()),
        fields: Map::new(),
        against: Some(against),
    };
    let request = |store: &Store, m: FileMove| {
        store
            .preview_table_move(g.encounter, &SystemMove::File(m))
            .unwrap()
            .unwrap()
    };
    // Ada's blade 4 against Bo's blade 2; against the quick Goon, a blank sheet's blade 0.
    for (against, theirs) in [(g.bo, 2), (g.goon, 0)] {
        let asked = serde_json::to_value(request(&g.store, duel(against, "blade"))).unwrap();
        assert_eq!(
            (asked["mine"].clone(), asked["theirs"].clone()),
            (json!(4), json!(theirs))
        );
    }
    // d20 + 4 - 2 >= 11: 9 to 20.
    let asked = request(&g.store, duel(g.bo, "blade"));
    let odds = odds_with(&asked, &HouseRules::default()).unwrap();
    assert!((odds.success - 12.0 / 20.0).abs() < 1e-12);
    // A rating the roller has and the opponent lacks is refused, naming the opponent's.
    let ada = g
        .store
        .characters(g.roster)
        .unwrap()
        .into_iter()
        .find(|c| c.name == "Ada")
        .unwrap();
    let mut sheet = ada.sheet.to_value();
    sheet["skills"] = json!([{"name": "blade", "value": 4}, {"name": "sail", "value": 1}]);
    g.store
        .update_character(
            ada.id,
            CharacterPatch {
                sheet: Some(sheet),
                ..CharacterPatch::default()
            },
        )
        .unwrap();
    let refused = table::refused(&mut g.store, g.encounter, &file_move(duel(g.bo, "sail")));
    assert!(
        refused.contains("Bo has no rating `sail` in skills; they have blade"),
        "{refused}"
    );
}

#[test]
fn a_running_encounter_follows_its_roster_to_a_new_version_keeping_the_trackers_both_track() {
    let id = "table-test-upgrade";
    let mut g = game(id);
    let hit = |who: Uuid, by: i64| {
        file_move(FileMove::Adjust {
            participant_id: who,
            tracker: "hp".into(),
            by,
        })
    };
    table::play(&mut g.store, g.encounter, &hit(g.ada, -4), 1);
    // Version 2: hit points are the base and twice Might, and the table tracks stress too.
    let v2 = text(id)
        .replace("version = 1", "version = 2")
        .replace(
            "max = \"@base_hp + @might\"",
            "max = \"@base_hp + 2 * @might\"",
        )
        .replace(
            "[derived]",
            "[sheet.stress]\ntype = \"tracker\"\nmax = \"3\"\nstart = \"empty\"\n\n[derived]",
        )
        .replace("trackers = [\"hp\"]", "trackers = [\"hp\", \"stress\"]");
    g.store.add_system_file(&v2).unwrap();
    rollbook_roster::operations::system_upgrade::apply(&mut g.store, g.roster, None).unwrap();

    // The table plays on: a move, then the next turn (both were refused as another system's).
    table::play(&mut g.store, g.encounter, &hit(g.ada, -1), 2);
    table::play(&mut g.store, g.encounter, &TableAction::NextTurn, 3);
    let Some(SystemTable::File(t)) = g.store.encounter(g.encounter).unwrap().state.system_state
    else {
        panic!("a file table")
    };
    assert_eq!(t.system.version(), 2);
    let now = |who: Uuid, tracker: &str| {
        let n = t.parts[&who].trackers[tracker];
        (n.value, n.max)
    };
    // Ada (Might 3) kept the 5 she had, less the new hit, of her new maximum 6 + 6.
    assert_eq!(now(g.ada, "hp"), (4, 12));
    // Bo (Might 0) is untouched and full; the quick Goon (a blank sheet, Might 1) likewise.
    assert_eq!(now(g.bo, "hp"), (6, 6));
    assert_eq!(now(g.goon, "hp"), (7, 8));
    // Stress, new in version 2, from each sheet: empty.
    for who in [g.ada, g.bo, g.goon] {
        assert_eq!(now(who, "stress"), (0, 3));
    }
}

#[test]
fn a_quick_npc_tracker_given_as_the_fives_max_is_refused_saying_how_a_files_is_given() {
    let mut g = game("table-test-npc-numbers");
    let add = |sheet: Value| TableAction::AddNpcs {
        label: "Ogre".into(),
        count: 1,
        sheet: Some(sheet),
    };
    let told = table::refused(&mut g.store, g.encounter, &add(json!({"hp": {"max": 20}})));
    assert_eq!(
        told,
        "`hp` is a tracker of Duel: give its value now as a number (\"hp\": 12); its maximum is \
         worked out from the sheet (`@base_hp + @might`), so give the numbers that reads; \
         nothing was changed"
    );
    // As a number within the maximum its numbers make (6 + Might 4): added.
    table::play(
        &mut g.store,
        g.encounter,
        &add(json!({"might": 4, "hp": 9})),
        1,
    );
}
