-- What a table action did, as typed events: JSON of [{"text": …, "ruling": id or null}], so a
-- ruling is known by its id rather than by words in `summary`. NULL for the actions logged
-- before this column: their events are read back from `summary`, one line each, no ruling id.
ALTER TABLE table_actions ADD COLUMN events TEXT;
