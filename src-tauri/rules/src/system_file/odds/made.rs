//! A kind's lets and reading as worked out for a request, kept with the kind's layout by the
//! values given that each reads ([`Memo`]): the next request reading the same values takes
//! them as they are (a let checked and its distribution worked out; the outcomes' formulas
//! compiled with the values worked in), whatever its other values.

use std::sync::OnceLock;

use crate::system_file::kept::KindLayout;
use crate::system_file::memo::Memo;

use super::lets::ReadyLet;
use super::reading::ReadyReading;

#[derive(Default)]
pub(crate) struct Made {
    /// Each let's (in the layout's order), kept by the values it reads (given, or earlier
    /// lets' as the frontier meets them); a let of arithmetic over earlier lets or one that
    /// reads a list is worked out per request and never kept.
    pub(super) lets: Box<[Memo<ReadyLet>]>,
    /// The reading compiled, kept by the given values it reads.
    pub(super) readings: Memo<ReadyReading>,
    /// The given values' slots the reading reads, known once it has been compiled (it reads
    /// the same names whatever their values).
    pub(super) reading_reads: OnceLock<Box<[usize]>>,
}

impl Made {
    pub fn new(lets: usize) -> Self {
        Self {
            lets: (0..lets).map(|_| Memo::default()).collect(),
            ..Self::default()
        }
    }

    /// What `layout` keeps ([`KindLayout::made`]): always a `Made`, as [`super::layout`]
    /// makes it; `None` would only mean nothing is kept.
    pub fn of(layout: &KindLayout) -> Option<&Made> {
        layout.made.downcast_ref()
    }
}

/// The key of the values at `slots`.
pub(super) fn key(slots: &[usize], values: &[i64]) -> Vec<i64> {
    slots.iter().map(|&at| values[at]).collect()
}

impl std::fmt::Debug for Made {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Made")
    }
}
