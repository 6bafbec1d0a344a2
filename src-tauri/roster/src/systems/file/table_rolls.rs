//! Rolls at the table of a system from a file: a participant's roll of one of the file's kinds,
//! its fields filled from the participant's sheet (`from_sheet`) and, against another
//! participant, from theirs (`from_opponent`), then the fields the GM gives (a target, a mode);
//! and the initiative the file declares (`[table] initiative`), rolled for every participant
//! and read highest first. Each roll is made with the move's dice under the roster's house
//! rules and logged like the five's table rolls (secret when the move is).

use std::collections::BTreeMap;

use rollbook_rules::system_file::{RollKind, SheetFieldKind};
use rollbook_rules::table::Event;
use rollbook_rules::{RollRequest, RollResult};
use serde_json::{Map, Value};

use super::roll_ask::RollAsk;
use super::sheet::FileSheet;
use super::system::house_numbers;
use super::table::FileTable;
use crate::sheet::Sheet;
use crate::table::{Outcome, Seat, TableContext, TableError, TableRoll};

impl FileTable {
    fn kind(&self, roll: &str) -> Result<&'static RollKind, TableError> {
        let file = self.system.file();
        file.rolls.iter().find(|k| k.id == roll).ok_or_else(|| {
            let ids: Vec<&str> = file.rolls.iter().map(|k| k.id.as_str()).collect();
            TableError::Invalid(format!(
                "{} has no roll `{}`; it has {}",
                file.name,
                rollbook_rules::text::excerpt(roll),
                ids.join(", ")
            ))
        })
    }

    /// The sheet a seat rolls with: its own, or a blank one (a quick NPC).
    fn sheet_of<'s>(&self, seat: &'s Seat) -> std::borrow::Cow<'s, FileSheet> {
        match seat.sheet() {
            Some(Sheet::File(sheet)) => std::borrow::Cow::Borrowed(sheet),
            _ => std::borrow::Cow::Owned(FileSheet::blank(self.system)),
        }
    }

    /// The request `ask` makes: the kind's fields from the sheets, then the GM's.
    pub(super) fn request_for(
        &self,
        ask: &RollAsk,
        ctx: &TableContext,
    ) -> Result<RollRequest, TableError> {
        let kind = self.kind(ask.roll)?;
        let seat = ctx.seat(ask.participant_id)?;
        let house = house_numbers(ctx.house_rules);
        let own = self.sheet_of(seat);
        let opponent = match ask.against {
            Some(id) if id == ask.participant_id => {
                return Err(TableError::Invalid(
                    "a participant cannot roll against themselves".into(),
                ))
            }
            Some(id) => {
                if kind.fields.iter().all(|f| f.from_opponent.is_none()) {
                    return Err(TableError::Invalid(format!(
                        "`{}` reads nothing of another participant (no field has `from_opponent`); roll it without one",
                        kind.id
                    )));
                }
                let seat = ctx.seat(id)?;
                Some((seat, self.sheet_of(seat).into_owned()))
            }
            None => None,
        };
        let worked = self.system.file().sheet_values(&own.numbers(), &house);
        let mut request = own.request_of(kind, &worked.values);
        for field in &kind.fields {
            // The rating chosen of a ratings list (`request_of` leaves a list's field alone).
            if let (Some(name), Some(_)) = (field.from_sheet.as_deref(), ask.rating) {
                if let Some(value) = filled(&own, name, ask.rating, &house, seat)? {
                    request.insert(field.name.clone(), value.into());
                }
            }
            // From the other's ratings list: their rating of the name the roller rolls (an
            // athletics contest reads both athletics).
            if let (Some(name), Some((other, sheet))) = (field.from_opponent.as_deref(), &opponent)
            {
                if let Some(value) = filled(sheet, name, ask.rating, &house, other)? {
                    request.insert(field.name.clone(), value.into());
                }
            }
        }
        for (name, value) in ask.fields {
            request.insert(name.clone(), value.clone());
        }
        Ok(rollbook_rules::request_from_value(Value::Object(request))?)
    }

    /// One participant's roll, logged as theirs.
    pub(super) fn roll(
        &self,
        ask: &RollAsk,
        ctx: &TableContext,
    ) -> Result<Outcome<Self>, TableError> {
        let request = self.request_for(ask, ctx)?;
        let result = ctx.dice.roll(&request, ctx.house_rules, 0)?;
        let seat = ctx.seat(ask.participant_id)?;
        let against = match ask.against {
            Some(id) => format!(" against {}", ctx.seat(id)?.name()),
            None => String::new(),
        };
        let said = format!(
            "{} rolls {}{against}: {}",
            seat.name(),
            self.kind(ask.roll)?.name,
            result_words(&result)
        );
        Ok(Outcome {
            table: self.clone(),
            order: None,
            events: vec![Event::from(said)],
            rolls: vec![TableRoll {
                participant_id: Some(ask.participant_id),
                request,
                result,
            }],
        })
    }

    /// Every participant rolls the file's initiative (each with the move's next stream of
    /// dice); the order becomes highest value first, a tie kept in the order it was.
    pub(super) fn initiative(&self, ctx: &TableContext) -> Result<Outcome<Self>, TableError> {
        let Some(roll) = self.system.file().table.initiative.as_deref() else {
            return Err(TableError::Invalid(format!(
                "{} declares no initiative roll ([table] initiative): type the turn order",
                self.system.name()
            )));
        };
        let none = Map::new();
        let mut rolled = Vec::new();
        for (n, seat) in ctx.seats.iter().enumerate() {
            let ask = RollAsk {
                participant_id: seat.participant.id,
                roll,
                rating: None,
                fields: &none,
                against: None,
            };
            let request = self.request_for(&ask, ctx)?;
            let result = ctx.dice.roll(&request, ctx.house_rules, n as u64)?;
            rolled.push((seat, request, result));
        }
        // A stable sort: equal values keep the order they had.
        let mut order: Vec<usize> = (0..rolled.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(rolled[i].2.total.unwrap_or(i64::MIN)));
        let words: Vec<String> = order
            .iter()
            .map(|&i| format!("{} {}", rolled[i].0.name(), result_words(&rolled[i].2)))
            .collect();
        let ids = order.iter().map(|&i| rolled[i].0.participant.id).collect();
        Ok(Outcome {
            table: self.clone(),
            order: Some(ids),
            events: vec![Event::from(format!("Initiative: {}", words.join(", ")))],
            rolls: rolled
                .into_iter()
                .map(|(seat, request, result)| TableRoll {
                    participant_id: Some(seat.participant.id),
                    request,
                    result,
                })
                .collect(),
        })
    }
}

/// "success (17)": the outcome and the number the roll came to.
fn result_words(result: &RollResult) -> String {
    match result.total {
        // A roll read as its number (an initiative) has that number for its outcome: said once.
        Some(total) if result.outcome != total.to_string() => {
            format!("{} ({total})", result.outcome)
        }
        _ => result.outcome.clone(),
    }
}

/// The value the sheet value or ratings list `name` gives a field: a number, tracker, check or
/// derived value of `sheet` under the roster's house numbers, or the rating `rating` names of a
/// ratings list (none named: the field keeps its default).
fn filled(
    sheet: &FileSheet,
    name: &str,
    rating: Option<&str>,
    house: &BTreeMap<String, i64>,
    seat: &Seat,
) -> Result<Option<i64>, TableError> {
    let file = sheet.system.file();
    let is_list = file
        .sheet
        .iter()
        .any(|p| p.name == name && matches!(p.kind, SheetFieldKind::Ratings { .. }));
    if !is_list {
        let values = file.sheet_values(&sheet.numbers(), house).values;
        return Ok(values.get(name).copied());
    }
    let Some(wanted) = rating else {
        return Ok(None);
    };
    let ratings = sheet.ratings_of(name);
    match ratings
        .iter()
        .find(|r| r.name.trim().eq_ignore_ascii_case(wanted.trim()))
    {
        Some(r) => Ok(Some(r.value)),
        None => Err(TableError::Invalid(format!(
            "{} has no rating `{}` in {name}; they have {}",
            seat.name(),
            rollbook_rules::text::excerpt(wanted),
            if ratings.is_empty() {
                "none".to_string()
            } else {
                ratings
                    .iter()
                    .map(|r| r.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))),
    }
}
