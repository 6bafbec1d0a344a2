//! The system file's TOML read into a [`SystemFile`](super::SystemFile) and checked: every
//! problem at once, each at the line and column of the key or value at fault
//! (`docs/system-files.md` is the format).
//!
//! - [`problem`]: a problem and where it is; [`access`]: the TOML tree read key by key;
//! - [`limits`]: the size and the count of declarations, refused before the rest is checked;
//! - [`sheet`], [`derived`], [`house`], [`rolls`] ([`fields`], [`refusals`], [`lets`] ([`each`]),
//!   [`list_field`], [`reading`] ([`spelled_name`], [`written`]), [`bands`]), [`table`]: each part
//!   of the file;
//! - [`expr`]: an expression read with the dice notation, its names and its work checked.

mod access;
mod bands;
mod derived;
mod each;
mod expr;
mod fields;
mod house;
mod lets;
mod limits;
mod list_field;
mod names;
mod problem;
mod ranges;
mod ranked;
mod reading;
mod refusals;
mod rolls;
mod scope;
mod sheet;
mod spelled_name;
mod table;
mod top;
mod written;

#[cfg(test)]
mod advice_tests;
#[cfg(test)]
mod dependent_lets_tests;
#[cfg(test)]
mod each_tests;
#[cfg(test)]
mod examples_tests;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod ranked_tests;
#[cfg(test)]
mod refusals_tests;
#[cfg(test)]
mod sized_die_tests;
#[cfg(test)]
mod spelled_tests;
#[cfg(test)]
mod tests;

pub use limits::{MAX_DECLARATIONS, MAX_FILE_BYTES};

/// The known name nearest to a misspelt `word`, when one is near enough to suggest.
pub(crate) fn nearest_name<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    access::nearest(word, known)
}
pub use problem::FileProblem;
pub use top::FORMATS;

use super::model::SystemFile;

/// Reads and checks a system file: the system it declares, or every problem found, in the
/// order of the file.
pub fn read(text: &str) -> Result<SystemFile, Vec<FileProblem>> {
    read_advised(text).map(|(file, _)| file)
}

/// [`read`], with the advice on a file that reads, in the order of the file: what reads but
/// may not be what its author meant (a roll whose luck ranks a critical below a plain hit).
/// Advice never refuses a file; `rollbook system check` and the window's preview show it.
pub fn read_advised(text: &str) -> Result<(SystemFile, Vec<FileProblem>), Vec<FileProblem>> {
    let mut problems = problem::Problems::new(text);
    let file = top::read(text, &mut problems);
    match file {
        Some(file) if problems.is_empty() => {
            let mut advice = problems.advice;
            advice.sort_by_key(|p| (p.line, p.column));
            Ok((file, advice))
        }
        _ => {
            let mut found = problems.found;
            found.sort_by_key(|p| (p.line, p.column));
            found.dedup();
            if found.is_empty() {
                found.push(FileProblem {
                    line: 1,
                    column: 1,
                    message: "the file does not read".into(),
                });
            }
            Err(found)
        }
    }
}
