//! How the encounter subcommands print what a table action did and where the encounter stands.

use rollbook_roster::{Encounter, TablePlay};
use rollbook_rules::table::Event;

use super::{output, Failure, Global};

/// What the actions did (their events and rolls), then where the encounter stands.
pub(crate) fn report(plays: &[TablePlay], global: &Global) -> Result<(), Failure> {
    if global.json {
        return match plays {
            [one] => output::json(one),
            _ => output::json(plays),
        };
    }
    let mut text = String::new();
    for play in plays {
        for line in event_lines(&play.entry.events) {
            text.push_str(&format!("{line}\n"));
        }
        for roll in &play.rolls {
            let who = roll.character_name.as_deref().unwrap_or("");
            let secret = if roll.secret { " (secret)" } else { "" };
            text.push_str(&format!(
                "  rolled {who} {}{secret}: {}\n",
                roll.roll, roll.detail
            ));
        }
    }
    if let Some(last) = plays.last() {
        text.push_str(&describe(&last.encounter));
    }
    output::text(&text)
}

/// An action's events as lines of text: a ruling as "Ruling: TEXT" (`Event`'s display).
pub(crate) fn event_lines(events: &[Event]) -> Vec<String> {
    events.iter().map(ToString::to_string).collect()
}

/// "Dockside Ambush, round 2" and the turn order with whose turn it is.
pub(crate) fn describe(e: &Encounter) -> String {
    let mut text = format!("{}, round {}\n", e.state.name, e.state.round);
    if e.state.order.is_empty() {
        text.push_str("  nobody yet: add characters or NPCs\n");
    }
    for (i, p) in e.state.order.iter().enumerate() {
        let turn = if e.state.current == Some(p.id) {
            ">"
        } else {
            " "
        };
        let absent = if e.absent.contains(&p.id) {
            " (not in the roster any more)"
        } else {
            ""
        };
        let seen = e.state.visibility_of(p.id);
        let seen = match (seen.hidden, &seen.alias) {
            (true, _) => " (hidden from the players)".to_string(),
            (false, Some(alias)) => format!(" (the players see “{alias}”)"),
            (false, None) => String::new(),
        };
        text.push_str(&format!(
            "{turn} {}. {}{absent}{seen}  {}\n",
            i + 1,
            p.name,
            p.id
        ));
    }
    text
}
