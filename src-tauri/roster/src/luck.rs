//! How lucky the dice were, over the roll log: each judged roll's percentile
//! (`rollbook_rules::standing`) grouped overall, by character and by evening. Pure: the store
//! reads the rolls and works out their standings (`Store::luck`); the grouping here takes the
//! time zone as an argument, so a test can fix it.

use std::collections::BTreeMap;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use rollbook_rules::standing::{luck_of, Luck, Standing};
use serde::Serialize;
use uuid::Uuid;

/// An evening runs from 6 in the morning to 6 the next morning, local time: a session that goes
/// past midnight stays one evening.
pub const EVENING_STARTS_AT_HOUR: i64 = 6;

/// One logged roll and where it stood.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedRoll {
    pub id: i64,
    pub at: Timestamp,
    pub character_id: Option<Uuid>,
    pub character_name: Option<String>,
    pub standing: Standing,
}

/// The luck of the rolls `LogQuery` picks.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LuckReport {
    /// Every judged roll together.
    pub overall: Luck,
    /// One per character who rolled (by name), then one per quick NPC who rolled at the table
    /// (`character_id` `null`, its name), then the rolls made for no one (Quick roll, a
    /// roster's own rolls) with `character_id` and `name` `null`.
    pub characters: Vec<CharacterLuck>,
    /// One per evening (6 am to 6 am local time), newest first.
    pub evenings: Vec<EveningLuck>,
    /// Each judged roll's percentile by its log id, newest first (the log's order).
    pub rolls: Vec<RollStanding>,
    /// Rolls that could not be judged: their request no longer reads under the roster's house
    /// rules, or their outcome is not one the odds have (house rules changed since), or their
    /// system is no longer held (those are counted in `systems_gone` too).
    pub unjudged: usize,
    /// The systems of unjudged rolls that are no longer held here (a system file removed), each
    /// with how many rolls of it, by id.
    pub systems_gone: Vec<SystemGone>,
}

/// A system the log names that is no longer held (its file was removed), and how many of the
/// unjudged rolls were of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SystemGone {
    pub system: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub rolls: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterLuck {
    pub character_id: Option<Uuid>,
    pub name: Option<String>,
    pub luck: Luck,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EveningLuck {
    /// The day the evening began, "2026-11-22".
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub evening: Date,
    pub luck: Luck,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RollStanding {
    /// The log entry's id (`LogEntry::id`).
    pub id: i64,
    /// P(a worse outcome) + ½·P(this one), 0 to 1.
    pub percentile: f64,
}

/// Whose rolls a group holds: a stored character's (by id), a name's with no stored character
/// behind it (a quick NPC at the table), or no one's.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Who {
    Character(Uuid),
    Named(String),
    Nobody,
}

/// The evening a moment belongs to in `zone`: the local date of 6 hours earlier.
pub fn evening_of(at: Timestamp, zone: &TimeZone) -> Date {
    let earlier = at - SignedDuration::from_hours(EVENING_STARTS_AT_HOUR);
    earlier.to_zoned(zone.clone()).date()
}

/// Groups judged rolls (newest first) overall, by character and by evening in `zone`.
pub fn report(
    rolls: &[JudgedRoll],
    unjudged: usize,
    systems_gone: Vec<SystemGone>,
    zone: &TimeZone,
) -> LuckReport {
    // Stored characters first, then those with only a name (quick NPCs at the table), then the
    // rolls made for no one; each by name.
    type Group = (u8, String, Who);
    let mut characters: BTreeMap<Group, Vec<&Standing>> = BTreeMap::new();
    let mut names: BTreeMap<Who, Option<String>> = BTreeMap::new();
    let mut evenings: BTreeMap<Date, Vec<&Standing>> = BTreeMap::new();
    for roll in rolls {
        let who = match (roll.character_id, &roll.character_name) {
            (Some(id), _) => Who::Character(id),
            (None, Some(name)) => Who::Named(name.clone()),
            (None, None) => Who::Nobody,
        };
        // The newest roll's name is the character's (a renamed character keeps one group).
        let name = names
            .entry(who.clone())
            .or_insert_with(|| roll.character_name.clone())
            .clone();
        let rank = match who {
            Who::Character(_) => 0,
            Who::Named(_) => 1,
            Who::Nobody => 2,
        };
        let key = (rank, name.unwrap_or_default().to_lowercase(), who);
        characters.entry(key).or_default().push(&roll.standing);
        evenings
            .entry(evening_of(roll.at, zone))
            .or_default()
            .push(&roll.standing);
    }
    LuckReport {
        overall: luck_of(rolls.iter().map(|r| &r.standing)),
        characters: characters
            .into_iter()
            .map(|((_, _, who), standings)| CharacterLuck {
                character_id: match who {
                    Who::Character(id) => Some(id),
                    _ => None,
                },
                name: names.get(&who).cloned().flatten(),
                luck: luck_of(standings),
            })
            .collect(),
        evenings: evenings
            .into_iter()
            .rev()
            .map(|(evening, standings)| EveningLuck {
                evening,
                luck: luck_of(standings),
            })
            .collect(),
        rolls: rolls
            .iter()
            .map(|r| RollStanding {
                id: r.id,
                percentile: r.standing.percentile,
            })
            .collect(),
        unjudged,
        systems_gone,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::tz::Offset;

    fn standing(percentile: f64) -> Standing {
        Standing {
            percentile,
            variance: 1.0 / 12.0,
            fair_tenths: [0.1; 10],
        }
    }

    fn roll(id: i64, at: &str, who: Option<(u128, &str)>, percentile: f64) -> JudgedRoll {
        JudgedRoll {
            id,
            at: at.parse().unwrap(),
            character_id: who.map(|(n, _)| Uuid::from_u128(n)),
            character_name: who.map(|(_, name)| name.to_string()),
            standing: standing(percentile),
        }
    }

    #[test]
    fn an_evening_runs_from_6_am_to_6_am_local_time() {
        let new_york = TimeZone::fixed(Offset::constant(-5));
        let at = |t: &str| t.parse::<Timestamp>().unwrap();
        let date = |d: &str| d.parse::<Date>().unwrap();
        // 02:30 local on the 23rd is still the evening of the 22nd; 06:00 starts the 23rd's.
        assert_eq!(
            evening_of(at("2026-11-23T07:30:00Z"), &new_york),
            date("2026-11-22")
        );
        assert_eq!(
            evening_of(at("2026-11-23T10:59:59Z"), &new_york),
            date("2026-11-22")
        );
        assert_eq!(
            evening_of(at("2026-11-23T11:00:00Z"), &new_york),
            date("2026-11-23")
        );
        // The same moment in UTC is past 6 am: another evening.
        assert_eq!(
            evening_of(at("2026-11-23T07:30:00Z"), &TimeZone::UTC),
            date("2026-11-23")
        );
    }

    #[test]
    fn rolls_group_by_character_and_by_evening_newest_first() {
        let zone = TimeZone::fixed(Offset::constant(-5));
        let rolls = [
            roll(4, "2026-11-24T01:00:00Z", Some((2, "Vex")), 0.9),
            roll(3, "2026-11-23T05:00:00Z", None, 0.5),
            roll(2, "2026-11-23T04:00:00Z", Some((1, "Grub")), 0.2),
            roll(1, "2026-11-22T23:00:00Z", Some((2, "Vex (old name)")), 0.7),
        ];
        let report = report(&rolls, 1, Vec::new(), &zone);
        assert_eq!(report.overall.rolls, 4);
        assert!((report.overall.mean.unwrap() - 0.575).abs() < 1e-12);
        let who: Vec<(Option<&str>, usize)> = report
            .characters
            .iter()
            .map(|c| (c.name.as_deref(), c.luck.rolls))
            .collect();
        assert_eq!(who, [(Some("Grub"), 1), (Some("Vex"), 2), (None, 1)]);
        // A quick NPC rolls at the table: its name, no character, a group of its own.
        let npc = JudgedRoll {
            id: 5,
            at: "2026-11-24T02:00:00Z".parse().unwrap(),
            character_id: None,
            character_name: Some("Drone 1".into()),
            standing: standing(0.1),
        };
        let with_npc = [&[npc][..], &rolls[..]].concat();
        let grouped = super::report(&with_npc, 0, Vec::new(), &zone);
        let who: Vec<(Option<Uuid>, Option<&str>, usize)> = grouped
            .characters
            .iter()
            .map(|c| (c.character_id, c.name.as_deref(), c.luck.rolls))
            .collect();
        assert_eq!(
            who,
            [
                (Some(Uuid::from_u128(1)), Some("Grub"), 1),
                (Some(Uuid::from_u128(2)), Some("Vex"), 2),
                (None, Some("Drone 1"), 1),
                (None, None, 1)
            ]
        );
        let evenings: Vec<(String, usize)> = report
            .evenings
            .iter()
            .map(|e| (e.evening.to_string(), e.luck.rolls))
            .collect();
        assert_eq!(
            evenings,
            [("2026-11-23".to_string(), 1), ("2026-11-22".to_string(), 3)]
        );
        assert_eq!(
            report.rolls.iter().map(|r| r.id).collect::<Vec<_>>(),
            [4, 3, 2, 1]
        );
        assert_eq!(report.unjudged, 1);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["evenings"][0]["evening"], "2026-11-23");
        assert_eq!(
            json["overall"]["verdict"], "too_few",
            "4 rolls are too few to judge"
        );
    }
}
