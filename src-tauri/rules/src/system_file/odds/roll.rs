//! A file roll kind rolled: each let rolled with the tray in the order written (dice by hand
//! ask for each die by what it is, "nat (d20) die #1"), then read exactly as the odds read
//! every combination.

use std::collections::BTreeMap;

use crate::answer::DiceGroup;
use crate::system_file::model::{Reading, RollKind};
use crate::tray::Tray;
use crate::RulesError;

use super::named;
use super::ready::{Prepared, Ready};

/// A roll of a file kind.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRoll {
    /// The value, for a number or a named reading that has one.
    pub value: Option<i64>,
    /// The key of its outcome among the odds' outcomes (the value, or the outcome's name).
    pub outcome: String,
    pub success: bool,
    /// Every face in the order rolled (a listed die's: the place of its face).
    pub dice: Vec<u32>,
    /// The dice by let, with what happened to each.
    pub groups: Vec<DiceGroup>,
    /// One line: what each let came to and how it read.
    pub detail: String,
    /// The events that happened, by name.
    pub events: Vec<String>,
}

/// Rolls `kind` with `values` (as [`super::odds`] takes them) and `tray`'s dice.
pub(crate) fn roll(
    kind: &RollKind,
    values: &BTreeMap<String, i64>,
    tray: &mut Tray,
) -> Result<FileRoll, RulesError> {
    let mut ready = Ready::new(kind, values)?;
    let mut groups = Vec::new();
    let mut parts = Vec::new();
    for l in &ready.lets {
        // A let that reads earlier lets is made ready with the values they rolled.
        let dependent;
        let l = match l {
            Prepared::Fixed(l) => l,
            Prepared::Depends(d) => {
                dependent = d.ready(&ready.slots)?;
                &dependent
            }
            Prepared::Arith {
                name,
                slot,
                formula,
                ..
            } => {
                let value = formula.eval(&ready.slots).map_err(|_| {
                    RulesError::invalid(format!("lets.{name}"), "divides by 0 with these values")
                })?;
                ready.slots[*slot] = value;
                parts.push(format!("{name} = {value}"));
                continue;
            }
        };
        let (made, words) = l.roll(tray, &mut ready.slots);
        groups.extend(made);
        parts.push(words);
    }
    let read = ready
        .reading
        .read(&mut ready.slots)
        .map_err(|why| ready.refused(why))?;
    let (outcome, success) = match (&kind.reading, ready.reading.target(), read.value) {
        (Reading::Number { .. }, Some(target), Some(v)) => (v.to_string(), v >= target),
        (Reading::Named { outcomes, .. }, _, _) => {
            // A name spelled from the roll reads as the odds read it.
            let o = &outcomes[read.outcome];
            let numbers = ready
                .reading
                .spell(read.outcome, &ready.slots)
                .map_err(|why| ready.refused(why))?;
            (named::name_of(o, numbers.as_deref()), o.success)
        }
        _ => (String::new(), false),
    };
    let mut events = Vec::new();
    for (at, e) in kind.events.iter().enumerate() {
        if ready
            .reading
            .event(at, &ready.slots)
            .map_err(|why| ready.refused(why))?
        {
            events.push(e.name.clone());
        }
    }
    // A named reading's value worked out from the lets (`@nat + @bonus`) is said before its
    // outcome: the total a GM checks against the sheet. A value that is a let (`@nat`, or
    // the dice of a kind without lets) is said already.
    if let (
        Reading::Named {
            value: Some(text), ..
        },
        Some(value),
    ) = (&kind.reading, read.value)
    {
        let one_let = text
            .trim()
            .strip_prefix('@')
            .is_some_and(|name| kind.lets.iter().any(|l| l.name == name));
        if !kind.lets.is_empty() && !one_let {
            parts.push(format!("value = {value}"));
        }
    }
    let verdict = if success { "success" } else { "failure" };
    let reads = match ready.reading.target() {
        Some(target) => format!("{outcome}, at least {target}: {verdict}"),
        // An outcome named for its verdict ("failure") is not said twice.
        None if outcome.eq_ignore_ascii_case(verdict) => outcome.clone(),
        None => format!("{outcome}: {verdict}"),
    };
    let happened = if events.is_empty() {
        String::new()
    } else {
        format!(" ({})", events.join(", "))
    };
    Ok(FileRoll {
        value: read.value,
        outcome,
        success,
        dice: groups
            .iter()
            .flat_map(|g| g.dice.iter().map(|d| d.face))
            .collect(),
        groups,
        detail: format!("{}; {reads}{happened}", parts.join("; ")),
        events,
    })
}

/// [`roll`] from `seed`: the same seed, kind and values always give the same roll.
pub fn roll_seeded(
    kind: &RollKind,
    values: &BTreeMap<String, i64>,
    seed: u64,
) -> Result<FileRoll, RulesError> {
    roll(kind, values, &mut Tray::new(seed))
}

/// [`roll`] with the faces rolled at the table (each die's face, or a listed die's place),
/// in the order asked; too few, too many or a face its die lacks is refused as for the five.
pub fn roll_by_hand(
    kind: &RollKind,
    values: &BTreeMap<String, i64>,
    faces: Vec<u32>,
) -> Result<FileRoll, RulesError> {
    let mut tray = Tray::by_hand(faces);
    let rolled = roll(kind, values, &mut tray)?;
    tray.check_by_hand()?;
    Ok(rolled)
}
