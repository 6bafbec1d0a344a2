-- A table action's events are kept once, and packed (store/table_events.rs): `packed_events`,
-- the JSON of its events ([{"text": …, "ruling": id or null}]) zlib-compressed like the
-- history's patches. The plain-text `summary` (the same lines again) and the unpacked `events`
-- go: a universe round of 20 said its lines three times over, some 3.7 KiB of the 5 KiB its
-- action kept. The migration's hook packs every action's events (from `summary`'s lines for
-- the actions logged before events were typed, schema 4) and then drops those two columns.
ALTER TABLE table_actions ADD COLUMN packed_events BLOB;
