//! Outcomes read a step of `@value` at a time (`Formula::step_starts`) answer exactly what
//! reading every value answers: the same kind is written twice, once with its conditions
//! against numbers (steps) and once with `@value + 0` in their place (no steps: each value
//! read), and both must agree to the bit, refusals included.

use serde_json::json;

use super::kinds::*;
use crate::system_file::model::*;
use crate::system_file::odds::odds;

/// Two pools of d10 opposed by margin, read in bands with `=`, `!=`, `and`, `or`, `not`, a
/// spelled name and events; `value` is how each condition writes `@value`.
fn margin_bands(value: &str, guard: Option<&str>) -> RollKind {
    let v = |text: &str| text.replace("@value", value);
    let guarded = guard.map(|g| ("guarded".to_string(), Some(v(g)), false));
    let outcomes: Vec<(String, Option<String>, bool)> = guarded
        .into_iter()
        .chain([
            ("exact_tie".into(), Some(v("@value = 0")), false),
            (
                "near".into(),
                Some(v("@value >= -2 and @value <= 2")),
                false,
            ),
            ("loss".into(), Some(v("@value < 0")), false),
            (
                "win_{(@value >= 10) + (@value >= 20)}".into(),
                Some(v("not (@value < 3) or @value = 1")),
                true,
            ),
            ("edge".into(), None, true),
        ])
        .collect();
    let outcomes: Vec<(&str, Option<&str>, bool)> = outcomes
        .iter()
        .map(|(n, w, s)| (n.as_str(), w.as_deref(), *s))
        .collect();
    let (rout, odd) = (v("@value >= 25 or @value <= -25"), v("@value != 7"));
    kind(
        "margin_bands",
        vec![int("mine", 1, 8, 4), int("theirs", 1, 8, 4)],
        vec![roll_let("a", "(@mine)d10"), roll_let("b", "(@theirs)d10")],
        named(Some("@a - @b"), &outcomes),
        &[("rout", rout.as_str()), ("not_seven", odd.as_str())],
    )
}

#[test]
fn reading_by_steps_answers_what_reading_every_value_answers() {
    for (mine, theirs) in [(4, 4), (8, 1), (3, 6), (6, 3)] {
        let given = json!({"mine": mine, "theirs": theirs});
        let stepped = margin_bands("@value", None);
        let each = margin_bands("(@value + 0)", None);
        let by_steps = odds(&stepped, &values(&stepped, given.clone())).unwrap();
        let by_value = odds(&each, &values(&each, given)).unwrap();
        assert_eq!(by_steps, by_value, "{mine} against {theirs}");
        let names: Vec<&str> = by_steps.outcomes.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "exact_tie",
                "near",
                "loss",
                "win_0",
                "win_1",
                "win_2",
                "edge"
            ],
            "every band met ({mine} against {theirs})"
        );
    }
}

#[test]
fn a_condition_that_divides_by_zero_is_refused_at_the_same_value() {
    // The guard divides by 0 for every margin from 0 up: both readings refuse it at 0.
    let guard = "10 / (@value < 0) > 100";
    let stepped = margin_bands("@value", Some(guard));
    let each = margin_bands("(@value + 0)", Some(guard));
    let given = json!({"mine": 3, "theirs": 3});
    let by_steps = odds(&stepped, &values(&stepped, given.clone())).unwrap_err();
    let by_value = odds(&each, &values(&each, given)).unwrap_err();
    assert_eq!(by_steps.to_string(), by_value.to_string());
    assert!(
        by_steps.to_string().contains("when @value = 0"),
        "{by_steps}"
    );
}
