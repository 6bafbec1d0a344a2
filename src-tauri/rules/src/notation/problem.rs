//! What is wrong with an expression, located: the column of the notation (1-based, counted in
//! characters as the GM sees them) or the value given for a name.

use std::fmt;

use crate::RulesError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The request field at fault: `expr`, or `values.NAME` for a value given.
    pub field: String,
    /// The column of `expr` the problem starts at; `None` for a value given.
    pub column: Option<usize>,
    /// What was expected there, and a fix where one helps.
    pub message: String,
}

impl Problem {
    pub(crate) fn at(column: usize, message: impl Into<String>) -> Self {
        Self {
            field: "expr".into(),
            column: Some(column),
            message: message.into(),
        }
    }

    pub(crate) fn value(name: &str, message: impl Into<String>) -> Self {
        Self {
            field: format!("values.{}", crate::text::excerpt(name)),
            column: None,
            message: message.into(),
        }
    }

    /// The request error the window and the command line show (`invalid_request`).
    pub fn into_error(self) -> RulesError {
        let message = match self.column {
            Some(column) => format!("column {column}: {}", self.message),
            None => self.message,
        };
        RulesError::invalid(self.field, message)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}: column {column}: {}", self.field, self.message),
            None => write!(f, "{}: {}", self.field, self.message),
        }
    }
}

/// `n` with thousands separators, for bounds in messages.
pub(crate) fn big(n: u128) -> String {
    crate::app_limits::grouped(usize::try_from(n).unwrap_or(usize::MAX))
}
