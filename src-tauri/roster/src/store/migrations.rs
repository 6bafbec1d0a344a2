//! The schema, one idea per migration file. Never edit a released migration: add a new one.
//! `PRAGMA user_version` holds how many have run (rusqlite_migration's bookkeeping).

use std::sync::LazyLock;

use rusqlite::Connection;
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
        // Rebuilds `rosters` (see the file): run with foreign keys off, checked before commit.
        M::up(include_str!("migrations/11-system-files.sql")).foreign_key_check(),
    ])
});

pub(crate) fn migrations() -> &'static Migrations<'static> {
    &MIGRATIONS
}

/// Runs every pending migration, each in its transaction, with foreign keys off meanwhile: a
/// migration that makes a table again (SQLite's way to drop a constraint) must not cascade a
/// drop of the old table to its children. Each such migration checks the keys before it
/// commits (`foreign_key_check`); they are on again whatever the outcome.
pub(crate) fn to_latest(conn: &mut Connection) -> Result<(), rusqlite_migration::Error> {
    conn.pragma_update(None, "foreign_keys", false)?;
    let result = migrations().to_latest(conn);
    let back_on = conn.pragma_update(None, "foreign_keys", true);
    result.and(back_on.map_err(Into::into))
}

/// The schema version this build writes (the number of migrations).
pub const SCHEMA_VERSION: i64 = 11;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_counted() {
        migrations().validate().unwrap();
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
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
