//! One layout per rules system (each in `systems/<name>/print.rs`): the boxes at the top of the
//! first page (values that change in play, to write in by hand), the sections that grow with the
//! character, and the reference tables a player needs at the table (RULES.md).

mod chosen;
mod page;

pub(crate) use chosen::{build, layout, system_name, template_id};
pub(crate) use page::{signed, ticks, track, Layout, SystemPage, BLANK_ROWS, NOTE_LINES};
