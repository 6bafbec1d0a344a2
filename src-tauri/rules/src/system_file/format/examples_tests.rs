//! Every shipped system file (`systems/**/*.toml`) and every TOML block of
//! `docs/system-files.md` reads without a problem or advice, and reads as its words say.

use std::path::{Path, PathBuf};

use super::{read, read_advised};
use crate::system_file::model::{LetKind, PoolStatKind, Reading, RollFieldKind};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn toml_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            toml_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "toml") {
            found.push(path);
        }
    }
}

#[test]
fn every_shipped_system_file_reads() {
    let mut files = Vec::new();
    toml_files(&repo().join("systems"), &mut files);
    assert!(files.len() >= 13, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        match read_advised(&text) {
            Err(problems) => panic!("{}: {problems:#?}", path.display()),
            // What Rollbook ships is what a GM copies: it ranks its outcomes as it means them.
            Ok((_, advice)) => assert!(advice.is_empty(), "{}: {advice:#?}", path.display()),
        }
    }
}

/// The fenced ```toml blocks of the docs, each with the line it starts on.
fn doc_blocks() -> Vec<(usize, String)> {
    let docs = std::fs::read_to_string(repo().join("docs/system-files.md")).unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in docs.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            (None, "```toml") => current = Some((i + 2, String::new())),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some((_, text)), line) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn every_toml_block_of_the_docs_reads() {
    let blocks = doc_blocks();
    assert!(blocks.len() >= 13, "{}", blocks.len());
    for (line, text) in blocks {
        match read_advised(&text) {
            Err(problems) => {
                panic!("docs/system-files.md, the block at line {line}: {problems:#?}")
            }
            Ok((_, advice)) => assert!(
                advice.is_empty(),
                "docs/system-files.md, the block at line {line}: {advice:#?}"
            ),
        }
    }
}

#[test]
fn each_example_file_is_shown_whole_in_the_docs() {
    let blocks: Vec<String> = doc_blocks().into_iter().map(|(_, b)| b).collect();
    let mut files = Vec::new();
    toml_files(&repo().join("systems/examples"), &mut files);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            blocks.contains(&text),
            "{} is not in the docs as it is",
            path.display()
        );
    }
}

fn shipped(name: &str) -> crate::system_file::SystemFile {
    read(&std::fs::read_to_string(repo().join("systems").join(name)).unwrap()).unwrap()
}

#[test]
fn the_bands_read_as_conditions_in_order() {
    let file = shipped("two-dice-moves.toml");
    let Reading::Named {
        value, outcomes, ..
    } = &file.rolls[0].reading
    else {
        panic!("outcomes")
    };
    assert_eq!(value.as_deref(), Some("2d6 + @stat + @forward + @ongoing"));
    let read: Vec<(&str, Option<&str>, bool)> = outcomes
        .iter()
        .map(|o| (o.name.as_str(), o.when.as_deref(), o.success))
        .collect();
    assert_eq!(
        read,
        vec![
            ("miss", Some("@value <= 6"), false),
            ("weak hit", Some("@value >= 7 and @value <= 9"), true),
            ("strong hit", Some("@value >= 10"), true),
        ]
    );
    assert_eq!(file.table.trackers, vec!["harm"]);
}

#[test]
fn the_push_is_a_pool_read_two_ways() {
    let file = shipped("six-pool.toml");
    let push = file.rolls.iter().find(|r| r.id == "push").unwrap();
    let LetKind::Pool { count, die, stats } = &push.lets[0].what else {
        panic!("a pool")
    };
    assert_eq!(
        (count.as_str(), die.as_str()),
        ("max(0, @dice - @kept)", "d6")
    );
    assert_eq!(stats[1].name, "ones");
    assert_eq!(stats[1].what, PoolStatKind::Count { cmp: "=1".into() });
    assert_eq!(push.events[0].name, "stress");
}

#[test]
fn choices_and_sheet_sources_are_kept() {
    let file = shipped("d20-heroes.toml");
    let check = &file.rolls[0];
    let mode = check.fields.iter().find(|f| f.name == "mode").unwrap();
    let RollFieldKind::Choice { options, default } = &mode.kind else {
        panic!("a choice")
    };
    assert_eq!(options.len(), 3);
    assert_eq!(
        (options[2].name.as_str(), options[2].value),
        ("disadvantage", 2)
    );
    assert_eq!(default, "normal");
    assert_eq!(check.fields[0].from_sheet.as_deref(), Some("skills"));
    assert_eq!(file.derived[0].name, "str_mod");
    assert_eq!(file.table.initiative.as_deref(), Some("initiative"));
}
