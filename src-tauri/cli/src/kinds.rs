//! `rollbook kinds`: the catalog the desktop forms are built from.

use super::{output, Failure};

pub const EXAMPLES: &str = "\
Examples:
  rollbook kinds
  rollbook kinds | jq '.systems[].kinds[].id'";

pub fn run() -> Result<(), Failure> {
    output::print(vec![rollbook_rules::catalog()], false)
}
