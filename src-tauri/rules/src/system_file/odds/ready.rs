//! A roll kind made ready for one request's values, shared by the odds and the roll so both
//! read the dice the same way: the slots (the values given, then each let's, then `@value`),
//! the lets checked, the reading compiled.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::notation::{CertainFormula, Expression, Formula, Lookup};
use crate::system_file::kept::KindLayout;
use crate::system_file::lists;
use crate::system_file::model::{Let, LetKind, Reading, RollKind};
use crate::RulesError;

use super::lets::{reads, slot_names, ReadyLet};
use super::made::{key, Made};
use super::reading::{Names, ReadyReading, Unreadable};

/// A let as the request makes it ready: at once, or, when it reads earlier lets, for each
/// value of theirs it meets.
pub(super) enum Prepared {
    /// Made ready at once (and kept, [`Made`], when it reads only values given).
    Fixed(Arc<ReadyLet>),
    Depends(DependentLet),
    /// A let without dice that reads earlier lets (`left = "@sixes - @ones"`): arithmetic,
    /// compiled once and read for each of their values.
    Arith {
        name: String,
        slot: usize,
        formula: Formula,
        /// The earlier lets' slots it reads.
        reads: Vec<usize>,
    },
}

/// A let that reads earlier lets: made ready with their values written in the slots.
pub(super) struct DependentLet {
    let_: Let,
    /// Its place among the kind's lets.
    index: usize,
    pub slot: usize,
    /// The earlier lets' slots it reads, by name.
    pub reads: Vec<(String, usize)>,
    /// The values given (fields, sheet, house).
    given: BTreeMap<String, i64>,
    layout: Arc<KindLayout>,
}

impl DependentLet {
    /// The let ready for the earlier lets' values now in `slots` (as kept for the same values
    /// of all it reads, [`Made`]).
    pub fn ready(&self, slots: &[i64]) -> Result<Arc<ReadyLet>, RulesError> {
        let make = || {
            let mut values = self.given.clone();
            values.extend(self.reads.iter().map(|(n, at)| (n.clone(), slots[*at])));
            ReadyLet::new(&self.let_, self.slot, &values).map(Arc::new)
        };
        kept_or(&self.layout, self.index, slots, make)
    }
}

/// Let `at` of `layout` as kept for the values at its slots in `slots`, else made by `make`
/// (and kept, when the let is one kept: [`Made`]).
fn kept_or(
    layout: &KindLayout,
    at: usize,
    slots: &[i64],
    make: impl FnOnce() -> Result<Arc<ReadyLet>, RulesError>,
) -> Result<Arc<ReadyLet>, RulesError> {
    let (Some(reads), Some(made)) = (&layout.let_keys[at], Made::of(layout)) else {
        return make();
    };
    let (memo, key) = (&made.lets[at], key(reads, slots));
    if let Some(kept) = memo.get(&key) {
        return Ok(kept);
    }
    let made = make()?;
    memo.put(&key, Arc::clone(&made), made.at_most());
    Ok(made)
}

impl Prepared {
    pub fn name(&self) -> &str {
        match self {
            Self::Fixed(l) => &l.name,
            Self::Depends(d) => &d.let_.name,
            Self::Arith { name, .. } => name,
        }
    }

    /// The earlier lets' slots it reads (none for a let made ready at once).
    pub fn reads(&self) -> Vec<usize> {
        match self {
            Self::Fixed(_) => Vec::new(),
            Self::Depends(d) => d.reads.iter().map(|(_, s)| *s).collect(),
            Self::Arith { reads, .. } => reads.clone(),
        }
    }

    pub fn slot(&self) -> usize {
        match self {
            Self::Fixed(l) => l.slot,
            Self::Depends(d) => d.slot,
            Self::Arith { slot, .. } => *slot,
        }
    }
}

/// Whether a let's text writes `@name` of a let written before slot `before` (a quick look
/// before reading it): each `@word` of the text looked up in `written`, the first slot of each
/// let's name, so a roll of thousands of lets is not a search of every earlier name per let.
fn mentions_any(let_: &Let, written: &HashMap<&str, usize>, before: usize) -> bool {
    let texts: Vec<&str> = match &let_.what {
        LetKind::Roll { expr } | LetKind::Each { count: expr, .. } => vec![expr],
        LetKind::Pool { count, die, stats } => {
            let mut texts = vec![count.as_str(), die.as_str()];
            texts.extend(stats.iter().filter_map(|s| match &s.what {
                crate::system_file::model::PoolStatKind::Count { cmp } => Some(cmp.as_str()),
                _ => None,
            }));
            texts
        }
    };
    texts.iter().any(|t| {
        t.split('@').skip(1).any(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            written.get(&rest[..end]).is_some_and(|&slot| slot < before)
        })
    })
}

pub(super) struct Ready {
    pub lets: Vec<Prepared>,
    /// The slots of the lets' values the reading (value, outcomes, events) reads: the frontier
    /// carries only these on to the reading, and a refusal names them.
    pub read_by_reading: Vec<usize>,
    pub reading: Arc<ReadyReading>,
    /// Every slot's value: the values given filled in, the lets' and `@value` written per
    /// combination or roll.
    pub slots: Vec<i64>,
    layout: Arc<KindLayout>,
}

/// The let a kind's value is when it has no lets and rolls dice in its value (`@value`).
fn value_let(kind: &RollKind) -> Option<Let> {
    let text = match &kind.reading {
        Reading::Number { value, .. } => Some(value),
        Reading::Named { value, .. } => value.as_ref(),
    };
    match text {
        Some(text) if kind.lets.is_empty() => Some(Let {
            name: "value".into(),
            what: LetKind::Roll { expr: text.clone() },
        }),
        _ => None,
    }
}

/// Where `kind`'s values sit for a request giving the names `given` (in order), and which
/// earlier lets each let reads.
pub(crate) fn layout<'a>(kind: &RollKind, given: impl Iterator<Item = &'a String>) -> KindLayout {
    let value_let = value_let(kind);
    let lets: Vec<&Let> = kind.lets.iter().chain(&value_let).collect();
    let mut names: Vec<String> = given.cloned().collect();
    let given = names.len();
    let let_slots: Vec<usize> = lets
        .iter()
        .map(|l| {
            let at = names.len();
            names.extend(slot_names(l));
            at
        })
        .collect();
    let value_is_let = value_let.is_some();
    let value_slot = if value_is_let {
        let_slots[0]
    } else {
        names.push("value".into());
        names.len() - 1
    };
    // Each name's first slot, and each let-written name's: looked up, not searched for.
    let mut first: HashMap<String, usize> = HashMap::new();
    let mut written: HashMap<&str, usize> = HashMap::new();
    for (at, name) in names.iter().enumerate() {
        first.entry(name.clone()).or_insert(at);
        if at >= given {
            written.entry(name).or_insert(at);
        }
    }
    // The slot of each name an earlier let writes (a let reads only earlier ones: the file
    // is checked so).
    let let_slot = |name: &str, before: usize| {
        let end = let_slots.get(before).copied().unwrap_or(names.len());
        written.get(name).copied().filter(|&at| at < end)
    };
    let earlier = lets
        .iter()
        .zip(&let_slots)
        .enumerate()
        .map(|(i, (l, &at))| {
            // Most lets read no other: a let's text is only read for names when it mentions
            // an earlier let's.
            if !mentions_any(l, &written, at) {
                return Vec::new();
            }
            reads(l)
                .into_iter()
                .filter(|n| first.get(n).is_none_or(|&at| at >= given))
                .filter_map(|n| let_slot(&n, i).map(|s| (n, s)))
                .collect()
        })
        .collect::<Vec<_>>();
    let certain = lets
        .iter()
        .zip(&earlier)
        .map(|(l, earlier)| match &l.what {
            LetKind::Roll { expr } if earlier.is_empty() => {
                CertainFormula::new(expr, |n| first.get(n).copied().filter(|&at| at < given))
            }
            _ => None,
        })
        .collect();
    let let_keys = lets
        .iter()
        .zip(&earlier)
        .map(|(l, earlier)| {
            if matches!(l.what, LetKind::Each { .. }) {
                return None;
            }
            reads(l)
                .iter()
                .map(|n| match first.get(n) {
                    Some(&at) if at < given => Some(at),
                    _ => earlier.iter().find(|(e, _)| e == n).map(|(_, at)| *at),
                })
                .collect::<Option<Box<[usize]>>>()
        })
        .collect();
    KindLayout {
        made: Box::new(Made::new(lets.len())),
        let_keys,
        given: names[..given].to_vec(),
        names,
        let_slots,
        value_slot,
        value_is_let,
        first,
        earlier,
        certain,
    }
}

impl Ready {
    pub fn new(kind: &RollKind, values: &BTreeMap<String, i64>) -> Result<Self, RulesError> {
        let names = lists::named(values).map(|(name, _)| name);
        Self::laid_out(kind, values, Arc::new(layout(kind, names)))
    }

    /// [`Ready::new`] with the kind's layout for these values' names, worked out before.
    pub fn laid_out(
        kind: &RollKind,
        values: &BTreeMap<String, i64>,
        layout: Arc<KindLayout>,
    ) -> Result<Self, RulesError> {
        let value_let = value_let(kind);
        let lets = kind.lets.iter().chain(&value_let);
        let given = layout.given.len();
        let mut slots: Vec<i64> = lists::named(values).map(|(_, v)| *v).collect();
        slots.resize(layout.names.len(), 0);
        let ready_lets = lets
            .zip(&layout.let_slots)
            .zip(&layout.earlier)
            .zip(&layout.certain)
            .enumerate()
            .map(|(i, (((l, &at), earlier), certain))| {
                let arithmetic = match &l.what {
                    LetKind::Roll { expr } if !earlier.is_empty() => {
                        Formula::parse(expr, |n| match values.get(n) {
                            Some(v) => Some(Lookup::Known(*v)),
                            None => earlier
                                .iter()
                                .find(|(e, _)| e == n)
                                .map(|(_, s)| Lookup::Slot(*s)),
                        })
                        .ok()
                    }
                    _ => None,
                };
                // Arithmetic of the values given, in range: its one value, as the check gives.
                let certain = certain.as_ref().and_then(|c| c.value(&slots));
                Ok(if let Some(value) = certain {
                    let checked = ReadyLet::checked(l, at, Expression::certain(value));
                    Prepared::Fixed(Arc::new(checked))
                } else if earlier.is_empty() {
                    let make = || ReadyLet::new(l, at, values).map(Arc::new);
                    Prepared::Fixed(kept_or(&layout, i, &slots, make)?)
                } else if let Some(formula) = arithmetic {
                    Prepared::Arith {
                        name: l.name.clone(),
                        slot: at,
                        formula,
                        reads: earlier.iter().map(|(_, s)| *s).collect(),
                    }
                } else {
                    Prepared::Depends(DependentLet {
                        let_: l.clone(),
                        index: i,
                        layout: Arc::clone(&layout),
                        slot: at,
                        reads: earlier.clone(),
                        given: values.clone(),
                    })
                })
            })
            .collect::<Result<Vec<_>, RulesError>>()?;
        let reading = Self::reading(kind, &layout, &slots, values)?;
        // The lets' slots its compiled formulas read (a value given is worked into them).
        let read_by_reading: Vec<usize> = reading
            .slots()
            .into_iter()
            .filter(|&s| s >= given)
            .collect();
        Ok(Self {
            lets: ready_lets,
            read_by_reading,
            reading,
            slots,
            layout,
        })
    }

    /// The kind's reading compiled for the values given in `slots`, or as it was kept for
    /// the same values of those it reads ([`Made`]).
    fn reading(
        kind: &RollKind,
        layout: &KindLayout,
        slots: &[i64],
        values: &BTreeMap<String, i64>,
    ) -> Result<Arc<ReadyReading>, RulesError> {
        let made = Made::of(layout);
        let kept = made.and_then(|made| {
            let reads = made.reading_reads.get()?;
            made.readings.get(&key(reads, slots))
        });
        if let Some(reading) = kept {
            return Ok(reading);
        }
        let given = layout.given.len();
        // The given values it reads, met as it is compiled.
        let read = RefCell::new(Vec::new());
        // A value given is known now and worked into each formula; a let's is a slot.
        let any = |name: &str| {
            layout.first.get(name).map(|&at| {
                if at < given {
                    read.borrow_mut().push(at);
                    Lookup::Known(slots[at])
                } else {
                    Lookup::Slot(at)
                }
            })
        };
        let known = |name: &str| {
            let v = values.get(name)?;
            read.borrow_mut()
                .extend(layout.first.get(name).filter(|&&at| at < given));
            Some(Lookup::Known(*v))
        };
        let reading = Arc::new(ReadyReading::new(
            &kind.reading,
            &kind.events,
            &Names {
                any: &any,
                known: &known,
            },
            layout.value_is_let.then_some(layout.value_slot),
            layout.value_slot,
        )?);
        if let Some(made) = made {
            // The names met are the whole key only because compiling looks up every name of
            // every formula whatever the values (`Formula::parse` folds an `if` of a known
            // condition after both branches are read): a compile that skipped a branch by a
            // value would leave the names of the other out of the key.
            let reads = made.reading_reads.get_or_init(|| {
                let mut read = read.take();
                read.sort_unstable();
                read.dedup();
                read.into()
            });
            made.readings
                .put(&key(reads, slots), Arc::clone(&reading), 1);
        }
        Ok(reading)
    }

    /// A value that cannot be read (the outcomes read nothing else).
    pub fn refused_at_value(&self, why: Unreadable, value: i64) -> RulesError {
        RulesError::invalid("reading", format!("{} when @value = {value}", why.0))
    }

    /// A combination that cannot be read, refused with the lets' values it came to.
    pub fn refused(&self, why: Unreadable) -> RulesError {
        let given = self.layout.given.len();
        let at: Vec<String> = self.layout.names[given..]
            .iter()
            .zip(&self.slots[given..])
            .enumerate()
            .filter(|(at, _)| self.read_by_reading.contains(&(at + given)))
            .map(|(_, named)| named)
            .map(|(n, v)| format!("@{n} = {v}"))
            .collect();
        RulesError::invalid("reading", format!("{} when {}", why.0, at.join(", ")))
    }
}
