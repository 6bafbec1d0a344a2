//! The odds and rolls of kinds built by hand (no TOML), against a brute-force oracle, hand-
//! worked values and seeded sampling.

mod exact_tests;
mod kinds;
mod oracle;
mod roll_tests;
mod steps_tests;
mod sums_tests;
