//! Choices side by side: the exact odds of one request with one of its fields set to each of
//! several values (Grunt 0 to 3, advantage or not, the active level…). The command line's
//! `odds --vary` and the window's Compare both ask this, so their numbers are the same.

use serde_json::Value;

use crate::answer::Odds;
use crate::house_rules::HouseRules;
use crate::RulesError;

/// The odds of `request` with `field` set to each of `values`, in order: each the same answer as
/// the odds of the request with that field so set. A field the request's kind does not take is
/// refused (`vary`, naming the fields it takes); a value the field does not take is refused as
/// the request would be, located at `vary[i]`.
pub fn odds_varied(
    request: &Value,
    field: &str,
    values: &[Value],
    house: &HouseRules,
) -> Result<Vec<Odds>, RulesError> {
    varied_requests(request, field, values, house)?
        .iter()
        .map(|varied| crate::odds_with(varied, house))
        .collect()
}

/// The requests [`odds_varied`] answers, each checked ([`crate::check_odds`]) but none worked
/// out: the command line checks their work and writes each answer as it comes.
pub fn varied_requests(
    request: &Value,
    field: &str,
    values: &[Value],
    house: &HouseRules,
) -> Result<Vec<crate::RollRequest>, RulesError> {
    let parsed = crate::request_from_value(request.clone())?;
    let (system, roll) = parsed.kind_id();
    let catalog = crate::catalog_with(house);
    let kind = catalog
        .systems
        .iter()
        .chain(&catalog.notation)
        .chain(&catalog.files)
        .filter(|s| s.id == system)
        .flat_map(|s| &s.kinds)
        .find(|k| k.id == roll)
        .expect("every request's kind is in the catalog");
    let named_value = named_value(request, field);
    if named_value.is_none() && !kind.fields.iter().any(|f| f.name == field) {
        let given = request.get("values").and_then(Value::as_object);
        let names: Vec<String> = (kind.fields.iter().map(|f| f.name.clone()))
            .chain(
                given
                    .into_iter()
                    .flat_map(|v| v.keys().map(|k| format!("values.{k}"))),
            )
            .collect();
        return Err(RulesError::invalid(
            "vary",
            format!(
                "{system} {roll} has no field \"{field}\"; it takes {}",
                names.join(", ")
            ),
        ));
    }
    if values.is_empty() {
        return Err(RulesError::invalid("vary", "give at least one value"));
    }
    values
        .iter()
        .enumerate()
        .map(|(i, value)| {
            let mut varied = request.clone();
            match named_value {
                Some(name) => varied["values"][name] = value.clone(),
                None => varied[field] = value.clone(),
            }
            let varied = crate::request_from_value(varied).map_err(|e| e.at_index(i))?;
            crate::check_odds(&varied, house).map_err(|e| e.at_index(i))?;
            Ok(varied)
        })
        .collect()
}

/// `values.NAME` when the request gives `values` a `NAME` (a dice expression's `@NAME`): the
/// value varied is that one.
fn named_value<'a>(request: &Value, field: &'a str) -> Option<&'a str> {
    let name = field.strip_prefix("values.")?;
    request.get("values")?.get(name).map(|_| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_answer_is_the_odds_of_the_request_with_that_value() {
        let request = json!({"system": "genre", "roll": "action", "dice": 3, "difficulty": 2});
        let values = [json!(0), json!(1), json!(2), json!(3)];
        let varied = odds_varied(&request, "grunt", &values, HouseRules::ruled()).unwrap();
        assert_eq!(varied.len(), 4);
        for (value, odds) in values.iter().zip(&varied) {
            let mut one = request.clone();
            one["grunt"] = value.clone();
            let alone = crate::odds(&crate::request_from_value(one).unwrap()).unwrap();
            assert_eq!(&alone, odds, "grunt {value}");
        }
        assert!(varied[3].success > varied[0].success, "Grunt helps");
    }

    #[test]
    fn an_unknown_field_or_a_bad_value_is_refused_by_name() {
        let request = json!({"system": "d12", "roll": "straight", "ranks": 2});
        let error = odds_varied(&request, "grunt", &[json!(1)], HouseRules::ruled()).unwrap_err();
        assert_eq!(error.code(), "invalid_request");
        assert!(
            error
                .to_string()
                .starts_with("vary: d12 straight has no field \"grunt\"; it takes ranks"),
            "{error}"
        );
        let error = odds_varied(
            &request,
            "ranks",
            &[json!(1), json!(99)],
            HouseRules::ruled(),
        )
        .unwrap_err();
        assert!(error.to_string().starts_with("[1].ranks"), "{error}");
    }

    #[test]
    fn a_dice_expression_varies_its_target_and_each_value_it_is_given() {
        let request = json!({"system": "dice", "roll": "expr", "expr": "d20+@bonus",
                             "values": {"bonus": 2}, "target": 15});
        let house = HouseRules::ruled();
        for (field, value, set) in [
            ("target", json!(12), json!({"bonus": 2, "target": 12})),
            ("values.bonus", json!(5), json!({"bonus": 5, "target": 15})),
        ] {
            let varied = odds_varied(&request, field, &[value], house).unwrap();
            let mut one = request.clone();
            one["values"]["bonus"] = set["bonus"].clone();
            one["target"] = set["target"].clone();
            let alone = crate::odds(&crate::request_from_value(one).unwrap()).unwrap();
            assert_eq!(varied, vec![alone], "{field}");
        }
        let error = odds_varied(&request, "values.penalty", &[json!(1)], house).unwrap_err();
        assert!(
            error.to_string().ends_with("it takes target, values.bonus"),
            "{error}"
        );
    }
}
