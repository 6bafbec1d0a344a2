//! The expressions checked last on this thread (at most [`KEPT`]), kept for the next ask of the
//! same text and values. One request asks several times (its validation, its work estimate,
//! then its odds or its roll); a batch asks for each of its requests in turn, once to check
//! them all before answering, then again for the batch's work and each answer; a batch rolls
//! one expression many times, and the window asks again for every keystroke's odds and
//! Compare. A check that builds a pool's bags within the work bound costs a few tenths of a
//! millisecond, so each of those asks after the first is now a lookup.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

use crate::notation::{self, Expression, Problem};

/// How many checked expressions a thread keeps: a batch's distinct expressions, up to this many,
/// are each checked once (an expression is at most 1,000 characters, its checked tree small).
const KEPT: usize = 128;

/// The text and values of an expression that checked, and what it checked as.
type Kept = (String, BTreeMap<String, i64>, Rc<Expression>);

thread_local! {
    /// Oldest first; the oldest goes when a new one comes past [`KEPT`].
    static LAST: RefCell<VecDeque<Kept>> = const { RefCell::new(VecDeque::new()) };
}

/// [`notation::check`], answered from a check kept on this thread when the text and values are
/// the same. A refusal is not kept: it is checked again (refusals stop early, and an expression
/// being fixed changes at every ask anyway).
pub(crate) fn check(
    text: &str,
    values: &BTreeMap<String, i64>,
) -> Result<Rc<Expression>, Vec<Problem>> {
    let kept = LAST.with_borrow(|last| {
        last.iter()
            .rev()
            .find(|(t, v, _)| t == text && v == values)
            .map(|(_, _, expression)| Rc::clone(expression))
    });
    if let Some(expression) = kept {
        return Ok(expression);
    }
    let expression = Rc::new(notation::check(text, values)?);
    LAST.with_borrow_mut(|last| {
        if last.len() == KEPT {
            last.pop_front();
        }
        last.push_back((text.to_owned(), values.clone(), Rc::clone(&expression)));
    });
    Ok(expression)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_and_values_are_answered_by_the_check_kept() {
        let none = BTreeMap::new();
        let first = check("4d6kh3", &none).unwrap();
        let again = check("4d6kh3", &none).unwrap();
        assert!(Rc::ptr_eq(&first, &again));
        assert_eq!(
            again.distribution(),
            notation::check("4d6kh3", &none).unwrap().distribution()
        );
    }

    #[test]
    fn other_text_or_values_are_checked_afresh() {
        let bonus = |b: i64| BTreeMap::from([("bonus".to_owned(), b)]);
        let two = check("d6+@bonus", &bonus(2)).unwrap();
        let three = check("d6+@bonus", &bonus(3)).unwrap();
        assert!(!Rc::ptr_eq(&two, &three));
        assert_eq!(three.distribution()[0], (4, 1.0 / 6.0));
        let other = check("d6+@bonus+0", &bonus(3)).unwrap();
        assert!(!Rc::ptr_eq(&three, &other));
    }

    #[test]
    fn a_batch_of_expressions_is_checked_once_each_and_the_oldest_goes_past_the_limit() {
        let none = BTreeMap::new();
        let texts: Vec<String> = (1..=KEPT + 1).map(|sides| format!("2d{sides}")).collect();
        let first: Vec<_> = texts.iter().map(|t| check(t, &none).unwrap()).collect();
        // All but the first are still kept, in any order of asking.
        for (text, expression) in texts.iter().zip(&first).skip(1).rev() {
            assert!(
                Rc::ptr_eq(expression, &check(text, &none).unwrap()),
                "{text}"
            );
        }
        assert!(!Rc::ptr_eq(&first[0], &check(&texts[0], &none).unwrap()));
    }

    #[test]
    fn a_refusal_is_not_kept() {
        let none = BTreeMap::new();
        assert!(check("4d6k3", &none).is_err());
        assert!(check("4d6k3", &none).is_err());
        assert!(check("4d6kh3", &none).is_ok());
    }
}
