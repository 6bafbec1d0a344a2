//! The rolls a sheet offers: every roll of every fixture character is a request the engine
//! answers, located at a real place of its sheet; and for one hand-made sheet per system, the
//! requests are the ones RULES.md gives (worked out by hand here, not copied from the code).

use crate::common;

use common::fixture;
use rollbook_roster::{ImportMode, NewCharacter, NewRoster, SheetRoll, Store, System};
use serde_json::{json, Value};

/// Every top-level fixture (the valid roster files; the malformed ones live in a folder).
fn fixtures() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "{files:?}");
    files
}

/// The value at a sheet path (`abilities[0]`, `saves.physical`, `attributes["Will Power"]`).
fn at<'v>(sheet: &'v Value, path: &str) -> Option<&'v Value> {
    let mut here = sheet;
    let mut rest = path;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("[\"") {
            let end = after.find("\"]")?;
            here = here.get(&after[..end])?;
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix('[') {
            let end = after.find(']')?;
            here = here.get(after[..end].parse::<usize>().ok()?)?;
            rest = &after[end + 1..];
        } else {
            let rest_trimmed = rest.strip_prefix('.').unwrap_or(rest);
            let end = rest_trimmed.find(['.', '[']).unwrap_or(rest_trimmed.len());
            here = here.get(&rest_trimmed[..end])?;
            rest = &rest_trimmed[end..];
        }
    }
    Some(here)
}

#[test]
fn every_roll_of_every_fixture_character_is_answered_and_sits_on_its_sheet() {
    let mut checked = 0;
    for file in fixtures() {
        let mut store = Store::open_in_memory().unwrap();
        store
            .import_file(&file, ImportMode::Merge, |_, _| {})
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for roster in store.rosters().unwrap() {
            for character in store.characters(roster.id).unwrap() {
                let who = format!("{} / {}", file.display(), character.name);
                let rolls = store.sheet_rolls(character.id).unwrap();
                assert!(!rolls.is_empty(), "{who}");
                let sheet = character.sheet.to_value();
                let mut labels: Vec<String> = Vec::new();
                for roll in &rolls {
                    let what = format!("{who}: {}", roll.label);
                    let request = rollbook_rules::request_from_value(roll.request.clone())
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(request.kind_id().0, roster.system.as_str(), "{what}");
                    let odds = rollbook_rules::odds_with(&request, &roster.house_rules)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    let total: f64 = odds.outcomes.values().sum();
                    assert!((total - 1.0).abs() < 1e-9, "{what}: {total}");
                    assert!(at(&sheet, &roll.path).is_some(), "{what}: {}", roll.path);
                    assert!(!roll.group.is_empty() && !roll.note.is_empty(), "{what}");
                    let key = roll.label.to_lowercase();
                    assert!(!labels.contains(&key), "{what} is listed twice");
                    labels.push(key);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked} rolls");
}

/// The rolls of a new character with `sheet` in a roster of `system`.
fn rolls_of(system: System, sheet: Value) -> Vec<SheetRoll> {
    let mut store = Store::open_in_memory().unwrap();
    let roster = store.create_roster(NewRoster::new("R", system)).unwrap();
    let character = store
        .create_character(
            roster.id,
            NewCharacter {
                sheet: Some(sheet),
                ..NewCharacter::named("C")
            },
        )
        .unwrap();
    store.sheet_rolls(character.id).unwrap()
}

fn roll<'a>(rolls: &'a [SheetRoll], label: &str) -> &'a SheetRoll {
    rolls.iter().find(|r| r.label == label).unwrap_or_else(|| {
        let labels: Vec<&str> = rolls.iter().map(|r| r.label.as_str()).collect();
        panic!("no roll {label} in {labels:?}")
    })
}

/// `(path, request)` of the roll labelled `label`.
fn request<'a>(rolls: &'a [SheetRoll], label: &str) -> (&'a str, &'a Value) {
    let r = roll(rolls, label);
    (r.path.as_str(), &r.request)
}

fn success(request: &Value) -> f64 {
    let request = rollbook_rules::request_from_value(request.clone()).unwrap();
    rollbook_rules::odds(&request).unwrap().success
}

#[test]
fn d12_abilities_attacks_defenses_and_weapons() {
    // 10 ranks in all. RULES.md 5: a roll of r ranks is (1 + r) d12 + r; Body Armor adds a d12 to
    // Toughness; Knife caps the damage roll at 1 + Strength ranks, Unarmed at Strength ranks.
    let sheet = json!({"abilities": [
        {"name": "Guns", "ranks": 2}, {"name": "Dodge", "ranks": 1, "defense": "dodge"},
        {"name": "Mind", "ranks": 0, "defense": "mind"}, {"name": "Toughness", "ranks": 2, "defense": "toughness"},
        {"name": "Will Power", "ranks": 1, "defense": "will_power"}, {"name": "Piloting", "ranks": 3},
        {"name": "Strength", "ranks": 1}],
        "equipment": ["Body Armor", "Knife"]});
    let rolls = rolls_of(System::D12, sheet.clone());
    assert_eq!(
        request(&rolls, "Guns"),
        (
            "abilities[0]",
            &json!({"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 0, "dazed": false, "difficulty": 6})
        )
    );
    assert_eq!(
        request(&rolls, "Guns attack"),
        (
            "abilities[0]",
            &json!({"system": "d12", "roll": "opposed", "attacker_ranks": 2, "attacker_extra_dice": 0,
                    "attacker_dazed": false, "defender_ranks": 0, "defender_extra_dice": 0, "defender_dazed": false})
        )
    );
    assert_eq!(
        request(&rolls, "Toughness").1,
        &json!({"system": "d12", "roll": "straight", "ranks": 2, "extra_dice": 1, "dazed": false, "difficulty": 6})
    );
    assert_eq!(
        request(&rolls, "Toughness against damage"),
        (
            "abilities[3]",
            &json!({"system": "d12", "roll": "damage", "damage_dice": 2, "cap": 2, "column": "damage",
                    "defender_ranks": 2, "defender_extra_dice": 1})
        )
    );
    assert_eq!(
        request(&rolls, "Dodge against an attack").1,
        &json!({"system": "d12", "roll": "opposed", "attacker_ranks": 0, "attacker_extra_dice": 0,
                "attacker_dazed": false, "defender_ranks": 1, "defender_extra_dice": 0, "defender_dazed": false})
    );
    assert_eq!(
        request(&rolls, "Knife damage"),
        (
            "equipment[1]",
            &json!({"system": "d12", "roll": "damage", "damage_dice": 2, "cap": 2, "column": "damage",
                    "defender_ranks": 0, "defender_extra_dice": 0})
        )
    );
    assert_eq!(request(&rolls, "Unarmed damage").0, "abilities[6]");
    assert_eq!(request(&rolls, "Unarmed damage").1["cap"], 1);
    assert_eq!(roll(&rolls, "Piloting").request["ranks"], 3);
    assert!(
        !rolls.iter().any(|r| r.label == "Piloting attack"),
        "piloting is no weapon"
    );
    assert_eq!(roll(&rolls, "Strength attack").request["attacker_ranks"], 1);
    assert!(roll(&rolls, "Guns")
        .note
        .starts_with("Guns 2 ranks → 3d12+2"));

    // Dazed: one fewer d12 on each of the character's own rolls.
    let mut dazed = sheet;
    dazed["effects"] = json!([{"name": "Dazed", "remaining": "1 turn"}]);
    let rolls = rolls_of(System::D12, dazed);
    assert_eq!(roll(&rolls, "Guns").request["dazed"], true);
    assert_eq!(roll(&rolls, "Guns attack").request["attacker_dazed"], true);
    assert_eq!(
        roll(&rolls, "Dodge against an attack").request["defender_dazed"],
        true
    );
    // Mind has 0 ranks: Dazed cannot take the base die away.
    let mind = roll(&rolls, "Mind");
    assert_eq!(
        mind.note,
        "Mind 0 ranks, Dazed (1 turn) but already at the base die → 1d12"
    );
    // What the GM sets comes apart, so the roll panel drops it once the GM has set the roll.
    assert_eq!(
        mind.until_set.as_deref(),
        Some("against Average (6) until the GM sets the difficulty")
    );
}

#[test]
fn d12_rules_example_one_rank_against_hard() {
    // RULES.md: ranks 1 against Hard (12): P(success) = 0.6875. The GM sets the difficulty.
    let rolls = rolls_of(
        System::D12,
        json!({"abilities": [{"name": "Tech", "ranks": 1}]}),
    );
    let mut tech = roll(&rolls, "Tech").request.clone();
    tech["difficulty"] = json!(12);
    assert!((success(&tech) - 0.6875).abs() < 1e-12);
}

#[test]
fn genre_pools_skill_modifiers_and_trackers() {
    // RULES.md 2: dice = the attribute or power level; modifier = skill modifier (+ grunt
    // penalty pending: the next action takes the first of them).
    let sheet = json!({"level": 2,
        "attributes": {"Strength": 3, "Agility": 2, "Stamina": 3, "Intellect": 4, "Presence": 1},
        "powers": [{"name": "Flight", "level": 3}],
        "skills": [{"name": "Acrobatics", "modifier": 4}, {"name": "Basket Weaving", "modifier": 1}],
        "glory": 2,
        "trackers": {"grunt_penalties": [-2, -1], "grunts_since_rest": 1}});
    let rolls = rolls_of(System::Genre, sheet);
    let action = |dice: i64, modifier: i64| {
        json!({"system": "genre", "roll": "action", "dice": dice, "modifier": modifier, "difficulty": 3,
               "difficulty_modifier": 0, "glory": 0, "opposing_glory": 0, "grunt": 0, "bust_a_nut": false})
    };
    assert_eq!(
        request(&rolls, "Agility"),
        ("attributes.Agility", &action(2, -2))
    );
    assert_eq!(request(&rolls, "Flight"), ("powers[0]", &action(3, -2)));
    // Acrobatics reads as Agility: 2 dice, +4 - 2.
    assert_eq!(request(&rolls, "Acrobatics"), ("skills[0]", &action(2, 2)));
    // Nothing reads as an attribute: the highest, Intellect 4; +1 - 2.
    assert_eq!(request(&rolls, "Basket Weaving").1, &action(4, -1));
    assert!(roll(&rolls, "Basket Weaving").note.contains("highest"));

    // After a Bust A Nut every ability is -1 level (-1 die) for two rounds.
    let rolls = rolls_of(
        System::Genre,
        json!({"attributes": {"Strength": 3, "Stamina": 2}, "trackers": {"nut_rounds_left": 1}}),
    );
    assert_eq!(request(&rolls, "Strength").1, &action(2, 0));

    // RULES.md example: 2 dice vs 2 dice, no modifiers: 0.4437.
    let rolls = rolls_of(System::Genre, json!({"attributes": {"Agility": 2}}));
    let mut agility = roll(&rolls, "Agility").request.clone();
    agility["difficulty"] = json!(2);
    assert!((success(&agility) - 0.4437).abs() < 5e-5);
}

#[test]
fn universe_skills_attack_and_saves() {
    // RULES.md 3: skill 2d6 + level; attack d20 + combat skill + attack bonus; save d20 vs DC,
    // Physical augmented with hp, Mental with Sanity, Luck with fate cards only.
    let sheet = json!({"skills": [{"name": "Stealth", "level": 2}, {"name": "Piloting", "level": 1}],
        "combat_skill": 2, "attack_bonus": 1, "ac": 13,
        "saves": {"physical": 14, "mental": 16, "luck": 12},
        "hp": {"current": 9, "max": 12}, "sanity": {"current": 7, "max": 10}});
    let rolls = rolls_of(System::Universe, sheet);
    assert_eq!(
        request(&rolls, "Stealth"),
        (
            "skills[0]",
            &json!({"system": "universe", "roll": "skill", "skill": 2, "difficulty": 8})
        )
    );
    assert_eq!(
        request(&rolls, "Group stealth"),
        (
            "skills[0]",
            &json!({"system": "universe", "roll": "group_stealth", "leader": 2, "members": [0, 0], "difficulty": 8})
        )
    );
    assert!(!rolls
        .iter()
        .any(|r| r.label == "Group stealth" && r.path == "skills[1]"));
    assert_eq!(
        request(&rolls, "Attack"),
        (
            "attack_bonus",
            &json!({"system": "universe", "roll": "attack", "bonus": 3, "ac": 10, "advantage": false})
        )
    );
    assert_eq!(
        request(&rolls, "Physical save"),
        (
            "saves.physical",
            &json!({"system": "universe", "roll": "save", "dc": 14, "bonus": 0, "advantage": false})
        )
    );
    assert_eq!(
        request(&rolls, "Physical save with hp").1,
        &json!({"system": "universe", "roll": "augmented_save", "dc": 14, "bonus": 0, "advantage": false,
                "save": "physical", "before": 0, "pool": 9})
    );
    assert_eq!(
        request(&rolls, "Mental save with Sanity").1["pool"],
        json!(7)
    );
    assert_eq!(request(&rolls, "Luck save").1["dc"], json!(12));
    assert!(!rolls.iter().any(|r| r.label.starts_with("Luck save with")));
    // d20 >= 12: 9 faces of 20.
    assert!((success(request(&rolls, "Luck save").1) - 0.45).abs() < 1e-12);
}

#[test]
fn marks_attributes_skills_styles_and_superpowers() {
    // RULES.md 4: human dice = floor((A + B) / 2); skills and styles add d6, super skills d10;
    // super attributes and superpower ranks add whole as super dice.
    let sheet = json!({"attributes": {"Agility": 4, "Cunning": 3, "Intelligence": 5, "Fortitude": 2, "Domination": 3},
        "super_attributes": {"Agility": 2, "Fortitude": 1},
        "skills": [{"name": "Intimidation", "rank": 2, "super": false}, {"name": "Hacking", "rank": 3, "super": true}],
        "styles": [{"name": "Brawling", "rank": 2}],
        "superpowers": [{"name": "Flight", "rank": 3}]});
    let rolls = rolls_of(System::Marks, sheet);
    let pool = |attribute: i64, skill: i64, supers: i64, super_skill: i64| {
        json!({"system": "marks", "roll": "pool", "attribute_dice": attribute, "skill_dice": skill,
               "super_dice": supers, "super_skill_dice": super_skill, "penalty": 0, "needed": 1})
    };
    // Alone, as a Tempo roll: Agility 4, super Agility 2.
    assert_eq!(
        request(&rolls, "Agility"),
        ("attributes.Agility", &pool(4, 0, 2, 0))
    );
    // Social: (Domination 3 + Fortitude 2) / 2 = 2; super Fortitude 1.
    assert_eq!(
        request(&rolls, "Intimidation"),
        ("skills[0]", &pool(2, 2, 1, 0))
    );
    // Mental: (Intelligence 5 + Fortitude 2) / 2 = 3; super Fortitude 1; 3 super skill dice.
    assert_eq!(request(&rolls, "Hacking"), ("skills[1]", &pool(3, 0, 1, 3)));
    // Physical: (Cunning 3 + Agility 4) / 2 = 3; super Agility 2.
    assert_eq!(
        request(&rolls, "Brawling"),
        ("styles[0]", &pool(3, 2, 2, 0))
    );
    assert_eq!(
        request(&rolls, "Flight"),
        ("superpowers[0]", &pool(0, 0, 3, 0))
    );

    // RULES.md example: attribute_dice 3, skill_dice 3: P(at least 1 Mark) = 0.9081.
    let rolls = rolls_of(
        System::Marks,
        json!({"attributes": {"Agility": 3, "Cunning": 3, "Intelligence": 1, "Fortitude": 1, "Domination": 1},
               "styles": [{"name": "Boxing", "rank": 3}]}),
    );
    assert!((success(&roll(&rolls, "Boxing").request) - 0.9081).abs() < 5e-5);
}

#[test]
fn stunt_checks_without_the_skill_and_damage() {
    // RULES.md 1: the rating's level is the Active Level; Skilled vs Average succeeds 27/36.
    let sheet = json!({"basestats": {"ATT": "Mutant", "POWER": "Good", "LUCK": "Average"},
        "abilities": [{"name": "Locksmith", "level": "Skilled"}], "htk": {"current": 12, "max": 20}});
    let rolls = rolls_of(System::Stunt, sheet);
    assert_eq!(
        request(&rolls, "Locksmith"),
        (
            "abilities[0]",
            &json!({"system": "stunt", "roll": "check", "active": "Skilled", "defending": "Average"})
        )
    );
    assert!((success(request(&rolls, "Locksmith").1) - 0.75).abs() < 1e-12);
    assert_eq!(
        request(&rolls, "ATT"),
        (
            "basestats.ATT",
            &json!({"system": "stunt", "roll": "check", "active": "Mutant", "defending": "Average"})
        )
    );
    assert_eq!(
        request(&rolls, "Doubles Only").1,
        &json!({"system": "stunt", "roll": "doubles", "needed": 3})
    );
    // Double Six Only: P = 1/2.
    assert!((success(request(&rolls, "Double Six Only").1) - 0.5).abs() < 1e-12);
    assert_eq!(
        request(&rolls, "Minor Damage"),
        (
            "htk",
            &json!({"system": "stunt", "roll": "damage", "dice": 6, "sides": 6, "bonus": 0, "htk": 12})
        )
    );
}
