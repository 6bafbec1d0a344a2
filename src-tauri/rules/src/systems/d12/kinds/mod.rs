//! The d12 Ranks kinds (RULES.md section 5), one file each: a straight roll, an opposed roll,
//! a damage roll; `table`, `dice` and `fields` hold what they share.

mod damage;
mod dice;
mod fields;
mod opposed;
mod straight;
mod table;

pub use damage::*;
pub use opposed::*;
pub use straight::*;
pub use table::{damage_dice_for, DamageRow, DAMAGE_TABLE, LIMBS};
