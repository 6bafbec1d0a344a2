//! A list field's values among a request's values: the values every expression reads are
//! whole numbers by name, so a list is given as its length under its own name (`@members`
//! reads how many it holds) and each item under `members[i]`, a key no `@name` can read;
//! an `each` let reads the items back.

use std::collections::BTreeMap;

/// The name an `each` let's roll reads its list's item by (`@item`), known only there.
pub const ITEM: &str = "item";

/// The key of item `i` of `list` among the values.
pub fn item_key(list: &str, i: usize) -> String {
    format!("{list}[{i}]")
}

/// Whether `key` among the values is a list's item (`members[2]`), which no `@name` reads.
pub fn is_item_key(key: &str) -> bool {
    key.ends_with(']')
}

/// The values an `@name` reads, all but the lists' items, in order: a roll kind's slots are
/// laid out for their names only, so that one layout serves lists of every length (a group
/// stealth roll of three members was laid out anew for each request after one of two).
pub fn named(values: &BTreeMap<String, i64>) -> impl Iterator<Item = (&String, &i64)> + Clone {
    values.iter().filter(|(key, _)| !is_item_key(key))
}

/// The items of `list` in `values`, in order (none when it is not there).
pub fn items(values: &BTreeMap<String, i64>, list: &str) -> Vec<i64> {
    let len = values.get(list).copied().unwrap_or(0).max(0) as usize;
    (0..len)
        .filter_map(|i| values.get(&item_key(list, i)).copied())
        .collect()
}
