//! A file roll kind's exact odds and seeded rolls.
