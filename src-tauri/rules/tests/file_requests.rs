//! Requests of the systems Rollbook ships as files (`systems/*.toml`) answered wherever a
//! request of the five is: parsed, refused, worked out, rolled from a seed and by hand, varied,
//! and listed in the catalog.

use rollbook_rules::{
    catalog, odds, odds_varied, parse_request, roll, roll_by_hand, HouseRules, RulesError,
};
use serde_json::json;

fn odds_of(json: &str) -> rollbook_rules::Odds {
    odds(&parse_request(json).unwrap()).unwrap()
}

#[test]
fn a_d20_check_with_advantage_has_its_hand_worked_odds() {
    // +3 against DC 15: the better of two d20 must show 12 or more (or 20; a 1 on both fails):
    // P(max >= 12) = 1 - (11/20)^2 = 279/400; a critical hit is a 20 on either: 39/400.
    let json = r#"{"system":"d20-heroes","roll":"check","mod":3,"dc":15,"mode":"advantage"}"#;
    let odds = odds_of(json);
    assert!(
        (odds.success - 279.0 / 400.0).abs() < 1e-12,
        "{}",
        odds.success
    );
    assert!((odds.outcomes["critical hit"] - 39.0 / 400.0).abs() < 1e-12);
    assert!((odds.outcomes["critical miss"] - 1.0 / 400.0).abs() < 1e-12);
    // Listed and read for luck worst to best as the file ranks them, not as they are tried.
    let worst_first = ["critical miss", "failure", "success", "critical hit"];
    let keys: Vec<&str> = odds.outcomes.keys().map(String::as_str).collect();
    assert_eq!(keys, worst_first);
    let request = parse_request(json).unwrap();
    assert_eq!(request.outcomes_worst_first(&odds), worst_first);
    assert_eq!(odds.succeeding, ["success", "critical hit"]);
    let total: f64 = odds.outcomes.values().sum();
    assert!((total - 1.0).abs() < 1e-12);
}

/// The outcomes of `json`'s odds worst first, as a roll's luck reads them.
fn luck_order(json: &str) -> Vec<String> {
    let request = parse_request(json).unwrap();
    let odds = odds(&request).unwrap();
    let order = request.outcomes_worst_first(&odds);
    order.into_iter().map(str::to_string).collect()
}

#[test]
fn the_five_as_files_read_luck_in_the_built_ins_order() {
    // A natural 20 is the luckiest universe attack or save, a double six the luckiest stunt
    // check, a success bought dearer the less lucky, whichever way they are asked.
    for (system, roll, fields) in [
        ("universe", "attack", r#","bonus":2,"ac":14"#),
        ("universe", "save", r#","bonus":1,"dc":12"#),
        ("universe", "augmented_save", r#","dc":15,"pool":12"#),
        ("stunt", "check", ""),
    ] {
        let json = |system: &str| format!(r#"{{"system":"{system}","roll":"{roll}"{fields}}}"#);
        let built_in = luck_order(&json(system));
        assert_eq!(luck_order(&json(&format!("file-{system}"))), built_in);
        assert!(
            ["critical", "fate"].contains(&built_in.last().unwrap().as_str()),
            "{built_in:?}"
        );
    }
}

#[test]
fn luck_is_read_as_the_file_ranks_even_a_failure_above_a_success() {
    // A "fail forward" that the GM ranks above a bare hit: the ranking, not success, decides.
    let text = r#"format = 1
id = "ranked-fail-forward"
version = 1
name = "Fail forward"

[rolls.push]
value = "d6"
outcomes = [
  { name = "hit", when = "@value >= 5", success = true },
  { name = "fail forward", when = "@value >= 3" },
  { name = "miss" },
]
ranked = ["miss", "hit", "fail forward"]
"#;
    let file = rollbook_rules::system_file::read(text).unwrap();
    rollbook_rules::system_file::known::register(std::sync::Arc::new(file));
    let json = r#"{"system":"ranked-fail-forward","roll":"push"}"#;
    let keys: Vec<String> = odds_of(json).outcomes.keys().cloned().collect();
    assert_eq!(keys, ["miss", "hit", "fail forward"]);
    assert_eq!(luck_order(json), ["miss", "hit", "fail forward"]);
}

#[test]
fn a_two_dice_move_reads_in_its_three_bands() {
    let odds = odds_of(r#"{"system":"two-dice-moves","roll":"move"}"#);
    let keys: Vec<&str> = odds.outcomes.keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 3, "{keys:?}");
    // 2d6 with no stat: 10+ is 6/36, 7-9 is 15/36, 6- is 15/36.
    let mut chances: Vec<f64> = odds.outcomes.values().copied().collect();
    chances.sort_by(f64::total_cmp);
    for (got, want) in chances.iter().zip([6.0 / 36.0, 15.0 / 36.0, 15.0 / 36.0]) {
        assert!((got - want).abs() < 1e-12, "{chances:?}");
    }
}

#[test]
fn its_defaults_are_filled_in_and_it_serialises_as_given() {
    let request = parse_request(r#"{"system":"d20-heroes","roll":"check","dc":12}"#).unwrap();
    assert_eq!(request.kind_id(), ("d20-heroes", "check"));
    assert_eq!(
        serde_json::to_value(&request).unwrap(),
        json!({"system": "d20-heroes", "roll": "check", "dc": 12, "mod": 0, "mode": "normal"})
    );
    let again = parse_request(&serde_json::to_string(&request).unwrap()).unwrap();
    assert_eq!(again, request);
}

#[test]
fn a_bad_request_is_refused_naming_what_is_wrong() {
    let refused = |json: &str| -> RulesError { parse_request(json).unwrap_err() };
    let message = refused(r#"{"system":"d20-heroes","roll":"attack"}"#).to_string();
    assert!(
        message.contains("roll") && message.contains("check, save"),
        "{message}"
    );
    let message = refused(r#"{"system":"d20-heroes","roll":"check","dc":99}"#).to_string();
    assert!(message.contains("dc"), "{message}");
    let message = refused(r#"{"system":"d20-heroes","roll":"check","luck":1}"#).to_string();
    assert!(message.contains("luck"), "{message}");
    let message = refused(r#"{"system":"d20-heroes","roll":"check","mode":"heroic"}"#).to_string();
    assert!(message.contains("mode"), "{message}");
}

#[test]
fn a_seeded_roll_is_its_own_dice_typed_back_and_reads_as_the_odds_do() {
    for json in [
        r#"{"system":"d20-heroes","roll":"check","mod":2,"dc":13,"mode":"disadvantage"}"#,
        r#"{"system":"six-pool","roll":"roll"}"#,
        r#"{"system":"two-dice-moves","roll":"move"}"#,
    ] {
        let request = parse_request(json).unwrap();
        let odds = odds(&request).unwrap();
        for seed in 0..50 {
            let rolled = roll(&request, seed).unwrap();
            assert!(
                odds.outcomes.contains_key(&rolled.outcome),
                "{json}: {}",
                rolled.outcome
            );
            let again = roll_by_hand(&request, HouseRules::ruled(), &rolled.dice).unwrap();
            assert_eq!(
                (&again.outcome, again.success, again.total),
                (&rolled.outcome, rolled.success, rolled.total),
                "{json} seed {seed}"
            );
        }
    }
}

#[test]
fn its_choices_are_compared_and_the_catalog_lists_it_after_the_five() {
    let request = json!({"system":"d20-heroes","roll":"check","mod":3,"dc":15});
    let values = [json!("normal"), json!("advantage"), json!("disadvantage")];
    let varied = odds_varied(&request, "mode", &values, HouseRules::ruled()).unwrap();
    assert!(varied[1].success > varied[0].success && varied[0].success > varied[2].success);
    let catalog = catalog();
    let d20 = catalog.files.iter().find(|s| s.id == "d20-heroes").unwrap();
    let check = d20.kinds.iter().find(|k| k.id == "check").unwrap();
    assert!(check.compare.iter().any(|c| c.field == "mode"));
    assert!(catalog.systems.iter().all(|s| s.id != "d20-heroes"));
}

#[test]
fn an_outcome_named_for_its_verdict_is_not_said_twice_in_the_detail() {
    let request = parse_request(r#"{"system":"d20-heroes","roll":"check","dc":40}"#).unwrap();
    let failed = (0..50)
        .map(|seed| roll(&request, seed).unwrap())
        .find(|r| r.outcome == "failure")
        .expect("a DC of 40 fails on every face but 20");
    assert!(failed.detail.ends_with("; failure"), "{}", failed.detail);
    assert!(
        !failed.detail.contains("failure: failure"),
        "{}",
        failed.detail
    );
}

/// The served catalog entry of file system `id` at `version`, as JSON (what the window reads).
fn served(id: &str, version: u32) -> serde_json::Value {
    let catalog = serde_json::to_value(catalog()).unwrap();
    let all = catalog["files"]
        .as_array()
        .unwrap()
        .iter()
        .chain(catalog["file_versions"].as_array().unwrap());
    all.filter(|s| s["id"] == id && s["version"] == version)
        .cloned()
        .collect::<Vec<_>>()
        .pop()
        .unwrap_or_else(|| panic!("{id} version {version} is not in the catalog"))
}

fn served_field<'a>(
    system: &'a serde_json::Value,
    kind: &str,
    field: &str,
) -> &'a serde_json::Value {
    let kind = system["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["id"] == kind)
        .unwrap_or_else(|| panic!("no kind {kind}"));
    kind["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == field)
        .unwrap_or_else(|| panic!("no field {field}"))
}

#[test]
fn the_catalog_serves_the_d20_tables_initiative_and_what_fills_each_field() {
    let file = rollbook_rules::system_file::shipped::find("d20-heroes").unwrap();
    let d20 = served("d20-heroes", file.version);
    // `[table] initiative = "initiative"` of systems/d20-heroes.toml.
    assert_eq!(d20["table"], json!({"initiative": "initiative"}));
    // The check: its modifier a rating of the skills list, the DC and advantage typed by the GM
    // with the file's ranges and defaults (the sheet form's own field declarations).
    let check_mod = served_field(&d20, "check", "mod");
    assert_eq!(
        check_mod["source"],
        json!({"from_sheet": "skills", "from_opponent": null})
    );
    let dc = served_field(&d20, "check", "dc");
    assert_eq!(
        (
            &dc["source"],
            &dc["type"],
            &dc["min"],
            &dc["max"],
            &dc["default"]
        ),
        (
            &json!({"from_sheet": null, "from_opponent": null}),
            &json!("int"),
            &json!(1),
            &json!(40),
            &json!(15)
        )
    );
    let mode = served_field(&d20, "check", "mode");
    assert_eq!(mode["source"]["from_sheet"], json!(null));
    assert_eq!(
        mode["choices"],
        json!(["normal", "advantage", "disadvantage"])
    );
    assert_eq!(
        served_field(&d20, "initiative", "dex")["source"],
        json!({"from_sheet": "dex_mod", "from_opponent": null})
    );
    // Every field of every kind of every shipped file says what the file says fills it.
    for file in rollbook_rules::system_file::shipped::all() {
        let entry = served(&file.id, file.version);
        assert_eq!(
            entry["table"]["initiative"],
            json!(file.table.initiative),
            "{}",
            file.id
        );
        for kind in &file.rolls {
            for field in &kind.fields {
                let source = &served_field(&entry, &kind.id, &field.name)["source"];
                assert_eq!(
                    (&source["from_sheet"], &source["from_opponent"]),
                    (&json!(field.from_sheet), &json!(field.from_opponent)),
                    "{} {} {}",
                    file.id,
                    kind.id,
                    field.name
                );
            }
        }
    }
    // The five's entries stay as they were: no table, no field sources.
    let catalog = serde_json::to_value(catalog()).unwrap();
    for system in catalog["systems"].as_array().unwrap() {
        assert!(system.get("table").is_none(), "{}", system["id"]);
        for kind in system["kinds"].as_array().unwrap() {
            for field in kind["fields"].as_array().unwrap() {
                assert!(
                    field.get("source").is_none(),
                    "{} {}",
                    kind["id"],
                    field["name"]
                );
            }
        }
    }
}

#[test]
fn each_held_version_of_a_file_serves_its_own_initiative_and_field_sources() {
    use rollbook_rules::system_file::{known, read};
    use std::sync::Arc;
    let id = "catalog-table-versions";
    let source = rollbook_rules::system_file::shipped::source_of("d20-heroes")
        .unwrap()
        .replace("id = \"d20-heroes\"", &format!("id = \"{id}\""));
    // Version 1 orders no turn and types the save bonus; version 2 is the shipped text.
    let first = source.replace("initiative = \"initiative\"\n", "").replace(
        "from_sheet = \"dex_mod\"\n\n[rolls.save.fields.dc]",
        "\n[rolls.save.fields.dc]",
    );
    assert_ne!(first, source);
    let second = source.replace("version = 1", "version = 2");
    known::register(Arc::new(read(&first).unwrap()));
    known::register(Arc::new(read(&second).unwrap()));
    let (old, new) = (served(id, 1), served(id, 2));
    known::forget(id);
    assert_eq!(old["table"], json!({"initiative": null}));
    assert_eq!(new["table"], json!({"initiative": "initiative"}));
    assert_eq!(
        served_field(&old, "save", "bonus")["source"]["from_sheet"],
        json!(null)
    );
    assert_eq!(
        served_field(&new, "save", "bonus")["source"]["from_sheet"],
        json!("dex_mod")
    );
}

/// Each request of each shipped file kind (its defaults, then each field alone at its ends or
/// at each of its values), as its odds and a seeded roll, or its refusal.
fn answers(cold: bool) -> Vec<(String, Result<serde_json::Value, RulesError>)> {
    use rollbook_rules::system_file::{shipped, RollFieldKind};
    let mut out = Vec::new();
    for system in shipped::all() {
        for kind in &system.rolls {
            let mut requests = vec![serde_json::Map::new()];
            for field in &kind.fields {
                let values: Vec<serde_json::Value> = match &field.kind {
                    RollFieldKind::Int { min, max, .. } => vec![json!(min), json!(max)],
                    RollFieldKind::Bool { default } => vec![json!(!default)],
                    RollFieldKind::Choice { options, .. } => {
                        options.iter().map(|o| json!(o.name)).collect()
                    }
                    RollFieldKind::List { min, max, .. } => vec![json!([min, max])],
                };
                requests.extend(values.into_iter().map(|v| {
                    let mut given = serde_json::Map::new();
                    given.insert(field.name.clone(), v);
                    given
                }));
            }
            for mut given in requests {
                given.insert("system".into(), json!(system.id));
                given.insert("roll".into(), json!(kind.id));
                let text = serde_json::Value::Object(given).to_string();
                if cold {
                    rollbook_rules::system_file::forget_worked_out();
                }
                let answer = parse_request(&text).and_then(|r| {
                    let odds = serde_json::to_value(odds(&r)?).unwrap();
                    if cold {
                        rollbook_rules::system_file::forget_worked_out();
                    }
                    let rolled = serde_json::to_value(roll(&r, 31)?).unwrap();
                    Ok(serde_json::json!([odds, rolled]))
                });
                out.push((text, answer));
            }
        }
    }
    out
}

#[test]
fn what_a_file_kind_keeps_from_one_request_changes_no_answer_to_another() {
    // Warm: each request after the others of its kind, which kept their lets' distributions
    // and readings by the values those read; cold: each with nothing kept.
    let warm = answers(false);
    let cold = answers(true);
    assert!(warm.len() > 100, "{} requests", warm.len());
    for ((request, warm), (_, cold)) in warm.iter().zip(&cold) {
        assert_eq!(warm, cold, "{request}");
    }
}
