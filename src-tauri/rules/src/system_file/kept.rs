//! What is worked out once from a checked file and kept with it, for every request of it:
//! its blank sheet's values, and where each roll kind's values sit (the slots of the values
//! given, fields, sheet and house, of each let and of `@value`, and which earlier lets each
//! let reads). None of it depends on a request's values, only on the file (and, for a kind's
//! layout, the names given), so a request builds none of it again (a small kind's requests
//! spent about a tenth of their time on each). A layout also holds what its lets and reading
//! came to for the values they read (`odds::Made`), kept by those values. Kept things are no
//! part of what a file is: two files compare equal whatever each has kept.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, OnceLock};

use crate::notation::CertainFormula;

/// Something worked out once and kept with what it was worked out for (a file, a request),
/// which is no part of what that is: every two are equal, a clone starts empty (what it keeps
/// is worked out again when asked for), and it prints as its name only.
#[derive(Default)]
pub struct Kept<T>(T);

impl<T: Default> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<T> std::ops::Deref for Kept<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> PartialEq for Kept<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

/// A blank sheet's values under the default house rules ([`SystemFile::blank_values`]): kept
/// with the file once worked out.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct BlankSheet(Kept<OnceLock<BTreeMap<String, i64>>>);

impl BlankSheet {
    pub(crate) fn get_or_init(
        &self,
        make: impl FnOnce() -> BTreeMap<String, i64>,
    ) -> &BTreeMap<String, i64> {
        self.0.get_or_init(make)
    }
}

/// A kind's slots, for requests giving the names `given`.
#[derive(Debug)]
pub(crate) struct KindLayout {
    /// The names given, in order: the first slots. A request giving others is laid out anew.
    pub given: Vec<String>,
    /// Every slot's name: the given, then each let's (a pool's stats each), then `value`
    /// when it is no let.
    pub names: Vec<String>,
    /// Each let's first slot, in order (the value's own let last when it is one).
    pub let_slots: Vec<usize>,
    pub value_slot: usize,
    /// Whether the kind has no lets and its value rolls dice: it is a let, `@value`.
    pub value_is_let: bool,
    /// Each name's first slot.
    pub first: HashMap<String, usize>,
    /// Each let's reads of earlier lets, by name and slot (empty: it reads none).
    pub earlier: Vec<Vec<(String, usize)>>,
    /// Each let that is arithmetic of the values given alone (no dice, no earlier let),
    /// compiled over their slots, where the notation's check could refuse it only for a
    /// value out of range: worked out per request instead of checked.
    pub certain: Vec<Option<CertainFormula>>,
    /// The slots of all each let reads (values given and earlier lets'), by which what it
    /// comes to is kept (`odds::Made`); `None` for one that reads a list.
    pub let_keys: Vec<Option<Box<[usize]>>>,
    /// What the lets and the reading came to for the values they read (`odds::Made`, kept
    /// as `Any`: the model holds the layouts and the odds' types read the model, so the
    /// model's files cannot name them without an import cycle).
    pub made: Box<dyn std::any::Any + Send + Sync>,
}

/// Each kind's layout of a file, kept once worked out.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct KindLayouts(Kept<OnceLock<Box<[KindSlot]>>>);

/// One kind's layout, once made.
type KindSlot = OnceLock<Arc<KindLayout>>;

impl KindLayouts {
    /// The layout of kind `kind` of `kinds`, made by `make` the first time; `None` when the
    /// kept one is for other names than `given` (then the caller lays it out for itself).
    pub(crate) fn get(
        &self,
        kinds: usize,
        kind: usize,
        given: impl Iterator<Item = impl AsRef<str>>,
        make: impl FnOnce() -> KindLayout,
    ) -> Option<Arc<KindLayout>> {
        let slots = self
            .0
            .get_or_init(|| (0..kinds).map(|_| OnceLock::new()).collect());
        let kept = slots.get(kind)?.get_or_init(|| Arc::new(make()));
        let mut names = kept.given.iter();
        let same = { given }.all(|name| names.next().is_some_and(|n| n == name.as_ref()))
            && names.next().is_none();
        same.then(|| Arc::clone(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laid_out(given: &[&str]) -> KindLayout {
        KindLayout {
            given: given.iter().map(|n| n.to_string()).collect(),
            names: Vec::new(),
            let_slots: Vec::new(),
            value_slot: 0,
            value_is_let: false,
            first: HashMap::new(),
            earlier: Vec::new(),
            certain: Vec::new(),
            let_keys: Vec::new(),
            made: Box::new(()),
        }
    }

    #[test]
    fn a_kind_is_laid_out_once_and_only_for_the_names_it_was_laid_out_for() {
        let layouts = KindLayouts::default();
        let first = layouts.get(2, 1, ["a", "b"].iter(), || laid_out(&["a", "b"]));
        let again = layouts.get(2, 1, ["a", "b"].iter(), || unreachable!("kept"));
        assert!(Arc::ptr_eq(
            first.as_ref().unwrap(),
            again.as_ref().unwrap()
        ));
        // Other names (a derived value a house rule left out): laid out by the caller.
        assert!(layouts
            .get(2, 1, ["a", "c"].iter(), || unreachable!("kept"))
            .is_none());
        assert!(layouts
            .get(2, 1, ["a"].iter(), || unreachable!("kept"))
            .is_none());
        // Another kind has its own.
        let other = layouts.get(2, 0, ["x"].iter(), || laid_out(&["x"]));
        assert_eq!(other.unwrap().given, ["x"]);
        // A kind past the file's: none.
        assert!(layouts
            .get(2, 5, ["a"].iter(), || laid_out(&["a"]))
            .is_none());
    }
}
