//! Where each named outcome of a roll is written, and the values of its band: what the advice
//! on a roll's outcomes reads (their ranking, [`super::ranked::advise_unranked`]; the values
//! no band holds, in [`super::reading`]).

use std::ops::Range;

/// Where an outcome is written, and the values of its band when it has one: what the advice
/// on its ranking and on the values no band holds reads.
pub(crate) struct Written {
    pub name: Range<usize>,
    /// `None` for an outcome by condition or "otherwise".
    pub band: Option<(i64, i64)>,
}
