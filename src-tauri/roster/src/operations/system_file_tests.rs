use std::path::PathBuf;

use super::*;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../systems/examples")
        .join(name)
}

fn written(text: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn a_good_file_previews_what_it_declares_and_is_added_as_read() {
    let path = example("three-bands.toml");
    let checked = check(&path).unwrap();
    let preview = checked.preview();
    assert!(preview.problems.is_empty());
    assert!(preview.advice.is_empty(), "{:?}", preview.advice);
    let system = preview.system.unwrap();
    assert_eq!((system.id.as_str(), system.version), ("three-bands", 1));
    assert_eq!(system.name, "2d6 in three bands");
    // The preview's declarations are the store's own, of the same file.
    let file = system_file::read(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(system.declares, Declares::of(&file));
    assert_eq!(system.declares.sheet, ["Stat (number)"]);
    assert_eq!(
        checked.into_read().unwrap().text(),
        std::fs::read_to_string(&path).unwrap()
    );
}

#[test]
fn advice_is_previewed_at_its_line_and_the_file_is_added_all_the_same() {
    let text = "format = 1\nid = \"crits\"\nversion = 1\nname = \"Crits\"\n[rolls.attack]\nvalue = \"d20\"\noutcomes = [\n  { name = \"critical\", when = \"@value = 20\", success = true },\n  { name = \"hit\", band = \"11+\", success = true },\n  { name = \"miss\" },\n]\n";
    let (_dir, path) = written(text.as_bytes());
    let checked = check(&path).unwrap();
    let preview = checked.preview();
    assert!(preview.problems.is_empty());
    assert!(preview.system.is_some());
    let [advice] = &preview.advice[..] else {
        panic!("{:?}", preview.advice)
    };
    assert_eq!((advice.line, advice.column), (8, 12));
    assert_eq!(
        advice.text,
        "  { name = \"critical\", when = \"@value = 20\", success = true },"
    );
    assert_eq!(advice.caret, 11);
    assert!(
        advice
            .message
            .ends_with("ranked = [\"miss\", \"hit\", \"critical\"]"),
        "{}",
        advice.message
    );
    let mut store = crate::Store::open_in_memory().unwrap();
    let added = store
        .add_read_system_file(checked.into_read().unwrap())
        .unwrap();
    assert!(added.added);
}

#[test]
fn every_problem_is_previewed_with_its_line_and_caret_and_refused_as_the_store_refuses() {
    let text = "format = 1\nid = \"x\"\nversion = 1\nname = \"X\"\n[sheet.might]\ntype = \"number\"\nmin = 0\nmax = 5\nlable = \"M\"\n[rolls.hit]\nvalue = \"d20 + @mgiht\"\n";
    let (_dir, path) = written(text.as_bytes());
    let checked = check(&path).unwrap();
    let expected = system_file::read(text).unwrap_err();
    let preview = checked.preview();
    assert!(preview.system.is_none());
    assert_eq!(preview.problems.len(), expected.len());
    let lines: Vec<&str> = text.lines().collect();
    for (shown, problem) in preview.problems.iter().zip(&expected) {
        assert_eq!((shown.line, shown.column), (problem.line, problem.column));
        assert_eq!(shown.message, problem.message);
        // Short lines are shown whole, the caret under the column.
        assert_eq!(shown.text, lines[problem.line - 1]);
        assert_eq!(shown.caret, problem.column - 1);
    }
    let refused = checked.into_read().unwrap_err();
    let mut store = crate::Store::open_in_memory().unwrap();
    let by_store = store.add_system_file(text).unwrap_err();
    assert_eq!(refused.code(), "invalid_system_file");
    assert_eq!(refused.problems(), by_store.problems());
}

#[test]
fn a_long_line_is_cut_around_the_column() {
    let long = format!("summary = \"{}\" oops", "a".repeat(500));
    let text = format!("format = 1\nid = \"x\"\nversion = 1\nname = \"X\"\n{long}\n");
    let (_dir, path) = written(text.as_bytes());
    let preview = check(&path).unwrap().preview();
    let problem = &preview.problems[0];
    assert_eq!(problem.line, 5);
    assert!(problem.column > SHOWN_CHARS, "{problem:?}");
    assert_eq!(problem.text.chars().count(), SHOWN_CHARS);
    // The text shown is the line's own, and the caret points at the column's character.
    let line: Vec<char> = long.chars().collect();
    let start = problem.column - 1 - problem.caret;
    let shown: String = line[start..start + SHOWN_CHARS].iter().collect();
    assert_eq!(problem.text, shown);
    assert_eq!(
        problem.text.chars().nth(problem.caret),
        line.get(problem.column - 1).copied()
    );
}

#[test]
fn a_file_that_is_not_utf8_is_a_problem_at_its_byte_and_never_added() {
    let mut bytes = b"format = 1\nid = \"x\"\nname = \"ab".to_vec();
    bytes.push(0xFF);
    bytes.extend_from_slice(b"\"\nversion = 1\n");
    let (_dir, path) = written(&bytes);
    let checked = check(&path).unwrap();
    let preview = checked.preview();
    assert_eq!(preview.problems.len(), 1);
    let problem = &preview.problems[0];
    assert_eq!((problem.line, problem.column), (3, 11));
    assert!(problem.message.contains("0xFF"), "{}", problem.message);
    assert_eq!(
        checked.into_read().unwrap_err().code(),
        "invalid_system_file"
    );
}

#[test]
fn a_file_past_the_bound_is_refused_from_its_size_and_a_folder_is_not_read() {
    let text = format!("# {}\n", "x".repeat(MAX_FILE_BYTES));
    let (_dir, path) = written(text.as_bytes());
    let checked = check(&path).unwrap();
    assert!(checked.text.len() <= MAX_FILE_BYTES + 1);
    assert!(!checked.preview().problems.is_empty());
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(check(dir.path()).unwrap_err().code(), "not_a_regular_file");
    let gone = dir.path().join("gone.toml");
    assert_eq!(check(&gone).unwrap_err().code(), "io_error");
}
