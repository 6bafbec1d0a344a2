//! Systems from files (issue 31): a game described in one TOML file (`docs/system-files.md`),
//! read and checked into a [`SystemFile`], its rolls worked out exactly.
//!
//! - [`model`]: what a checked file declares (the sheet, the derived values, the roll kinds and
//!   how each reads, the rulings, the house-rule numbers): the one shape both halves share;
//! - `format`: the TOML read into the model, every problem with its line and column;
//! - `odds`: a roll kind's exact odds and seeded rolls, from its expressions;
//! - [`known`]: every system from a file this process knows, shipped or added by the GM.

pub mod format;
mod kept;
pub mod known;
pub mod lists;
mod memo;
pub mod model;
pub mod odds;
mod request;
pub mod sheet_spec;
mod sheet_values;
pub mod shipped;
mod spec;
pub mod spelled;
pub mod table_spec;

#[cfg(test)]
mod fuzz_findings_tests;

pub use format::{read, read_advised, FileProblem};
pub use memo::forget_worked_out;
pub use model::*;
pub use request::FileRequest;
pub use sheet_spec::{SheetPartKind, SheetPartSpec};
pub use sheet_values::SheetValues;
pub use table_spec::{FieldSource, FileTableSpec};
