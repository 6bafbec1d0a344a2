//! The bound on the work of one expression's odds, read by the check (which refuses past it)
//! and by the multisets (which give up building past what is left of it).

/// The most steps the odds of one expression may take: well within a second on the slowest
/// machine we test on (the bench prints the slowest expression under it).
pub(crate) const MAX_WORK: f64 = 100_000_000.0;
