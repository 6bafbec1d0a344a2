use super::*;
use proptest::prelude::*;

fn weapon(cap: i64, column: Column) -> Weapon {
    Weapon {
        name: "Test".into(),
        cap,
        column,
    }
}

/// A chain waiting for the attacker's row, as if the damage had reached `reached`.
fn at_row(column: Column, reached: i64, limb: Option<&str>) -> AttackChain {
    AttackChain {
        kind: AttackKind::Physical,
        weapon: weapon(9, column),
        stage: Stage::ChooseRow {
            reached,
            limb: limb.map(str::to_string),
        },
    }
}

fn ruled() -> &'static HouseRules {
    HouseRules::ruled()
}

fn ranks(ranks: i64) -> Ability {
    Ability {
        ranks,
        ..Ability::default()
    }
}

#[test]
fn damage_column_takes_the_rows_health_and_any_lower_row() {
    // Row 3 (Roll 12) deals Damage 2: 12 -> 10. The attacker may choose row 2 instead: 1.
    let healthy = Wounds::healthy(12);
    let (chain, hurt, _, _) = at_row(Column::Damage, 3, None)
        .choose_row(3, None, &healthy, &MoveDice::seeded(1))
        .unwrap();
    assert_eq!(hurt.health.current, 10);
    assert_eq!(chain.stage, Stage::Done);
    let (_, lighter, _, _) = at_row(Column::Damage, 3, None)
        .choose_row(2, None, &healthy, &MoveDice::seeded(1))
        .unwrap();
    assert_eq!(lighter.health.current, 11);
    let err = at_row(Column::Damage, 3, None)
        .choose_row(4, None, &healthy, &MoveDice::seeded(1))
        .unwrap_err();
    assert!(
        err.to_string().starts_with("row: choose a row from 0 to 3"),
        "{err}"
    );
}

#[test]
fn health_stops_at_zero_dead() {
    let mut wounds = Wounds::healthy(12);
    wounds.health.current = 3;
    let (_, after, events, _) = at_row(Column::Damage, 9, None)
        .choose_row(9, None, &wounds, &MoveDice::seeded(1))
        .unwrap();
    assert_eq!(after.health.current, 0);
    assert!(events[0].ends_with("(dead)"), "{events:?}");
    assert!(after.heal_days(1).is_err());
}

#[test]
fn the_same_effect_does_not_stack_the_higher_stands() {
    let chain = at_row(Column::Effect, 9, None);
    let w = Wounds::healthy(12);
    let (_, w, _, _) = chain.choose_row(3, None, &w, &MoveDice::seeded(1)).unwrap(); // Stunned 1 turn
    assert_eq!(w.effects.len(), 1);
    assert_eq!(
        (w.effects[0].name.as_str(), w.effects[0].remaining.as_str()),
        ("Stunned", "1 turn")
    );
    let (_, w, _, stacked) = chain.choose_row(2, None, &w, &MoveDice::seeded(1)).unwrap(); // Dazed 1 turn: another effect
    assert!(!stacked, "a new effect meets nothing");
    assert_eq!(w.effects.len(), 2);
    let (_, w, _, stacked) = chain.choose_row(4, None, &w, &MoveDice::seeded(1)).unwrap(); // Stunned 1d12 turns replaces
    assert!(stacked, "the higher row replacing is the stacking ruling");
    let stunned: Vec<_> = w.effects.iter().filter(|e| e.name == "Stunned").collect();
    assert_eq!(stunned.len(), 1);
    assert_eq!(stunned[0].row, 4);
    assert!(stunned[0].remaining.ends_with("turns") || stunned[0].remaining == "1 turn");
    let (_, again, events, stacked) = chain.choose_row(3, None, &w, &MoveDice::seeded(1)).unwrap(); // lower: stays
    assert!(stacked, "the lower row not stacking is the stacking ruling");
    assert_eq!(again.effects, w.effects);
    assert!(events[0].contains("does not stack"), "{events:?}");
    let (_, none, events, _) = chain
        .choose_row(1, None, &Wounds::healthy(12), &MoveDice::seeded(1))
        .unwrap();
    assert!(none.effects.is_empty());
    assert_eq!(events, vec!["No Effect".to_string()]);
}

#[test]
fn condition_column_reads_the_chosen_kind_of_the_row() {
    let chain = at_row(Column::Condition, 9, None);
    let w = Wounds::healthy(12);
    let (_, w, _, _) = chain
        .choose_row(4, Some("limb"), &w, &MoveDice::seeded(5))
        .unwrap(); // Limb 1 day
    assert_eq!(w.conditions[0].kind, "limb");
    assert_eq!(w.conditions[0].remaining, "1 day");
    assert!(
        LIMBS.contains(&w.conditions[0].detail.as_str()),
        "{:?}",
        w.conditions
    );
    let (_, w, _, _) = chain
        .choose_row(6, Some("memory"), &w, &MoveDice::seeded(5))
        .unwrap(); // Memory All
    assert_eq!(
        (
            w.conditions[1].detail.as_str(),
            w.conditions[1].remaining.as_str()
        ),
        ("All", "until removed")
    );
    let (_, w2, _, _) = chain
        .choose_row(9, Some("limb"), &Wounds::healthy(12), &MoveDice::seeded(5))
        .unwrap();
    assert!(
        w2.conditions[0].detail.ends_with(" Severed"),
        "{:?}",
        w2.conditions
    );
    let err = chain
        .choose_row(2, Some("dominate"), &w, &MoveDice::seeded(5))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("condition: row 2 gives no dominate"),
        "{err}"
    );
    let err = chain
        .choose_row(2, None, &w, &MoveDice::seeded(5))
        .unwrap_err();
    assert!(err.to_string().starts_with("condition: "), "{err}");
}

#[test]
fn all_natural_ones_give_a_limb_condition_even_on_a_miss() {
    let (chain, w, events, _) = at_row(Column::Damage, 0, Some("Nose"))
        .choose_row(0, None, &Wounds::healthy(12), &MoveDice::seeded(3))
        .unwrap();
    assert_eq!(chain.stage, Stage::Done);
    assert_eq!(w.health.current, 12);
    let limb = &w.conditions[0];
    assert_eq!(
        (limb.kind.as_str(), limb.detail.as_str(), limb.row),
        ("limb", "Nose", 2)
    );
    // Row 2's Limb 1d12 turns, rolled: 1 to 12 turns.
    let n: i64 = limb.remaining.split(' ').next().unwrap().parse().unwrap();
    assert!((1..=12).contains(&n), "{}", limb.remaining);
    assert!(events[0].starts_with("limb condition Nose"), "{events:?}");
}

#[test]
fn steps_out_of_order_are_refused_by_stage() {
    let chain = AttackChain::new(AttackKind::Mental, weapon(2, Column::Damage)).unwrap();
    let err = chain
        .damage(&ranks(1), ruled(), &MoveDice::seeded(1))
        .unwrap_err();
    assert!(err
        .to_string()
        .starts_with("stage: the chain is not waiting for the damage roll"));
    assert!(chain
        .choose_row(0, None, &Wounds::healthy(12), &MoveDice::seeded(1))
        .is_err());
    assert!(AttackChain::new(AttackKind::Physical, weapon(21, Column::Damage)).is_err());
}

/// A full chain, ranks 4 against 0: the first seeds that hit, damage and hurt.
fn full_chain(seed: u64) -> Option<(Vec<String>, Wounds)> {
    let chain = AttackChain::new(AttackKind::Physical, weapon(2, Column::Damage)).unwrap();
    let (chain, mut events, _) = chain
        .attack(&ranks(4), &ranks(0), ruled(), &MoveDice::seeded(seed))
        .unwrap();
    if chain.stage == Stage::Done {
        return None;
    }
    let (chain, more, _) = chain
        .damage(&ranks(0), ruled(), &MoveDice::seeded(seed + 1))
        .unwrap();
    events.extend(more);
    let Stage::ChooseRow { reached, .. } = chain.stage else {
        return None;
    };
    let (done, wounds, more, _) = chain
        .choose_row(
            reached,
            None,
            &Wounds::healthy(12),
            &MoveDice::seeded(seed + 2),
        )
        .unwrap();
    assert_eq!(done.stage, Stage::Done);
    events.extend(more);
    Some((events, wounds))
}

#[test]
fn a_full_chain_is_deterministic_by_seed() {
    let (seed, (events, wounds)) = (0..200)
        .find_map(|s| full_chain(s).map(|r| (s, r)))
        .expect("ranks 4 against 0 hits within 200 seeds");
    assert!(
        events[0].starts_with("Attack vs Dodge: margin "),
        "{events:?}"
    );
    assert!(wounds.health.current < 12, "{events:?}");
    assert_eq!(full_chain(seed), Some((events, wounds)));
}

fn any_step() -> impl Strategy<Value = (u8, i64, u8, u64)> {
    (0u8..3, 0i64..=9, 0u8..4, any::<u64>())
}

proptest! {
    /// Any rows in any columns: health stays within 0..=max, no effect twice, no condition kind
    /// (or limb) twice, and the JSON round-trips.
    #[test]
    fn wounds_stay_within_bounds_and_never_duplicate(steps in proptest::collection::vec(any_step(), 0..30)) {
        let mut w = Wounds::healthy(12);
        for (column, row, kind, seed) in steps {
            let column = [Column::Damage, Column::Effect, Column::Condition][column as usize];
            let kind = ["memory", "command", "dominate", "limb"][kind as usize];
            let limb = (seed % 5 == 0).then_some(LIMBS[(seed % 12) as usize]);
            if let Ok((_, next, _, _)) = at_row(column, 9, limb).choose_row(row, Some(kind), &w, &MoveDice::seeded(seed)) {
                w = next;
            }
            prop_assert!((0..=w.health.max).contains(&w.health.current));
            let mut names: Vec<_> = w.effects.iter().map(|e| e.name.clone()).collect();
            names.sort();
            names.dedup();
            prop_assert_eq!(names.len(), w.effects.len());
            let mut keys: Vec<_> = w.conditions.iter().map(|c| {
                let limb = if c.kind == "limb" { c.detail.trim_end_matches(" Severed") } else { "" };
                format!("{}/{limb}", c.kind)
            }).collect();
            keys.sort();
            keys.dedup();
            prop_assert_eq!(keys.len(), w.conditions.len());
        }
        let json = serde_json::to_string(&w).unwrap();
        prop_assert_eq!(serde_json::from_str::<Wounds>(&json).unwrap(), w);
    }
}

#[test]
fn each_step_reads_the_table_by_hand_and_caps_the_damage_dice() {
    // Margin -> Damage Dice by RULES.md's table: below 3 a miss, 3..5 -> 1, 6..11 -> 2,
    // 12..17 -> 3, then one more per 6, 48+ -> 9.
    let by_hand = |margin: i64| match margin {
        m if m < 3 => 0,
        m if m < 6 => 1,
        m if m < 12 => 2,
        m => (m / 6 + 1).min(9),
    };
    let start = AttackChain::new(AttackKind::Physical, weapon(2, Column::Damage)).unwrap();
    for seed in 0..60 {
        let (chain, _, rolled) = start
            .attack(&ranks(3), &ranks(1), ruled(), &MoveDice::seeded(seed))
            .unwrap();
        let expected = by_hand(rolled.result.total.unwrap());
        match chain.stage {
            Stage::Damage { damage_dice } => assert_eq!(damage_dice, expected),
            Stage::Done => assert_eq!(expected, 0),
            other => panic!("unexpected {other:?}"),
        }
    }
    // 5 Damage Dice through a cap-2 weapon: the base d12 plus 2, no +1s.
    let five = AttackChain {
        stage: Stage::Damage { damage_dice: 5 },
        ..start
    };
    for seed in 0..20 {
        let (_, _, rolled) = five
            .damage(&ranks(1), ruled(), &MoveDice::seeded(seed))
            .unwrap();
        let thrown = rolled.result.groups[0]
            .dice
            .iter()
            .filter(|d| d.state != crate::DieState::Bonus)
            .count();
        assert_eq!(thrown, 3, "{:?}", rolled.result.groups[0]);
    }
}

#[test]
fn a_dazed_effect_makes_the_wounded_roll_dazed() {
    let (_, w, _, _) = at_row(Column::Effect, 2, None)
        .choose_row(2, None, &Wounds::healthy(12), &MoveDice::seeded(1))
        .unwrap();
    assert!(w.is_dazed());
    assert!(!Wounds::healthy(12).is_dazed());
    assert!(w.ability(2, 1).dazed);
}

#[test]
fn each_steps_request_rolls_the_same_dice_as_the_step() {
    // The table logs the request beside the result and shows its odds first: the request must
    // be the one the step rolls, so a quick roll of it with the same seed shows the same dice.
    let chain = AttackChain::new(AttackKind::Physical, weapon(2, Column::Damage)).unwrap();
    let (attacker, defender) = (ranks(3), ranks(1));
    let request = chain.attack_request(&attacker, &defender).unwrap();
    let (next, _, rolled) = chain
        .attack(&attacker, &defender, ruled(), &MoveDice::seeded(7))
        .unwrap();
    assert_eq!(rolled.request, request);
    assert_eq!(crate::roll(&request, 7).unwrap(), rolled.result);
    assert!(
        chain.damage_request(&defender).is_err(),
        "not at damage yet"
    );
    let at_damage = AttackChain {
        stage: Stage::Damage { damage_dice: 4 },
        ..chain.clone()
    };
    let request = at_damage.damage_request(&defender).unwrap();
    let (_, _, rolled) = at_damage
        .damage(&defender, ruled(), &MoveDice::seeded(11))
        .unwrap();
    assert_eq!(rolled.request, request);
    assert_eq!(crate::roll(&request, 11).unwrap(), rolled.result);
    assert!(
        next.attack_request(&attacker, &defender).is_err(),
        "the attack is rolled once"
    );
    let mut wounds = Wounds::healthy(12);
    wounds.effects.push(Effect {
        name: "Stunned".into(),
        remaining: "3 turns".into(),
        row: 4,
    });
    let request = wounds.removal_request(0, false, &ranks(2)).unwrap();
    let (_, _, rolled) = wounds
        .remove(0, false, &ranks(2), &MoveDice::seeded(5))
        .unwrap();
    assert_eq!(rolled.request, request);
    assert_eq!(crate::roll(&request, 5).unwrap(), rolled.result);
    assert!(wounds.removal_request(1, false, &ranks(2)).is_err());
}

#[test]
fn a_miss_margin_of_5_misses_where_3_would_hit() {
    // The same seeds under RULES.md's 3 and a roster's 5: a margin of 3 or 4 hits with 1 Damage
    // Die under the ruling and misses under the house rule; every other margin reads alike.
    let house = HouseRules {
        miss_margin: 5,
        ..HouseRules::default()
    };
    let start = AttackChain::new(AttackKind::Physical, weapon(2, Column::Damage)).unwrap();
    let mut seen_the_difference = 0;
    for seed in 0..400 {
        let (ruled_chain, _, ruled_roll) = start
            .attack(&ranks(1), &ranks(1), ruled(), &MoveDice::seeded(seed))
            .unwrap();
        let (house_chain, events, house_roll) = start
            .attack(&ranks(1), &ranks(1), &house, &MoveDice::seeded(seed))
            .unwrap();
        // The same dice: only the reading differs.
        assert_eq!(ruled_roll.result.dice, house_roll.result.dice);
        let margin = house_roll.result.total.unwrap();
        match margin {
            3 | 4 => {
                seen_the_difference += 1;
                assert_eq!(ruled_chain.stage, Stage::Damage { damage_dice: 1 });
                assert_eq!(house_chain.stage, Stage::Done, "margin {margin}");
                assert_eq!(house_roll.result.outcome, "0");
                assert!(!house_roll.result.success);
                assert!(events[0].ends_with("a miss"), "{events:?}");
            }
            _ => assert_eq!(ruled_chain.stage, house_chain.stage, "margin {margin}"),
        }
        // What was rolled is what a quick roll of the request under the house rule gives.
        assert_eq!(
            crate::roll_with(&house_roll.request, &house, seed).unwrap(),
            house_roll.result
        );
    }
    assert!(seen_the_difference > 10, "{seen_the_difference}");
}

#[test]
fn a_miss_margin_of_0_hits_with_one_damage_die_from_margin_0() {
    let house = HouseRules {
        miss_margin: 0,
        ..HouseRules::default()
    };
    let start = AttackChain::new(AttackKind::Physical, weapon(2, Column::Damage)).unwrap();
    let mut seen = 0;
    for seed in 0..300 {
        let (chain, _, rolled) = start
            .attack(&ranks(1), &ranks(1), &house, &MoveDice::seeded(seed))
            .unwrap();
        let margin = rolled.result.total.unwrap();
        if (0..3).contains(&margin) {
            seen += 1;
            assert_eq!(chain.stage, Stage::Damage { damage_dice: 1 });
        } else if margin < 0 {
            assert_eq!(chain.stage, Stage::Done);
        }
    }
    assert!(seen > 10);
}

/// A full chain (attack, damage, a row with durations) whose steps take their dice from
/// `dice(step)`: what each step said, every face each step read, and the wounds.
fn chain_steps(dice: impl Fn(usize) -> MoveDice) -> (Vec<Vec<String>>, Vec<Vec<u32>>, Wounds) {
    let chain = AttackChain::new(AttackKind::Physical, weapon(9, Column::Effect)).unwrap();
    let steps: Vec<MoveDice> = (0..3).map(dice).collect();
    let mut said = Vec::new();
    let mut wounds = Wounds::healthy(12);
    let (chain, events, _) = chain
        .attack(&ranks(4), &ranks(0), ruled(), &steps[0])
        .unwrap();
    said.push(events);
    if chain.stage != Stage::Done {
        let (chain, events, _) = chain.damage(&ranks(0), ruled(), &steps[1]).unwrap();
        said.push(events);
        if let Stage::ChooseRow { reached, .. } = chain.stage {
            let (_, hurt, events, _) = chain.choose_row(reached, None, &wounds, &steps[2]).unwrap();
            said.push(events);
            wounds = hurt;
        }
    }
    for step in &steps {
        step.finish().unwrap();
    }
    (
        said,
        steps.iter().map(MoveDice::faces_read).collect(),
        wounds,
    )
}

/// Every step of a chain made with the faces a seeded chain read, typed in, says the same and
/// leaves the same wounds: the attack, the damage (12s exploding) and the row's durations.
#[test]
fn a_chain_by_hand_with_a_seeded_chain_s_faces_is_the_same_chain() {
    let (mut exploded, mut durations) = (0, 0);
    for seed in 0..150 {
        let (said, faces, wounds) = chain_steps(|step| MoveDice::seeded(seed * 3 + step as u64));
        exploded += usize::from(faces[..2].iter().any(|f| f.contains(&12)));
        durations += usize::from(!faces[2].is_empty());
        let typed = chain_steps(|step| MoveDice::by_hand(faces[step].clone(), 0));
        assert_eq!(typed, (said, faces.clone(), wounds), "seed {seed}");
    }
    assert!(
        exploded > 0 && durations > 0,
        "{exploded} explosions, {durations} durations"
    );
}

#[test]
fn a_step_by_hand_refuses_missing_extra_and_impossible_faces() {
    let chain = AttackChain::new(AttackKind::Physical, weapon(9, Column::Effect)).unwrap();
    let attack = |faces: Vec<u32>| {
        let dice = MoveDice::by_hand(faces, 0);
        chain.attack(&ranks(1), &ranks(0), ruled(), &dice).unwrap();
        let (asked, _) = dice.asked();
        dice.finish()
            .map(|()| asked)
            .map_err(|e| (e.code(), e.to_string()))
    };
    let asked = attack(vec![5, 6, 7]).unwrap();
    let labels: Vec<_> = asked.iter().map(|d| d.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Attacker d12 #1", "Attacker d12 #2", "Defender d12 #1"]
    );
    assert_eq!(attack(vec![5, 6]).unwrap_err().0, "dice_missing");
    assert_eq!(attack(vec![5, 6, 7, 8]).unwrap_err().0, "dice_left_over");
    assert_eq!(
        attack(vec![5, 13, 7]).unwrap_err(),
        (
            "invalid_request",
            "dice[1]: 13 is not a face of die 2 (a d12: 1 to 12)".into()
        )
    );
    // A 12 earns its extra die, asked for after it and before the defender's.
    let asked = attack(vec![12, 3, 6, 7]).unwrap();
    assert_eq!(
        asked[1].label,
        "Attacker: the 12 explodes, roll it once more"
    );
    assert!(asked[1].earned);
}
