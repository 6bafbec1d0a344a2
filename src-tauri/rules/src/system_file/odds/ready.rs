//! A roll kind made ready for one request's values, shared by the odds and the roll so both
//! read the dice the same way: the slots (the values given, then each let's, then `@value`),
//! the lets checked, the reading compiled.

use std::collections::BTreeMap;

use crate::notation::Lookup;
use crate::system_file::model::{Let, LetKind, Reading, RollKind};
use crate::RulesError;

use super::lets::{slot_names, ReadyLet};
use super::reading::{Names, ReadyReading, Unreadable};

pub(super) struct Ready {
    pub lets: Vec<ReadyLet>,
    pub reading: ReadyReading,
    /// Every slot's value: the values given filled in, the lets' and `@value` written per
    /// combination or roll.
    pub slots: Vec<i64>,
    names: Vec<String>,
    given: usize,
}

impl Ready {
    pub fn new(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<Self, RulesError> {
        let mut lets: Vec<Let> = kind.lets.clone();
        let value_text = match &kind.reading {
            Reading::Number { value, .. } => Some(value),
            Reading::Named { value, .. } => value.as_ref(),
        };
        // A kind without lets may roll dice in its value: it is one let, `@value`.
        let value_is_let = lets.is_empty() && value_text.is_some();
        if let (true, Some(text)) = (value_is_let, value_text) {
            lets.push(Let {
                name: "value".into(),
                what: LetKind::Roll { expr: text.clone() },
            });
        }
        let mut names: Vec<String> = values.keys().cloned().collect();
        let given = names.len();
        let mut slots: Vec<i64> = values.values().copied().collect();
        let let_slots: Vec<usize> = lets
            .iter()
            .map(|l| {
                let at = names.len();
                names.extend(slot_names(l));
                at
            })
            .collect();
        let value_slot = if value_is_let {
            let_slots[0]
        } else {
            names.push("value".into());
            names.len() - 1
        };
        slots.resize(names.len(), 0);
        // A value given is known now and worked into each formula; a let's is a slot.
        let any = |name: &str| {
            names.iter().position(|n| n == name).map(|at| {
                if at < given {
                    Lookup::Known(slots[at])
                } else {
                    Lookup::Slot(at)
                }
            })
        };
        let known = |name: &str| values.get(name).map(|v| Lookup::Known(*v));
        let ready_lets = lets
            .iter()
            .zip(&let_slots)
            .map(|(l, &at)| ReadyLet::new(l, at, values))
            .collect::<Result<Vec<_>, RulesError>>()?;
        let reading = ReadyReading::new(
            &kind.reading,
            &kind.events,
            &Names {
                any: &any,
                known: &known,
            },
            value_is_let.then_some(value_slot),
            value_slot,
        )?;
        Ok(Self {
            lets: ready_lets,
            reading,
            slots,
            names,
            given,
        })
    }

    /// A value that cannot be read (the outcomes read nothing else).
    pub fn refused_at_value(&self, why: Unreadable, value: i64) -> RulesError {
        RulesError::invalid("reading", format!("{} when @value = {value}", why.0))
    }

    /// A combination that cannot be read, refused with the lets' values it came to.
    pub fn refused(&self, why: Unreadable) -> RulesError {
        let at: Vec<String> = self.names[self.given..]
            .iter()
            .zip(&self.slots[self.given..])
            .filter(|(n, _)| {
                !(n.as_str() == "value" && self.lets.iter().all(|l| l.name != "value"))
            })
            .map(|(n, v)| format!("@{n} = {v}"))
            .collect();
        RulesError::invalid("reading", format!("{} when {}", why.0, at.join(", ")))
    }
}
