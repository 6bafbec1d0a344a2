//! Named outcomes, some spelled from the roll (`"spend_{4 * @short}"`,
//! [`crate::system_file::spelled`]): their expressions compiled once for a request
//! ([`SpelledNames`]), and the chance of every name met, added up by the name spelled
//! ([`NamedTally`]), in the outcomes' order (a spelled outcome's names by their numbers,
//! ascending).

use std::collections::BTreeMap;

use crate::answer::{Keyed, Odds};
use crate::notation::{Formula, Lookup};
use crate::system_file::model::NamedOutcome;
use crate::system_file::spelled::{self, Piece};
use crate::RulesError;

use super::lets::refused_at;

/// Each outcome's name expressions, compiled (none for a name as written).
pub(super) struct SpelledNames {
    each: Vec<Vec<Formula>>,
}

impl SpelledNames {
    /// A reading with no named outcomes.
    pub fn none() -> Self {
        Self { each: Vec::new() }
    }

    pub fn new(
        outcomes: &[NamedOutcome],
        lookup: &dyn Fn(&str) -> Option<Lookup>,
    ) -> Result<Self, RulesError> {
        let each = outcomes
            .iter()
            .map(|o| {
                let field = format!("reading.outcomes.{}", o.name);
                if !spelled::is_spelled(&o.name) {
                    return Ok(Vec::new());
                }
                let pieces = spelled::pieces(&o.name)
                    .map_err(|m| RulesError::invalid(field.clone(), m.message))?;
                pieces
                    .iter()
                    .filter_map(|p| match p {
                        Piece::Expr { text, .. } => Some(text),
                        Piece::Text(_) => None,
                    })
                    .map(|text| {
                        Formula::parse(text, lookup)
                            .map_err(|mut problems| refused_at(&field, problems.remove(0)))
                    })
                    .collect()
            })
            .collect::<Result<Vec<_>, RulesError>>()?;
        Ok(Self { each })
    }

    /// Every name expression compiled, for what asks which slots the reading reads.
    pub fn formulas(&self) -> impl Iterator<Item = &Formula> {
        self.each.iter().flatten()
    }

    /// The numbers outcome `at` spells its name with, read from `slots` (`None`: a name as
    /// written); `Err` when one divides by 0.
    pub fn numbers(&self, at: usize, slots: &[i64]) -> Result<Option<Vec<i64>>, String> {
        match self.each.get(at) {
            Some(formulas) if !formulas.is_empty() => formulas
                .iter()
                .map(|f| f.eval(slots))
                .collect::<Result<Vec<i64>, _>>()
                .map(Some)
                .map_err(|_| "an outcome's name divides by 0".into()),
            _ => Ok(None),
        }
    }
}

/// The name outcome `o` spells with `numbers` (as written without).
pub(super) fn name_of(o: &NamedOutcome, numbers: Option<&[i64]>) -> String {
    match (numbers, spelled::pieces(&o.name)) {
        (Some(numbers), Ok(pieces)) => spelled::spell(&pieces, numbers),
        _ => o.name.clone(),
    }
}

/// The chance of each named outcome, and of each name a spelled one met.
pub(super) struct NamedTally {
    outcomes: Vec<NamedOutcome>,
    /// The outcomes' places from worst to best when the file ranks them (`ranked`; a spelled
    /// outcome's names then rank by the value that spells them).
    ranked: Option<Vec<usize>>,
    /// A name as written: its chance.
    written: Vec<f64>,
    /// A spelled name: what met each set of numbers it was spelled with.
    spelled: Vec<BTreeMap<Vec<i64>, Met>>,
}

/// What met one spelled name: its chance, and each value that met it times its chance, summed
/// (`None` once one met it with no value).
#[derive(Clone, Copy)]
struct Met {
    chance: f64,
    weighted: Option<f64>,
}

impl NamedTally {
    pub fn new(outcomes: &[NamedOutcome], ranked: Option<&[usize]>) -> Self {
        Self {
            outcomes: outcomes.to_vec(),
            ranked: ranked.map(<[usize]>::to_vec),
            written: vec![0.0; outcomes.len()],
            spelled: vec![BTreeMap::new(); outcomes.len()],
        }
    }

    /// Outcome `at`, spelled with `numbers` (or as written), with chance `p`, met with the
    /// roll's `value` when it has one.
    pub fn add(&mut self, at: usize, numbers: Option<Vec<i64>>, p: f64, value: Option<i64>) {
        match numbers {
            Some(numbers) => {
                let met = self.spelled[at].entry(numbers).or_insert(Met {
                    chance: 0.0,
                    weighted: Some(0.0),
                });
                met.chance += p;
                met.weighted = met.weighted.zip(value).map(|(w, v)| w + p * v as f64);
            }
            None => self.written[at] += p,
        }
    }

    /// The names outcome `at` spelled (with their chances), worst first: by their numbers,
    /// ascending; when the file ranks its outcomes and each name came with a value, by the
    /// mean value that spelled it, lowest first (`spend_{4 * (@dc - @value)}`: the dearer
    /// spend, made by the lower roll, the worse).
    fn spelled_worst_first(&self, at: usize) -> Vec<(&Vec<i64>, f64)> {
        let mut met: Vec<(&Vec<i64>, f64, Option<f64>)> = self.spelled[at]
            .iter()
            .filter(|(_, met)| met.chance > 0.0)
            .map(|(numbers, met)| {
                let mean = met.weighted.map(|w| w / met.chance);
                (numbers, met.chance, mean)
            })
            .collect();
        if self.ranked.is_some() && met.iter().all(|(_, _, mean)| mean.is_some()) {
            // Stable: names of one mean stay in their numbers' order.
            let mean = |m: &(&Vec<i64>, f64, Option<f64>)| m.2.unwrap_or_default();
            met.sort_by(|a, b| mean(a).total_cmp(&mean(b)));
        }
        met.into_iter().map(|(n, p, _)| (n, p)).collect()
    }

    /// The odds by name, in the order the file ranks them (else as written): every outcome as
    /// written (its chance 0 when never met), each name a spelled outcome met in its place
    /// ([`Self::spelled_worst_first`]), one name met by several outcomes added up. A name met by an
    /// outcome that succeeds and by one that does not is refused: its success would be
    /// neither.
    pub fn odds(self) -> Result<Odds, RulesError> {
        let mut outcomes = Keyed::default();
        let mut succeeds: BTreeMap<String, bool> = BTreeMap::new();
        let mut add = |name: String, success: bool, p: f64| {
            if let Some(&was) = succeeds.get(&name) {
                if was != success {
                    return Err(RulesError::invalid(
                        "reading",
                        format!(
                            "the outcome `{}` is met by an outcome that succeeds and by one \
                             that does not: spell them apart",
                            crate::text::excerpt(&name)
                        ),
                    ));
                }
            }
            succeeds.insert(name.clone(), success);
            *outcomes.entry(name).or_insert(0.0) += p;
            Ok(())
        };
        let listed = match &self.ranked {
            Some(ranked) => ranked.clone(),
            None => (0..self.outcomes.len()).collect(),
        };
        for at in listed {
            let o = &self.outcomes[at];
            if !spelled::is_spelled(&o.name) {
                add(o.name.clone(), o.success, self.written[at])?;
                continue;
            }
            for (numbers, p) in self.spelled_worst_first(at) {
                add(name_of(o, Some(numbers)), o.success, p)?;
            }
        }
        let succeeding: Vec<&str> = outcomes
            .keys()
            .filter(|k| succeeds.get(*k) == Some(&true))
            .map(String::as_str)
            .collect();
        Ok(Odds::from_outcomes(outcomes.clone(), &succeeding))
    }
}
