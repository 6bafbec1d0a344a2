//! How a kind reads its lets, compiled once for a request: the value, the target or the named
//! outcomes' conditions, and the events, each a [`Formula`] over the slots; then read for each
//! combination of the lets' values (the odds) or for the one rolled (a roll), the same way.

use crate::notation::{Formula, Lookup};
use crate::system_file::model::{Condition, Reading};
use crate::RulesError;

use super::lets::refused_at;
use super::named::SpelledNames;

/// The reading of a kind, ready.
pub(super) struct ReadyReading {
    shape: Shape,
    events: Vec<Formula>,
    /// The value, when nothing else of the lets is read (the outcomes and events read only
    /// `@value`, or a number has no events): its distribution is all the odds need.
    sum: Option<Formula>,
    /// The named outcomes' names spelled from the roll, compiled.
    spelled: SpelledNames,
}

enum Shape {
    Number {
        value: Formula,
        target: i64,
    },
    Named {
        /// `@value`, when the kind reads one its lets do not already give (written into
        /// `value_slot`).
        value: Option<Formula>,
        /// Where `@value` is, when the kind has one.
        value_slot: Option<usize>,
        whens: Vec<Option<Formula>>,
    },
}

/// What one combination of the lets' values reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Read {
    /// The value, for a number or a named reading that has one.
    pub value: Option<i64>,
    /// The named outcome's place (0 for a number).
    pub outcome: usize,
}

/// Why a combination cannot be read: what failed, in words.
pub(super) struct Unreadable(pub String);

/// What a reading's names stand for: `any` name (a value given, worked in; a let's or
/// `@value`, a slot), or only those `known` before the roll (a target reads only those).
pub(super) struct Names<'a> {
    pub any: &'a dyn Fn(&str) -> Option<Lookup>,
    pub known: &'a dyn Fn(&str) -> Option<Lookup>,
}

fn compile(
    text: &str,
    field: &str,
    lookup: &dyn Fn(&str) -> Option<Lookup>,
) -> Result<Formula, RulesError> {
    Formula::parse(text, lookup).map_err(|mut problems| refused_at(field, problems.remove(0)))
}

impl ReadyReading {
    /// `reading` compiled; `value_in_slot`: the kind's value is already a let's (a kind
    /// without lets rolls its value as one), `value_slot` where a named reading keeps `@value`.
    pub fn new(
        reading: &Reading,
        events: &[Condition],
        names: &Names,
        value_in_slot: Option<usize>,
        value_slot: usize,
    ) -> Result<Self, RulesError> {
        let spelled = match reading {
            Reading::Named { outcomes, .. } => SpelledNames::new(outcomes, names.any)?,
            Reading::Number { .. } => SpelledNames::none(),
        };
        let shape = match reading {
            Reading::Number { value, target } => {
                let value = match value_in_slot {
                    Some(slot) => compile("@value", "reading.value", &|n| {
                        (n == "value").then_some(Lookup::Slot(slot))
                    })?,
                    None => compile(value, "reading.value", names.any)?,
                };
                let target_formula = compile(target, "reading.target", names.known)?;
                let target = target_formula.eval(&[]).map_err(|_| {
                    RulesError::invalid("reading.target", "divides by 0 with these values")
                })?;
                Shape::Number { value, target }
            }
            Reading::Named {
                value, outcomes, ..
            } => {
                let (value, value_slot) = match (value, value_in_slot) {
                    (Some(text), None) => (
                        Some(compile(text, "reading.value", names.any)?),
                        Some(value_slot),
                    ),
                    (_, Some(slot)) => (None, Some(slot)),
                    (None, None) => (None, None),
                };
                let whens = outcomes
                    .iter()
                    .map(|o| {
                        o.when
                            .as_deref()
                            .map(|w| compile(w, &format!("reading.outcomes.{}", o.name), names.any))
                            .transpose()
                    })
                    .collect::<Result<Vec<_>, RulesError>>()?;
                Shape::Named {
                    value,
                    value_slot,
                    whens,
                }
            }
        };
        let events = events
            .iter()
            .map(|e| compile(&e.when, &format!("events.{}", e.name), names.any))
            .collect::<Result<Vec<_>, RulesError>>()?;
        let mut ready = Self {
            shape,
            events,
            sum: None,
            spelled,
        };
        ready.sum = match &ready.shape {
            Shape::Number { value, .. } if ready.events.is_empty() => Some(value.clone()),
            Shape::Named { value, .. } => ready.by_value().map(|slot| match value {
                Some(value) => value.clone(),
                None => Formula::parse("@value", |_| Some(Lookup::Slot(slot)))
                    .expect("a name is a formula"),
            }),
            Shape::Number { .. } => None,
        };
        Ok(ready)
    }

    /// Every slot its formulas read (the value, the outcomes' conditions and spelled names,
    /// the events), and a value that is a let's, each once, ascending.
    pub fn slots(&self) -> Vec<usize> {
        let mut formulas: Vec<&Formula> = self.outcome_readers().collect();
        let mut slots = Vec::new();
        match &self.shape {
            Shape::Number { value, .. } => formulas.push(value),
            Shape::Named {
                value, value_slot, ..
            } => {
                formulas.extend(value);
                if value.is_none() {
                    slots.extend(value_slot);
                }
            }
        }
        slots.extend(formulas.iter().flat_map(|f| f.slots()));
        slots.sort_unstable();
        slots.dedup();
        slots
    }

    /// The value as a formula over the lets' slots, when the odds need only its distribution.
    pub fn sum(&self) -> Option<&Formula> {
        self.sum.as_ref()
    }

    /// The smallest value that succeeds, for a number.
    pub fn target(&self) -> Option<i64> {
        match self.shape {
            Shape::Number { target, .. } => Some(target),
            Shape::Named { .. } => None,
        }
    }

    /// Where a named reading keeps `@value`, when its outcomes and events read nothing else
    /// of the dice: then the odds read each value once, not each combination that makes it.
    pub fn by_value(&self) -> Option<usize> {
        let Shape::Named {
            value_slot: Some(slot),
            ..
        } = &self.shape
        else {
            return None;
        };
        self.outcome_readers()
            .all(|f| f.reads_only(*slot))
            .then_some(*slot)
    }

    /// What reads the outcome and the events once the value is known: the outcomes'
    /// conditions, the expressions their names are spelled with, the events' conditions.
    fn outcome_readers(&self) -> impl Iterator<Item = &Formula> {
        let whens = match &self.shape {
            Shape::Named { whens, .. } => whens.as_slice(),
            Shape::Number { .. } => &[],
        };
        whens
            .iter()
            .flatten()
            .chain(&self.events)
            .chain(self.spelled.formulas())
    }

    /// The values of `@value` at which what [`ReadyReading::by_value`] reads may change,
    /// ascending (its outcomes, their spelled names and its events the same from each to the
    /// next): `None` when one reads `@value` other than against a number.
    pub fn value_steps(&self) -> Option<Vec<i64>> {
        let slot = self.by_value()?;
        let mut steps = Vec::new();
        for formula in self.outcome_readers() {
            steps.extend(formula.step_starts(slot)?);
        }
        steps.sort_unstable();
        steps.dedup();
        Some(steps)
    }

    /// The numbers outcome `at` spells its name with (`None`: its name as written).
    pub fn spell(&self, at: usize, slots: &[i64]) -> Result<Option<Vec<i64>>, Unreadable> {
        self.spelled.numbers(at, slots).map_err(Unreadable)
    }

    /// The value of a named reading (written at its slot), its outcomes left unread.
    pub fn value(&self, slots: &mut [i64]) -> Result<i64, Unreadable> {
        match &self.shape {
            Shape::Named {
                value: Some(formula),
                value_slot: Some(slot),
                ..
            } => {
                slots[*slot] = formula
                    .eval(slots)
                    .map_err(|_| Unreadable("the value divides by 0".into()))?;
                Ok(slots[*slot])
            }
            Shape::Named {
                value_slot: Some(slot),
                ..
            } => Ok(slots[*slot]),
            _ => Err(Unreadable("the reading has no value".into())),
        }
    }

    /// The outcome of a named reading whose `@value` is already at its slot.
    pub fn outcome(&self, slots: &[i64]) -> Result<usize, Unreadable> {
        let Shape::Named { whens, .. } = &self.shape else {
            return Ok(0);
        };
        for (at, when) in whens.iter().enumerate() {
            let holds = match when {
                None => true,
                Some(f) => {
                    f.eval(slots)
                        .map_err(|_| Unreadable("a condition divides by 0".into()))?
                        != 0
                }
            };
            if holds {
                return Ok(at);
            }
        }
        Err(Unreadable(
            "no outcome's condition holds: end the outcomes with one that has no condition \
             (otherwise)"
                .into(),
        ))
    }

    pub fn events(&self) -> usize {
        self.events.len()
    }

    /// What the lets' values in `slots` read as (a named reading's `@value` written there).
    pub fn read(&self, slots: &mut [i64]) -> Result<Read, Unreadable> {
        let divided = |what: &str| Unreadable(format!("{what} divides by 0"));
        match &self.shape {
            Shape::Number { value, .. } => Ok(Read {
                value: Some(value.eval(slots).map_err(|_| divided("the value"))?),
                outcome: 0,
            }),
            Shape::Named {
                value, value_slot, ..
            } => {
                if let (Some(formula), Some(slot)) = (value, value_slot) {
                    slots[*slot] = formula.eval(slots).map_err(|_| divided("the value"))?;
                }
                let value = value_slot.map(|slot| slots[slot]);
                Ok(Read {
                    value,
                    outcome: self.outcome(slots)?,
                })
            }
        }
    }

    /// Whether event `at` happens with the values in `slots` (read after [`ReadyReading::read`]).
    pub fn event(&self, at: usize, slots: &[i64]) -> Result<bool, Unreadable> {
        self.events[at]
            .eval(slots)
            .map(|v| v != 0)
            .map_err(|_| Unreadable("an event's condition divides by 0".into()))
    }
}
