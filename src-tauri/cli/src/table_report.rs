//! How the encounter subcommands print what a table action did and where the encounter stands.

use rollbook_roster::players::{PlayersParticipant, PlayersView};
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
    describe_with(e, None)
}

/// [`describe`], each participant followed by what the table keeps of it in words (`in_words`,
/// [`rollbook_roster::Store::table_in_words`]: health, its lines, its effects), then the
/// table's own lines and the running tasks.
pub(crate) fn describe_in_words(e: &Encounter, in_words: &PlayersView) -> String {
    describe_with(e, Some(in_words))
}

/// A participant's state in one line ("hp 7 of 12 · Glory 3 · Stunned (2 turns)"), `None`
/// when the table keeps nothing of it.
fn participant_words(p: &PlayersParticipant) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if let Some(h) = &p.health {
        parts.push(match (h.value, h.max) {
            (Some(value), Some(max)) => format!("{} {value} of {max}", h.label),
            _ => h.label.clone(),
        });
    }
    parts.extend(p.stats.iter().map(|l| format!("{} {}", l.label, l.value)));
    parts.extend(p.effects.iter().map(|e| match &e.left {
        Some(left) => format!("{} ({left})", e.name),
        None => e.name.clone(),
    }));
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn describe_with(e: &Encounter, in_words: Option<&PlayersView>) -> String {
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
        let words = in_words
            .and_then(|v| v.participants.iter().find(|w| w.id == p.id))
            .and_then(participant_words);
        if let Some(words) = words {
            text.push_str(&format!("     {words}\n"));
        }
    }
    if let Some(view) = in_words {
        for line in &view.table {
            text.push_str(&format!("  {}: {}\n", line.label, line.value));
        }
        for task in &view.tasks {
            text.push_str(&format!(
                "  {} ({}): {}\n",
                task.label, task.kind, task.progress
            ));
        }
    }
    text
}
