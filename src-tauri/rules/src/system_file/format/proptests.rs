//! Whatever text it is given, the reader answers: a system, or problems each at a line and
//! column inside the text; it never panics.

use proptest::prelude::*;

use super::{read, FileProblem};

const EXAMPLES: [&str; 3] = [
    include_str!("../../../../../systems/d20-heroes.toml"),
    include_str!("../../../../../systems/six-pool.toml"),
    include_str!("../../../../../systems/two-dice-moves.toml"),
];

fn inside(text: &str, problems: &[FileProblem]) {
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(!problems.is_empty());
    for p in problems {
        assert!(
            p.line >= 1 && p.line <= lines.len(),
            "{p:?} of {} lines",
            lines.len()
        );
        let width = lines[p.line - 1].chars().count();
        assert!(
            p.column >= 1 && p.column <= width + 1,
            "{p:?}, line of {width}"
        );
    }
}

fn answers(text: &str) {
    if let Err(problems) = read(text) {
        inside(text, &problems);
    }
}

/// `text` with the characters `from..from+len` replaced by `with` (on character boundaries).
fn mutated(text: &str, from: usize, len: usize, with: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let from = from % (chars.len() + 1);
    let to = (from + len).min(chars.len());
    chars[..from]
        .iter()
        .chain(with.chars().collect::<Vec<_>>().iter())
        .chain(chars[to..].iter())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_toml_ish_text_never_panics(text in "(format = 1\n)?([a-z_.\\[\\]=\" @+*/()<>0-9{},\n-]|d6|min|max|type|rolls|sheet|value){0,120}") {
        answers(&text);
    }

    #[test]
    fn mutated_example_files_never_panic(
        which in 0..EXAMPLES.len(),
        edits in proptest::collection::vec((0usize..5000, 0usize..12, "[a-z0-9@\\[\\]=\"{}, \n.-]{0,6}|é|\u{202e}|d1000|\"\"\""), 1..4),
    ) {
        let mut text = EXAMPLES[which].to_string();
        for (from, len, with) in edits {
            text = mutated(&text, from, len, &with);
        }
        answers(&text);
    }
}
