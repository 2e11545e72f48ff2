ALTER TABLE "conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
-- The counters are kept by the statement that writes messages, whoever writes them: one UPDATE
-- per statement (not per row), in the same transaction.
CREATE FUNCTION "conversations_count_added_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversations" AS c
  SET "message_count" = c."message_count" + added.n,
      "last_message_at" = greatest(c."last_message_at", added.newest)
  FROM (SELECT "conversation_id", count(*) AS n, max("timestamp") AS newest
        FROM added_messages GROUP BY "conversation_id") AS added
  WHERE c."id" = added."conversation_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A conversation deleted with its messages (erasure, retention) is gone before this runs, so its
-- row is simply not found.
CREATE FUNCTION "conversations_count_removed_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversations" AS c
  SET "message_count" = greatest(c."message_count" - removed.n, 0),
      "last_message_at" = (SELECT max(m."timestamp") FROM "messages" AS m WHERE m."conversation_id" = c."id")
  FROM (SELECT "conversation_id", count(*) AS n FROM removed_messages GROUP BY "conversation_id") AS removed
  WHERE c."id" = removed."conversation_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Messages are not moved or re-timed today; if one ever is, both conversations are recounted.
CREATE FUNCTION "conversations_recount_moved_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversations" AS c
  SET "message_count" = (SELECT count(*) FROM "messages" AS m WHERE m."conversation_id" = c."id"),
      "last_message_at" = (SELECT max(m."timestamp") FROM "messages" AS m WHERE m."conversation_id" = c."id")
  WHERE c."id" IN (OLD."conversation_id", NEW."conversation_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_count_added" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS added_messages
  FOR EACH STATEMENT EXECUTE FUNCTION "conversations_count_added_messages"();--> statement-breakpoint
CREATE TRIGGER "messages_count_removed" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS removed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION "conversations_count_removed_messages"();--> statement-breakpoint
CREATE TRIGGER "messages_recount_moved" AFTER UPDATE OF "conversation_id", "timestamp" ON "messages"
  FOR EACH ROW WHEN (OLD."conversation_id" IS DISTINCT FROM NEW."conversation_id" OR OLD."timestamp" IS DISTINCT FROM NEW."timestamp")
  EXECUTE FUNCTION "conversations_recount_moved_message"();--> statement-breakpoint
-- The backfill comes after the triggers: creating them locks messages against writes, so no
-- message lands between the two.
UPDATE "conversations" AS c
SET "message_count" = counted.n, "last_message_at" = counted.newest
FROM (SELECT "conversation_id", count(*) AS n, max("timestamp") AS newest FROM "messages" GROUP BY "conversation_id") AS counted
WHERE c."id" = counted."conversation_id";--> statement-breakpoint
CREATE INDEX "contact_requests_created_at_idx" ON "contact_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_requests_open_calls_idx" ON "contact_requests" USING btree ("scheduled_at") WHERE "contact_requests"."cancelled_at" is null and "contact_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "contact_requests_conversation_idx" ON "contact_requests" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "conversations_listed_idx" ON "conversations" USING btree ("created_at","id") WHERE "conversations"."message_count" > 0;--> statement-breakpoint
-- Trigram indexes for the owner's search, where pg_trgm can be installed (PostgreSQL's contrib, or
-- PGlite with the extension loaded); elsewhere the search works unindexed.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: the owner''s search runs without its indexes';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "conversations_visitor_name_trgm_idx" ON "conversations" USING gin ("visitor_name" gin_trgm_ops);
    CREATE INDEX "conversations_visitor_email_trgm_idx" ON "conversations" USING gin ("visitor_email" gin_trgm_ops);
    CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops);
  END IF;
END $$;
