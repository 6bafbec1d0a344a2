//! What a kind's combinations read as, added up ([`Tally`]): each value's chance, each named
//! outcome's, each event's. A named reading of `@value` alone is read once per value at the
//! end, a step of values at a time where its conditions compare `@value` with numbers.

use crate::answer::Odds;
use crate::system_file::model::{Reading, RollKind};
use crate::systems::shared::spread_numeric_odds;
use crate::RulesError;

use super::named::NamedTally;
use super::reading::Unreadable;
use super::ready::Ready;
use super::sums::merged;

/// What the combinations read as, summed: each value's chance (a number, or a named reading
/// read by value), each named outcome's, each event's.
pub(super) struct Tally {
    named: NamedTally,
    pub numbers: Vec<(i64, f64)>,
    event_chance: Vec<f64>,
    by_value: Option<usize>,
}

impl Tally {
    pub fn new(kind: &RollKind, ready: &Ready) -> Self {
        Self {
            named: match &kind.reading {
                Reading::Named {
                    outcomes, ranked, ..
                } => NamedTally::new(outcomes, ranked.as_deref()),
                Reading::Number { .. } => NamedTally::new(&[], None),
            },
            numbers: Vec::new(),
            event_chance: vec![0.0; ready.reading.events()],
            by_value: ready.reading.by_value(),
        }
    }

    /// Reads the lets' values now in `ready`'s slots, with chance `p`.
    pub fn add(&mut self, kind: &RollKind, ready: &mut Ready, p: f64) -> Result<(), RulesError> {
        if self.by_value.is_some() {
            // The outcomes and events read only `@value`: read each value once, at the end.
            let v = ready
                .reading
                .value(&mut ready.slots)
                .map_err(|why| ready.refused(why))?;
            self.numbers.push((v, p));
            return Ok(());
        }
        let read = match ready.reading.read(&mut ready.slots) {
            Ok(read) => read,
            Err(why) => return Err(ready.refused(why)),
        };
        match (&kind.reading, read.value) {
            (Reading::Number { .. }, Some(v)) => self.numbers.push((v, p)),
            _ => {
                let numbers = ready
                    .reading
                    .spell(read.outcome, &ready.slots)
                    .map_err(|why| ready.refused(why))?;
                self.named.add(read.outcome, numbers, p, read.value);
            }
        }
        for (e, chance) in self.event_chance.iter_mut().enumerate() {
            match ready.reading.event(e, &ready.slots) {
                Ok(true) => *chance += p,
                Ok(false) => {}
                Err(why) => return Err(ready.refused(why)),
            }
        }
        Ok(())
    }

    pub fn finish(mut self, kind: &RollKind, ready: &mut Ready) -> Result<Odds, RulesError> {
        if let Some(slot) = self.by_value {
            // Values ascending, read a step at a time: what the first value of a step reads,
            // every value up to the next step reads too (each value is a step of its own when
            // the reading has none). Added value by value, as each value was read before.
            let steps = ready.reading.value_steps();
            let mut values = merged(std::mem::take(&mut self.numbers))
                .into_iter()
                .peekable();
            while let Some(&(first, _)) = values.peek() {
                ready.slots[slot] = first;
                let read = ByValue::read(ready, self.event_chance.len())
                    .map_err(|why| ready.refused_at_value(why, first))?;
                let until = match &steps {
                    Some(steps) => steps.get(steps.partition_point(|&s| s <= first)).copied(),
                    None => Some(first),
                };
                let within = |&(v, _): &(i64, f64)| v == first || until.is_none_or(|u| v < u);
                while let Some((v, p)) = values.next_if(within) {
                    self.named
                        .add(read.outcome, read.numbers.clone(), p, Some(v));
                    let happen = self.event_chance.iter_mut().zip(&read.events);
                    for (chance, _) in happen.filter(|(_, happens)| **happens) {
                        *chance += p;
                    }
                }
            }
        }
        let mut odds = match ready.reading.target() {
            Some(target) => spread_numeric_odds(merged(self.numbers).into_iter(), target),
            None => self.named.odds()?,
        };
        odds.events = kind
            .events
            .iter()
            .zip(self.event_chance)
            .map(|(e, p)| (e.name.clone(), p))
            .collect();
        Ok(odds)
    }
}

/// What one `@value` reads as (at its slot in `ready`): its outcome, the numbers its name is
/// spelled with, whether each event happens.
struct ByValue {
    outcome: usize,
    numbers: Option<Vec<i64>>,
    events: Vec<bool>,
}

impl ByValue {
    fn read(ready: &Ready, events: usize) -> Result<Self, Unreadable> {
        let outcome = ready.reading.outcome(&ready.slots)?;
        Ok(Self {
            outcome,
            numbers: ready.reading.spell(outcome, &ready.slots)?,
            events: (0..events)
                .map(|e| ready.reading.event(e, &ready.slots))
                .collect::<Result<_, _>>()?,
        })
    }
}
