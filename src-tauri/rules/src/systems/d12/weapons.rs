//! RULES.md section 5's weapons: each one's cap on the damage roll's Damage Dice (some plus the
//! wielder's Strength ranks) and the damage table column it reads. Declared once here: the roster
//! reads a sheet's equipment and starts attacks with them, and serves each participant's weapons
//! in the encounter's view.

use serde::Serialize;

/// A weapon RULES.md names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct KnownWeapon {
    pub name: &'static str,
    /// The cap before Strength.
    pub base_cap: i64,
    /// Sword, Knife and Unarmed add the wielder's Strength ranks to the cap.
    pub plus_strength: bool,
    /// The engine's `column` of the damage roll.
    #[cfg_attr(feature = "ts", ts(type = "\"damage\" | \"effect\" | \"condition\""))]
    pub column: &'static str,
    /// How RULES.md words the column ("Damage or Effect" for Unarmed).
    pub reads: &'static str,
    /// A sheet's equipment may list it (every weapon but Unarmed, which every character has).
    pub carried: bool,
}

impl KnownWeapon {
    /// The cap for a wielder with `strength` ranks of Strength (negative ranks add nothing).
    pub fn cap_with_strength(&self, strength: i64) -> i64 {
        if self.plus_strength {
            self.base_cap.saturating_add(strength.max(0))
        } else {
            self.base_cap
        }
    }
}

/// Unarmed needs no equipment: every d12 character can punch.
pub const UNARMED: KnownWeapon = KnownWeapon {
    carried: false,
    ..weapon("Unarmed", 0, true, "damage", "Damage or Effect")
};

/// The weapons a sheet's equipment may list (Unarmed is not carried).
pub const WEAPONS: [KnownWeapon; 6] = [
    weapon("Laser Pistol", 2, false, "damage", "Damage"),
    weapon("Laser Rifle", 2, false, "damage", "Damage"),
    weapon("Stun Gun", 1, false, "effect", "Effect"),
    weapon("Sword", 2, true, "damage", "Damage"),
    weapon("Knife", 1, true, "damage", "Damage"),
    // RULES.md gives the grenade's cap ("2 to all near the target") but not its column; a
    // grenade wounds, so it reads Damage.
    weapon("Explosive Grenade", 2, false, "damage", "Damage"),
];

const fn weapon(
    name: &'static str,
    base_cap: i64,
    plus_strength: bool,
    column: &'static str,
    reads: &'static str,
) -> KnownWeapon {
    KnownWeapon {
        name,
        base_cap,
        plus_strength,
        column,
        reads,
        carried: true,
    }
}

/// The carried weapon named `name` (case and surrounding spaces ignored), or `None`.
pub fn carried(name: &str) -> Option<KnownWeapon> {
    let name = name.trim();
    WEAPONS
        .iter()
        .find(|w| w.name.eq_ignore_ascii_case(name))
        .copied()
}

/// Every weapon RULES.md names: Unarmed, then those a sheet may carry.
pub fn all() -> Vec<KnownWeapon> {
    std::iter::once(UNARMED).chain(WEAPONS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_raises_only_the_caps_that_say_so() {
        let sword = carried(" sword ").unwrap();
        assert_eq!(sword.cap_with_strength(3), 5);
        assert_eq!(sword.cap_with_strength(-2), 2);
        assert_eq!(carried("Laser Pistol").unwrap().cap_with_strength(4), 2);
        assert_eq!(UNARMED.cap_with_strength(4), 4);
        assert_eq!(carried("Banana"), None);
    }

    #[test]
    fn every_column_is_one_the_damage_roll_takes() {
        for w in all() {
            let request = serde_json::json!({"system": "d12", "roll": "damage", "damage_dice": 2,
                "cap": w.base_cap, "column": w.column});
            assert!(crate::request_from_value(request).is_ok(), "{w:?}");
        }
    }
}
