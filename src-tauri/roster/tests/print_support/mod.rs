//! Helpers of the printable-sheet tests: the fixtures' rosters, the longest character each system
//! allows, and Chromium / poppler to print and read back a PDF.
#![allow(dead_code)] // each test binary uses its own share of them

use std::path::{Path, PathBuf};
use std::process::Command;

use rollbook_roster::{Character, ImportMode, NewCharacter, NewRoster, Roster, Store, System};
use serde_json::{json, Value};

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The day every test prints on.
pub fn date() -> jiff::civil::Date {
    jiff::civil::date(2026, 11, 22)
}

/// A store holding the fixture of `system`, its roster and characters in roster order.
pub fn fixture_roster(system: System) -> (Store, Roster, Vec<Character>) {
    let mut store = Store::open_in_memory().unwrap();
    store
        .import_file(
            fixture(&format!("{system}.json")),
            ImportMode::Merge,
            |_, _| {},
        )
        .unwrap();
    let roster = store.rosters().unwrap().remove(0);
    let characters = store.characters(roster.id).unwrap();
    (store, roster, characters)
}

/// A name of exactly 120 characters (the longest allowed), starting with `tag` so a test can find
/// it, filled with the kind of text that is hardest to fit: the widest Latin letter, Cyrillic,
/// ideographs, one unbroken word, and words with spaces.
pub fn long_name(tag: &str, i: usize) -> String {
    let fill = match i % 4 {
        0 => "W".repeat(120),
        1 => "WWWWWWWW ".repeat(14),
        2 => "語".repeat(120),
        _ => "Щедрый Жук ".repeat(12),
    };
    format!("{tag} {fill}").chars().take(120).collect()
}

/// How many items a sheet list may hold, and characters in notes (FORMAT.md, the validator).
pub const LIST_MAX: usize = 200;
pub const NOTES_MAX: usize = 20_000;

fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| long_name(&format!("{prefix}{i:03}"), i))
        .collect()
}

/// The fullest sheet of `system` the validator accepts: every list at its longest, every name
/// 120 characters long. For stunt, `levels` are the roster's (house) levels.
pub fn longest_sheet(system: System, levels: &[String]) -> Value {
    let n = LIST_MAX;
    match system {
        System::File(file) => panic!("the longest sheets are written for the five, not {file:?}"),
        System::D12 => {
            let mut abilities: Vec<Value> = names("Ab", n)
                .into_iter()
                .map(|name| json!({"name": name, "ranks": 0}))
                .collect();
            abilities[0]["ranks"] = json!(4);
            abilities[1]["ranks"] = json!(4);
            json!({
                "abilities": abilities,
                "health": {"current": 57, "max": 99},
                "effects": names("Ef", n).into_iter().map(|e| json!({"name": e, "remaining": long_name("left", 1)})).collect::<Vec<_>>(),
                "conditions": names("Co", n).into_iter().map(|c| json!({"kind": "limb", "detail": c, "remaining": long_name("left", 3)})).collect::<Vec<_>>(),
                "equipment": names("Eq", n),
            })
        }
        System::Stunt => {
            let top = levels.last().unwrap();
            let mut basestats = serde_json::Map::new();
            for stat in ["ATT", "POWER", "LUCK"] {
                basestats.insert(stat.into(), json!(top));
            }
            for name in names("St", n - 3) {
                basestats.insert(name, json!(levels[0]));
            }
            json!({
                "basestats": basestats,
                "abilities": names("Ab", n).into_iter().enumerate().map(|(i, a)| json!({"name": a, "level": levels[i % levels.len()]})).collect::<Vec<_>>(),
                "htk": {"current": 9998, "max": 9999},
            })
        }
        System::Genre => {
            let mut attributes = serde_json::Map::new();
            attributes.insert("Stamina".into(), json!(10));
            for name in names("At", n - 1) {
                attributes.insert(name, json!(10));
            }
            json!({
                "level": 100,
                "attributes": attributes,
                "powers": names("Po", n).into_iter().map(|p| json!({"name": p, "level": 10})).collect::<Vec<_>>(),
                "skills": names("Sk", n).into_iter().map(|s| json!({"name": s, "modifier": -10})).collect::<Vec<_>>(),
                "glory": 9999,
                "trackers": {"grunt_penalties": [-3, -2, -1], "grunts_since_rest": 10, "nuts_used": 100, "nut_rounds_left": 2},
            })
        }
        System::Universe => json!({
            "skills": names("Sk", n).into_iter().map(|s| json!({"name": s, "level": 20})).collect::<Vec<_>>(),
            "combat_skill": 20, "attack_bonus": -20, "ac": 40,
            "saves": {"physical": 30, "mental": 30, "luck": 30},
            "hp": {"current": 998, "max": 999}, "sanity": {"current": 0, "max": 999},
            "lucky": true, "fate": ["10S", "QH"],
        }),
        System::Marks => {
            let mut attributes = serde_json::Map::new();
            let mut supers = serde_json::Map::new();
            for a in [
                "Agility",
                "Cunning",
                "Intelligence",
                "Fortitude",
                "Domination",
            ] {
                attributes.insert(a.into(), json!(6));
            }
            for name in names("At", n - 5) {
                attributes.insert(name, json!(6));
            }
            for name in attributes.keys() {
                supers.insert(name.clone(), json!(60));
            }
            json!({
                "attributes": attributes,
                "super_attributes": supers,
                "skills": names("Sk", n).into_iter().enumerate().map(|(i, s)| json!({"name": s, "rank": 60, "super": i % 2 == 0})).collect::<Vec<_>>(),
                "styles": names("Sy", n).into_iter().map(|s| json!({"name": s, "rank": 60})).collect::<Vec<_>>(),
                "superpowers": names("Sp", n).into_iter().map(|s| json!({"name": s, "rank": 60})).collect::<Vec<_>>(),
            })
        }
    }
}

/// Notes of the longest length: paragraphs of every kind of text, one unbroken run among them.
pub fn longest_notes() -> String {
    let mut notes = String::new();
    let mut i = 0;
    while notes.chars().count() < NOTES_MAX {
        notes.push_str(&long_name(&format!("Note{i:03}"), i));
        notes.push_str(if i % 3 == 0 { "\n\n" } else { " " });
        i += 1;
    }
    notes.chars().take(NOTES_MAX).collect()
}

/// Adds the longest character `system` allows to a roster and returns both. For stunt that is a
/// roster of its own whose level list has the most levels with the longest names its house rules
/// take (40 of 40 characters), so that every chart row is as long as it gets.
pub fn add_longest(store: &mut Store, roster: &Roster) -> (Roster, Character) {
    let mut roster = roster.clone();
    if roster.system == System::Stunt {
        let mut levels = roster.house_rules.stunt.levels.clone();
        let more = 40 - levels.len();
        levels.extend((0..more).map(|i| format!("L{i:02} {}", "W".repeat(36))));
        let new = NewRoster {
            house_rules: Some(rollbook_rules::HouseRules {
                stunt: rollbook_rules::StuntChart::ruled(levels),
                ..rollbook_rules::HouseRules::default()
            }),
            ..NewRoster::new(long_name("Roster", 1), System::Stunt)
        };
        roster = store.create_roster(new).unwrap();
    }
    let levels = roster.house_rules.stunt.levels.clone();
    let new = NewCharacter {
        player: long_name("Player", 3),
        tags: (0..32)
            .map(|i| format!("t{i:02}{}", "W".repeat(37)))
            .collect(),
        notes: longest_notes(),
        sheet: Some(longest_sheet(roster.system, &levels)),
        ..NewCharacter::named(long_name("Longest", 0))
    };
    let character = store.create_character(roster.id, new).unwrap();
    (roster, character)
}

/// Where the PDF tools are; a missing one fails the test with what to do.
fn tool(name: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "{name} is not installed; the printing tests need Debian's chromium and \
                 poppler-utils: run scripts/bootstrap.sh (or apt-get install chromium poppler-utils)"
            )
        })
}

/// Prints `html` to a PDF with headless Chromium (its own profile directory) and returns the
/// PDF's path, in `dir`.
pub fn print_pdf(html: &str, dir: &Path, stem: &str) -> PathBuf {
    let chromium = tool("chromium");
    let page = dir.join(format!("{stem}.html"));
    let pdf = dir.join(format!("{stem}.pdf"));
    std::fs::write(&page, html).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(
        output.status.success() && pdf.is_file(),
        "chromium failed to print {}: {}",
        page.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    pdf
}

/// `pdfinfo`'s page count and page size line (`Page size: 595.276 x 841.89 pts (A4)`).
pub fn pdf_info(pdf: &Path) -> (usize, String) {
    let out = Command::new(tool("pdfinfo")).arg(pdf).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
            .unwrap_or_else(|| panic!("pdfinfo gave no {name}: {text}"))
    };
    (field("Pages:").parse().unwrap(), field("Page size:"))
}

/// The text of each page, as `pdftotext` reads it (it ends each page with a form feed).
pub fn pages_text(pdf: &Path) -> Vec<String> {
    let out = Command::new(tool("pdftotext"))
        .args(["-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// Where the header's "Rollbook" ends on each page, in points from the left edge of the paper.
/// It stands right-aligned at the printable width (12 + 186 mm = 561.3 pt): anything else means
/// the browser shrank the page to fit something too wide.
pub fn header_right_edges(pdf: &Path) -> Vec<f64> {
    let out = Command::new(tool("pdftotext"))
        .args(["-bbox", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.split("<page ")
        .skip(1)
        .map(|page| {
            let word = page
                .lines()
                .find(|l| l.trim_end().ends_with(">Rollbook</word>"))
                .unwrap_or_else(|| panic!("a page without its header: {page:.300}"));
            let at = word.find("xMax=\"").unwrap() + 6;
            word[at..at + word[at..].find('"').unwrap()]
                .parse()
                .unwrap()
        })
        .collect()
}

/// Text with every white space removed, to find a name however lines broke it.
pub fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A page's width and height and its words, each with its box (pt from the top-left).
pub type PageWords = (f64, f64, Vec<([f64; 4], String)>);

/// Every page's words as `pdftotext -bbox` reads them.
pub fn pdf_words(pdf: &Path) -> Vec<PageWords> {
    let out = Command::new("pdftotext")
        .args(["-bbox", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) runs");
    let text = String::from_utf8(out.stdout).unwrap();
    let number = |line: &str, key: &str| -> f64 {
        let at = line.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        line[at..].split('"').next().unwrap().parse().unwrap()
    };
    text.split("<page ")
        .skip(1)
        .map(|page| {
            let head = page.lines().next().unwrap();
            let found = page
                .lines()
                .filter(|l| l.trim_start().starts_with("<word "))
                .map(|l| {
                    let word = l.split('>').nth(1).unwrap_or("").trim_end_matches("</word");
                    (
                        ["xMin", "yMin", "xMax", "yMax"].map(|k| number(l, k)),
                        word.to_string(),
                    )
                })
                .collect();
            (number(head, "width"), number(head, "height"), found)
        })
        .collect()
}

/// Every item of every list of `listed` (the longest character's sheet, as JSON) is in `all`
/// (the squeezed text of its pages): nothing was cut off the paper.
pub fn assert_every_item_printed(listed: &str, all: &str, what: &str) {
    for prefix in ["Ab", "Ef", "Co", "Eq", "St", "At", "Po", "Sk", "Sy", "Sp"] {
        for i in 0..LIST_MAX {
            let item = format!("{prefix}{i:03}");
            if listed.contains(&item) {
                assert!(all.contains(&item), "{what}: {item} is missing");
            }
        }
    }
}
