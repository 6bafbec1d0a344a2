//! GENRE: the dice pool of each attribute and power (after a Bust A Nut's -1 level), Glory, and
//! what the grunt and Bust A Nut trackers mean for the next action.

use crate::check::{field, index};
use crate::sheet::GenreSheet;
use crate::sheet::{count, Derived};

/// Every ability is -1 level (-1 die) while rounds after a Bust A Nut are left (RULES.md 2).
pub(crate) fn nut_penalty(sheet: &GenreSheet) -> i64 {
    i64::from(sheet.trackers.nut_rounds_left > 0)
}

/// The d6 an attribute or power of `level` rolls now, with why when it is not the level.
pub(crate) fn pool(sheet: &GenreSheet, level: i64) -> (i64, String) {
    let penalty = nut_penalty(sheet);
    let dice = level.saturating_sub(penalty).max(0);
    let why = if penalty > 0 {
        format!(
            "level {level}, -1 after Bust A Nut ({} left)",
            count(sheet.trackers.nut_rounds_left, "round", "rounds")
        )
    } else {
        format!("level {level}")
    };
    (dice, why)
}

/// The modifier the next action takes from a pending grunt penalty (0 when none is pending).
pub(crate) fn next_grunt_penalty(sheet: &GenreSheet) -> i64 {
    sheet.trackers.grunt_penalties.first().copied().unwrap_or(0)
}

/// The Stamina attribute, which limits grunts between rests.
fn stamina(sheet: &GenreSheet) -> Option<i64> {
    sheet.attributes.get("Stamina").copied()
}

pub(super) fn derived(sheet: &GenreSheet) -> Vec<Derived> {
    let mut out = Vec::new();
    for (name, &level) in &sheet.attributes {
        let (dice, why) = pool(sheet, level);
        out.push(Derived::new(
            field("attributes", name),
            format!("{} pool", name.trim()),
            format!("{dice}d6"),
            format!("{why}: one d6 per level"),
        ));
    }
    for (i, power) in sheet.powers.iter().enumerate() {
        let (dice, why) = pool(sheet, power.level);
        out.push(Derived::new(
            index("powers", i),
            format!("{} pool", power.name.trim()),
            format!("{dice}d6"),
            format!("Power Factor {why}: one d6 per level"),
        ));
    }
    out.push(Derived::new(
        "glory",
        "Spent",
        format!(
            "up to {}",
            count(sheet.glory, "automatic success", "automatic successes")
        ),
        "each Glory Point spent is one automatic success; each the opposing side spends cancels one",
    ));
    out.extend(trackers(sheet));
    out
}

fn trackers(sheet: &GenreSheet) -> Vec<Derived> {
    let t = &sheet.trackers;
    let mut out = Vec::new();
    let next = next_grunt_penalty(sheet);
    let (value, note) = match t.grunt_penalties.as_slice() {
        [] => (
            "no grunt penalty".to_string(),
            "a Grunt gives +1 to +3 now and -N, ..., -1 on the actions after it".to_string(),
        ),
        [_, rest @ ..] => {
            let then: Vec<String> = rest.iter().map(|p| format!("{p:+}")).collect();
            let note = if then.is_empty() {
                "the last penalty of a Grunt; no new Grunt until it is spent".to_string()
            } else {
                format!(
                    "then {}, one per action; no new Grunt until they are spent",
                    then.join(", ")
                )
            };
            (format!("{next:+}"), note)
        }
    };
    out.push(Derived::new(
        field("trackers", "grunt_penalties"),
        "Next action",
        value,
        note,
    ));
    let used = t.grunts_since_rest;
    let (value, rested) = match stamina(sheet) {
        Some(stamina) => (
            format!("{used} of {}", stamina.max(0)),
            used >= stamina.max(0),
        ),
        None => (used.to_string(), false),
    };
    out.push(Derived::new(
        field("trackers", "grunts_since_rest"),
        "Grunts since rest",
        value,
        "at most Stamina grunts, then one game hour of rest resets the count",
    ));
    let (value, note) = if !t.grunt_penalties.is_empty() {
        ("no", "the penalties of the last Grunt are not spent yet")
    } else if rested {
        (
            "no",
            "every Grunt Stamina allows is used; rest one game hour",
        )
    } else {
        (
            "yes, +1 to +3",
            "not on actions of patience, and not with a Bust A Nut on the same action",
        )
    };
    out.push(Derived::new("trackers", "Grunt now", value, note));
    let level = sheet.level;
    let glory_note = if t.nuts_used >= level {
        format!(
            "uses per adventure = character level {level}; one more costs 1 Glory Point ({} to spend)",
            sheet.glory
        )
    } else {
        format!(
            "uses per adventure = character level {level}; one more after that costs 1 Glory Point"
        )
    };
    out.push(Derived::new(
        field("trackers", "nuts_used"),
        "Bust A Nut",
        format!("{} of {level} used", t.nuts_used),
        glory_note,
    ));
    let (value, note) = if t.nut_rounds_left > 0 {
        (
            "-1 die on every ability".to_string(),
            format!(
                "-1 level for {} more after a Bust A Nut",
                count(t.nut_rounds_left, "round", "rounds")
            ),
        )
    } else {
        (
            "no penalty".to_string(),
            "a Bust A Nut gives +1 die to one action, then -1 die on every ability for two rounds"
                .to_string(),
        )
    };
    out.push(Derived::new(
        field("trackers", "nut_rounds_left"),
        "After Bust A Nut",
        value,
        note,
    ));
    out
}

#[cfg(test)]
mod tests {
    use crate::sheet::Derived;
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::HouseRules;
    use serde_json::json;

    fn derived(sheet: serde_json::Value) -> Vec<Derived> {
        let sheet = Sheet::from_json(System::Genre, &sheet, &HouseRules::default()).unwrap();
        sheet.derived(&HouseRules::default())
    }

    fn at<'a>(all: &'a [Derived], path: &str, label: &str) -> &'a Derived {
        all.iter()
            .find(|d| d.path == path && d.label == label)
            .unwrap_or_else(|| panic!("no {label} at {path} in {all:#?}"))
    }

    #[test]
    fn pools_glory_and_trackers_of_the_format_example() {
        let all = derived(json!({"level": 2,
            "attributes": {"Strength": 3, "Agility": 2, "Stamina": 3, "Intellect": 2, "Presence": 2},
            "powers": [{"name": "Flight", "level": 3}],
            "skills": [{"name": "Acrobatics", "modifier": 4}],
            "glory": 2,
            "trackers": {"grunt_penalties": [-2, -1], "grunts_since_rest": 1, "nuts_used": 0, "nut_rounds_left": 0}}));
        assert_eq!(
            at(&all, "attributes.Strength", "Strength pool").value,
            "3d6"
        );
        assert_eq!(at(&all, "powers[0]", "Flight pool").value, "3d6");
        assert_eq!(
            at(&all, "glory", "Spent").value,
            "up to 2 automatic successes"
        );
        let next = at(&all, "trackers.grunt_penalties", "Next action");
        assert_eq!(next.value, "-2");
        assert!(next.note.starts_with("then -1, "), "{}", next.note);
        assert_eq!(
            at(&all, "trackers.grunts_since_rest", "Grunts since rest").value,
            "1 of 3"
        );
        assert_eq!(at(&all, "trackers", "Grunt now").value, "no");
        assert_eq!(
            at(&all, "trackers.nuts_used", "Bust A Nut").value,
            "0 of 2 used"
        );
        assert_eq!(
            at(&all, "trackers.nut_rounds_left", "After Bust A Nut").value,
            "no penalty"
        );
    }

    #[test]
    fn a_bust_a_nut_lowers_every_pool_and_a_rested_character_may_grunt() {
        let all = derived(json!({"level": 1,
            "attributes": {"Strength": 0, "Agility": 4, "Stamina": 2},
            "powers": [{"name": "Mind Blast", "level": 5}],
            "glory": 0,
            "trackers": {"grunt_penalties": [], "grunts_since_rest": 1, "nuts_used": 1, "nut_rounds_left": 2}}));
        assert_eq!(at(&all, "attributes.Agility", "Agility pool").value, "3d6");
        assert_eq!(
            at(&all, "attributes.Strength", "Strength pool").value,
            "0d6"
        );
        let blast = at(&all, "powers[0]", "Mind Blast pool");
        assert_eq!(blast.value, "4d6");
        assert!(blast.note.contains("2 rounds left"), "{}", blast.note);
        assert_eq!(at(&all, "trackers", "Grunt now").value, "yes, +1 to +3");
        let nuts = at(&all, "trackers.nuts_used", "Bust A Nut");
        assert_eq!(nuts.value, "1 of 1 used");
        assert!(nuts.note.contains("(0 to spend)"), "{}", nuts.note);
        assert_eq!(
            at(&all, "trackers.nut_rounds_left", "After Bust A Nut").value,
            "-1 die on every ability"
        );
    }

    #[test]
    fn every_stamina_grunt_used_means_rest() {
        let all = derived(json!({"attributes": {"Stamina": 2},
            "trackers": {"grunts_since_rest": 2}}));
        let now = at(&all, "trackers", "Grunt now");
        assert_eq!(now.value, "no");
        assert!(now.note.contains("rest one game hour"), "{}", now.note);
    }
}
