//! What a file may hold at most, refused before anything else is checked: its size, and how
//! many things it declares.

use toml::de::{DeTable, DeValue};

/// The largest file read, in bytes (1 MiB).
pub const MAX_FILE_BYTES: usize = 1 << 20;
/// The most declarations a file may hold: sheet fields, derived values, house-rule numbers,
/// rulings, rolls and, in each roll, its fields, refusals, lets (and their stats), outcomes and
/// events.
pub const MAX_DECLARATIONS: usize = 10_000;

/// The span of the declaration past [`MAX_DECLARATIONS`], if there is one.
pub(crate) fn past_declarations(root: &DeTable) -> Option<std::ops::Range<usize>> {
    let mut count = 0usize;
    let mut past = None;
    let mut add = |key_span: std::ops::Range<usize>| {
        count += 1;
        if count > MAX_DECLARATIONS && past.is_none() {
            past = Some(key_span);
        }
    };
    for key in ["sheet", "derived", "house_rules", "rulings", "rolls"] {
        let Some(value) = root.get(key) else { continue };
        for (span, child) in entries(value) {
            add(span.clone());
            if key == "rolls" {
                for part in ["fields", "refuse", "let", "outcomes", "events", "rulings"] {
                    if let DeValue::Table(roll) = child {
                        if let Some(inner) = roll.get(part) {
                            for (span, grand) in entries(inner) {
                                add(span);
                                if let (DeValue::Table(pool), "let") = (grand, part) {
                                    if let Some(stats) = pool.get("stats") {
                                        for (span, _) in entries(stats) {
                                            add(span);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    past
}

/// The entries of a table or the items of a list, each with where it is written.
fn entries<'a, 'i>(
    value: &'a toml::Spanned<DeValue<'i>>,
) -> Vec<(std::ops::Range<usize>, &'a DeValue<'i>)> {
    match value.get_ref() {
        DeValue::Table(t) => t.iter().map(|(k, v)| (k.span(), v.get_ref())).collect(),
        DeValue::Array(a) => a.iter().map(|v| (v.span(), v.get_ref())).collect(),
        _ => Vec::new(),
    }
}
