//! Points in time as the store keeps them: Unix milliseconds.

/// A point in time; serialises as RFC 3339 (`2026-11-22T19:30:00Z`). Stored as Unix milliseconds.
pub use jiff::Timestamp;

/// Milliseconds since the Unix epoch → timestamp (the database's clock column type).
pub(crate) fn from_millis(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// Now, truncated to the millisecond the database keeps (so a value reads back equal).
pub(crate) fn now() -> Timestamp {
    from_millis(Timestamp::now().as_millisecond())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millisecond_timestamps_round_trip() {
        let t = now();
        assert_eq!(from_millis(t.as_millisecond()), t);
    }
}
