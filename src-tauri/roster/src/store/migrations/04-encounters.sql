-- Encounters at the table and the log of every table action. An encounter's whole state (name,
-- round, participants in turn order, whose turn, the per-system state) is one JSON value, saved
-- before and after each action so the last action can be undone exactly.
CREATE TABLE encounters (
    id         TEXT PRIMARY KEY NOT NULL,
    roster_id  TEXT NOT NULL REFERENCES rosters (id) ON DELETE CASCADE,
    state      TEXT NOT NULL,           -- JSON of EncounterState
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER                  -- set while in the trash
) STRICT;

CREATE INDEX encounters_by_roster ON encounters (roster_id, created_at);

-- Append-only: an undo marks its action undone and puts the encounter back to `before`.
CREATE TABLE table_actions (
    id           INTEGER PRIMARY KEY,
    encounter_id TEXT NOT NULL REFERENCES encounters (id) ON DELETE CASCADE,
    at           INTEGER NOT NULL,      -- Unix milliseconds
    action       TEXT NOT NULL,         -- JSON of TableAction
    summary      TEXT NOT NULL,         -- what happened, in words
    before       TEXT NOT NULL,         -- JSON of EncounterState
    after        TEXT NOT NULL,
    undone_at    INTEGER
) STRICT;

CREATE INDEX table_actions_by_encounter ON table_actions (encounter_id, id);
