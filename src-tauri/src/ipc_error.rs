//! The error shape that crosses the IPC boundary: `{code, message, problems?}`.

use rollbook_roster::table::TableError;
use rollbook_roster::{DamagedEntry, Problem, RosterError};
use rollbook_rules::RulesError;
use serde::Serialize;

/// An error the front end can show as it is: `code` is stable for the UI to branch on
/// (`invalid_sheet`, `roster_not_found`, `newer_database`, …: the rules and roster crates' own
/// codes), `message` is a plain sentence that names the field and what to change, and `problems`
/// lists every cause of a refusal with its JSON path (left out when there are none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct IpcError {
    pub code: String,
    pub message: String,
    // `default` only tells the TypeScript side that the field may be missing (`problems?`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<IpcProblem>,
}

/// One cause of a refusal: `sheet.abilities[1].ranks` and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct IpcProblem {
    pub path: String,
    pub message: String,
    /// About the name (the key) of the map entry at `path`, not its value (roster's `Problem`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub key: bool,
}

impl IpcError {
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        IpcError {
            code: code.into(),
            message: message.into(),
            problems: Vec::new(),
        }
    }

    /// An argument the window sent that does not have the documented shape (a bug in the UI,
    /// never the GM's typing: their input is checked by the store and the rules engine).
    pub fn invalid_argument(message: impl Into<String>) -> Self {
        IpcError::new("invalid_argument", message)
    }

    /// A file the GM picked could not be read or written.
    pub fn io(message: impl Into<String>) -> Self {
        IpcError::new("io_error", message)
    }
}

impl From<&Problem> for IpcProblem {
    fn from(problem: &Problem) -> Self {
        IpcProblem {
            path: problem.path.clone(),
            message: problem.message.clone(),
            key: problem.key,
        }
    }
}

impl From<RulesError> for IpcError {
    fn from(error: RulesError) -> Self {
        IpcError {
            code: error.code().to_string(),
            message: error.to_string(),
            problems: refused_field(&error).into_iter().collect(),
        }
    }
}

impl From<RosterError> for IpcError {
    fn from(error: RosterError) -> Self {
        let mut problems: Vec<IpcProblem> = error.problems().iter().map(IpcProblem::from).collect();
        problems.extend(rules_refusal(&error).and_then(refused_field));
        IpcError {
            code: error.code().to_string(),
            message: error.to_string(),
            problems,
        }
    }
}

/// A record a listing could not read, named beside what the listing answers (`rosters`,
/// `character_summaries`) rather than failing it: the refusal a command would give for it
/// (`code` `damaged_record`, `message` naming the record and the newest snapshot that holds it
/// sound), and which record it is, as stored (a damaged id may not be a UUID).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DamagedNotice {
    pub code: String,
    pub message: String,
    /// The roster, or the character's roster.
    pub roster_id: Option<String>,
    /// The character, when the damage is in one of its fields.
    pub character_id: Option<String>,
    /// The roll-log entry, when the damage is in one of its fields.
    pub log_entry_id: Option<i64>,
    /// The encounter plan, when the damage is in one of its fields.
    pub plan_id: Option<String>,
}

impl From<RosterError> for DamagedNotice {
    fn from(error: RosterError) -> Self {
        let mut notice = DamagedNotice {
            code: error.code().to_string(),
            message: error.to_string(),
            roster_id: None,
            character_id: None,
            log_entry_id: None,
            plan_id: None,
        };
        if let RosterError::DamagedRecord { record, .. } = &error {
            notice.roster_id = Some(record.roster_id.clone()).filter(|id| !id.is_empty());
            notice.character_id = record.character.as_ref().map(|(_, id)| id.clone());
            match record.entry.as_deref() {
                Some(DamagedEntry::LogEntry(id)) => notice.log_entry_id = Some(*id),
                Some(DamagedEntry::Plan { id, .. }) => notice.plan_id = Some(id.clone()),
                // The trash's encounters are listed by the message alone.
                Some(DamagedEntry::Encounter { .. }) | None => {}
            }
        }
        notice
    }
}

/// The notices of a listing's damaged records, in its order.
pub fn damaged_notices(damaged: Vec<RosterError>) -> Vec<DamagedNotice> {
    damaged.into_iter().map(DamagedNotice::from).collect()
}

/// The rules' refusal inside a roster error: a roll from a sheet, a table move (a card typed in,
/// `cards[5]`; a die, `dice[2]`).
fn rules_refusal(error: &RosterError) -> Option<&RulesError> {
    match error {
        RosterError::Rules(refused)
        | RosterError::Table(TableError::Rules(refused) | TableError::Dice(refused)) => {
            Some(refused)
        }
        _ => None,
    }
}

/// A refusal of one request field (`dice`, `members[1]`, `ranks + extra_dice`, `[0].dice` in a
/// batch) as its one problem, so the window marks the field at fault from the path, never from
/// the message's wording.
fn refused_field(error: &RulesError) -> Option<IpcProblem> {
    match error {
        RulesError::Invalid { field, message } => Some(IpcProblem {
            path: field.clone(),
            message: message.clone(),
            key: false,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_refusal_carries_every_problem_with_its_path() {
        let error = IpcError::from(RosterError::InvalidSheet {
            problems: vec![
                Problem::new("sheet.abilities[0].ranks", "5 is over the limit of 4"),
                Problem::new("name", "is empty"),
            ],
        });
        let value = serde_json::to_value(&error).unwrap();
        assert_eq!(value["code"], "invalid_sheet");
        assert_eq!(
            value["problems"],
            json!([
                {"path": "sheet.abilities[0].ranks", "message": "5 is over the limit of 4"},
                {"path": "name", "message": "is empty"}
            ])
        );
        assert!(value["message"]
            .as_str()
            .unwrap()
            .starts_with("the character was not saved (2 problems)"));
    }

    #[test]
    fn a_table_move_refused_at_a_field_carries_that_field() {
        let refused = RulesError::Invalid {
            field: "cards[5]".into(),
            message: "3C is dealt already this round (to Drone 2)".into(),
        };
        let value = serde_json::to_value(IpcError::from(RosterError::Table(TableError::Rules(
            refused,
        ))))
        .unwrap();
        assert_eq!(
            value["problems"],
            json!([{"path": "cards[5]", "message": "3C is dealt already this round (to Drone 2)"}])
        );
        assert_eq!(
            value["message"],
            "cards[5]: 3C is dealt already this round (to Drone 2); nothing was changed"
        );
    }

    #[test]
    fn a_request_refused_at_a_field_carries_its_path_beside_the_message() {
        let refused = || RulesError::Invalid {
            field: "members[1]".into(),
            message: "99 is out of range".into(),
        };
        let expected = json!([{"path": "members[1]", "message": "99 is out of range"}]);
        let direct = serde_json::to_value(IpcError::from(refused())).unwrap();
        assert_eq!(direct["code"], "invalid_request");
        assert_eq!(direct["message"], "members[1]: 99 is out of range");
        assert_eq!(direct["problems"], expected);
        let from_a_sheet = serde_json::to_value(IpcError::from(RosterError::Rules(refused())));
        assert_eq!(from_a_sheet.unwrap()["problems"], expected);
        let in_a_batch = IpcError::from(refused().at_index(2));
        assert_eq!(in_a_batch.problems[0].path, "[2].members[1]");
        // A refusal of no one field has none.
        let too_large = IpcError::from(RulesError::RequestTooLarge { limit: 1 << 20 });
        assert!(too_large.problems.is_empty());
    }

    #[test]
    fn problems_are_left_out_when_there_are_none() {
        let value = serde_json::to_value(IpcError::from(RosterError::NothingToUndo)).unwrap();
        assert_eq!(
            value,
            json!({"code": "nothing_to_undo",
                   "message": "nothing to undo: no deletion is waiting in the trash"})
        );
    }
}
