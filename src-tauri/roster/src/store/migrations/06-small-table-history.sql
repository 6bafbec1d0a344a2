-- The table's history keeps patches instead of two whole states per action (store/
-- table_history.rs): `parent`, the action it was played on (NULL: the encounter's first state);
-- `back`, the JSON Patch from the state after it to the state before it, zlib-compressed; `forth`, once undone, the
-- patch from before to after; `state_version`, the version of the stored states its patches
-- were taken between (encounter_state.rs). The migration's hook fills them from `before` and `after` and then
-- drops those two columns.
ALTER TABLE table_actions ADD COLUMN parent INTEGER;
ALTER TABLE table_actions ADD COLUMN back BLOB;
ALTER TABLE table_actions ADD COLUMN forth BLOB;
ALTER TABLE table_actions ADD COLUMN state_version INTEGER NOT NULL DEFAULT 0;
