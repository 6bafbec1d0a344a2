//! `rollbook kinds`: the catalog the desktop forms are built from, the systems added to the
//! database (`rollbook system add`) included, as the window's catalog includes them.

use super::{output, store, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook kinds
  rollbook kinds | jq '.systems[].kinds[].id'";

pub fn run(global: &Global) -> Result<(), Failure> {
    // The database's systems made known first; without a database there are none to add.
    store::known_to(global)?;
    output::print(vec![rollbook_rules::catalog()], false)
}
