-- Fights prepared ahead (issue 27): an encounter's participants saved as a plan, started as a new
-- encounter any number of times. A plan names its roster's characters by id; a copy is started
-- from its character's sheet as it is then, a quick NPC from the numbers kept in the plan.
CREATE TABLE encounter_plans (
    id         TEXT PRIMARY KEY NOT NULL,
    roster_id  TEXT NOT NULL REFERENCES rosters (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    plan       TEXT NOT NULL,           -- JSON of PlanContents: notes, participants in order
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER                  -- set once deleted (restored by undo)
) STRICT;

CREATE INDEX encounter_plans_by_roster ON encounter_plans (roster_id, created_at);
