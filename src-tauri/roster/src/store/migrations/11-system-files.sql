-- Systems from files (issue 31; FORMAT.md, "Systems from files"): the GM's own system files,
-- each version kept whole (a roster keeps the version it was made with until the GM upgrades
-- it), and rosters free to name one. `source` is the file's text as added: what a roster file
-- carries and what is read again when Rollbook starts.
CREATE TABLE system_files (
    id         TEXT NOT NULL,
    version    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    source     TEXT NOT NULL,
    added_at   INTEGER NOT NULL,
    PRIMARY KEY (id, version)
) STRICT;

-- The rosters' CHECK named the five systems; a roster may now name a system file (by its id,
-- with the version it uses in system_version; NULL for the five). SQLite cannot drop a CHECK,
-- so the table is made again ("Making Other Kinds Of Table Schema Changes", with foreign keys
-- off for the migration: dropping the old table must not cascade to its characters).
CREATE TABLE rosters_new (
    id             TEXT PRIMARY KEY NOT NULL,
    name           TEXT NOT NULL,
    system         TEXT NOT NULL,
    system_version INTEGER,
    notes          TEXT NOT NULL DEFAULT '',
    house_rules    TEXT NOT NULL,
    position       INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    deleted_at     INTEGER,
    delete_batch   INTEGER,
    FOREIGN KEY (system, system_version) REFERENCES system_files (id, version)
) STRICT;

INSERT INTO rosters_new (id, name, system, system_version, notes, house_rules, position,
                         created_at, updated_at, deleted_at, delete_batch)
    SELECT id, name, system, NULL, notes, house_rules, position,
           created_at, updated_at, deleted_at, delete_batch
    FROM rosters;

DROP TABLE rosters;
ALTER TABLE rosters_new RENAME TO rosters;
CREATE INDEX rosters_in_trash ON rosters (delete_batch) WHERE delete_batch IS NOT NULL;
CREATE INDEX rosters_by_system_file ON rosters (system, system_version)
    WHERE system_version IS NOT NULL;
