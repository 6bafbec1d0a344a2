//! How lucky the logged rolls were (`crate::luck`): each roll's exact odds under its roster's
//! house rules (worked out once per request and roster), where its outcome stood in them, and
//! the runs grouped overall, by character and by evening.

use std::collections::{BTreeMap, HashMap};

use jiff::tz::TimeZone;
use rollbook_rules::{standing, HouseRules, Odds, RollRequest};

use super::{parse_id, Store};
use crate::error::Result;
use crate::luck::{report, JudgedRoll, LuckReport, SystemGone};
use crate::model::from_millis;
use crate::LogQuery;

/// A roll as the luck needs it: who, when, what was asked and what came of it.
struct LuckRow {
    id: i64,
    at: i64,
    roster_id: Option<String>,
    character_id: Option<String>,
    character_name: Option<String>,
    request: String,
    outcome: String,
}

/// The logged rolls a luck report judges and the house rules of their rosters, read from the
/// store; [`LuckRolls::judge`] works out the odds and the report without it (the window judges
/// them off the store's lock, so the log's rows never wait for it).
pub struct LuckRolls {
    rows: Vec<LuckRow>,
    house: HashMap<Option<String>, HouseRules>,
}

impl Store {
    /// The luck of the rolls `query` picks, evenings in the system's time zone.
    pub fn luck(&self, query: &LogQuery) -> Result<LuckReport> {
        self.luck_rolls(query)?.judge(&TimeZone::system())
    }

    /// The luck of the rolls `query` picks, evenings (6 am to 6 am) in `zone`.
    pub fn luck_in(&self, query: &LogQuery, zone: &TimeZone) -> Result<LuckReport> {
        self.luck_rolls(query)?.judge(zone)
    }

    /// The rolls `query` picks, to be judged.
    pub fn luck_rolls(&self, query: &LogQuery) -> Result<LuckRolls> {
        let rows = self.luck_rows(query)?;
        let mut house = HashMap::new();
        for row in &rows {
            if !house.contains_key(&row.roster_id) {
                let rules = self.house_rules_of(row.roster_id.as_deref());
                house.insert(row.roster_id.clone(), rules);
            }
        }
        Ok(LuckRolls { rows, house })
    }

    /// A roster's house rules; the rules as written for no roster, or one no longer stored.
    fn house_rules_of(&self, roster_id: Option<&str>) -> HouseRules {
        roster_id
            .and_then(|id| parse_id(id).ok())
            .and_then(|id| self.roster(id).ok())
            .map(|roster| roster.house_rules)
            .unwrap_or_else(|| HouseRules::ruled().clone())
    }

    fn luck_rows(&self, query: &LogQuery) -> Result<Vec<LuckRow>> {
        let (filter, values) = query.filter();
        let limit = query
            .limit
            .map(|n| format!(" LIMIT {n}"))
            .unwrap_or_default();
        let mut stmt = self.conn().prepare(&format!(
            "SELECT id, at, roster_id, character_id, character_name, request, outcome
               FROM roll_log {filter} ORDER BY at DESC, id DESC{limit}"
        ))?;
        let rows = stmt.query_map(rusqlite::params_from_iter(values), |row| {
            Ok(LuckRow {
                id: row.get(0)?,
                at: row.get(1)?,
                roster_id: row.get(2)?,
                character_id: row.get(3)?,
                character_name: row.get(4)?,
                request: row.get(5)?,
                outcome: row.get(6)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

/// A logged request read back and its exact odds under its roster's house rules.
type Exact = (RollRequest, Odds);

impl LuckRolls {
    /// Each roll's standing in its exact odds (worked out once per request and roster), grouped
    /// overall, by character and by evening in `zone`.
    pub fn judge(self, zone: &TimeZone) -> Result<LuckReport> {
        let ruled = HouseRules::ruled();
        let mut odds: HashMap<(Option<String>, String), Judging> = HashMap::new();
        let mut judged = Vec::with_capacity(self.rows.len());
        let mut unjudged = 0;
        let mut gone: BTreeMap<String, usize> = BTreeMap::new();
        for row in self.rows {
            let rules = self.house.get(&row.roster_id).unwrap_or(ruled);
            let exact =
                odds.entry((row.roster_id, row.request))
                    .or_insert_with_key(|(_, request)| {
                        match rollbook_rules::parse_request(request) {
                            Ok(request) => match rollbook_rules::odds_with(&request, rules) {
                                Ok(odds) => Judging::Exact(Box::new((request, odds))),
                                Err(_) => Judging::Unreadable,
                            },
                            Err(refused) if system_refused(&refused) => {
                                system_of(request).map_or(Judging::Unreadable, Judging::SystemGone)
                            }
                            Err(_) => Judging::Unreadable,
                        }
                    });
            let standing = match exact {
                Judging::Exact(exact) => standing::standing(&exact.0, &exact.1, &row.outcome),
                Judging::SystemGone(system) => {
                    *gone.entry(system.clone()).or_default() += 1;
                    None
                }
                Judging::Unreadable => None,
            };
            let Some(standing) = standing else {
                unjudged += 1;
                continue;
            };
            judged.push(JudgedRoll {
                id: row.id,
                at: from_millis(row.at),
                character_id: row.character_id.as_deref().map(parse_id).transpose()?,
                character_name: row.character_name,
                standing,
            });
        }
        let systems_gone = gone
            .into_iter()
            .map(|(system, rolls)| SystemGone { system, rolls })
            .collect();
        Ok(report(&judged, unjudged, systems_gone, zone))
    }
}

/// A logged request as luck reads it once per request and roster.
enum Judging {
    Exact(Box<Exact>),
    /// It names a system no longer held here (its file removed): by its id.
    SystemGone(String),
    /// It no longer reads or has no odds (house rules changed since).
    Unreadable,
}

/// Whether a request was refused for its system (not held here at all), by the field refused.
/// A version no longer held while the system is (`system_version`) is not a system gone: that
/// request is unjudged with the others whose odds cannot be read now.
fn system_refused(refused: &rollbook_rules::RulesError) -> bool {
    refused.field() == Some("system")
}

/// The `system` a logged request names.
fn system_of(request: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(request).ok()?;
    Some(value.get("system")?.as_str()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(request: &str) -> rollbook_rules::RulesError {
        rollbook_rules::parse_request(request).unwrap_err()
    }

    #[test]
    fn only_a_system_not_held_at_all_is_a_system_gone() {
        assert!(system_refused(&refusal(
            r#"{"system":"apoc","roll":"move"}"#
        )));
        // The system is held, at another version: its rolls are unjudged, not "gone".
        let version = refusal(r#"{"system":"file-genre","system_version":99,"roll":"action"}"#);
        assert_eq!(version.field(), Some("system_version"), "{version}");
        assert!(!system_refused(&version));
        assert!(!system_refused(&refusal(
            r#"{"system":"file-genre","roll":"action","dice":"many"}"#
        )));
    }
}
