//! Printable sheets rendered from the fixtures, without a browser: one planned page per
//! character, each system's own boxes, rows and reference tables, the footer, every user string
//! escaped, a self-contained document, and the longest lists carried onto continuation pages.
//! (`print_pdf.rs` prints them with Chromium and reads the PDF back.)

use crate::print_support;

use print_support::*;
use rollbook_roster::print::{self, Paper, PrintError};
use rollbook_roster::sheet::Sheet;
use rollbook_roster::{NewCharacter, NewRoster, Store, System};

/// The table row whose first cell is `name` (the sheets print one item a row).
fn row<'a>(html: &'a str, name: &str) -> &'a str {
    let cell = format!(">{name}</td>");
    let at = html
        .find(&cell)
        .unwrap_or_else(|| panic!("no row for {name}"));
    let start = html[..at].rfind("<tr").unwrap();
    let end = at + html[at..].find("</tr>").unwrap();
    &html[start..end]
}

/// The text of the cells of a row, in order.
fn cells(row: &str) -> Vec<&str> {
    row.split("<td")
        .skip(1)
        .map(|c| {
            let c = &c[c.find('>').unwrap() + 1..];
            &c[..c.find("</td>").unwrap()]
        })
        .collect()
}

fn render(system: System, paper: Paper) -> (print::Printout, Vec<rollbook_roster::Character>) {
    let (_store, roster, characters) = fixture_roster(system);
    let printed = print::render(&roster, &characters, paper, date()).unwrap();
    (printed, characters)
}

#[test]
fn every_fixture_character_gets_one_page_with_its_name_and_the_roster_in_the_footer() {
    for system in System::ALL {
        for paper in Paper::ALL {
            let (_store, roster, characters) = fixture_roster(system);
            let printed = print::render(&roster, &characters, paper, date()).unwrap();
            assert_eq!(printed.pages, characters.len(), "{system} {paper}");
            assert_eq!(
                printed.html.matches("<section class=\"page").count(),
                characters.len()
            );
            for (sheet, character) in printed.sheets.iter().zip(&characters) {
                assert_eq!((sheet.id, sheet.pages), (character.id, 1));
                assert!(printed
                    .html
                    .contains(&format!("<h1>{}</h1>", character.name)));
            }
            let footer = format!("{} · printed 2026-11-22", roster.name);
            assert_eq!(printed.html.matches(&footer).count(), characters.len());
            // Every rating of every sheet (ability, skill, attribute… names) is printed.
            for character in &characters {
                for rating in character.sheet.ratings() {
                    assert!(
                        printed.html.contains(&rating.name),
                        "{system}: {} lacks {}",
                        character.name,
                        rating.name
                    );
                }
            }
        }
    }
}

#[test]
fn the_paper_size_is_the_page_size_and_the_document_is_self_contained() {
    for paper in Paper::ALL {
        let (printed, _) = render(System::D12, paper);
        let html = &printed.html;
        let size = match paper {
            Paper::A4 => "size: A4;",
            Paper::Letter => "size: letter;",
        };
        assert!(html.contains(size), "{paper}");
        assert!(html.contains("break-after: page"));
        assert!(html.contains("<style>"));
        for outside in ["<script", "<link", "src=", "http://", "https://", "@import"] {
            assert!(!html.contains(outside), "{outside} in a sheet");
        }
        // The only url()s are the sheet's two fonts, inside it as data.
        assert_eq!(html.matches("url(").count(), 2);
        assert_eq!(html.matches("url(data:font/woff2;base64,").count(), 2);
        assert!(html.contains(
            "Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; font-src data:;"
        ));
    }
}

#[test]
fn d12_sheets_show_rolls_health_and_the_difficulty_and_damage_table() {
    let (printed, _) = render(System::D12, Paper::A4);
    let html = &printed.html;
    // Vex: Guns 2 ranks rolls 3d12+2; Toughness carries its defense role.
    assert_eq!(cells(row(html, "Guns")), ["Guns", "", "2", "3d12+2"]);
    assert_eq!(
        cells(row(html, "Toughness")),
        ["Toughness", "Toughness", "2", "3d12+2"]
    );
    assert_eq!(cells(row(html, "Dazed")), ["Dazed", "1 turn"]);
    assert_eq!(
        cells(row(html, "Limb: Left Arm")),
        ["Limb: Left Arm", "1 day"]
    );
    // What the rules make of the equipment, from the sheet report.
    assert_eq!(
        cells(row(html, "Body Armor")),
        ["Body Armor", "+1d12 Toughness"]
    );
    assert!(html.contains("<span class=\"of\">of 12</span>"));
    for (roll, difficulty, effect) in [
        ("3", "Easy", "No Effect"),
        ("18", "Formidable", "Stunned 1d12 turns"),
        ("48+", "God-Like", "Coma 1d12 months"),
    ] {
        let r = row(html, &format!("<b>{roll}</b>"));
        assert!(r.contains(difficulty) && r.contains(effect), "{r}");
    }
    assert!(html.contains("12 Right Eye"));
}

#[test]
fn stunt_sheets_print_the_rosters_chart_row_for_each_stat_and_ability() {
    let (_store, roster, characters) = fixture_roster(System::Stunt);
    let printed = print::render(&roster, &characters, Paper::A4, date()).unwrap();
    let chart = &roster.house_rules.stunt;
    let Sheet::Stunt(marla) = &characters[0].sheet else {
        panic!()
    };
    let rated = marla
        .basestats
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .chain(
            marla
                .abilities
                .iter()
                .map(|a| (a.name.clone(), a.level.clone())),
        );
    for (name, level) in rated {
        let active = chart.level_index(&level).unwrap();
        let expected: Vec<String> = (0..chart.levels.len())
            .map(|d| chart.target(active, d).to_string())
            .collect();
        let printed_row = cells(row(&printed.html, &name));
        assert_eq!(printed_row[1], level);
        assert_eq!(printed_row[2..], expected[..], "{name}");
    }
    for level in &chart.levels {
        assert!(printed.html.contains(&format!("<span>{level}</span>")));
    }
    assert!(printed.html.contains("of 30"), "HTK box");
}

#[test]
fn marks_sheets_show_defenses_tiers_and_pools() {
    let (printed, characters) = render(System::Marks, Paper::A4);
    let html = &printed.html;
    let Sheet::Marks(byte) = &characters[0].sheet else {
        panic!()
    };
    let attr = |name: &str| byte.attributes[name];
    // RULES.md: Physical = (Cunning + Agility) / 2, rounded down.
    let physical = (attr("Cunning") + attr("Agility")) / 2;
    assert!(html.contains(&format!(
        "<span class=\"what\">Physical</span><span class=\"blankbox\">{physical}</span>"
    )));
    assert!(html.contains("Super Human") && html.contains("Mastery"));
    assert_eq!(cells(row(html, "Fortitude")), ["Fortitude", "4d6", "+2d10"]);
    assert_eq!(cells(row(html, "Sword")), ["Sword", "3", "+3d6"]);
    assert_eq!(
        cells(row(html, "Force Field")),
        ["Force Field", "2", "+2d10"]
    );
}

#[test]
fn genre_sheets_have_glory_grunt_and_nut_boxes() {
    let (printed, _) = render(System::Genre, Paper::Letter);
    let html = &printed.html;
    let first = &html[..html.find("</section>").unwrap()];
    // Rex Valor: level 3 (three Bust A Nut boxes, one used), Stamina 4 (four grunt boxes, one
    // used), a -1 penalty to come, two rounds boxes.
    let ticks = |from: &str| {
        let at = first.find(from).unwrap();
        let span = &first[at..];
        let span = &span[span.find("<span class=\"ticks\">").unwrap()..];
        let span = &span[..span.find("</span>").unwrap()];
        (
            span.matches("<i class=\"tick\"").count() + span.matches("tick on").count(),
            span.matches("tick on").count(),
        )
    };
    assert_eq!(ticks("Grunts since rest"), (4, 1));
    assert_eq!(ticks("Used this adventure"), (3, 1));
    assert_eq!(ticks("Rounds left"), (2, 0));
    assert!(first.contains("<span class=\"blankbox\">-1</span>"));
    assert!(first.contains("when printed: 2"), "Glory");
    assert_eq!(cells(row(first, "Strength")), ["Strength", "4", "4d6"]);
    assert_eq!(cells(row(first, "Brawling")), ["Brawling", "+3"]);
}

#[test]
fn universe_sheets_have_the_fate_card_box_saves_hp_and_sanity() {
    let (printed, _) = render(System::Universe, Paper::A4);
    let html = &printed.html;
    let first = &html[..html.find("</section>").unwrap()];
    // Captain Ines Moreau is Lucky and holds QH and 7S.
    assert!(first.contains("Lucky: may hold two"));
    assert!(first.contains("<span class=\"card\">Q♥</span><span class=\"card\">7♠</span>"));
    for (save, dc) in [("Physical", 14), ("Mental", 15), ("Luck", 13)] {
        assert!(first.contains(&format!(
            "<span class=\"what\">{save}</span><span class=\"blankbox\">{dc}</span>"
        )));
    }
    assert!(
        first.contains("of 18") && first.contains("when printed: 12") && first.contains("of 14")
    );
    assert!(first.contains("<b>d20+3</b>"), "combat 2 + bonus 1");
    assert_eq!(cells(row(first, "Piloting")), ["Piloting", "2", "2d6+2"]);
}

#[test]
fn every_user_string_is_printed_as_text() {
    let evil = "<img src=x onerror=alert(1)>";
    let mut store = Store::open_in_memory().unwrap();
    let roster = store
        .create_roster(NewRoster::new(
            "</title><script>alert(2)</script>",
            System::D12,
        ))
        .unwrap();
    let character = store
        .create_character(
            roster.id,
            NewCharacter {
                player: "\"Sam\" & <b>friends</b>".into(),
                tags: vec!["<i>party</i>".into()],
                notes: "</p><script>alert(3)</script>\n{{ 7*7 }} {% raw %}".into(),
                sheet: Some(serde_json::json!({
                    "abilities": [{"name": "<u>Guns</u>", "ranks": 1}],
                    "equipment": ["<style>*{display:none}</style>"],
                })),
                ..NewCharacter::named(evil)
            },
        )
        .unwrap();
    let printed = print::render(&roster, &[character], Paper::A4, date()).unwrap();
    let html = &printed.html;
    for raw in [
        evil,
        "<script",
        "<b>friends",
        "<i>party",
        "<u>Guns",
        "<style>*",
    ] {
        assert!(!html.contains(raw), "{raw} reached the page as markup");
    }
    for escaped in [
        "&lt;img src=x onerror=alert(1)&gt;",
        "&lt;&#x2f;title&gt;&lt;script&gt;alert(2)&lt;&#x2f;script&gt;",
        "&quot;Sam&quot; &amp; &lt;b&gt;friends&lt;&#x2f;b&gt;",
        "&lt;&#x2f;p&gt;&lt;script&gt;alert(3)&lt;&#x2f;script&gt;",
        "&lt;u&gt;Guns&lt;&#x2f;u&gt;",
    ] {
        assert!(
            html.contains(escaped),
            "{escaped} is not on the page:\n{html}"
        );
    }
    // Template syntax in the data is data, not template.
    assert!(html.contains("{{ 7*7 }} {% raw %}"));
}

#[test]
fn printing_nothing_or_another_rosters_character_is_refused() {
    let (mut store, roster, characters) = fixture_roster(System::D12);
    assert_eq!(
        print::render(&roster, &[], Paper::A4, date()).unwrap_err(),
        PrintError::NothingToPrint
    );
    let other = store
        .create_roster(NewRoster::new("Other table", System::D12))
        .unwrap();
    let err = print::render(&other, &characters[..1], Paper::A4, date()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Vex is not in the roster Other table; print each roster's characters with their own roster"
    );
    assert_eq!(
        "b5".parse::<Paper>().unwrap_err().to_string(),
        "\"b5\" is not a paper size; use a4 or letter"
    );
    assert_eq!("Letter".parse::<Paper>().unwrap(), Paper::Letter);
    assert_eq!(" a4 ".parse::<Paper>().unwrap(), Paper::A4);
}

#[test]
fn the_longest_lists_continue_on_numbered_pages_and_lose_nothing() {
    for system in System::ALL {
        let (mut store, roster, _) = fixture_roster(system);
        let (roster, longest) = add_longest(&mut store, &roster);
        for paper in Paper::ALL {
            let printed =
                print::render(&roster, std::slice::from_ref(&longest), paper, date()).unwrap();
            let pages = printed.pages;
            assert!(pages > 2, "{system} {paper}: {pages}");
            assert_eq!(printed.sheets[0].pages, pages);
            let html = &printed.html;
            assert_eq!(html.matches("<section class=\"page").count(), pages);
            assert_eq!(
                html.matches("<p class=\"meta\">continued</p>").count(),
                pages - 1
            );
            assert!(html.contains(&format!("page {pages} of {pages}")));
            // Every item of every list, and every paragraph of the notes, is there.
            let prefixes = ["Ab", "Ef", "Co", "Eq", "St", "At", "Po", "Sk", "Sy", "Sp"];
            for prefix in prefixes {
                for i in [0, 57, LIST_MAX - 1] {
                    let item = format!("{prefix}{i:03}");
                    let listed = longest.sheet.to_value().to_string().contains(&item);
                    assert_eq!(html.contains(&item), listed, "{system} {paper}: {item}");
                }
            }
            // The notes' paragraphs, split between columns and pages, read back whole.
            let paragraphs: String = html
                .split("<p>")
                .skip(1)
                .map(|p| squeeze(&p[..p.find("</p>").unwrap()]))
                .collect();
            assert!(
                paragraphs.contains(&squeeze(&longest.notes)),
                "{system} {paper}: the notes"
            );
        }
    }
}

/// Issue 28: a name holding a right-to-left override is printed isolated (FIRST STRONG ISOLATE …
/// POP DIRECTIONAL ISOLATE) wherever it sits beside other words: the title, the header, the
/// header of every continuation page (cut to one line, then isolated), the player and the tags
/// in the header's meta, and the roster in the footer. Nothing after a name is reordered.
#[test]
fn names_holding_bidi_controls_are_printed_isolated() {
    const RLO: char = '\u{202E}';
    let (mut store, roster, _) = fixture_roster(System::D12);
    let roster = store
        .update_roster(
            roster.id,
            rollbook_roster::RosterPatch {
                name: Some(format!("{RLO}sessaM")),
                ..Default::default()
            },
        )
        .unwrap();
    let (roster, longest) = add_longest(&mut store, &roster);
    let name = format!("{RLO}Longest {}", "W".repeat(100));
    let character = store
        .update_character(
            longest.id,
            rollbook_roster::CharacterPatch {
                name: Some(name.clone()),
                player: Some(format!("{RLO}maS")),
                tags: Some(vec![format!("{RLO}ytrap"), "hurt".into()]),
                ..Default::default()
            },
        )
        .unwrap();
    let printed = print::render(&roster, &[character], Paper::A4, date()).unwrap();
    let html = &printed.html;
    assert!(printed.pages > 1, "a continuation page is printed too");
    assert!(
        html.contains(&format!("<h1>\u{2068}{name}\u{2069}</h1>")),
        "the header"
    );
    assert!(
        html.contains(&format!(
            "<p class=\"meta\">PC · player \u{2068}{RLO}maS\u{2069} · \u{2068}{RLO}ytrap\u{2069}, hurt</p>"
        )),
        "the meta"
    );
    assert!(
        html.contains(&format!(
            "<span class=\"place\">\u{2068}{RLO}sessaM\u{2069} · printed "
        )),
        "the footer"
    );
    assert!(
        html.contains(&format!(
            "<title>\u{2068}{name}\u{2069} — \u{2068}{RLO}sessaM\u{2069}</title>"
        )),
        "the title"
    );
    // Every override of the document, the continuation pages' cut names included, sits in an
    // isolate that closes.
    let mut depth = 0usize;
    for c in html.chars() {
        match c {
            '\u{2068}' => depth += 1,
            '\u{2069}' => {
                assert!(depth > 0, "an isolate closed that was not open");
                depth -= 1;
            }
            RLO => assert!(depth > 0, "an override outside an isolate"),
            _ => {}
        }
    }
    assert_eq!(depth, 0, "every isolate is closed");
    assert_eq!(
        html.matches("<p class=\"meta\">continued</p>").count(),
        printed.pages - 1
    );
}
