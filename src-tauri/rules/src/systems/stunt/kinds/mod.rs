//! The Uniform Stunt Chart kinds (RULES.md section 1), one file each: a check (2d6 multiplied
//! against a chart target), the Doubles Only and Double Six Only rolls, damage; `throw` holds
//! how a throw of 2d6 reads.

mod check;
mod damage;
mod double_six;
mod doubles;
mod throw;

pub use check::*;
pub use damage::*;
pub use double_six::*;
pub use doubles::*;
