//! What the table panel of a file system reads from the catalog beside the roll kinds' forms:
//! the roll the file rolls for turn order (`files[].table`), and for each field of a roll kind
//! what fills it at the table (`files[].kinds[].fields[].source`): the roller's sheet, the sheet
//! of the participant rolled against, or neither (the GM types it).

use serde::Serialize;

use super::model::{RollField, TableDecl};

/// What a file system's table does that its panel offers (the five's panels are written each
/// for its own system).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileTableSpec {
    /// The id of the roll kind the `initiative` move rolls for every participant
    /// (`[table] initiative`); null: the file declares none and the GM orders the turn.
    pub initiative: Option<String>,
}

impl FileTableSpec {
    pub(super) fn of(table: &TableDecl) -> Self {
        FileTableSpec {
            initiative: table.initiative.clone(),
        }
    }
}

/// What fills a roll field of a file system at the table (the `roll` move): `from_sheet`, the
/// sheet part or derived value of the roller's sheet (a ratings list: the rating the GM picks);
/// `from_opponent`, the same of the participant rolled against, which wins over `from_sheet`
/// when the roll is made against someone. Both null: the GM gives it (a DC, a mode).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldSource {
    pub from_sheet: Option<String>,
    pub from_opponent: Option<String>,
}

impl FieldSource {
    pub(super) fn of(field: &RollField) -> Self {
        FieldSource {
            from_sheet: field.from_sheet.clone(),
            from_opponent: field.from_opponent.clone(),
        }
    }
}
