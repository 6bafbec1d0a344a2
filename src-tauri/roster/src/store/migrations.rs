//! The schema, one idea per migration file. Never edit a released migration: add a new one.
//! `PRAGMA user_version` holds how many have run (rusqlite_migration's bookkeeping).

use std::sync::LazyLock;

use rusqlite_migration::{Migrations, M};

/// Marks a file as Rollbook's (`PRAGMA application_id`, the bytes "RBK1" read as a big-endian
/// i32). Set by the first migration, checked before anything else is done to a file.
pub const APPLICATION_ID: i32 = 0x5242_4B31;

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(vec![
        M::up(include_str!("migrations/01-rosters-and-characters.sql")),
        M::up(include_str!("migrations/02-roll-log.sql")),
        M::up(include_str!("migrations/03-settings.sql")),
        M::up(include_str!("migrations/04-encounters.sql")),
        M::up(include_str!("migrations/05-typed-table-events.sql")),
        M::up_with_hook(
            include_str!("migrations/06-small-table-history.sql"),
            super::table_history::migrate_whole_states,
        ),
        M::up(include_str!(
            "migrations/07-secret-rolls-and-table-origin.sql"
        )),
        M::up_with_hook(
            include_str!("migrations/08-packed-table-events.sql"),
            super::table_events::migrate_to_packed,
        ),
        M::up(include_str!("migrations/09-encounter-plans.sql")),
        M::up(include_str!("migrations/10-saved-rolls.sql")),
    ])
});

pub(crate) fn migrations() -> &'static Migrations<'static> {
    &MIGRATIONS
}

/// The schema version this build writes (the number of migrations).
pub const SCHEMA_VERSION: i64 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_counted() {
        migrations().validate().unwrap();
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        migrations().to_latest(&mut conn).unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .unwrap();
        assert_eq!(app, APPLICATION_ID);
    }
}
