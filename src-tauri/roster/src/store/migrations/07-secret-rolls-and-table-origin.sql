-- The players' view (issue 14, docs/players-view.md): a roll may be secret (the GM's only: it
-- never reaches the players), and a roll made at the table says which table action made it and
-- which participant rolled, so an encounter's rolls are found and an undone action's left out.
-- Rolls logged before this step are public and carry no table action.
ALTER TABLE roll_log ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;
ALTER TABLE roll_log ADD COLUMN table_action INTEGER
    REFERENCES table_actions (id) ON DELETE SET NULL;
ALTER TABLE roll_log ADD COLUMN participant_id TEXT;
CREATE INDEX roll_log_by_table_action ON roll_log (table_action);
