//! Text a user gave, as a message may show it: never whole (a 15 MB value quoted back floods a
//! terminal or a log), never raw (a NUL, a right-to-left override or a zero-width joiner would
//! hide or reorder what is around it). One place for what counts as invisible, read by the name
//! checks too.

/// How many characters of a value a message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// How many characters one line of a message keeps (the command line's and the window's).
pub const MESSAGE_CHARS: usize = 2_000;

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): characters
/// drawn as nothing — zero-width spaces and joiners, direction marks, overrides and isolates,
/// variation selectors, fillers, tags.
pub fn is_invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// The controls of bidirectional text: embeddings and overrides (U+202A–U+202E), isolates
/// (U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C).
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// `text` isolated from what is printed around it, as HTML's `<bdi>` does: when it holds bidi
/// controls it is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, a stray isolate
/// end that would close the wrapper early is dropped, and the isolates it leaves open are
/// closed (the closing isolate also ends its embeddings and overrides), so a right-to-left
/// override in a name reorders nothing but the name. Text without any is returned as it is.
pub fn isolated(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_bidi_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    out.push('\u{2068}');
    let mut open = 0usize;
    for c in text.chars() {
        match c {
            '\u{2066}'..='\u{2068}' => open += 1,
            '\u{2069}' if open == 0 => continue,
            '\u{2069}' => open -= 1,
            _ => {}
        }
        out.push(c);
    }
    out.extend(std::iter::repeat_n('\u{2069}', open + 1));
    std::borrow::Cow::Owned(out)
}

/// `c` as a message shows it: a control or invisible character as `\u{…}`, anything else as
/// itself.
fn push_shown(out: &mut String, c: char) {
    if c.is_control() || is_invisible(c) {
        out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}

/// At most `max` characters of `text`, each shown safely, then how many more there were.
fn bounded(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(max) {
        push_shown(&mut out, c);
    }
    let more = chars.count();
    if more > 0 {
        out.push_str(&format!("… ({more} more characters)"));
    }
    out
}

/// `text` with its first letter a capital ("critical hit" → "Critical hit"): words shown as a
/// label or a sentence's start.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A value quoted in a message: its first [`EXCERPT_CHARS`] characters, escaped.
pub fn excerpt(text: &str) -> String {
    bounded(text, EXCERPT_CHARS)
}

/// One line of a message as it is printed or shown: escaped, at most [`MESSAGE_CHARS`].
pub fn safe_line(text: &str) -> String {
    bounded(text, MESSAGE_CHARS)
}

/// A message from a library (serde's) with every part it quotes (between backticks or double
/// quotes) cut to an excerpt: serde quotes the unknown field and the string it refused whole.
pub fn excerpt_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MESSAGE_CHARS));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        let inside = &rest[open + 1..];
        let Some(close) = inside.find(quote) else {
            break;
        };
        out.push_str(&rest[..=open]);
        out.push_str(&excerpt(&inside[..close]));
        out.push(quote);
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_short_and_shows_what_hides_or_reorders_text() {
        assert_eq!(excerpt("Brick"), "Brick");
        assert_eq!(
            excerpt("a\u{0}b\u{202E}c\u{200B}"),
            "a\\u{0000}b\\u{202E}c\\u{200B}"
        );
        let long = "x".repeat(15_000_000);
        let shown = excerpt(&long);
        assert_eq!(
            shown,
            format!("{}… (14999960 more characters)", "x".repeat(40))
        );
        assert!(safe_line(&long).chars().count() < MESSAGE_CHARS + 40);
    }

    #[test]
    fn quoted_parts_of_a_message_are_cut_to_excerpts() {
        let key = "k".repeat(1_000_000);
        let message = format!("unknown field `{key}`, expected one of `ranks`, `difficulty`");
        let shown = excerpt_quoted(&message);
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.starts_with(&format!("unknown field `{}…", "k".repeat(40))));
        assert!(shown.ends_with("expected one of `ranks`, `difficulty`"));
        assert_eq!(
            excerpt_quoted("invalid type: string \"a\u{202E}b\", expected i64"),
            "invalid type: string \"a\\u{202E}b\", expected i64"
        );
        assert_eq!(excerpt_quoted("an odd \" quote"), "an odd \" quote");
    }

    #[test]
    fn invisible_is_the_default_ignorable_set() {
        for c in [
            '\u{200B}',
            '\u{200D}',
            '\u{2066}',
            '\u{202E}',
            '\u{FEFF}',
            '\u{E0041}',
        ] {
            assert!(is_invisible(c), "{:04X}", u32::from(c));
        }
        for c in ['a', ' ', 'é', '\u{0301}', '字', '🎲'] {
            assert!(!is_invisible(c), "{:04X}", u32::from(c));
        }
    }
}

#[cfg(test)]
mod isolation_tests {
    use super::{is_bidi_control, isolated};

    #[test]
    fn text_without_bidi_controls_is_left_as_it_is() {
        assert_eq!(isolated("Drone 3"), "Drone 3");
        assert_eq!(isolated("דרון"), "דרון");
    }

    #[test]
    fn an_override_is_isolated_and_a_stray_end_cannot_break_out() {
        assert_eq!(isolated("\u{202E}kcaj"), "\u{2068}\u{202E}kcaj\u{2069}");
        assert_eq!(
            isolated("\u{2069}\u{202E}evil"),
            "\u{2068}\u{202E}evil\u{2069}",
            "the stray isolate end is dropped"
        );
        assert_eq!(
            isolated("a\u{2067}b"),
            "\u{2068}a\u{2067}b\u{2069}\u{2069}",
            "the open isolate is closed before the wrapper"
        );
        // Every isolate opened is closed, whatever the input.
        for text in [
            "\u{2066}\u{2066}x",
            "\u{2069}\u{2069}\u{2068}",
            "\u{202B}x\u{2069}",
        ] {
            let out = isolated(text);
            let mut depth = 0i32;
            for c in out.chars() {
                match c {
                    '\u{2066}'..='\u{2068}' => depth += 1,
                    '\u{2069}' => depth -= 1,
                    _ => {}
                }
                assert!(depth >= 0, "{out:?} closes more than it opens");
            }
            assert_eq!(depth, 0, "{out:?}");
            assert!(out.chars().any(is_bidi_control));
        }
    }
}
