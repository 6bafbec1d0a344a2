//! The names an expression may read where it stands: the file's own (sheet values, house
//! numbers, derived values, trackers) and, inside a roll, the roll's (fields, lets, `value`)
//! laid over them without copying the file's (a file of thousands of rolls stays linear).

use std::collections::BTreeMap;
use std::ops::Range;

/// The name a let's `each` reads its list's item by (`@item`), known only there.
pub(crate) const ITEM: &str = crate::system_file::lists::ITEM;

/// A name: what it is (for messages), the range of its value, and where it is declared.
#[derive(Debug, Clone)]
pub(crate) struct Known {
    pub what: &'static str,
    pub lo: i64,
    pub hi: i64,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Scope<'g> {
    outer: Option<&'g Scope<'g>>,
    own: BTreeMap<String, Known>,
}

impl<'g> Scope<'g> {
    pub fn new() -> Self {
        Self::default()
    }

    /// A scope of its own over `outer` (a roll's over the file's).
    pub fn over(outer: &'g Scope<'g>) -> Self {
        Self {
            outer: Some(outer),
            own: BTreeMap::new(),
        }
    }

    pub fn get(&self, name: &str) -> Option<&Known> {
        self.own
            .get(name)
            .or_else(|| self.outer.and_then(|o| o.get(name)))
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn insert(&mut self, name: String, known: Known) {
        self.own.insert(name, known);
    }

    /// Every name known here (the roll's, then the file's).
    pub fn keys(&self) -> Box<dyn Iterator<Item = &String> + '_> {
        let outer = self.outer.into_iter().flat_map(|o| o.keys());
        Box::new(self.own.keys().chain(outer))
    }
}
