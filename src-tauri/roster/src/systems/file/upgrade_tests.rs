//! A ratings list carried to a version with a narrower range, a smaller count and a budget:
//! each value changed is kept aside with its rating's name, and the sheet passes the check.

use std::collections::BTreeMap;
use std::sync::Arc;

use rollbook_rules::system_file::read;
use serde_json::json;

use super::super::handle::FileSystem;
use super::super::sheet::FileSheet;
use super::ChangeKind;
use crate::check::Check;

fn version(version: u32, ratings: &str) -> FileSystem {
    let text = format!(
        "format = 1\nid = \"upgrade-unit-ratings\"\nversion = {version}\nname = \"R\"\n\n\
         [sheet.skills]\ntype = \"ratings\"\n{ratings}\n\n\
         [rolls.go]\nname = \"Go\"\nvalue = \"d6\"\ntarget = \"4\"\n"
    );
    FileSystem::kept(Arc::new(read(&text).unwrap_or_else(|p| panic!("{p:?}"))))
}

#[test]
fn a_list_is_fitted_to_range_count_and_budget_and_every_value_changed_is_kept() {
    let v1 = version(1, "min = 0\nmax = 3\nmax_count = 5");
    let v2 = version(2, "min = 0\nmax = 2\nmax_count = 2\nbudget = 3");
    let mut problems = Vec::new();
    let given = json!({"skills": [
        {"name": "climb", "value": 3}, {"name": "fight", "value": 3}, {"name": "sneak", "value": 1}
    ]});
    let sheet = FileSheet::read(v1, &given, &BTreeMap::new(), "sheet", &mut problems).unwrap();
    let (up, changes) = sheet.upgraded(v2);
    // climb and fight fall to 2 (the range), sneak leaves (the count), then fight to 1 (the
    // budget of 3, the last rating lowered first).
    assert_eq!(
        up.values["skills"],
        json!([{"name": "climb", "value": 2}, {"name": "fight", "value": 1}])
    );
    let kept: Vec<(Option<&str>, i64)> = up
        .kept
        .iter()
        .map(|k| (k.rating.as_deref(), k.value.as_i64().unwrap()))
        .collect();
    assert_eq!(
        kept,
        [
            (Some("climb"), 3),
            (Some("fight"), 3),
            (Some("sneak"), 1),
            (Some("fight"), 2)
        ]
    );
    assert!(changes.iter().all(|c| c.kind == ChangeKind::Refused));
    assert_eq!(changes[2].path, "sheet.skills[2]");
    let mut check = Check {
        problems: &mut problems,
    };
    up.check_limits(&Default::default(), "sheet", &mut check);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn a_list_short_of_its_new_minimum_takes_the_suggested_ratings() {
    let v1 = version(3, "min = 0\nmax = 3");
    let v2 = version(
        4,
        "min = 0\nmax = 3\ndefault = 1\nmin_count = 2\nsuggested = [\"climb\"]",
    );
    let sheet = FileSheet::blank(v1);
    let (up, changes) = sheet.upgraded(v2);
    assert_eq!(
        up.values["skills"],
        json!([{"name": "climb", "value": 1}, {"name": "Skills 2", "value": 1}])
    );
    assert_eq!(changes.len(), 2);
    assert!(changes.iter().all(|c| c.kind == ChangeKind::Added));
    assert!(up.kept.is_empty());
}
