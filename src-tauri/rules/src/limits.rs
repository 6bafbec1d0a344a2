//! The limits of one call: how many requests and how much request text `odds` and `roll` take
//! (issue 19: an array of millions of requests once grew to 22.6 GB). Declared here once, served
//! in the catalog (`limits`), and refused at once with the limit named.

use serde::Serialize;

/// The most requests one call answers (an array of them on the command line).
pub const MAX_REQUESTS: usize = 100_000;

/// The longest request text one call takes, in bytes: room for [`MAX_REQUESTS`] requests of
/// about 160 bytes each (the contract's examples are 40 to 130).
pub const MAX_REQUEST_BYTES: usize = 16 * 1024 * 1024;

/// The limits of one call, as the catalog serves them; a call over one is refused with the code
/// `too_many_requests` or `request_too_large`.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Limits {
    /// The most requests one call answers (`MAX_REQUESTS`).
    pub requests: usize,
    /// The longest request text one call takes, in bytes (`MAX_REQUEST_BYTES`).
    pub request_bytes: usize,
}

impl Limits {
    pub const OF_A_CALL: Limits = Limits {
        requests: MAX_REQUESTS,
        request_bytes: MAX_REQUEST_BYTES,
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
}

impl TextLimits {
    pub const FORMAT: TextLimits = TextLimits {
        name: 120,
        notes: 20_000,
        tags: 32,
        tag: 40,
        npc_label: 116,
        task_label: 120,
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
