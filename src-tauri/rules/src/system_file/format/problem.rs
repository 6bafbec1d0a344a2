//! A problem of a system file, at the line and column of the key or value at fault, and the
//! list a reading gathers: every problem at once, not only the first.

use std::fmt;
use std::ops::Range;

/// What is wrong with a system file, and where: 1-based line and column, the column counted in
/// characters as an editor shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    pub line: usize,
    pub column: usize,
    /// What is wrong, and what to write instead where that helps.
    pub message: String,
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// Turns byte offsets of the text into lines and columns.
pub(crate) struct Locator<'t> {
    text: &'t str,
    /// The byte offset each line starts at.
    line_starts: Vec<usize>,
}

impl<'t> Locator<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Self { text, line_starts }
    }

    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The line and column of byte `offset` (past the end: the end; inside a character: that
    /// character).
    pub fn place(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let column = self.text[start..offset].chars().count() + 1;
        (line, column)
    }
}

/// The problems found so far, each placed, and the advice.
pub(crate) struct Problems<'t> {
    pub locator: Locator<'t>,
    pub found: Vec<FileProblem>,
    /// What reads but may not be what the file's author meant (outcomes whose luck is read in
    /// an order they may not intend): told beside the file, never refusing it.
    pub advice: Vec<FileProblem>,
    /// How many of them are unknown keys: told, but the declaration around one still reads
    /// (so what reads it is not told again as unknown).
    unknown_keys: usize,
    /// The names declared with a problem (a sheet part of a reversed range, a field of an
    /// unknown type): told there once, so what reads one is not told again that the name is
    /// not known ([`Problems::unreadable`]).
    unreadable: std::collections::HashSet<String>,
}

impl<'t> Problems<'t> {
    pub fn new(text: &'t str) -> Self {
        Self {
            locator: Locator::new(text),
            found: Vec::new(),
            advice: Vec::new(),
            unknown_keys: 0,
            unreadable: Default::default(),
        }
    }

    /// An unknown key, at `span`.
    pub fn unknown_key(&mut self, span: &Range<usize>, message: String) {
        self.unknown_keys += 1;
        self.at(span, message);
    }

    /// `name` was declared with a problem (already told): a read of it is no new problem.
    pub fn declared_badly(&mut self, name: &str) {
        self.unreadable.insert(name.to_string());
    }

    /// `name` no longer names what was declared badly (a roll's field, outside its roll).
    pub fn forget_badly_declared(&mut self, name: &str) {
        self.unreadable.remove(name);
    }

    /// Whether `name` was declared with a problem already told.
    pub fn unreadable(&self, name: &str) -> bool {
        self.unreadable.contains(name)
    }

    /// How many problems stop what they are found in from being read (all but unknown keys).
    pub fn blocking(&self) -> usize {
        self.found.len() - self.unknown_keys
    }

    /// A problem at the start of `span` (a key's or a value's).
    pub fn at(&mut self, span: &Range<usize>, message: impl Into<String>) {
        self.at_offset(span.start, message);
    }

    pub fn at_offset(&mut self, offset: usize, message: impl Into<String>) {
        let problem = self.placed(offset, message.into());
        self.found.push(problem);
    }

    /// Advice at the start of `span`: the file still reads.
    pub fn advise(&mut self, span: &Range<usize>, message: impl Into<String>) {
        let advice = self.placed(span.start, message.into());
        self.advice.push(advice);
    }

    fn placed(&self, offset: usize, message: String) -> FileProblem {
        let (line, column) = self.locator.place(offset);
        FileProblem {
            line,
            column,
            message,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }
}
