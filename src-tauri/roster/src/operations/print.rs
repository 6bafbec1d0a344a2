//! Printing a selection of a roster's characters: the window's print preview and `rollbook
//! sheet` pick the characters, refuse and lay the sheets out here, so both refuse alike, in the
//! same words and under the same code.

use jiff::civil::Date;

use crate::error::RosterError;
#[cfg(feature = "pdf")]
use crate::print::PdfPrintout;
use crate::print::{self, selection::print_selection, Paper, PrintError, Printout};
use crate::{Character, Roster, Store};
use rollbook_rules::text::isolated;

/// Why nothing was printed.
#[derive(Debug, thiserror::Error)]
pub enum PrintRefused {
    /// No character was named and the roster has none.
    #[error("the roster {roster} has no characters to print; add one first")]
    EmptyRoster { roster: String },
    /// A character named is unknown (`character_not_found`) or in the trash (`in_trash`), or
    /// the store could not be read.
    #[error(transparent)]
    Store(#[from] RosterError),
    /// A character of another roster, or a template that failed (a bug of Rollbook).
    #[error(transparent)]
    Print(#[from] PrintError),
}

impl PrintRefused {
    /// The stable code: the store's own; `internal_error` for a template that failed;
    /// `invalid_argument` for the rest, which the GM's choice of characters caused.
    pub fn code(&self) -> &'static str {
        match self {
            PrintRefused::Store(error) => error.code(),
            PrintRefused::Print(PrintError::Template(_)) => "internal_error",
            PrintRefused::EmptyRoster { .. } | PrintRefused::Print(_) => "invalid_argument",
        }
    }

    /// A refusal that is Rollbook's fault, not the GM's (a template failed): the command line
    /// exits 1 for it, 2 for the rest.
    pub fn is_internal(&self) -> bool {
        matches!(self, PrintRefused::Print(PrintError::Template(_)))
    }
}

/// The sheets of the characters of `roster` that `wanted` names (by id, or by name within the
/// roster, in the order given; every character of the roster in its order when empty), as one
/// HTML document on `paper`, dated `printed_on`.
pub fn print_html(
    store: &Store,
    roster: &Roster,
    wanted: &[impl AsRef<str>],
    paper: Paper,
    printed_on: Date,
) -> Result<Printout, PrintRefused> {
    let characters = to_print(store, roster, wanted)?;
    Ok(print::render(roster, &characters, paper, printed_on)?)
}

/// As [`print_html`], the same pages drawn into a PDF.
#[cfg(feature = "pdf")]
pub fn print_pdf(
    store: &Store,
    roster: &Roster,
    wanted: &[impl AsRef<str>],
    paper: Paper,
    printed_on: Date,
) -> Result<PdfPrintout, PrintRefused> {
    let characters = to_print(store, roster, wanted)?;
    Ok(print::render_pdf(roster, &characters, paper, printed_on)?)
}

/// The characters printed, or why none are.
fn to_print(
    store: &Store,
    roster: &Roster,
    wanted: &[impl AsRef<str>],
) -> Result<Vec<Character>, PrintRefused> {
    let characters = print_selection(store, roster, wanted)?;
    if characters.is_empty() {
        return Err(PrintRefused::EmptyRoster {
            roster: isolated(&roster.name).into_owned(),
        });
    }
    Ok(characters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewCharacter, NewRoster, System};

    fn date() -> Date {
        jiff::civil::date(2026, 11, 22)
    }

    #[test]
    fn an_empty_roster_is_refused_in_one_wording_and_an_empty_pick_prints_the_roster() {
        let mut store = Store::open_in_memory().unwrap();
        let empty = store
            .create_roster(NewRoster::new("Empty Table", System::Genre))
            .unwrap();
        let none: &[&str] = &[];
        let refused = print_html(&store, &empty, none, Paper::A4, date()).unwrap_err();
        assert_eq!(refused.code(), "invalid_argument");
        assert!(!refused.is_internal());
        assert_eq!(
            refused.to_string(),
            "the roster Empty Table has no characters to print; add one first"
        );
        let vex = store
            .create_character(empty.id, NewCharacter::named("Vex"))
            .unwrap();
        let printed = print_html(&store, &empty, none, Paper::A4, date()).unwrap();
        assert_eq!(printed.sheets.len(), 1);
        assert_eq!(printed.sheets[0].id, vex.id);
    }

    #[test]
    fn a_character_of_another_roster_or_in_the_trash_is_refused_with_its_code() {
        let mut store = Store::open_in_memory().unwrap();
        let heroes = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let others = store
            .create_roster(NewRoster::new("Others", System::D12))
            .unwrap();
        let vex = store
            .create_character(heroes.id, NewCharacter::named("Vex"))
            .unwrap();
        let glitch = store
            .create_character(others.id, NewCharacter::named("Glitch"))
            .unwrap();
        let print = |wanted: &[String]| print_html(&store, &heroes, wanted, Paper::A4, date());
        let other = print(&[glitch.id.to_string()]).unwrap_err();
        assert_eq!(other.code(), "invalid_argument");
        assert!(other.to_string().contains("Glitch"), "{other}");
        let unknown = print(&["Nobody".to_string()]).unwrap_err();
        assert_eq!(unknown.code(), "character_not_found");
        let printed = print(&[vex.id.to_string()]).unwrap();
        assert_eq!(printed.pages, 1);
        store.delete_character(vex.id).unwrap();
        let trashed = print_html(&store, &heroes, &[vex.id.to_string()], Paper::A4, date());
        assert_eq!(trashed.unwrap_err().code(), "in_trash");
    }
}
