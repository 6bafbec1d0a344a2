//! The limits of the app itself, one call and what Rollbook keeps (a sheet's numbers have theirs
//! in `sheet_limits`, a table move's in `move_ranges`), declared here once, served in the catalog
//! (`limits`) and refused at once with the limit named: how many requests and how much request
//! text `odds` and `roll` take and how much work one batch asks for (issue 19: an array of
//! millions of requests once grew to 22.6 GB; issue 28: 3,000 copies of one heavy request, 2.7 GB),
//! and how many rosters and characters Rollbook keeps and how large one record of a roster file
//! may be (issue 28: an export that its own import refused).

use serde::Serialize;

/// The most requests one call answers (an array of them on the command line).
pub const MAX_REQUESTS: usize = 100_000;

/// The longest request text one call takes, in bytes: room for [`MAX_REQUESTS`] requests of
/// about 160 bytes each (the contract's examples are 40 to 130).
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// The most work one batch of odds asks for, in the units of [`crate::RollRequest::work`]
/// (about a microsecond each on the 2-core machine of the README): a batch over it is refused
/// before anything is computed (`too_much_work`). [`MAX_REQUESTS`] everyday requests fit (a d12
/// roll of 4 ranks is 248 units); 3,000 copies of the heaviest request the contract allows
/// (stunt damage 60d100, 14,943 units) do not.
pub const MAX_BATCH_WORK: u64 = 30_000_000;

/// The most rosters Rollbook keeps, the trash included: a roster file holds at most as many, so
/// whatever Rollbook exports it imports again.
pub const MAX_ROSTERS: usize = 1_000;

/// The most characters Rollbook keeps in all its rosters, the trash included; a roster file
/// holds at most as many (see [`MAX_ROSTERS`]).
pub const MAX_CHARACTERS: usize = 100_000;

/// The most bytes one record of a roster file takes: one character, or one roster's own fields
/// (all but its characters), or the file's own fields (all but its rosters). The largest
/// character the limits of FORMAT.md allow takes well under half of it as Rollbook writes it
/// (`roster/tests/largest_roster.rs`); an import holds one record at a time, so its memory does
/// not grow with the file.
pub const MAX_RECORD_BYTES: usize = 2 * 1024 * 1024;

/// The most saved rolls one roster keeps (FORMAT.md, "Saved rolls"): a roster's own fields,
/// its saved rolls with them, fit in one record of a roster file ([`MAX_RECORD_BYTES`]).
pub const MAX_SAVED_ROLLS: usize = 200;

/// The limits as the catalog serves them; a call over one is refused with the code
/// `too_many_requests`, `request_too_large` or `too_much_work`, and what would pass Rollbook's
/// store over one with `limit_reached` (or, in a file, `import_refused`).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Limits {
    /// The most requests one call answers (`MAX_REQUESTS`).
    pub requests: usize,
    /// The longest request text one call takes, in bytes (`MAX_REQUEST_BYTES`).
    pub request_bytes: usize,
    /// The most work one batch of odds asks for (`MAX_BATCH_WORK`).
    pub batch_work: u64,
    /// The most rosters Rollbook keeps, the trash included (`MAX_ROSTERS`).
    pub rosters: usize,
    /// The most characters Rollbook keeps, the trash included (`MAX_CHARACTERS`).
    pub characters: usize,
    /// The most bytes one record of a roster file takes (`MAX_RECORD_BYTES`).
    pub record_bytes: usize,
    /// The most saved rolls one roster keeps (`MAX_SAVED_ROLLS`).
    pub saved_rolls: usize,
}

impl Limits {
    pub const ALL: Limits = Limits {
        requests: MAX_REQUESTS,
        request_bytes: MAX_REQUEST_BYTES,
        batch_work: MAX_BATCH_WORK,
        rosters: MAX_ROSTERS,
        characters: MAX_CHARACTERS,
        record_bytes: MAX_RECORD_BYTES,
        saved_rolls: MAX_SAVED_ROLLS,
    };
}

/// How long the texts of a roster may be (FORMAT.md: names 1–120, notes up to 20,000, 32 tags
/// of 40): declared once here, enforced by the roster crate's checks and served with the
/// catalog, so the window's inputs and its check-as-you-type use the same numbers.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TextLimits {
    /// A name: a roster's, a character's, a player's, an encounter's, a sheet entry's.
    pub name: usize,
    /// A roster's or a character's notes.
    pub notes: usize,
    /// How many tags a character holds.
    pub tags: usize,
    /// One tag.
    pub tag: usize,
    /// The label of quick NPCs ("Goon"): a name with room for " 999".
    pub npc_label: usize,
    /// A running task's label at the table.
    pub task_label: usize,
    /// A saved roll's notes: a line or two, so that a roster's saved rolls at their longest
    /// still fit in one record of a roster file with the roster's own fields.
    pub saved_roll_notes: usize,
}

impl TextLimits {
    pub const FORMAT: TextLimits = TextLimits {
        name: 120,
        notes: 20_000,
        tags: 32,
        tag: 40,
        npc_label: 116,
        task_label: 120,
        saved_roll_notes: 100,
    };
}

/// `16777216` → `16,777,216`: counts in messages read at a glance.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Counts bytes written and fails past `left` (to measure a JSON value without keeping it).
pub(crate) struct Budget {
    pub left: usize,
}

impl std::io::Write for Budget {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.left = self
            .left
            .checked_sub(bytes.len())
            .ok_or_else(|| std::io::Error::other("over the limit"))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (179_950, "179,950"),
            (16_777_216, "16,777,216"),
        ];
        for (n, text) in cases {
            assert_eq!(grouped(n), text);
        }
    }
}
