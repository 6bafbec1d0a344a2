//! The one list of systems: add a system's folder under `systems/` and its line here.

use crate::system::{Family, System};

/// Every system, in the order the app lists them: the five rules systems, then dice notation.
pub(crate) const REGISTRY: [&System; 6] = [
    &super::stunt::system::STUNT,
    &super::genre::system::GENRE,
    &super::universe::system::UNIVERSE,
    &super::marks::system::MARKS,
    &super::d12::system::D12,
    &super::dice::system::DICE,
];

/// The systems of one family, in registry order.
pub(crate) fn of_family(family: Family) -> impl Iterator<Item = &'static System> {
    REGISTRY.into_iter().filter(move |s| s.family == family)
}

/// The system with this id.
pub(crate) fn find(id: &str) -> Option<&'static System> {
    REGISTRY.into_iter().find(|s| s.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_limit_and_range_names_its_own_system() {
        for (i, system) in REGISTRY.iter().enumerate() {
            assert!(
                REGISTRY[..i].iter().all(|s| s.id != system.id),
                "{} twice",
                system.id
            );
            assert!(system.sheet_limits.iter().all(|l| l.system == system.id));
            assert!(system.move_ranges.iter().all(|r| r.system == system.id));
            assert!(system
                .house_rule_numbers
                .iter()
                .all(|n| n.system == system.id));
        }
    }

    #[test]
    fn every_house_rule_number_is_one_systems() {
        let listed: Vec<_> = REGISTRY
            .iter()
            .flat_map(|s| s.house_rule_numbers.iter().map(|n| n.name))
            .collect();
        let declared: Vec<_> = crate::HOUSE_RULE_NUMBERS.iter().map(|n| n.name).collect();
        assert_eq!(listed, declared);
    }
}
