//! Reading a system file the GM named (`rollbook system check|add FILE`, the window's Systems
//! dialog): its text, bounded as the reader bounds it, and what reading it found. The command
//! line prints the problems with a caret; the window shows the [`SystemFilePreview`]. Adding it
//! is [`Store::add_read_system_file`] with [`CheckedSystemFile::into_read`]: read once.
//!
//! [`Store::add_read_system_file`]: crate::Store::add_read_system_file

use std::io::Read;
use std::path::Path;

use rollbook_rules::system_file::{self, format::MAX_FILE_BYTES, FileProblem, SystemFile};
use serde::Serialize;

use crate::error::{Result, RosterError};
use crate::files::open_regular_file;
use crate::model::Declares;
use crate::store::system_files::invalid;
use crate::store::ReadSystemFile;

/// How many characters of a problem's line the preview shows around its column: a whole line
/// of a 1 MiB file would be a 1 MiB string in the dialog.
const SHOWN_CHARS: usize = 80;

/// A system file as read from disk: its text and the reader's answer.
#[derive(Debug)]
pub struct CheckedSystemFile {
    /// The text (lossy only when it is not UTF-8 or past the size bound; both are problems).
    pub text: String,
    pub read: std::result::Result<SystemFile, Vec<FileProblem>>,
    /// The reader's advice on a file that reads (empty for one that does not): told beside it,
    /// never keeping it from being added.
    pub advice: Vec<FileProblem>,
}

/// Reads the file at `path` (a regular file; at most one byte past
/// [`MAX_FILE_BYTES`] is read, so a huge file is refused without being loaded) and checks it.
/// Only a file that cannot be opened or read is an error; a file that does not read as a
/// system file (not UTF-8 included) answers its problems.
pub fn check(path: &Path) -> Result<CheckedSystemFile> {
    let file = open_regular_file(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RosterError::io(path, e))?;
    // Past the limit the reader refuses the text from its size: it need not be whole (a lossy
    // reading only grows it).
    if bytes.len() > MAX_FILE_BYTES {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        return Ok(CheckedSystemFile::read(text));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(CheckedSystemFile::read(text)),
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let problem = not_utf8(&bytes[..at], bytes[at]);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            Ok(CheckedSystemFile {
                text,
                read: Err(vec![problem]),
                advice: Vec::new(),
            })
        }
    }
}

/// The first byte that is not UTF-8, at its line and column (the column of the character
/// it would have been).
fn not_utf8(before: &[u8], byte: u8) -> FileProblem {
    // `before` is valid UTF-8 by construction (`valid_up_to`).
    let before = std::str::from_utf8(before).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    FileProblem {
        line,
        column,
        message: format!(
            "byte 0x{byte:02X} is not UTF-8 text; system files are UTF-8 (save it again as UTF-8)"
        ),
    }
}

impl CheckedSystemFile {
    /// `text` read as a system file, with its advice when it reads.
    fn read(text: String) -> Self {
        let (read, advice) = match system_file::read_advised(&text) {
            Ok((file, advice)) => (Ok(file), advice),
            Err(problems) => (Err(problems), Vec::new()),
        };
        Self { text, read, advice }
    }

    /// What the window shows before an add: what the file declares and any advice, or every
    /// problem; each with the text of its line.
    pub fn preview(&self) -> SystemFilePreview {
        // The file's lines cut only for what is told (a 1 MiB file that reads tells nothing).
        let placed = |told: &[FileProblem]| -> Vec<SystemFileProblem> {
            if told.is_empty() {
                return Vec::new();
            }
            let lines: Vec<&str> = self.text.split('\n').collect();
            told.iter()
                .map(|p| SystemFileProblem::at(p, lines.get(p.line - 1).copied()))
                .collect()
        };
        match &self.read {
            Ok(file) => SystemFilePreview {
                system: Some(PreviewedSystem {
                    id: file.id.clone(),
                    version: file.version,
                    name: file.name.clone(),
                    summary: file.summary.clone(),
                    declares: Declares::of(file),
                }),
                problems: Vec::new(),
                advice: placed(&self.advice),
            },
            Err(problems) => SystemFilePreview {
                system: None,
                problems: placed(problems),
                advice: Vec::new(),
            },
        }
    }

    /// The file to add, or its problems as the store's refusal (`invalid_system_file`, each
    /// problem's path `LINE:COLUMN`): a text that is not UTF-8 is never added in its lossy
    /// reading. The store adds it as read here, without reading it again.
    pub fn into_read(self) -> Result<ReadSystemFile> {
        match self.read {
            Ok(file) => Ok(ReadSystemFile::of(self.text, file)),
            Err(problems) => Err(invalid(&problems)),
        }
    }
}

/// What a file picked to add declares, or why it cannot be added.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SystemFilePreview {
    /// The system it declares; `None` when it has problems.
    pub system: Option<PreviewedSystem>,
    /// Every problem, in the file's order; empty when it reads.
    pub problems: Vec<SystemFileProblem>,
    /// Advice on a file that reads (a roll whose luck may rank its outcomes otherwise than
    /// meant), in the file's order; it can be added all the same.
    pub advice: Vec<SystemFileProblem>,
}

/// The system a file declares, as the Systems dialog's preview shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewedSystem {
    pub id: String,
    pub version: u32,
    pub name: String,
    pub summary: String,
    pub declares: Declares,
}

/// One problem (or piece of advice) of a system file, with the text of its line to show under
/// it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SystemFileProblem {
    /// From 1.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub line: usize,
    /// From 1, in characters.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub column: usize,
    pub message: String,
    /// The line, or at most 80 characters of it around the column (a long line is cut).
    pub text: String,
    /// How many characters of `text` come before the column: where the caret goes.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub caret: usize,
}

impl SystemFileProblem {
    fn at(problem: &FileProblem, line: Option<&str>) -> Self {
        let chars: Vec<char> = line
            .unwrap_or_default()
            .trim_end_matches('\r')
            .chars()
            .collect();
        let before = problem.column.max(1) - 1;
        // The column near the middle, the window kept full at the line's end.
        let start = before
            .saturating_sub(SHOWN_CHARS / 2)
            .min(chars.len().saturating_sub(SHOWN_CHARS));
        let end = (start + SHOWN_CHARS).min(chars.len());
        SystemFileProblem {
            line: problem.line,
            column: problem.column,
            message: problem.message.clone(),
            text: chars[start..end].iter().collect(),
            caret: before - start,
        }
    }
}

#[cfg(test)]
#[path = "system_file_tests.rs"]
mod tests;
