//! The 64 Bit Heroes Marks kinds (RULES.md section 4), one file each: a pool, an extended
//! roll, a contest; `side` holds the pool fields and checks they share.
//!
//! The odds count faces by class (roll-again, plain Mark, blank, 1) with multinomial weights
//! (`pool_dice`): a 60-die pool is about 40,000 class counts, not 6^60 faces.

mod contested;
mod extended;
mod pool;
mod side;

pub use contested::*;
pub use extended::*;
pub use pool::*;
