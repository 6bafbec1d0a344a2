//! Why a move at the table was refused. Every variant has a stable [`TableError::code`] that
//! crosses the IPC boundary (`{code, message}`) and the command line's `--json`; the message is
//! for the GM and nothing branches on its wording.

use rollbook_rules::table::ranges::MoveRange;
use rollbook_rules::RulesError;
use uuid::Uuid;

use crate::model::System;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The move as asked cannot be played: a missing or contradictory field, a row not reached,
    /// a roll the sheet does not have. The message says what to change.
    #[error("{0}")]
    Invalid(String),

    /// A number outside the range the rules (or a sane cap) give it; nothing is clamped.
    #[error("{field}: {value} is out of range: {what} is {min} to {max}")]
    OutOfRange {
        field: String,
        what: String,
        value: i64,
        min: i64,
        max: i64,
    },

    /// A move names a participant this encounter does not have.
    #[error("participant {0} is not in this encounter")]
    ParticipantNotFound(Uuid),

    /// Not at this point of play: deal first, no chase under way, an attack waiting for its row.
    #[error("{0}")]
    WrongStage(String),

    /// A move of another system than the encounter's.
    #[error("this is a {table} encounter; a {played} move does not apply here")]
    OtherSystem { table: System, played: &'static str },

    /// The rules refused a field of the move (their own words, the field named first).
    #[error(transparent)]
    Rules(#[from] RulesError),

    /// Dice typed in for the move were refused: too few, too many, or a face not on its die.
    #[error(transparent)]
    Dice(RulesError),
}

impl TableError {
    /// A stable, machine-readable code; the window and scripts match on it, never on messages.
    pub fn code(&self) -> &'static str {
        match self {
            // The rules' own refusals of a table move keep the table's code: they are about the
            // move, not about a roll request the GM typed.
            Self::Invalid(_) | Self::Rules(_) => "invalid_table_action",
            Self::OutOfRange { .. } => "out_of_range",
            Self::ParticipantNotFound(_) => "participant_not_found",
            Self::WrongStage(_) => "wrong_stage",
            Self::OtherSystem { .. } => "system_mismatch",
            // As for a roll by hand: `dice_missing`, `dice_left_over`, `invalid_request` at
            // `dice[i]`.
            Self::Dice(refused) => refused.code(),
        }
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Self::Invalid(message.into())
    }

    pub(crate) fn stage(message: impl Into<String>) -> Self {
        Self::WrongStage(message.into())
    }

    /// `value` when it is within its declared range, else [`TableError::OutOfRange`] naming the
    /// field, what it is and the range.
    pub(crate) fn check_range(range: &MoveRange, value: i64) -> Result<i64, TableError> {
        Self::check_bounds(range.field, range.label, value, (range.min, range.max))
    }

    /// As [`TableError::check_range`] for a range that is a participant's own (0 up to their
    /// max hp), which no declaration can hold.
    pub(crate) fn check_bounds(
        field: &str,
        what: &str,
        value: i64,
        (min, max): (i64, i64),
    ) -> Result<i64, TableError> {
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(Self::OutOfRange {
                field: field.to_string(),
                what: what.to_string(),
                value,
                min,
                max,
            })
        }
    }
}
