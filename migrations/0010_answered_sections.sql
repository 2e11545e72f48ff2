-- Nullable and without a default: adding it rewrites no row, old rows read as "not recorded", and
-- an instance still running the previous release writes messages as before.
ALTER TABLE "messages" ADD COLUMN "answered_sections" text[];
