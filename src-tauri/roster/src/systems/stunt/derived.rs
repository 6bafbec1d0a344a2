//! Uniform Stunt Chart: for each base stat and ability, the product 2d6 must reach against each
//! defending level (the roster's chart row of its level), and HTK.

use rollbook_rules::HouseRules;

use crate::check::{field, index};
use crate::sheet::Derived;
use crate::sheet::StuntSheet;

pub(super) fn derived(sheet: &StuntSheet, house: &HouseRules) -> Vec<Derived> {
    let mut out = Vec::new();
    let rated = sheet
        .basestats
        .iter()
        .map(|(stat, level)| (field("basestats", stat), stat.as_str(), level))
        .chain(
            sheet
                .abilities
                .iter()
                .enumerate()
                .map(|(i, a)| (index("abilities", i), a.name.as_str(), &a.level)),
        );
    for (path, name, level) in rated {
        if let Some(targets) = targets(house, level) {
            out.push(Derived::new(
                path,
                format!("{} targets", name.trim()),
                targets,
                format!(
                    "the product of 2d6 needed with {} as the Active Level against each Defending Level (this roster's chart); doubles always succeed, 1-1 always fails",
                    level.trim()
                ),
            ));
        }
    }
    out.push(Derived::new(
        "htk",
        "HTK",
        format!("{} of {}", sheet.htk.current, sheet.htk.max),
        "Hits To Kill: damage is subtracted from it",
    ));
    out
}

/// "Poor 4, Average 6, …": the chart row of `level`; `None` for a level not on the chart.
fn targets(house: &HouseRules, level: &str) -> Option<String> {
    let chart = &house.stunt;
    let active = chart.level_index(level)?;
    let row = chart.chart.get(active)?;
    Some(
        chart
            .levels
            .iter()
            .zip(row)
            .map(|(defending, target)| format!("{defending} {target}"))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

#[cfg(test)]
mod tests {
    use crate::sheet::Sheet;
    use crate::System;
    use rollbook_rules::{HouseRules, StuntChart};
    use serde_json::json;

    #[test]
    fn each_rating_reads_its_row_of_the_ruled_chart() {
        let house = HouseRules::default();
        let sheet = Sheet::from_json(
            System::Stunt,
            &json!({"basestats": {"ATT": "Mutant", "POWER": "Mutant", "LUCK": "Average"},
                    "abilities": [{"name": "Locksmith", "level": "Skilled"}],
                    "htk": {"current": 25, "max": 30}}),
            &house,
        )
        .unwrap();
        let all = sheet.derived(&house);
        let locksmith = all.iter().find(|d| d.path == "abilities[0]").unwrap();
        assert_eq!(locksmith.label, "Locksmith targets");
        // Skilled is index 3: d = defending - 3, so Poor d=-3 → 4, Average -2 → 6, Good -1 → 8,
        // Skilled 0 → 12, Talented +1 → 15, …, Omega +6 → 36 (RULES.md's ruled chart).
        assert_eq!(
            locksmith.value,
            "Poor 4, Average 6, Good 8, Skilled 12, Talented 15, Champion 18, Heroic 20, Mutant 24, Cosmic 30, Omega 36"
        );
        let luck = all.iter().find(|d| d.path == "basestats.LUCK").unwrap();
        assert!(
            luck.value.starts_with("Poor 8, Average 12, Good 15"),
            "{}",
            luck.value
        );
        assert_eq!(all.last().unwrap().value, "25 of 30");
    }

    #[test]
    fn a_house_chart_is_what_is_read() {
        let mut chart = StuntChart::ruled(vec!["Low".into(), "High".into()]);
        chart.chart[1][0] = 5;
        let house = HouseRules {
            stunt: chart,
            ..HouseRules::default()
        };
        let sheet = Sheet::from_json(
            System::Stunt,
            &json!({"basestats": {"ATT": "high", "POWER": "Low", "LUCK": "Low"}}),
            &house,
        )
        .unwrap();
        let all = sheet.derived(&house);
        assert_eq!(all[0].value, "Low 5, High 12");
        assert_eq!(all[1].value, "Low 12, High 15");
    }
}
