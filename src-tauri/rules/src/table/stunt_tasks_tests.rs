use super::*;
use proptest::prelude::*;

#[test]
fn current_above_max_is_refused_naming_the_field() {
    let err = Htk::new(12, 10).unwrap_err();
    assert!(err.to_string().starts_with("htk.current"), "{err}");
}

#[test]
fn fixed_damage_subtracts_and_stops_at_zero() {
    let htk = Htk::new(10, 12).unwrap();
    assert_eq!(
        htk.damage(4).htk,
        Htk {
            current: 6,
            max: 12
        }
    );
    assert_eq!(
        htk.damage(15).htk,
        Htk {
            current: 0,
            max: 12
        }
    );
}

#[test]
fn dice_damage_sums_faces_plus_k_and_is_seeded() {
    let htk = Htk::new(30, 30).unwrap();
    let a = htk.damage_dice(2, 6, 3, 7).unwrap();
    assert_eq!(a.faces.len(), 2);
    assert_eq!(a.points, a.faces.iter().sum::<u32>() + 3);
    assert_eq!(a.htk.current, 30 - a.points);
    assert_eq!(a, htk.damage_dice(2, 6, 3, 7).unwrap());
}

#[test]
fn zero_dice_or_one_side_is_refused() {
    let htk = Htk::new(5, 5).unwrap();
    assert!(htk
        .damage_dice(0, 6, 0, 1)
        .unwrap_err()
        .to_string()
        .starts_with("damage.n"));
    assert!(htk
        .damage_dice(1, 1, 0, 1)
        .unwrap_err()
        .to_string()
        .starts_with("damage.sides"));
}

#[test]
fn minor_damage_is_six_d6() {
    let e = Htk::new(40, 40).unwrap().minor_damage(3);
    assert_eq!(e.faces.len(), 6);
    assert!(e.faces.iter().all(|f| (1..=6).contains(f)));
    assert!((6..=36).contains(&e.points));
}

proptest! {
    #[test]
    fn htk_stays_in_bounds_and_round_trips(max in 0u32..500, cur in 0u32..500, seed: u64, n in 1u32..10) {
        let htk = Htk::new(cur.min(max), max).unwrap();
        let e = htk.damage_dice(n, 6, 0, seed).unwrap();
        prop_assert!(e.htk.current <= htk.current && e.htk.max == max);
        let json = serde_json::to_string(&e).unwrap();
        prop_assert_eq!(serde_json::from_str::<HtkEvent>(&json).unwrap(), e);
    }
}
