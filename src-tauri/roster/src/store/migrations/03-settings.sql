-- The window's preferences (the last open roster, the last view): one JSON value per key, so a
-- new preference needs no new migration.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL              -- JSON
) STRICT;
