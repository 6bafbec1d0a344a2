//! Why sheets could not be printed.

/// Why sheets could not be printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrintError {
    #[error("there is nothing to print: pick at least one character")]
    NothingToPrint,
    #[error("{character} is not in the roster {roster}; print each roster's characters with their own roster")]
    NotInRoster { character: String, roster: String },
    #[error("\"{0}\" is not a paper size; use a4 or letter")]
    UnknownPaper(String),
    /// A template failed: a bug of Rollbook, never of the data.
    #[error("the sheet could not be laid out ({0}); please report this")]
    Template(String),
}
