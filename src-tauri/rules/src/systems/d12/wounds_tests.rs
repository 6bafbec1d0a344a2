use super::*;
use crate::table::MoveDice;

fn ranks(ranks: i64) -> Ability {
    Ability {
        ranks,
        ..Ability::default()
    }
}

#[test]
fn healing_by_days_and_salve_once_a_day_never_past_max() {
    let mut w = Wounds::healthy(12);
    w.health.current = 8;
    let (w, _) = w.salve().unwrap();
    assert_eq!(w.health.current, 9);
    let err = w.salve().unwrap_err();
    assert!(err.to_string().starts_with("salve: "), "{err}");
    let (w, _) = w.heal_days(2).unwrap();
    assert_eq!(w.health.current, 11);
    let (w, _) = w.salve().unwrap();
    let (w, events) = w.heal_days(5).unwrap();
    assert_eq!(w.health.current, 12);
    assert_eq!(events, vec!["5 day(s) of rest: +0 health".to_string()]);
    assert!(w.heal_days(0).is_err());
}

#[test]
fn removal_needs_the_rows_roll_or_the_next_rows_by_extraordinary_means() {
    let mut w = Wounds::healthy(12);
    w.effects.push(Effect {
        name: "Stunned".into(),
        remaining: "1 turn".into(),
        row: 3,
    });
    for seed in 0..40 {
        for (extraordinary, needed) in [(false, 12), (true, 18)] {
            let (after, events, rolled) = w
                .remove(0, extraordinary, &ranks(2), &MoveDice::seeded(seed))
                .unwrap();
            let total = rolled.result.total.unwrap();
            assert_eq!(after.effects.is_empty(), total >= needed, "{events:?}");
            assert!(events[0].contains(&needed.to_string()), "{events:?}");
        }
    }
    let err = w
        .remove(1, false, &ranks(2), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(err.to_string().starts_with("index: "), "{err}");
}

#[test]
fn a_day_passing_by_any_move_makes_salve_usable_again() {
    let mut wounded = Wounds::healthy(12);
    wounded.health.current = 5;
    let (salved, _) = wounded.salve().unwrap();
    for (amount, unit) in [
        (1, "day"),
        (24, "hour"),
        (1, "week"),
        (1, "month"),
        (1, "year"),
    ] {
        let (next, events) = salved.elapse(amount, unit).unwrap();
        assert!(!next.salve_used_today, "{amount} {unit}");
        assert!(
            events
                .iter()
                .any(|e| e.contains("Healing Salve can be used again")),
            "{amount} {unit}: {events:?}"
        );
        assert!(next.salve().is_ok(), "{amount} {unit}");
    }
    for (amount, unit) in [(23, "hour"), (600, "turn")] {
        let (next, events) = salved.elapse(amount, unit).unwrap();
        assert!(next.salve_used_today, "{amount} {unit}");
        assert!(events.is_empty(), "{amount} {unit}: {events:?}");
        assert!(next.salve().is_err(), "{amount} {unit}");
    }
}

#[test]
fn time_counts_down_durations_in_their_own_unit() {
    let mut w = Wounds::healthy(12);
    w.effects.push(Effect {
        name: "Stunned".into(),
        remaining: "3 turns".into(),
        row: 4,
    });
    w.conditions.push(Condition {
        kind: "limb".into(),
        detail: "Nose".into(),
        remaining: "1 day".into(),
        row: 4,
    });
    let (w, events) = w.elapse(2, "turn").unwrap();
    assert_eq!(w.effects[0].remaining, "1 turn");
    assert_eq!(w.conditions[0].remaining, "1 day");
    assert_eq!(events, vec!["Stunned: 1 turn left".to_string()]);
    let (w, events) = w.elapse(1, "turn").unwrap();
    assert!(w.effects.is_empty());
    assert_eq!(events, vec!["Stunned ends".to_string()]);
    let (w, _) = w.elapse(1, "day").unwrap();
    assert!(w.conditions.is_empty());
    let err = w.elapse(1, "fortnight").unwrap_err();
    assert!(err.to_string().starts_with("unit: "), "{err}");
}

#[test]
fn a_sheet_effect_without_a_row_is_read_off_the_table() {
    let sheet = |name: &str, remaining: &str| Effect {
        name: name.into(),
        remaining: remaining.into(),
        row: 0,
    };
    assert_eq!(effect_row(&sheet("Dazed", "1 turn")), 2);
    assert_eq!(effect_row(&sheet("Stunned", "1 turn")), 3);
    assert_eq!(effect_row(&sheet("Stunned", "7 turns")), 4);
    assert_eq!(effect_row(&sheet("Unconscious", "3 hours")), 6);
    assert_eq!(effect_row(&sheet("Coma", "2 months")), 9);
    assert_eq!(effect_row(&sheet("Confused", "1 turn")), 0);
    let mut w = Wounds::healthy(12);
    w.effects.push(sheet("Confused", "1 turn"));
    let err = w
        .remove(0, false, &ranks(1), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("row: Confused has no table row"),
        "{err}"
    );
}
