-- The GM's own rolls kept with a roster (issue 29; FORMAT.md, "Saved rolls"): dice notation
-- (DICE.md) with the values of its @names and its target, in the GM's order. A name is unique
-- within its roster ignoring case: name_key is the trimmed name lower-cased (by Rust, whose
-- lower-casing is Unicode's). They go with their roster: into the trash and out of it, and
-- deleted with it for good.
CREATE TABLE saved_rolls (
    id          TEXT PRIMARY KEY NOT NULL,
    roster_id   TEXT NOT NULL REFERENCES rosters (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    expr        TEXT NOT NULL,
    expr_values TEXT NOT NULL DEFAULT '{}',  -- JSON object: @name -> integer
    target      INTEGER NOT NULL,
    notes       TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (roster_id, name_key)
) STRICT;

CREATE INDEX saved_rolls_by_roster ON saved_rolls (roster_id, position);
