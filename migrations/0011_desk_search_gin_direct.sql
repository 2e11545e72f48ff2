-- The trigram indexes on a visitor's name and e-mail hold only chats that have one, and take each
-- new entry into the index itself, not into GIN's pending list. Every message updates its
-- conversation's counters (migration 0009), an update that touches an indexed column, so each
-- message added an entry (a null for most chats) to both indexes; in the pending list these stayed
-- until a vacuum (the embedded database runs none) or until the list reached 4 MB, and meanwhile
-- the planner priced the indexes above a scan of every conversation, which search then read
-- (issue 26). A search for a name or an e-mail implies it is not null, so the partial indexes
-- serve it. Rebuilt, they start with no pending list.
DO $$
DECLARE
  column_name text;
BEGIN
  FOREACH column_name IN ARRAY ARRAY['visitor_name', 'visitor_email'] LOOP
    IF to_regclass(format('conversations_%s_trgm_idx', column_name)) IS NOT NULL THEN
      EXECUTE format('DROP INDEX %I', format('conversations_%s_trgm_idx', column_name));
      EXECUTE format(
        'CREATE INDEX %I ON "conversations" USING gin (%I gin_trgm_ops) WITH (fastupdate = off) WHERE %I IS NOT NULL',
        format('conversations_%s_trgm_idx', column_name), column_name, column_name);
    END IF;
  END LOOP;
END $$;
