//! What a table move or hook says happened: one sentence each, and for a ruling the id of the
//! ruling (its words are the ruling's own). Nothing reads a ruling out of the words: the window
//! badges `ruling`, the command line prints such an event as "Ruling: TEXT".

use std::fmt;

use serde::{Deserialize, Serialize};

use super::rulings::RulingId;

/// One thing that happened at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Event {
    /// The sentence as the GM reads it (for a ruling, the ruling's words).
    pub text: String,
    /// The ruling this event states, when it states one.
    #[serde(default)]
    pub ruling: Option<RulingId>,
    /// The sentence restates the detail line of a roll the move made (the dice view shows that
    /// line already, so a panel showing the roll leaves this event out). Left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub roll_detail: bool,
}

impl Event {
    /// Something that happened, in words.
    pub fn said(text: impl Into<String>) -> Self {
        Event {
            text: text.into(),
            ruling: None,
            roll_detail: false,
        }
    }

    /// A roll's detail line restated among the events (e.g. "Rex rolled: …").
    pub fn roll_detail(text: impl Into<String>) -> Self {
        Event {
            roll_detail: true,
            ..Event::said(text)
        }
    }

    /// A ruling that decided what happened, stated in its own words.
    pub fn ruling(id: RulingId) -> Self {
        Event {
            text: id.text().to_string(),
            ruling: Some(id),
            roll_detail: false,
        }
    }

    /// The same event with `prefix` before a plain sentence ("Rex: …"); a ruling keeps its own
    /// words, which name nobody.
    pub fn prefixed(self, prefix: &str) -> Self {
        match self.ruling {
            Some(_) => self,
            None => Event {
                text: format!("{prefix}{}", self.text),
                ..self
            },
        }
    }
}

impl From<String> for Event {
    fn from(text: String) -> Self {
        Event::said(text)
    }
}

impl From<&str> for Event {
    fn from(text: &str) -> Self {
        Event::said(text)
    }
}

/// The event as one line of plain text: "Ruling: " before a ruling, as the command line and
/// the action log's `summary` print it.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ruling {
            Some(_) => write!(f, "Ruling: {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruling_prints_as_ruling_and_keeps_its_words_when_prefixed() {
        let ruled = Event::ruling(RulingId::UniverseChaseTies);
        assert_eq!(
            ruled.to_string(),
            "Ruling: Ties in a chase round win nothing."
        );
        assert_eq!(ruled.clone().prefixed("Rex: "), ruled);
        let said = Event::said("a tie").prefixed("Rex: ");
        assert_eq!(said.to_string(), "Rex: a tie");
        assert_eq!(said.ruling, None);
        assert_eq!(
            serde_json::to_value(&ruled).unwrap(),
            serde_json::json!({"text": "Ties in a chase round win nothing.", "ruling": "universe_chase_ties"})
        );
        // A roll's detail restated keeps saying so when prefixed, and says so in its JSON only.
        let detail = Event::roll_detail("9 vs 8: success").prefixed("Rex rolled: ");
        assert!(detail.roll_detail);
        assert_eq!(detail.text, "Rex rolled: 9 vs 8: success");
        assert_eq!(serde_json::to_value(&detail).unwrap()["roll_detail"], true);
        assert!(serde_json::to_value(&said)
            .unwrap()
            .get("roll_detail")
            .is_none());
    }
}
