//! The window's preferences, kept in the database beside the rosters they point at: the last
//! open roster and view come back after a restart, whichever Rollbook window opens the file.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::backups::Policy;
use super::Store;
use crate::error::{Result, RosterError};

/// Every preference; a field left out (or `null`) is not set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(optional_fields = nullable))]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// The roster open when the window last closed (it may since have been deleted).
    pub last_roster_id: Option<Uuid>,
    /// The view (tab) open when the window last closed, as the UI names it.
    pub last_view: Option<String>,
}

const LAST_ROSTER_ID: &str = "last_roster_id";
const LAST_VIEW: &str = "last_view";
const BACKUP_POLICY: &str = "backup_policy";

impl Store {
    /// The stored preferences. A value this build cannot read (written by a later Rollbook, say)
    /// reads as not set: preferences are never worth refusing to open the window over.
    pub fn settings(&self) -> Result<Settings> {
        Ok(Settings {
            last_roster_id: self.setting(LAST_ROSTER_ID)?,
            last_view: self.setting(LAST_VIEW)?,
        })
    }

    /// Replaces every preference with `settings` (a field that is `None` is removed) in one
    /// transaction, and answers what is now stored.
    pub fn save_settings(&mut self, settings: &Settings) -> Result<Settings> {
        let view = settings
            .last_view
            .as_deref()
            .map(str::trim)
            .filter(|view| !view.is_empty());
        let values = [
            (
                LAST_ROSTER_ID,
                settings.last_roster_id.map(|id| id.to_string()),
            ),
            (LAST_VIEW, view.map(str::to_string)),
        ];
        self.write(|tx| {
            for (key, value) in &values {
                match value {
                    Some(value) => tx.execute(
                        "INSERT INTO settings (key, value) VALUES (?1, ?2)
                         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        params![key, serde_json::Value::from(value.as_str()).to_string()],
                    )?,
                    None => tx.execute("DELETE FROM settings WHERE key = ?1", [key])?,
                };
            }
            Ok(())
        })?;
        self.settings()
    }

    /// How many snapshots rotation keeps ([`Policy::default`] until the GM sets one). Kept in
    /// the settings table, apart from the window's preferences, which [`Store::save_settings`]
    /// replaces whole.
    pub fn backup_policy(&self) -> Result<Policy> {
        Ok(self.setting(BACKUP_POLICY)?.unwrap_or_default())
    }

    /// Sets the rotation policy (refused, changing nothing, when it would keep nothing or a
    /// count is past [`crate::store::backups::MAX_POLICY_COUNT`]); answers what is stored.
    pub fn set_backup_policy(&mut self, policy: Policy) -> Result<Policy> {
        let policy = policy.checked()?;
        let json = serde_json::to_string(&policy)
            .map_err(|e| RosterError::InvalidBackupPolicy(e.to_string()))?;
        self.write(|tx| {
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![BACKUP_POLICY, json],
            )?;
            Ok(())
        })?;
        self.backup_policy()
    }

    fn setting<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
        let text: Option<String> = self
            .conn()
            .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| {
                r.get(0)
            })
            .optional()?;
        Ok(text.and_then(|text| serde_json::from_str(&text).ok()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_set_in_a_new_database() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.settings().unwrap(), Settings::default());
    }

    #[test]
    fn settings_are_saved_replaced_and_cleared() {
        let mut store = Store::open_in_memory().unwrap();
        let roster = Uuid::new_v4();
        let saved = store
            .save_settings(&Settings {
                last_roster_id: Some(roster),
                last_view: Some(" rosters ".into()),
            })
            .unwrap();
        assert_eq!(saved.last_roster_id, Some(roster));
        assert_eq!(saved.last_view.as_deref(), Some("rosters"));
        assert_eq!(store.settings().unwrap(), saved);

        let cleared = store
            .save_settings(&Settings {
                last_roster_id: None,
                last_view: Some("log".into()),
            })
            .unwrap();
        assert_eq!(
            cleared,
            Settings {
                last_roster_id: None,
                last_view: Some("log".into())
            }
        );
        let blank = store
            .save_settings(&Settings {
                last_roster_id: None,
                last_view: Some("   ".into()),
            })
            .unwrap();
        assert_eq!(blank, Settings::default());
    }

    #[test]
    fn an_unreadable_value_reads_as_not_set() {
        let mut store = Store::open_in_memory().unwrap();
        store
            .write(|tx| {
                tx.execute(
                    "INSERT INTO settings (key, value) VALUES ('last_roster_id', '\"not a uuid\"'),
                                                              ('last_view', 'not json')",
                    [],
                )?;
                Ok(())
            })
            .unwrap();
        assert_eq!(store.settings().unwrap(), Settings::default());
    }

    #[test]
    fn the_json_shape_is_the_documented_one() {
        let settings: Settings =
            serde_json::from_value(serde_json::json!({"last_view": "rosters"})).unwrap();
        assert_eq!(settings.last_view.as_deref(), Some("rosters"));
        assert_eq!(
            serde_json::to_value(Settings::default()).unwrap(),
            serde_json::json!({"last_roster_id": null, "last_view": null})
        );
        assert!(serde_json::from_value::<Settings>(serde_json::json!({"theme": "dark"})).is_err());
    }
}
