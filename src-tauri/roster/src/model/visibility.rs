//! What the GM lets the players see of one participant (issue 14, docs/players-view.md): hidden
//! or shown, under its own name or an alias, its health as numbers, in words or not at all. Kept
//! in the encounter's state (`EncounterState::visibility`, absent = the default) and changed by
//! the table action `set_visibility`, so it is logged and undone like every action.

use rollbook_rules::text::isolated;
use serde::{Deserialize, Serialize};

use crate::check::{Check, NAME_MAX};

/// One participant's visibility; the default (shown by name, health as its side's default) is
/// never stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Visibility {
    /// Not in the players' view at all until revealed.
    pub hidden: bool,
    /// Shown under this name instead of its own (`null`: its own name).
    pub alias: Option<String>,
    /// How its health is shown (`null`: its side's default, numbers for a PC, words for an NPC).
    pub health: Option<HealthShown>,
}

/// How a participant's health is shown to the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HealthShown {
    Numbers,
    Words,
    Hidden,
}

impl Visibility {
    /// The same visibility with its alias trimmed, or a refusal saying what to change.
    pub(crate) fn checked(&self) -> Result<Visibility, String> {
        let mut out = self.clone();
        if let Some(alias) = &self.alias {
            let mut problems = Vec::new();
            Check {
                problems: &mut problems,
            }
            .name("alias", alias, NAME_MAX);
            if let Some(p) = problems.first() {
                return Err(format!("the alias {}", p.message));
            }
            out.alias = Some(alias.trim().to_string());
        }
        Ok(out)
    }

    pub fn is_default(&self) -> bool {
        *self == Visibility::default()
    }

    /// What changed from `before` to `self` for `name`, in words for the action log.
    /// Names are isolated: a bidi control in one reorders nothing around it.
    pub(crate) fn change_words(&self, before: &Visibility, name: &str) -> String {
        let name = isolated(name);
        let alias = self.alias.as_deref().map(isolated);
        let mut said = Vec::new();
        if self.hidden && !before.hidden {
            said.push(format!("Hid {name} from the players"));
        } else if !self.hidden && (before.hidden || self.alias != before.alias) {
            said.push(match &alias {
                Some(alias) => format!("Showed {name} to the players as “{alias}”"),
                None => format!("Showed {name} to the players under their own name"),
            });
        } else if self.alias != before.alias {
            // Hidden all along: the alias waits for the reveal.
            said.push(match &alias {
                Some(alias) => format!("{name} will be shown to the players as “{alias}”"),
                None => format!("{name} will be shown to the players under their own name"),
            });
        }
        if self.health != before.health {
            said.push(match self.health {
                Some(HealthShown::Numbers) => {
                    format!("{name}'s health shown to the players as numbers")
                }
                Some(HealthShown::Words) => {
                    format!("{name}'s health shown to the players as words")
                }
                Some(HealthShown::Hidden) => format!("{name}'s health hidden from the players"),
                None => format!("{name}'s health shown to the players as their side's default"),
            });
        }
        if said.is_empty() {
            return format!("Nothing changed in what the players see of {name}");
        }
        said.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(alias: Option<&str>, health: Option<HealthShown>) -> Visibility {
        Visibility {
            hidden: false,
            alias: alias.map(str::to_string),
            health,
        }
    }

    #[test]
    fn the_log_says_what_changed() {
        let default = Visibility::default();
        let hidden = Visibility {
            hidden: true,
            ..Visibility::default()
        };
        assert_eq!(
            hidden.change_words(&default, "Goon 2"),
            "Hid Goon 2 from the players"
        );
        assert_eq!(
            shown(Some("Masked figure"), None).change_words(&hidden, "Goon 2"),
            "Showed Goon 2 to the players as “Masked figure”"
        );
        assert_eq!(
            shown(None, Some(HealthShown::Words)).change_words(&default, "Goon 2"),
            "Goon 2's health shown to the players as words"
        );
        assert_eq!(
            default.change_words(&default, "Goon 2"),
            "Nothing changed in what the players see of Goon 2"
        );
    }

    #[test]
    fn names_and_aliases_holding_bidi_controls_are_isolated_in_the_words() {
        let hidden = Visibility {
            hidden: true,
            ..Visibility::default()
        };
        assert_eq!(
            shown(Some("\u{202E}kcaj"), None).change_words(&hidden, "\u{202E}nooG"),
            "Showed \u{2068}\u{202E}nooG\u{2069} to the players as “\u{2068}\u{202E}kcaj\u{2069}”"
        );
        assert_eq!(
            hidden.change_words(&Visibility::default(), "\u{202E}nooG"),
            "Hid \u{2068}\u{202E}nooG\u{2069} from the players"
        );
    }

    #[test]
    fn an_alias_is_a_name_trimmed() {
        let v = shown(Some("  Masked figure "), None).checked().unwrap();
        assert_eq!(v.alias.as_deref(), Some("Masked figure"));
        assert_eq!(
            shown(Some(" "), None).checked().unwrap_err(),
            "the alias is empty; a name takes 1 to 120 characters"
        );
        assert!(shown(Some("a\nb"), None).checked().is_err());
        let long = "x".repeat(NAME_MAX + 1);
        assert!(shown(Some(&long), None).checked().is_err());
    }

    #[test]
    fn reads_and_writes_as_the_contract_says() {
        let v: Visibility = serde_json::from_str(
            r#"{"hidden": false, "alias": "Masked figure", "health": "words"}"#,
        )
        .unwrap();
        assert_eq!(v, shown(Some("Masked figure"), Some(HealthShown::Words)));
        assert_eq!(
            serde_json::from_str::<Visibility>("{}").unwrap(),
            Visibility::default()
        );
        assert!(serde_json::from_str::<Visibility>(r#"{"hiden": true}"#).is_err());
    }
}
