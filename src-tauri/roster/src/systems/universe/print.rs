//! Universe Deck d20: hp and Sanity to write in, the fate card box, combat and save boxes;
//! skills with their rolls; attacks, saves, augmentation and fate cards in brief.

use serde_json::json;

use crate::print::section::{heads, Cell, Column, Row, Section};
use crate::print::systems::{signed, track, Layout, SystemPage, NOTE_LINES};
use crate::sheet::UniverseSheet;

pub(super) const LAYOUT: Layout = Layout {
    columns: 2,
    top: 41.0,
    reference: 36.0,
};

pub(super) fn build(sheet: &UniverseSheet, notes: &str) -> SystemPage {
    let skills = sheet
        .skills
        .iter()
        .map(|s| {
            Row::new(vec![
                Cell::new(&s.name),
                Cell::new(s.level.to_string()),
                Cell::new(format!("2d6{:+}", s.level)),
            ])
        })
        .collect();
    let sections = vec![
        Section::table(
            "Skills",
            vec![
                Column::new(0.0, "l"),
                Column::new(12.0, "r"),
                Column::new(16.0, "r"),
            ],
            heads(&["Skill", "Level", "Roll"]),
            skills,
        ),
        Section::notes("Notes", notes, NOTE_LINES),
    ];
    // A Lucky character may hold two fate cards; everyone else one.
    let slots = if sheet.lucky { 2 } else { 1 };
    let mut cards: Vec<Option<String>> = sheet.fate.iter().map(|c| Some(card(c))).collect();
    cards.resize(slots.max(cards.len()), None);
    let attack = sheet.combat_skill + sheet.attack_bonus;
    SystemPage {
        top: json!({
            "hp": track(&sheet.hp),
            "sanity": track(&sheet.sanity),
            "lucky": sheet.lucky,
            "cards": cards,
            "combat_skill": signed(sheet.combat_skill),
            "attack_bonus": signed(sheet.attack_bonus),
            "attack": format!("d20{attack:+}"),
            "ac": sheet.ac,
            "saves": [
                {"name": "Physical", "dc": sheet.saves.physical, "with": "hp"},
                {"name": "Mental", "dc": sheet.saves.mental, "with": "Sanity"},
                {"name": "Luck", "dc": sheet.saves.luck, "with": "fate cards only"},
            ],
        }),
        reference: json!({}),
        sections,
    }
}

/// `QH` → `Q♥`, `10S` → `10♠`: cards as they look in the hand.
fn card(code: &str) -> String {
    let Some(suit) = code.chars().last() else {
        return code.to_string();
    };
    let symbol = match suit {
        'S' => '♠',
        'H' => '♥',
        'D' => '♦',
        'C' => '♣',
        _ => return code.to_string(),
    };
    format!("{}{symbol}", &code[..code.len() - suit.len_utf8()])
}

#[cfg(test)]
mod tests {
    #[test]
    fn cards_show_their_suit() {
        assert_eq!(super::card("QH"), "Q♥");
        assert_eq!(super::card("10S"), "10♠");
        assert_eq!(super::card("AC"), "A♣");
    }
}
