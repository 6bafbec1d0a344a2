//! The shapes of names: a sheet value's, a field's, a roll's (`[a-z_][a-z0-9_]*`, what `@name`
//! reads) and the system's id (`[a-z][a-z0-9-]*`, at most 40 characters).

/// The longest system id.
pub(crate) const MAX_ID_CHARS: usize = 40;

/// Why `name` cannot name a value (`@name`), if it cannot.
pub(crate) fn name_problem(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let good_start = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    let good_rest = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if good_start && good_rest {
        return None;
    }
    Some(format!(
        "`{}` cannot be a name: a name is lowercase letters, digits and `_`, not starting with a \
         digit (as `@name` reads it; try `{}`)",
        crate::text::excerpt(name),
        suggested_name(name)
    ))
}

/// Why `id` cannot be a system id, if it cannot.
pub(crate) fn id_problem(id: &str) -> Option<String> {
    let mut chars = id.chars();
    let good_start = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let good_rest = chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !(good_start && good_rest) {
        return Some(format!(
            "`{}` cannot be a system id: an id is lowercase letters, digits and `-`, starting \
             with a letter (try `{}`)",
            crate::text::excerpt(id),
            suggested_name(id).replace('_', "-").trim_start_matches('-')
        ));
    }
    if id.chars().count() > MAX_ID_CHARS {
        return Some(format!(
            "a system id is at most {MAX_ID_CHARS} characters, this one has {}",
            id.chars().count()
        ));
    }
    None
}

/// `Hit Points` → `hit_points`: what the GM probably meant.
fn suggested_name(name: &str) -> String {
    let mut out: String = name
        .trim()
        .chars()
        .take(MAX_ID_CHARS)
        .map(|c| match c.to_ascii_lowercase() {
            c if c.is_ascii_lowercase() || c.is_ascii_digit() => c,
            _ => '_',
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// What a declaration without a `label` is shown as: its name as words, the first capitalised
/// (`miss_margin` → "Miss margin"), so a sheet, the table and a printed page read alike.
pub(crate) fn label_of_name(name: &str) -> String {
    let words = name.trim_matches('_').replace('_', " ");
    if words.is_empty() {
        return name.to_string();
    }
    crate::text::capitalised(&words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_without_a_label_reads_as_words() {
        assert_eq!(label_of_name("miss_margin"), "Miss margin");
        assert_eq!(label_of_name("stress"), "Stress");
        assert_eq!(label_of_name("_x1"), "X1");
        assert_eq!(label_of_name("_"), "_");
    }

    #[test]
    fn names_and_ids_have_their_shapes() {
        assert!(name_problem("hit_points").is_none());
        assert!(name_problem("_x1").is_none());
        assert!(name_problem("Hit Points")
            .unwrap()
            .contains("try `hit_points`"));
        assert!(name_problem("1st").is_some());
        assert!(name_problem("").is_some());
        assert!(id_problem("file-genre").is_none());
        assert!(id_problem("-x").is_some());
        assert!(id_problem("a_b").is_some());
        assert!(id_problem(&"a".repeat(41)).unwrap().contains("at most 40"));
        assert!(id_problem(&"a".repeat(40)).is_none());
    }
}
