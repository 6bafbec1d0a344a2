-- The roll log: every roll made, with what reproduces it. Names are copied so that an entry
-- still reads after its roster or character is purged (the ids then become NULL).
CREATE TABLE roll_log (
    id             INTEGER PRIMARY KEY,
    at             INTEGER NOT NULL,        -- Unix milliseconds
    roster_id      TEXT REFERENCES rosters (id) ON DELETE SET NULL,
    character_id   TEXT REFERENCES characters (id) ON DELETE SET NULL,
    roster_name    TEXT,
    character_name TEXT,
    system         TEXT NOT NULL,
    roll           TEXT NOT NULL,
    outcome        TEXT NOT NULL,
    success        INTEGER NOT NULL,
    seed           TEXT NOT NULL,           -- u64 as text: SQLite integers are signed
    request        TEXT NOT NULL,           -- the contract JSON of the request
    result         TEXT NOT NULL            -- the RollResult JSON (dice, outcome, seed, detail)
) STRICT;

CREATE INDEX roll_log_by_time ON roll_log (at);
CREATE INDEX roll_log_by_roster ON roll_log (roster_id, at);
CREATE INDEX roll_log_by_character ON roll_log (character_id, at);
