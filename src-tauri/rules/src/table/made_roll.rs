//! A roll the table made, as it was made: the roster logs exactly this, never a second roll of
//! the same request.

use crate::{RollRequest, RollResult};

/// The engine request a table step rolled and the answer it got.
#[derive(Debug, Clone, PartialEq)]
pub struct MadeRoll {
    pub request: RollRequest,
    pub result: RollResult,
}
