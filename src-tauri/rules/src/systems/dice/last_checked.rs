//! The expression checked last on this thread, kept for the next ask of the same text and
//! values. One request asks several times (its validation, its work estimate, then its odds or
//! its roll), a batch rolls one expression many times, and the window asks again for every
//! keystroke's odds and Compare; a check that builds a pool's bags within the work bound costs
//! a few tenths of a millisecond, so each of those asks after the first is now a lookup.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::notation::{self, Expression, Problem};

/// The text and values of the last expression that checked, and what it checked as.
type Last = Option<(String, BTreeMap<String, i64>, Rc<Expression>)>;

thread_local! {
    static LAST: RefCell<Last> = const { RefCell::new(None) };
}

/// [`notation::check`], answered from the last check on this thread when the text and values
/// are the same. A refusal is not kept: it is checked again (refusals stop early, and an
/// expression being fixed changes at every ask anyway).
pub(crate) fn check(
    text: &str,
    values: &BTreeMap<String, i64>,
) -> Result<Rc<Expression>, Vec<Problem>> {
    let kept = LAST.with_borrow(|last| match last {
        Some((t, v, expression)) if t == text && v == values => Some(Rc::clone(expression)),
        _ => None,
    });
    if let Some(expression) = kept {
        return Ok(expression);
    }
    let expression = Rc::new(notation::check(text, values)?);
    LAST.set(Some((
        text.to_owned(),
        values.clone(),
        Rc::clone(&expression),
    )));
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
    fn a_refusal_is_not_kept() {
        let none = BTreeMap::new();
        assert!(check("4d6k3", &none).is_err());
        assert!(check("4d6k3", &none).is_err());
        assert!(check("4d6kh3", &none).is_ok());
    }
}
