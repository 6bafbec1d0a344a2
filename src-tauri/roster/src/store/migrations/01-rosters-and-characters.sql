-- Rosters and their characters. Times are Unix milliseconds; ids are UUID text.
-- The application id marks the file as Rollbook's: a file without it is never migrated.
PRAGMA application_id = 1380076337; -- 0x52424B31, "RBK1"

CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) STRICT;

CREATE TABLE rosters (
    id           TEXT PRIMARY KEY NOT NULL,
    name         TEXT NOT NULL,
    system       TEXT NOT NULL CHECK (system IN ('stunt', 'genre', 'universe', 'marks', 'd12')),
    notes        TEXT NOT NULL DEFAULT '',
    house_rules  TEXT NOT NULL,             -- JSON of rollbook_rules::HouseRules
    position     INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    deleted_at   INTEGER,                   -- set while in the trash
    delete_batch INTEGER                    -- one number per deletion, for undo
) STRICT;

CREATE TABLE characters (
    id           TEXT PRIMARY KEY NOT NULL,
    roster_id    TEXT NOT NULL REFERENCES rosters (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    player       TEXT NOT NULL DEFAULT '',
    kind         TEXT NOT NULL CHECK (kind IN ('pc', 'npc')),
    tags         TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
    notes        TEXT NOT NULL DEFAULT '',
    sheet        TEXT NOT NULL,              -- JSON of the typed sheet
    position     INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    deleted_at   INTEGER,
    delete_batch INTEGER,
    search_text  TEXT NOT NULL               -- lower-cased name, player and tags
) STRICT;

CREATE INDEX characters_by_roster ON characters (roster_id, position);
CREATE INDEX characters_in_trash ON characters (delete_batch) WHERE delete_batch IS NOT NULL;
CREATE INDEX rosters_in_trash ON rosters (delete_batch) WHERE delete_batch IS NOT NULL;
