//! What a roll at the table of a file system asks (`FileMove::Roll`), as the moves and the
//! rolls read it.

use serde_json::{Map, Value};
use uuid::Uuid;

/// What a roll at the table asks: who rolls which kind, the rating of a ratings list that
/// fills the kind's field from it, the fields the GM gives, and the participant rolled against.
pub(super) struct RollAsk<'a> {
    pub participant_id: Uuid,
    pub roll: &'a str,
    pub rating: Option<&'a str>,
    pub fields: &'a Map<String, Value>,
    pub against: Option<Uuid>,
}
